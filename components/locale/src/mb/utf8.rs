//! The decoder and encoder under every multibyte function: strict UTF-8 for UTF-8 locales,
//! and the C locale's byte mapping.
//!
//! A partial UTF-8 character lives in one `u32` (the first word of `mbstate_t`): bit 31
//! marks it, bits 0..21 hold the value decoded so far, bits 24..26 how many continuation
//! bytes are still due, and bits 26..29 which narrower range the next one must fall in (the
//! second byte after E0, ED, F0 and F4, which is how overlong forms, surrogates and values
//! above 0x10FFFF are refused without decoding them). Other nonzero words without bit 31
//! belong to `mbrtoc16`/`c16rtomb` (a held surrogate), as in musl.

/// Marks a state word that holds a partial character.
pub const PARTIAL: u32 = 1 << 31;
const NEED_SHIFT: u32 = 24;
const NEED_MASK: u32 = 3;
const RANGE_SHIFT: u32 = 26;
const RANGE_MASK: u32 = 7;
const VALUE_MASK: u32 = (1 << 21) - 1;

/// The ranges a continuation byte may be in: any, then the narrowed second bytes.
const RANGES: [(u8, u8); 5] = [(0x80, 0xBF), (0xA0, 0xBF), (0x80, 0x9F), (0x90, 0xBF), (0x80, 0x8F)];
const ANY: u32 = 0;
/// After E0: A0..BF (smaller is overlong).
const AFTER_E0: u32 = 1;
/// After ED: 80..9F (larger is a surrogate).
const AFTER_ED: u32 = 2;
/// After F0: 90..BF (smaller is overlong).
const AFTER_F0: u32 = 3;
/// After F4: 80..8F (larger is above 0x10FFFF).
const AFTER_F4: u32 = 4;

/// Where the C locale puts the bytes 0x80..0xFF: the wide characters 0xDF80..0xDFFF (low
/// surrogates, so no valid character collides with them).
const C_BYTE_BASE: u32 = 0xDF00;

/// The C locale's wide character for the byte `b` (`b` itself below 0x80).
#[inline]
pub const fn byte_to_wide(b: u8) -> u32 {
    if b < 0x80 { b as u32 } else { C_BYTE_BASE | b as u32 }
}

/// The C locale's byte for the wide character `wc`, if it has one.
#[inline]
pub const fn wide_to_byte(wc: u32) -> Option<u8> {
    if wc < 0x80 || (wc >= C_BYTE_BASE + 0x80 && wc <= C_BYTE_BASE + 0xFF) { Some(wc as u8) } else { None }
}

/// What one more byte does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A character is complete.
    Done(u32),
    /// More bytes are due; the new state word.
    More(u32),
    /// The byte cannot continue (or start) a character.
    Bad,
}

const fn partial(value: u32, need: u32, range: u32) -> u32 {
    PARTIAL | value | need << NEED_SHIFT | range << RANGE_SHIFT
}

/// What a UTF-8 lead byte starts: the character's length, the range code of its second
/// byte, and the value bits the lead carries. `None` for bytes that start no character
/// (continuation bytes, C0, C1, F5..FF); ASCII is not asked about.
#[inline(always)]
fn lead(b: u8) -> Option<(usize, u32, u32)> {
    let v = b as u32;
    Some(match b {
        0xC2..=0xDF => (2, ANY, v & 0x1F),
        0xE0 => (3, AFTER_E0, 0),
        0xED => (3, AFTER_ED, 0xD),
        0xE1..=0xEF => (3, ANY, v & 0x0F),
        0xF0 => (4, AFTER_F0, 0),
        0xF4 => (4, AFTER_F4, 4),
        0xF1..=0xF3 => (4, ANY, v & 0x07),
        _ => return None,
    })
}

/// Decodes a whole UTF-8 character whose non-ASCII lead byte is `b0`, reading its other
/// bytes through `at(1)`, `at(2)`, ... and stopping at the first that does not fit, so a
/// NUL-terminated string is never read past its end. The character and its length, or
/// `None` for an invalid sequence.
#[inline(always)]
pub fn whole(b0: u8, mut at: impl FnMut(usize) -> u8) -> Option<(u32, usize)> {
    let (len, range, mut v) = lead(b0)?;
    let (lo, hi) = RANGES[range as usize];
    let b1 = at(1);
    if b1 < lo || b1 > hi {
        return None;
    }
    v = v << 6 | (b1 & 0x3F) as u32;
    for i in 2..len {
        let b = at(i);
        if b & 0xC0 != 0x80 {
            return None;
        }
        v = v << 6 | (b & 0x3F) as u32;
    }
    Some((v, len))
}

/// The first byte of a character, in a UTF-8 locale (`utf8`) or the C locale.
#[inline]
pub fn start(b: u8, utf8: bool) -> Step {
    if b < 0x80 {
        return Step::Done(b as u32);
    }
    if !utf8 {
        return Step::Done(byte_to_wide(b));
    }
    match lead(b) {
        Some((len, range, v)) => Step::More(partial(v, len as u32 - 1, range)),
        None => Step::Bad,
    }
}

