//! `strcasestr`.
use core::ffi::c_char;

use crate::arch::c_string_length;
use crate::twoway::{AsciiCase, Needle, Terminated, find};

/// `strcasestr(hay, needle)`—Returns a pointer to the first occurrence of the string
/// `needle` in the string `hay` ignoring case (ASCII, as `strncasecmp` in the C locales),
/// or null if there is none. An empty needle occurs at `hay`.
///
/// Linear in the lengths whatever the input (two-way algorithm over case-folded bytes, see
/// `twoway`); the candidate scan looks for both cases of the needle's rarest-looking bytes.
///
/// # Safety
/// `hay` and `needle` must point to NUL-terminated strings.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn strcasestr(hay: *const c_char, needle: *const c_char) -> *mut c_char {
    let h = hay.cast::<u8>();
    // SAFETY: both are strings; the needle's bytes are a slice of its measured length.
    unsafe {
        let m = c_string_length(needle.cast());
        if m == 0 {
            return hay.cast_mut();
        }
        let n = core::slice::from_raw_parts(needle.cast::<u8>(), m);
        match find::<u8, AsciiCase, _>(&Needle::new::<AsciiCase>(n), &mut Terminated::new(h)) {
            Some(i) => h.add(i).cast_mut().cast(),
            None => core::ptr::null_mut(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::Rng;

    fn run(h: &[u8], n: &[u8]) -> Option<usize> {
        let (mut hz, mut nz) = (h.to_vec(), n.to_vec());
        hz.push(0);
        nz.push(0);
        let r = unsafe { strcasestr(hz.as_ptr().cast(), nz.as_ptr().cast()) };
        (!r.is_null()).then(|| r.addr() - hz.as_ptr().addr())
    }

    fn reference(h: &[u8], n: &[u8]) -> Option<usize> {
        if n.is_empty() {
            return Some(0);
        }
        h.windows(n.len()).position(|w| w.eq_ignore_ascii_case(n))
    }

    #[test]
    fn random_mixed_case() {
        let mut rng = Rng::new(0xca5e5);
        let letters = *b"aAbB@`\xc0\xe0";
        for _ in 0..20_000 {
            let k = 2 + rng.below(6);
            let hay: Vec<u8> = (0..rng.below(300)).map(|_| letters[rng.below(k)]).collect();
            let needle: Vec<u8> = (0..rng.below(8)).map(|_| letters[rng.below(k)]).collect();
            assert_eq!(run(&hay, &needle), reference(&hay, &needle), "{hay:?} {needle:?}");
        }
    }

    #[test]
    fn adversarial_inputs_are_linear() {
        let hay: Vec<u8> = (0..1 << 20).map(|i| if i % 2 == 0 { b'a' } else { b'A' }).collect();
        let mut needle = vec![b'a'; 999];
        needle.push(b'b');
        assert_eq!(run(&hay, &needle), None);
        assert_eq!(run(&hay, b"aAaA"), Some(0));
    }
}
