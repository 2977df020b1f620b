//! Building a query (RFC 1035 §4.1): one question, recursion desired, and when asked an
//! EDNS0 OPT pseudo-record (RFC 6891 §6.1.2) announcing the UDP payload size we accept.
use limpet_abi::nameser::{NS_HFIXEDSZ, NS_INT16SZ, NS_INT32SZ, T_OPT};
use limpet_abi::random::GRND_NONBLOCK;
use limpet_abi::time::{CLOCK_REALTIME, Timespec};
use limpet_syscall::{nr, syscall3};

use super::name;
use super::packet::FLAG_RD;

/// Writes `bytes` at `pos` in `out`; the position after them.
fn put(out: &mut [u8], pos: usize, bytes: &[u8]) -> Option<usize> {
    let end = pos.checked_add(bytes.len())?;
    out.get_mut(pos..end)?.copy_from_slice(bytes);
    Some(end)
}

/// Writes a standard query for `name` (dotted text, see [`name::encode`]) of type `qtype`
/// and class `class` with the ID `id` into `out`, returning its length.
///
/// With `edns0_payload`, the additional section holds an OPT record that gives that UDP
/// payload size, extended rcode 0, version 0 and no flags. `None` when the name is not
/// valid or the query does not fit `out`.
pub fn build(
    name: &[u8],
    class: u16,
    qtype: u16,
    id: u16,
    edns0_payload: Option<u16>,
    out: &mut [u8],
) -> Option<usize> {
    let arcount = u16::from(edns0_payload.is_some());
    let mut header = [0u8; NS_HFIXEDSZ];
    for (word, value) in header.chunks_exact_mut(2).zip([id, FLAG_RD, 1, 0, 0, arcount]) {
        word.copy_from_slice(&value.to_be_bytes());
    }
    let mut pos = put(out, 0, &header)?;
    pos += name::encode(name, out.get_mut(pos..)?)?;
    pos = put(out, pos, &qtype.to_be_bytes())?;
    pos = put(out, pos, &class.to_be_bytes())?;
    if let Some(payload) = edns0_payload {
        // The root owner name; type OPT; the class field holds the payload size; the TTL
        // field the extended rcode, version and flags, all zero; RDLENGTH 0, no options.
        pos = put(out, pos, &[0])?;
        pos = put(out, pos, &T_OPT.to_be_bytes())?;
        pos = put(out, pos, &payload.to_be_bytes())?;
        pos = put(out, pos, &[0; NS_INT32SZ + NS_INT16SZ])?;
    }
    Some(pos)
}

/// A query ID that an off-path attacker cannot guess: [`random_ids`] of one.
pub fn random_id() -> u16 {
    random_ids::<1>()[0]
}

/// `N` query IDs that an off-path attacker cannot guess, from one `getrandom` call (the A
/// and AAAA queries of a lookup take theirs together), or, while the kernel's pool is not
/// ready, from the real-time clock's nanoseconds folded together and stepped apart.
pub fn random_ids<const N: usize>() -> [u16; N] {
    let mut ids = [0u16; N];
    let bytes = N * 2;
    // SAFETY: getrandom writes at most `bytes` bytes into the local `ids`, which has them.
    let got = unsafe { syscall3(nr::GETRANDOM, ids.as_mut_ptr() as usize, bytes, GRND_NONBLOCK as usize) };
    if got == bytes {
        return ids;
    }
    let mut ts = Timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `ts` is a local `struct timespec`.
    unsafe { limpet_syscall::unistd::clock_gettime(CLOCK_REALTIME, &mut ts) };
    let ns = ts.tv_nsec as u64;
    // Nanoseconds are below 2^30: fold their fast low bits with the slower high ones.
    let seed = (ns ^ (ns >> 16) ^ (ts.tv_sec as u64).rotate_left(7)) as u16;
    for (k, id) in ids.iter_mut().enumerate() {
        // An odd step keeps the IDs of one lookup apart.
        *id = seed.wrapping_add((k as u16).wrapping_mul(0x9e37));
    }
    ids
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dns::packet::{Header, Message, same_name};
    use crate::dns::{C_IN, T_AAAA};

    #[test]
    fn builds_a_query() {
        let mut out = [0u8; 512];
        let n = build(b"example.com", C_IN, T_AAAA, 0xbeef, None, &mut out).unwrap();
        assert_eq!(
            &out[..n],
            b"\xbe\xef\x01\x00\x00\x01\x00\x00\x00\x00\x00\x00\x07example\x03com\x00\x00\x1c\x00\x01"
        );
        let m = Message::parse(&out[..n]).unwrap();
        let h = m.header();
        assert!(h.rd && !h.qr && h.qdcount == 1 && h.arcount == 0);
        let (pos, t, c) = m.questions().next().unwrap();
        assert!(same_name(&out, pos, b"example.com") && t == T_AAAA && c == C_IN);
        // Exactly the room it needs, and one byte less.
        assert_eq!(build(b"example.com.", C_IN, T_AAAA, 1, None, &mut [0; 29]), Some(29));
        assert_eq!(build(b"example.com", C_IN, T_AAAA, 1, None, &mut [0; 28]), None);
        assert_eq!(build(b"a..b", C_IN, T_AAAA, 1, None, &mut out), None);
    }

    #[test]
    fn adds_an_opt_record() {
        let mut out = [0u8; 512];
        let n = build(b"", C_IN, T_OPT, 7, Some(1232), &mut out).unwrap();
        assert_eq!(n, NS_HFIXEDSZ + 1 + 4 + 11);
        assert_eq!(&out[n - 11..n], b"\x00\x00\x29\x04\xd0\x00\x00\x00\x00\x00\x00");
        let m = Message::parse(&out[..n]).unwrap();
        let opt = m.additional().next().unwrap();
        assert_eq!((opt.rtype, opt.class, opt.ttl, opt.rdata.len()), (T_OPT, 1232, 0, 0));
        assert_eq!(Header::parse(&out).unwrap().arcount, 1);
        assert_eq!(build(b"", C_IN, T_OPT, 7, Some(1232), &mut out[..n - 1]), None);
    }

    #[test]
    fn ids_vary() {
        let ids: Vec<u16> = (0..16).map(|_| random_id()).collect();
        assert!(ids.iter().any(|&i| i != ids[0]));
    }
}
