//! nscd's initgroups reply (`INITGROUPS`), which `getgrouplist` asks for before it reads
//! /etc/group: a header of three words, `[version, found, count]`, then that many gids.
//!
//! How musl merges it, measured on musl 1.2.3 (tests/c/grp_nscd.c), and limpet with it:
//! the groups of /etc/group come first, as without nscd; then every gid of nscd's list, in
//! its order and duplicates kept, that is neither the primary group nor the gid of any
//! well-formed line of /etc/group (whether or not that line lists the user: the file
//! speaks for the groups it has).
use core::ffi::c_int;

use limpet_abi::pwd::gid_t;
use limpet_syscall::errno::EIO;

use crate::nscd::{self, Answer, Reply, Request, WORD, word};

/// The header's words.
const HEADER: usize = 3;
const COUNT: usize = 2;

/// The initgroups reply: the gids' bytes, still in the reply's order.
pub(crate) struct Initgroups;

impl Answer for Initgroups {
    const HEADER: usize = HEADER;
    type Out<'a> = &'a [u8];

    fn body_len(h: &[u32], _: &[u8], _: bool) -> Result<usize, c_int> {
        let n = i32::try_from(*h.get(COUNT).ok_or(EIO)?).map_err(|_| EIO)?;
        usize::try_from(n).map_err(|_| EIO)?.checked_mul(WORD).ok_or(EIO)
    }

    fn decode<'a>(h: &[u32], body: &'a [u8], swap: bool) -> Result<&'a [u8], c_int> {
        body.get(..Self::body_len(h, body, swap)?).ok_or(EIO)
    }
}

/// The gids nscd adds to a user's groups, struck off as /etc/group shows its own.
pub(crate) struct Extra {
    reply: Option<Reply>,
    /// The gid that stands for one struck off: the primary group, which never comes twice
    /// from here.
    primary: gid_t,
}

impl Extra {
    /// What nscd says of `user` (nothing when there is no daemon or it knows no such
    /// user); the error of a failed call or a garbled reply.
    pub(crate) fn ask(user: &[u8], primary: gid_t) -> Result<Extra, c_int> {
        let reply = nscd::ask::<Initgroups>(Request::InitGroups, user)?;
        if let Some(r) = &reply {
            Initgroups::decode(&r.header[..HEADER], r.body.bytes(), r.swap)?;
        }
        Ok(Extra { reply, primary })
    }

    /// Whether there is no gid to strike.
    pub(crate) fn is_empty(&self) -> bool {
        self.reply.as_ref().is_none_or(|r| r.body.bytes().is_empty())
    }

    /// /etc/group has a group `gid`: nscd's word on it is not needed.
    pub(crate) fn strike(&mut self, gid: gid_t) {
        let Some(r) = &mut self.reply else { return };
        let mark = if r.swap { self.primary.swap_bytes() } else { self.primary };
        let target = if r.swap { gid.swap_bytes() } else { gid };
        for w in r.body.bytes_mut().chunks_exact_mut(WORD) {
            if *w == target.to_ne_bytes() {
                w.copy_from_slice(&mark.to_ne_bytes());
            }
        }
    }

    /// The gids left, in nscd's order.
    pub(crate) fn rest(&self) -> impl Iterator<Item = gid_t> + '_ {
        let (bytes, swap) = self.reply.as_ref().map_or((&[][..], false), |r| (r.body.bytes(), r.swap));
        (0..bytes.len() / WORD).filter_map(move |i| word(bytes, i, swap)).filter(move |&g| g != self.primary)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nscd::{Body, HEADER_MAX};

    fn extra(gids: &[u32], primary: gid_t, swap: bool) -> Extra {
        let bytes: Vec<u8> = gids.iter().flat_map(|g| (if swap { g.swap_bytes() } else { *g }).to_ne_bytes()).collect();
        let mut header = [0; HEADER_MAX];
        header[..HEADER].copy_from_slice(&[2, 1, gids.len() as u32]);
        Extra { reply: Some(Reply { header, body: Body::holding(&bytes), swap }), primary }
    }

    #[test]
    fn struck_and_primary_gids_are_left_out() {
        for swap in [false, true] {
            let mut x = extra(&[9000, 100, 9001, 7000, 9000, 5000, 0], 5000, swap);
            assert!(!x.is_empty());
            for file_gid in [0, 100, 7000, 7001, 8000] {
                x.strike(file_gid);
            }
            assert_eq!(x.rest().collect::<Vec<_>>(), [9000, 9001, 9000]);
        }
        let none = Extra { reply: None, primary: 1 };
        assert!(none.is_empty());
        assert_eq!(none.rest().count(), 0);
        assert!(extra(&[], 1, false).is_empty());
    }

    #[test]
    fn lengths() {
        assert_eq!(Initgroups::body_len(&[2, 1, 3], &[], false), Ok(12));
        assert_eq!(Initgroups::body_len(&[2, 1, 0], &[], false), Ok(0));
        assert_eq!(Initgroups::body_len(&[2, 1, u32::MAX], &[], false), Err(EIO));
        assert_eq!(Initgroups::body_len(&[2, 1, 0x8000_0000], &[], false), Err(EIO));
        assert_eq!(Initgroups::body_len(&[2, 1], &[], false), Err(EIO));
        assert_eq!(Initgroups::decode(&[2, 1, 3], &[0; 11], false), Err(EIO));
        assert_eq!(Initgroups::decode(&[2, 1, 2], &[1; 12], false), Ok(&[1u8; 8][..]));
    }
}
