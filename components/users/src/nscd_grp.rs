//! nscd's group reply (`GETGRBYNAME`, `GETGRBYGID`): a header of six words, `[version,
//! found, name length, passwd length, gid, member count]`, then a word per member, its
//! name's length, then the name, the password and the members' names, each with its NUL.
//! It decodes to a [`Group`] borrowing the reply, which packs into a `struct group` as a
//! line of /etc/group does (`crate::grp`).
use core::ffi::c_int;

use limpet_abi::grp::Group as CGroup;
use limpet_abi::pwd::gid_t;
use limpet_syscall::errno::EIO;

use crate::db::Entry;
use crate::nscd::{Answer, WORD, field, length, word};
use crate::pack::{Full, Packer, list_size};

/// The header's words.
const HEADER: usize = 6;
const NAME_LEN: usize = 2;
const PASSWD_LEN: usize = 3;
const GID: usize = 4;
const COUNT: usize = 5;

/// A group from nscd.
#[derive(Debug)]
pub(crate) struct Group<'a> {
    name: &'a [u8],
    passwd: &'a [u8],
    gid: gid_t,
    /// The members' lengths, a word each, in the reply's order.
    lens: &'a [u8],
    swap: bool,
    /// The members' names, each with its NUL (and each checked to end with one).
    names: &'a [u8],
}

impl<'a> Group<'a> {
    fn count(&self) -> usize {
        self.lens.len() / WORD
    }

    /// The members' names, as C reads them (up to the first NUL).
    fn members(&self) -> impl Iterator<Item = &'a [u8]> + use<'a> {
        let (lens, swap) = (self.lens, self.swap);
        let mut rest = self.names;
        (0..self.count()).map(move |i| {
            let n = word(lens, i, swap).map_or(0, |w| w as usize).min(rest.len());
            let (this, next) = rest.split_at(n);
            rest = next;
            this.split(|&c| c == 0).next().unwrap_or(this)
        })
    }
}

/// The member count and the bytes of their lengths.
fn count(h: &[u32]) -> Result<(usize, usize), c_int> {
    let n = i32::try_from(*h.get(COUNT).ok_or(EIO)?).map_err(|_| EIO)?;
    let n = usize::try_from(n).map_err(|_| EIO)?;
    Ok((n, n.checked_mul(WORD).ok_or(EIO)?))
}

/// The group reply.
pub(crate) struct Reply;

impl Answer for Reply {
    const HEADER: usize = HEADER;
    type Out<'a> = Group<'a>;

    fn body_len(h: &[u32], body: &[u8], swap: bool) -> Result<usize, c_int> {
        let (n, lens) = count(h)?;
        // The lengths first: the strings' length is known once they are in.
        let Some(lens_bytes) = body.get(..lens) else {
            return Ok(lens);
        };
        let mut sum = length(*h.get(NAME_LEN).ok_or(EIO)?)?.checked_add(length(*h.get(PASSWD_LEN).ok_or(EIO)?)?).ok_or(EIO)?;
        for i in 0..n {
            sum = sum.checked_add(length(word(lens_bytes, i, swap).ok_or(EIO)?)?).ok_or(EIO)?;
        }
        lens.checked_add(sum).ok_or(EIO)
    }

    fn decode<'a>(h: &[u32], body: &'a [u8], swap: bool) -> Result<Group<'a>, c_int> {
        let (n, lens_len) = count(h)?;
        let (lens, rest) = body.split_at_checked(lens_len).ok_or(EIO)?;
        let (name, rest) = rest.split_at_checked(length(*h.get(NAME_LEN).ok_or(EIO)?)?).ok_or(EIO)?;
        let (passwd, names) = rest.split_at_checked(length(*h.get(PASSWD_LEN).ok_or(EIO)?)?).ok_or(EIO)?;
        // Every member's name ends with its NUL, inside the reply.
        let mut rest = names;
        for i in 0..n {
            let (this, next) = rest.split_at_checked(length(word(lens, i, swap).ok_or(EIO)?)?).ok_or(EIO)?;
            field(this)?;
            rest = next;
        }
        let names = &names[..names.len() - rest.len()];
        let gid = *h.get(GID).ok_or(EIO)?;
        Ok(Group { name: field(name)?, passwd: field(passwd)?, gid, lens, swap, names })
    }
}

