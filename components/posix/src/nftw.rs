//! File-tree walks: `nftw` and `ftw`.
use core::ffi::{c_char, c_int};

use limpet_abi::limits::PATH_MAX;
use limpet_syscall::errno::{EACCES, ENAMETOOLONG, ENOENT};
use limpet_syscall::{errno, set_errno};
use limpet_syscall::unistd::{close, open, stat};

use crate::abi::{
    Dirent, Ftw, O_CLOEXEC, O_DIRECTORY, O_PATH, O_RDONLY, S_IFDIR, S_IFLNK, S_IFMT, Stat,
};
use crate::cwd::fchdir;
use crate::dir::{closedir, fdopendir, readdir};
use crate::stat::lstat;

/// The callback `nftw` takes.
pub type NftwFn = unsafe extern "C" fn(*const c_char, *const Stat, c_int, *mut Ftw) -> c_int;
/// The callback `ftw` takes.
pub type FtwFn = unsafe extern "C" fn(*const c_char, *const Stat, c_int) -> c_int;

pub const FTW_F: c_int = 1;
pub const FTW_D: c_int = 2;
pub const FTW_DNR: c_int = 3;
pub const FTW_NS: c_int = 4;
pub const FTW_SL: c_int = 5;
pub const FTW_DP: c_int = 6;
pub const FTW_SLN: c_int = 7;

pub const FTW_PHYS: c_int = 1;
pub const FTW_MOUNT: c_int = 2;
pub const FTW_CHDIR: c_int = 4;
pub const FTW_DEPTH: c_int = 8;

/// A directory being walked, linked to the one above it, to recognise a loop through
/// symbolic links.
struct Ancestor<'a> {
    dev: u64,
    ino: u64,
    up: Option<&'a Ancestor<'a>>,
}

struct Walk {
    /// The current path, NUL-terminated; each level appends its entry's name and cuts it off
    /// again.
    path: [u8; PATH_MAX + 1],
    f: NftwFn,
    flags: c_int,
}

/// `nftw(path, f, fd_limit, flags)`—Walks the tree at `path`, calling `f(name, st, type, ftw)`
/// for every file: `type` is `FTW_F`, `FTW_D`, `FTW_DP` (a directory after its contents, with
/// `FTW_DEPTH`), `FTW_DNR` (unreadable directory), `FTW_NS` (no stat), `FTW_SL` (symbolic link,
/// with `FTW_PHYS`) or `FTW_SLN` (dangling link); `ftw` holds the name's base offset and depth.
/// Flags: `FTW_PHYS` (do not follow links), `FTW_MOUNT` (stay on one filesystem), `FTW_CHDIR`
/// (run `f` from within each file's directory), `FTW_DEPTH` (directories after their
/// contents). At most `fd_limit` levels of directories are held open, and, as in musl, the
/// walk does not go deeper than that. Returns the first nonzero value `f` returned, 0 when the
/// walk completes, or -1 with errno set.
///
/// # Safety
/// `path` must be NUL-terminated; `f` must be safe to call with the walk's arguments.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn nftw(
    path: *const c_char,
    f: Option<NftwFn>,
    fd_limit: c_int,
    flags: c_int,
) -> c_int {
    if fd_limit <= 0 {
        return 0;
    }
    let Some(f) = f else { return 0 };
    let mut w = Walk {
        path: [0; PATH_MAX + 1],
        f,
        flags,
    };
    // SAFETY: the caller passes a NUL-terminated string.
    let start = unsafe { core::ffi::CStr::from_ptr(path) }.to_bytes();
    let len = start.len();
    if len > PATH_MAX {
        set_errno(ENAMETOOLONG);
        return -1;
    }
    w.path[..len].copy_from_slice(start);
    // The base is after the last '/' that is not a trailing one.
    let mut end = len;
    while end > 1 && w.path[end - 1] == b'/' {
        end -= 1;
    }
    let base = w.path[..end]
        .iter()
        .rposition(|&c| c == b'/')
        .map_or(0, |i| i + 1);
    let saved_cwd = if flags & FTW_CHDIR != 0 {
        // SAFETY: a literal path.
        let fd = unsafe { open(c".".as_ptr(), O_PATH | O_DIRECTORY | O_CLOEXEC, 0) };
        if fd < 0 {
            return -1;
        }
        Some(fd)
    } else {
        None
    };
    // SAFETY: `w.path` holds the NUL-terminated start path.
    let r = unsafe { walk(&mut w, len, base, 0, fd_limit, None) };
    if let Some(fd) = saved_cwd {
        let e = errno();
        fchdir(fd);
        close(fd);
        set_errno(e);
    }
    r
}

