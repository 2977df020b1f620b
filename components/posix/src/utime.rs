//! File times: `utimensat`, `futimens`, `utimes`, `utime`.
use core::ffi::{c_char, c_int};

use limpet_syscall::errno::EINVAL;
use limpet_syscall::{nr, set_errno, syscall4};

use crate::abi::{AT_FDCWD, AT_SYMLINK_NOFOLLOW, Timespec, Timeval, UTIME_NOW, Utimbuf};
use crate::ret_int;

const USEC_PER_SEC: i64 = 1_000_000;
const NSEC_PER_USEC: i64 = 1_000;

/// `utimensat(dirfd, path, times, flags)`—Sets the access (`times[0]`) and modification
/// (`times[1]`) times of `path` to the nanosecond; a null `times`, or `UTIME_NOW` in a
/// `tv_nsec`, means now, and `UTIME_OMIT` leaves that time alone. A null `path` acts on
/// `dirfd` itself. 0 or -1 with errno.
///
/// # Safety
/// `path` must be null or NUL-terminated; a non-null `times` must point to two timespecs.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn utimensat(
    dirfd: c_int,
    path: *const c_char,
    times: *const Timespec,
    flags: c_int,
) -> c_int {
    let mut times = times;
    // "Both now" is what a null pointer says too, and the null form needs only write
    // permission rather than ownership, so it is the one passed on.
    // SAFETY: a non-null `times` points to two timespecs.
    if !times.is_null()
        && unsafe { (*times).tv_nsec == UTIME_NOW && (*times.add(1)).tv_nsec == UTIME_NOW }
    {
        times = core::ptr::null();
    }
    // SAFETY: the kernel validates the pointers.
    ret_int(unsafe {
        syscall4(
            nr::UTIMENSAT,
            dirfd as usize,
            path as usize,
            times as usize,
            flags as usize,
        )
    })
}

/// `futimens(fd, times)`—`utimensat` on the file open on `fd`.
///
/// # Safety
/// A non-null `times` must point to two timespecs.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn futimens(fd: c_int, times: *const Timespec) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { utimensat(fd, core::ptr::null(), times, 0) }
}

/// Two timevals as the timespecs `utimensat` takes: `None` for a null `tv` (now), or EINVAL
/// for a `tv_usec` outside `0..1000000`.
///
/// # Safety
/// A non-null `tv` must point to two timevals.
unsafe fn timespecs(tv: *const Timeval) -> Result<Option<[Timespec; 2]>, ()> {
    if tv.is_null() {
        return Ok(None);
    }
    let mut ts = [Timespec::default(); 2];
    for (i, t) in ts.iter_mut().enumerate() {
        // SAFETY: `tv` points to two timevals.
        let v = unsafe { *tv.add(i) };
        if !(0..USEC_PER_SEC).contains(&v.tv_usec) {
            set_errno(EINVAL);
            return Err(());
        }
        *t = Timespec { tv_sec: v.tv_sec, tv_nsec: v.tv_usec * NSEC_PER_USEC };
    }
    Ok(Some(ts))
}

/// `utimensat` with microsecond times.
///
/// # Safety
/// As for `utimensat`; a non-null `tv` must point to two timevals.
unsafe fn utimes_at(dirfd: c_int, path: *const c_char, tv: *const Timeval, flags: c_int) -> c_int {
    // SAFETY: forwarded contract.
    match unsafe { timespecs(tv) } {
        Err(()) => -1,
        // SAFETY: forwarded contract; `ts` holds two timespecs.
        Ok(ts) => unsafe { utimensat(dirfd, path, ts.as_ref().map_or(core::ptr::null(), |t| t.as_ptr()), flags) },
    }
}

/// `utimes(path, tv)`—Sets the access and modification times of `path` to the microsecond; a
/// null `tv` means now. A `tv_usec` outside `0..1000000` gives EINVAL. 0 or -1 with errno.
///
/// # Safety
/// `path` must be NUL-terminated; a non-null `tv` must point to two timevals.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn utimes(path: *const c_char, tv: *const Timeval) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { utimes_at(AT_FDCWD, path, tv, 0) }
}

/// `futimesat(dirfd, path, tv)`—`utimes` of `path` relative to the directory `dirfd`.
///
/// # Safety
/// As for `utimes`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn futimesat(dirfd: c_int, path: *const c_char, tv: *const Timeval) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { utimes_at(dirfd, path, tv, 0) }
}

