//! Extended attributes: `getxattr`, `setxattr`, `listxattr`, `removexattr`, each for a
//! path, for a path without following a final symbolic link (`l`), and for a descriptor
//! (`f`).
use core::ffi::{c_char, c_int, c_void};

use limpet_syscall::{nr, ret_errno, syscall2, syscall3, syscall4, syscall5};

use crate::ret_int;

/// The object an attribute call names: a path (followed or not) or a descriptor.
macro_rules! xattr_family {
    ($(
        $(#[$doc:meta])*
        fn $name:ident($target:ident: $tt:ty $(, $a:ident: $at:ty)*) -> $r:ty = $nr:ident, $wrap:ident, $sys:ident;
    )*) => {$(
        $(#[$doc])*
        ///
        /// # Safety
        /// Strings must be NUL-terminated; buffers valid for the sizes given.
        #[cfg_attr(feature = "export", unsafe(no_mangle))]
        pub unsafe extern "C" fn $name($target: $tt $(, $a: $at)*) -> $r {
            // SAFETY: the caller vouches for the pointers.
            $wrap(unsafe { $sys(nr::$nr, $target as usize $(, $a as usize)*) }) as $r
        }
    )*};
}

xattr_family! {
    /// `getxattr(path, name, value, size)`—Copies the attribute `name` of `path` into
    /// `value`; its size (with `size` 0, the size needed), or -1 with errno (ENODATA when it
    /// is not set, ERANGE when `value` is too small, ENOTSUP).
    fn getxattr(path: *const c_char, name: *const c_char, value: *mut c_void, size: usize) -> isize = GETXATTR, ret_errno, syscall4;
    /// `lgetxattr(path, name, value, size)`—`getxattr` of a symbolic link itself.
    fn lgetxattr(path: *const c_char, name: *const c_char, value: *mut c_void, size: usize) -> isize = LGETXATTR, ret_errno, syscall4;
    /// `fgetxattr(fd, name, value, size)`—`getxattr` of the file open on `fd`.
    fn fgetxattr(fd: c_int, name: *const c_char, value: *mut c_void, size: usize) -> isize = FGETXATTR, ret_errno, syscall4;
    /// `setxattr(path, name, value, size, flags)`—Sets the attribute `name` of `path`
    /// (`XATTR_CREATE` fails with EEXIST if it is set, `XATTR_REPLACE` with ENODATA if it is
    /// not); 0, or -1 with errno.
    fn setxattr(path: *const c_char, name: *const c_char, value: *const c_void, size: usize, flags: c_int) -> c_int = SETXATTR, ret_int, syscall5;
    /// `lsetxattr(path, name, value, size, flags)`—`setxattr` of a symbolic link itself.
    fn lsetxattr(path: *const c_char, name: *const c_char, value: *const c_void, size: usize, flags: c_int) -> c_int = LSETXATTR, ret_int, syscall5;
    /// `fsetxattr(fd, name, value, size, flags)`—`setxattr` of the file open on `fd`.
    fn fsetxattr(fd: c_int, name: *const c_char, value: *const c_void, size: usize, flags: c_int) -> c_int = FSETXATTR, ret_int, syscall5;
    /// `listxattr(path, list, size)`—Copies the NUL-terminated names of `path`'s attributes
    /// into `list`; their total size (with `size` 0, the size needed), or -1 with errno.
    fn listxattr(path: *const c_char, list: *mut c_char, size: usize) -> isize = LISTXATTR, ret_errno, syscall3;
    /// `llistxattr(path, list, size)`—`listxattr` of a symbolic link itself.
    fn llistxattr(path: *const c_char, list: *mut c_char, size: usize) -> isize = LLISTXATTR, ret_errno, syscall3;
    /// `flistxattr(fd, list, size)`—`listxattr` of the file open on `fd`.
    fn flistxattr(fd: c_int, list: *mut c_char, size: usize) -> isize = FLISTXATTR, ret_errno, syscall3;
    /// `removexattr(path, name)`—Removes the attribute `name` of `path`; 0, or -1 with errno
    /// (ENODATA when it is not set).
    fn removexattr(path: *const c_char, name: *const c_char) -> c_int = REMOVEXATTR, ret_int, syscall2;
    /// `lremovexattr(path, name)`—`removexattr` of a symbolic link itself.
    fn lremovexattr(path: *const c_char, name: *const c_char) -> c_int = LREMOVEXATTR, ret_int, syscall2;
    /// `fremovexattr(fd, name)`—`removexattr` of the file open on `fd`.
    fn fremovexattr(fd: c_int, name: *const c_char) -> c_int = FREMOVEXATTR, ret_int, syscall2;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{TempDir, errno};
    use limpet_syscall::errno::{EEXIST, ENODATA, ERANGE};

    const XATTR_CREATE: c_int = 1;

    #[test]
    fn user_attributes_round_trip() {
        let d = TempDir::new();
        std::fs::write(d.path().join("f"), b"").unwrap();
        let f = d.c("f");
        let name = c"user.limpet";
        // SAFETY: NUL-terminated strings and buffers of the sizes given.
        unsafe {
            let r = setxattr(f.as_ptr(), name.as_ptr(), b"value".as_ptr().cast(), 5, 0);
            if r != 0 {
                // A filesystem without user attributes (tmpfs before 6.6): nothing to test.
                assert_eq!(errno(), limpet_syscall::errno::EOPNOTSUPP);
                return;
            }
            assert_eq!(setxattr(f.as_ptr(), name.as_ptr(), b"x".as_ptr().cast(), 1, XATTR_CREATE), -1);
            assert_eq!(errno(), EEXIST);
            assert_eq!(getxattr(f.as_ptr(), name.as_ptr(), core::ptr::null_mut(), 0), 5);
            let mut buf = [0u8; 8];
            assert_eq!(getxattr(f.as_ptr(), name.as_ptr(), buf.as_mut_ptr().cast(), 8), 5);
            assert_eq!(&buf[..5], b"value");
            assert_eq!(getxattr(f.as_ptr(), name.as_ptr(), buf.as_mut_ptr().cast(), 2), -1);
            assert_eq!(errno(), ERANGE);
            let mut list = [0 as c_char; 64];
            let n = listxattr(f.as_ptr(), list.as_mut_ptr(), 64);
            assert!(n >= 12, "{n}");
            let file = std::fs::File::open(d.path().join("f")).unwrap();
            let fd = std::os::fd::AsRawFd::as_raw_fd(&file);
            assert_eq!(fgetxattr(fd, name.as_ptr(), buf.as_mut_ptr().cast(), 8), 5);
            assert_eq!(flistxattr(fd, list.as_mut_ptr(), 64), n);
            assert_eq!(lremovexattr(f.as_ptr(), name.as_ptr()), 0);
            assert_eq!(fremovexattr(fd, name.as_ptr()), -1);
            assert_eq!(errno(), ENODATA);
            assert_eq!(lgetxattr(f.as_ptr(), name.as_ptr(), buf.as_mut_ptr().cast(), 8), -1);
            assert_eq!(errno(), ENODATA);
        }
    }
}