/// Visits `w.path[..len]` (NUL-terminated), whose name starts at `base`, at depth `level`.
///
/// # Safety
/// `w.f` must be safe to call with the walk's arguments.
unsafe fn walk(
    w: &mut Walk,
    len: usize,
    base: usize,
    level: c_int,
    fd_limit: c_int,
    up: Option<&Ancestor>,
) -> c_int {
    let flags = w.flags;
    // With FTW_CHDIR the working directory is the entry's parent, so it is named by its base.
    let here = if flags & FTW_CHDIR != 0 && level > 0 {
        base
    } else {
        0
    };
    let name = w.path[here..].as_ptr() as *const c_char;
    let mut st = Stat::default();
    // SAFETY: `name` is NUL-terminated within `w.path`; `st` is local.
    let found = unsafe {
        if flags & FTW_PHYS != 0 {
            lstat(name, &mut st)
        } else {
            stat(name, &mut st)
        }
    } == 0;
    let mut kind = if found {
        match st.st_mode & S_IFMT {
            S_IFDIR if flags & FTW_DEPTH != 0 => FTW_DP,
            S_IFDIR => FTW_D,
            // Only seen with FTW_PHYS: stat() follows links.
            S_IFLNK => FTW_SL,
            _ => FTW_F,
        }
    } else {
        let e = errno();
        // SAFETY: as above.
        if flags & FTW_PHYS == 0 && e == ENOENT && unsafe { lstat(name, &mut st) } == 0 {
            FTW_SLN
        } else if e == EACCES {
            FTW_NS
        } else {
            return -1;
        }
    };
    let is_dir = kind == FTW_D || kind == FTW_DP;
    // A directory that is its own ancestor (reached through a symbolic link) is reported but
    // not entered again, which would never end.
    let mut cycle = false;
    if found && let Some(parent) = up {
        if flags & FTW_MOUNT != 0 && st.st_dev != parent.dev {
            return 0;
        }
        let mut a = Some(parent);
        while let Some(x) = a {
            cycle |= is_dir && x.dev == st.st_dev && x.ino == st.st_ino;
            a = x.up;
        }
    }
    let mut dfd = -1;
    let mut open_err = 0;
    if is_dir && !cycle {
        // SAFETY: as above.
        dfd = unsafe { open(name, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0) };
        if dfd < 0 {
            open_err = errno();
            if open_err == EACCES {
                kind = FTW_DNR;
            }
        }
    }
    let mut info = Ftw {
        base: base as c_int,
        level,
    };
    let path = w.path.as_ptr() as *const c_char;
    if flags & FTW_DEPTH == 0 {
        // SAFETY: the caller vouches for `f`; `path` is NUL-terminated.
        let r = unsafe { (w.f)(path, &st, kind, &mut info) };
        if r != 0 {
            if dfd >= 0 {
                close(dfd);
            }
            return r;
        }
    }
    if (kind == FTW_D || kind == FTW_DP) && !cycle {
        if dfd < 0 {
            set_errno(open_err);
            return -1;
        }
        if fd_limit > 0 {
            let me = Ancestor {
                dev: st.st_dev,
                ino: st.st_ino,
                up,
            };
            // SAFETY: the contract passes on.
            let r = unsafe { walk_children(w, len, dfd, level, fd_limit, &me) };
            if r != 0 {
                return r;
            }
        } else {
            close(dfd);
        }
    }
    // The path buffer was cut back to this entry's own name by walk_children.
    if flags & FTW_DEPTH != 0 {
        // SAFETY: as above.
        return unsafe { (w.f)(path, &st, kind, &mut info) };
    }
    0
}

