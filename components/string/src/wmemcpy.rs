//! `wmemcpy` and `wmemmove`.
use crate::memcpy::memcpy;
use crate::memmove::memmove;
use crate::wchar_t;

/// Bytes in a `wchar_t`.
const W: usize = size_of::<wchar_t>();

/// `wmemcpy(dest, src, n)`—Copies `n` wide characters from `src` to `dest` and returns
/// `dest`.
///
/// # Safety
/// `src` must be valid for `n` wide characters of reads and `dest` for `n` of writes, and
/// the regions must not overlap.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wmemcpy(dest: *mut wchar_t, src: *const wchar_t, n: usize) -> *mut wchar_t {
    // SAFETY: the caller's contract is memcpy's for `n * W` bytes.
    unsafe { memcpy(dest.cast(), src.cast(), n * W) };
    dest
}

/// `wmemmove(dest, src, n)`—Copies `n` wide characters from `src` to `dest`, which may
/// overlap in any way, and returns `dest`.
///
/// # Safety
/// `src` must be valid for `n` wide characters of reads and `dest` for `n` of writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wmemmove(dest: *mut wchar_t, src: *const wchar_t, n: usize) -> *mut wchar_t {
    // SAFETY: the caller's contract is memmove's for `n * W` bytes.
    unsafe { memmove(dest.cast(), src.cast(), n * W) };
    dest
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copies_and_moves_units() {
        let src: Vec<wchar_t> = (0..100).map(|i| i * 0x01010101).collect();
        for n in 0..50 {
            let mut d = vec![7 as wchar_t; 60];
            assert_eq!(unsafe { wmemcpy(d[1..].as_mut_ptr(), src.as_ptr(), n) }, d[1..].as_mut_ptr());
            assert_eq!(&d[1..1 + n], &src[..n]);
            assert!(d[1 + n..].iter().all(|&x| x == 7) && d[0] == 7);
            let mut buf = src.clone();
            unsafe { wmemmove(buf[3..].as_mut_ptr(), buf.as_ptr(), n) };
            assert_eq!(&buf[3..3 + n], &src[..n]);
            let mut buf = src.clone();
            unsafe { wmemmove(buf.as_mut_ptr(), buf[3..].as_ptr(), n) };
            assert_eq!(&buf[..n], &src[3..3 + n]);
        }
    }
}
