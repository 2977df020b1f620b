//! Finding a library file: `LD_LIBRARY_PATH`, then the requester's `DT_RUNPATH`/`DT_RPATH`
//! (with `$ORIGIN`), then the system path: the contents of the path file when that file
//! exists (directories separated by colons or newlines), else the default directories.
//! The path file is `PREFIX/etc/ld-musl-ARCH.path`, where PREFIX is the loader's own path
//! less its last two components, as musl finds it: `/etc/...` for a loader in `/lib`, and
//! `/opt/limpet/etc/...` for one installed as `/opt/limpet/lib/ld-musl-ARCH.so.1`.
use core::ffi::CStr;

use limpet_abi::fcntl::{AT_FDCWD, O_CLOEXEC, O_RDONLY};
use limpet_abi::limits::PATH_MAX;
use limpet_syscall::errno::ENOENT;
use limpet_syscall::{nr, result, syscall4};

/// Directories searched last, as musl's loader does without a path file.
pub const DEFAULT_PATH: &[u8] = b"/lib:/usr/local/lib:/usr/lib";

/// The file that replaces [`DEFAULT_PATH`], under the loader's prefix, named as musl names
/// it for this machine.
#[cfg(target_arch = "x86_64")]
pub const PATH_FILE: &[u8] = b"/etc/ld-musl-x86_64.path";
#[cfg(target_arch = "aarch64")]
pub const PATH_FILE: &[u8] = b"/etc/ld-musl-aarch64.path";
#[cfg(target_arch = "riscv64")]
pub const PATH_FILE: &[u8] = b"/etc/ld-musl-riscv64.path";

/// The path file of a loader whose path is `ldso`: [`PATH_FILE`] under the prefix that
/// `ldso` names (everything before its second-to-last `/`) when `ldso` is absolute, else
/// under `/`. False when the name does not fit.
pub fn path_file(ldso: &[u8], out: &mut PathBuf) -> bool {
    out.clear();
    let prefix = match ldso.first() {
        Some(b'/') => {
            let dir = ldso.iter().rposition(|&c| c == b'/').map_or(&ldso[..0], |i| &ldso[..i]);
            dir.iter().rposition(|&c| c == b'/').map_or(&dir[..0], |i| &dir[..i])
        }
        _ => &ldso[..0],
    };
    out.push(prefix) && out.push(PATH_FILE)
}

/// The longest path file read; the rest is ignored.
const PATH_FILE_MAX: usize = 4096;

/// The system path from `file` (a path file), kept in `keep`-allocated memory: its
/// directories joined by colons, or `None` when it cannot be read.
pub fn read_path_file(file: &[u8], keep: impl FnOnce(&[u8]) -> *mut u8) -> Option<&'static [u8]> {
    let fd = open_path(file).ok()?;
    let mut buf = [0u8; PATH_FILE_MAX];
    let mut len = 0;
    while len < buf.len() {
        // SAFETY: the read stays inside `buf`.
        let r = unsafe { limpet_syscall::syscall3(nr::READ, fd as usize, buf.as_mut_ptr() as usize + len, buf.len() - len) };
        match result(r) {
            Ok(0) => break,
            Ok(n) => len += n,
            Err(limpet_syscall::errno::EINTR) => {}
            Err(_) => break,
        }
    }
    // SAFETY: close takes no pointers.
    unsafe { limpet_syscall::syscall1(nr::CLOSE, fd as usize) };
    let text = normalise_path_list(&mut buf[..len]);
    let kept = keep(text);
    if kept.is_null() {
        return None;
    }
    // SAFETY: `keep` copied `text.len()` bytes into memory that lives for ever.
    Some(unsafe { core::slice::from_raw_parts(kept, text.len()) })
}

/// Turns a path file's newlines into colons and drops the trailing ones.
fn normalise_path_list(text: &mut [u8]) -> &[u8] {
    for c in text.iter_mut() {
        if *c == b'\n' || *c == b'\r' {
            *c = b':';
        }
    }
    let end = text.iter().rposition(|&c| c != b':' && c != 0).map_or(0, |i| i + 1);
    &text[..end]
}

