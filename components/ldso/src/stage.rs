//! Stages two and three of start-up: libc.so binds to itself, then loads, lays out and
//! relocates the program and its libraries, and jumps to the program.
use core::mem::MaybeUninit;
use core::ptr;

use limpet_syscall::auxv::{self, AT_BASE, AT_ENTRY, AT_PHDR, AT_PHNUM, AT_SECURE};
use limpet_syscall::elf::*;

use crate::diag::{Msg, errno_text};
use crate::dso::{Dso, List, new_dso};
use crate::reloc::{Scope, relocate};
use crate::search::{self, PathBuf, SearchPaths, cstr};

/// libc.so's own descriptor.
static mut LDSO: MaybeUninit<Dso> = MaybeUninit::zeroed();

/// Loader state for stage three.
struct Loader {
    list: List,
    ldso: *mut Dso,
    app: *mut Dso,
    /// `LD_LIBRARY_PATH` or `--library-path`.
    env_path: Option<&'static [u8]>,
    /// The program's directory, for `$ORIGIN`: found when a library search first needs it.
    app_origin: Option<&'static [u8]>,
    ldd: bool,
    failed: bool,
}

/// Stage two: binds libc.so's symbolic relocations to its own definitions, so that its
/// exported data and interposable functions work while the loader runs.
///
/// # Safety
/// Called once by the first stage.
#[inline(never)]
pub unsafe fn stage2(sp: *mut usize, base: usize, dynv: *const Dyn) -> ! {
    // SAFETY: the relative relocations are done; only own-module data is touched.
    unsafe {
        let ldso = (&raw mut LDSO).cast::<Dso>();
        (*ldso).tls = limpet_start::tls::TlsModule::empty();
        (*ldso).parse_dynamic(base, dynv);
        let eh = &*(base as *const Ehdr);
        (*ldso).parse_phdrs((base + eh.e_phoff) as *const Phdr, eh.e_phnum as usize);
        (*ldso).is_libc = true;
        relocate(ldso, Scope::Own, false);
        stage3(sp, ldso)
    }
}