impl Entry for Group<'_> {
    type C = CGroup;

    fn name(&self) -> &[u8] {
        self.name
    }

    fn id(&self) -> u32 {
        self.gid
    }

    fn size(&self) -> usize {
        list_size(self.count()) + self.name.len() + 1 + self.passwd.len() + 1 + self.names.len()
    }

    fn pack(&self, p: &mut Packer<'_>) -> Result<CGroup, Full> {
        // As a line's group: the pointer array first, the piece that needs aligning.
        let gr_mem = p.list(self.members(), self.count())?;
        Ok(CGroup { gr_name: p.str(self.name)?, gr_passwd: p.str(self.passwd)?, gr_gid: self.gid, gr_mem })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pack::Slot;
    use core::ffi::{CStr, c_char};

    /// A reply's header and body, the words in the host's order or swapped.
    fn reply(name: &str, gid: u32, members: &[&str], swap: bool) -> ([u32; HEADER], Vec<u8>) {
        let h = [2, 1, name.len() as u32 + 1, 2, gid, members.len() as u32];
        let mut body = Vec::new();
        for m in members {
            let w = m.len() as u32 + 1;
            body.extend_from_slice(&(if swap { w.swap_bytes() } else { w }).to_ne_bytes());
        }
        for s in [name, "x"].iter().chain(members) {
            body.extend_from_slice(s.as_bytes());
            body.push(0);
        }
        (h, body)
    }

    fn text(p: *const c_char) -> String {
        unsafe { CStr::from_ptr(p) }.to_str().unwrap().to_string()
    }

    #[test]
    fn a_whole_reply_packs() {
        for swap in [false, true] {
            let (h, body) = reply("staff", 50, &["alice", "bob", ""], swap);
            let lens = 3 * WORD;
            assert_eq!(Reply::body_len(&h, &[], swap), Ok(lens));
            assert_eq!(Reply::body_len(&h, &body[..lens], swap), Ok(body.len()));
            let g = Reply::decode(&h, &body, swap).unwrap();
            assert_eq!(g.members().collect::<Vec<_>>(), [&b"alice"[..], b"bob", b""]);
            let mut slot = Slot::new(crate::grp::NO_GROUP);
            let rec = unsafe { *slot.fill(g.size(), |p| g.pack(p)).unwrap() };
            assert_eq!((text(rec.gr_name), text(rec.gr_passwd), rec.gr_gid), ("staff".into(), "x".into(), 50));
            let mem: Vec<String> = (0..).map(|i| unsafe { *rec.gr_mem.add(i) }).take_while(|p| !p.is_null()).map(|p| text(p)).collect();
            assert_eq!(mem, ["alice", "bob", ""]);
        }
    }

    #[test]
    fn no_members() {
        let (h, body) = reply("empty", 7, &[], false);
        assert_eq!(Reply::body_len(&h, &[], false), Ok(body.len()));
        assert_eq!(Reply::decode(&h, &body, false).unwrap().count(), 0);
    }

    #[test]
    fn truncations_and_bad_counts() {
        let (h, body) = reply("staff", 50, &["alice", "bob"], false);
        for n in 0..body.len() {
            assert_eq!(Reply::decode(&h, &body[..n], false).map(|_| ()), Err(EIO), "{n}");
        }
        for bad in [u32::MAX, 0x8000_0000] {
            let mut h2 = h;
            h2[COUNT] = bad;
            assert_eq!(Reply::body_len(&h2, &body, false), Err(EIO));
            assert_eq!(Reply::decode(&h2, &body, false).map(|_| ()), Err(EIO));
        }
        // More members than the reply holds: a long wait for lengths, then an error.
        let mut h3 = h;
        h3[COUNT] = 1_000_000;
        assert_eq!(Reply::body_len(&h3, &body, false), Ok(4_000_000));
        assert_eq!(Reply::decode(&h3, &body, false).map(|_| ()), Err(EIO));
        // A member's length of 0, or one that misses its NUL.
        let mut b2 = body.clone();
        b2[..4].copy_from_slice(&0u32.to_ne_bytes());
        assert_eq!(Reply::body_len(&h, &b2, false), Err(EIO));
        assert_eq!(Reply::decode(&h, &b2, false).map(|_| ()), Err(EIO));
        b2[..4].copy_from_slice(&5u32.to_ne_bytes());
        assert_eq!(Reply::decode(&h, &b2, false).map(|_| ()), Err(EIO));
        // Swapped lengths read in the host's order are huge: an error, never a read.
        assert_eq!(Reply::decode(&h, &reply("staff", 50, &["alice", "bob"], true).1, false).map(|_| ()), Err(EIO));
    }

    /// Random headers and bodies: never a panic, and what decodes lies in the body.
    #[test]
    fn random_replies_never_overread() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..20_000 {
            let swap = next() % 2 == 0;
            let mut h = [0u32; HEADER];
            for w in h.iter_mut() {
                *w = if next() % 5 == 0 { next() as u32 } else { (next() % 6) as u32 };
            }
            let body: Vec<u8> = (0..next() % 48).map(|_| [0, 1, 2, b'a'][(next() % 4) as usize]).collect();
            let _ = Reply::body_len(&h, &body, swap);
            if let Ok(g) = Reply::decode(&h, &body, swap) {
                let range = body.as_ptr_range();
                for s in [g.name, g.passwd].into_iter().chain(g.members()) {
                    assert!(range.start <= s.as_ptr() && s.as_ptr_range().end <= range.end);
                }
                assert!(g.members().count() == g.count());
                let mut slot = Slot::new(crate::grp::NO_GROUP);
                assert!(slot.fill(g.size(), |p| g.pack(p)).is_ok());
            }
        }
    }
}
