//! `dn_comp`: a text name written into a message in wire form, its longest suffix that is
//! already in the message replaced by a compression pointer (RFC 1035 §4.1.4).
//!
//! The names already written are the ones the caller's `dnptrs` list holds (as resolver(3)
//! describes it: the message's start, then the names, then a null pointer, the array ending
//! before `lastdnptr`). Each is walked as `dn_expand` walks it, through its own pointers,
//! and compared label by label from the end with the new name, ignoring ASCII case; the
//! longest shared suffix that starts at an offset a pointer can hold wins.
use core::ffi::{c_char, c_int};
use core::ptr;

use limpet_abi::nameser::{NS_CMPRSFLGS, NS_MAXCDNAME};

use super::{c_name, name, span};

/// The largest offset a compression pointer holds: 14 bits.
const MAX_OFFSET: usize = 0x3fff;
/// The most labels a name has: each takes at least two bytes of the 255.
const MAX_LABELS: usize = NS_MAXCDNAME / 2;
/// The size of a compression pointer.
const POINTER_LEN: usize = 2;

/// A name's labels: where each one's length byte is, in order.
struct Labels {
    at: [usize; MAX_LABELS],
    len: usize,
}

impl Labels {
    /// The labels of the name at `pos` in `msg`, or `None` when it is malformed.
    fn of(msg: &[u8], pos: usize) -> Option<Labels> {
        let mut l = Labels { at: [0; MAX_LABELS], len: 0 };
        name::walk(msg, pos, |at, _| match l.at.get_mut(l.len) {
            Some(slot) => {
                *slot = at;
                l.len += 1;
                true
            }
            None => false,
        })?;
        Some(l)
    }

    /// The positions of the labels, first to last.
    fn positions(&self) -> &[usize] {
        self.at.get(..self.len).unwrap_or_default()
    }
}

/// The bytes of the label whose length byte is at `at` in `msg`.
fn label(msg: &[u8], at: usize) -> &[u8] {
    let len = msg.get(at).map_or(0, |&n| usize::from(n));
    msg.get(at + 1..at + 1 + len).unwrap_or_default()
}

/// How many of the last labels of the name `ours` (in `wire`) the name `theirs` (in `msg`)
/// shares, counting only a suffix that starts where a pointer can reach; and that
/// suffix's offset.
fn shared_suffix(wire: &[u8], ours: &Labels, msg: &[u8], theirs: &Labels) -> Option<(usize, usize)> {
    let same = ours
        .positions()
        .iter()
        .rev()
        .zip(theirs.positions().iter().rev())
        .take_while(|&(&o, &t)| label(wire, o).eq_ignore_ascii_case(label(msg, t)))
        .count();
    // Their labels that start the shared suffix, longest suffix first.
    let start = theirs.len - same;
    let suffix = theirs.positions().get(start..)?;
    suffix.iter().enumerate().find(|&(_, &at)| at <= MAX_OFFSET).map(|(skip, &at)| (same - skip, at))
}

/// The longest suffix of the name `ours` (in `wire`) that one of the listed `names` in
/// `msg`, or a suffix of one, spells: (labels shared, offset); (0, 0) when there is none.
fn longest_suffix(wire: &[u8], ours: &Labels, msg: &[u8], names: &[*mut u8]) -> (usize, usize) {
    let mut best = (0, 0);
    for &entry in names {
        // A name that is not in the message, or that does not walk, is passed over.
        let Some(pos) = (entry as usize).checked_sub(msg.as_ptr() as usize) else { continue };
        let Some(theirs) = Labels::of(msg, pos) else { continue };
        if let Some(found) = shared_suffix(wire, ours, msg, &theirs)
            && found.0 > best.0
        {
            best = found;
            if best.0 == ours.len {
                break;
            }
        }
    }
    best
}

/// The entries of the caller's `dnptrs` list after the message start: the names, up to the
/// null pointer (or `lastdnptr`); and the slot of that null pointer when a name can be
/// added after it, leaving room for the null pointer that must follow.
///
/// # Safety
/// `dnptrs` must be a list as `dn_comp` takes it, `lastdnptr` null or its end.
unsafe fn entries<'a>(dnptrs: *mut *mut u8, lastdnptr: *mut *mut u8) -> (&'a [*mut u8], Option<*mut *mut u8>) {
    let mut n = 1;
    loop {
        let slot = dnptrs.wrapping_add(n);
        if !lastdnptr.is_null() && slot >= lastdnptr {
            // The list fills the array: no terminator within it, no room.
            break;
        }
        // SAFETY: `slot` is before `lastdnptr` (or the list is null-terminated): inside the array.
        if unsafe { *slot }.is_null() {
            let room = !lastdnptr.is_null() && slot.wrapping_add(1) < lastdnptr;
            // SAFETY: entries 1..n were read above, all inside the array.
            return (unsafe { core::slice::from_raw_parts(dnptrs.add(1), n - 1) }, room.then_some(slot));
        }
        n += 1;
    }
    // SAFETY: as above.
    (unsafe { core::slice::from_raw_parts(dnptrs.add(1), n - 1) }, None)
}

