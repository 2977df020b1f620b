//! Filesystem statistics: `statfs`, `fstatfs` (Linux's form) and `statvfs`, `fstatvfs`
//! (POSIX's, filled from Linux's).
use core::ffi::{c_char, c_int, c_long, c_ulong};

use limpet_syscall::{nr, syscall2};

use crate::ret_int;

/// `struct statfs`: the kernel's 64-bit layout, which musl's header repeats.
#[repr(C)]
#[derive(Clone, Copy, Default)]
pub struct Statfs {
    pub f_type: c_ulong,
    pub f_bsize: c_ulong,
    pub f_blocks: u64,
    pub f_bfree: u64,
    pub f_bavail: u64,
    pub f_files: u64,
    pub f_ffree: u64,
    pub f_fsid: [c_int; 2],
    pub f_namelen: c_ulong,
    pub f_frsize: c_ulong,
    pub f_flags: c_ulong,
    pub f_spare: [c_ulong; 4],
}

/// `struct statvfs` as musl lays it out on 64-bit targets.
#[repr(C)]
#[derive(Clone, Copy, Default)]
pub struct Statvfs {
    pub f_bsize: c_ulong,
    pub f_frsize: c_ulong,
    pub f_blocks: u64,
    pub f_bfree: u64,
    pub f_bavail: u64,
    pub f_files: u64,
    pub f_ffree: u64,
    pub f_favail: u64,
    pub f_fsid: c_ulong,
    pub f_flag: c_ulong,
    pub f_namemax: c_ulong,
    pub __reserved: [c_int; 6],
}

/// `statfs(path, buf)`—Describes the filesystem holding `path`; 0 or -1 with errno.
///
/// # Safety
/// `path` must be NUL-terminated and `buf` valid for writes of a `struct statfs`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn statfs(path: *const c_char, buf: *mut Statfs) -> c_int {
    // SAFETY: the caller vouches for the pointers.
    ret_int(unsafe { syscall2(nr::STATFS, path as usize, buf as usize) })
}

/// `fstatfs(fd, buf)`—Describes the filesystem holding the file open on `fd`.
///
/// # Safety
/// `buf` must be valid for writes of a `struct statfs`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fstatfs(fd: c_int, buf: *mut Statfs) -> c_int {
    // SAFETY: the caller vouches for the buffer.
    ret_int(unsafe { syscall2(nr::FSTATFS, fd as usize, buf as usize) })
}

/// POSIX's view of Linux's answer. Linux has no separate count of inodes free to unprivileged
/// users, so `f_favail` is `f_ffree`; an old kernel that leaves `f_frsize` 0 means `f_bsize`.
fn to_statvfs(s: &Statfs) -> Statvfs {
    Statvfs {
        f_bsize: s.f_bsize,
        f_frsize: if s.f_frsize != 0 {
            s.f_frsize
        } else {
            s.f_bsize
        },
        f_blocks: s.f_blocks,
        f_bfree: s.f_bfree,
        f_bavail: s.f_bavail,
        f_files: s.f_files,
        f_ffree: s.f_ffree,
        f_favail: s.f_ffree,
        // musl's choice: the first word, converted as C converts an int to unsigned long
        // (sign-extended), so a filesystem whose id has its top bit set reads the same on both.
        f_fsid: s.f_fsid[0] as c_long as c_ulong,
        f_flag: s.f_flags,
        f_namemax: s.f_namelen,
        __reserved: [0; 6],
    }
}

/// `statvfs(path, buf)`—Describes the filesystem holding `path` in POSIX's terms; 0 or -1 with
/// errno.
///
/// # Safety
/// `path` must be NUL-terminated and `buf` valid for writes of a `struct statvfs`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn statvfs(path: *const c_char, buf: *mut Statvfs) -> c_int {
    let mut s = Statfs::default();
    // SAFETY: forwarded contract; `s` is local.
    if unsafe { statfs(path, &mut s) } < 0 {
        return -1;
    }
    // SAFETY: the caller vouches for `buf`.
    unsafe { buf.write(to_statvfs(&s)) };
    0
}

/// `fstatvfs(fd, buf)`—`statvfs` for the file open on `fd`.
///
/// # Safety
/// `buf` must be valid for writes of a `struct statvfs`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fstatvfs(fd: c_int, buf: *mut Statvfs) -> c_int {
    let mut s = Statfs::default();
    // SAFETY: `s` is local.
    if unsafe { fstatfs(fd, &mut s) } < 0 {
        return -1;
    }
    // SAFETY: the caller vouches for `buf`.
    unsafe { buf.write(to_statvfs(&s)) };
    0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{TempDir, errno};
    use core::mem::{offset_of, size_of};
    use limpet_syscall::errno::{EBADF, ENOENT};
    use std::os::fd::AsRawFd;

    #[test]
    fn layouts_match_musl() {
        assert_eq!(size_of::<Statfs>(), 120);
        assert_eq!(offset_of!(Statfs, f_fsid), 56);
        assert_eq!(offset_of!(Statfs, f_flags), 80);
        assert_eq!(size_of::<Statvfs>(), 112);
        assert_eq!(offset_of!(Statvfs, f_fsid), 64);
        assert_eq!(offset_of!(Statvfs, f_namemax), 80);
    }

    #[test]
    fn fsid_is_the_first_word_sign_extended_as_musl() {
        for (word, want) in [(0x0e10_527e_u32 as c_int, 0x0e10_527e_u64), (0x929f_ed3a_u32 as c_int, 0xffff_ffff_929f_ed3a)] {
            let s = Statfs { f_fsid: [word, 0x1234], ..Statfs::default() };
            assert_eq!(to_statvfs(&s).f_fsid as u64, want);
        }
    }

    #[test]
    fn agrees_between_forms() {
        let d = TempDir::new();
        std::fs::write(d.path().join("f"), b"").unwrap();
        let f = std::fs::File::open(d.path().join("f")).unwrap();
        let mut a = Statfs::default();
        let mut b = Statfs::default();
        assert_eq!(unsafe { statfs(d.c("f").as_ptr(), &mut a) }, 0);
        assert_eq!(unsafe { fstatfs(f.as_raw_fd(), &mut b) }, 0);
        assert_eq!(
            (a.f_type, a.f_bsize, a.f_blocks, a.f_files),
            (b.f_type, b.f_bsize, b.f_blocks, b.f_files)
        );
        assert!(a.f_bsize > 0 && a.f_namelen >= 255);
        let mut v = Statvfs::default();
        assert_eq!(unsafe { statvfs(d.c("f").as_ptr(), &mut v) }, 0);
        assert_eq!(
            (v.f_bsize, v.f_blocks, v.f_namemax, v.f_flag),
            (a.f_bsize, a.f_blocks, a.f_namelen, a.f_flags)
        );
        assert_eq!(unsafe { fstatvfs(f.as_raw_fd(), &mut v) }, 0);
        assert_eq!(v.f_favail, v.f_ffree);
        assert_eq!(unsafe { statvfs(d.c("none").as_ptr(), &mut v) }, -1);
        assert_eq!(errno(), ENOENT);
        assert_eq!(unsafe { fstatvfs(-1, &mut v) }, -1);
        assert_eq!(errno(), EBADF);
    }
}
