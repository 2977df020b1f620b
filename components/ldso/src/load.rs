//! Finding and mapping libraries, for start-up and for `dlopen`: a `DT_NEEDED` name or a
//! path becomes a mapped module at the end of the list, or the module already loaded under
//! that name, path, soname, or file identity.
use core::ptr;

use limpet_syscall::elf::*;
use limpet_syscall::errno::ENOMEM;

use crate::diag::{Msg, errno_text};
use crate::dso::{Dso, new_dso, new_heap_dso};
use crate::search::{self, PathBuf, SearchPaths, cstr};
use crate::state::State;

/// Whether a `DT_NEEDED` name means the C library itself: musl's `libc.so`, and the
/// libraries whose contents musl folds into libc (`libm`, `libpthread`, ...), or the name
/// the loader was started under.
pub fn is_libc_name(name: &[u8], ldso_name: &[u8]) -> bool {
    const FOLDED: [&[u8]; 7] = [b"c", b"pthread", b"rt", b"m", b"dl", b"util", b"xnet"];
    if let Some(rest) = name.strip_prefix(b"lib") {
        for f in FOLDED {
            if rest.starts_with(f) && rest.get(f.len()) == Some(&b'.') {
                return true;
            }
        }
    }
    let ldso_base = ldso_name.rsplit(|&c| c == b'/').next().unwrap_or(ldso_name);
    !ldso_base.is_empty() && name == ldso_base
}

/// Who is loading: start-up reports every failure on stderr and goes on (so one run names
/// every missing library); `dlopen` stops at the first and keeps its message.
pub enum Mode {
    Startup { ldd: bool },
    Dlopen,
}

pub struct Loader<'a> {
    pub st: &'a mut State,
    pub mode: Mode,
    pub failed: bool,
    /// The first failure's message, for `dlerror`.
    pub err: Msg,
    /// The name `dlopen` was called with: its failure names no requester.
    pub top: *const u8,
}

impl<'a> Loader<'a> {
    pub fn new(st: &'a mut State, mode: Mode) -> Self {
        Loader { st, mode, failed: false, err: Msg::new(), top: ptr::null() }
    }

    /// Prints a `--list` line.
    pub fn list_line(&self, name: *const u8, path: *const u8, base: usize) {
        let mut m = Msg::new();
        // SAFETY: both are NUL-terminated strings the loader keeps.
        unsafe {
            m.bytes(b"\t").cstr(name);
            if !path.is_null() {
                m.bytes(b" => ").cstr(path);
            }
        }
        m.bytes(b" (").hex(base).bytes(b")\n").write(1);
    }

    fn ldd(&self) -> bool {
        matches!(self.mode, Mode::Startup { ldd: true })
    }

    /// Loads the library `name` that `req` needs, or finds it already loaded. Null on
    /// failure, which is reported as the mode says.
    ///
    /// # Safety
    /// Start-up, or under the dynamic linker's lock; `name` is NUL-terminated.
    pub unsafe fn load(&mut self, name: *const u8, req: *mut Dso) -> *mut Dso {
        // SAFETY: every string is NUL-terminated and kept; modules are live.
        unsafe {
            let n = cstr(name);
            let ldso = self.st.ldso;
            if is_libc_name(n, cstr((*ldso).name)) {
                if !self.st.list.contains(ldso) {
                    self.st.list.push(ldso);
                    if self.ldd() {
                        self.list_line(name, (*ldso).path, (*ldso).base);
                    }
                }
                return ldso;
            }
            if let Some(d) = self.st.by_name(n) {
                return d;
            }
            self.search_and_map(name, req)
        }
    }

