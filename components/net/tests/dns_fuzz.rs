//! A mutation fuzzer for the DNS wire-format code (`limpet_net::dns`): seed messages
//! (queries; answers with CNAME chains, A, AAAA, PTR, MX, TXT, SOA; compression pointers;
//! EDNS0 OPT records; names at the length limits; cut-off answers) are mutated with a small
//! xorshift generator, and every reader runs on every mutant: `Message::parse` and its
//! iterators, `name::expand`, `skip`, `same_name`, `encode`, and the C functions
//! `dn_expand`, `dn_skipname`, `ns_name_uncompress`, `ns_initparse`, `ns_parserr`,
//! `ns_skiprr`, `dn_comp`. Besides not panicking, the readers must agree with each other
//! (see `check`).
//!
//! `LIMPET_DNS_FUZZ` sets the number of mutants (default 200000), `LIMPET_DNS_FUZZ_SEED`
//! the generator's seed (printed, so a failure can be replayed).
use std::ffi::{CString, c_char, c_int};
use std::mem::MaybeUninit;
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::ptr;
use std::time::Instant;

use limpet_abi::nameser::{NS_MAXDNAME, NS_S_AN, NS_S_AR, NS_S_MAX, NS_S_NS, NS_S_QD, NsMsg, NsRr};
use limpet_net::dns::dn_comp::dn_comp;
use limpet_net::dns::dn_expand::{dn_expand, dn_skipname};
use limpet_net::dns::name::{self, MAX_TEXT};
use limpet_net::dns::ns_parse::{ns_initparse, ns_name_uncompress, ns_parserr, ns_skiprr};
use limpet_net::dns::packet::{Header, Message, Rr, same_name};
use limpet_net::dns::{C_IN, T_A, T_AAAA, T_CNAME, T_MX, T_NS, T_OPT, T_PTR, T_SOA, T_TXT, query};
use limpet_syscall::errno;
use limpet_syscall::errno::{EMSGSIZE, ENODEV};

/// The default number of mutants.
const DEFAULT_COUNT: u64 = 200_000;
/// The largest message the mutations grow.
const MAX_LEN: usize = 4096;

/// xorshift64*: small, fast, and good enough to choose mutations.
struct Rng(u64);