/// `dn_comp(src, dst, space, dnptrs, lastdnptr)`—Writes the dotted text name `src` (a
/// trailing dot allowed; "" or "." the root) at `dst` in wire form, in at most `space`
/// bytes, and returns its length; -1 when the name is invalid (an empty label, a label over
/// 63 bytes, over 255 bytes in all) or does not fit.
///
/// With `dnptrs` (the message's start, then the names already in it, then a null pointer),
/// the longest suffix of `src` that one of those names (or a suffix of it) spells, ignoring
/// ASCII case, becomes a pointer to it; `dst` must then lie in that message, after the names.
/// When `lastdnptr` is not null (the end of the `dnptrs` array), the new name is added to the
/// list if it has a label of its own, starts within a pointer's reach, and leaves room for
/// the null pointer.
///
/// # Safety
/// `src` must be a NUL-terminated string and `dst` writable for `space` bytes. `dnptrs` is
/// null or a list as above, every name of which is readable before `dst`; `lastdnptr` is
/// null or the end of the array `dnptrs` points into.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn dn_comp(
    src: *const c_char,
    dst: *mut u8,
    space: c_int,
    dnptrs: *mut *mut u8,
    lastdnptr: *mut *mut u8,
) -> c_int {
    // SAFETY: the caller vouches that `src` is a C string.
    let Some(text) = (unsafe { c_name(src) }) else { return -1 };
    let mut wire = [0u8; NS_MAXCDNAME];
    let Some(wire_len) = name::encode(text, &mut wire) else { return -1 };
    let Some(ours) = Labels::of(&wire, 0) else { return -1 };

    // The message so far: from its start to `dst`.
    // SAFETY: a non-null `dnptrs` has the message's start first.
    let start = if dnptrs.is_null() { ptr::null_mut() } else { unsafe { *dnptrs } };
    // SAFETY: the caller vouches that the message is readable up to `dst`.
    let msg = unsafe { span(start, dst) };
    let (names, free_slot) = match msg {
        // SAFETY: `dnptrs` is not null here (the message's start came from it).
        Some(_) => unsafe { entries(dnptrs, lastdnptr) },
        None => (&[][..], None),
    };

    let (shared, offset) = msg.map_or((0, 0), |m| longest_suffix(&wire, &ours, m, names));
    // The labels written out: all but the shared ones (all, without the root's byte, if none).
    let own = match ours.positions().get(ours.len - shared) {
        Some(&first_shared) => first_shared,
        None => wire_len - 1,
    };
    let total = own + if shared > 0 { POINTER_LEN } else { 1 };
    if usize::try_from(space).map_or(true, |s| total > s) {
        return -1;
    }
    // The pointer's two bytes: its marker bits and the offset's high six, then the low eight.
    let tail = [NS_CMPRSFLGS | (offset >> 8) as u8, offset as u8];
    // SAFETY: `total <= space` bytes at `dst` are writable (the caller's word); the sources
    // are locals.
    unsafe {
        ptr::copy_nonoverlapping(wire.as_ptr(), dst, own);
        if shared > 0 {
            ptr::copy_nonoverlapping(tail.as_ptr(), dst.add(own), POINTER_LEN);
        } else {
            *dst.add(own) = 0;
        }
    }

    let reachable = (dst as usize).wrapping_sub(start as usize) <= MAX_OFFSET;
    if let Some(slot) = free_slot.filter(|_| own > 0 && reachable) {
        // SAFETY: `entries` found `slot` and the one after it inside the array.
        unsafe {
            *slot = dst;
            *slot.add(1) = ptr::null_mut();
        }
    }
    // At most 255 bytes.
    total as c_int
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dns::name::{MAX_TEXT, expand};

    /// A message being built, with its `dnptrs` list.
    struct Builder {
        buf: Vec<u8>,
        len: usize,
        ptrs: [*mut u8; 6],
    }

    impl Builder {
        fn new(size: usize) -> Builder {
            let mut b = Builder { buf: vec![0; size], len: 12, ptrs: [ptr::null_mut(); 6] };
            b.ptrs[0] = b.buf.as_mut_ptr();
            b
        }

        /// Compresses `name` (a C string) at the end, with the list ending at `last` entries.
        fn comp(&mut self, name: &core::ffi::CStr, last: usize) -> c_int {
            let space = (self.buf.len() - self.len) as c_int;
            let dst = self.buf.as_mut_ptr().wrapping_add(self.len);
            let lastp = self.ptrs.as_mut_ptr().wrapping_add(last);
            // SAFETY: `dst` has `space` bytes left in `buf`; `ptrs` is a list into `buf`.
            let r = unsafe { dn_comp(name.as_ptr(), dst, space, self.ptrs.as_mut_ptr(), lastp) };
            if r > 0 {
                self.len += r as usize;
            }
            r
        }

        fn text_at(&self, pos: usize) -> Vec<u8> {
            let mut out = [0u8; MAX_TEXT];
            let (n, _) = expand(&self.buf[..self.len], pos, &mut out).unwrap();
            out[..n].to_vec()
        }

        fn listed(&self) -> Vec<usize> {
            let base = self.buf.as_ptr() as usize;
            self.ptrs[1..].iter().take_while(|p| !p.is_null()).map(|&p| p as usize - base).collect()
        }
    }

    #[test]
    fn compresses_against_earlier_names() {
        let mut b = Builder::new(512);
        assert_eq!(b.comp(c"www.example.com", 6), 17);
        assert_eq!(b.listed(), [12]);
        assert_eq!(b.comp(c"mail.EXAMPLE.com.", 6), 7);
        assert_eq!(&b.buf[29..36], b"\x04mail\xc0\x10");
        assert_eq!(b.listed(), [12, 29]);
        // Whole names already there: a bare pointer, not listed.
        assert_eq!(b.comp(c"example.com", 6), 2);
        assert_eq!(&b.buf[36..38], b"\xc0\x10");
        assert_eq!(b.comp(c"Mail.example.com", 6), 2);
        assert_eq!(&b.buf[38..40], b"\xc0\x1d");
        assert_eq!(b.comp(c"x.mail.example.com", 6), 4);
        assert_eq!(&b.buf[40..44], b"\x01x\xc0\x1d");
        assert_eq!(b.listed(), [12, 29, 40]);
        // Nothing shared; the root.
        assert_eq!(b.comp(c"org", 6), 5);
        assert_eq!(b.comp(c".", 6), 1);
        assert_eq!(b.buf[49], 0);
        let texts: Vec<Vec<u8>> = [12, 29, 36, 38, 40, 44, 49].iter().map(|&p| b.text_at(p)).collect();
        let want: [&[u8]; 7] = [
            b"www.example.com",
            b"mail.example.com",
            b"example.com",
            b"mail.example.com",
            b"x.mail.example.com",
            b"org",
            b"",
        ];
        assert_eq!(texts, want);
        // The list is full: [start, 12, 29, 40, 44, null] leaves no room for one more and its null.
        assert_eq!(b.listed(), [12, 29, 40, 44]);
        assert_eq!(b.comp(c"net", 6), 5);
        assert_eq!(b.listed(), [12, 29, 40, 44]);
    }

    #[test]
    fn refuses_bad_names_and_small_buffers() {
        let mut b = Builder::new(40);
        assert_eq!(b.comp(c"a..b", 6), -1);
        assert_eq!(b.comp(c"www.example.com", 6), 17);
        // 11 bytes left: "mail" and a pointer need 7, a new 12-byte name does not fit.
        assert_eq!(b.comp(c"averyverylongname", 6), -1);
        assert_eq!(b.comp(c"mail.example.com", 6), 7);
        let long = std::ffi::CString::new("x".repeat(300)).unwrap();
        assert_eq!(b.comp(&long, 6), -1);
        let mut out = [0u8; 4];
        // SAFETY: `out` has 4 bytes; without a list, nothing else is read.
        unsafe {
            assert_eq!(dn_comp(c"abc".as_ptr(), out.as_mut_ptr(), 4, ptr::null_mut(), ptr::null_mut()), -1);
            assert_eq!(dn_comp(c"ab".as_ptr(), out.as_mut_ptr(), 4, ptr::null_mut(), ptr::null_mut()), 4);
            assert_eq!(&out, b"\x02ab\x00");
            assert_eq!(dn_comp(ptr::null(), out.as_mut_ptr(), 4, ptr::null_mut(), ptr::null_mut()), -1);
        }
    }

    #[test]
    fn never_points_past_the_offset_limit() {
        let mut b = Builder::new(0x4100);
        b.len = 0x4000;
        assert_eq!(b.comp(c"far.example", 6), 13);
        // Out of a pointer's reach: not listed, and not pointed at.
        assert_eq!(b.listed(), []);
        b.ptrs[1] = b.buf.as_mut_ptr().wrapping_add(0x4000);
        assert_eq!(b.comp(c"far.example", 6), 13);
        // A name before the limit whose suffix sits after it: only the reachable part counts.
        b.ptrs[1] = ptr::null_mut();
        b.len = 0x3ffe;
        b.buf[0x3ffe] = 1;
        b.buf[0x3fff] = b'n';
        b.buf[0x4000..0x4004].copy_from_slice(b"\x01z\xc0\x0c");
        b.buf[12..14].copy_from_slice(b"\x01q");
        b.buf[14] = 0;
        b.ptrs[1] = b.buf.as_mut_ptr().wrapping_add(0x3ffe);
        b.len = 0x4010;
        assert_eq!(b.comp(c"n.z.q", 6), 2);
        assert_eq!(&b.buf[0x4010..0x4012], b"\xff\xfe");
        assert_eq!(b.comp(c"z.q", 6), 4);
        assert_eq!(&b.buf[0x4012..0x4016], b"\x01z\xc0\x0c");
    }
}
