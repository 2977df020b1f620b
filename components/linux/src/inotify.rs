//! `inotify_init`, `inotify_init1`, `inotify_add_watch`, `inotify_rm_watch`.
use core::ffi::{c_char, c_int};

use limpet_syscall::{nr, syscall1, syscall2, syscall3};

use crate::ret_int;

/// `inotify_init()`—A new inotify instance; the descriptor, or -1 with errno.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn inotify_init() -> c_int {
    inotify_init1(0)
}

/// `inotify_init1(flags)`—A new inotify instance (`IN_CLOEXEC`, `IN_NONBLOCK`); the
/// descriptor, or -1 with errno (EINVAL, EMFILE).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn inotify_init1(flags: c_int) -> c_int {
    // SAFETY: inotify_init1 takes no pointer.
    ret_int(unsafe { syscall1(nr::INOTIFY_INIT1, flags as usize) })
}

/// `inotify_add_watch(fd, path, mask)`—Watches `path` for the events in `mask`; the watch
/// descriptor (the same one again for a path already watched), or -1 with errno (ENOENT,
/// EACCES, EINVAL for an empty mask, ENOSPC past the limit).
///
/// # Safety
/// `path` must be a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn inotify_add_watch(fd: c_int, path: *const c_char, mask: u32) -> c_int {
    // SAFETY: the kernel reads the caller's string.
    ret_int(unsafe { syscall3(nr::INOTIFY_ADD_WATCH, fd as usize, path as usize, mask as usize) })
}

/// `inotify_rm_watch(fd, wd)`—Removes the watch `wd` (an `IN_IGNORED` event follows); 0, or
/// -1 with errno (EINVAL for an unknown watch).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn inotify_rm_watch(fd: c_int, wd: c_int) -> c_int {
    // SAFETY: inotify_rm_watch takes no pointer.
    ret_int(unsafe { syscall2(nr::INOTIFY_RM_WATCH, fd as usize, wd as usize) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use limpet_abi::fdevent::{IN_CREATE, IN_DELETE, IN_IGNORED, IN_NONBLOCK, InotifyEvent};
    use limpet_syscall::errno;
    use limpet_syscall::errno::{EINVAL, ENOENT};
    use std::ffi::CString;

    /// The events in one read: (wd, mask, name).
    fn events(fd: c_int) -> Vec<(c_int, u32, String)> {
        let mut buf = [0u8; 4096];
        // SAFETY: a 4 KiB buffer.
        let n = unsafe { limpet_syscall::unistd::read(fd, buf.as_mut_ptr().cast(), buf.len()) };
        let mut out = Vec::new();
        let mut at = 0;
        let head = core::mem::size_of::<InotifyEvent>();
        while n > 0 && at < n as usize {
            // SAFETY: the kernel wrote a whole record at `at`.
            let ev = unsafe { buf.as_ptr().add(at).cast::<InotifyEvent>().read_unaligned() };
            let name = &buf[at + head..at + head + ev.len as usize];
            let name = String::from_utf8_lossy(name.split(|&b| b == 0).next().unwrap()).into_owned();
            out.push((ev.wd, ev.mask, name));
            at += head + ev.len as usize;
        }
        out
    }

    #[test]
    fn creations_and_removals_in_a_directory() {
        let dir = std::env::temp_dir().join(format!("limpet-inotify-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let fd = inotify_init1(IN_NONBLOCK);
        assert!(fd >= 0);
        let path = CString::new(dir.to_str().unwrap()).unwrap();
        // SAFETY: a NUL-terminated path.
        let wd = unsafe { inotify_add_watch(fd, path.as_ptr(), IN_CREATE | IN_DELETE) };
        assert!(wd >= 0, "errno {}", errno());
        assert_eq!(unsafe { inotify_add_watch(fd, path.as_ptr(), IN_CREATE) }, wd);
        std::fs::write(dir.join("f"), b"x").unwrap();
        std::fs::remove_file(dir.join("f")).unwrap();
        // The second watch call replaced the mask: creations only.
        assert_eq!(events(fd), [(wd, IN_CREATE, "f".to_string())]);
        assert_eq!(inotify_rm_watch(fd, wd), 0);
        assert_eq!(events(fd), [(wd, IN_IGNORED, String::new())]);
        assert_eq!(inotify_rm_watch(fd, wd), -1);
        assert_eq!(errno(), EINVAL);
        let missing = CString::new(dir.join("nope").to_str().unwrap()).unwrap();
        assert_eq!(unsafe { inotify_add_watch(fd, missing.as_ptr(), IN_CREATE) }, -1);
        assert_eq!(errno(), ENOENT);
        limpet_syscall::unistd::close(fd);
        std::fs::remove_dir(&dir).unwrap();
    }
}
