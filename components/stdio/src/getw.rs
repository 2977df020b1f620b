//! `gets`, `getw`, `putw`: old interfaces musl still exports.
use core::ffi::{c_char, c_int};

use crate::abi::EOF;
use crate::file::{F_EOF, FILE, STDIN_FILE};

/// `gets(s)`—Reads a line from stdin into `s`, without its newline, NUL-terminated.
/// Returns `s`, or null at end of file before any byte or after a read error. Removed
/// from C11 because nothing bounds the write; musl still exports it.
///
/// # Safety
/// `s` must be large enough for the line and its terminator.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn gets(s: *mut c_char) -> *mut c_char {
    STDIN_FILE.with_lock(|st| {
        let mut i = 0;
        let mut c;
        loop {
            c = st.get_byte();
            if c == EOF || c == c_int::from(b'\n') {
                break;
            }
            // SAFETY: the caller vouches for the room.
            unsafe { *s.add(i) = c as c_char };
            i += 1;
        }
        // SAFETY: as above.
        unsafe { *s.add(i) = 0 };
        if c != c_int::from(b'\n') && (st.flags & F_EOF == 0 || i == 0) { core::ptr::null_mut() } else { s }
    })
}

/// `getw(f)`—Reads an `int` in the machine's representation from `f`; `EOF` at end of
/// file or on error (and when the `int` read is -1).
///
/// # Safety
/// `f` must point to a live `FILE`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getw(f: *mut FILE) -> c_int {
    let mut x: c_int = 0;
    // SAFETY: `x` has room for one int; the caller vouches for `f`.
    let n = unsafe { crate::fread::fread((&raw mut x).cast(), core::mem::size_of::<c_int>(), 1, f) };
    if n == 1 { x } else { EOF }
}

/// `putw(x, f)`—Writes the `int` `x` in the machine's representation to `f`. Returns 0,
/// or `EOF` on error (musl's values; glibc's `putw` returns 0 too).
///
/// # Safety
/// `f` must point to a live `FILE`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn putw(x: c_int, f: *mut FILE) -> c_int {
    // SAFETY: one int from `x`; the caller vouches for `f`.
    let n = unsafe { crate::fwrite::fwrite((&raw const x).cast(), core::mem::size_of::<c_int>(), 1, f) };
    if n == 1 { 0 } else { EOF }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::TmpFile;

    #[test]
    fn ints_round_trip() {
        let t = TmpFile::new("getw", None);
        let f = t.open(c"w+");
        unsafe {
            assert_eq!(putw(0x1234_5678, f), 0);
            assert_eq!(putw(-7, f), 0);
            crate::fseek::rewind(f);
            assert_eq!(getw(f), 0x1234_5678);
            assert_eq!(getw(f), -7);
            assert_eq!(getw(f), EOF);
            crate::fclose::fclose(f);
        }
    }
}
