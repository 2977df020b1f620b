//! `memrchr`.
use core::ffi::{c_int, c_void};

use crate::arch::find_last_byte;

/// `memrchr(s, c, n)`—Returns a pointer to the last of the `n` bytes at `s` that equals
/// `(unsigned char)c`, or null if none does.
///
/// Reads only the `n` bytes (in aligned blocks that hold at least one of them).
///
/// # Safety
/// `s` must be valid for `n` bytes of reads.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn memrchr(s: *const c_void, c: c_int, n: usize) -> *mut c_void {
    // SAFETY: the caller's contract is find_last_byte's.
    unsafe { find_last_byte(s.cast(), c as u8, n) }.cast_mut().cast()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{Fenced, Rng};

    #[test]
    fn finds_the_last_match() {
        let mut rng = Rng::new(0x5e1);
        for _ in 0..3000 {
            let len = rng.below(300);
            let sa = rng.below(64);
            let buf: Vec<u8> = (0..len + 64).map(|_| rng.letter()).collect();
            let c = [b'a', 0x80, 0xff, 0x01, 0][rng.below(5)];
            let s = &buf[sa..sa + len.min(buf.len() - sa)];
            let want = s.iter().rposition(|&x| x == c);
            let r = unsafe { memrchr(s.as_ptr().cast(), c as c_int | 0x100, s.len()) };
            let got = (!r.is_null()).then(|| r.addr() - s.as_ptr().addr());
            assert_eq!(got, want, "len {} align {sa} c {c:#x}", s.len());
        }
    }

    #[test]
    fn stays_inside_fenced_bytes() {
        let mut fenced = Fenced::new();
        for len in 0..=100 {
            let bytes: Vec<u8> = (0..len).map(|i| if i == 0 { b'x' } else { b'y' }).collect();
            let s = fenced.at_end(&bytes);
            let r = unsafe { memrchr(s.cast(), b'x' as c_int, len) };
            assert_eq!(r.is_null(), len == 0);
            let s = fenced.at_start(&bytes);
            let r = unsafe { memrchr(s.cast(), b'z' as c_int, len) };
            assert!(r.is_null());
        }
    }
}
