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

/// The message for each errno value, indexed by it. The texts are musl's, byte for byte
/// (measured by running musl's `strerror`): programs and test suites print and compare
/// them. musl has no text for some values (`ECHRNG`, `ERFKILL`, ...); those stay UNKNOWN.
static MESSAGES: [&CStr; TABLE_LEN] = {
    let mut t = [UNKNOWN; TABLE_LEN];
    t[EPERM as usize] = c"Operation not permitted";
    t[ENOENT as usize] = c"No such file or directory";
    t[ESRCH as usize] = c"No such process";
    t[EINTR as usize] = c"Interrupted system call";
    t[EIO as usize] = c"I/O error";
    t[ENXIO as usize] = c"No such device or address";
    t[E2BIG as usize] = c"Argument list too long";
    t[ENOEXEC as usize] = c"Exec format error";
    t[EBADF as usize] = c"Bad file descriptor";
    t[ECHILD as usize] = c"No child process";
    t[EAGAIN as usize] = c"Resource temporarily unavailable";
    t[ENOMEM as usize] = c"Out of memory";
    t[EACCES as usize] = c"Permission denied";
    t[EFAULT as usize] = c"Bad address";
    t[ENOTBLK as usize] = c"Block device required";
    t[EBUSY as usize] = c"Resource busy";
    t[EEXIST as usize] = c"File exists";
    t[EXDEV as usize] = c"Cross-device link";
    t[ENODEV as usize] = c"No such device";
    t[ENOTDIR as usize] = c"Not a directory";
    t[EISDIR as usize] = c"Is a directory";
    t[EINVAL as usize] = c"Invalid argument";
    t[ENFILE as usize] = c"Too many open files in system";
    t[EMFILE as usize] = c"No file descriptors available";
    t[ENOTTY as usize] = c"Not a tty";
    t[ETXTBSY as usize] = c"Text file busy";
    t[EFBIG as usize] = c"File too large";
    t[ENOSPC as usize] = c"No space left on device";
    t[ESPIPE as usize] = c"Invalid seek";
    t[EROFS as usize] = c"Read-only file system";
    t[EMLINK as usize] = c"Too many links";
    t[EPIPE as usize] = c"Broken pipe";
    t[EDOM as usize] = c"Domain error";
    t[ERANGE as usize] = c"Result not representable";
    t[EDEADLK as usize] = c"Resource deadlock would occur";
    t[ENAMETOOLONG as usize] = c"Filename too long";
    t[ENOLCK as usize] = c"No locks available";
    t[ENOSYS as usize] = c"Function not implemented";
    t[ENOTEMPTY as usize] = c"Directory not empty";
    t[ELOOP as usize] = c"Symbolic link loop";
    t[ENOMSG as usize] = c"No message of desired type";
    t[EIDRM as usize] = c"Identifier removed";
    t[ENOSTR as usize] = c"Device not a stream";
    t[ENODATA as usize] = c"No data available";
    t[ETIME as usize] = c"Device timeout";
    t[ENOSR as usize] = c"Out of streams resources";
    t[ENOLINK as usize] = c"Link has been severed";
    t[EPROTO as usize] = c"Protocol error";
    t[EMULTIHOP as usize] = c"Multihop attempted";
    t[EBADMSG as usize] = c"Bad message";
    t[EOVERFLOW as usize] = c"Value too large for data type";
    t[EBADFD as usize] = c"File descriptor in bad state";
    t[EILSEQ as usize] = c"Illegal byte sequence";
    t[ENOTSOCK as usize] = c"Not a socket";
    t[EDESTADDRREQ as usize] = c"Destination address required";
    t[EMSGSIZE as usize] = c"Message too large";
    t[EPROTOTYPE as usize] = c"Protocol wrong type for socket";
    t[ENOPROTOOPT as usize] = c"Protocol not available";
    t[EPROTONOSUPPORT as usize] = c"Protocol not supported";
    t[ESOCKTNOSUPPORT as usize] = c"Socket type not supported";
    t[EOPNOTSUPP as usize] = c"Not supported";
    t[EPFNOSUPPORT as usize] = c"Protocol family not supported";
    t[EAFNOSUPPORT as usize] = c"Address family not supported by protocol";
    t[EADDRINUSE as usize] = c"Address in use";
    t[EADDRNOTAVAIL as usize] = c"Address not available";
    t[ENETDOWN as usize] = c"Network is down";
    t[ENETUNREACH as usize] = c"Network unreachable";
    t[ENETRESET as usize] = c"Connection reset by network";
    t[ECONNABORTED as usize] = c"Connection aborted";
    t[ECONNRESET as usize] = c"Connection reset by peer";
    t[ENOBUFS as usize] = c"No buffer space available";
    t[EISCONN as usize] = c"Socket is connected";
    t[ENOTCONN as usize] = c"Socket not connected";
    t[ESHUTDOWN as usize] = c"Cannot send after socket shutdown";
    t[ETIMEDOUT as usize] = c"Operation timed out";
    t[ECONNREFUSED as usize] = c"Connection refused";
    t[EHOSTDOWN as usize] = c"Host is down";
    t[EHOSTUNREACH as usize] = c"Host is unreachable";
    t[EALREADY as usize] = c"Operation already in progress";
    t[EINPROGRESS as usize] = c"Operation in progress";
    t[ESTALE as usize] = c"Stale file handle";
    t[EREMOTEIO as usize] = c"Remote I/O error";
    t[EDQUOT as usize] = c"Quota exceeded";
    t[ENOMEDIUM as usize] = c"No medium found";
    t[EMEDIUMTYPE as usize] = c"Wrong medium type";
    t[ECANCELED as usize] = c"Operation canceled";
    t[ENOKEY as usize] = c"Required key not available";
    t[EKEYEXPIRED as usize] = c"Key has expired";
    t[EKEYREVOKED as usize] = c"Key has been revoked";
    t[EKEYREJECTED as usize] = c"Key was rejected by service";
    t[EOWNERDEAD as usize] = c"Previous owner died";
    t[ENOTRECOVERABLE as usize] = c"State not recoverable";
    t
};

/// The message for `errnum`, as [`strerror`] returns it, for Rust callers.
pub fn strerror_message(errnum: i32) -> &'static CStr {
    match usize::try_from(errnum) {
        Ok(i) if i < TABLE_LEN => MESSAGES[i],
        _ => UNKNOWN,
    }
}

/// `strerror(errnum)`—Returns the message for the error number `errnum`, or
/// "No error information" for a value without one. Never fails and never sets errno.
///
/// The string is static and shared; the caller must not modify it. (In the C locale, the
/// only one limpet has, the text is the same in every locale.)
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn strerror(errnum: c_int) -> *mut c_char {
    strerror_message(errnum).as_ptr().cast_mut()
}

/// `strerror_l(errnum, loc)`—[`strerror`] in the locale `loc`. Every locale limpet has (the
/// C ones, as in musl) has the same messages.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn strerror_l(errnum: c_int, _loc: locale_t) -> *mut c_char {
    strerror(errnum)
}

/// `__strerror_l(errnum, loc)`—musl's internal name for [`strerror_l`], which it exports.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn __strerror_l(errnum: c_int, _loc: locale_t) -> *mut c_char {
    strerror(errnum)
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
            assert_eq!(strerror_l(e, core::ptr::null_mut()), strerror(e));
            assert_eq!(__strerror_l(e, core::ptr::null_mut()), strerror(e));
        }
    }
}