/// Opens `path` (NUL-terminated) read-only.
pub fn open_path(path: &[u8]) -> Result<i32, i32> {
    let flags = (O_RDONLY | O_CLOEXEC) as usize;
    // SAFETY: `path` ends with a NUL, as the callers build it.
    result(unsafe { syscall4(nr::OPENAT, AT_FDCWD as usize, path.as_ptr() as usize, flags, 0) }).map(|fd| fd as i32)
}

/// A path being assembled in a fixed buffer of `PATH_MAX` bytes; longer candidates are
/// skipped.
pub struct PathBuf {
    buf: [u8; PATH_MAX],
    len: usize,
}

impl PathBuf {
    pub const fn new() -> Self {
        PathBuf { buf: [0; PATH_MAX], len: 0 }
    }
    /// Appends `s`; false if it does not fit (with room for the NUL).
    pub fn push(&mut self, s: &[u8]) -> bool {
        if self.len + s.len() >= PATH_MAX {
            return false;
        }
        // `get`, not indexing (the bound above holds): the loader carries no panic locations.
        let Some(dst) = self.buf.get_mut(self.len..self.len + s.len()) else { return false };
        dst.copy_from_slice(s);
        self.len += s.len();
        if let Some(nul) = self.buf.get_mut(self.len) {
            *nul = 0;
        }
        true
    }
    /// The path without its NUL.
    pub fn bytes(&self) -> &[u8] {
        self.buf.get(..self.len).unwrap_or(&[])
    }
    /// The path with its NUL.
    pub fn with_nul(&self) -> &[u8] {
        self.buf.get(..=self.len).unwrap_or(&[0])
    }
    pub fn clear(&mut self) {
        self.len = 0;
        if let Some(first) = self.buf.first_mut() {
            *first = 0;
        }
    }
}

impl Default for PathBuf {
    fn default() -> Self {
        Self::new()
    }
}

/// The directory part of `path` (what `$ORIGIN` stands for): up to its last `/`, or `.`.
pub fn dirname(path: &[u8]) -> &[u8] {
    match path.iter().rposition(|&c| c == b'/') {
        Some(0) => b"/",
        Some(i) => &path[..i],
        None => b".",
    }
}

/// Expands `$ORIGIN` and `${ORIGIN}` in one search-path entry.
fn expand_into(out: &mut PathBuf, dir: &[u8], origin: &[u8]) -> bool {
    let mut i = 0;
    while i < dir.len() {
        let rest = &dir[i..];
        let token = if rest.starts_with(b"${ORIGIN}") {
            Some(9)
        } else if rest.starts_with(b"$ORIGIN") {
            Some(7)
        } else {
            None
        };
        match token {
            Some(n) => {
                if !out.push(origin) {
                    return false;
                }
                i += n;
            }
            None => {
                if !out.push(&dir[i..i + 1]) {
                    return false;
                }
                i += 1;
            }
        }
    }
    true
}

/// Tries `name` in each directory of the colon-separated `list`. On success `out` holds
/// the path that opened.
pub fn search_list(list: &[u8], name: &[u8], origin: &[u8], out: &mut PathBuf) -> Option<i32> {
    for dir in list.split(|&c| c == b':') {
        out.clear();
        let dir = if dir.is_empty() { &b"."[..] } else { dir };
        if !expand_into(out, dir, origin) || !out.push(b"/") || !out.push(name) {
            continue;
        }
        if let Ok(fd) = open_path(out.with_nul()) {
            return Some(fd);
        }
    }
    None
}

/// Where to look, in order.
pub struct SearchPaths<'a> {
    /// `LD_LIBRARY_PATH`, or the loader's `--library-path` argument.
    pub env: Option<&'a [u8]>,
    /// The requester's `DT_RUNPATH`, or failing that its `DT_RPATH`.
    pub rpath: Option<&'a [u8]>,
    /// The requester's directory, for `$ORIGIN`.
    pub origin: &'a [u8],
    /// The system path (the path file's, or [`DEFAULT_PATH`]).
    pub system: &'a [u8],
}

