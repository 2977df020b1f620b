//! `strerror`, its `_l` forms, and the errno message table that other components share
//! (`perror`, `%m`).
use core::ffi::{CStr, c_char, c_int};

use crate::locale_t;

use limpet_syscall::errno::*;

/// The message for 0, for negative values, for values past the table, and for the errno
/// values that have no message of their own.
const UNKNOWN: &CStr = c"No error information";

/// One past the largest errno value limpet knows.
const TABLE_LEN: usize = EHWPOISON as usize + 1;

/// The errno values with a message of their own, and the message. The texts are musl's,
/// byte for byte (measured by running musl's `strerror`): programs and test suites print
/// and compare them. musl has no text for some values (`ECHRNG`, `ERFKILL`, ...); those
/// get UNKNOWN.
const ENTRIES: &[(c_int, &CStr)] = &[
    (EPERM, c"Operation not permitted"),
    (ENOENT, c"No such file or directory"),
    (ESRCH, c"No such process"),
    (EINTR, c"Interrupted system call"),
    (EIO, c"I/O error"),
    (ENXIO, c"No such device or address"),
    (E2BIG, c"Argument list too long"),
    (ENOEXEC, c"Exec format error"),
    (EBADF, c"Bad file descriptor"),
    (ECHILD, c"No child process"),
    (EAGAIN, c"Resource temporarily unavailable"),
    (ENOMEM, c"Out of memory"),
    (EACCES, c"Permission denied"),
    (EFAULT, c"Bad address"),
    (ENOTBLK, c"Block device required"),
    (EBUSY, c"Resource busy"),
    (EEXIST, c"File exists"),
    (EXDEV, c"Cross-device link"),
    (ENODEV, c"No such device"),
    (ENOTDIR, c"Not a directory"),
    (EISDIR, c"Is a directory"),
    (EINVAL, c"Invalid argument"),
    (ENFILE, c"Too many open files in system"),
    (EMFILE, c"No file descriptors available"),
    (ENOTTY, c"Not a tty"),
    (ETXTBSY, c"Text file busy"),
    (EFBIG, c"File too large"),
    (ENOSPC, c"No space left on device"),
    (ESPIPE, c"Invalid seek"),
    (EROFS, c"Read-only file system"),
    (EMLINK, c"Too many links"),
    (EPIPE, c"Broken pipe"),
    (EDOM, c"Domain error"),
    (ERANGE, c"Result not representable"),
    (EDEADLK, c"Resource deadlock would occur"),
    (ENAMETOOLONG, c"Filename too long"),
    (ENOLCK, c"No locks available"),
    (ENOSYS, c"Function not implemented"),
    (ENOTEMPTY, c"Directory not empty"),
    (ELOOP, c"Symbolic link loop"),
    (ENOMSG, c"No message of desired type"),
    (EIDRM, c"Identifier removed"),
    (ENOSTR, c"Device not a stream"),
    (ENODATA, c"No data available"),
    (ETIME, c"Device timeout"),
    (ENOSR, c"Out of streams resources"),
    (ENOLINK, c"Link has been severed"),
    (EPROTO, c"Protocol error"),
    (EMULTIHOP, c"Multihop attempted"),
    (EBADMSG, c"Bad message"),
    (EOVERFLOW, c"Value too large for data type"),
    (EBADFD, c"File descriptor in bad state"),
    (EILSEQ, c"Illegal byte sequence"),
    (ENOTSOCK, c"Not a socket"),
    (EDESTADDRREQ, c"Destination address required"),
    (EMSGSIZE, c"Message too large"),
    (EPROTOTYPE, c"Protocol wrong type for socket"),
    (ENOPROTOOPT, c"Protocol not available"),
    (EPROTONOSUPPORT, c"Protocol not supported"),
    (ESOCKTNOSUPPORT, c"Socket type not supported"),
    (EOPNOTSUPP, c"Not supported"),
    (EPFNOSUPPORT, c"Protocol family not supported"),
    (EAFNOSUPPORT, c"Address family not supported by protocol"),
    (EADDRINUSE, c"Address in use"),
    (EADDRNOTAVAIL, c"Address not available"),
    (ENETDOWN, c"Network is down"),
    (ENETUNREACH, c"Network unreachable"),
    (ENETRESET, c"Connection reset by network"),
    (ECONNABORTED, c"Connection aborted"),
    (ECONNRESET, c"Connection reset by peer"),
    (ENOBUFS, c"No buffer space available"),
    (EISCONN, c"Socket is connected"),
    (ENOTCONN, c"Socket not connected"),
    (ESHUTDOWN, c"Cannot send after socket shutdown"),
    (ETIMEDOUT, c"Operation timed out"),
    (ECONNREFUSED, c"Connection refused"),
    (EHOSTDOWN, c"Host is down"),
    (EHOSTUNREACH, c"Host is unreachable"),
    (EALREADY, c"Operation already in progress"),
    (EINPROGRESS, c"Operation in progress"),
    (ESTALE, c"Stale file handle"),
    (EREMOTEIO, c"Remote I/O error"),
    (EDQUOT, c"Quota exceeded"),
    (ENOMEDIUM, c"No medium found"),
    (EMEDIUMTYPE, c"Wrong medium type"),
    (ECANCELED, c"Operation canceled"),
    (ENOKEY, c"Required key not available"),
    (EKEYEXPIRED, c"Key has expired"),
    (EKEYREVOKED, c"Key has been revoked"),
    (EKEYREJECTED, c"Key was rejected by service"),
    (EOWNERDEAD, c"Previous owner died"),
    (ENOTRECOVERABLE, c"State not recoverable"),
];

