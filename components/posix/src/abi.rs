//! Constants and ABI structs of this crate's functions, with musl's values and layouts. The
//! ones other components share are limpet-abi's (re-exported here, checked against musl's
//! headers there); the rest, this crate's own, are checked by the tests below.
#![allow(missing_docs)]
use core::ffi::c_int;

pub use limpet_abi::dirent::{DT_DIR, Dirent};
pub use limpet_abi::fcntl::{
    AT_EACCESS, AT_EMPTY_PATH, AT_FDCWD, AT_REMOVEDIR, AT_SYMLINK_FOLLOW, AT_SYMLINK_NOFOLLOW, F_DUPFD,
    F_DUPFD_CLOEXEC, F_GETFD, F_GETFL, F_GETLK, F_GETOWN, F_GETOWN_EX, F_OFD_GETLK, F_OFD_SETLK, F_OFD_SETLKW,
    F_OWNER_PGRP, F_RDLCK, F_SETFD, F_SETFL, F_SETLK, F_SETLKW, F_SETOWN, F_SETOWN_EX, F_UNLCK, F_WRLCK, FD_CLOEXEC,
    FOwnerEx, Flock, O_CLOEXEC, O_CREAT, O_DIRECTORY, O_LARGEFILE, O_NOCTTY, O_NOFOLLOW, O_PATH, O_RDONLY, O_RDWR,
    O_TRUNC, O_WRONLY,
};
pub use limpet_abi::stat::{S_IFDIR, S_IFIFO, S_IFLNK, S_IFMT, Stat, UTIME_NOW};
pub use limpet_abi::time::{Timespec, Timeval};
pub use limpet_abi::uio::Iovec;

/// `struct utimbuf`.
#[repr(C)]
#[derive(Clone, Copy, Default)]
pub struct Utimbuf {
    pub actime: i64,
    pub modtime: i64,
}

/// `struct FTW`.
#[repr(C)]
#[derive(Clone, Copy, Default)]
pub struct Ftw {
    pub base: c_int,
    pub level: c_int,
}

/// `struct statx_timestamp`.
#[repr(C)]
#[derive(Clone, Copy, Default)]
pub struct StatxTimestamp {
    pub tv_sec: i64,
    pub tv_nsec: u32,
    pub __pad: u32,
}

/// `struct statx`, the kernel's layout, which musl's header repeats.
#[repr(C)]
#[derive(Clone, Copy, Default)]
pub struct Statx {
    pub stx_mask: u32,
    pub stx_blksize: u32,
    pub stx_attributes: u64,
    pub stx_nlink: u32,
    pub stx_uid: u32,
    pub stx_gid: u32,
    pub stx_mode: u16,
    pub __pad0: u16,
    pub stx_ino: u64,
    pub stx_size: u64,
    pub stx_blocks: u64,
    pub stx_attributes_mask: u64,
    pub stx_atime: StatxTimestamp,
    pub stx_btime: StatxTimestamp,
    pub stx_ctime: StatxTimestamp,
    pub stx_mtime: StatxTimestamp,
    pub stx_rdev_major: u32,
    pub stx_rdev_minor: u32,
    pub stx_dev_major: u32,
    pub stx_dev_minor: u32,
    pub __spare: [u64; 14],
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::mem::{offset_of, size_of};

    #[test]
    fn layouts_match_musl() {
        assert_eq!(size_of::<Dirent>(), 280);
        assert_eq!(offset_of!(Dirent, d_reclen), 16);
        assert_eq!(offset_of!(Dirent, d_type), 18);
        assert_eq!(offset_of!(Dirent, d_name), 19);
        assert_eq!(size_of::<Ftw>(), 8);
        assert_eq!(size_of::<Statx>(), 256);
        assert_eq!(offset_of!(Statx, stx_ino), 32);
        assert_eq!(offset_of!(Statx, stx_atime), 64);
        assert_eq!(offset_of!(Statx, stx_rdev_major), 128);
    }
}
