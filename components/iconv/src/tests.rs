//! The crate's conversion tests, through [`Converter`] (the whole path the C API takes):
//! every character of every core charset against Python's codecs and the host glibc's
//! `iconv` command (skipped, with a note, where they are missing); truncated input, invalid
//! input and short output at every position; stateful and marked forms split at every
//! byte; the C API's descriptor errors. They need every charset (`--features
//! all-charsets`); registry.rs checks a build without them.
use crate::codec::Charset;
use crate::converter::{Converter, Flags, Progress, Stop};
use crate::single_byte::id;
use std::io::Write;
use std::process::{Command, Stdio};

/// Converts all of `input`, growing the output as needed, then the reset.
fn convert(to: &str, from: &str, input: &[u8]) -> Result<Vec<u8>, (Stop, usize)> {
    let mut conv =
        Converter::open(to.as_bytes(), from.as_bytes()).unwrap_or_else(|| panic!("{from} -> {to}"));
    let mut out = vec![0u8; input.len() * 8 + 16];
    let (p, r) = conv.convert(input, &mut out);
    r.map_err(|e| (e, p.read))?;
    let n = conv.reset(Some(&mut out[p.written..])).unwrap();
    out.truncate(p.written + n);
    Ok(out)
}

/// Runs a program with `input` on stdin; `None` when it is missing or fails.
fn run(program: &str, args: &[&str], input: &[u8]) -> Option<Vec<u8>> {
    let mut child = Command::new(program)
        .args(args)
        .env("LC_ALL", "C")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    let mut stdin = child.stdin.take()?;
    let data = input.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&data));
    let out = child.wait_with_output().ok()?;
    writer.join().ok()?.ok()?;
    out.status.success().then_some(out.stdout)
}

/// Python's encoding of UTF-8 `text` with `codec`, or `None` without Python.
fn python_encode(codec: &str, text: &[u8]) -> Option<Vec<u8>> {
    let prog = format!(
        "import sys; sys.stdout.buffer.write(sys.stdin.buffer.read().decode('utf-8', 'surrogatepass').encode('{codec}'))"
    );
    run("python3", &["-c", &prog], text)
}

/// Every Unicode scalar value, in UTF-8.
fn all_scalars() -> Vec<u8> {
    (0..=crate::utf8::MAX_SCALAR)
        .filter_map(char::from_u32)
        .collect::<String>()
        .into_bytes()
}

fn note(what: &str) {
    eprintln!("note: {what} missing; that comparison is skipped");
}

/// Every scalar value through each Unicode form, compared with Python and glibc, and back.
#[test]
fn unicode_forms_against_oracles() {
    let all = all_scalars();
    for (ours, python, glibc) in [
        ("UTF-16BE", "utf-16-be", "UTF-16BE"),
        ("UTF-16LE", "utf-16-le", "UTF-16LE"),
        ("UTF-16", "utf-16-be", "UTF-16BE"),
        ("UTF-32BE", "utf-32-be", "UTF-32BE"),
        ("UTF-32LE", "utf-32-le", "UTF-32LE"),
        ("UCS-4", "utf-32-be", "UCS-4"),
        ("UTF-7", "utf-7", "UTF-7"),
    ] {
        let enc = convert(ours, "UTF-8", &all).unwrap();
        assert_eq!(convert("UTF-8", ours, &enc).unwrap(), all, "{ours} back");
        match python_encode(python, &all) {
            // Python writes UTF-7's Set O directly; glibc and limpet do not. Both decode.
            Some(p) if ours == "UTF-7" => assert_eq!(convert("UTF-8", ours, &p).unwrap(), all),
            Some(p) => assert_eq!(enc, p, "{ours} vs Python's {python}"),
            None => note("python3"),
        }
        match run("iconv", &["-f", "UTF-8", "-t", glibc], &all) {
            Some(g) => {
                assert_eq!(enc, g, "{ours} vs glibc's {glibc}");
                assert_eq!(
                    run("iconv", &["-f", glibc, "-t", "UTF-8"], &enc).as_deref(),
                    Some(&all[..])
                );
            }
            None => note("iconv"),
        }
    }
    // UCS-2: the BMP's scalar values.
    let bmp: Vec<u8> = all
        .iter()
        .copied()
        .take(all_scalars_below(0x10000))
        .collect();
    let enc = convert("UCS-2LE", "UTF-8", &bmp).unwrap();
    assert_eq!(convert("UTF-8", "UCS-2LE", &enc).unwrap(), bmp);
    if let Some(p) = python_encode("utf-16-le", &bmp) {
        assert_eq!(enc, p);
    }
}