/// Every message, UNKNOWN first, each with its NUL, in one array; with [`OFFSETS`] it
/// replaces a table of pointers, which libc.so would have to relocate at every start-up.
static TEXT: [u8; TEXT_LEN] = {
    let mut t = [0u8; TEXT_LEN];
    let mut at = 0;
    let mut k = 0;
    while k <= ENTRIES.len() {
        let m = if k == 0 { UNKNOWN } else { ENTRIES[k - 1].1 }.to_bytes_with_nul();
        let mut i = 0;
        while i < m.len() {
            t[at + i] = m[i];
            i += 1;
        }
        at += m.len();
        k += 1;
    }
    t
};

const TEXT_LEN: usize = {
    let mut n = UNKNOWN.to_bytes_with_nul().len();
    let mut k = 0;
    while k < ENTRIES.len() {
        n += ENTRIES[k].1.to_bytes_with_nul().len();
        k += 1;
    }
    n
};

/// Where each errno value's message starts in [`TEXT`] (0, UNKNOWN, for those without one).
static OFFSETS: [u16; TABLE_LEN] = {
    let mut o = [0u16; TABLE_LEN];
    let mut at = UNKNOWN.to_bytes_with_nul().len();
    let mut k = 0;
    while k < ENTRIES.len() {
        o[ENTRIES[k].0 as usize] = at as u16;
        at += ENTRIES[k].1.to_bytes_with_nul().len();
        k += 1;
    }
    assert!(at <= u16::MAX as usize);
    o
};

/// The message for `errnum`, as [`strerror`] returns it, for Rust callers.
pub fn strerror_message(errnum: i32) -> &'static CStr {
    match usize::try_from(errnum) {
        Ok(i) if i < TABLE_LEN => {
            // SAFETY: every offset starts a message in TEXT, which ends with its NUL.
            unsafe { CStr::from_ptr(TEXT.as_ptr().add(OFFSETS[i] as usize).cast()) }
        }
        _ => UNKNOWN,
    }
}

/// `strerror(errnum)`—Returns the message for the error number `errnum`, or
/// "No error information" for a value without one. Never fails and never sets errno.
///
/// The string is static and shared; the caller must not modify it. It is the same in every
/// locale unless a `MUSL_LOCPATH` catalog of the current locale's `LC_MESSAGES` translates
/// it, as in musl.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn strerror(errnum: c_int) -> *mut c_char {
    // SAFETY: null names the current locale.
    unsafe { strerror_l(errnum, core::ptr::null_mut()) }
}

