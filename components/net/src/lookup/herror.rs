//! `h_errno` (per thread, through `__h_errno_location`), `herror`, `hstrerror`, and
//! `gai_strerror`, with musl's messages.
use core::ffi::{CStr, c_char, c_int};

use limpet_abi::netdb::{
    EAI_ADDRFAMILY, EAI_AGAIN, EAI_BADFLAGS, EAI_FAIL, EAI_NODATA, EAI_FAMILY, EAI_MEMORY, EAI_NONAME, EAI_OVERFLOW, EAI_SERVICE, EAI_SOCKTYPE,
    EAI_SYSTEM, HOST_NOT_FOUND, NO_DATA, NO_RECOVERY, TRY_AGAIN,
};

/// `h_errno`—The process-wide variable of old programs that declare `extern int h_errno`
/// themselves; `<netdb.h>`'s `h_errno` is `*__h_errno_location()`, the thread's own.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
#[allow(non_upper_case_globals)]
pub static mut h_errno: c_int = 0;

/// `__h_errno_location()`—The address of the calling thread's `h_errno`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn __h_errno_location() -> *mut c_int {
    slot::location()
}

/// Sets the calling thread's `h_errno`.
pub fn set_h_errno(v: c_int) {
    // SAFETY: the calling thread's own word.
    unsafe { *slot::location() = v };
}

/// The calling thread's `h_errno`.
pub fn get_h_errno() -> c_int {
    // SAFETY: as above.
    unsafe { *slot::location() }
}

/// `hstrerror(err)`—The message for the `h_errno` value `err`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn hstrerror(err: c_int) -> *const c_char {
    let s: &CStr = match err {
        HOST_NOT_FOUND => c"Host not found",
        TRY_AGAIN => c"Try again",
        NO_RECOVERY => c"Non-recoverable error",
        NO_DATA => c"Address not available",
        _ => c"Unknown error",
    };
    // Translated in LC_MESSAGES where a MUSL_LOCPATH catalog has the text, as in musl.
    // SAFETY: a static string; no locale object is named.
    unsafe { limpet_syscall::messages::translate(s.as_ptr(), core::ptr::null_mut()) }
}

/// `herror(msg)`—Writes `msg: ` (when `msg` is not null) and the message for `h_errno`,
/// with a newline, to standard error in one write.
///
/// # Safety
/// `msg` must be null or a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn herror(msg: *const c_char) {
    let mut line = [0u8; 512];
    let mut n = 0;
    let mut put = |b: &[u8]| {
        let k = b.len().min(line.len() - n);
        line[n..n + k].copy_from_slice(&b[..k]);
        n += k;
    };
    if !msg.is_null() {
        // SAFETY: the caller passes a NUL-terminated string.
        put(unsafe { CStr::from_ptr(msg) }.to_bytes());
        put(b": ");
    }
    // SAFETY: hstrerror returns a static string.
    put(unsafe { CStr::from_ptr(hstrerror(get_h_errno())) }.to_bytes());
    put(b"\n");
    // SAFETY: `line[..n]` is readable.
    unsafe { limpet_syscall::unistd::write(2, line.as_ptr().cast(), n) };
}

/// `gai_strerror(err)`—The message for the `getaddrinfo`/`getnameinfo` error `err`
/// (musl's texts; `EAI_NODATA` and `EAI_ADDRFAMILY`, which musl 1.2.3 leaves without one,
/// have glibc's).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn gai_strerror(err: c_int) -> *const c_char {
    let s: &CStr = match err {
        EAI_BADFLAGS => c"Invalid flags",
        EAI_NONAME => c"Name does not resolve",
        EAI_AGAIN => c"Try again",
        EAI_FAIL => c"Non-recoverable error",
        EAI_NODATA => c"No address associated with hostname",
        EAI_ADDRFAMILY => c"Address family for hostname not supported",
        EAI_FAMILY => c"Unrecognized address family or invalid length",
        EAI_SOCKTYPE => c"Unrecognized socket type",
        EAI_SERVICE => c"Unrecognized service",
        EAI_MEMORY => c"Out of memory",
        EAI_SYSTEM => c"System error",
        EAI_OVERFLOW => c"Overflow",
        _ => c"Unknown error",
    };
    // Translated in LC_MESSAGES where a MUSL_LOCPATH catalog has the text, as in musl.
    // SAFETY: a static string; no locale object is named.
    unsafe { limpet_syscall::messages::translate(s.as_ptr(), core::ptr::null_mut()) }
}

#[cfg(not(test))]
mod slot {
    use core::ffi::c_int;

    limpet_start::thread_slot!(
        /// The calling thread's `h_errno`, in the low half of its word.
        static H_ERRNO, None
    );

    /// The calling thread's `h_errno`: its slot word in a process limpet started, else the
    /// process-wide variable.
    pub fn location() -> *mut c_int {
        if limpet_start::limpet_threads() {
            // SAFETY: the thread pointer is limpet's; the word is this thread's, and an
            // int fits in its first bytes (a word is at least as aligned as an int).
            unsafe { H_ERRNO.word_ptr().cast() }
        } else {
            &raw mut super::h_errno
        }
    }
}

#[cfg(test)]
mod slot {
    use core::cell::Cell;
    use core::ffi::c_int;

    std::thread_local!(static SLOT: Cell<c_int> = const { Cell::new(0) });

    pub fn location() -> *mut c_int {
        SLOT.with(Cell::as_ptr)
    }
}