/// The UTF-8 length of the scalar values below `end`.
fn all_scalars_below(end: u32) -> usize {
    (0..end)
        .filter_map(char::from_u32)
        .map(char::len_utf8)
        .sum()
}

/// The single-byte charsets: our tables (`NAME`, Python codec, glibc name).
const SINGLE_BYTE: &[(&str, &str, &str)] = &[
    ("ISO-8859-1", "latin-1", "ISO-8859-1"),
    ("ISO-8859-2", "iso8859_2", "ISO-8859-2"),
    ("ISO-8859-3", "iso8859_3", "ISO-8859-3"),
    ("ISO-8859-4", "iso8859_4", "ISO-8859-4"),
    ("ISO-8859-5", "iso8859_5", "ISO-8859-5"),
    ("ISO-8859-6", "iso8859_6", "ISO-8859-6"),
    ("ISO-8859-7", "iso8859_7", "ISO-8859-7"),
    ("ISO-8859-8", "iso8859_8", "ISO-8859-8"),
    ("ISO-8859-9", "iso8859_9", "ISO-8859-9"),
    ("ISO-8859-10", "iso8859_10", "ISO-8859-10"),
    ("ISO-8859-11", "iso8859_11", "ISO-8859-11"),
    ("ISO-8859-13", "iso8859_13", "ISO-8859-13"),
    ("ISO-8859-14", "iso8859_14", "ISO-8859-14"),
    ("ISO-8859-15", "iso8859_15", "ISO-8859-15"),
    ("ISO-8859-16", "iso8859_16", "ISO-8859-16"),
    ("CP1250", "cp1250", "CP1250"),
    ("CP1251", "cp1251", "CP1251"),
    ("CP1252", "cp1252", "CP1252"),
    ("CP1253", "cp1253", "CP1253"),
    ("CP1254", "cp1254", "CP1254"),
    ("CP1255", "cp1255", "CP1255"),
    ("CP1256", "cp1256", "CP1256"),
    ("CP1257", "cp1257", "CP1257"),
    ("CP1258", "cp1258", "CP1258"),
    ("KOI8-R", "koi8_r", "KOI8-R"),
    ("KOI8-U", "koi8_u", "KOI8-U"),
    ("CP437", "cp437", "CP437"),
    ("CP850", "cp850", "CP850"),
    ("CP866", "cp866", "CP866"),
    ("IBM1047", "", "IBM1047"),
];

/// Each single-byte charset: the bytes it defines decode to what Python says and glibc
/// says, the others are EILSEQ, and every character it holds encodes back to its byte.
#[test]
fn single_byte_against_oracles() {
    for &(name, python, glibc) in SINGLE_BYTE {
        let mut valid = Vec::new();
        let mut decoded = Vec::new();
        for b in 0..=255u8 {
            match convert("UTF-8", name, &[b]) {
                Ok(s) => {
                    valid.push(b);
                    decoded.extend_from_slice(&s);
                    assert_eq!(
                        convert(name, "UTF-8", &s).unwrap(),
                        [b],
                        "{name} {b:#x} back"
                    );
                }
                Err(e) => assert_eq!(e, (Stop::Invalid, 0), "{name} {b:#x}"),
            }
        }
        if !python.is_empty() {
            let prog = format!(
                "import sys\nfor b in range(256):\n  try: sys.stdout.buffer.write(bytes([b]).decode('{python}').encode('utf-8'))\n  except UnicodeDecodeError: pass"
            );
            match run("python3", &["-c", &prog], b"") {
                Some(p) => assert_eq!(decoded, p, "{name} vs Python's {python}"),
                None => note("python3"),
            }
        }
        // glibc reads CP1258 as a combining charset (a letter and the tone mark after it
        // become one precomposed character), so its bytes go to glibc one at a time.
        let pieces: Vec<&[u8]> = if name == "CP1258" {
            valid.chunks(1).collect()
        } else {
            vec![&valid[..]]
        };
        let mut from_glibc = Vec::new();
        for piece in pieces {
            match run("iconv", &["-f", glibc, "-t", "UTF-8"], piece) {
                Some(g) => from_glibc.extend_from_slice(&g),
                None => {
                    note("iconv");
                    return;
                }
            }
        }
        assert_eq!(decoded, from_glibc, "{name} vs glibc's {glibc}");
        // Every character ours holds, encoded by glibc, gives the same bytes.
        if let Some(g) = run("iconv", &["-f", "UTF-8", "-t", glibc], &decoded) {
            assert_eq!(g, valid, "{name}: glibc encodes differently");
        }
    }
}