impl Rng {
    /// A generator whose state is `seed` scrambled (splitmix64's finaliser), never zero.
    fn new(seed: u64) -> Rng {
        let mut x = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
        x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        Rng((x ^ (x >> 31)).max(1))
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number below `n` (`n` > 0).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn chance(&mut self, one_in: usize) -> bool {
        self.below(one_in) == 0
    }
}

/// A message written for the seeds, its names compressed by `dn_comp`.
struct Build {
    buf: Vec<u8>,
    len: usize,
    ptrs: [*mut u8; 64],
    counts: [u16; 4],
}

/// Record data to write.
enum Data<'a> {
    Bytes(&'a [u8]),
    Name(&'a str),
    Mx(u16, &'a str),
    Soa(&'a str, &'a str),
}

impl Build {
    fn new(id: u16, flags: u16) -> Build {
        // Never grown: `ptrs` point into it.
        let mut b = Build { buf: vec![0; MAX_LEN], len: 12, ptrs: [ptr::null_mut(); 64], counts: [0; 4] };
        b.buf[..4].copy_from_slice(&[(id >> 8) as u8, id as u8, (flags >> 8) as u8, flags as u8]);
        b.ptrs[0] = b.buf.as_mut_ptr();
        b
    }

    fn bytes(&mut self, b: &[u8]) {
        self.buf[self.len..self.len + b.len()].copy_from_slice(b);
        self.len += b.len();
    }

    fn name(&mut self, text: &str) {
        let c = CString::new(text).unwrap();
        let dst = self.buf.as_mut_ptr().wrapping_add(self.len);
        let last = self.ptrs.as_mut_ptr().wrapping_add(self.ptrs.len());
        let space = (MAX_LEN - self.len) as c_int;
        // SAFETY: `dst` has `space` bytes left in `buf`, `ptrs` is a list into it.
        let n = unsafe { dn_comp(c.as_ptr(), dst, space, self.ptrs.as_mut_ptr(), last) };
        assert!(n > 0, "dn_comp({text})");
        self.len += n as usize;
    }

    fn question(&mut self, name: &str, qtype: u16) {
        self.name(name);
        self.bytes(&qtype.to_be_bytes());
        self.bytes(&C_IN.to_be_bytes());
        self.counts[0] += 1;
    }

    fn rr(&mut self, section: usize, name: &str, rtype: u16, class: u16, data: Data) {
        self.name(name);
        self.bytes(&rtype.to_be_bytes());
        self.bytes(&class.to_be_bytes());
        self.bytes(&300u32.to_be_bytes());
        let len_at = self.len;
        self.bytes(&[0, 0]);
        match data {
            Data::Bytes(b) => self.bytes(b),
            Data::Name(n) => self.name(n),
            Data::Mx(pref, n) => {
                self.bytes(&pref.to_be_bytes());
                self.name(n);
            }
            Data::Soa(m, r) => {
                self.name(m);
                self.name(r);
                for v in [2024010101u32, 7200, 3600, 1209600, 300] {
                    self.bytes(&v.to_be_bytes());
                }
            }
        }
        let rdlen = (self.len - len_at - 2) as u16;
        self.buf[len_at..len_at + 2].copy_from_slice(&rdlen.to_be_bytes());
        self.counts[section] += 1;
    }

    fn opt(&mut self, payload: u16) {
        self.bytes(&[0]);
        self.bytes(&T_OPT.to_be_bytes());
        self.bytes(&payload.to_be_bytes());
        self.bytes(&[0, 0, 0x80, 0, 0, 0]);
        self.counts[3] += 1;
    }

    fn finish(mut self) -> Vec<u8> {
        for (i, c) in self.counts.iter().enumerate() {
            self.buf[4 + 2 * i..6 + 2 * i].copy_from_slice(&c.to_be_bytes());
        }
        self.buf.truncate(self.len);
        self.buf
    }
}

/// A response's flag word: QR, RD, RA and `rcode`.
const fn response(rcode: u16) -> u16 {
    0x8180 | rcode
}

fn seeds() -> Vec<Vec<u8>> {
    let mut s = Vec::new();
    let mut q = [0u8; 512];
    for (name, t, edns) in [
        ("www.example.com", T_A, Some(1232)),
        ("www.example.com.", T_AAAA, None),
        ("1.2.0.192.in-addr.arpa", T_PTR, Some(4096)),
        ("", T_NS, None),
    ] {
        let n = query::build(name.as_bytes(), C_IN, t, 0x4242, edns, &mut q).unwrap();
        s.push(q[..n].to_vec());
    }

    // A CNAME chain to two addresses, an OPT record.
    let mut b = Build::new(1, response(0));
    b.question("www.example.com", T_A);
    b.rr(1, "www.example.com", T_CNAME, C_IN, Data::Name("edge.cdn.example.net"));
    b.rr(1, "edge.cdn.example.net", T_CNAME, C_IN, Data::Name("a1.edge.cdn.example.net"));
    b.rr(1, "a1.edge.cdn.example.net", T_A, C_IN, Data::Bytes(&[192, 0, 2, 1]));
    b.rr(1, "a1.edge.cdn.example.net", T_A, C_IN, Data::Bytes(&[192, 0, 2, 2]));
    b.rr(2, "cdn.example.net", T_NS, C_IN, Data::Name("ns1.cdn.example.net"));
    b.rr(3, "ns1.cdn.example.net", T_A, C_IN, Data::Bytes(&[198, 51, 100, 53]));
    b.opt(1232);
    s.push(b.finish());

    let mut b = Build::new(2, response(0));
    b.question("ipv6.example.org", T_AAAA);
    let v6 = [0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1];
    b.rr(1, "ipv6.example.org", T_AAAA, C_IN, Data::Bytes(&v6));
    b.rr(1, "IPV6.Example.ORG", T_AAAA, C_IN, Data::Bytes(&v6));
    s.push(b.finish());

    let mut b = Build::new(3, response(0));
    b.question("1.2.0.192.in-addr.arpa", T_PTR);
    b.rr(1, "1.2.0.192.in-addr.arpa", T_PTR, C_IN, Data::Name("host.example.com"));
    b.rr(2, "2.0.192.in-addr.arpa", T_NS, C_IN, Data::Name("ns.example.com"));
    s.push(b.finish());

    let mut b = Build::new(4, response(0));
    b.question("example.com", T_MX);
    for (p, h) in [(10, "mx1.example.com"), (20, "mx2.example.com"), (30, "backup.mx.example.net")] {
        b.rr(1, "example.com", T_MX, C_IN, Data::Mx(p, h));
    }
    b.rr(3, "mx1.example.com", T_A, C_IN, Data::Bytes(&[192, 0, 2, 25]));
    b.rr(3, "mx2.example.com", T_AAAA, C_IN, Data::Bytes(&v6));
    b.opt(512);
    let mx = b.finish();
    // Cut short, with TC set, as a UDP answer that did not fit.
    let mut cut = mx[..mx.len() * 2 / 3].to_vec();
    cut[2] |= 0x02;
    s.push(mx);
    s.push(cut);

    let mut b = Build::new(5, response(3));
    b.question("nonexistent.example.com", T_A);
    b.rr(2, "example.com", T_SOA, C_IN, Data::Soa("ns1.example.com", "hostmaster.example.com"));
    s.push(b.finish());

    let mut b = Build::new(6, response(0));
    b.question("example.com", T_TXT);
    b.rr(1, "example.com", T_TXT, C_IN, Data::Bytes(b"\x0bv=spf1 -all\x05hello"));
    s.push(b.finish());

    // Names at the limits: labels of 63 bytes, 255 bytes of wire form.
    let l63 = "a".repeat(63);
    let longest = format!("{l63}.{l63}.{l63}.{}", "b".repeat(61));
    let mut b = Build::new(7, response(0));
    b.question(&longest, T_A);
    b.rr(1, &longest, T_A, C_IN, Data::Bytes(&[10, 0, 0, 1]));
    b.rr(1, &format!("x.{}", "b".repeat(61)), T_CNAME, C_IN, Data::Name(&longest));
    s.push(b.finish());

    // By hand: a NULL record whose data holds `z.bar` (at 37) and a pointer to it (at 41),
    // then a record whose owner is a pointer to that pointer.
    let mut m = b"\x00\x08\x81\x80\x00\x01\x00\x02\x00\x00\x00\x00".to_vec();
    m.extend_from_slice(b"\x03foo\x03bar\x00\x00\x01\x00\x01");
    m.extend_from_slice(b"\xc0\x0c\x00\x0a\x00\x01\x00\x00\x00\x10\x00\x06\x01z\xc0\x10\xc0\x25");
    m.extend_from_slice(b"\xc0\x29\x00\x01\x00\x01\x00\x00\x00\x10\x00\x04\x7f\x00\x00\x01");
    s.push(m);
    s
}

/// One mutation of `p`.
fn mutate(rng: &mut Rng, p: &mut Vec<u8>, seeds: &[Vec<u8>]) {
    const SPECIAL: [u8; 10] = [0, 0xff, 0xc0, 0x3f, 0x40, 0x80, 63, 64, 255, 1];
    let len = p.len();
    let pos = if len == 0 { 0 } else { rng.below(len) };
    match rng.below(13) {
        0 if len > 0 => p[pos] ^= 1 << rng.below(8),
        1 if len > 0 => p[pos] = SPECIAL[rng.below(SPECIAL.len())],
        2 => {
            let n = 1 + rng.below(16);
            let bytes: Vec<u8> = (0..n).map(|_| rng.next() as u8).collect();
            p.splice(pos..pos, bytes);
        }
        3 if len > 0 => {
            let end = (pos + 1 + rng.below(16)).min(len);
            p.drain(pos..end);
        }
        4 if len > 0 => {
            // Duplicate a range somewhere else.
            let end = (pos + 1 + rng.below(32)).min(len);
            let chunk = p[pos..end].to_vec();
            let at = rng.below(len + 1);
            p.splice(at..at, chunk);
        }
        5 => p.truncate(pos),
        6 => {
            // Splice: this one's start, another seed's end.
            let other = &seeds[rng.below(seeds.len())];
            let from = rng.below(other.len() + 1);
            p.truncate(pos);
            p.extend_from_slice(&other[from..]);
        }
        7 if len > 1 => {
            // A pointer to itself.
            let at = pos.min(len - 2);
            p[at] = 0xc0 | (at >> 8) as u8 & 0x3f;
            p[at + 1] = at as u8;
        }
        8 if len > 1 => {
            // A pointer forward, or back to anywhere.
            let at = pos.min(len - 2);
            let to = if rng.chance(2) { at + rng.below(64) } else { rng.below(at + 1) };
            p[at] = 0xc0 | (to >> 8) as u8 & 0x3f;
            p[at + 1] = to as u8;
        }
        9 if len > 0 => p[pos] = [63, 64, 255][rng.below(3)],
        10 if len >= 12 => {
            // A count: small, one off, or huge.
            let i = 4 + 2 * rng.below(4);
            let v: u16 = match rng.below(3) {
                0 => rng.below(8) as u16,
                1 => u16::from_be_bytes([p[i], p[i + 1]]).wrapping_add(1),
                _ => 0xffff,
            };
            p[i..i + 2].copy_from_slice(&v.to_be_bytes());
        }
        11 if len > 1 => {
            let at = pos.min(len - 2);
            p[at..at + 2].copy_from_slice(&(rng.next() as u16).to_be_bytes());
        }
        12 if len > 1 => {
            // A pointer at one of the names a seed has (offset 12 is every question's).
            let at = pos.min(len - 2);
            let to = [12, 12 + rng.below(32), rng.below(len)][rng.below(3)];
            p[at] = 0xc0 | (to >> 8) as u8 & 0x3f;
            p[at + 1] = to as u8;
        }
        _ => {}
    }
    p.truncate(MAX_LEN);
}

/// The name at `pos` by the rules written out plainly, as a reference for `name::walk`:
/// its labels and where it ends in place, or `None`. A pointer (top bits 11) may lead
/// anywhere in the message, at most 128 of them; the kinds
/// 01 and 10 are refused; all the labels, with a length byte each and the root's, make at
/// most 255 bytes.
fn reference_name(msg: &[u8], pos: usize) -> Option<(Vec<&[u8]>, usize)> {
    let mut labels = Vec::new();
    let (mut i, mut pointers, mut end) = (pos, 0, None);
    loop {
        let b = *msg.get(i)?;
        match b >> 6 {
            0b11 => {
                let target = usize::from(b & 0x3f) * 256 + usize::from(*msg.get(i + 1)?);
                pointers += 1;
                if pointers > 128 || labels.iter().map(|l: &&[u8]| l.len() + 1).sum::<usize>() > 255 {
                    return None;
                }
                end.get_or_insert(i + 2);
                i = target;
            }
            0b00 if b == 0 => break,
            0b00 => {
                labels.push(msg.get(i + 1..i + 1 + usize::from(b))?);
                i += 1 + usize::from(b);
            }
            _ => return None,
        }
    }
    let wire = labels.iter().map(|l| l.len() + 1).sum::<usize>() + 1;
    (wire <= 255).then_some((labels, end.unwrap_or(i + 1)))
}

/// What the checks saw, for the summary.
#[derive(Default, Debug)]
struct Stats {
    packets: u64,
    parsed: u64,
    records: u64,
    names: u64,
    names_ok: u64,
    initparse_ok: u64,
    compressed: u64,
}

/// `dn_expand` over `msg` at `pos` into `out`, said to be `space` bytes long.
fn c_expand(msg: &[u8], pos: usize, out: &mut [c_char; NS_MAXDNAME], space: usize) -> c_int {
    let r = msg.as_ptr_range();
    // SAFETY: `msg` is readable and `out` writable for at least `space` bytes.
    unsafe { dn_expand(r.start, r.end, r.start.wrapping_add(pos), out.as_mut_ptr(), space.min(out.len()) as c_int) }
}

/// Whether a C buffer holds `text` and then a NUL (`text` may hold NULs of its own).
fn holds(buf: &[c_char], text: &[u8]) -> bool {
    buf.len() > text.len() && buf.iter().zip(text).all(|(&c, &t)| c as u8 == t) && buf[text.len()] == 0
}

/// Every name reader on the name at `pos`, and whether it is valid; `dn_comp` gets the
/// valid ones that a C string can carry.
fn check_name(msg: &[u8], pos: usize, rng: &mut Rng, stats: &mut Stats, comp: &mut Vec<Vec<u8>>) -> bool {
    stats.names += 1;
    let mut out = [0u8; MAX_TEXT];
    let got = name::expand(msg, pos, &mut out);
    let want = reference_name(msg, pos);
    assert_eq!(
        got.map(|(len, after)| (out[..len].to_vec(), after)),
        want.as_ref().map(|(ls, end)| (ls.join(&b'.'), *end)),
        "expand and the reference disagree at {pos}"
    );
    assert_eq!(got.map(|g| g.1), name::skip(msg, pos), "skip and expand disagree at {pos}");
    let mut cbuf = [0 as c_char; NS_MAXDNAME];
    let c = c_expand(msg, pos, &mut cbuf, NS_MAXDNAME);
    let r = msg.as_ptr_range();
    let mut buf = [0 as c_char; NS_MAXDNAME];
    // SAFETY: `msg` is readable and `buf` writable for its size.
    let u = unsafe { ns_name_uncompress(r.start, r.end, r.start.wrapping_add(pos), buf.as_mut_ptr(), buf.len()) };
    assert_eq!(u, c);
    if u < 0 {
        assert_eq!(errno(), EMSGSIZE);
    }
    let Some((len, after)) = got else {
        assert_eq!(c, -1, "dn_expand accepts what expand refuses at {pos}");
        return false;
    };
    stats.names_ok += 1;
    let text = &out[..len];
    assert_eq!(c as usize, after - pos);
    assert!(holds(&cbuf, text) && holds(&buf, text), "dn_expand's text differs at {pos}");
    assert!(len <= MAX_TEXT);
    // In place: the labels and at most one pointer.
    assert!(after > pos && after - pos <= 257);
    // SAFETY: `pos..` is inside `msg`, since the name was read there.
    let skipped = unsafe { dn_skipname(r.start.add(pos), r.end) };
    assert_eq!(skipped as usize, after - pos, "dn_skipname at {pos}");
    for part in text.split(|&b| b == b'.') {
        assert!(part.len() <= 63);
    }
    let (ls, _) = want.unwrap();
    let wire: usize = ls.iter().map(|l| l.len() + 1).sum::<usize>() + 1;
    assert!(wire <= 255);
    assert!(ls.iter().all(|l| !l.is_empty() && l.len() <= 63));
    let plain = ls.iter().all(|l| !l.contains(&b'.'));
    assert_eq!(same_name(msg, pos, text), plain);
    if plain {
        // The text encodes back to the uncompressed wire form, and matches in any case.
        let mut enc = [0u8; 255];
        let n = name::encode(text, &mut enc).expect("encode");
        let mut want = Vec::new();
        for l in &ls {
            want.push(l.len() as u8);
            want.extend_from_slice(l);
        }
        want.push(0);
        assert_eq!(&enc[..n], &want[..]);
        let flipped: Vec<u8> = text.iter().map(|&b| if b.is_ascii_alphabetic() { b ^ 0x20 } else { b }).collect();
        assert!(same_name(msg, pos, &flipped));
        let mut dotted = text.to_vec();
        dotted.push(b'.');
        assert!(same_name(msg, pos, &dotted));
        let mut longer = text.to_vec();
        longer.extend_from_slice(if text.is_empty() { b"x" } else { b".x" });
        assert!(!same_name(msg, pos, &longer));
        if !text.contains(&0) {
            comp.push(text.to_vec());
        }
    }
    // A buffer just big enough, or one byte short.
    let space = len + usize::from(rng.chance(2));
    let n = c_expand(msg, pos, &mut cbuf, space);
    if space > len {
        assert!(n == c && holds(&cbuf, text));
    } else {
        assert_eq!(n, -1);
    }
    true
}

/// The record checks that `Message::parse` promises.
fn check_rr(msg: &[u8], rr: &Rr, rng: &mut Rng, stats: &mut Stats, comp: &mut Vec<Vec<u8>>) {
    stats.records += 1;
    let mut out = [0u8; MAX_TEXT];
    let (_, after) = name::expand(msg, rr.name_pos, &mut out).expect("a parsed owner name expands");
    assert_eq!(after + 10, rr.rdata_pos);
    assert_eq!(Some(rr.rdata), msg.get(rr.rdata_pos..rr.rdata_pos + rr.rdata.len()));
    check_name(msg, rr.name_pos, rng, stats, comp);
    match rr.rtype {
        T_CNAME | T_PTR | T_NS => {
            check_name(msg, rr.rdata_pos, rng, stats, comp);
        }
        T_MX => {
            check_name(msg, rr.rdata_pos + 2, rng, stats, comp);
        }
        T_SOA => {
            if let Some((_, next)) = name::expand(msg, rr.rdata_pos, &mut out) {
                check_name(msg, next, rng, stats, comp);
            }
            check_name(msg, rr.rdata_pos, rng, stats, comp);
        }
        _ => {}
    }
}

/// What `ns_parserr` read.
fn parserr(h: &mut NsMsg, section: c_int, rrnum: c_int) -> Result<NsRr, c_int> {
    let mut rr = MaybeUninit::<NsRr>::zeroed();
    // SAFETY: `h` came from a successful ns_initparse over a live message; `rr` is a local.
    match unsafe { ns_parserr(h, section, rrnum, rr.as_mut_ptr()) } {
        // SAFETY: all-zero is a valid ns_rr and ns_parserr filled it in.
        0 => Ok(unsafe { rr.assume_init() }),
        r => {
            assert_eq!(r, -1);
            Err(errno())
        }
    }
}

/// `ns_initparse` and `ns_parserr` over every record, against `Message` when it parsed.
fn check_ns(p: &[u8], parsed: Option<&Message>, rng: &mut Rng, stats: &mut Stats) {
    const SECTIONS: [c_int; 4] = [NS_S_QD, NS_S_AN, NS_S_NS, NS_S_AR];
    let mut h = MaybeUninit::<NsMsg>::zeroed();
    // SAFETY: `p` is readable for its length and `h` is a local.
    let r = unsafe { ns_initparse(p.as_ptr(), p.len() as c_int, h.as_mut_ptr()) };
    // SAFETY: all-zero is a valid ns_msg, and ns_initparse filled in what it could.
    let mut h = unsafe { h.assume_init() };
    if let Some(m) = parsed
        && m.end() == p.len()
    {
        assert_eq!(r, 0, "ns_initparse refuses what Message::parse accepts");
    }
    if r != 0 {
        assert_eq!((r, errno()), (-1, EMSGSIZE));
        return;
    }
    stats.initparse_ok += 1;
    let header = Header::parse(p).unwrap();
    assert_eq!(h.id, header.id);
    assert_eq!(h.counts, [header.qdcount, header.ancount, header.nscount, header.arcount]);
    // Each section's records run up to the next's start.
    let base = p.as_ptr() as usize;
    let mut pos = 12;
    for s in SECTIONS {
        let count = h.counts[s as usize];
        if count > 0 {
            assert_eq!(h.sections[s as usize] as usize - base, pos);
        }
        let range = p.as_ptr_range();
        // SAFETY: `pos` is inside `p` (or at its end).
        let n = unsafe { ns_skiprr(range.start.add(pos), range.end, s, c_int::from(count)) };
        assert!(n >= 0);
        pos += n as usize;
    }
    assert_eq!(pos, p.len());

    let records: Vec<Vec<Rr>> = match parsed {
        Some(m) => vec![
            m.questions()
                .map(|(name_pos, rtype, class)| Rr { name_pos, rtype, class, ttl: 0, rdata_pos: 0, rdata: &[] })
                .collect(),
            m.answers().collect(),
            m.authority().collect(),
            m.additional().collect(),
        ],
        None => vec![Vec::new(); 4],
    };
    for s in SECTIONS {
        let count = c_int::from(h.counts[s as usize]);
        // In order (with -1, "the next one", now and then), then a few at random.
        let mut order: Vec<c_int> = (0..count).collect();
        order.extend((0..4).map(|_| rng.below(count as usize + 2) as c_int - 1));
        let mut expect_next = None;
        for i in order {
            let asked = if i >= 0 && rng.chance(3) && expect_next == Some(i) { -1 } else { i };
            let got = parserr(&mut h, s, asked);
            let index = if asked == -1 { expect_next.unwrap_or(-1) } else { asked };
            if index < 0 || index >= count {
                if asked != -1 || expect_next.is_some() {
                    assert_eq!(got.err(), Some(ENODEV), "section {s} record {index}");
                }
                expect_next = None;
                continue;
            }
            expect_next = got.is_ok().then_some(index + 1);
            let Some(want) = records[s as usize].get(index as usize) else {
                if let Err(e) = got {
                    assert_eq!(e, EMSGSIZE);
                }
                continue;
            };
            let rr = got.expect("ns_parserr fails on a record Message::parse accepted");
            let mut out = [0u8; MAX_TEXT];
            let (len, _) = name::expand(p, want.name_pos, &mut out).unwrap();
            assert!(holds(&rr.name, &out[..len]), "ns_parserr's name differs");
            assert_eq!((rr.rtype, rr.rr_class), (want.rtype, want.class));
            if s == NS_S_QD {
                assert_eq!((rr.ttl, rr.rdlength, rr.rdata), (0, 0, ptr::null()));
            } else {
                assert_eq!((rr.ttl, usize::from(rr.rdlength)), (want.ttl, want.rdata.len()));
                assert_eq!(rr.rdata as usize - base, want.rdata_pos);
            }
        }
    }
    assert_eq!(parserr(&mut h, NS_S_MAX, 0).err(), Some(ENODEV));
    assert_eq!(parserr(&mut h, -1, 0).err(), Some(ENODEV));
}

/// `dn_comp` on names read from the mutant: each comes back (in any case) from `dn_expand`.
fn check_comp(names: &[Vec<u8>], stats: &mut Stats) {
    let mut buf = vec![0u8; MAX_LEN];
    let mut ptrs = [ptr::null_mut::<u8>(); 16];
    ptrs[0] = buf.as_mut_ptr();
    let last = ptrs.as_mut_ptr().wrapping_add(ptrs.len());
    let mut at = 12;
    let mut written = Vec::new();
    for n in names.iter().take(12) {
        let c = CString::new(n.clone()).unwrap();
        // SAFETY: `buf` has room for any name after `at`; `ptrs` is a list into `buf`.
        let r = unsafe { dn_comp(c.as_ptr(), buf.as_mut_ptr().add(at), 300, ptrs.as_mut_ptr(), last) };
        assert!(r > 0, "dn_comp refuses {n:?}");
        written.push((at, n));
        at += r as usize;
        stats.compressed += 1;
    }
    for (pos, n) in written {
        let mut out = [0u8; MAX_TEXT];
        let (len, _) = name::expand(&buf[..at], pos, &mut out).expect("dn_comp wrote a name that does not expand");
        assert!(out[..len].eq_ignore_ascii_case(n), "{:?} came back as {:?}", n, &out[..len]);
    }
}

/// Every check on one message.
fn check(p: &[u8], rng: &mut Rng, stats: &mut Stats) {
    stats.packets += 1;
    let mut comp = Vec::new();
    let parsed = Message::parse(p);
    if let Some(m) = &parsed {
        stats.parsed += 1;
        let h = m.header();
        assert_eq!(Some(h), Header::parse(p));
        assert!(m.end() <= p.len() && m.msg().len() == p.len());
        let mut n = 0;
        for (pos, _, _) in m.questions() {
            assert!(check_name(p, pos, rng, stats, &mut comp), "a parsed question's name fails");
            n += 1;
        }
        assert_eq!(n, h.qdcount as usize);
        for (records, count) in [(m.answers(), h.ancount), (m.authority(), h.nscount), (m.additional(), h.arcount)] {
            let mut n = 0;
            for rr in records {
                check_rr(p, &rr, rng, stats, &mut comp);
                n += 1;
            }
            assert_eq!(n, count as usize);
        }
    }
    // Names anywhere: the header's end, and a few positions at random.
    if !p.is_empty() {
        check_name(p, 12, rng, stats, &mut comp);
        for _ in 0..6 {
            let pos = rng.below(p.len());
            check_name(p, pos, rng, stats, &mut comp);
        }
    }
    check_ns(p, parsed.as_ref(), rng, stats);
    check_comp(&comp, stats);
    // A query for one of the names reads back.
    if let Some(name) = comp.first() {
        let mut q = [0u8; 512];
        let n = query::build(name, C_IN, T_A, 7, Some(1232), &mut q).expect("query::build");
        let m = Message::parse(&q[..n]).unwrap();
        let (pos, _, _) = m.questions().next().unwrap();
        assert!(same_name(&q, pos, name));
        assert_eq!(m.additional().next().map(|o| (o.rtype, o.class)), Some((T_OPT, 1232)));
    }
}

#[test]
fn dns_fuzz() {
    let count: u64 = std::env::var("LIMPET_DNS_FUZZ").ok().and_then(|v| v.parse().ok()).unwrap_or(DEFAULT_COUNT);
    let seed: u64 = std::env::var("LIMPET_DNS_FUZZ_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(1);
    let mut rng = Rng::new(seed);
    let seeds = seeds();
    let mut stats = Stats::default();
    let start = Instant::now();
    for (i, s) in seeds.iter().enumerate() {
        assert!(Message::parse(s).is_some() || Header::parse(s).is_some_and(|h| h.tc), "seed {i} does not parse");
        check(s, &mut rng, &mut stats);
    }
    let mut p = Vec::new();
    for i in 0..count {
        // Mostly a fresh seed; sometimes keep mutating the last mutant. One mutation half
        // the time, two a quarter, ...: most mutants stay close enough to a message to
        // reach the record code.
        if i % 8 != 0 || p.is_empty() {
            p = seeds[rng.below(seeds.len())].clone();
        }
        for _ in 0..1 + (rng.next().trailing_zeros() as usize).min(6) {
            mutate(&mut rng, &mut p, &seeds);
        }
        let r = catch_unwind(AssertUnwindSafe(|| check(&p, &mut rng, &mut stats)));
        if let Err(e) = r {
            eprintln!("dns_fuzz: mutant {i} (seed {seed}) fails: {p:02x?}");
            resume_unwind(e);
        }
    }
    println!(
        "dns_fuzz: {} packets ({} mutants, seed {seed}) in {:.2?}: {} parsed, {} records, {} names ({} valid), {} ns_initparse, {} dn_comp",
        stats.packets,
        count,
        start.elapsed(),
        stats.parsed,
        stats.records,
        stats.names,
        stats.names_ok,
        stats.initparse_ok,
        stats.compressed,
    );
    assert!(stats.parsed > stats.packets / 20, "the mutants are too broken to reach the record code");
}
