//! `ns_initparse`, `ns_parserr`, `ns_skiprr`, `ns_name_uncompress` and the `_ns_flagdata`
//! table: BIND's message parser of `<arpa/nameser.h>`, with musl's ABI and errno values.
//!
//! `ns_initparse` checks that the sections fill the message exactly and notes where each
//! starts; `ns_parserr` then reads one record at a time, going on from where the last call
//! left off, so reading a section in order costs one pass. The owner names are expanded
//! as `dn_expand` does; the sections are skipped as `dn_skipname` does, without following
//! pointers, because `ns_skiprr` has no message start to follow them from.
use core::ffi::{c_char, c_int};
use core::ptr;

use limpet_abi::nameser::{
    NS_HFIXEDSZ, NS_INT16SZ, NS_INT32SZ, NS_MAXDNAME, NS_QFIXEDSZ, NS_RRFIXEDSZ, NS_S_MAX, NS_S_QD, NsFlagdata, NsMsg,
    NsRr,
};
use limpet_syscall::errno::{EMSGSIZE, ENODEV};
use limpet_syscall::set_errno;

use super::dn_expand::dn_expand;
use super::packet::{
    FLAG_AA, FLAG_AD, FLAG_CD, FLAG_OPCODE, FLAG_QR, FLAG_RA, FLAG_RCODE, FLAG_RD, FLAG_TC, FLAG_Z, get16, get32,
};
use super::{name, span};

/// The number of sections.
const SECTIONS: usize = NS_S_MAX as usize;
/// The size of `_ns_flagdata`: BIND's and musl's table has 16 entries, `ns_f_max` of them used.
const FLAGDATA_LEN: usize = 16;

/// Where the header flag `mask` sits in `ns_msg`'s `_flags`.
const fn flag(mask: u16) -> NsFlagdata {
    NsFlagdata { mask: mask as c_int, shift: mask.trailing_zeros() as c_int }
}

/// An entry past `ns_f_max`.
const UNUSED: NsFlagdata = NsFlagdata { mask: 0, shift: 0 };

/// `_ns_flagdata`—Where each header flag sits in `ns_msg`'s `_flags`, indexed by `ns_flag`
/// (`ns_f_qr` ... `ns_f_rcode`): the table behind the `ns_msg_getflag` macro.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
#[allow(non_upper_case_globals)]
pub static _ns_flagdata: [NsFlagdata; FLAGDATA_LEN] = [
    flag(FLAG_QR),
    flag(FLAG_OPCODE),
    flag(FLAG_AA),
    flag(FLAG_TC),
    flag(FLAG_RD),
    flag(FLAG_RA),
    flag(FLAG_Z),
    flag(FLAG_AD),
    flag(FLAG_CD),
    flag(FLAG_RCODE),
    UNUSED,
    UNUSED,
    UNUSED,
    UNUSED,
    UNUSED,
    UNUSED,
];

/// The bytes that `count` records of a section at the start of `data` take (questions when
/// `question`), their names skipped in place; `None` when they run past its end.
fn skip_records(data: &[u8], question: bool, count: usize) -> Option<usize> {
    /// Where RDLENGTH sits in a record's fixed part.
    const RDLENGTH: usize = NS_RRFIXEDSZ - NS_INT16SZ;
    let mut pos = 0;
    for _ in 0..count {
        pos += name::skip_in_place(data.get(pos..)?)?;
        pos += if question { NS_QFIXEDSZ } else { NS_RRFIXEDSZ + usize::from(get16(data, pos + RDLENGTH)?) };
        if pos > data.len() {
            return None;
        }
    }
    Some(pos)
}

/// `ns_skiprr(ptr, eom, section, count)`—The number of bytes `count` records of section
/// `section` (questions for `ns_s_qd`) take from `ptr`, or -1 with errno EMSGSIZE when they
/// run past `eom`. Names are skipped as `dn_skipname` skips them.
///
/// # Safety
/// `ptr..eom` must be readable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn ns_skiprr(ptr: *const u8, eom: *const u8, section: c_int, count: c_int) -> c_int {
    // SAFETY: the caller vouches that `ptr..eom` is readable.
    let data = unsafe { span(ptr, eom) };
    let skipped = data.zip(usize::try_from(count).ok()).and_then(|(d, n)| skip_records(d, section == NS_S_QD, n));
    match skipped.and_then(|n| c_int::try_from(n).ok()) {
        Some(n) => n,
        None => {
            set_errno(EMSGSIZE);
            -1
        }
    }
}

