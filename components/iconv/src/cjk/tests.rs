//! Tests of the East Asian codecs through their `Codec` functions, against Python's codecs
//! (run as `python3` from the test: the reference) and glibc's `iconv` command, over every
//! sequence of the charset's shape, and every code point; plus truncation, invalid bytes,
//! output too small and (for ISO-2022-JP) input split at every byte.
//!
//! Where limpet deliberately decodes as musl does and Python does not, the difference is
//! expected only at the cells `gen/cjk.py` lists (read from that file, so the list lives
//! once), or at the cells named in the test.
use crate::codec::{Codec, Decode, Encode};
use std::io::Write;
use std::process::{Command, Stdio};
use std::vec::Vec;

/// Decodes all of `input` from the initial state: the code points, or the position and
/// step at which decoding stopped.
fn decode_all(codec: &Codec, input: &[u8]) -> Result<Vec<u32>, (usize, Decode)> {
    let (mut state, mut pos, mut out) = (0u64, 0usize, Vec::new());
    while pos < input.len() {
        match (codec.decode)(&mut state, &input[pos..]) {
            Decode::Char { c, len } => {
                assert!(len >= 1 && c <= 0x10FFFF && !(0xD800..0xE000).contains(&c));
                out.push(c);
                pos += len;
            }
            Decode::Shift { len } => pos += len,
            r => return Err((pos, r)),
        }
    }
    Ok(out)
}

/// Encodes `cps` from the initial state and returns to it: the bytes, or None if a code
/// point is unrepresentable.
fn encode_all(codec: &Codec, cps: &[u32]) -> Option<Vec<u8>> {
    let (mut state, mut out) = (0u64, Vec::new());
    let mut buf = [0u8; 16];
    for &c in cps {
        match (codec.encode)(&mut state, c, &mut buf) {
            Encode::Wrote { len } => out.extend_from_slice(&buf[..len]),
            Encode::Unrepresentable => return None,
            Encode::NoRoom => panic!("16 bytes are room for any character"),
        }
    }
    if let Some(reset) = codec.reset {
        match reset(&mut state, &mut buf) {
            Encode::Wrote { len } => out.extend_from_slice(&buf[..len]),
            r => panic!("reset: {r:?}"),
        }
        assert_eq!(state, 0);
    }
    Some(out)
}

/// A set of byte sequences: per position, inclusive byte ranges.
type Shape = &'static [&'static [(u8, u8)]];

fn expand(shape: Shape) -> Vec<Vec<u8>> {
    let mut seqs = vec![Vec::new()];
    for pos in shape {
        let mut next = Vec::new();
        for s in &seqs {
            for &(lo, hi) in pos.iter() {
                for b in lo..=hi {
                    let mut t = s.clone();
                    t.push(b);
                    next.push(t);
                }
            }
        }
        seqs = next;
    }
    seqs
}

fn shape_arg(shape: Shape) -> String {
    shape
        .iter()
        .map(|pos| {
            pos.iter()
                .map(|(lo, hi)| format!("{lo:02x}-{hi:02x}"))
                .collect::<Vec<_>>()
                .join("+")
        })
        .collect::<Vec<_>>()
        .join(",")
}

const PY_DECODE: &str = r#"
import sys
codec = sys.argv[1]
out = sys.stdout
def rng(p): return [b for part in p.split('+') for b in range(int(part[:2], 16), int(part[3:], 16) + 1)]
def expand(shape):
    seqs = [b'']
    for pos in shape.split(','):
        seqs = [s + bytes([b]) for s in seqs for b in rng(pos)]
    return seqs
lines = []
for shape in sys.argv[2:]:
    for s in expand(shape):
        try:
            lines.append(','.join('%x' % ord(ch) for ch in s.decode(codec)))
        except UnicodeDecodeError:
            lines.append('!')
out.write('\n'.join(lines) + '\n')
"#;

const PY_ENCODE: &str = r#"
import sys
codec = sys.argv[1]
lines = []
for cp in range(0x80, 0x110000):
    if 0xD800 <= cp < 0xE000: continue
    try: lines.append(chr(cp).encode(codec).hex())
    except UnicodeEncodeError: lines.append('!')
sys.stdout.write('\n'.join(lines) + '\n')
"#;