/// Opens library `name` the way the loader looks for it; `out` receives the path.
pub fn find(name: &[u8], paths: &SearchPaths, out: &mut PathBuf) -> Result<i32, i32> {
    if name.contains(&b'/') {
        out.clear();
        if !out.push(name) {
            return Err(ENOENT);
        }
        return open_path(out.with_nul());
    }
    // An empty system path (an empty path file) searches nowhere, not the current directory.
    for list in [paths.env, paths.rpath, Some(paths.system).filter(|s| !s.is_empty())].into_iter().flatten() {
        if let Some(fd) = search_list(list, name, paths.origin, out) {
            return Ok(fd);
        }
    }
    Err(ENOENT)
}

/// The bytes of a NUL-terminated string.
///
/// # Safety
/// `s` must be non-null and NUL-terminated, and outlive the result.
pub unsafe fn cstr<'a>(s: *const u8) -> &'a [u8] {
    // SAFETY: per the contract.
    unsafe { CStr::from_ptr(s.cast()).to_bytes() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_file_is_under_the_loaders_prefix() {
        let file = |ldso: &[u8]| {
            let mut out = PathBuf::new();
            assert!(path_file(ldso, &mut out));
            String::from_utf8(out.bytes().to_vec()).unwrap()
        };
        let name = core::str::from_utf8(PATH_FILE).unwrap();
        assert_eq!(file(b"/lib/ld-musl-x86_64.so.1"), name);
        assert_eq!(file(b"/opt/limpet/lib/libc.so"), format!("/opt/limpet{name}"));
        assert_eq!(file(b"/ld.so"), name);
        assert_eq!(file(b"target/dist/lib/libc.so"), name);
        assert_eq!(file(b"libc.so"), name);
        assert_eq!(file(b""), name);
        let mut out = PathBuf::new();
        let long = [b'/'; PATH_MAX];
        assert!(!path_file(&long, &mut out));
    }

    #[test]
    fn origin_expansion_and_dirname() {
        assert_eq!(dirname(b"/a/b/prog"), b"/a/b");
        assert_eq!(dirname(b"/prog"), b"/");
        assert_eq!(dirname(b"prog"), b".");
        let mut p = PathBuf::new();
        assert!(expand_into(&mut p, b"$ORIGIN/../lib:${ORIGIN}", b"/x/y"));
        assert_eq!(p.bytes(), b"/x/y/../lib:/x/y");
    }

    #[test]
    fn path_file_lines_become_a_list() {
        let mut t = *b"/opt/lib\n/usr/lib:/lib\n\n";
        assert_eq!(normalise_path_list(&mut t), b"/opt/lib:/usr/lib:/lib");
        let dir = std::env::temp_dir().join(format!("limpet-pathfile-{}", std::process::id()));
        std::fs::write(&dir, "/a\n/b\n").unwrap();
        let name = std::ffi::CString::new(dir.to_str().unwrap()).unwrap();
        let got = read_path_file(name.as_bytes_with_nul(), |s| Box::leak(s.to_vec().into_boxed_slice()).as_mut_ptr());
        assert_eq!(got, Some(&b"/a:/b"[..]));
        std::fs::remove_file(&dir).unwrap();
        assert_eq!(read_path_file(b"/nonexistent/limpet.path\0", |_| unreachable!()), None);
    }

    #[test]
    fn finds_in_list_order_and_reports_missing() {
        let dir = std::env::temp_dir().join(format!("limpet-search-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("b")).unwrap();
        std::fs::write(dir.join("b/libz.so"), b"x").unwrap();
        let list = format!("{}/a:{}/b", dir.display(), dir.display());
        let mut out = PathBuf::new();
        let paths = SearchPaths { env: Some(list.as_bytes()), rpath: None, origin: b".", system: DEFAULT_PATH };
        let fd = find(b"libz.so", &paths, &mut out).unwrap();
        assert!(fd >= 0);
        assert_eq!(out.bytes(), format!("{}/b/libz.so", dir.display()).as_bytes());
        assert_eq!(find(b"libnope-limpet.so", &paths, &mut out), Err(ENOENT));
        std::fs::remove_dir_all(dir).unwrap();
    }
}