/// `ns_initparse(msg, msglen, handle)`—Checks the message `msg` of `msglen` bytes and sets
/// up `handle` for `ns_parserr`: its ID, flags and counts, and where each section starts.
/// 0, or -1 with errno EMSGSIZE when the message is shorter than a header or its sections
/// do not fill it exactly.
///
/// # Safety
/// `msg` must be readable for `msglen` bytes, and `handle` writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn ns_initparse(msg: *const u8, msglen: c_int, handle: *mut NsMsg) -> c_int {
    // Where `ns_parserr` stands before its first call: in no section, at no record.
    let mut h = NsMsg {
        msg,
        eom: msg.wrapping_offset(msglen as isize),
        id: 0,
        flags: 0,
        counts: [0; SECTIONS],
        sections: [ptr::null(); SECTIONS],
        sect: NS_S_MAX,
        rrnum: -1,
        msg_ptr: ptr::null(),
    };
    // SAFETY: the caller vouches for `msglen` bytes at `msg`; `span` refuses a negative one.
    let found = unsafe { span(msg, h.eom) }.and_then(|data| find_sections(data, &mut h));
    // SAFETY: the caller vouches that `handle` is writable (it need not be initialised).
    unsafe { handle.write(h) };
    match found {
        Some(()) => 0,
        None => fail(EMSGSIZE),
    }
}

/// Fills in `h`'s header fields and section starts from the message `data` (which `h.msg`
/// points at), or `None` when its sections do not fill it exactly.
fn find_sections(data: &[u8], h: &mut NsMsg) -> Option<()> {
    let header: &[u8; NS_HFIXEDSZ] = data.first_chunk()?;
    let word = |i: usize| u16::from_be_bytes([header[2 * i], header[2 * i + 1]]);
    h.id = word(0);
    h.flags = word(1);
    let mut pos = NS_HFIXEDSZ;
    for s in 0..SECTIONS {
        let count = word(2 + s);
        h.counts[s] = count;
        h.sections[s] = if count == 0 { ptr::null() } else { h.msg.wrapping_add(pos) };
        pos += skip_records(data.get(pos..)?, s == NS_S_QD as usize, usize::from(count))?;
    }
    (pos == data.len()).then_some(())
}

/// Puts `h` at the first record of section `section` (none for `NS_S_MAX`).
fn set_section(h: &mut NsMsg, section: c_int) {
    h.sect = section;
    match usize::try_from(section).ok().and_then(|s| h.sections.get(s)) {
        Some(&first) => {
            h.rrnum = 0;
            h.msg_ptr = first;
        }
        None => {
            h.rrnum = -1;
            h.msg_ptr = ptr::null();
        }
    }
}

/// Fails an `ns_*` call with `errno`.
fn fail(errno: c_int) -> c_int {
    set_errno(errno);
    -1
}

