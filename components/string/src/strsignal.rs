//! `strsignal`.
use core::ffi::{CStr, c_char, c_int};

/// The message for 0, negative values and values past the last real-time signal.
const UNKNOWN: &CStr = c"Unknown signal";

/// Signal numbers run from 1 to `NSIG - 1` (musl's `_NSIG` is 65 on every limpet target).
const NSIG: usize = limpet_abi::signal::NSIG as usize;

/// The first signal number past the classic ones; from here to `NSIG - 1` the messages are
/// "RT32" ... "RT64" (musl names them by their own number, not as `SIGRTMIN + k`).
const FIRST_RT: usize = 32;

/// musl's messages for signals 1 to 31, byte for byte (measured by running musl's
/// `strsignal`). The numbering is the generic Linux one that x86_64, aarch64 and riscv64
/// share.
static CLASSIC: [&CStr; FIRST_RT] = [
    UNKNOWN,
    c"Hangup",
    c"Interrupt",
    c"Quit",
    c"Illegal instruction",
    c"Trace/breakpoint trap",
    c"Aborted",
    c"Bus error",
    c"Arithmetic exception",
    c"Killed",
    c"User defined signal 1",
    c"Segmentation fault",
    c"User defined signal 2",
    c"Broken pipe",
    c"Alarm clock",
    c"Terminated",
    c"Stack fault",
    c"Child process status",
    c"Continued",
    c"Stopped (signal)",
    c"Stopped",
    c"Stopped (tty input)",
    c"Stopped (tty output)",
    c"Urgent I/O condition",
    c"CPU time limit exceeded",
    c"File size limit exceeded",
    c"Virtual timer expired",
    c"Profiling timer expired",
    c"Window changed",
    c"I/O possible",
    c"Power failure",
    c"Bad system call",
];

/// "RTnn\0" for each real-time signal, built at compile time.
static REAL_TIME: [[u8; 5]; NSIG - FIRST_RT] = {
    let mut t = [[0u8; 5]; NSIG - FIRST_RT];
    let mut i = 0;
    while i < t.len() {
        let n = FIRST_RT + i;
        t[i] = [b'R', b'T', b'0' + (n / 10) as u8, b'0' + (n % 10) as u8, 0];
        i += 1;
    }
    t
};

/// `strsignal(sig)`—Returns a static description of the signal `sig`: musl's text for the
/// signals 1 to 31, "RT32" to "RT64" for the real-time range, and "Unknown signal" for
/// anything else. Never fails; the caller must not modify the string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn strsignal(sig: c_int) -> *mut c_char {
    let text: *const u8 = match usize::try_from(sig) {
        Ok(s) if s < FIRST_RT => CLASSIC[s].as_ptr().cast(),
        Ok(s) if s < NSIG => REAL_TIME[s - FIRST_RT].as_ptr(),
        _ => UNKNOWN.as_ptr().cast(),
    };
    // Translated in LC_MESSAGES where a MUSL_LOCPATH catalog has the text, as in musl.
    // SAFETY: the texts are static C strings; no locale object is named.
    unsafe { limpet_syscall::messages::translate(text.cast(), core::ptr::null_mut()) }.cast_mut()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(sig: c_int) -> &'static str {
        // SAFETY: strsignal returns a static NUL-terminated string.
        unsafe { CStr::from_ptr(strsignal(sig)) }.to_str().unwrap()
    }

    #[test]
    fn texts_match_musl() {
        assert_eq!(text(1), "Hangup");
        assert_eq!(text(6), "Aborted");
        assert_eq!(text(11), "Segmentation fault");
        assert_eq!(text(19), "Stopped (signal)");
        assert_eq!(text(31), "Bad system call");
        assert_eq!(text(32), "RT32");
        assert_eq!(text(34), "RT34");
        assert_eq!(text(64), "RT64");
        for s in [0, -1, -2, 65, 66, 1000, c_int::MIN, c_int::MAX] {
            assert_eq!(text(s), "Unknown signal");
        }
    }
}
