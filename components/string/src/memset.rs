//! `memset`.
use core::ffi::{c_int, c_void};


/// `memset(s, c, n)`—Stores `(unsigned char)c` into each of the `n` bytes at `s` and
/// returns `s`.
///
/// The stores run through the crate's own word loop, never `ptr::write_bytes`, which lowers
/// to a call to `memset`, this function.
///
/// # Safety
/// `s` must be valid for `n` bytes of writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn memset(s: *mut c_void, c: c_int, n: usize) -> *mut c_void {
    // SAFETY: the caller's contract is set_bytes's.
    unsafe { crate::arch::memset(s.cast(), c as u8, n).cast() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{ALIGNS, Buf, MAX_LEN, Rng};

    #[test]
    fn every_length_and_alignment() {
        let mut rng = Rng::new(0x3e5e);
        let buf0 = Buf::nonzero(&mut rng);
        for len in 0..=MAX_LEN {
            for da in 0..ALIGNS {
                // The int is truncated to unsigned char: high bits must not leak into the bytes.
                let c = [0, 0xff, 0x80, rng.byte() as c_int, -1, 0x1234_5601][rng.below(6)];
                let mut want = buf0.clone();
                let d = Buf::start(da);
                for i in 0..len {
                    want.bytes_mut()[d + i] = c as u8;
                }
                let mut buf = buf0.clone();
                let r = unsafe { memset(buf.at(da).cast(), c, len) };
                assert_eq!(r, buf.at(da).cast());
                assert!(buf == want, "len {len} dst {da} c {c:#x}");
            }
        }
    }

    #[test]
    fn random_long_fills() {
        let mut rng = Rng::new(0x5e75);
        for _ in 0..2000 {
            let len = rng.below(4096);
            let da = rng.below(64);
            let c = rng.byte();
            let mut buf: Vec<u8> = (0..len + 128).map(|_| rng.byte()).collect();
            let mut want = buf.clone();
            for i in 0..len {
                want[da + i] = c;
            }
            unsafe { memset(buf[da..].as_mut_ptr().cast(), c as c_int, len) };
            assert!(buf == want, "len {len} dst {da}");
        }
    }
}
