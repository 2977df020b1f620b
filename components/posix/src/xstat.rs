//! glibc's versioned stat and mknod entry points (`__xstat`, `__fxstat`, `__lxstat`,
//! `__fxstatat` and their 64 forms, `__xmknod`, `__xmknodat`), which musl keeps so that objects built against glibc headers link. The
//! version argument names glibc's `struct stat` layout; on 64-bit Linux glibc's layout is the
//! kernel's and musl's, so it is not consulted.
use core::ffi::{c_char, c_int};

use limpet_syscall::unistd::{fstat, fstatat, stat};

use crate::abi::Stat;
use crate::stat::lstat;

macro_rules! versioned {
    ($($name:ident($($a:ident: $t:ty),*) = $target:path;)*) => {$(
        #[doc = concat!("`", stringify!($name), "(ver, ...)`—`", stringify!($target), "` with glibc's version argument first.")]
        ///
        /// # Safety
        /// As for the function it forwards to.
        #[cfg_attr(feature = "export", unsafe(no_mangle))]
        pub unsafe extern "C" fn $name(_ver: c_int, $($a: $t),*) -> c_int {
            // SAFETY: forwarded contract.
            unsafe { $target($($a),*) }
        }
    )*};
}

versioned! {
    __xstat(path: *const c_char, st: *mut Stat) = stat;
    __xstat64(path: *const c_char, st: *mut Stat) = stat;
    __lxstat(path: *const c_char, st: *mut Stat) = lstat;
    __lxstat64(path: *const c_char, st: *mut Stat) = lstat;
    __fxstat(fd: c_int, st: *mut Stat) = fstat;
    __fxstat64(fd: c_int, st: *mut Stat) = fstat;
    __fxstatat(dirfd: c_int, path: *const c_char, st: *mut Stat, flags: c_int) = fstatat;
    __fxstatat64(dirfd: c_int, path: *const c_char, st: *mut Stat, flags: c_int) = fstatat;
}

/// `__xmknod(ver, path, mode, dev)`—`mknod` with glibc's version argument first and the
/// device number passed by address.
///
/// # Safety
/// As for `mknod`; `dev` must point to a `dev_t`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn __xmknod(_ver: c_int, path: *const c_char, mode: u32, dev: *const u64) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { crate::mknod::mknod(path, mode, *dev) }
}

/// `__xmknodat(ver, dirfd, path, mode, dev)`—`mknodat` as `__xmknod`.
///
/// # Safety
/// As for `mknodat`; `dev` must point to a `dev_t`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn __xmknodat(_ver: c_int, dirfd: c_int, path: *const c_char, mode: u32, dev: *const u64) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { crate::mknod::mknodat(dirfd, path, mode, *dev) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abi::{AT_FDCWD, AT_SYMLINK_NOFOLLOW, S_IFLNK, S_IFMT};
    use crate::testutil::TempDir;

    #[test]
    fn forward_to_stat() {
        let d = TempDir::new();
        std::fs::write(d.path().join("f"), b"abc").unwrap();
        std::os::unix::fs::symlink("f", d.path().join("l")).unwrap();
        let mut st = Stat::default();
        assert_eq!(unsafe { __xstat(1, d.c("l").as_ptr(), &mut st) }, 0);
        assert_eq!(st.st_size, 3);
        assert_eq!(unsafe { __lxstat64(1, d.c("l").as_ptr(), &mut st) }, 0);
        assert_eq!(st.st_mode & S_IFMT, S_IFLNK);
        assert_eq!(
            unsafe { __fxstatat(1, AT_FDCWD, d.c("l").as_ptr(), &mut st, AT_SYMLINK_NOFOLLOW) },
            0
        );
        assert_eq!(st.st_mode & S_IFMT, S_IFLNK);
        let f = std::fs::File::open(d.path().join("f")).unwrap();
        assert_eq!(
            unsafe { __fxstat64(1, std::os::fd::AsRawFd::as_raw_fd(&f), &mut st) },
            0
        );
        assert_eq!(st.st_size, 3);
        assert_eq!(unsafe { __xstat64(1, d.c("none").as_ptr(), &mut st) }, -1);
    }
}
