//! `memmem`.
use core::ffi::c_void;

use crate::arch::find_byte;
use crate::twoway::{Counted, Exact, Needle, find};

/// `memmem(hay, hay_len, needle, needle_len)`—Returns a pointer to the first occurrence of
/// the `needle_len` bytes at `needle` within the `hay_len` bytes at `hay`, or null if there
/// is none. An empty needle occurs at the start of any haystack.
///
/// Runs in O(hay_len + needle_len) time whatever the input (two-way algorithm, see
/// `twoway`), and first scans with vector compares for positions where the needle's two
/// rarest-looking bytes both fit.
///
/// # Safety
/// `hay` must be valid for `hay_len` bytes of reads and `needle` for `needle_len`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn memmem(hay: *const c_void, hay_len: usize, needle: *const c_void, needle_len: usize) -> *mut c_void {
    let h = hay.cast::<u8>();
    if needle_len == 0 {
        return hay.cast_mut();
    }
    if needle_len > hay_len {
        return core::ptr::null_mut();
    }
    // SAFETY: both regions are valid for their lengths, as the caller promises.
    unsafe {
        let n = core::slice::from_raw_parts(needle.cast::<u8>(), needle_len);
        if needle_len == 1 {
            return find_byte(h, n[0], hay_len).cast_mut().cast();
        }
        let needle = Needle::new::<Exact>(n);
        match find::<u8, Exact, _>(&needle, &mut Counted::new(h, hay_len)) {
            Some(i) => h.add(i).cast_mut().cast(),
            None => core::ptr::null_mut(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{Fenced, Rng};

    pub fn reference(h: &[u8], n: &[u8]) -> Option<usize> {
        if n.is_empty() {
            return Some(0);
        }
        h.windows(n.len()).position(|w| w == n)
    }

    fn run(h: &[u8], n: &[u8]) -> Option<usize> {
        let r = unsafe { memmem(h.as_ptr().cast(), h.len(), n.as_ptr().cast(), n.len()) };
        (!r.is_null()).then(|| r.addr() - h.as_ptr().addr())
    }

    #[test]
    fn random_small_alphabets() {
        let mut rng = Rng::new(0x3e33);
        for _ in 0..20_000 {
            let alphabet = 1 + rng.below(4);
            let hay: Vec<u8> = (0..rng.below(300)).map(|_| b'a' + rng.below(alphabet) as u8).collect();
            let mut needle: Vec<u8> = (0..1 + rng.below(12)).map(|_| b'a' + rng.below(alphabet) as u8).collect();
            if rng.below(2) == 0 && hay.len() > needle.len() {
                let at = rng.below(hay.len() - needle.len());
                needle = hay[at..at + needle.len()].to_vec();
            }
            assert_eq!(run(&hay, &needle), reference(&hay, &needle), "{hay:?} {needle:?}");
        }
    }

    #[test]
    fn edges() {
        assert_eq!(run(b"", b""), Some(0));
        assert_eq!(run(b"abc", b""), Some(0));
        assert_eq!(run(b"", b"a"), None);
        assert_eq!(run(b"ab", b"abc"), None);
        assert_eq!(run(b"abcabd", b"abd"), Some(3));
        assert_eq!(run(b"aaaaaaaaab", b"aaab"), Some(6));
        // The periodic case remembers the matched prefix.
        assert_eq!(run(b"abababababc", b"ababc"), Some(6));
    }

    #[test]
    fn needle_at_the_end_of_a_fenced_page() {
        let mut fenced = Fenced::new();
        let hay: Vec<u8> = (0..500).map(|i| b"xyz"[i % 3]).chain(*b"needle").collect();
        let h = fenced.at_end(&hay);
        let r = unsafe { memmem(h.cast(), hay.len(), b"needle".as_ptr().cast(), 6) };
        assert_eq!(r.addr() - h.addr(), 500);
        let r = unsafe { memmem(h.cast(), hay.len(), b"needlf".as_ptr().cast(), 6) };
        assert!(r.is_null());
    }

    /// Inputs that make a naive search quadratic must still finish quickly: 10^6 units,
    /// hundreds of millions of steps naively. (No timing is asserted; a quadratic search
    /// would just make the test suite visibly slow.)
    #[test]
    fn adversarial_inputs_are_linear() {
        let hay = vec![b'a'; 1 << 20];
        let mut needle = vec![b'a'; 1000];
        needle[500] = b'b';
        assert_eq!(run(&hay, &needle), None);
        needle[500] = b'a';
        needle.push(b'b');
        assert_eq!(run(&hay, &needle), None);
        let mut hay2 = hay.clone();
        hay2.extend_from_slice(&needle);
        assert_eq!(run(&hay2, &needle), Some(hay.len()));
    }
}
