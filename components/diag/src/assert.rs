//! `__assert_fail`.
use core::ffi::{c_char, c_int};

use crate::imports::{fputc, fputs, put, stderr};

/// `__assert_fail(expr, file, line, func)`—What a failed `assert(expr)` calls: writes
/// `Assertion failed: EXPR (FILE: FUNC: LINE)` and a newline to `stderr`, as musl does,
/// then aborts (`SIGABRT`; stdio is not flushed).
///
/// # Safety
/// `expr`, `file` and `func` must be NUL-terminated strings.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn __assert_fail(expr: *const c_char, file: *const c_char, line: c_int, func: *const c_char) -> ! {
    let mut digits = [0u8; 12];
    let number = decimal(line, &mut digits);
    // SAFETY: every piece is a NUL-terminated string; `stderr` is stdio's stream.
    unsafe {
        let f = stderr;
        put(b"Assertion failed: ");
        fputs(expr, f);
        put(b" (");
        fputs(file, f);
        put(b": ");
        fputs(func, f);
        put(b": ");
        fputs(number, f);
        fputc(c_int::from(b')'), f);
        fputc(c_int::from(b'\n'), f);
    }
    limpet_start::abort::abort()
}

/// `v` in decimal, NUL-terminated, at the end of `buf`.
fn decimal(v: c_int, buf: &mut [u8; 12]) -> *const c_char {
    let mut k = buf.len() - 1;
    buf[k] = 0;
    let mut m = v.unsigned_abs();
    loop {
        k -= 1;
        buf[k] = b'0' + (m % 10) as u8;
        m /= 10;
        if m == 0 {
            break;
        }
    }
    if v < 0 {
        k -= 1;
        buf[k] = b'-';
    }
    buf[k..].as_ptr().cast()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_numbers() {
        for (v, want) in [(0, "0"), (42, "42"), (-7, "-7"), (c_int::MAX, "2147483647"), (c_int::MIN, "-2147483648")] {
            let mut buf = [0u8; 12];
            let p = decimal(v, &mut buf);
            // SAFETY: `decimal` NUL-terminates inside `buf`.
            assert_eq!(unsafe { core::ffi::CStr::from_ptr(p) }.to_str().unwrap(), want);
        }
    }
}
