//! `wmemset`.
use crate::wchar_t;

/// `wmemset(dest, c, n)`—Stores the wide character `c` into `n` wide characters at `dest`
/// and returns `dest`.
///
/// # Safety
/// `dest` must be valid for `n` wide characters of writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wmemset(dest: *mut wchar_t, c: wchar_t, n: usize) -> *mut wchar_t {
    for i in 0..n {
        // SAFETY: i < n.
        unsafe { *dest.add(i) = c };
    }
    dest
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fills_exactly_n() {
        for n in 0..70 {
            let mut d = vec![1 as wchar_t; 80];
            assert_eq!(unsafe { wmemset(d[2..].as_mut_ptr(), 0x12345 as wchar_t, n) }, d[2..].as_mut_ptr());
            assert!(d[2..2 + n].iter().all(|&x| x == 0x12345 as wchar_t));
            assert!(d[..2].iter().chain(&d[2 + n..]).all(|&x| x == 1));
        }
    }
}