/// A continuation byte after the partial state `state`.
#[inline]
pub fn resume(state: u32, b: u8) -> Step {
    if state & PARTIAL == 0 {
        return Step::Bad;
    }
    let (lo, hi) = RANGES[(state >> RANGE_SHIFT & RANGE_MASK) as usize];
    if b < lo || b > hi {
        return Step::Bad;
    }
    let value = (state & VALUE_MASK) << 6 | (b & 0x3F) as u32;
    match (state >> NEED_SHIFT & NEED_MASK) - 1 {
        0 => Step::Done(value),
        need => Step::More(partial(value, need, ANY)),
    }
}

/// One step from state word `state` (0: between characters).
#[inline]
pub fn step(state: u32, b: u8, utf8: bool) -> Step {
    if state == 0 { start(b, utf8) } else { resume(state, b) }
}

/// What decoding from a byte string found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decoded {
    /// The character `wc`, complete after `len` bytes of this call (at least 1).
    Char { wc: u32, len: usize },
    /// Every byte was used and the character is still incomplete (also for no bytes).
    Incomplete,
    /// An invalid sequence; the state is back to initial.
    Invalid,
}

/// Decodes one character from `bytes`, continuing from the state word `*state`, which is
/// updated: initial after a character or an error, partial when the bytes run out.
#[inline(always)]
pub fn decode(bytes: &[u8], state: &mut u32, utf8: bool) -> Decoded {
    // SAFETY: every byte of the slice is readable.
    unsafe { decode_raw(bytes.as_ptr(), bytes.len(), state, utf8) }
}

/// [`decode`] of at most `n` bytes at `p`, read in order and only as far as the result
/// needs: a C caller may pass an `n` larger than its buffer when the character (or the
/// string's terminator, which ends any sequence) comes first.
///
/// # Safety
/// Each byte `decode` reads is readable: the bytes at `p` up to the one that completes or
/// refutes the character, and no further than `p + n`.
#[inline(always)]
pub unsafe fn decode_raw(p: *const u8, n: usize, state: &mut u32, utf8: bool) -> Decoded {
    let mut s = *state;
    if n == 0 {
        return Decoded::Incomplete;
    }
    // SAFETY: `n > 0`, and the first byte is always read.
    let b0 = unsafe { *p };
    // A whole character at hand (the usual case) is decoded without the state.
    if s == 0 && utf8 && b0 >= 0x80 {
        match lead(b0) {
            None => return Decoded::Invalid,
            Some((len, ..)) if n >= len => {
                // SAFETY: `whole` asks for the bytes in order, below `len <= n`, and stops
                // at the first that does not continue the character.
                return match whole(b0, |i| unsafe { *p.add(i) }) {
                    Some((wc, len)) => Decoded::Char { wc, len },
                    None => Decoded::Invalid,
                };
            }
            Some(_) => {}
        }
    }
    for i in 0..n {
        // SAFETY: bytes are read in order, and the loop ends at the one that settles it.
        let b = unsafe { *p.add(i) };
        match step(s, b, utf8) {
            Step::Done(wc) => {
                *state = 0;
                return Decoded::Char { wc, len: i + 1 };
            }
            Step::More(next) => s = next,
            Step::Bad => {
                *state = 0;
                return Decoded::Invalid;
            }
        }
    }
    *state = s;
    Decoded::Incomplete
}