    /// The rest of [`Loader::load`]: finds the library on the search path and maps it.
    /// Out of line with its path buffer, so that a start-up whose only library is libc.so
    /// never enters (and stack-probes) the buffer's 4 KiB frame.
    ///
    /// # Safety
    /// As for [`Loader::load`].
    #[inline(never)]
    unsafe fn search_and_map(&mut self, name: *const u8, req: *mut Dso) -> *mut Dso {
        // SAFETY: as in load.
        unsafe {
            let n = cstr(name);
            let r = &*req;
            let rpath_off = if r.dynval(DT_RUNPATH) != 0 { r.dynval(DT_RUNPATH) } else { r.dynval(DT_RPATH) };
            let origin = if req == self.st.app {
                let app = self.st.app;
                *self.st.app_origin.get_or_insert_with(|| app_origin(app))
            } else {
                search::dirname(cstr(r.path))
            };
            let ldso = self.st.ldso;
            let system = *self.st.sys_path.get_or_insert_with(|| {
                let mut file = PathBuf::new();
                let found = search::path_file(cstr((*ldso).path), &mut file)
                    .then(|| search::read_path_file(file.with_nul(), |s| crate::alloc::dup_bytes(s)))
                    .flatten();
                found.unwrap_or(search::DEFAULT_PATH)
            });
            let paths = SearchPaths {
                env: self.st.env_path,
                rpath: (rpath_off != 0).then(|| cstr(r.string(rpath_off))),
                origin,
                system,
            };
            let mut path = PathBuf::new();
            let fd = match search::find(n, &paths, &mut path) {
                Ok(fd) => fd,
                Err(e) => return self.load_error(name, req, e),
            };
            let st = match crate::map::stat(fd) {
                Ok(st) => st,
                Err(e) => {
                    crate::map::close(fd);
                    return self.load_error(name, req, e);
                }
            };
            if let Some(same) = self.st.by_file(st.st_dev, st.st_ino) {
                // The same file under another name: it is loaded already.
                crate::map::close(fd);
                return same;
            }
            let on_heap = matches!(self.mode, Mode::Dlopen);
            let d = if on_heap { new_heap_dso() } else { new_dso() };
            if d.is_null() {
                crate::map::close(fd);
                return self.load_error(name, req, ENOMEM);
            }
            let mapped = crate::map::map_library_with(fd, &st, &mut *d, false);
            crate::map::close(fd);
            if let Err(e) = mapped {
                discard(d);
                return self.load_error(name, req, e);
            }
            if on_heap {
                (*d).name = crate::heap::dup(n);
                (*d).path = crate::heap::dup(path.bytes());
            } else {
                (*d).name = name;
                (*d).path = crate::alloc::dup_bytes(path.bytes());
            }
            if (*d).name.is_null() || (*d).path.is_null() {
                limpet_syscall::syscall2(limpet_syscall::nr::MUNMAP, (*d).map, (*d).map_len);
                discard(d);
                return self.load_error(name, req, ENOMEM);
            }
            self.st.list.push(d);
            if self.ldd() {
                self.list_line(name, (*d).path, (*d).base);
            }
            d
        }
    }

    #[cold]
    fn load_error(&mut self, name: *const u8, req: *mut Dso, e: i32) -> *mut Dso {
        let mut m = Msg::new();
        // SAFETY: the names are NUL-terminated strings the loader keeps.
        unsafe {
            m.bytes(b"Error loading shared library ").cstr(name).bytes(b": ").bytes(errno_text(e));
            if !req.is_null() && name != self.top {
                m.bytes(b" (needed by ").cstr((*req).name).bytes(b")");
            }
        }
        self.fail(m);
        ptr::null_mut()
    }

    /// Records a failure: printed at start-up, kept for `dlerror` (the first one) otherwise.
    #[cold]
    pub fn fail(&mut self, m: Msg) {
        match self.mode {
            Mode::Startup { .. } => {
                let mut line = m;
                line.bytes(b"\n").write(2);
            }
            Mode::Dlopen if !self.failed => self.err = m,
            Mode::Dlopen => {}
        }
        self.failed = true;
    }

