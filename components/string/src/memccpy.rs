//! `memccpy`.
use core::ffi::{c_int, c_void};

use crate::arch::{copy_forward, find_byte};

/// `memccpy(dest, src, c, n)`—Copies bytes from `src` to `dest` up to and including the
/// first `(unsigned char)c`, at most `n` of them. Returns a pointer to the byte after the
/// copy of `c` in `dest`, or null if `c` was not among the `n` bytes.
///
/// `src` is read no further than the first `c`.
///
/// # Safety
/// `src` must be readable up to the first `c` or for `n` bytes, whichever comes first;
/// `dest` must be valid for as many bytes of writes; the two must not overlap.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn memccpy(dest: *mut c_void, src: *const c_void, c: c_int, n: usize) -> *mut c_void {
    let (d, s) = (dest.cast::<u8>(), src.cast::<u8>());
    // SAFETY: find_byte reads `src` within the caller's bound; then exactly the bytes up to
    // and including the match (or all `n`) are copied.
    unsafe {
        let hit = find_byte(s, c as u8, n);
        if hit.is_null() {
            copy_forward(d, s, n);
            return core::ptr::null_mut();
        }
        let len = hit.addr() - s.addr() + 1;
        copy_forward(d, s, len);
        d.add(len).cast()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::Rng;

    #[test]
    fn stops_after_the_byte() {
        let mut rng = Rng::new(0xcc);
        for _ in 0..3000 {
            let n = rng.below(200);
            let src: Vec<u8> = (0..n + 8).map(|_| rng.letter()).collect();
            let c = src[rng.below(src.len())];
            let mut dst = vec![0x55u8; n + 8];
            let mut want = dst.clone();
            let stop = src[..n].iter().position(|&x| x == c);
            let copied = stop.map_or(n, |i| i + 1);
            want[..copied].copy_from_slice(&src[..copied]);
            let r = unsafe { memccpy(dst.as_mut_ptr().cast(), src.as_ptr().cast(), c as c_int | 0x300, n) };
            assert_eq!(dst, want);
            match stop {
                Some(i) => assert_eq!(r.addr(), dst.as_ptr().addr() + i + 1),
                None => assert!(r.is_null()),
            }
        }
    }
}