/// Encodes `wc` into `out`, returning the length, or `None` when the locale cannot
/// represent it: in UTF-8, surrogates and values above 0x10FFFF; in the C locale, anything
/// but ASCII and 0xDF80..0xDFFF.
#[inline]
pub fn encode(wc: u32, utf8: bool, out: &mut [u8; 4]) -> Option<usize> {
    if wc < 0x80 {
        out[0] = wc as u8;
        return Some(1);
    }
    if !utf8 {
        out[0] = wide_to_byte(wc)?;
        return Some(1);
    }
    let cont = |shift: u32| 0x80 | (wc >> shift & 0x3F) as u8;
    match wc {
        0x80..=0x7FF => {
            out[0] = 0xC0 | (wc >> 6) as u8;
            out[1] = cont(0);
            Some(2)
        }
        0x800..=0xD7FF | 0xE000..=0xFFFF => {
            out[0] = 0xE0 | (wc >> 12) as u8;
            out[1] = cont(6);
            out[2] = cont(0);
            Some(3)
        }
        0x10000..=0x10FFFF => {
            out[0] = 0xF0 | (wc >> 18) as u8;
            out[1] = cont(12);
            out[2] = cont(6);
            out[3] = cont(0);
            Some(4)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reference decoder written from the Unicode definition of well-formed UTF-8
    /// (Table 3-7): the value and length of the character at the start of `b`, `Err(true)`
    /// when `b` is a valid but incomplete prefix, `Err(false)` when it is ill-formed.
    fn reference(b: &[u8]) -> Result<(u32, usize), bool> {
        let Some(&b0) = b.first() else { return Err(true) };
        let (len, init) = match b0 {
            0x00..=0x7F => return Ok((b0 as u32, 1)),
            0xC2..=0xDF => (2, b0 as u32 & 0x1F),
            0xE0..=0xEF => (3, b0 as u32 & 0x0F),
            0xF0..=0xF4 => (4, b0 as u32 & 0x07),
            _ => return Err(false),
        };
        let mut v = init;
        for i in 1..len {
            let Some(&c) = b.get(i) else { return Err(true) };
            let (lo, hi) = match (i, b0) {
                (1, 0xE0) => (0xA0, 0xBF),
                (1, 0xED) => (0x80, 0x9F),
                (1, 0xF0) => (0x90, 0xBF),
                (1, 0xF4) => (0x80, 0x8F),
                _ => (0x80, 0xBF),
            };
            if !(lo..=hi).contains(&c) {
                return Err(false);
            }
            v = v << 6 | (c & 0x3F) as u32;
        }
        Ok((v, len))
    }

    fn check(b: &[u8]) {
        let mut st = 0;
        let got = decode(b, &mut st, true);
        match reference(b) {
            Ok((wc, len)) => assert_eq!(got, Decoded::Char { wc, len }, "{b:02x?}"),
            Err(true) => {
                assert_eq!(got, Decoded::Incomplete, "{b:02x?}");
                assert_ne!(st & PARTIAL, 0);
            }
            Err(false) => assert_eq!(got, Decoded::Invalid, "{b:02x?}"),
        }
        if got != Decoded::Incomplete {
            assert_eq!(st, 0);
        }
    }

    #[test]
    fn every_sequence_up_to_three_bytes() {
        for a in 0..=255u8 {
            check(&[a]);
            for b in 0..=255u8 {
                check(&[a, b]);
                for c in 0..=255u8 {
                    check(&[a, b, c]);
                }
            }
        }
    }

    #[test]
    fn every_four_byte_sequence() {
        // A fourth byte is read only after a valid incomplete three-byte prefix; every other
        // sequence is settled within three bytes, which the test above covers, and `decode`
        // stops there. So the four-byte sequences left are these prefixes times every byte.
        let mut prefixes = 0;
        for a in 0xF0..=0xF4u8 {
            for b in 0..=255u8 {
                for c in 0..=255u8 {
                    if reference(&[a, b, c]) != Err(true) {
                        continue;
                    }
                    prefixes += 1;
                    for d in 0..=255u8 {
                        check(&[a, b, c, d]);
                    }
                }
            }
        }
        assert_eq!(prefixes, (48 + 3 * 64 + 16) * 64);
    }

    #[test]
    fn byte_by_byte_equals_all_at_once() {
        // Every scalar value, encoded, then fed one byte per call.
        let mut buf = [0u8; 4];
        for wc in (0..0x110000u32).filter(|w| !(0xD800..0xE000).contains(w)) {
            let n = encode(wc, true, &mut buf).unwrap();
            assert_eq!(char::from_u32(wc).unwrap().len_utf8(), n);
            let mut utf8 = [0u8; 4];
            char::from_u32(wc).unwrap().encode_utf8(&mut utf8);
            assert_eq!(buf[..n], utf8[..n]);
            let mut st = 0;
            for (i, &b) in buf[..n].iter().enumerate() {
                let got = decode(&[b], &mut st, true);
                if i + 1 < n {
                    assert_eq!(got, Decoded::Incomplete);
                } else {
                    assert_eq!(got, Decoded::Char { wc, len: 1 });
                }
            }
            assert_eq!(st, 0);
        }
    }

    #[test]
    fn encoding_refuses_what_utf8_cannot_hold() {
        let mut buf = [0u8; 4];
        for wc in [0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0x110000, 0x7FFF_FFFF, u32::MAX] {
            assert_eq!(encode(wc, true, &mut buf), None);
        }
    }

    #[test]
    fn c_locale_maps_every_byte() {
        let mut buf = [0u8; 4];
        for b in 0..=255u8 {
            let wc = if b < 0x80 { b as u32 } else { 0xDF80 + (b as u32 - 0x80) };
            let mut st = 0;
            assert_eq!(decode(&[b], &mut st, false), Decoded::Char { wc, len: 1 });
            assert_eq!(encode(wc, false, &mut buf), Some(1));
            assert_eq!(buf[0], b);
        }
        for wc in (0x80..0xDF80).chain(0xE000..0x11_0000).chain([u32::MAX]) {
            assert_eq!(encode(wc, false, &mut buf), None, "{wc:#x}");
        }
    }

    #[test]
    fn partial_states_resume_across_locales_and_refuse_foreign_words() {
        let mut st = 0;
        assert_eq!(decode(&[0xE2, 0x82], &mut st, true), Decoded::Incomplete);
        // A partial character finishes as UTF-8 whatever the locale now is (as in musl).
        assert_eq!(decode(&[0xAC], &mut st, false), Decoded::Char { wc: 0x20AC, len: 1 });
        let mut held = 0xDC00;
        assert_eq!(decode(&[0x80], &mut held, true), Decoded::Invalid);
        assert_eq!(held, 0);
    }
}