    /// Loads the dependencies of every module from `from` to the end of the list, breadth
    /// first, recording each one's direct dependencies for the constructor order and for
    /// unloading. In `dlopen` mode it stops at the first failure.
    ///
    /// # Safety
    /// Start-up, or under the dynamic linker's lock; `from` is in the list.
    pub unsafe fn load_deps(&mut self, from: *mut Dso) {
        let mut d = from;
        while !d.is_null() {
            // SAFETY: list nodes are live; the deps array is sized from DT_NEEDED.
            unsafe {
                if !(*d).is_libc && (*d).deps.is_null() {
                    let count = (*d).needed().count();
                    let size = count * size_of::<*mut Dso>();
                    let deps = if (*d).life.on_heap {
                        crate::heap::alloc(size, align_of::<*mut Dso>())
                    } else {
                        crate::alloc::alloc(size, align_of::<*mut Dso>())
                    } as *mut *mut Dso;
                    (*d).deps = deps;
                    (*d).life.deps_cap = if deps.is_null() { 0 } else { count };
                    let mut n = 0;
                    // Walk the dynamic section by index: loading appends to the list, which
                    // may write this very descriptor's `next`.
                    let (dynv, strings) = ((*d).dynv, (*d).strings);
                    let mut k = 0;
                    while (*dynv.add(k)).d_tag != DT_NULL {
                        let e = *dynv.add(k);
                        k += 1;
                        if e.d_tag != DT_NEEDED {
                            continue;
                        }
                        let dep = self.load(strings.add(e.d_val), d);
                        if dep.is_null() {
                            if matches!(self.mode, Mode::Dlopen) {
                                (*d).ndeps = n;
                                return;
                            }
                        } else if !deps.is_null() && n < count {
                            *deps.add(n) = dep;
                            n += 1;
                        }
                    }
                    (*d).ndeps = n;
                }
                d = (*d).next;
            }
        }
    }
}

/// Frees a descriptor that never made it into the list.
///
/// # Safety
/// `d` is unlinked and owns nothing but itself (and heap copies of its name and path).
unsafe fn discard(d: *mut Dso) {
    // SAFETY: per the contract; start-up descriptors are bump-allocated and just dropped.
    unsafe {
        if (*d).life.on_heap {
            crate::dso::free_dso(d);
        }
    }
}

/// The program's directory, for `$ORIGIN`: from its path, or from `/proc/self/exe` when it
/// was started by a bare name.
///
/// Out of line, with its path buffer, so that start-ups that never search for a library do
/// not have the buffer in their stack frame.
///
/// # Safety
/// Start-up, or under the dynamic linker's lock.
#[inline(never)]
#[cold]
unsafe fn app_origin(app: *mut Dso) -> &'static [u8] {
    // SAFETY: the name is NUL-terminated and lives for ever.
    let name = unsafe { cstr((*app).name) };
    if name.contains(&b'/') {
        return search::dirname(name);
    }
    let mut buf = [0u8; limpet_abi::limits::PATH_MAX];
    // SAFETY: readlinkat writes at most `buf.len()` bytes into the local buffer.
    let r = unsafe {
        limpet_syscall::syscall4(
            limpet_syscall::nr::READLINKAT,
            limpet_abi::fcntl::AT_FDCWD as usize,
            c"/proc/self/exe".as_ptr() as usize,
            buf.as_mut_ptr() as usize,
            buf.len(),
        )
    };
    match limpet_syscall::result(r) {
        Ok(len) if len < buf.len() => {
            let dir = search::dirname(&buf[..len]);
            // SAFETY: loader memory lives for ever.
            let kept = unsafe { crate::alloc::dup_bytes(dir) };
            if kept.is_null() {
                b"."
            } else {
                // SAFETY: `kept` holds `dir.len()` bytes.
                unsafe { core::slice::from_raw_parts(kept, dir.len()) }
            }
        }
        _ => b".",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn libc_names() {
        for n in [&b"libc.so"[..], b"libc.so.6", b"libm.so.6", b"libpthread.so.0", b"libdl.so.2", b"ld-musl-x86_64.so.1"] {
            assert!(is_libc_name(n, b"/lib/ld-musl-x86_64.so.1"), "{}", String::from_utf8_lossy(n));
        }
        for n in [&b"libcrypto.so"[..], b"libmagic.so", b"libz.so", b"libc"] {
            assert!(!is_libc_name(n, b"/lib/ld-musl-x86_64.so.1"), "{}", String::from_utf8_lossy(n));
        }
    }
}
