//! `strcmp`.
use core::ffi::{c_char, c_int};

use crate::arch::compare_c_strings;

/// `strcmp(a, b)`—Compares the strings `a` and `b` as unsigned chars.
///
/// Returns 0 if they are equal, otherwise the difference `a[i] - b[i]` at the first index
/// where they differ (a terminator counts as 0), the value musl returns. Reads neither
/// string past its terminator into a page it does not reach.
///
/// # Safety
/// `a` and `b` must point to NUL-terminated strings.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn strcmp(a: *const c_char, b: *const c_char) -> c_int {
    // SAFETY: both are strings, as compare_c_strings requires.
    unsafe { compare_c_strings(a.cast(), b.cast()) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{ALIGNS, Buf, Fenced, MAX_LEN, Rng, c_string};

    fn reference(a: &[u8], b: &[u8]) -> c_int {
        let mut i = 0;
        loop {
            if a[i] != b[i] || a[i] == 0 {
                return a[i] as c_int - b[i] as c_int;
            }
            i += 1;
        }
    }

    fn check(a: *const u8, b: *const u8, want: c_int, what: &str) {
        assert_eq!(unsafe { strcmp(a.cast(), b.cast()) }, want, "{what}");
        assert_eq!(unsafe { strcmp(b.cast(), a.cast()) }, -want, "swapped: {what}");
    }

    #[test]
    fn every_length_and_alignment() {
        let mut rng = Rng::new(0x3ec7);
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
                    // Equal (with different bytes after the terminators), then differing at a
                    // random byte and at the last one, across 0x80; then `b` ending early.
                    let mut edits = vec![None];
                    if len > 0 {
                        let p = rng.below(len);
                        edits.extend([(p, text[p] ^ 0x80), (len - 1, text[len - 1] ^ 0x80), (p, 0)].map(Some));
                    }
                    for edit in edits {
                        let mut b = b.clone();
                        if let Some((p, x)) = edit {
                            b.bytes_mut()[bs + p] = x;
                        }
                        let want = reference(&text, &b.bytes()[bs..]);
                        check(a.ptr(aa), b.ptr(ba), want, &format!("len {len} a {aa} b {ba} edit {edit:?}"));
                    }
                }
            }
        }
    }

    #[test]
    fn terminators_before_inaccessible_pages() {
        let mut rng = Rng::new(29);
        let (mut fa, mut fb) = (Fenced::new(), Fenced::new());
        for len in 0..=64 {
            let text = c_string(&mut rng, len);
            let a = fa.at_end(&text);
            // `b` equal to `a` but ending `j` bytes before its page does, so the two are
            // misaligned relative to each other; then `b` a prefix that ends on the page edge.
            for j in 0..ALIGNS {
                let mut padded = text.clone();
                padded.extend((0..j).map(|_| rng.byte()));
                let b = fb.at_end(&padded);
                check(a, b, 0, &format!("equal len {len} shift {j}"));
            }
            for m in 0..len {
                let mut prefix = text[..m].to_vec();
                prefix.push(0);
                let b = fb.at_end(&prefix);
                check(a, b, text[m] as c_int, &format!("prefix {m} of {len}"));
            }
        }
    }

    #[test]
    fn random_long_strings() {
        let mut rng = Rng::new(0xc7c7);
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
            let want = reference(&a[aa..], &b[ba..]);
            check(a[aa..].as_ptr(), b[ba..].as_ptr(), want, &format!("len {len} a {aa} b {ba}"));
        }
    }
}
