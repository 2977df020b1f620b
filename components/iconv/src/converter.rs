//! A conversion: the two codecs, their two state words, the suffix flags and the fast path
//! the pair allows. This is the Rust API; `iconv_open`/`iconv`/`iconv_close` put one in
//! allocated memory behind an `iconv_t`.
//!
//! One step decodes a character and encodes it. Each codec works on a copy of its state
//! word, and the copy is kept only when the whole step succeeded, so a step that stops
//! (invalid, incomplete, no room) leaves both the pointers and the states exactly as they
//! were before that character: what POSIX asks of EILSEQ, EINVAL and E2BIG.
use crate::codec::{Charset, Codec, Decode, Encode};
use crate::fast::{self, Kernel};
use crate::{names, registry, translit};

/// What `//TRANSLIT`, `//IGNORE` and `//NON_IDENTICAL_DISCARD` asked for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Flags {
    /// Write a look-alike for a character the target lacks (`?` when there is none).
    pub translit: bool,
    /// Drop what the target lacks and skip invalid input; then, once the rest is converted,
    /// fail with EILSEQ (glibc's way of saying something was lost).
    pub ignore: bool,
    /// Drop what the target lacks, counted in the return value (POSIX.1-2024's
    /// `//NON_IDENTICAL_DISCARD`).
    pub discard: bool,
}

/// Why a conversion stopped before the end of its input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// EILSEQ: an invalid sequence at the input position (or, with `//IGNORE`, some were
    /// skipped and the input was all converted).
    Invalid,
    /// EINVAL: the input ends inside a sequence, which starts at the input position.
    Incomplete,
    /// E2BIG: no room for the next character.
    NoRoom,
}

/// How far a conversion got: bytes read, bytes written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    pub read: usize,
    pub written: usize,
}

/// The character musl writes for one the target lacks, without suffixes.
const MUSL_REPLACEMENT: u32 = b'*' as u32;
/// The character `//TRANSLIT` writes when the table has nothing the target can hold.
const TRANSLIT_FALLBACK: u32 = b'?' as u32;
/// The separators of the suffixes: `//TRANSLIT//IGNORE` and glibc's `//TRANSLIT,IGNORE`.
const SUFFIX_START: &[u8] = b"//";

/// One open conversion.
pub struct Converter {
    dec: &'static Codec,
    enc: &'static Codec,
    dstate: u64,
    estate: u64,
    flags: Flags,
    kernel: Option<Kernel>,
}

/// Splits `name` into the charset's part and the flags its suffixes ask for.
fn split_suffixes(name: &[u8]) -> (&[u8], Flags) {
    let Some(at) = name
        .windows(SUFFIX_START.len())
        .position(|w| w == SUFFIX_START)
    else {
        return (name, Flags::default());
    };
    let mut flags = Flags::default();
    for word in name[at..]
        .split(|&b| b == b'/' || b == b',')
        .filter(|w| !w.is_empty())
    {
        if word.eq_ignore_ascii_case(b"TRANSLIT") {
            flags.translit = true;
        } else if word.eq_ignore_ascii_case(b"IGNORE") {
            flags.ignore = true;
        } else if word.eq_ignore_ascii_case(b"NON_IDENTICAL_DISCARD") {
            flags.discard = true;
        }
        // Any other word is ignored, as glibc ignores it (`ASCII//FOO` opens ASCII).
    }
    (&name[..at], flags)
}

impl Converter {
    /// Opens a conversion from the charset named `from` to the one named `to` (names as
    /// `iconv_open` takes them, suffixes on `to`; suffixes on `from` are accepted and have
    /// no effect). `None`: a name is unknown or its charset is not in this build.
    pub fn open(to: &[u8], from: &[u8]) -> Option<Converter> {
        let (to_name, flags) = split_suffixes(to);
        let (from_name, _) = split_suffixes(from);
        Self::between(names::lookup(to_name)?, names::lookup(from_name)?, flags)
    }

    /// Whether what encoding into the charset named `to` needs is in memory, building it if
    /// not: under `size` the East Asian reverse indexes are built on first use, and `false`
    /// says memory ran out (`iconv_open`'s ENOMEM). An unknown name needs nothing.
    #[cfg(feature = "size")]
    pub fn target_ready(to: &[u8]) -> bool {
        names::lookup(split_suffixes(to).0).is_none_or(crate::cjk::prepare)
    }

