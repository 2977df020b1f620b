//! `strncmp`.
use core::ffi::{c_char, c_int};

use crate::arch::compare_strings;

/// `strncmp(a, b, n)`—Compares at most the first `n` bytes of the strings `a` and `b` as
/// unsigned chars.
///
/// Returns 0 if they are equal that far, otherwise the difference `a[i] - b[i]` at the
/// first index where they differ (a terminator counts as 0), the value musl returns.
/// Reads neither array past its terminator or its `n`th byte.
///
/// # Safety
/// Each of `a` and `b` must be readable up to its NUL or for `n` bytes, whichever comes first.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn strncmp(a: *const c_char, b: *const c_char, n: usize) -> c_int {
    // SAFETY: the caller's contract is compare_strings's.
    unsafe { compare_strings(a.cast(), b.cast(), n) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{ALIGNS, Buf, Fenced, MAX_LEN, Rng, c_string};

    fn reference(a: &[u8], b: &[u8], n: usize) -> c_int {
        for i in 0..n {
            if a[i] != b[i] || a[i] == 0 {
                return a[i] as c_int - b[i] as c_int;
            }
        }
        0
    }

    fn check(a: *const u8, b: *const u8, n: usize, want: c_int, what: &str) {
        assert_eq!(unsafe { strncmp(a.cast(), b.cast(), n) }, want, "{what} n {n}");
        assert_eq!(unsafe { strncmp(b.cast(), a.cast(), n) }, -want, "swapped: {what} n {n}");
    }

    #[test]
    fn every_length_and_alignment() {
        let mut rng = Rng::new(0x3ec8);
        let a0 = Buf::nonzero(&mut rng);
        let b0 = Buf::nonzero(&mut rng);
        for len in 0..=MAX_LEN {
            for aa in 0..ALIGNS {
                let mut a = a0.clone();
                a.bytes_mut()[Buf::start(aa) + len] = 0;
                let text = a.bytes()[Buf::start(aa)..][..=len].to_vec();
                for ba in 0..ALIGNS {
                    let mut b = b0.clone();
                    let bs = Buf::start(ba);
                    b.bytes_mut()[bs..=bs + len].copy_from_slice(&text);
                    let mut edits = vec![None];
                    if len > 0 {
                        let p = rng.below(len);
                        edits.extend([(p, text[p] ^ 0x80), (len - 1, text[len - 1] ^ 0x80), (p, 0)].map(Some));
                    }
                    for edit in edits {
                        let mut b = b.clone();
                        let p = match edit {
                            Some((p, x)) => {
                                b.bytes_mut()[bs + p] = x;
                                p
                            }
                            None => len,
                        };
                        // A limit before, at and after the difference, and past both ends.
                        for n in [0, rng.below(len + 2), p, p + 1, len + 1, usize::MAX] {
                            let want = reference(&text, &b.bytes()[bs..], n.min(len + 1));
                            check(a.ptr(aa), b.ptr(ba), n, want, &format!("len {len} a {aa} b {ba} edit {edit:?}"));
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn limits_before_inaccessible_pages() {
        let mut rng = Rng::new(31);
        let (mut fa, mut fb) = (Fenced::new(), Fenced::new());
        for len in 0..=64 {
            // Unterminated arrays of `len` bytes that end on their pages' last bytes: with
            // `n == len` nothing past them may be read.
            let text: Vec<u8> = (0..len).map(|_| rng.nonzero()).collect();
            for j in 0..ALIGNS.min(len + 1) {
                let a = fa.at_end(&text[j..]);
                let b = fb.at_start(&text).wrapping_add(j);
                check(a, b, len - j, 0, &format!("arrays len {len} shift {j}"));
            }
            // A terminated string against a longer one, with a limit past both.
            let s = c_string(&mut rng, len);
            let a = fa.at_end(&s);
            let mut longer = s[..len].to_vec();
            longer.extend([b'x', 0]);
            let b = fb.at_end(&longer);
            check(a, b, usize::MAX, -(b'x' as c_int), &format!("prefix len {len}"));
        }
    }

    #[test]
    fn random_long_strings() {
        let mut rng = Rng::new(0xc8c8);
        for _ in 0..2000 {
            let len = rng.below(4096);
            let (aa, ba) = (rng.below(64), rng.below(64));
            let mut a: Vec<u8> = vec![b'q'; aa];
            a.extend((0..len).map(|_| if rng.below(256) == 0 { rng.letter() } else { b'z' }));
            a.push(0);
            let mut b: Vec<u8> = vec![b'q'; ba];
            b.extend_from_slice(&a[aa..]);
            if len > 0 && rng.below(3) != 0 {
                b[ba + rng.below(len)] = [0, rng.letter()][rng.below(2)];
            }
            let n = rng.below(len + 2);
            let want = reference(&a[aa..], &b[ba..], n);
            check(a[aa..].as_ptr(), b[ba..].as_ptr(), n, want, &format!("len {len} a {aa} b {ba}"));
        }
    }
}
