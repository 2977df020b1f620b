//! nscd's passwd reply (`GETPWBYNAME`, `GETPWBYUID`): a header of nine words, `[version,
//! found, name length, passwd length, uid, gid, gecos length, dir length, shell length]`,
//! then the five strings in that order, each with its NUL. It decodes to the same
//! [`line::Passwd`] a line of /etc/passwd does, borrowing the reply.
use core::ffi::c_int;

use limpet_syscall::errno::EIO;

use crate::line;
use crate::nscd::{Answer, field, length};

/// The header's words.
const HEADER: usize = 9;
/// Where the uid and the gid are.
const UID: usize = 4;
const GID: usize = 5;
/// Where the strings' lengths are, in the strings' order: name, passwd, gecos, dir, shell.
const LENGTHS: [usize; 5] = [2, 3, 6, 7, 8];

/// The passwd reply.
pub(crate) struct Reply;

/// The five strings' lengths, from the header.
fn lengths(h: &[u32]) -> Result<[usize; 5], c_int> {
    let mut out = [0; 5];
    for (o, &i) in out.iter_mut().zip(&LENGTHS) {
        *o = length(*h.get(i).ok_or(EIO)?)?;
    }
    Ok(out)
}

impl Answer for Reply {
    const HEADER: usize = HEADER;
    type Out<'a> = line::Passwd<'a>;

    fn body_len(h: &[u32], _: &[u8], _: bool) -> Result<usize, c_int> {
        lengths(h)?.iter().try_fold(0usize, |sum, &n| sum.checked_add(n)).ok_or(EIO)
    }

    fn decode<'a>(h: &[u32], body: &'a [u8], _: bool) -> Result<line::Passwd<'a>, c_int> {
        let mut rest = body;
        let mut strings = [&b""[..]; 5];
        for (s, n) in strings.iter_mut().zip(lengths(h)?) {
            let (this, next) = rest.split_at_checked(n).ok_or(EIO)?;
            *s = field(this)?;
            rest = next;
        }
        let [name, passwd, gecos, dir, shell] = strings;
        let (uid, gid) = (*h.get(UID).ok_or(EIO)?, *h.get(GID).ok_or(EIO)?);
        Ok(line::Passwd { name, passwd, uid, gid, gecos, dir, shell })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header(lens: [u32; 5]) -> [u32; HEADER] {
        [2, 1, lens[0], lens[1], 1000, 100, lens[2], lens[3], lens[4]]
    }

    const BODY: &[u8] = b"alice\0x\0Alice\0/home/alice\0/bin/sh\0";
    const LENS: [u32; 5] = [6, 2, 6, 12, 8];

    #[test]
    fn a_whole_reply() {
        let h = header(LENS);
        assert_eq!(Reply::body_len(&h, &[], false), Ok(BODY.len()));
        let p = Reply::decode(&h, BODY, false).unwrap();
        assert_eq!((p.name, p.passwd, p.gecos, p.dir, p.shell), (&b"alice"[..], &b"x"[..], &b"Alice"[..], &b"/home/alice"[..], &b"/bin/sh"[..]));
        assert_eq!((p.uid, p.gid), (1000, 100));
        // Bytes past the five strings are ignored.
        let mut more = BODY.to_vec();
        more.extend_from_slice(b"junk");
        assert_eq!(Reply::decode(&h, &more, false).unwrap().shell, b"/bin/sh");
    }

    #[test]
    fn every_truncation_is_an_error() {
        let h = header(LENS);
        for n in 0..BODY.len() {
            assert_eq!(Reply::decode(&h, &BODY[..n], false).map(|_| ()), Err(EIO), "{n}");
        }
    }

    #[test]
    fn bad_lengths() {
        // No room for a NUL, negative, past i32, a NUL missing at a string's end.
        for bad in [0, u32::MAX, 0x8000_0000] {
            let h = header([bad, 2, 6, 12, 8]);
            assert_eq!(Reply::body_len(&h, &[], false), Err(EIO));
            assert_eq!(Reply::decode(&h, BODY, false).map(|_| ()), Err(EIO));
        }
        let h = header([5, 3, 6, 12, 8]);
        assert_eq!(Reply::decode(&h, BODY, false).map(|_| ()), Err(EIO));
        // A huge length is only a long body to wait for, and then too short a one.
        let h = header([i32::MAX as u32, 2, 6, 12, 8]);
        assert_eq!(Reply::body_len(&h, &[], false), Ok(i32::MAX as usize + 28));
        assert_eq!(Reply::decode(&h, BODY, false).map(|_| ()), Err(EIO));
        // A header cut short.
        assert_eq!(Reply::body_len(&h[..4], &[], false), Err(EIO));
        assert_eq!(Reply::decode(&h[..5], BODY, false).map(|_| ()), Err(EIO));
    }

    #[test]
    fn an_inner_nul_ends_the_string() {
        let h = header([6, 2, 6, 12, 8]);
        let body = b"al\0ce\0x\0Alice\0/home/alice\0/bin/sh\0";
        assert_eq!(Reply::decode(&h, body, false).unwrap().name, b"al");
    }

    /// Random headers and bodies: never a panic, and the strings always lie in the body.
    #[test]
    fn random_replies_never_overread() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..20_000 {
            let mut h = [0u32; HEADER];
            for w in h.iter_mut() {
                *w = match next() % 4 {
                    0 => next() as u32,
                    _ => (next() % 12) as u32,
                };
            }
            let body: Vec<u8> = (0..next() % 40).map(|_| if next() % 3 == 0 { 0 } else { b'a' }).collect();
            let _ = Reply::body_len(&h, &body, false);
            if let Ok(p) = Reply::decode(&h, &body, false) {
                let range = body.as_ptr_range();
                for s in [p.name, p.passwd, p.gecos, p.dir, p.shell] {
                    assert!(range.start <= s.as_ptr() && s.as_ptr_range().end <= range.end);
                }
            }
        }
    }
}