/// `lutimes(path, tv)`—`utimes` of a symbolic link itself.
///
/// # Safety
/// As for `utimes`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn lutimes(path: *const c_char, tv: *const Timeval) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { utimes_at(AT_FDCWD, path, tv, AT_SYMLINK_NOFOLLOW) }
}

/// `futimes(fd, tv)`—`utimes` of the file open on `fd`.
///
/// # Safety
/// A non-null `tv` must point to two timevals.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn futimes(fd: c_int, tv: *const Timeval) -> c_int {
    // SAFETY: forwarded contract; a null path means `fd` itself.
    unsafe { utimes_at(fd, core::ptr::null(), tv, 0) }
}

/// `utime(path, times)`—Sets the access and modification times of `path` to the second; a
/// null `times` means now. 0 or -1 with errno.
///
/// # Safety
/// `path` must be NUL-terminated; a non-null `times` must point to a `struct utimbuf`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn utime(path: *const c_char, times: *const Utimbuf) -> c_int {
    if times.is_null() {
        // SAFETY: forwarded contract.
        return unsafe { utimensat(AT_FDCWD, path, core::ptr::null(), 0) };
    }
    // SAFETY: `times` points to a utimbuf.
    let u = unsafe { *times };
    let ts = [
        Timespec {
            tv_sec: u.actime,
            tv_nsec: 0,
        },
        Timespec {
            tv_sec: u.modtime,
            tv_nsec: 0,
        },
    ];
    // SAFETY: forwarded contract; `ts` holds two timespecs.
    unsafe { utimensat(AT_FDCWD, path, ts.as_ptr(), 0) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{TempDir, errno};
    use limpet_syscall::errno::ENOENT;
    use std::os::unix::fs::MetadataExt;

    fn times(p: &std::path::Path) -> (i64, i64, i64, i64) {
        let m = std::fs::metadata(p).unwrap();
        (m.atime(), m.atime_nsec(), m.mtime(), m.mtime_nsec())
    }

    #[test]
    fn sets_times_at_each_precision() {
        let d = TempDir::new();
        let p = d.path().join("f");
        std::fs::write(&p, b"").unwrap();
        let f = d.c("f");
        let ts = [
            Timespec {
                tv_sec: 1000,
                tv_nsec: 5,
            },
            Timespec {
                tv_sec: 2000,
                tv_nsec: 7,
            },
        ];
        assert_eq!(
            unsafe { utimensat(AT_FDCWD, f.as_ptr(), ts.as_ptr(), 0) },
            0
        );
        assert_eq!(times(&p), (1000, 5, 2000, 7));
        let tv = [
            Timeval {
                tv_sec: 3000,
                tv_usec: 1,
            },
            Timeval {
                tv_sec: 4000,
                tv_usec: 2,
            },
        ];
        assert_eq!(unsafe { utimes(f.as_ptr(), tv.as_ptr()) }, 0);
        assert_eq!(times(&p), (3000, 1000, 4000, 2000));
        let bad = [
            Timeval {
                tv_sec: 0,
                tv_usec: 1_000_000,
            },
            Timeval::default(),
        ];
        assert_eq!(unsafe { utimes(f.as_ptr(), bad.as_ptr()) }, -1);
        assert_eq!(errno(), EINVAL);
        let ub = Utimbuf {
            actime: 5000,
            modtime: 6000,
        };
        assert_eq!(unsafe { utime(f.as_ptr(), &ub) }, 0);
        assert_eq!(times(&p), (5000, 0, 6000, 0));
        let file = std::fs::File::open(&p).unwrap();
        let fd = std::os::fd::AsRawFd::as_raw_fd(&file);
        let omit_a = [
            Timespec {
                tv_sec: 0,
                tv_nsec: 0x3ffffffe,
            },
            Timespec {
                tv_sec: 7000,
                tv_nsec: 0,
            },
        ];
        assert_eq!(unsafe { futimens(fd, omit_a.as_ptr()) }, 0);
        assert_eq!(times(&p), (5000, 0, 7000, 0));
        assert_eq!(unsafe { utime(f.as_ptr(), core::ptr::null()) }, 0);
        assert!(times(&p).2 > 1_600_000_000);
        let now = [Timespec {
            tv_sec: 0,
            tv_nsec: UTIME_NOW,
        }; 2];
        assert_eq!(
            unsafe { utimensat(AT_FDCWD, f.as_ptr(), now.as_ptr(), 0) },
            0
        );
        assert_eq!(
            unsafe { utimes(d.c("none").as_ptr(), core::ptr::null()) },
            -1
        );
        assert_eq!(errno(), ENOENT);
    }
}