/// `ns_parserr(handle, section, rrnum, rr)`—Reads record `rrnum` of section `section`
/// (or, for `rrnum` -1, the one after the last read) into `rr`: its owner name as
/// `dn_expand` writes it, type and class, and for an answer, authority or additional
/// record its TTL and data (which stays in the message); a question gets TTL 0 and no
/// data. 0, or -1 with errno ENODEV when there is no such section or record, EMSGSIZE
/// when the record is malformed.
///
/// # Safety
/// `handle` must have been set up by a successful `ns_initparse`, its message still
/// readable; `rr` must be writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn ns_parserr(handle: *mut NsMsg, section: c_int, rrnum: c_int, rr: *mut NsRr) -> c_int {
    // SAFETY: the caller vouches that `handle` is an `ns_msg` nothing else uses.
    let h = unsafe { &mut *handle };
    let Some(s) = usize::try_from(section).ok().filter(|&s| s < SECTIONS) else { return fail(ENODEV) };
    if section != h.sect {
        set_section(h, section);
    }
    let rrnum = if rrnum == -1 { h.rrnum } else { rrnum };
    if rrnum < 0 || rrnum >= c_int::from(h.counts[s]) {
        return fail(ENODEV);
    }
    // A negative `rrnum` in the handle is one no call of ours left (with a valid section).
    if rrnum < h.rrnum || h.rrnum < 0 {
        set_section(h, section);
    }
    // SAFETY: `ns_initparse` checked `msg..eom` and the caller vouches it is still readable.
    let Some(data) = (unsafe { span(h.msg, h.eom) }) else { return fail(EMSGSIZE) };
    // The handle is the caller's: a `msg_ptr` outside the message is an error, not a read.
    let Some(mut pos) =
        (h.msg_ptr as usize).checked_sub(h.msg as usize).filter(|&p| p <= data.len() && !h.msg_ptr.is_null())
    else {
        return fail(EMSGSIZE);
    };
    if rrnum > h.rrnum {
        let skip = data.get(pos..).and_then(|d| skip_records(d, s == NS_S_QD as usize, (rrnum - h.rrnum) as usize));
        let Some(skip) = skip else { return fail(EMSGSIZE) };
        pos += skip;
        h.msg_ptr = h.msg.wrapping_add(pos);
        h.rrnum = rrnum;
    }
    // SAFETY: the caller vouches that `rr` is writable; `data` is the handle's message.
    match unsafe { read_record(data, h.msg, pos, s == NS_S_QD as usize, rr) } {
        Some(next) => {
            h.msg_ptr = h.msg.wrapping_add(next);
            h.rrnum += 1;
            0
        }
        None => fail(EMSGSIZE),
    }
}

/// Reads the question (`question`) or record at `pos` in the message `data`, which starts
/// at `base`, into `rr`; where it ends, or `None` when it is malformed.
///
/// # Safety
/// `rr` must be writable; `data` must be the bytes at `base`.
unsafe fn read_record(data: &[u8], base: *const u8, pos: usize, question: bool, rr: *mut NsRr) -> Option<usize> {
    let mut text = [0u8; name::MAX_TEXT];
    let (len, fixed) = name::expand(data, pos, &mut text)?;
    let rtype = get16(data, fixed)?;
    let class = get16(data, fixed + NS_INT16SZ)?;
    let (ttl, rdlength, rdata, next) = if question {
        (0, 0, ptr::null(), fixed + NS_QFIXEDSZ)
    } else {
        let ttl = get32(data, fixed + 2 * NS_INT16SZ)?;
        let rdlength = get16(data, fixed + 2 * NS_INT16SZ + NS_INT32SZ)?;
        let start = fixed + NS_RRFIXEDSZ;
        let end = start + usize::from(rdlength);
        if end > data.len() {
            return None;
        }
        (ttl, rdlength, base.wrapping_add(start), end)
    };
    let mut out = NsRr { name: [0; NS_MAXDNAME], rtype, rr_class: class, ttl, rdlength, rdata };
    // A name's text is at most 253 bytes, far below NS_MAXDNAME: the NUL is already there.
    for (d, &c) in out.name.iter_mut().zip(text.get(..len)?) {
        *d = c as c_char;
    }
    // SAFETY: the caller vouches that `rr` is writable (it need not be initialised).
    unsafe { rr.write(out) };
    Some(next)
}

