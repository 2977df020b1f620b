//! `pathconf` and `fpathconf`.
use core::ffi::{c_char, c_int, c_long};

use limpet_syscall::errno::EINVAL;
use limpet_syscall::set_errno;

/// musl answers with fixed values, the same for every file, indexed by `_PC_*`: Linux's
/// limits for the common filesystems, and -1 for "no fixed limit" and unsupported options.
#[rustfmt::skip]
static TABLE: [c_long; 21] = [
    /* _PC_LINK_MAX */ 8, /* _PC_MAX_CANON */ 255, /* _PC_MAX_INPUT */ 255,
    /* _PC_NAME_MAX */ 255, /* _PC_PATH_MAX */ 4096, /* _PC_PIPE_BUF */ 4096,
    /* _PC_CHOWN_RESTRICTED */ 1, /* _PC_NO_TRUNC */ 1, /* _PC_VDISABLE */ 0,
    /* _PC_SYNC_IO */ 1, /* _PC_ASYNC_IO */ -1, /* _PC_PRIO_IO */ -1,
    /* _PC_SOCK_MAXBUF */ -1, /* _PC_FILESIZEBITS */ 64, /* _PC_REC_INCR_XFER_SIZE */ 4096,
    /* _PC_REC_MAX_XFER_SIZE */ 4096, /* _PC_REC_MIN_XFER_SIZE */ 4096,
    /* _PC_REC_XFER_ALIGN */ 4096, /* _PC_ALLOC_SIZE_MIN */ 4096,
    /* _PC_SYMLINK_MAX */ -1, /* _PC_2_SYMLINKS */ 1,
];

/// `fpathconf(fd, name)`—The limit `name` (`_PC_*`) for the file open on `fd`; -1 without an
/// errno change for "no fixed limit", -1 with EINVAL for an unknown name. The descriptor is not
/// consulted: like musl, the values are those of Linux's common filesystems.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn fpathconf(_fd: c_int, name: c_int) -> c_long {
    match usize::try_from(name).ok().and_then(|i| TABLE.get(i)) {
        Some(&v) => v,
        None => {
            set_errno(EINVAL);
            -1
        }
    }
}

/// `pathconf(path, name)`—`fpathconf` for the file at `path`, which is not consulted either.
///
/// # Safety
/// `path` must be a NUL-terminated string (it is not read).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pathconf(_path: *const c_char, name: c_int) -> c_long {
    fpathconf(-1, name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::errno;

    #[test]
    fn fixed_values() {
        assert_eq!(fpathconf(0, 3), 255);
        assert_eq!(unsafe { pathconf(c"/".as_ptr(), 4) }, 4096);
        assert_eq!(fpathconf(0, 20), 1);
        set_errno(0);
        assert_eq!(fpathconf(0, 19), -1);
        assert_eq!(errno(), 0);
        assert_eq!(fpathconf(0, 21), -1);
        assert_eq!(errno(), EINVAL);
        assert_eq!(fpathconf(0, -1), -1);
        assert_eq!(errno(), EINVAL);
    }
}
