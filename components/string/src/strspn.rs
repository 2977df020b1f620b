//! `strspn`, `strcspn` and `strpbrk`: spans of bytes in or out of a set.
use core::ffi::c_char;

use crate::arch::{c_string_length, find_byte_or_nul};

/// A set of bytes, one bit each.
struct ByteSet([u64; 4]);

impl ByteSet {
    /// The bytes of the string `s` (not its terminator).
    ///
    /// # Safety
    /// `s` must point to a NUL-terminated string.
    unsafe fn of(mut s: *const u8) -> Self {
        let mut set = ByteSet([0; 4]);
        // SAFETY: reading stops at the terminator.
        unsafe {
            while *s != 0 {
                set.0[(*s >> 6) as usize] |= 1 << (*s & 63);
                s = s.add(1);
            }
        }
        set
    }

    fn has(&self, b: u8) -> bool {
        self.0[(b >> 6) as usize] & 1 << (b & 63) != 0
    }
}

/// The length of the longest prefix of the string `s` whose bytes are all (`inside`) or all
/// not (`!inside`) in the string `set`. The terminator ends every span.
///
/// # Safety
/// `s` and `set` must point to NUL-terminated strings.
unsafe fn span(s: *const c_char, set: *const c_char, inside: bool) -> usize {
    let (s, set) = (s.cast::<u8>(), set.cast::<u8>());
    // SAFETY: both are strings; single-byte sets go to the vector scans, and the loop
    // below stops at the terminator, which is never in the set.
    unsafe {
        if !inside && *set == 0 {
            return c_string_length(s);
        }
        if !inside && *set.add(1) == 0 {
            return find_byte_or_nul(s, *set).addr() - s.addr();
        }
        let bytes = ByteSet::of(set);
        let mut i = 0;
        while *s.add(i) != 0 && bytes.has(*s.add(i)) == inside {
            i += 1;
        }
        i
    }
}

/// `strspn(s, accept)`—Returns the length of the longest prefix of the string `s` made
/// only of bytes from the string `accept`.
///
/// # Safety
/// `s` and `accept` must point to NUL-terminated strings.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn strspn(s: *const c_char, accept: *const c_char) -> usize {
    // SAFETY: the caller's contract is span's.
    unsafe { span(s, accept, true) }
}

/// `strcspn(s, reject)`—Returns the length of the longest prefix of the string `s` with no
/// byte from the string `reject`.
///
/// # Safety
/// `s` and `reject` must point to NUL-terminated strings.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn strcspn(s: *const c_char, reject: *const c_char) -> usize {
    // SAFETY: the caller's contract is span's.
    unsafe { span(s, reject, false) }
}

/// `strpbrk(s, accept)`—Returns a pointer to the first byte of the string `s` that is in
/// the string `accept`, or null if there is none.
///
/// # Safety
/// `s` and `accept` must point to NUL-terminated strings.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn strpbrk(s: *const c_char, accept: *const c_char) -> *mut c_char {
    // SAFETY: span stays inside `s`; its result indexes a byte of `s`, terminator included.
    unsafe {
        let p = s.add(span(s, accept, false));
        if *p == 0 { core::ptr::null_mut() } else { p.cast_mut() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::Rng;

    #[test]
    fn spans_match_a_reference() {
        let mut rng = Rng::new(0x5a5);
        for _ in 0..20_000 {
            let s: Vec<u8> = (0..rng.below(60)).map(|_| rng.letter()).chain([0]).collect();
            let set: Vec<u8> = (0..rng.below(4)).map(|_| [rng.letter(), rng.nonzero()][rng.below(2)]).chain([0]).collect();
            let inset = |b: &u8| set[..set.len() - 1].contains(b);
            let text = &s[..s.len() - 1];
            let accept = text.iter().position(|b| !inset(b)).unwrap_or(text.len());
            let reject = text.iter().position(inset).unwrap_or(text.len());
            let (sp, st) = (s.as_ptr().cast(), set.as_ptr().cast());
            unsafe {
                assert_eq!(strspn(sp, st), accept, "{s:?} {set:?}");
                assert_eq!(strcspn(sp, st), reject, "{s:?} {set:?}");
                let p = strpbrk(sp, st);
                let want = (reject < text.len()).then_some(reject);
                assert_eq!((!p.is_null()).then(|| p.addr() - sp.addr()), want);
            }
        }
    }
}