/// Converts `input` whole, then cut at every position: a cut inside a character is EINVAL
/// with the input left at that character, and the pieces give the same output.
fn check_cuts(to: &str, from: &str, input: &[u8]) {
    let whole = convert(to, from, input).unwrap();
    for cut in 0..=input.len() {
        let mut conv = Converter::open(to.as_bytes(), from.as_bytes()).unwrap();
        let mut out = vec![0u8; whole.len() + 16];
        let (p1, r1) = conv.convert(&input[..cut], &mut out);
        match r1 {
            Ok(_) => assert_eq!(p1.read, cut),
            Err(Stop::Incomplete) => assert!(p1.read < cut),
            Err(e) => panic!("{from} cut at {cut}: {e:?}"),
        }
        let (p2, r2) = conv.convert(&input[p1.read..], &mut out[p1.written..]);
        assert!(r2.is_ok(), "{from} -> {to} cut at {cut}");
        assert_eq!(p2.read, input.len() - p1.read);
        let n = conv
            .reset(Some(&mut out[p1.written + p2.written..]))
            .unwrap();
        assert_eq!(
            &out[..p1.written + p2.written + n],
            &whole[..],
            "{from} -> {to} cut at {cut}"
        );
    }
}

/// Every output size: E2BIG leaves both sides after the last whole character, and what was
/// written is the front of the whole output.
fn check_output_sizes(to: &str, from: &str, input: &[u8]) {
    let whole = convert(to, from, input).unwrap();
    for size in 0..whole.len() {
        let mut conv = Converter::open(to.as_bytes(), from.as_bytes()).unwrap();
        let mut out = vec![0u8; size];
        let (p, r) = conv.convert(input, &mut out);
        if r == Ok(0) {
            // All the characters fitted; only the reset's bytes (UTF-7's tail) did not.
            assert_eq!(p.read, input.len());
            assert_eq!(conv.reset(Some(&mut out[p.written..])), Err(Stop::NoRoom));
            continue;
        }
        assert_eq!(r, Err(Stop::NoRoom), "{from} -> {to} size {size}");
        assert_eq!(&out[..p.written], &whole[..p.written]);
        // The rest converts on from there, in a large buffer.
        let mut rest = vec![0u8; whole.len() + 16];
        let (q, r) = conv.convert(&input[p.read..], &mut rest);
        assert!(r.is_ok());
        let n = conv.reset(Some(&mut rest[q.written..])).unwrap();
        let mut joined = out[..p.written].to_vec();
        joined.extend_from_slice(&rest[..q.written + n]);
        assert_eq!(joined, whole, "{from} -> {to} size {size}");
    }
}

/// The text the position tests convert: every kind of character each form has.
const SAMPLE: &str = "Aé€😀-+ x中\u{10ffff}z+-";

#[test]
fn cuts_and_sizes() {
    let sample = SAMPLE.as_bytes();
    for form in [
        "UTF-8", "UTF-16", "UTF-16LE", "UTF-16BE", "UTF-32", "UTF-32LE", "UCS-4BE", "WCHAR_T",
        "UTF-7",
    ] {
        let enc = convert(form, "UTF-8", sample).unwrap();
        check_cuts("UTF-8", form, &enc);
        check_cuts(form, "UTF-8", sample);
        check_output_sizes(form, "UTF-8", sample);
        check_output_sizes("UTF-8", form, &enc);
    }
    // Byte-order marks, in both orders, split at every byte.
    for marked in [
        &b"\xff\xfeA\x00\xac\x20"[..],
        b"\xfe\xff\x00A\x20\xac",
        b"\xff\xfe\x00\x00A\x00\x00\x00",
        b"\x00\x00\xfe\xff\x00\x00\x00A",
    ] {
        let from = if marked.len() == 6 {
            "UTF-16"
        } else {
            "UTF-32"
        };
        check_cuts("UTF-8", from, marked);
    }
    let latin = "Aé ÿ¿".as_bytes();
    check_cuts("ISO-8859-1", "UTF-8", latin);
    check_output_sizes("ISO-8859-1", "UTF-8", latin);
    check_output_sizes("CP1252", "UTF-8", "a€b…".as_bytes());
}

