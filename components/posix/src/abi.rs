//! Constants and ABI structs shared by this crate's functions, with musl's values and layouts
//! (checked against `/usr/include/x86_64-linux-musl` by the tests below).
#![allow(missing_docs)]
use core::ffi::{c_char, c_int, c_long, c_short, c_uchar, c_ushort, c_void};

pub use limpet_syscall::unistd::{AT_FDCWD, O_CREAT, Stat, Timespec};

pub const AT_SYMLINK_NOFOLLOW: c_int = 0x100;
pub const AT_REMOVEDIR: c_int = 0x200;
pub const AT_EACCESS: c_int = 0x200;
pub const AT_SYMLINK_FOLLOW: c_int = 0x400;
pub const AT_EMPTY_PATH: c_int = 0x1000;

pub const O_RDONLY: c_int = 0;
pub const O_WRONLY: c_int = 1;
pub const O_RDWR: c_int = 2;
pub const O_NOCTTY: c_int = 0o400;
pub const O_TRUNC: c_int = 0o1000;
pub const O_CLOEXEC: c_int = 0o2000000;
pub const O_PATH: c_int = 0o10000000;
#[cfg(target_arch = "x86_64")]
pub const O_DIRECTORY: c_int = 0o200000;
#[cfg(target_arch = "x86_64")]
pub const O_NOFOLLOW: c_int = 0o400000;
#[cfg(target_arch = "x86_64")]
pub const O_LARGEFILE: c_int = 0o100000;
#[cfg(target_arch = "aarch64")]
pub const O_DIRECTORY: c_int = 0o40000;
#[cfg(target_arch = "aarch64")]
pub const O_NOFOLLOW: c_int = 0o100000;
#[cfg(target_arch = "aarch64")]
pub const O_LARGEFILE: c_int = 0o400000;
#[cfg(target_arch = "riscv64")]
pub const O_DIRECTORY: c_int = 0o200000;
#[cfg(target_arch = "riscv64")]
pub const O_NOFOLLOW: c_int = 0o400000;
#[cfg(target_arch = "riscv64")]
pub const O_LARGEFILE: c_int = 0o100000;

pub const F_DUPFD: c_int = 0;
pub const F_GETFD: c_int = 1;
pub const F_SETFD: c_int = 2;
pub const F_GETFL: c_int = 3;
pub const F_SETFL: c_int = 4;
pub const F_GETLK: c_int = 5;
pub const F_SETLK: c_int = 6;
pub const F_SETLKW: c_int = 7;
pub const F_SETOWN: c_int = 8;
pub const F_GETOWN: c_int = 9;
pub const F_SETOWN_EX: c_int = 15;
pub const F_GETOWN_EX: c_int = 16;
pub const F_OFD_GETLK: c_int = 36;
pub const F_OFD_SETLK: c_int = 37;
pub const F_OFD_SETLKW: c_int = 38;
pub const F_DUPFD_CLOEXEC: c_int = 1030;
pub const FD_CLOEXEC: c_int = 1;
pub const F_OWNER_PGRP: c_int = 2;

pub const S_IFMT: u32 = 0o170000;
pub const S_IFDIR: u32 = 0o040000;
pub const S_IFIFO: u32 = 0o010000;
pub const S_IFLNK: u32 = 0o120000;

pub const UTIME_NOW: c_long = 0x3fffffff;

pub const DT_DIR: c_uchar = 4;

/// `struct dirent`, which on every 64-bit target musl lays out exactly as the kernel's
/// `linux_dirent64`, so `readdir` hands out records straight from the `getdents64` buffer.
#[repr(C)]
pub struct Dirent {
    pub d_ino: u64,
    pub d_off: i64,
    pub d_reclen: c_ushort,
    pub d_type: c_uchar,
    pub d_name: [c_char; 256],
}

/// `struct flock`.
#[repr(C)]
#[derive(Clone, Copy, Default)]
pub struct Flock {
    pub l_type: c_short,
    pub l_whence: c_short,
    pub l_start: i64,
    pub l_len: i64,
    pub l_pid: c_int,
}

/// `struct f_owner_ex`.
#[repr(C)]
#[derive(Clone, Copy, Default)]
pub struct FOwnerEx {
    pub type_: c_int,
    pub pid: c_int,
}

/// `struct iovec`.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct Iovec {
    pub iov_base: *mut c_void,
    pub iov_len: usize,
}

/// `struct timeval`.
#[repr(C)]
#[derive(Clone, Copy, Default)]
pub struct Timeval {
    pub tv_sec: i64,
    pub tv_usec: i64,
}

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
        assert_eq!(size_of::<Flock>(), 32);
        assert_eq!(offset_of!(Flock, l_start), 8);
        assert_eq!(offset_of!(Flock, l_pid), 24);
        assert_eq!(size_of::<Iovec>(), 16);
        assert_eq!(size_of::<Ftw>(), 8);
        assert_eq!(size_of::<Statx>(), 256);
        assert_eq!(offset_of!(Statx, stx_ino), 32);
        assert_eq!(offset_of!(Statx, stx_atime), 64);
        assert_eq!(offset_of!(Statx, stx_rdev_major), 128);
    }
}
