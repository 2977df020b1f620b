//! `strstr`.
use core::ffi::c_char;

use crate::arch::{c_string_length, find_byte_or_nul};
use crate::twoway::{Exact, Needle, Terminated, find};

/// `strstr(hay, needle)`—Returns a pointer to the first occurrence of the string `needle`
/// in the string `hay`, or null if there is none. An empty needle occurs at `hay`.
///
/// Linear in the lengths whatever the input (two-way algorithm, see `twoway`), with a
/// vector scan for candidate positions; `hay` is measured a chunk at a time as the search
/// advances, so its length is never learnt beyond what the search needs.
///
/// # Safety
/// `hay` and `needle` must point to NUL-terminated strings.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn strstr(hay: *const c_char, needle: *const c_char) -> *mut c_char {
    let h = hay.cast::<u8>();
    // SAFETY: both are strings; the needle's bytes are a slice of its measured length.
    unsafe {
        let m = c_string_length(needle.cast());
        if m == 0 {
            return hay.cast_mut();
        }
        let n = core::slice::from_raw_parts(needle.cast::<u8>(), m);
        if m == 1 {
            let p = find_byte_or_nul(h, n[0]);
            return if *p == 0 { core::ptr::null_mut() } else { p.cast_mut().cast() };
        }
        match find::<u8, Exact, _>(&Needle::new::<Exact>(n), &mut Terminated::new(h)) {
            Some(i) => h.add(i).cast_mut().cast(),
            None => core::ptr::null_mut(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{Fenced, Rng};

    fn run(h: &[u8], n: &[u8]) -> Option<usize> {
        let (mut hz, mut nz) = (h.to_vec(), n.to_vec());
        hz.push(0);
        nz.push(0);
        let r = unsafe { strstr(hz.as_ptr().cast(), nz.as_ptr().cast()) };
        (!r.is_null()).then(|| r.addr() - hz.as_ptr().addr())
    }

    fn reference(h: &[u8], n: &[u8]) -> Option<usize> {
        if n.is_empty() {
            return Some(0);
        }
        h.windows(n.len()).position(|w| w == n)
    }

    #[test]
    fn random_small_alphabets() {
        let mut rng = Rng::new(0x5757);
        for _ in 0..20_000 {
            let alphabet = 1 + rng.below(4);
            let hay: Vec<u8> = (0..rng.below(300)).map(|_| b'a' + rng.below(alphabet) as u8).collect();
            let needle: Vec<u8> = (0..rng.below(10)).map(|_| b'a' + rng.below(alphabet) as u8).collect();
            assert_eq!(run(&hay, &needle), reference(&hay, &needle), "{hay:?} {needle:?}");
        }
    }

    #[test]
    fn long_haystacks_cross_chunks() {
        let mut hay: Vec<u8> = (0..20_000).map(|i| b"abcdefgh"[i % 8]).collect();
        hay[9000..9005].copy_from_slice(b"XYZZY");
        assert_eq!(run(&hay, b"XYZZY"), Some(9000));
        assert_eq!(run(&hay, b"hXYZZYf"), Some(8999));
        assert_eq!(run(&hay, b"XYZZZ"), None);
        assert_eq!(run(&hay, b"ab"), Some(0));
    }

    #[test]
    fn haystack_ending_at_a_fence() {
        let mut fenced = Fenced::new();
        let mut hay: Vec<u8> = (0..300).map(|i| b"xy"[i % 2]).collect();
        hay.extend_from_slice(b"needle\0");
        let h = fenced.at_end(&hay);
        for (n, want) in [(c"needle", Some(300)), (c"needles", None), (c"xyn", Some(298)), (c"e", Some(301))] {
            let r = unsafe { strstr(h.cast(), n.as_ptr()) };
            assert_eq!((!r.is_null()).then(|| r.addr() - h.addr()), want, "{n:?}");
        }
    }

    #[test]
    fn adversarial_inputs_are_linear() {
        let mut hay = vec![b'a'; 1 << 20];
        let mut needle = vec![b'a'; 2000];
        needle.push(b'b');
        assert_eq!(run(&hay, &needle), None);
        hay.extend_from_slice(&needle);
        assert_eq!(run(&hay, &needle), Some(1 << 20));
    }
}