    /// Opens a conversion between two charsets, with `flags`. `None`: a charset is not in
    /// this build.
    pub fn between(to: Charset, from: Charset, flags: Flags) -> Option<Converter> {
        Some(Converter {
            dec: registry::codec(from)?,
            enc: registry::codec(to)?,
            dstate: 0,
            estate: 0,
            flags,
            kernel: fast::kernel(from, to),
        })
    }

    /// Converts `input` into `out`: returns how far it got and either the number of
    /// irreversible conversions (characters the target lacked, written as `*`, a
    /// transliteration or nothing) or why it stopped.
    pub fn convert(&mut self, input: &[u8], out: &mut [u8]) -> (Progress, Result<usize, Stop>) {
        let mut p = Progress::default();
        let mut lossy = 0;
        let mut dropped = false;
        loop {
            if let Some(k) = self.kernel {
                let (r, w) = fast::run(k, &input[p.read..], &mut out[p.written..]);
                p.read += r;
                p.written += w;
            }
            let Some(rest) = input.get(p.read..).filter(|r| !r.is_empty()) else {
                break;
            };
            let mut ds = self.dstate;
            match (self.dec.decode)(&mut ds, rest) {
                Decode::Char { c, len } => {
                    let mut es = self.estate;
                    let written = match (self.enc.encode)(&mut es, c, &mut out[p.written..]) {
                        Encode::Wrote { len } => len,
                        Encode::NoRoom => return (p, Err(Stop::NoRoom)),
                        Encode::Unrepresentable => {
                            lossy += 1;
                            match self.unrepresentable(&mut es, c, &mut out[p.written..]) {
                                Ok(Some(n)) => n,
                                Ok(None) => {
                                    dropped |= self.flags.ignore;
                                    0
                                }
                                Err(stop) => return (p, Err(stop)),
                            }
                        }
                    };
                    self.estate = es;
                    self.dstate = ds;
                    p.read += len;
                    p.written += written;
                }
                Decode::Shift { len } => {
                    self.dstate = ds;
                    p.read += len;
                }
                Decode::Invalid { len } if self.flags.ignore => {
                    dropped = true;
                    p.read += len;
                }
                Decode::Invalid { .. } => return (p, Err(Stop::Invalid)),
                Decode::Incomplete => return (p, Err(Stop::Incomplete)),
            }
        }
        (
            p,
            if dropped {
                Err(Stop::Invalid)
            } else {
                Ok(lossy)
            },
        )
    }

    /// What to write for `c`, which the target lacks: its transliteration (or `?`),
    /// nothing (`None`), or musl's `*`. Returns the bytes written, with the encoder state in
    /// `es`.
    #[cold]
    #[inline(never)]
    fn unrepresentable(&self, es: &mut u64, c: u32, out: &mut [u8]) -> Result<Option<usize>, Stop> {
        let fallback = if self.flags.translit {
            if let Some(text) = translit::lookup(c) {
                match self.encode_all(es, text.iter().map(|&b| b as u32), out) {
                    Err(Stop::Invalid) => {}
                    done => return done.map(Some),
                }
            }
            TRANSLIT_FALLBACK
        } else if self.flags.ignore || self.flags.discard {
            return Ok(None);
        } else {
            MUSL_REPLACEMENT
        };
        match self.encode_all(es, [fallback].into_iter(), out) {
            Err(Stop::Invalid) if self.flags.ignore || self.flags.discard => Ok(None),
            done => done.map(Some),
        }
    }

    /// Encodes every character of `text`, or nothing (`es` unchanged) if one fails.
    fn encode_all(
        &self,
        es: &mut u64,
        text: impl Iterator<Item = u32>,
        out: &mut [u8],
    ) -> Result<usize, Stop> {
        let mut st = *es;
        let mut n = 0;
        for c in text {
            match (self.enc.encode)(&mut st, c, &mut out[n..]) {
                Encode::Wrote { len } => n += len,
                Encode::NoRoom => return Err(Stop::NoRoom),
                Encode::Unrepresentable => return Err(Stop::Invalid),
            }
        }
        *es = st;
        Ok(n)
    }

    /// Returns both sides to their initial state. With `out`, first writes what returns the
    /// output to its initial shift state and returns its length; `Err(Stop::NoRoom)` (and no
    /// change) when that does not fit.
    pub fn reset(&mut self, out: Option<&mut [u8]>) -> Result<usize, Stop> {
        let mut n = 0;
        if let (Some(out), Some(reset)) = (out, self.enc.reset) {
            let mut es = self.estate;
            match reset(&mut es, out) {
                Encode::Wrote { len } => n = len,
                _ => return Err(Stop::NoRoom),
            }
        }
        self.estate = 0;
        self.dstate = 0;
        Ok(n)
    }
}