/// Whether a `DT_NEEDED` name means the C library itself: musl's `libc.so`, and the
/// libraries whose contents musl folds into libc (`libm`, `libpthread`, ...), or the name
/// the loader was started under.
fn is_libc_name(name: &[u8], ldso_name: &[u8]) -> bool {
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

impl Loader {
    /// Prints a `--list` line.
    fn list_line(&self, name: *const u8, path: *const u8, base: usize) {
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

    /// Loads the library `name` that `req` needs, or finds it already loaded.
    ///
    /// # Safety
    /// Start-up only.
    unsafe fn load(&mut self, name: *const u8, req: *mut Dso) -> *mut Dso {
        // SAFETY: single-threaded start-up; every string is NUL-terminated and kept.
        unsafe {
            let n = cstr(name);
            if is_libc_name(n, cstr((*self.ldso).name)) {
                if !self.list.iter().any(|d| d == self.ldso) {
                    self.list.push(self.ldso);
                    if self.ldd {
                        self.list_line(name, (*self.ldso).path, (*self.ldso).base);
                    }
                }
                return self.ldso;
            }
            if let Some(d) = self.list.iter().find(|&d| cstr((*d).name) == n) {
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
            let origin = if req == self.app {
                *self.app_origin.get_or_insert_with(|| app_origin(self.app))
            } else {
                search::dirname(cstr(r.path))
            };
            let paths = SearchPaths {
                env: self.env_path,
                rpath: (rpath_off != 0).then(|| cstr(r.string(rpath_off))),
                origin,
            };
            let mut path = PathBuf::new();
            let fd = match search::find(n, &paths, &mut path) {
                Ok(fd) => fd,
                Err(e) => return self.load_error(name, req, e),
            };
            let d = new_dso();
            if d.is_null() {
                crate::map::close(fd);
                return self.load_error(name, req, limpet_syscall::errno::ENOMEM);
            }
            let mapped = crate::map::map_library(fd, &mut *d, false);
            crate::map::close(fd);
            if let Err(e) = mapped {
                return self.load_error(name, req, e);
            }
            if let Some(same) = self.list.iter().find(|&o| (*o).dev == (*d).dev && (*o).ino == (*d).ino && (*o).map != 0) {
                // The same file under another name: keep the first mapping.
                limpet_syscall::syscall2(limpet_syscall::nr::MUNMAP, (*d).map, (*d).map_len);
                return same;
            }
            (*d).name = name;
            (*d).path = crate::alloc::dup_bytes(path.bytes());
            self.list.push(d);
            if self.ldd {
                self.list_line(name, (*d).path, (*d).base);
            }
            d
        }
    }

    #[cold]
    fn load_error(&mut self, name: *const u8, req: *mut Dso, e: i32) -> *mut Dso {
        // SAFETY: the names are NUL-terminated strings the loader keeps.
        unsafe {
            Msg::new()
                .bytes(b"Error loading shared library ")
                .cstr(name)
                .bytes(b": ")
                .bytes(errno_text(e))
                .bytes(b" (needed by ")
                .cstr((*req).name)
                .bytes(b")\n")
                .write(2);
        }
        self.failed = true;
        ptr::null_mut()
    }

    /// Loads every module's dependencies, breadth first, recording each one's direct
    /// dependencies for the constructor order.
    ///
    /// # Safety
    /// Start-up only.
    unsafe fn load_deps(&mut self) {
        let mut d = self.list.head;
        while !d.is_null() {
            // SAFETY: list nodes live for ever; the deps array is sized from DT_NEEDED.
            unsafe {
                if !(*d).is_libc {
                    let count = (*d).needed().count();
                    let deps = crate::alloc::alloc(count * size_of::<*mut Dso>(), align_of::<*mut Dso>()) as *mut *mut Dso;
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
                        if !dep.is_null() && !deps.is_null() && n < count {
                            *deps.add(n) = dep;
                            n += 1;
                        }
                    }
                    (*d).deps = deps;
                    (*d).ndeps = n;
                }
                d = (*d).next;
            }
        }
        if !self.list.iter().any(|d| d == self.ldso) {
            // SAFETY: the descriptor is not in the list yet.
            unsafe { self.list.push(self.ldso) };
        }
    }
}

/// Exits with the loader's failure status after a fatal start-up error.
fn die(m: &mut Msg) -> ! {
    m.write(2);
    limpet_start::exit::_Exit(127)
}

/// Reads the loader's own options when it is run as a command; returns the index of the
/// program's path in `argv`.
///
/// # Safety
/// `argv` holds `argc` valid strings.
unsafe fn parse_options(l: &mut Loader, argc: usize, argv: *mut *mut u8) -> usize {
    let mut i = 1;
    // SAFETY: every index read is below argc.
    unsafe {
        while i < argc {
            let a = cstr(*argv.add(i));
            if a == b"--list" {
                l.ldd = true;
            } else if a == b"--library-path" && i + 1 < argc {
                i += 1;
                l.env_path = Some(cstr(*argv.add(i)));
            } else if a == b"--" {
                i += 1;
                break;
            } else {
                break;
            }
            i += 1;
        }
        if i >= argc {
            let mut m = Msg::new();
            m.bytes(b"limpet ").cstr(*argv).bytes(
                b"\nUsage: LOADER [--list] [--library-path PATH] PROGRAM [ARGS...]\n\
                  Runs PROGRAM (a dynamically linked musl program) on limpet, or with --list\n\
                  shows the libraries it loads.\n",
            );
            m.write(2);
            limpet_start::exit::_Exit(1)
        }
    }
    i
}

/// Stage three: everything from the auxiliary vector to the jump into the program.
///
/// # Safety
/// Called once by stage two.
unsafe fn stage3(sp: *mut usize, ldso: *mut Dso) -> ! {
    // SAFETY: single-threaded start-up; all pointers come from the kernel or the loader.
    unsafe {
        let argc = *sp;
        let argv = sp.add(1) as *mut *mut u8;
        let envp = argv.add(argc + 1);
        let auxvp = auxv::after_envp(envp);
        auxv::init(auxvp);
        // errno lives behind the thread pointer; give it a home before anything can fail.
        let _ = limpet_start::tls::init_early();
        limpet_start::env::init(envp.cast(), (*argv).cast());

        let secure = auxv::get(AT_SECURE).unwrap_or(0) != 0;
        let env_path = if secure { ptr::null() } else { limpet_start::env::getenv(c"LD_LIBRARY_PATH".as_ptr()) };
        let mut l = Loader {
            list: List::new(),
            ldso,
            app: new_dso(),
            env_path: (!env_path.is_null()).then(|| cstr(env_path.cast())),
            app_origin: None,
            ldd: false,
            failed: false,
        };
        let app = l.app;
        if app.is_null() {
            die(Msg::new().bytes(b"limpet: out of memory\n"));
        }
        let mut sp = sp;
        let entry;
        if auxv::get(AT_BASE).unwrap_or(0) == 0 {
            // Run as a command: `libc.so [options] PROGRAM ARGS...`.
            (*ldso).name = *argv;
            (*ldso).path = *argv;
            let i = parse_options(&mut l, argc, argv);
            let path = *argv.add(i);
            let fd = match search::open_path(core::slice::from_raw_parts(path, cstr(path).len() + 1)) {
                Ok(fd) => fd,
                Err(e) => die(Msg::new().cstr(*argv).bytes(b": cannot load ").cstr(path).bytes(b": ").bytes(errno_text(e)).bytes(b"\n")),
            };
            let mapped = crate::map::map_library(fd, &mut *app, true);
            crate::map::close(fd);
            entry = match mapped {
                Ok(e) => e,
                Err(_) => die(Msg::new().cstr(*argv).bytes(b": ").cstr(path).bytes(b": Not a valid dynamic program\n")),
            };
            (*app).name = path;
            (*app).path = path;
            // The program sees its own headers and entry in the auxiliary vector.
            let mut a = auxvp;
            while *a != auxv::AT_NULL {
                match *a {
                    AT_PHDR => *a.add(1) = (*app).phdr as usize,
                    AT_PHNUM => *a.add(1) = (*app).phnum,
                    AT_ENTRY => *a.add(1) = entry,
                    _ => {}
                }
                a = a.add(2);
            }
            // Drop the loader's own arguments: the program's argc goes just below its argv.
            *argv.add(i - 1) = (argc - i) as *mut u8;
            sp = argv.add(i - 1) as *mut usize;
            limpet_start::env::init(envp.cast(), path.cast());
        } else {
            let phdr = auxv::get(AT_PHDR).unwrap_or(0) as *const Phdr;
            let phnum = auxv::get(AT_PHNUM).unwrap_or(0);
            let phdrs = core::slice::from_raw_parts(phdr, phnum);
            let bias = phdrs.iter().find(|p| p.p_type == PT_PHDR).map_or(0, |p| phdr as usize - p.p_vaddr);
            (*app).base = bias;
            if let Some(p) = phdrs.iter().find(|p| p.p_type == PT_DYNAMIC) {
                (*app).parse_dynamic(bias, (bias + p.p_vaddr) as *const Dyn);
            }
            (*app).parse_phdrs(phdr, phnum);
            (*ldso).name = match phdrs.iter().find(|p| p.p_type == PT_INTERP) {
                Some(p) => (bias + p.p_vaddr) as *const u8,
                None => c"libc.so".as_ptr().cast(),
            };
            (*ldso).path = (*ldso).name;
            (*app).name = *argv;
            (*app).path = *argv;
            entry = auxv::get(AT_ENTRY).unwrap_or(0);
        }
        if (*app).dynv.is_null() {
            die(Msg::new().cstr((*app).name).bytes(b": Not a valid dynamic program\n"));
        }
        if l.ldd {
            l.list_line((*ldso).name, ptr::null(), (*ldso).base);
        }
        l.list.push(app);
        l.load_deps();

        for d in l.list.iter() {
            if (*d).has_tls {
                limpet_start::tls::add_module(&raw mut (*d).tls);
            }
        }
        // Dependencies before their users, so a copy relocation in the program copies data
        // its library has already relocated; the program last.
        let n = l.list.iter().count();
        let order = crate::alloc::alloc(n * size_of::<*mut Dso>(), align_of::<*mut Dso>()) as *mut *mut Dso;
        if order.is_null() {
            die(Msg::new().bytes(b"limpet: out of memory\n"));
        }
        for (i, d) in l.list.iter().enumerate() {
            *order.add(i) = d;
        }
        let scope = Scope::Global { head: l.list.head, app };
        for i in (0..n).rev() {
            let d = *order.add(i);
            if d == app {
                continue;
            }
            l.failed |= !relocate(d, scope, !(*d).is_libc);
            crate::map::protect_relro(&*d);
        }
        l.failed |= !relocate(app, scope, true);
        crate::map::protect_relro(&*app);

        // Only now are the TLS images relocated, so only now can they be copied.
        let canary = limpet_start::libc_start::canary_from_auxv();
        if let Err(e) = limpet_start::tls::init_main_thread(canary) {
            die(Msg::new().bytes(b"limpet: cannot set up thread-local storage: ").bytes(errno_text(e)).bytes(b"\n"));
        }
        limpet_start::abort::__stack_chk_guard = canary;

        if l.failed {
            limpet_start::exit::_Exit(127);
        }
        if l.ldd {
            limpet_start::exit::_Exit(0);
        }
        crate::init::install(app);
        crate::dlstart::enter(sp, entry)
    }
}

/// The program's directory, for `$ORIGIN`: from its path, or from `/proc/self/exe` when it
/// was started by a bare name.
///
/// Out of line, with its path buffer, so that start-ups that never search for a library do
/// not have the buffer in their stack frame.
///
/// # Safety
/// Start-up only.
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
            -100isize as usize,
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
