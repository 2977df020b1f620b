//! Reading a DNS message (RFC 1035 §4.1): its header, and its questions and resource
//! records, checked once by [`Message::parse`] so that iterating them later cannot fail.
use limpet_abi::nameser::{
    NS_HFIXEDSZ, NS_INT16SZ, NS_QFIXEDSZ, NS_RRFIXEDSZ, NS_S_AN, NS_S_AR, NS_S_MAX, NS_S_NS, NS_S_QD,
};

use super::name;
pub use super::name::same_name;

/// The header's flag word: this is a response.
pub const FLAG_QR: u16 = 0x8000;
/// The header's flag word: the opcode's four bits.
pub const FLAG_OPCODE: u16 = 0x7800;
/// The header's flag word: the answer is authoritative.
pub const FLAG_AA: u16 = 0x0400;
/// The header's flag word: the message was truncated.
pub const FLAG_TC: u16 = 0x0200;
/// The header's flag word: recursion desired.
pub const FLAG_RD: u16 = 0x0100;
/// The header's flag word: recursion available.
pub const FLAG_RA: u16 = 0x0080;
/// The header's flag word: the reserved bit.
pub const FLAG_Z: u16 = 0x0040;
/// The header's flag word: authentic data (RFC 4035 §3.2.3).
pub const FLAG_AD: u16 = 0x0020;
/// The header's flag word: checking disabled (RFC 4035 §3.2.2).
pub const FLAG_CD: u16 = 0x0010;
/// The header's flag word: the response code's four bits.
pub const FLAG_RCODE: u16 = 0x000f;

/// The number of sections (question, answer, authority, additional).
const SECTIONS: usize = NS_S_MAX as usize;
/// The sections' indices, in the header's counts and in [`Message`]'s starts.
const QUESTION: usize = NS_S_QD as usize;
const ANSWER: usize = NS_S_AN as usize;
const AUTHORITY: usize = NS_S_NS as usize;
const ADDITIONAL: usize = NS_S_AR as usize;

/// The big-endian `u16` at `pos`, if `msg` holds it.
pub(crate) fn get16(msg: &[u8], pos: usize) -> Option<u16> {
    msg.get(pos..)?.first_chunk().map(|b| u16::from_be_bytes(*b))
}

/// The big-endian `u32` at `pos`, if `msg` holds it.
pub(crate) fn get32(msg: &[u8], pos: usize) -> Option<u32> {
    msg.get(pos..)?.first_chunk().map(|b| u32::from_be_bytes(*b))
}

/// A message's header.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Header {
    pub id: u16,
    /// A response (rather than a query).
    pub qr: bool,
    pub opcode: u8,
    /// Authoritative answer.
    pub aa: bool,
    /// Truncated.
    pub tc: bool,
    /// Recursion desired.
    pub rd: bool,
    /// Recursion available.
    pub ra: bool,
    pub rcode: u8,
    pub qdcount: u16,
    pub ancount: u16,
    pub nscount: u16,
    pub arcount: u16,
}

/// The value of the bits `mask` picks out of `word`.
fn field(word: u16, mask: u16) -> u8 {
    // Every field of the flag word is at most four bits.
    ((word & mask) >> mask.trailing_zeros()) as u8
}

impl Header {
    /// Reads the header at the start of `msg`; `None` when `msg` is shorter than a header.
    pub fn parse(msg: &[u8]) -> Option<Header> {
        let h: &[u8; NS_HFIXEDSZ] = msg.first_chunk()?;
        let word = |i: usize| u16::from_be_bytes([h[2 * i], h[2 * i + 1]]);
        let flags = word(1);
        Some(Header {
            id: word(0),
            qr: flags & FLAG_QR != 0,
            opcode: field(flags, FLAG_OPCODE),
            aa: flags & FLAG_AA != 0,
            tc: flags & FLAG_TC != 0,
            rd: flags & FLAG_RD != 0,
            ra: flags & FLAG_RA != 0,
            rcode: field(flags, FLAG_RCODE),
            qdcount: word(2),
            ancount: word(3),
            nscount: word(4),
            arcount: word(5),
        })
    }

    /// The header's four counts, in section order.
    fn counts(&self) -> [u16; SECTIONS] {
        [self.qdcount, self.ancount, self.nscount, self.arcount]
    }
}

