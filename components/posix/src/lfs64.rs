//! The LFS64 names (`pread64`, `lstat64`, `readdir64`, ...). `off_t` is already 64 bits on
//! every target limpet supports, so each is the function without the suffix; older
//! musl-linked binaries still import them. Each is a forwarder rather than an alias because
//! Rust cannot give one function two symbol names.
use core::ffi::{c_char, c_int, c_uint};

use limpet_syscall::unistd;

use crate::abi::{Dirent, Iovec, Stat};
use crate::dir::Dir;
use crate::nftw::{FtwFn, NftwFn};
use crate::scandir::{Cmp, Filter};
use crate::statfs::{Statfs, Statvfs};

macro_rules! forward {
    ($($(#[$m:meta])* $name:ident($($a:ident: $t:ty),*) -> $r:ty = $target:path;)*) => {$(
        #[doc = concat!("`", stringify!($name), "`—the same as `", stringify!($target), "`.")]
        ///
        /// # Safety
        /// As for the function it forwards to.
        $(#[$m])*
        #[cfg_attr(feature = "export", unsafe(no_mangle))]
        pub unsafe extern "C" fn $name($($a: $t),*) -> $r {
            // Some targets are safe functions; the block is there for the others.
            #[allow(unused_unsafe)]
            // SAFETY: forwarded contract.
            unsafe { $target($($a),*) }
        }
    )*};
}

forward! {
    open64(path: *const c_char, flags: c_int, mode: c_uint) -> c_int = unistd::open;
    openat64(dirfd: c_int, path: *const c_char, flags: c_int, mode: c_uint) -> c_int = unistd::openat;
    creat64(path: *const c_char, mode: u32) -> c_int = crate::creat::creat;
    lseek64(fd: c_int, offset: i64, whence: c_int) -> i64 = unistd::lseek;
    mmap64(addr: *mut core::ffi::c_void, len: usize, prot: c_int, flags: c_int, fd: c_int, off: i64) -> *mut core::ffi::c_void
        = unistd::mmap;
    stat64(path: *const c_char, st: *mut Stat) -> c_int = unistd::stat;
    fstat64(fd: c_int, st: *mut Stat) -> c_int = unistd::fstat;
    fstatat64(dirfd: c_int, path: *const c_char, st: *mut Stat, flags: c_int) -> c_int = unistd::fstatat;
    lstat64(path: *const c_char, st: *mut Stat) -> c_int = crate::stat::lstat;
    truncate64(path: *const c_char, length: i64) -> c_int = crate::truncate::truncate;
    ftruncate64(fd: c_int, length: i64) -> c_int = crate::truncate::ftruncate;
    pread64(fd: c_int, buf: *mut core::ffi::c_void, count: usize, offset: i64) -> isize = crate::rw::pread;
    pwrite64(fd: c_int, buf: *const core::ffi::c_void, count: usize, offset: i64) -> isize = crate::rw::pwrite;
    preadv64(fd: c_int, iov: *const Iovec, iovcnt: c_int, offset: i64) -> isize = crate::rw::preadv;
    pwritev64(fd: c_int, iov: *const Iovec, iovcnt: c_int, offset: i64) -> isize = crate::rw::pwritev;
    sendfile64(out: c_int, in_: c_int, offset: *mut i64, count: usize) -> isize = crate::sendfile::sendfile;
    lockf64(fd: c_int, op: c_int, len: i64) -> c_int = crate::lockf::lockf;
    posix_fadvise64(fd: c_int, offset: i64, len: i64, advice: c_int) -> c_int = crate::advise::posix_fadvise;
    fallocate64(fd: c_int, mode: c_int, offset: i64, len: i64) -> c_int = crate::fallocate::fallocate;
    posix_fallocate64(fd: c_int, offset: i64, len: i64) -> c_int = crate::fallocate::posix_fallocate;
    statfs64(path: *const c_char, buf: *mut Statfs) -> c_int = crate::statfs::statfs;
    fstatfs64(fd: c_int, buf: *mut Statfs) -> c_int = crate::statfs::fstatfs;
    statvfs64(path: *const c_char, buf: *mut Statvfs) -> c_int = crate::statfs::statvfs;
    fstatvfs64(fd: c_int, buf: *mut Statvfs) -> c_int = crate::statfs::fstatvfs;
    getdents64(fd: c_int, buf: *mut Dirent, len: usize) -> c_int = crate::dir::getdents;
    readdir64(dir: *mut Dir) -> *mut Dirent = crate::dir::readdir;
    readdir64_r(dir: *mut Dir, entry: *mut Dirent, result: *mut *mut Dirent) -> c_int = crate::dir::readdir_r;
    scandir64(path: *const c_char, list: *mut *mut *mut Dirent, filter: Option<Filter>, cmp: Option<Cmp>) -> c_int
        = crate::scandir::scandir;
    alphasort64(a: *mut *const Dirent, b: *mut *const Dirent) -> c_int = crate::scandir::alphasort;
    versionsort64(a: *mut *const Dirent, b: *mut *const Dirent) -> c_int = crate::scandir::versionsort;
    nftw64(path: *const c_char, f: Option<NftwFn>, fd_limit: c_int, flags: c_int) -> c_int = crate::nftw::nftw;
    ftw64(path: *const c_char, f: Option<FtwFn>, fd_limit: c_int) -> c_int = crate::nftw::ftw;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::TempDir;

    #[test]
    fn forwarders_reach_their_targets() {
        let d = TempDir::new();
        let fd = unsafe { creat64(d.c("f").as_ptr(), 0o600) };
        assert!(fd >= 0);
        assert_eq!(unsafe { pwrite64(fd, b"abcdef".as_ptr().cast(), 6, 0) }, 6);
        assert_eq!(unsafe { ftruncate64(fd, 4) }, 0);
        let mut st = Stat::default();
        assert_eq!(unsafe { fstat64(fd, &mut st) }, 0);
        assert_eq!(st.st_size, 4);
        assert_eq!(unsafe { lseek64(fd, 0, 2) }, 4);
        unistd::close(fd);
        assert_eq!(unsafe { truncate64(d.c("f").as_ptr(), 2) }, 0);
        assert_eq!(unsafe { stat64(d.c("f").as_ptr(), &mut st) }, 0);
        assert_eq!(st.st_size, 2);
        assert_eq!(unsafe { lstat64(d.c("f").as_ptr(), &mut st) }, 0);
        assert_eq!(
            unsafe { fstatat64(crate::abi::AT_FDCWD, d.c("f").as_ptr(), &mut st, 0) },
            0
        );
        let fd = unsafe { open64(d.c("f").as_ptr(), 0, 0) };
        let mut b = [0u8; 2];
        assert_eq!(unsafe { pread64(fd, b.as_mut_ptr().cast(), 2, 0) }, 2);
        assert_eq!(&b, b"ab");
        unistd::close(fd);
        let dir = unsafe { crate::dir::opendir(d.c("").as_ptr()) };
        let mut n = 0;
        while !unsafe { readdir64(dir) }.is_null() {
            n += 1;
        }
        assert_eq!(n, 3);
        assert!(unsafe { crate::dir::telldir(dir) } != 0);
        unsafe { crate::dir::closedir(dir) };
    }
}