/// `ns_name_uncompress(msg, eom, src, dst, dstsiz)`—`dn_expand` with a `size_t` size: the
/// bytes the name at `src` takes, its text in `dst`; -1 with errno EMSGSIZE when it is
/// malformed or does not fit.
///
/// # Safety
/// `msg..eom` must be readable and `dst` writable for `dstsiz` bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn ns_name_uncompress(
    msg: *const u8,
    eom: *const u8,
    src: *const u8,
    dst: *mut c_char,
    dstsiz: usize,
) -> c_int {
    // Any name's text fits in far less than `c_int::MAX` bytes.
    let space = c_int::try_from(dstsiz).unwrap_or(c_int::MAX);
    // SAFETY: forwarded from the caller, with a size no larger than theirs.
    let r = unsafe { dn_expand(msg, eom, src, dst, space) };
    if r < 0 {
        set_errno(EMSGSIZE);
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::ffi::CStr;
    use core::mem::MaybeUninit;
    use limpet_abi::nameser::{NS_F_AA, NS_F_OPCODE, NS_F_QR, NS_F_RA, NS_F_RCODE, NS_F_RD, NS_S_AN, NS_S_AR, NS_S_NS};
    use limpet_syscall::errno;

    use crate::dns::{C_IN, T_A, T_CNAME, T_OPT};

    /// An answer to `www.example.com A` (a CNAME and an address), no authority, and an OPT
    /// record in the additional section.
    fn answer() -> Vec<u8> {
        let mut m = b"\x12\x34\x85\x83\x00\x01\x00\x02\x00\x00\x00\x01".to_vec();
        m.extend_from_slice(b"\x03www\x07example\x03com\x00\x00\x01\x00\x01");
        m.extend_from_slice(b"\xc0\x0c\x00\x05\x00\x01\x00\x00\x01\x2c\x00\x06\x03web\xc0\x10");
        m.extend_from_slice(b"\xc0\x2d\x00\x01\x00\x01\x00\x00\x00\x3c\x00\x04\xc0\x00\x02\x01");
        m.extend_from_slice(b"\x00\x00\x29\x04\xd0\x00\x00\x00\x00\x00\x00");
        m
    }

    fn init(m: &[u8]) -> (c_int, NsMsg) {
        let mut h = MaybeUninit::<NsMsg>::zeroed();
        // SAFETY: `m` is readable for its length and `h` is a local ns_msg.
        let r = unsafe { ns_initparse(m.as_ptr(), m.len() as c_int, h.as_mut_ptr()) };
        // SAFETY: all-zero is a valid ns_msg (null pointers, zero numbers).
        (r, unsafe { h.assume_init() })
    }

    fn parse(h: &mut NsMsg, section: c_int, rrnum: c_int) -> Result<NsRr, c_int> {
        let mut rr = MaybeUninit::<NsRr>::zeroed();
        // SAFETY: `h` came from ns_initparse over a live message; `rr` is a local.
        match unsafe { ns_parserr(h, section, rrnum, rr.as_mut_ptr()) } {
            // SAFETY: all-zero is a valid ns_rr, and ns_parserr wrote the rest.
            0 => Ok(unsafe { rr.assume_init() }),
            _ => Err(errno()),
        }
    }

    fn name_of(rr: &NsRr) -> &str {
        // SAFETY: ns_parserr NUL-terminates the name inside the array.
        unsafe { CStr::from_ptr(rr.name.as_ptr()) }.to_str().unwrap()
    }

    fn getflag(h: &NsMsg, flag: c_int) -> c_int {
        let d = _ns_flagdata[flag as usize];
        (c_int::from(h.flags) & d.mask) >> d.shift
    }

    #[test]
    fn reads_header_and_flags() {
        let m = answer();
        let (r, h) = init(&m);
        assert_eq!(r, 0);
        assert_eq!((h.id, h.counts, h.sect, h.rrnum), (0x1234, [1, 2, 0, 1], NS_S_MAX, -1));
        assert_eq!(h.sections[NS_S_NS as usize], ptr::null());
        assert_eq!(h.sections[NS_S_AN as usize], m.as_ptr().wrapping_add(33));
        let flags = [NS_F_QR, NS_F_OPCODE, NS_F_AA, NS_F_RD, NS_F_RA, NS_F_RCODE].map(|f| getflag(&h, f));
        assert_eq!(flags, [1, 0, 1, 1, 1, 3]);
        assert!(_ns_flagdata[10..].iter().all(|&f| f == UNUSED));
    }

    #[test]
    fn reads_records_in_order_and_out_of_order() {
        let m = answer();
        let (_, mut h) = init(&m);
        let q = parse(&mut h, NS_S_QD, 0).unwrap();
        assert_eq!((name_of(&q), q.rtype, q.rr_class, q.ttl, q.rdata), ("www.example.com", T_A, C_IN, 0, ptr::null()));
        let a1 = parse(&mut h, NS_S_AN, 1).unwrap();
        assert_eq!((name_of(&a1), a1.rtype, a1.ttl, a1.rdlength), ("web.example.com", T_A, 60, 4));
        assert_eq!(a1.rdata, m.as_ptr().wrapping_add(63));
        assert_eq!(parse(&mut h, NS_S_AN, -1).err(), Some(ENODEV));
        let a0 = parse(&mut h, NS_S_AN, 0).unwrap();
        assert_eq!((name_of(&a0), a0.rtype, a0.ttl, a0.rdlength), ("www.example.com", T_CNAME, 300, 6));
        assert_eq!(parse(&mut h, NS_S_AN, -1).unwrap().rtype, T_A);
        let opt = parse(&mut h, NS_S_AR, 0).unwrap();
        assert_eq!((name_of(&opt), opt.rtype, opt.rr_class), ("", T_OPT, 1232));
        assert_eq!(parse(&mut h, NS_S_NS, 0).err(), Some(ENODEV));
        assert_eq!(parse(&mut h, NS_S_MAX, 0).err(), Some(ENODEV));
        assert_eq!(parse(&mut h, -1, 0).err(), Some(ENODEV));
        assert_eq!(parse(&mut h, NS_S_AN, 2).err(), Some(ENODEV));
    }

    #[test]
    fn refuses_bad_lengths_and_bad_names() {
        let m = answer();
        for len in 0..m.len() {
            assert_eq!(init(&m[..len]).0, -1, "{len}");
            assert_eq!(errno(), EMSGSIZE);
        }
        let mut long = m.clone();
        long.push(0);
        assert_eq!(init(&long).0, -1);
        // A pointer past the end passes ns_initparse, which does not follow it, but not
        // ns_parserr; a forward one inside the message is followed.
        let mut fwd = m.clone();
        fwd[33] = 0xff;
        fwd[34] = 0xff;
        let (r, mut h) = init(&fwd);
        assert_eq!(r, 0);
        assert_eq!(parse(&mut h, NS_S_AN, 0).err(), Some(EMSGSIZE));
        assert_eq!(parse(&mut h, NS_S_AN, 1).unwrap().rtype, T_A);
        fwd[33] = 0xc0;
        fwd[34] = 0x2d;
        let (r, mut h) = init(&fwd);
        assert_eq!(r, 0);
        assert!(parse(&mut h, NS_S_AN, 0).is_ok());
    }

    #[test]
    fn skips_records() {
        let m = answer();
        let p = m.as_ptr();
        let end = m.as_ptr_range().end;
        // SAFETY: every span is inside `m`.
        unsafe {
            assert_eq!(ns_skiprr(p.add(12), end, NS_S_QD, 1), 21);
            assert_eq!(ns_skiprr(p.add(33), end, NS_S_AN, 2), 34);
            assert_eq!(ns_skiprr(p.add(33), end, NS_S_AN, 0), 0);
            assert_eq!(ns_skiprr(p.add(33), end, NS_S_AN, 4), -1);
            assert_eq!(errno(), EMSGSIZE);
            assert_eq!(ns_skiprr(p.add(33), p.add(66), NS_S_AN, 2), -1);
            assert_eq!(ns_skiprr(p.add(33), end, NS_S_AN, -1), -1);
        }
    }

    #[test]
    fn uncompresses_names() {
        let m = answer();
        let range = m.as_ptr_range();
        let mut out = [0 as c_char; 16];
        // SAFETY: `m` is readable and `out` writable for the sizes given.
        unsafe {
            assert_eq!(ns_name_uncompress(range.start, range.end, range.start.add(51), out.as_mut_ptr(), 16), 2);
            assert_eq!(CStr::from_ptr(out.as_ptr()).to_bytes(), b"web.example.com");
            assert_eq!(ns_name_uncompress(range.start, range.end, range.start.add(45), out.as_mut_ptr(), 15), -1);
            assert_eq!(errno(), EMSGSIZE);
            assert_eq!(ns_name_uncompress(range.start, range.end, range.end, out.as_mut_ptr(), 16), -1);
        }
    }
}