/// A resource record, its owner name and data left in the message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rr<'a> {
    /// Where the owner name starts (for [`name::expand`] or [`same_name`]).
    pub name_pos: usize,
    pub rtype: u16,
    pub class: u16,
    pub ttl: u32,
    /// Where the data starts: names inside it are expanded from here.
    pub rdata_pos: usize,
    pub rdata: &'a [u8],
}

/// The question at `pos`: its name's position, type and class, and where it ends.
fn question(msg: &[u8], pos: usize) -> Option<((usize, u16, u16), usize)> {
    let fixed = name::skip(msg, pos)?;
    let qtype = get16(msg, fixed)?;
    let qclass = get16(msg, fixed + NS_INT16SZ)?;
    Some(((pos, qtype, qclass), fixed + NS_QFIXEDSZ))
}

/// The resource record at `pos`, and where it ends.
fn record(msg: &[u8], pos: usize) -> Option<(Rr<'_>, usize)> {
    const TYPE: usize = 0;
    const CLASS: usize = 2;
    const TTL: usize = 4;
    const RDLENGTH: usize = 8;
    let fixed = name::skip(msg, pos)?;
    let rdata_pos = fixed + NS_RRFIXEDSZ;
    let rdlength = usize::from(get16(msg, fixed + RDLENGTH)?);
    let rdata = msg.get(rdata_pos..)?.get(..rdlength)?;
    let rr = Rr {
        name_pos: pos,
        rtype: get16(msg, fixed + TYPE)?,
        class: get16(msg, fixed + CLASS)?,
        ttl: get32(msg, fixed + TTL)?,
        rdata_pos,
        rdata,
    };
    Some((rr, rdata_pos + rdlength))
}

/// A message whose header, questions and records have all been checked: every name (through
/// its pointers, as [`name::expand`] checks it) and every record's data lie inside it.
#[derive(Clone, Copy, Debug)]
pub struct Message<'a> {
    msg: &'a [u8],
    header: Header,
    /// Where each section starts; the last entry is where the records end.
    starts: [usize; SECTIONS + 1],
}

impl<'a> Message<'a> {
    /// Checks `msg`: the header, then every question and record the counts announce.
    /// Bytes after the last record are allowed (and ignored). `None` when anything is
    /// malformed or cut short, as a truncated UDP answer may be; [`Header::parse`] still
    /// reads its header.
    pub fn parse(msg: &'a [u8]) -> Option<Message<'a>> {
        let header = Header::parse(msg)?;
        let mut starts = [NS_HFIXEDSZ; SECTIONS + 1];
        let mut pos = NS_HFIXEDSZ;
        for (section, &count) in header.counts().iter().enumerate() {
            for _ in 0..count {
                pos = if section == QUESTION { question(msg, pos)?.1 } else { record(msg, pos)?.1 };
            }
            *starts.get_mut(section + 1)? = pos;
        }
        Some(Message { msg, header, starts })
    }

    /// The header.
    pub fn header(&self) -> Header {
        self.header
    }

    /// The message's bytes, for expanding the names the records point at.
    pub fn msg(&self) -> &'a [u8] {
        self.msg
    }

    /// Where the last record ends (the message's length, less any trailing bytes).
    pub fn end(&self) -> usize {
        self.starts[SECTIONS]
    }

    /// The questions: each name's position, type and class.
    pub fn questions(&self) -> Questions<'a> {
        Questions { msg: self.msg, pos: self.starts[QUESTION], left: self.header.qdcount }
    }

    /// The answer section's records.
    pub fn answers(&self) -> Records<'a> {
        self.section(ANSWER, self.header.ancount)
    }

    /// The authority section's records.
    pub fn authority(&self) -> Records<'a> {
        self.section(AUTHORITY, self.header.nscount)
    }

    /// The additional section's records (where an EDNS0 OPT record sits).
    pub fn additional(&self) -> Records<'a> {
        self.section(ADDITIONAL, self.header.arcount)
    }

    fn section(&self, index: usize, count: u16) -> Records<'a> {
        Records { msg: self.msg, pos: self.starts[index], left: count }
    }
}

/// The questions of a [`Message`]: `(name_pos, qtype, qclass)`.
#[derive(Clone, Debug)]
pub struct Questions<'a> {
    msg: &'a [u8],
    pos: usize,
    left: u16,
}

