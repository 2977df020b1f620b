//! What every charset provides: a decoder (bytes to Unicode scalar values) and an encoder
//! (the reverse), each a plain function over one word of state, so that a conversion
//! descriptor is two codecs and two state words, and a charset can be left out of a build
//! by leaving out its codec.
//!
//! The state words start at 0 (the initial shift state) and mean whatever the codec wants
//! in between: a stateful charset (ISO-2022-JP, UTF-7, the UTF-16/32 forms that read a BOM)
//! keeps its shift state, pending bits or chosen byte order there. The core never looks
//! inside; it copies the word before a call and stores it back only when the call made
//! progress, so a codec may change it freely while it works.

/// One step of decoding at the front of the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decode {
    /// The scalar value `c` (never a surrogate, at most 0x10FFFF), taking `len` bytes
    /// (`len >= 1`).
    Char { c: u32, len: usize },
    /// `len` bytes (`len >= 1`) that only changed the state: an escape sequence, a shift,
    /// a byte-order mark. No character.
    Shift { len: usize },
    /// The bytes at the front are not a valid sequence; `len >= 1` is how many of them form
    /// the bad sequence (what `//IGNORE` skips).
    Invalid { len: usize },
    /// The input ends inside a sequence that more input could still complete.
    Incomplete,
}

/// One step of encoding one character.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encode {
    /// `len` bytes were written at the front of the output (`len >= 1`).
    Wrote { len: usize },
    /// The charset has no encoding for this character. Nothing was written.
    Unrepresentable,
    /// The output is too small for this character's bytes (with any shift sequence before
    /// them). Nothing was written.
    NoRoom,
}

/// A charset's conversion functions.
pub struct Codec {
    /// Decodes one step from the front of `input` (never empty), with the decoder's state.
    pub decode: fn(state: &mut u64, input: &[u8]) -> Decode,
    /// Encodes the scalar value `c` at the front of `out`, with the encoder's state.
    pub encode: fn(state: &mut u64, c: u32, out: &mut [u8]) -> Encode,
    /// For stateful encoders: writes what returns the encoder to its initial state (what
    /// `iconv(cd, NULL, NULL, &out, &left)` emits) and resets `state` to 0. `Wrote { len: 0 }`
    /// is allowed here, and only here, when nothing is needed. `None`: the charset is
    /// stateless (or its state needs no bytes to end).
    pub reset: Option<fn(state: &mut u64, out: &mut [u8]) -> Encode>,
}

/// Every charset limpet can name. Which ones a build has is decided by features; a charset
/// that is named but not built makes `iconv_open` fail with EINVAL.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Charset {
    // Built in the core (src/ outside cjk/).
    Utf8,
    Utf16,
    Utf16Be,
    Utf16Le,
    Utf32,
    Utf32Be,
    Utf32Le,
    Ucs2,
    Ucs2Be,
    Ucs2Le,
    Ucs4,
    Ucs4Be,
    Ucs4Le,
    WcharT,
    Utf7,
    Ascii,
    /// The single-byte charsets, by their index in the core's generated tables.
    SingleByte(u16),
    // The multibyte East Asian charsets, in cjk/.
    ShiftJis,
    EucJp,
    Iso2022Jp,
    Gb2312,
    Gbk,
    Gb18030,
    Big5,
    Big5Hkscs,
    EucKr,
}