fn python(script: &str, args: &[String]) -> String {
    let out = Command::new("python3")
        .arg("-c")
        .arg(script)
        .args(args)
        .output()
        .expect("python3 (Debian: python3) is the reference for these tests");
    assert!(
        out.status.success(),
        "python3: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn cps_text(cps: &[u32]) -> String {
    cps.iter()
        .map(|c| format!("{c:x}"))
        .collect::<Vec<_>>()
        .join(",")
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// The cells where this codec decodes other than Python (`bytes hex -> our code points`).
type Overrides = Vec<(String, String)>;

/// A sequence that decodes to one character, and the character.
#[derive(Clone, Copy)]
struct One {
    bytes: [u8; 6],
    n: u8,
    c: u32,
}

impl One {
    fn seq(&self) -> &[u8] {
        &self.bytes[..self.n as usize]
    }
}

/// Every sequence of `shapes`: our decoding equals Python's `py` codec, except at
/// `overrides`, each of which must occur. Returns the sequences that decode to one character.
fn against_python(codec: &Codec, py: &str, shapes: &[Shape], overrides: &Overrides) -> Vec<One> {
    let args: Vec<String> = core::iter::once(py.to_string())
        .chain(shapes.iter().map(|s| shape_arg(s)))
        .collect();
    let reference = python(PY_DECODE, &args);
    let mut lines = reference.lines();
    let mut valid = Vec::new();
    let mut unexpected = Vec::new();
    let mut hit = 0;
    for &shape in shapes {
        for seq in expand(shape) {
            let theirs = lines.next().expect("python printed a line per sequence");
            let ours = decode_all(codec, &seq);
            let ours_text = match &ours {
                Ok(cps) => cps_text(cps),
                Err(_) => "!".into(),
            };
            let key = hex(&seq);
            if let Some((_, want)) = overrides.iter().find(|(k, _)| *k == key) {
                assert_eq!(&ours_text, want, "{py} override {key}");
                hit += 1;
            } else if ours_text != theirs {
                unexpected.push(format!("{key}: ours {ours_text} python {theirs}"));
            }
            if let Ok([c]) = ours.as_deref() {
                let mut bytes = [0u8; 6];
                bytes[..seq.len()].copy_from_slice(&seq);
                valid.push(One {
                    bytes,
                    n: seq.len() as u8,
                    c: *c,
                });
            }
        }
    }
    assert!(
        unexpected.is_empty(),
        "{py}: {} differences, first {:?}",
        unexpected.len(),
        &unexpected[..unexpected.len().min(20)]
    );
    assert_eq!(
        hit,
        overrides.len(),
        "{py}: every override is a sequence of the shapes"
    );
    valid
}

/// Encoding is the inverse of decoding: a code point is encodable exactly when a sequence
/// decodes to it alone, encoding it gives such a sequence, and it is Python's when Python's
/// sequence is one of them.
fn encode_inverse(codec: &Codec, py: &str, valid: &[One]) {
    let mut decodable = std::collections::HashMap::new();
    for one in valid {
        decodable.entry(one.c).or_insert(*one);
    }
    let reference = python(PY_ENCODE, &[py.to_string()]);
    let mut lines = reference.lines();
    let mut encodable = 0;
    for c in (0x80..0x110000u32).filter(|c| !(0xD800..0xE000).contains(c)) {
        let theirs = lines.next().unwrap();
        let ours = encode_all(codec, &[c]);
        match (&ours, decodable.get(&c)) {
            (None, None) => continue,
            (Some(b), _) => assert_eq!(
                decode_all(codec, b),
                Ok(vec![c]),
                "{py}: U+{c:04X} encodes to {}",
                hex(b)
            ),
            (None, Some(one)) => panic!(
                "{py}: U+{c:04X} decodes from {} but does not encode",
                hex(one.seq())
            ),
        }
        encodable += 1;
        let b = ours.unwrap();
        if theirs != "!" && theirs != hex(&b) {
            let p: Vec<u8> = (0..theirs.len())
                .step_by(2)
                .map(|i| u8::from_str_radix(&theirs[i..i + 2], 16).unwrap())
                .collect();
            assert_ne!(
                decode_all(codec, &p),
                Ok(vec![c]),
                "{py}: U+{c:04X}: ours {} python {theirs}",
                hex(&b)
            );
        }
    }
    let single: usize = decodable.keys().filter(|&&c| c >= 0x80).count();
    assert_eq!(
        encodable, single,
        "{py}: the encodable code points are the decodable ones"
    );
}

/// glibc's `iconv` decodes each of our multibyte sequences (one per line) as we do, except
/// at the sequences `differs` accepts (given the bytes, our code point and glibc's output
/// for the line, empty if glibc has no character there); returns how many differed.
fn against_glibc(
    name: &str,
    valid: &[One],
    line_end: &[u8],
    differs: impl Fn(&[u8], u32, &[u32]) -> bool,
) -> usize {
    // The multibyte ones; not the line end itself, which a shift sequence can precede.
    let lines: Vec<&One> = valid
        .iter()
        .filter(|one| one.n > 1 && one.c != '\n' as u32)
        .collect();
    let mut input = Vec::new();
    for one in &lines {
        input.extend_from_slice(one.seq());
        input.extend_from_slice(line_end);
    }
    let mut child = Command::new("iconv")
        .args(["-c", "-f", name, "-t", "UTF-32LE"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("glibc's iconv command (Debian: libc-bin)");
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    let units: Vec<u32> = out
        .stdout
        .chunks(4)
        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect();
    let theirs: Vec<&[u32]> = units.split(|&u| u == '\n' as u32).collect();
    let mut n = 0;
    assert!(
        theirs.len() > lines.len(),
        "{name}: glibc's output has a line per sequence"
    );
    for (one, t) in lines.iter().zip(&theirs) {
        if t != &[one.c] {
            assert!(
                differs(one.seq(), one.c, t),
                "{name}: {}: ours {:x} glibc {t:x?}",
                hex(one.seq()),
                one.c
            );
            n += 1;
        }
    }
    n
}

/// The overrides `gen/cjk.py` lists for Big5 (`BIG5_MUSL`).
fn big5_overrides() -> Overrides {
    let generator = include_str!("../../gen/cjk.py");
    let list = generator
        .split("BIG5_MUSL = '''")
        .nth(1)
        .unwrap()
        .split("'''")
        .next()
        .unwrap();
    list.split_whitespace()
        .map(|item| {
            let (code, cp) = item.split_once(':').unwrap();
            (code.to_lowercase(), cp.to_lowercase())
        })
        .collect()
}

fn ovr(items: &[(&str, &str)]) -> Overrides {
    items
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

const ALL: &[(u8, u8)] = &[(0x00, 0xFF)];
const HIGH: &[(u8, u8)] = &[(0x80, 0xFF)];
const SINGLE: Shape = &[ALL];
const DOUBLE: Shape = &[HIGH, ALL];

/// A text of every `step`-th sequence of `valid` (and ASCII between), for the error tests.
fn sample(valid: &[One], step: usize) -> Vec<u8> {
    let mut t = Vec::new();
    for (i, one) in valid.iter().step_by(step).enumerate() {
        t.extend_from_slice(one.seq());
        if i % 3 == 0 {
            t.push(b'a' + (i % 26) as u8);
        }
    }
    t
}

/// The positions where a decoding step of `text` ends, and the characters up to each.
fn boundaries(codec: &Codec, text: &[u8]) -> Vec<(usize, usize)> {
    let (mut state, mut pos, mut n, mut b) = (0u64, 0usize, 0usize, vec![(0, 0)]);
    while pos < text.len() {
        match (codec.decode)(&mut state, &text[pos..]) {
            Decode::Char { len, .. } => (pos, n) = (pos + len, n + 1),
            Decode::Shift { len } => pos += len,
            r => panic!("sample text at {pos}: {r:?}"),
        }
        b.push((pos, n));
    }
    b
}

/// Truncated at every position, the text decodes to the characters before the cut and
/// then `Incomplete` exactly when the cut is inside a sequence; an invalid lead byte
/// inserted at any boundary is `Invalid { len: 1 }` there, and so is a lead byte followed
/// by a byte no sequence continues with (`bad_pair`).
fn truncate_and_corrupt(codec: &Codec, text: &[u8], bad_byte: u8, bad_pair: Option<[u8; 2]>) {
    let whole = decode_all(codec, text).unwrap();
    let bounds = boundaries(codec, text);
    for cut in 0..=text.len() {
        let &(at, n) = bounds.iter().rev().find(|(p, _)| *p <= cut).unwrap();
        let r = decode_all(codec, &text[..cut]);
        if at == cut {
            assert_eq!(r, Ok(whole[..n].to_vec()), "cut at {cut}");
        } else {
            assert_eq!(
                r,
                Err((at, Decode::Incomplete)),
                "cut at {cut} of {}",
                hex(&text[at..cut])
            );
        }
    }
    for &(at, _) in &bounds {
        for bad in core::iter::once(&[bad_byte][..]).chain(bad_pair.as_ref().map(|p| &p[..])) {
            let mut t = text[..at].to_vec();
            t.extend_from_slice(bad);
            t.extend_from_slice(&text[at..]);
            assert_eq!(
                decode_all(codec, &t),
                Err((at, Decode::Invalid { len: 1 })),
                "{} at {at}",
                hex(bad)
            );
        }
    }
}

/// Decoding the text given in two pieces, split at every byte (the caller keeps the bytes
/// of a sequence cut in two and the state, as iconv(3) does), gives the whole text's
/// characters.
fn split_everywhere(codec: &Codec, text: &[u8]) {
    let whole = decode_all(codec, text).unwrap();
    for split in 0..=text.len() {
        let (mut state, mut pos, mut out) = (0u64, 0usize, Vec::new());
        for end in [split, text.len()] {
            while pos < end {
                match (codec.decode)(&mut state, &text[pos..end]) {
                    Decode::Char { c, len } => (pos, _) = (pos + len, out.push(c)),
                    Decode::Shift { len } => pos += len,
                    Decode::Incomplete if end == split => break,
                    r => panic!("split at {split}, at {pos}: {r:?}"),
                }
            }
        }
        assert_eq!(out, whole, "split at {split}");
    }
}

/// Every character of the text, encoded from each state the text passes through, into
/// every output smaller than it needs: `NoRoom`, nothing written, the state unchanged.
fn output_too_small(codec: &Codec, cps: &[u32]) {
    let mut state = 0u64;
    for &c in cps {
        let mut big = [0u8; 16];
        let mut probe = state;
        let Encode::Wrote { len: need } = (codec.encode)(&mut probe, c, &mut big) else {
            panic!("U+{c:04X} is encodable")
        };
        for room in 0..need {
            let mut s = state;
            let mut small = vec![0xAAu8; room];
            assert_eq!(
                (codec.encode)(&mut s, c, &mut small),
                Encode::NoRoom,
                "U+{c:04X} in {room}"
            );
            assert!(
                small.iter().all(|&b| b == 0xAA) && s == state,
                "U+{c:04X} in {room}: wrote or moved"
            );
        }
        state = probe;
    }
    if let Some(reset) = codec.reset {
        let mut probe = state;
        let Encode::Wrote { len: need } = reset(&mut probe, &mut [0u8; 16]) else {
            panic!("reset")
        };
        for room in 0..need {
            let mut s = state;
            assert_eq!(reset(&mut s, &mut vec![0u8; room]), Encode::NoRoom);
            assert_eq!(s, state);
        }
    }
}

/// The error tests, over a sample of the valid sequences.
fn errors(codec: &Codec, valid: &[One], bad_byte: u8, bad_pair: Option<[u8; 2]>) {
    let text = sample(valid, valid.len() / 700 + 1);
    truncate_and_corrupt(codec, &text, bad_byte, bad_pair);
    split_everywhere(codec, &text);
    output_too_small(codec, &decode_all(codec, &text).unwrap());
}

#[test]
fn shift_jis() {
    let c = &super::shift_jis::SHIFT_JIS;
    let valid = against_python(c, "shift_jis", &[SINGLE, DOUBLE], &ovr(&[("815f", "5c")]));
    encode_inverse(c, "shift_jis", &valid);
    // glibc reads 0x5C and 0x7E as JIS X 0201 Roman; there are no multibyte differences
    // but musl's row 1 cell 32.
    let n = against_glibc("SHIFT_JIS", &valid, b"\n", |s, c, g| {
        s == [0x81, 0x5F] && c == 0x5C && g == [0xFF3C]
    });
    eprintln!("SHIFT_JIS: {n} sequences differ from glibc");
    errors(c, &valid, 0xFF, Some([0x81, b'\n']));
}

#[test]
fn euc_jp() {
    const SS3: Shape = &[&[(0x8F, 0x8F)], &[(0xA1, 0xFE)], &[(0xA1, 0xFE)]];
    let c = &super::euc_jp::EUC_JP;
    let valid = against_python(c, "euc_jp", &[SINGLE, DOUBLE, SS3], &ovr(&[("a1c0", "5c")]));
    encode_inverse(c, "euc_jp", &valid);
    let n = against_glibc("EUC-JP", &valid, b"\n", |s, _, _| {
        // musl's row 1 cell 32; JIS X 0212 0x2237, which Python reads as U+007E and glibc as
        // U+FF5E.
        s == [0xA1, 0xC0] || s == [0x8F, 0xA2, 0xB7]
    });
    eprintln!("EUC-JP: {n} sequences differ from glibc");
    errors(c, &valid, 0xFF, Some([0xA1, b'\n']));
}

#[test]
fn iso_2022_jp() {
    const JIS: &[(u8, u8)] = &[(0x21, 0x7E)];
    const X0208: Shape = &[&[(0x1B, 0x1B)], &[(0x24, 0x24)], &[(0x42, 0x42)], JIS, JIS];
    const X0208_1978: Shape = &[&[(0x1B, 0x1B)], &[(0x24, 0x24)], &[(0x40, 0x40)], JIS, JIS];
    const ROMAN: Shape = &[
        &[(0x1B, 0x1B)],
        &[(0x28, 0x28)],
        &[(0x4A, 0x4A)],
        &[(0x00, 0x7F)],
    ];
    const KANA: Shape = &[
        &[(0x1B, 0x1B)],
        &[(0x28, 0x28)],
        &[(0x49, 0x49)],
        &[(0x21, 0x5F)],
    ];
    let c = &super::iso2022_jp::ISO_2022_JP;
    // musl's reading of row 1 cell 32, and the katakana set Python lacks.
    let mut o = ovr(&[("1b24422140", "5c"), ("1b24402140", "5c")]);
    o.extend(
        (0x21..=0x5Fu32).map(|b| (format!("1b2849{b:02x}"), format!("{:x}", 0xFF61 + b - 0x21))),
    );
    let valid = against_python(
        c,
        "iso2022_jp",
        &[SINGLE, X0208, X0208_1978, ROMAN, KANA],
        &o,
    );
    encode_inverse(c, "iso2022_jp", &valid);
    let n = against_glibc("ISO-2022-JP", &valid, b"\x1b(B\n", |s, c, _| {
        // musl's row 1 cell 32, and the katakana set, which glibc does not read.
        s.starts_with(b"\x1b(I") || (s.ends_with(&[0x21, 0x40]) && c == 0x5C)
    });
    eprintln!("ISO-2022-JP: {n} sequences differ from glibc");
    // A text through every set and back.
    let mut cps = Vec::new();
    for (i, one) in valid.iter().step_by(37).enumerate() {
        cps.push(one.c);
        cps.extend(
            [0xA5, 'x' as u32, 0xFF71, 0x203E, 0x4E9C][i % 5..]
                .iter()
                .take(2),
        );
    }
    let text = encode_all(c, &cps).unwrap();
    assert_eq!(decode_all(c, &text).unwrap(), cps);
    truncate_and_corrupt(c, &text, 0xFF, None);
    split_everywhere(c, &text);
    output_too_small(c, &cps);
}

#[test]
fn gb2312() {
    const SQUARE: Shape = &[&[(0xA1, 0xFE)], &[(0xA1, 0xFE)]];
    let c = &super::gb2312::GB2312;
    let valid = against_python(c, "gb18030", &[SINGLE, SQUARE], &Vec::new());
    // Outside the square nothing is valid.
    for s in expand(DOUBLE) {
        if !(0xA1..=0xFE).contains(&s[0]) || (s[1] >= 0x80 && !(0xA1..=0xFE).contains(&s[1])) {
            assert!(decode_all(c, &s).is_err(), "{}", hex(&s));
        }
    }
    encode_inverse(c, "gb18030", &valid);
    let n = against_glibc("GB2312", &valid, b"\n", |s, _, g| {
        // glibc's GB2312 lacks GBK's additions in the square, and reads A1A4 as U+30FB and
        // A1AA as U+2015, as Python's gb2312 does.
        g.is_empty() || s == [0xA1, 0xA4] || s == [0xA1, 0xAA]
    });
    eprintln!("GB2312: {n} sequences differ from glibc");
    errors(c, &valid, 0xFF, Some([0xB0, b'\n']));
}

#[test]
fn gbk() {
    let c = &super::gbk::GBK;
    let valid = against_python(c, "gb18030", &[SINGLE, DOUBLE], &Vec::new());
    encode_inverse(c, "gb18030", &valid);
    let n = against_glibc("GBK", &valid, b"\n", |_, _, g| g.is_empty());
    eprintln!("GBK: {n} sequences differ from glibc");
    errors(c, &valid, 0xFF, Some([0x81, b'\n']));
}

#[test]
fn gb18030() {
    const BYTE: &[(u8, u8)] = &[(0x81, 0xFE)];
    const DIGIT: &[(u8, u8)] = &[(0x30, 0x39)];
    const FOUR: Shape = &[BYTE, DIGIT, BYTE, DIGIT];
    let c = &super::gb18030::GB18030;
    let valid = against_python(c, "gb18030", &[SINGLE, DOUBLE, FOUR], &Vec::new());
    encode_inverse(c, "gb18030", &valid);
    let n = against_glibc("GB18030", &valid, b"\n", |s, c, g| {
        // GB18030-2005 moved 24 characters between the private use area and real code
        // points; Python (and musl) keep GB18030-2000's mapping, glibc has 2005's, where
        // the four-byte codes of the moved characters have none.
        let pua = |c: u32| (0xE000..0xF900).contains(&c);
        (g.len() == 1 && pua(c) != pua(g[0])) || (g.is_empty() && s.len() == 4)
    });
    eprintln!("GB18030: {n} sequences differ from glibc");
    errors(c, &valid, 0xFF, Some([0x81, b'\n']));
    // A four-byte sequence broken at its third or fourth byte.
    assert_eq!(
        decode_all(c, &[0x81, 0x30, 0x20]),
        Err((0, Decode::Invalid { len: 2 }))
    );
    assert_eq!(
        decode_all(c, &[0x81, 0x30, 0x81, 0x20]),
        Err((0, Decode::Invalid { len: 3 }))
    );
}

#[test]
fn big5_hkscs() {
    let c = &super::big5::BIG5_HKSCS;
    let valid = against_python(c, "big5hkscs", &[SINGLE, DOUBLE], &big5_overrides());
    encode_inverse(c, "big5hkscs", &valid);
    let n = against_glibc("BIG5-HKSCS", &valid, b"\n", |s, _, g| {
        // The 13 Big5 cells musl reads otherwise, and cells glibc has no character for (it
        // then skips the lead byte and may read the trail as ASCII).
        let cell = hex(s);
        big5_overrides().iter().any(|(k, _)| *k == cell)
            || g.is_empty()
            || (g.len() == 1 && g[0] == s[1] as u32)
    });
    eprintln!("BIG5-HKSCS: {n} sequences differ from glibc");
    errors(c, &valid, 0xFF, Some([0xA4, b'\n']));
    // The codes of two code points, whole and split after the lead byte.
    assert_eq!(
        decode_all(c, &[0x88, 0x62, 0x88, 0xA5]),
        Ok(vec![0xCA, 0x304, 0xEA, 0x30C])
    );
    split_everywhere(c, &[b'a', 0x88, 0x62, 0x88, 0xA5, b'b']);
}

#[test]
fn euc_kr() {
    let c = &super::euc_kr::EUC_KR;
    let valid = against_python(c, "cp949", &[SINGLE, DOUBLE], &Vec::new());
    encode_inverse(c, "cp949", &valid);
    let n = against_glibc("CP949", &valid, b"\n", |_, _, _| false);
    eprintln!("CP949: {n} sequences differ from glibc");
    errors(c, &valid, 0xFF, Some([0xB0, b'\n']));
}

/// The generated files have the shapes `tables.rs` declares.
#[test]
fn table_shapes() {
    use super::{big5, euc_kr, gb, jis};
    for grid in [
        &jis::JIS0208,
        &jis::JIS0212,
        &gb::GB2,
        &big5::BIG5,
        &euc_kr::KSC,
    ] {
        assert!(grid.well_formed());
    }
    #[cfg(not(feature = "size"))]
    for rev in [&jis::REV, &gb::REV, &big5::REV, &euc_kr::REV] {
        assert!(rev.well_formed());
    }
}

/// Under `size`, each reverse index built at run time from its grid is byte for byte the
/// generated `.rev` file the speed profile carries (so every lookup answers alike). Prints
/// how long each build took and the memory it holds.
#[test]
#[cfg(feature = "size")]
fn built_indexes_are_the_files() {
    use super::{big5, euc_kr, gb, jis};
    let cases: [(&str, &super::table::Rev, &[u8]); 4] = [
        ("jis", &jis::REV, include_bytes!("data/jis.rev")),
        ("gb", &gb::REV, include_bytes!("data/gb.rev")),
        ("big5", &big5::REV, include_bytes!("data/big5.rev")),
        ("ksc", &euc_kr::REV, include_bytes!("data/ksc.rev")),
    ];
    for (name, rev, file) in cases {
        let t = std::time::Instant::now();
        let built = rev.bytes().expect("allocation");
        let took = t.elapsed();
        assert!(
            built == file,
            "{name}: the built index differs from {name}.rev"
        );
        eprintln!("{name}: built {} bytes in {took:?}", built.len());
    }
}

/// Under `size`, threads racing to build one index all get the same bytes (the losers'
/// copies are freed, the winner's kept).
#[test]
#[cfg(feature = "size")]
fn racing_builds_agree() {
    use super::rev_build::{Built, Source};
    let fresh = Built::new(Source {
        pages: 0x100,
        cells: super::gb::rev_cells,
        picks: &[],
    });
    let seen: Vec<usize> = std::thread::scope(|s| {
        let hs: Vec<_> = (0..4)
            .map(|_| s.spawn(|| fresh.image().expect("allocation").0.as_ptr() as usize))
            .collect();
        hs.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert!(seen.iter().all(|&p| p == seen[0]), "{seen:x?}");
    let (bytes, _) = fresh.image().unwrap();
    assert_eq!(bytes.as_ptr() as usize, seen[0]);
    assert!(bytes == include_bytes!("data/gb.rev"));
}

/// Random bytes (and escapes, for ISO-2022-JP) never make a decoder step outside its input
/// or give a non-scalar, and no value at all makes an encoder write past what it reports.
#[test]
fn random_input_is_handled() {
    let codecs = [
        &super::shift_jis::SHIFT_JIS,
        &super::euc_jp::EUC_JP,
        &super::iso2022_jp::ISO_2022_JP,
        &super::gb2312::GB2312,
        &super::gbk::GBK,
        &super::gb18030::GB18030,
        &super::big5::BIG5_HKSCS,
        &super::euc_kr::EUC_KR,
    ];
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    for codec in codecs {
        for _ in 0..100_000 {
            let r = next();
            let len = 1 + (r % 12) as usize;
            let input: Vec<u8> = (0..len)
                .map(|i| {
                    let b = (next() >> (i % 8 * 8)) as u8;
                    // Bias toward the bytes that matter: ESC and set letters, digits, leads.
                    match b % 8 {
                        0 => 0x1B,
                        1 => b"($BJI@"[(b >> 3) as usize % 6],
                        2 => 0x30 + (b >> 3) % 10,
                        _ => b,
                    }
                })
                .collect();
            let mut state = 0u64;
            let mut pos = 0;
            while pos < input.len() {
                match (codec.decode)(&mut state, &input[pos..]) {
                    Decode::Char { c, len } => {
                        assert!(c <= 0x10FFFF && !(0xD800..0xE000).contains(&c));
                        assert!(len >= 1 && pos + len <= input.len());
                        pos += len;
                    }
                    Decode::Shift { len } | Decode::Invalid { len } => {
                        assert!(len >= 1 && pos + len <= input.len(), "{}", hex(&input));
                        pos += len;
                    }
                    Decode::Incomplete => break,
                }
            }
            let c = (next() % 0x12_0000) as u32;
            let mut state = next() % 4;
            let mut out = [0u8; 8];
            if let Encode::Wrote { len } = (codec.encode)(&mut state, c, &mut out) {
                assert!(c <= 0x10FFFF && len <= out.len());
            }
        }
    }
}