impl Iterator for Questions<'_> {
    type Item = (usize, u16, u16);

    fn next(&mut self) -> Option<Self::Item> {
        self.left = self.left.checked_sub(1)?;
        let (q, next) = question(self.msg, self.pos)?;
        self.pos = next;
        Some(q)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (usize::from(self.left), Some(usize::from(self.left)))
    }
}

/// The records of one section of a [`Message`].
#[derive(Clone, Debug)]
pub struct Records<'a> {
    msg: &'a [u8],
    pos: usize,
    left: u16,
}

impl<'a> Iterator for Records<'a> {
    type Item = Rr<'a>;

    fn next(&mut self) -> Option<Rr<'a>> {
        self.left = self.left.checked_sub(1)?;
        let (rr, next) = record(self.msg, self.pos)?;
        self.pos = next;
        Some(rr)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (usize::from(self.left), Some(usize::from(self.left)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dns::{C_IN, T_A, T_CNAME};

    /// An answer to `www.example.com A`: a CNAME to `web.example.com` and its address,
    /// compressed, then a trailing byte.
    pub(crate) fn answer() -> Vec<u8> {
        let mut m = b"\x12\x34\x81\x80\x00\x01\x00\x02\x00\x00\x00\x00".to_vec();
        m.extend_from_slice(b"\x03www\x07example\x03com\x00\x00\x01\x00\x01");
        // www.example.com CNAME web.example.com, TTL 300.
        m.extend_from_slice(b"\xc0\x0c\x00\x05\x00\x01\x00\x00\x01\x2c\x00\x06\x03web\xc0\x10");
        // web.example.com A 192.0.2.1
        m.extend_from_slice(b"\xc0\x2d\x00\x01\x00\x01\x00\x00\x00\x3c\x00\x04\xc0\x00\x02\x01");
        m.push(0xee);
        m
    }

    #[test]
    fn reads_the_header() {
        let h = Header::parse(&answer()).unwrap();
        let want = Header {
            id: 0x1234,
            qr: true,
            opcode: 0,
            aa: false,
            tc: false,
            rd: true,
            ra: true,
            rcode: 0,
            qdcount: 1,
            ancount: 2,
            nscount: 0,
            arcount: 0,
        };
        assert_eq!(h, want);
        let h = Header::parse(b"\x00\x00\x7e\x0b\x00\x00\x00\x00\x00\x00\x00\x00").unwrap();
        assert_eq!((h.qr, h.opcode, h.aa, h.tc, h.rd, h.ra, h.rcode), (false, 15, true, true, false, false, 11));
        assert_eq!(Header::parse(&[0; 11]), None);
    }

    #[test]
    fn walks_every_section() {
        let m = answer();
        let msg = Message::parse(&m).unwrap();
        assert_eq!(msg.end(), m.len() - 1);
        assert_eq!(msg.questions().collect::<Vec<_>>(), [(12, T_A, C_IN)]);
        let rrs: Vec<_> = msg.answers().collect();
        assert_eq!(rrs.len(), 2);
        assert_eq!((rrs[0].name_pos, rrs[0].rtype, rrs[0].class, rrs[0].ttl), (33, T_CNAME, C_IN, 300));
        assert!(same_name(&m, rrs[0].name_pos, b"www.example.com"));
        assert!(same_name(&m, rrs[0].rdata_pos, b"web.example.com"));
        assert!(same_name(&m, rrs[1].name_pos, b"WEB.example.com."));
        assert_eq!((rrs[1].rtype, rrs[1].ttl, rrs[1].rdata), (T_A, 60, &[192, 0, 2, 1][..]));
        assert_eq!(msg.authority().count(), 0);
        assert_eq!(msg.additional().count(), 0);
        assert_eq!(msg.msg().len(), m.len());
    }

    #[test]
    fn refuses_what_is_cut_or_malformed() {
        let m = answer();
        for len in 0..m.len() - 1 {
            assert!(Message::parse(&m[..len]).is_none(), "{len}");
        }
        // One record more than there is.
        let mut more = m.clone();
        more[7] = 3;
        assert!(Message::parse(&more).is_none());
        // A forward pointer in the owner name of the first answer is followed (musl and
        // glibc follow them); a pointer past the end is not.
        let mut fwd = m.clone();
        fwd[34] = 0x2d;
        assert!(Message::parse(&fwd).is_some());
        fwd[34] = 0xff;
        fwd[33] = 0xff;
        assert!(Message::parse(&fwd).is_none());
    }
}