/// Walks the entries of the directory open on `dfd`, which it closes.
///
/// # Safety
/// As for `walk`.
unsafe fn walk_children(
    w: &mut Walk,
    len: usize,
    dfd: c_int,
    level: c_int,
    fd_limit: c_int,
    me: &Ancestor,
) -> c_int {
    let d = fdopendir(dfd);
    if d.is_null() {
        close(dfd);
        return -1;
    }
    let chdir = w.flags & FTW_CHDIR != 0;
    let sep = if w.path[len - 1] == b'/' { 0 } else { 1 };
    let mut r = 0;
    loop {
        if chdir && fchdir(dfd) != 0 {
            r = -1;
            break;
        }
        // SAFETY: `d` is our live stream.
        let de: *mut Dirent = unsafe { readdir(d) };
        if de.is_null() {
            break;
        }
        // SAFETY: the entry's name is NUL-terminated within the record.
        let name = unsafe { core::ffi::CStr::from_ptr((*de).d_name.as_ptr()) }.to_bytes();
        if name == b"." || name == b".." {
            continue;
        }
        let child_len = len + sep + name.len();
        if child_len > PATH_MAX {
            set_errno(ENAMETOOLONG);
            r = -1;
            break;
        }
        w.path[len] = b'/';
        w.path[len + sep..child_len].copy_from_slice(name);
        w.path[child_len] = 0;
        // SAFETY: the contract passes on.
        r = unsafe { walk(w, child_len, len + sep, level + 1, fd_limit - 1, Some(me)) };
        w.path[len] = 0;
        if r != 0 {
            break;
        }
    }
    // SAFETY: `d` is ours and not used again.
    unsafe { closedir(d) };
    r
}

