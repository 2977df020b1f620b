//! The single-byte charsets: ISO-8859-1 (always in, computed), and the generated tables of
//! ISO-8859-2..16, the Windows code pages 1250..1258, KOI8-R/U, CP437, CP850, CP866 and
//! IBM1047 (one feature each, in [`tables`], made by `gen/single_byte.py`).
//!
//! A charset is named by its id in [`Charset::SingleByte`](crate::codec::Charset); each
//! id has its own `Codec` whose functions close over one table, so the core's loop needs no
//! table pointer beside the two function pointers.
use crate::codec::{Codec, Decode, Encode};

pub mod tables;

/// One ASCII-compatible (or, for EBCDIC, full) single-byte charset.
pub struct Table {
    /// The first byte `decode` describes: 0x80 when 0x00..0x7F are ASCII, else 0.
    pub first: u8,
    /// The code point of each byte from `first` on, or [`tables::UNMAPPED`].
    pub decode: &'static [u16],
    /// Size layout: the code points the table maps to, sorted, for bisection...
    #[cfg(feature = "size")]
    pub encode_keys: &'static [u16],
    /// ...and the byte of each, at the same index.
    #[cfg(feature = "size")]
    pub encode_bytes: &'static [u8],
    /// Speed layout: for each high byte of a code point, its page in `pages` (0: none)...
    #[cfg(not(feature = "size"))]
    pub page_index: &'static [u8; 256],
    /// ...and the pages, 256 bytes each, the byte of each code point by its low byte; page
    /// 0 is all zero.
    #[cfg(not(feature = "size"))]
    pub pages: &'static [u8],
}

/// The code points of a page.
#[cfg(not(feature = "size"))]
const PAGE: usize = 256;

impl Table {
    /// Decodes the byte `b`.
    #[inline(always)]
    pub fn decode_byte(&self, b: u8) -> Option<u32> {
        if b < self.first {
            return Some(b as u32);
        }
        let c = self.decode[(b - self.first) as usize];
        (c != tables::UNMAPPED).then_some(c as u32)
    }

    /// The byte of `c`, if the charset has it.
    #[inline(always)]
    pub fn encode_char(&self, c: u32) -> Option<u8> {
        if c < self.first as u32 {
            return Some(c as u8);
        }
        let key = u16::try_from(c).ok()?;
        #[cfg(feature = "size")]
        {
            let i = self.encode_keys.binary_search(&key).ok()?;
            Some(self.encode_bytes[i])
        }
        #[cfg(not(feature = "size"))]
        {
            let page = self.page_index[(key >> 8) as usize] as usize;
            let b = self.pages[page * PAGE + (key & 0xff) as usize];
            // An empty slot holds 0, which decodes to something else.
            (self.decode_byte(b) == Some(c)).then_some(b)
        }
    }

    /// The codec's decoder over this table.
    #[inline(always)]
    pub fn decode(&self, input: &[u8]) -> Decode {
        match self.decode_byte(input[0]) {
            Some(c) => Decode::Char { c, len: 1 },
            None => Decode::Invalid { len: 1 },
        }
    }

    /// The codec's encoder over this table.
    #[inline(always)]
    pub fn encode(&self, c: u32, out: &mut [u8]) -> Encode {
        match self.encode_char(c) {
            None => Encode::Unrepresentable,
            Some(_) if out.is_empty() => Encode::NoRoom,
            Some(b) => {
                out[0] = b;
                Encode::Wrote { len: 1 }
            }
        }
    }
}

/// The largest code point ISO-8859-1 holds: its bytes are U+0000..U+00FF.
pub const LATIN1_MAX: u32 = 0xff;

/// ISO-8859-1: every byte is the code point of the same value.
pub static LATIN1: Codec = Codec {
    decode: |_, input| Decode::Char {
        c: input[0] as u32,
        len: 1,
    },
    encode: |_, c, out| crate::ascii::encode_byte(c, LATIN1_MAX, out),
    reset: None,
};

/// Declares the ids, the codecs and the lookup by id of the table charsets, each gated on
/// its feature. `$id` is the charset's id (ISO-8859-1 is 0).
macro_rules! table_charsets {
    ($($id:literal $table:ident $feature:literal;)*) => {
        /// The ids of the single-byte charsets (`Charset::SingleByte(id)`).
        pub mod id {
            /// ISO-8859-1.
            pub const LATIN1: u16 = 0;
            $(
                #[doc = concat!("`tables::", stringify!($table), "`.")]
                pub const $table: u16 = $id;
            )*
        }

        /// The codec of single-byte charset `id`, if it is in this build.
        pub fn codec(id: u16) -> Option<&'static Codec> {
            match id {
                id::LATIN1 => Some(&LATIN1),
                $(
                    #[cfg(feature = $feature)]
                    id::$table => {
                        static CODEC: Codec = Codec {
                            decode: |_, input| tables::$table.decode(input),
                            encode: |_, c, out| tables::$table.encode(c, out),
                            reset: None,
                        };
                        Some(&CODEC)
                    }
                )*
                _ => None,
            }
        }

        /// The table of single-byte charset `id`, if it has one in this build (the fast
        /// paths read it directly).
        pub fn table(id: u16) -> Option<&'static Table> {
            match id {
                $(
                    #[cfg(feature = $feature)]
                    id::$table => Some(&tables::$table),
                )*
                _ => None,
            }
        }
    };
}

table_charsets! {
    1 ISO8859_2 "charset-iso8859-2";
    2 ISO8859_3 "charset-iso8859-3";
    3 ISO8859_4 "charset-iso8859-4";
    4 ISO8859_5 "charset-iso8859-5";
    5 ISO8859_6 "charset-iso8859-6";
    6 ISO8859_7 "charset-iso8859-7";
    7 ISO8859_8 "charset-iso8859-8";
    8 ISO8859_9 "charset-iso8859-9";
    9 ISO8859_10 "charset-iso8859-10";
    10 ISO8859_11 "charset-iso8859-11";
    11 ISO8859_13 "charset-iso8859-13";
    12 ISO8859_14 "charset-iso8859-14";
    13 ISO8859_15 "charset-iso8859-15";
    14 ISO8859_16 "charset-iso8859-16";
    15 CP1250 "charset-cp1250";
    16 CP1251 "charset-cp1251";
    17 CP1252 "charset-cp1252";
    18 CP1253 "charset-cp1253";
    19 CP1254 "charset-cp1254";
    20 CP1255 "charset-cp1255";
    21 CP1256 "charset-cp1256";
    22 CP1257 "charset-cp1257";
    23 CP1258 "charset-cp1258";
    24 KOI8_R "charset-koi8-r";
    25 KOI8_U "charset-koi8-u";
    26 CP437 "charset-cp437";
    27 CP850 "charset-cp850";
    28 CP866 "charset-cp866";
    29 IBM1047 "charset-ibm1047";
}