/// An invalid sequence at every position: EILSEQ with the input at it, and the output the
/// conversion of what comes before.
#[test]
fn invalid_at_every_position() {
    let sample = SAMPLE.as_bytes();
    for (form, bad) in [
        ("UTF-8", &b"\xc0\x80"[..]),
        ("UTF-8", b"\xed\xa0\x80"),
        ("UTF-16LE", b"\x00\xdc"),
        ("UTF-32BE", b"\x00\x11\x00\x00"),
        ("UTF-7", b"\x80"),
    ] {
        let enc = convert(form, "UTF-8", sample).unwrap();
        // The character boundaries of the encoded sample (where a bad sequence may go).
        let mut at = vec![0];
        for k in 1..=enc.len() {
            if form != "UTF-7" && convert("UTF-8", form, &enc[..k]).is_ok() {
                at.push(k);
            }
        }
        for &k in &at {
            let mut input = enc[..k].to_vec();
            input.extend_from_slice(bad);
            input.extend_from_slice(&enc[k..]);
            let mut conv = Converter::open(b"UTF-8", form.as_bytes()).unwrap();
            let mut out = vec![0u8; 256];
            let (p, r) = conv.convert(&input, &mut out);
            assert_eq!(r, Err(Stop::Invalid), "{form} bad at {k}");
            assert_eq!(p.read, k, "{form} bad at {k}");
            assert_eq!(
                out[..p.written],
                convert("UTF-8", form, &enc[..k]).unwrap()[..]
            );
        }
    }
}

/// What the target lacks: musl's `*`, counted; and the suffixes.
#[test]
fn unrepresentable_and_suffixes() {
    let mut out = [0u8; 64];
    let mut run = |to: &str, input: &str| {
        let mut conv = Converter::open(to.as_bytes(), b"UTF-8").unwrap();
        let (p, r): (Progress, _) = conv.convert(input.as_bytes(), &mut out);
        (String::from_utf8_lossy(&out[..p.written]).into_owned(), r)
    };
    assert_eq!(run("ASCII", "aé€b"), ("a**b".into(), Ok(2)));
    assert_eq!(run("ASCII//TRANSLIT", "aé€b中"), ("aeEURb?".into(), Ok(3)));
    assert_eq!(
        run("ASCII//IGNORE", "aé€b"),
        ("ab".into(), Err(Stop::Invalid))
    );
    assert_eq!(
        run("ASCII//NON_IDENTICAL_DISCARD", "aé€b"),
        ("ab".into(), Ok(2))
    );
    assert_eq!(run("ASCII//IGNORE", "ab"), ("ab".into(), Ok(0)));
    assert_eq!(run("ASCII//FOO", "ab"), ("ab".into(), Ok(0)));
    assert!(Converter::between(Charset::Ascii, Charset::Utf8, Flags::default()).is_some());
    assert!(
        Converter::between(
            Charset::SingleByte(id::CP1252),
            Charset::Utf8,
            Flags::default()
        )
        .is_some()
    );
}

/// The C API: descriptors that are not open are EBADF; a reset writes UTF-7's tail.
#[test]
fn c_api() {
    use crate::descriptor::{ICONV_FAILED, iconv_t};
    use crate::{iconv::iconv, iconv_close::iconv_close, iconv_open::iconv_open};
    use core::ffi::c_char;
    // SAFETY: the descriptors passed are -1, null or open ones; the buffers match their counts.
    unsafe {
        for bad in [ICONV_FAILED, core::ptr::null_mut()] {
            assert_eq!(iconv_close(bad), -1);
            assert_eq!(
                std::io::Error::last_os_error().raw_os_error(),
                Some(libc_ebadf())
            );
            let mut ip: *mut c_char = core::ptr::null_mut();
            assert_eq!(
                iconv(
                    bad,
                    &mut ip,
                    core::ptr::null_mut(),
                    core::ptr::null_mut(),
                    core::ptr::null_mut()
                ),
                usize::MAX
            );
        }
        assert_eq!(
            iconv_open(c"nope".as_ptr(), c"UTF-8".as_ptr()),
            ICONV_FAILED
        );
        let cd: iconv_t = iconv_open(c"UTF-7".as_ptr(), c"UTF-8".as_ptr());
        assert_ne!(cd, ICONV_FAILED);
        let text = "€".as_bytes();
        let mut ip = text.as_ptr() as *mut c_char;
        let mut il = text.len();
        let mut buf = [0u8; 16];
        let mut op = buf.as_mut_ptr() as *mut c_char;
        let mut ol = buf.len();
        assert_eq!(iconv(cd, &mut ip, &mut il, &mut op, &mut ol), 0);
        let mut one = 1usize;
        let mut op1 = op;
        assert_eq!(
            iconv(
                cd,
                core::ptr::null_mut(),
                core::ptr::null_mut(),
                &mut op1,
                &mut one
            ),
            usize::MAX
        );
        assert_eq!(
            iconv(
                cd,
                core::ptr::null_mut(),
                core::ptr::null_mut(),
                &mut op,
                &mut ol
            ),
            0
        );
        assert_eq!(&buf[..16 - ol], b"+IKw-");
        assert_eq!(iconv_close(cd), 0);
    }
}

/// EBADF's value (the test binary's errno is the host libc's, which shares Linux's numbers).
fn libc_ebadf() -> i32 {
    limpet_abi::errno::EBADF
}