/// `ftw(path, f, fd_limit)`—`nftw` with `FTW_PHYS` and a callback that takes no `struct FTW`.
///
/// # Safety
/// As for `nftw`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn ftw(path: *const c_char, f: Option<FtwFn>, fd_limit: c_int) -> c_int {
    // SAFETY: in the C calling convention of every supported target, a function called with
    // one argument more than it declares ignores the extra one, so an ftw callback can be
    // called as an nftw callback.
    let f = f.map(|f| unsafe { core::mem::transmute::<FtwFn, NftwFn>(f) });
    // SAFETY: forwarded contract.
    unsafe { nftw(path, f, fd_limit, FTW_PHYS) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{TempDir, errno as last_errno, process_state};
    use std::ffi::CStr;
    use std::sync::Mutex;

    /// Visits recorded by the callbacks: (path relative to the root, type, base name, level).
    static SEEN: Mutex<Vec<(String, c_int, String, c_int)>> = Mutex::new(Vec::new());
    static ROOT_LEN: Mutex<usize> = Mutex::new(0);
    static STOP_AT: Mutex<Option<String>> = Mutex::new(None);

    unsafe extern "C" fn record(
        p: *const c_char,
        _st: *const Stat,
        kind: c_int,
        ftw: *mut Ftw,
    ) -> c_int {
        let full = unsafe { CStr::from_ptr(p) }.to_str().unwrap().to_owned();
        let rel = full[(*ROOT_LEN.lock().unwrap()).min(full.len())..].to_owned();
        let base = full[unsafe { (*ftw).base } as usize..].to_owned();
        let stop = STOP_AT.lock().unwrap().as_deref() == Some(rel.as_str());
        SEEN.lock()
            .unwrap()
            .push((rel, kind, base, unsafe { (*ftw).level }));
        if stop { 42 } else { 0 }
    }

    unsafe extern "C" fn record3(p: *const c_char, st: *const Stat, kind: c_int) -> c_int {
        let mut f = Ftw { base: 0, level: 0 };
        unsafe { record(p, st, kind, &mut f) }
    }

    fn run(
        d: &TempDir,
        flags: c_int,
        fd_limit: c_int,
    ) -> (c_int, Vec<(String, c_int, String, c_int)>) {
        SEEN.lock().unwrap().clear();
        *ROOT_LEN.lock().unwrap() = d.path().as_os_str().len();
        let r = unsafe { nftw(d.c("").as_ptr(), Some(record), fd_limit, flags) };
        let mut v = std::mem::take(&mut *SEEN.lock().unwrap());
        if flags & FTW_DEPTH == 0 {
            // Parents come before children whatever the directory order; sorting keeps that.
            v.sort();
        }
        (r, v)
    }

    fn tree() -> TempDir {
        let d = TempDir::new();
        std::fs::create_dir_all(d.path().join("a/b")).unwrap();
        std::fs::write(d.path().join("a/b/f"), b"").unwrap();
        std::fs::write(d.path().join("g"), b"").unwrap();
        std::os::unix::fs::symlink("a", d.path().join("la")).unwrap();
        std::os::unix::fs::symlink("missing", d.path().join("dangling")).unwrap();
        std::os::unix::fs::symlink("..", d.path().join("a/up")).unwrap();
        d
    }

    fn e(rel: &str, kind: c_int, base: &str, level: c_int) -> (String, c_int, String, c_int) {
        (rel.to_owned(), kind, base.to_owned(), level)
    }

    #[test]
    fn walks_physically_and_logically() {
        let _g = process_state();
        let d = tree();
        let root = d.path().file_name().unwrap().to_str().unwrap().to_owned();
        let (r, v) = run(&d, FTW_PHYS, 10);
        assert_eq!(r, 0);
        assert_eq!(
            v,
            [
                e("", FTW_D, &root, 0),
                e("/a", FTW_D, "a", 1),
                e("/a/b", FTW_D, "b", 2),
                e("/a/b/f", FTW_F, "f", 3),
                e("/a/up", FTW_SL, "up", 2),
                e("/dangling", FTW_SL, "dangling", 1),
                e("/g", FTW_F, "g", 1),
                e("/la", FTW_SL, "la", 1),
            ]
        );
        // Following links: "la" is a second way into a/, "a/up" loops back to the root and is
        // reported but not entered, and the dangling link is reported as such.
        let (r, v) = run(&d, 0, 10);
        assert_eq!(r, 0);
        let kinds: Vec<_> = v.iter().map(|x| (x.0.as_str(), x.1)).collect();
        assert_eq!(
            kinds,
            [
                ("", FTW_D),
                ("/a", FTW_D),
                ("/a/b", FTW_D),
                ("/a/b/f", FTW_F),
                ("/a/up", FTW_D),
                ("/dangling", FTW_SLN),
                ("/g", FTW_F),
                ("/la", FTW_D),
                ("/la/b", FTW_D),
                ("/la/b/f", FTW_F),
                ("/la/up", FTW_D),
            ]
        );
        // Depth-first: every directory after its contents.
        let (_, v) = run(&d, FTW_PHYS | FTW_DEPTH, 10);
        let pos = |p: &str| v.iter().position(|x| x.0 == p).unwrap();
        assert!(pos("/a/b/f") < pos("/a/b") && pos("/a/b") < pos("/a") && pos("/a") < pos(""));
        assert_eq!(v[pos("/a")].1, FTW_DP);
        // fd_limit bounds the depth, as in musl.
        let (_, v) = run(&d, FTW_PHYS, 1);
        assert_eq!(v.iter().map(|x| x.3).max(), Some(1));
        // FTW_CHDIR: the same walk, with the names reachable from inside each directory.
        let cwd = std::env::current_dir().unwrap();
        let (r, v) = run(&d, FTW_PHYS | FTW_CHDIR, 10);
        assert_eq!((r, v.len()), (0, 8));
        assert_eq!(std::env::current_dir().unwrap(), cwd);
    }

    #[test]
    fn stops_on_callback_value_and_reports_errors() {
        let _g = process_state();
        let d = tree();
        *STOP_AT.lock().unwrap() = Some("/a/b".to_owned());
        let (r, v) = run(&d, FTW_PHYS, 10);
        *STOP_AT.lock().unwrap() = None;
        assert_eq!(r, 42);
        assert!(!v.iter().any(|x| x.0 == "/a/b/f"));
        assert_eq!(
            unsafe { nftw(d.c("none").as_ptr(), Some(record), 10, 0) },
            -1
        );
        assert_eq!(last_errno(), ENOENT);
        SEEN.lock().unwrap().clear();
        *ROOT_LEN.lock().unwrap() = d.path().as_os_str().len();
        assert_eq!(unsafe { ftw(d.c("").as_ptr(), Some(record3), 10) }, 0);
        assert_eq!(SEEN.lock().unwrap().len(), 8);
    }
}
