//! The fast paths: loops specialised for a pair of charsets, which the converter runs
//! before each general step (two indirect calls a character). Each takes what it can of
//! the front of the input, only whole valid characters the target holds, and stops at the
//! first it cannot take (or when the output is full), leaving that to the general step;
//! so they change nothing about errors. Every charset they read or write is stateless.
//!
//! - [`Kernel::Ascii`]: ASCII runs between two ASCII-compatible byte charsets, eight
//!   bytes at a time;
//! - [`Kernel::Utf8ToUtf16`]: all of UTF-8 to UTF-16, with ASCII runs widened eight at a
//!   time;
//! - [`Kernel::Utf8ToLatin1`]: ASCII runs and the two-byte sequences of U+0080..U+00FF;
//! - [`Kernel::Utf8ToTable`], [`Kernel::TableToUtf8`]: UTF-8 and an ASCII-compatible
//!   single-byte table, with the table read in line;
//! - [`Kernel::GbToUtf8`], [`Kernel::Utf8ToGb`]: GBK and GB18030 from and to UTF-8, ASCII
//!   runs and the two-byte table (or its reverse index) read in line (GB18030's four-byte
//!   sequences go to the general step).
use crate::codec::{Charset, Decode};
use crate::single_byte::{self, Table, id};
use crate::{utf8, utf16};