/// `strerror_l(errnum, loc)`—[`strerror`] in the locale `loc`: translated by a
/// `MUSL_LOCPATH` catalog of `loc`'s `LC_MESSAGES`, if any (a null `loc` here means the
/// current locale, for [`strerror`]).
///
/// # Safety
/// `loc` is a live locale object (`LC_GLOBAL_LOCALE` included) or null.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn strerror_l(errnum: c_int, loc: locale_t) -> *mut c_char {
    // SAFETY: the message is static; `loc` is the caller's locale object or null.
    unsafe { limpet_syscall::messages::translate(strerror_message(errnum).as_ptr(), loc.cast()) }.cast_mut()
}

/// `__strerror_l(errnum, loc)`—musl's internal name for [`strerror_l`], which it exports.
///
/// # Safety
/// As for [`strerror_l`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn __strerror_l(errnum: c_int, loc: locale_t) -> *mut c_char {
    // SAFETY: the same contract.
    unsafe { strerror_l(errnum, loc) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(e: c_int) -> &'static str {
        // SAFETY: strerror returns a static NUL-terminated string.
        unsafe { CStr::from_ptr(strerror(e)) }.to_str().unwrap()
    }

    #[test]
    fn known_values_match_musl() {
        let sample = [
            (EPERM, "Operation not permitted"),
            (ENOENT, "No such file or directory"),
            (EIO, "I/O error"),
            (EAGAIN, "Resource temporarily unavailable"),
            (ENOMEM, "Out of memory"),
            (EINVAL, "Invalid argument"),
            (EMFILE, "No file descriptors available"),
            (ENOTTY, "Not a tty"),
            (EPIPE, "Broken pipe"),
            (EDOM, "Domain error"),
            (ERANGE, "Result not representable"),
            (EDEADLK, "Resource deadlock would occur"),
            (ENOSYS, "Function not implemented"),
            (ELOOP, "Symbolic link loop"),
            (ENOSTR, "Device not a stream"),
            (EBADFD, "File descriptor in bad state"),
            (EILSEQ, "Illegal byte sequence"),
            (EOPNOTSUPP, "Not supported"),
            (EAFNOSUPPORT, "Address family not supported by protocol"),
            (ESHUTDOWN, "Cannot send after socket shutdown"),
            (ETIMEDOUT, "Operation timed out"),
            (ESTALE, "Stale file handle"),
            (EREMOTEIO, "Remote I/O error"),
            (ECANCELED, "Operation canceled"),
            (EKEYREJECTED, "Key was rejected by service"),
            (ENOTRECOVERABLE, "State not recoverable"),
        ];
        for (e, want) in sample {
            assert_eq!(text(e), want, "errno {e}");
        }
        assert_eq!(text(EWOULDBLOCK), text(EAGAIN));
        assert_eq!(text(ENOTSUP), text(EOPNOTSUPP));
    }

    #[test]
    fn values_without_a_message() {
        for e in [0, -1, c_int::MIN, ECHRNG, EBFONT, ETOOMANYREFS, ERFKILL, EHWPOISON, 134, 4095, c_int::MAX] {
            assert_eq!(text(e), "No error information", "errno {e}");
        }
        // Distinct messages for distinct known values, and every one of them real text.
        let known: Vec<_> = (0..TABLE_LEN as c_int).map(text).filter(|t| *t != "No error information").collect();
        assert_eq!(known.len(), 92);
        let mut unique = known.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), known.len());
    }

    #[test]
    fn rust_api_agrees_and_pointers_are_stable() {
        for e in -2..140 {
            assert_eq!(strerror_message(e).as_ptr(), strerror(e).cast_const());
            assert_eq!(strerror(e), strerror(e));
            // SAFETY: null names the current locale.
            unsafe {
                assert_eq!(strerror_l(e, core::ptr::null_mut()), strerror(e));
                assert_eq!(__strerror_l(e, core::ptr::null_mut()), strerror(e));
            }
        }
    }
}