/// A specialised loop for a pair of charsets.
#[derive(Clone, Copy)]
pub enum Kernel {
    Ascii,
    Utf8ToUtf16 {
        le: bool,
    },
    Utf8ToLatin1,
    Utf8ToTable(&'static Table),
    TableToUtf8(&'static Table),
    #[cfg(any(feature = "charset-gbk", feature = "charset-gb18030"))]
    GbToUtf8,
    #[cfg(any(feature = "charset-gbk", feature = "charset-gb18030"))]
    Utf8ToGb,
}

/// Whether `cs` maps bytes 0x00..0x7F to ASCII one to one, both ways, without state.
fn ascii_compatible(cs: Charset) -> bool {
    match cs {
        Charset::Utf8 | Charset::Ascii => true,
        Charset::SingleByte(id::LATIN1) => true,
        Charset::SingleByte(n) => single_byte::table(n).is_some_and(|t| t.first == 0x80),
        _ => false,
    }
}

/// The table of single-byte charset `n`, if it has one and is ASCII-compatible.
fn ascii_table(n: u16) -> Option<&'static Table> {
    single_byte::table(n).filter(|t| t.first == 0x80)
}

/// The fast path for converting `from` to `to`, if there is one.
pub fn kernel(from: Charset, to: Charset) -> Option<Kernel> {
    match (from, to) {
        (Charset::Utf8, Charset::Utf16 | Charset::Utf16Be) => {
            Some(Kernel::Utf8ToUtf16 { le: false })
        }
        (Charset::Utf8, Charset::Utf16Le) => Some(Kernel::Utf8ToUtf16 { le: true }),
        (Charset::Utf8, Charset::SingleByte(id::LATIN1)) => Some(Kernel::Utf8ToLatin1),
        (Charset::Utf8, Charset::SingleByte(n)) => ascii_table(n).map(Kernel::Utf8ToTable),
        (Charset::SingleByte(n), Charset::Utf8) => ascii_table(n).map(Kernel::TableToUtf8),
        // Both read the same two-byte table with the same leads and trails.
        #[cfg(feature = "charset-gbk")]
        (Charset::Gbk, Charset::Utf8) => Some(Kernel::GbToUtf8),
        #[cfg(feature = "charset-gb18030")]
        (Charset::Gb18030, Charset::Utf8) => Some(Kernel::GbToUtf8),
        #[cfg(feature = "charset-gbk")]
        (Charset::Utf8, Charset::Gbk) => Some(Kernel::Utf8ToGb),
        #[cfg(feature = "charset-gb18030")]
        (Charset::Utf8, Charset::Gb18030) => Some(Kernel::Utf8ToGb),
        _ if ascii_compatible(from) && ascii_compatible(to) => Some(Kernel::Ascii),
        _ => None,
    }
}

/// Runs `k` over the front of `input`: returns bytes read and written.
#[inline]
pub fn run(k: Kernel, input: &[u8], out: &mut [u8]) -> (usize, usize) {
    match k {
        Kernel::Ascii => {
            let n = ascii_copy(input, out);
            (n, n)
        }
        Kernel::Utf8ToUtf16 { le: false } => utf8_to_utf16::<false>(input, out),
        Kernel::Utf8ToUtf16 { le: true } => utf8_to_utf16::<true>(input, out),
        Kernel::Utf8ToLatin1 => utf8_to_latin1(input, out),
        Kernel::Utf8ToTable(t) => utf8_to_table(t, input, out),
        Kernel::TableToUtf8(t) => table_to_utf8(t, input, out),
        #[cfg(any(feature = "charset-gbk", feature = "charset-gb18030"))]
        Kernel::GbToUtf8 => gb_to_utf8(input, out),
        #[cfg(any(feature = "charset-gbk", feature = "charset-gb18030"))]
        Kernel::Utf8ToGb => utf8_to_gb(input, out),
    }
}

/// The first code point UTF-8 writes in three bytes.
#[cfg(any(feature = "charset-gbk", feature = "charset-gb18030"))]
const UTF8_THREE_BYTES: u32 = 0x800;

/// GBK or GB18030 to UTF-8: ASCII runs, and two-byte sequences looked up in the GB table
/// (whose cells are BMP code points from U+0080, so two or three bytes of UTF-8). Stops at
/// anything else (a four-byte sequence, an empty cell, invalid or cut input) or when the
/// output is full.
#[cfg(any(feature = "charset-gbk", feature = "charset-gb18030"))]
fn gb_to_utf8(input: &[u8], out: &mut [u8]) -> (usize, usize) {
    use crate::cjk::gb;
    with_ascii_runs(input, out, |src, dst| {
        let &[b0, b1, ..] = src else { return None };
        if !(gb::LEAD_LO..=gb::LEAD_HI).contains(&b0) || !gb::is_trail(b1) {
            return None;
        }
        let c = gb::GB2.get(b0, gb::column(b1));
        if c == 0 {
            return None;
        }
        if c < UTF8_THREE_BYTES {
            dst.get_mut(..2)?
                .copy_from_slice(&[0xC0 | (c >> 6) as u8, 0x80 | (c & 0x3F) as u8]);
            Some((2, 2))
        } else {
            dst.get_mut(..3)?.copy_from_slice(&[
                0xE0 | (c >> 12) as u8,
                0x80 | (c >> 6 & 0x3F) as u8,
                0x80 | (c & 0x3F) as u8,
            ]);
            Some((2, 3))
        }
    })
}

/// UTF-8 to GBK or GB18030: ASCII runs, and the characters GB's two-byte table holds,
/// found in its reverse index (the code both charsets write for them). Stops at anything
/// else (GB18030's four-byte characters, one GBK lacks, invalid or cut input) or when the
/// output is full.
#[cfg(any(feature = "charset-gbk", feature = "charset-gb18030"))]
fn utf8_to_gb(input: &[u8], out: &mut [u8]) -> (usize, usize) {
    use crate::cjk::gb;
    with_ascii_runs(input, out, |src, dst| {
        let Decode::Char { c, len } = utf8::decode(src) else {
            return None;
        };
        let code = gb::REV.get(c)?;
        dst.get_mut(..2)?.copy_from_slice(&code.to_be_bytes());
        Some((len, 2))
    })
}

/// The loop of every kernel from or to UTF-8 but UTF-16's: ASCII runs are copied a word at
/// a time, and at any other byte `step(src, dst)` takes one character from the front of
/// `src` (which starts at that byte) into the front of `dst`, returning the bytes read and
/// written, or `None` to stop there. Stops too when the output is full.
#[inline(always)]
fn with_ascii_runs(
    input: &[u8],
    out: &mut [u8],
    mut step: impl FnMut(&[u8], &mut [u8]) -> Option<(usize, usize)>,
) -> (usize, usize) {
    let (mut i, mut o) = (0, 0);
    // One turn per run and the character after it (text mixes them, so the run is often
    // empty only in scripts without ASCII, which the byte test skips cheaply).
    loop {
        if input.get(i).is_some_and(u8::is_ascii) {
            let n = ascii_copy(&input[i..], &mut out[o..]);
            i += n;
            o += n;
        }
        // Past the run: the end of the input, a full output (the byte is still ASCII), or
        // a byte for `step`.
        if input.get(i).is_none_or(u8::is_ascii) {
            break;
        }
        let Some((read, written)) = step(&input[i..], &mut out[o..]) else {
            break;
        };
        i += read;
        o += written;
    }
    (i, o)
}

/// A word's high bits: a byte of the word is ASCII when its bit is clear.
const HIGH_BITS: u64 = 0x8080_8080_8080_8080;
/// The bytes in a word.
const WORD: usize = 8;

/// The length of the ASCII run at the front of `s`.
#[inline(always)]
fn ascii_len(s: &[u8]) -> usize {
    let mut i = 0;
    while let Some(chunk) = s.get(i..i + WORD) {
        let w = u64::from_le_bytes(chunk.try_into().unwrap());
        if w & HIGH_BITS != 0 {
            return i + ((w & HIGH_BITS).trailing_zeros() / 8) as usize;
        }
        i += WORD;
    }
    i + s[i..].iter().take_while(|b| b.is_ascii()).count()
}

/// Copies the ASCII run at the front of `input` (as much as fits).
fn ascii_copy(input: &[u8], out: &mut [u8]) -> usize {
    let n = ascii_len(&input[..input.len().min(out.len())]);
    out[..n].copy_from_slice(&input[..n]);
    n
}

/// Spreads four bytes (the low half of `w`, in memory order) into four 16-bit units,
/// returned as the eight bytes of those units in little-endian order.
#[inline(always)]
fn widen4(w: u64) -> u64 {
    let x = w & 0xffff_ffff;
    let x = (x | (x << 16)) & 0x0000_ffff_0000_ffff;
    (x | (x << 8)) & 0x00ff_00ff_00ff_00ff
}

/// UTF-8 to UTF-16 (big-endian, or little-endian with `LE`). ASCII goes eight bytes at a
/// time, spread into units with shifts; two-byte sequences are decoded in line; the rest
/// goes through the UTF-8 decoder.
fn utf8_to_utf16<const LE: bool>(input: &[u8], out: &mut [u8]) -> (usize, usize) {
    let (mut i, mut o) = (0, 0);
    let unit = |u: u16| if LE { u.to_le_bytes() } else { u.to_be_bytes() };
    // A big-endian unit is a little-endian one shifted up a byte (the top byte of each
    // unit of ASCII is 0).
    let order = |x: u64| {
        if LE {
            x.to_le_bytes()
        } else {
            (x << 8).to_le_bytes()
        }
    };
    loop {
        while let (Some(src), Some(dst)) = (input.get(i..i + WORD), out.get_mut(o..o + 2 * WORD)) {
            let w = u64::from_le_bytes(src.try_into().unwrap());
            if w & HIGH_BITS != 0 {
                break;
            }
            dst[..WORD].copy_from_slice(&order(widen4(w)));
            dst[WORD..].copy_from_slice(&order(widen4(w >> 32)));
            i += WORD;
            o += 2 * WORD;
        }
        let Some(&b) = input.get(i) else { break };
        let Some(dst) = out.get_mut(o..o + 2) else {
            break;
        };
        if b < 0x80 {
            dst.copy_from_slice(&unit(b as u16));
            i += 1;
            o += 2;
            continue;
        }
        if let (0xc2..=0xdf, Some(&c1)) = (b, input.get(i + 1))
            && c1 & 0xc0 == 0x80
        {
            dst.copy_from_slice(&unit(((b as u16 & 0x1f) << 6) | (c1 as u16 & 0x3f)));
            i += 2;
            o += 2;
            continue;
        }
        let Decode::Char { c, len } = utf8::decode(&input[i..]) else {
            break;
        };
        match utf16::encode_in(c, &mut out[o..], LE, true) {
            crate::codec::Encode::Wrote { len: w } => o += w,
            _ => break,
        }
        i += len;
    }
    (i, o)
}

/// UTF-8 to ISO-8859-1.
fn utf8_to_latin1(input: &[u8], out: &mut [u8]) -> (usize, usize) {
    with_ascii_runs(input, out, |src, dst| {
        // U+0080..U+00FF are C2 80..C2 BF and C3 80..C3 BF.
        let (&[lead, cont, ..], Some(byte)) = (src, dst.first_mut()) else {
            return None;
        };
        if !(lead == 0xc2 || lead == 0xc3) || cont & 0xc0 != 0x80 {
            return None;
        }
        *byte = ((lead & 0x03) << 6) | (cont & 0x3f);
        Some((2, 1))
    })
}

/// UTF-8 to an ASCII-compatible single-byte table. Two-byte sequences (most alphabets
/// these tables hold) are decoded in line.
fn utf8_to_table(t: &Table, input: &[u8], out: &mut [u8]) -> (usize, usize) {
    with_ascii_runs(input, out, |src, dst| {
        let byte = dst.first_mut()?;
        let (c, len) = match *src {
            [b @ 0xc2..=0xdf, c1, ..] if c1 & 0xc0 == 0x80 => {
                (((b as u32 & 0x1f) << 6) | (c1 as u32 & 0x3f), 2)
            }
            _ => match utf8::decode(src) {
                Decode::Char { c, len } => (c, len),
                _ => return None,
            },
        };
        *byte = t.encode_char(c)?;
        Some((len, 1))
    })
}

/// An ASCII-compatible single-byte table to UTF-8.
fn table_to_utf8(t: &Table, input: &[u8], out: &mut [u8]) -> (usize, usize) {
    with_ascii_runs(input, out, |src, dst| {
        let c = t.decode_byte(src[0])?;
        let dst = Some(dst).filter(|d| d.len() >= utf8::len_of(c))?;
        Some((1, utf8::write(c, dst)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each kernel agrees with the general codecs on every prefix of mixed text, for every
    /// output size: same bytes, and it never takes more than the general loop would.
    #[test]
    fn kernels_agree_with_codecs() {
        let text = "plain ASCII text, then é, ÿ, € and 😀; and 中文 at the end. ".repeat(3);
        let mut bad = text.clone().into_bytes();
        bad.extend_from_slice(b"\xe2\x82");
        for (k, to) in [
            (Kernel::Utf8ToUtf16 { le: false }, Charset::Utf16Be),
            (Kernel::Utf8ToUtf16 { le: true }, Charset::Utf16Le),
            (Kernel::Utf8ToLatin1, Charset::SingleByte(id::LATIN1)),
            (Kernel::Ascii, Charset::Ascii),
            #[cfg(feature = "charset-cp1252")]
            (
                Kernel::Utf8ToTable(single_byte::table(id::CP1252).unwrap()),
                Charset::SingleByte(id::CP1252),
            ),
        ] {
            let codec = crate::registry::codec(to).unwrap();
            for input in [text.as_bytes(), &bad[..]] {
                // The general conversion of the longest convertible prefix.
                let mut want = Vec::new();
                let mut buf = [0u8; 4];
                let mut ends = vec![0];
                let mut i = 0;
                while let Decode::Char { c, len } = utf8::decode(&input[i..]) {
                    match (codec.encode)(&mut 0, c, &mut buf) {
                        crate::codec::Encode::Wrote { len: w } => want.extend_from_slice(&buf[..w]),
                        _ => break,
                    }
                    i += len;
                    ends.push(want.len());
                    if i == input.len() {
                        break;
                    }
                }
                for size in 0..=want.len() + 4 {
                    let mut out = vec![0u8; size];
                    let (r, w) = run(k, input, &mut out);
                    assert!(r <= i, "{to:?}: read past what the target holds");
                    assert!(ends.contains(&w), "{to:?}: stopped inside a character");
                    assert_eq!(&out[..w], &want[..w], "{to:?}: size {size}");
                }
            }
        }
    }
}

#[cfg(all(test, feature = "charset-cp1251"))]
mod table_to_utf8_tests {
    use super::*;

    /// Every byte of CP1251 (one undefined) through the kernel, at every output size.
    #[test]
    fn agrees_with_the_table() {
        let t = single_byte::table(id::CP1251).unwrap();
        let input: Vec<u8> = (0..=255u8).collect();
        let mut want = Vec::new();
        let mut stop = input.len();
        for (i, &b) in input.iter().enumerate() {
            match t.decode_byte(b) {
                Some(c) => {
                    want.extend_from_slice(char::from_u32(c).unwrap().to_string().as_bytes())
                }
                None => {
                    stop = i;
                    break;
                }
            }
        }
        for size in 0..=want.len() {
            let mut out = vec![0u8; size];
            let (r, w) = table_to_utf8(t, &input, &mut out);
            assert!(r <= stop);
            assert_eq!(&out[..w], &want[..w]);
            assert_eq!(
                std::str::from_utf8(&out[..w]).map(|s| s.chars().count()),
                Ok(r)
            );
        }
    }
}

#[cfg(all(test, feature = "charset-gb18030"))]
mod gb_to_utf8_tests {
    use super::*;
    use crate::cjk::gb;

    /// GB18030 decoded by its codec, as far as it decodes two-byte and ASCII characters:
    /// the UTF-8 and where each character ends in the input and the output.
    fn general(input: &[u8]) -> (Vec<u8>, Vec<(usize, usize)>) {
        let codec = crate::registry::codec(Charset::Gb18030).unwrap();
        let (mut want, mut ends, mut i) = (Vec::new(), vec![(0, 0)], 0);
        while i < input.len() {
            match (codec.decode)(&mut 0, &input[i..]) {
                Decode::Char { c, len } if len <= 2 => {
                    want.extend_from_slice(char::from_u32(c).unwrap().to_string().as_bytes());
                    i += len;
                    ends.push((i, want.len()));
                }
                _ => break,
            }
        }
        (want, ends)
    }

    /// Every character of GB's two-byte table, and some the table lacks, from UTF-8 through
    /// the kernel at several output sizes: GB18030's encoder's bytes, stopping exactly where
    /// that encoder writes four bytes.
    #[test]
    fn utf8_to_gb_agrees_with_the_codec() {
        let codec = crate::registry::codec(Charset::Gb18030).unwrap();
        let mut chars: Vec<char> = (0x80..0x1_0000u32)
            .filter_map(char::from_u32)
            .filter(|&c| gb::REV.get(c as u32).is_some())
            .collect();
        assert!(chars.len() > 20_000);
        chars.extend(['a', '\u{80}', 'b', '\u{10000}']);
        let text: String = chars.iter().collect();
        let (mut want, mut ends, mut i) = (Vec::new(), vec![(0, 0)], 0);
        let mut buf = [0u8; 4];
        for c in text.chars() {
            match (codec.encode)(&mut 0, c as u32, &mut buf) {
                crate::codec::Encode::Wrote { len } if len <= 2 || c.is_ascii() => {
                    want.extend_from_slice(&buf[..len]);
                }
                _ => break,
            }
            i += c.len_utf8();
            ends.push((i, want.len()));
        }
        // U+0080 is four bytes in GB18030: the kernel leaves it and what follows.
        assert_eq!(
            ends.last().unwrap().0,
            text.len() - "\u{80}b\u{10000}".len()
        );
        for size in [0, 1, 2, 3, want.len() / 3, want.len(), want.len() + 8] {
            let mut out = vec![0u8; size];
            let (r, w) = utf8_to_gb(text.as_bytes(), &mut out);
            assert!(ends.contains(&(r, w)), "size {size}: ({r}, {w})");
            assert_eq!(&out[..w], &want[..w], "size {size}");
            if size >= want.len() {
                assert_eq!((r, w), *ends.last().unwrap());
            }
        }
    }

    /// Every two-byte sequence of every lead, with ASCII between rows, through the kernel
    /// at every output size (whole rows of valid cells; then each row whole, where the
    /// kernel must stop at the first empty cell exactly where the codec stops).
    #[test]
    fn agrees_with_the_codec() {
        for lead in gb::LEAD_LO..=gb::LEAD_HI {
            let mut row = b"ab ".to_vec();
            for t in 0x40..=0xFEu8 {
                if gb::is_trail(t) {
                    row.extend_from_slice(&[lead, t]);
                }
            }
            // A four-byte sequence and a cut lead end the row: the kernel leaves both.
            row.extend_from_slice(b"\x81\x30\x81\x30z\x81");
            let (want, ends) = general(&row);
            let (stop, _) = *ends.last().unwrap();
            for size in [0, 1, 2, 3, 4, 5, want.len() / 2, want.len(), want.len() + 8] {
                let mut out = vec![0u8; size];
                let (r, w) = gb_to_utf8(&row, &mut out);
                assert!(
                    ends.contains(&(r, w)),
                    "lead {lead:x} size {size}: ({r}, {w})"
                );
                assert_eq!(&out[..w], &want[..w], "lead {lead:x} size {size}");
                if size >= want.len() {
                    assert_eq!(r, stop, "lead {lead:x}: stopped early");
                }
            }
        }
    }
}
