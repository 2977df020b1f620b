//! `getgrouplist` and `initgroups`: the groups a user belongs to, from /etc/group.
use core::ffi::{CStr, c_char, c_int};
use core::ptr::null_mut;

use limpet_abi::pwd::gid_t;
use limpet_syscall::errno::{EINVAL, ENOENT, ENOMEM, ENOTDIR, EOVERFLOW};
use limpet_syscall::set_errno;

use crate::db::Db;
use crate::grp::Groups;
use crate::imports::{free, memmem, realloc, setgroups};
use crate::line::Group;
use crate::nscd_initgroups::Extra;
use crate::read::{Lines, NoCancel, Stream, each_line};

/// The groups `initgroups` holds without allocating: most users are in few.
const FEW_GROUPS: usize = 32;

/// `getgrouplist(user, group, groups, ngroups)`—The groups of `user`: `group` first (the
/// user's primary group, as the caller knows it), then the gid of every line of /etc/group
/// that lists `user` as a member, in the file's order, then those nscd adds (the gids of
/// its list that are not `group` and not in /etc/group: `crate::nscd_initgroups`). As in
/// musl, nothing is left out twice: `group` comes again if its line lists the user, and
/// so does a gid two lines share. Stores as many as `*ngroups` says fit in `groups` and
/// sets `*ngroups` to how many there are; returns that count, or -1 when they did not all
/// fit. A missing /etc/group gives `group` alone (and nscd's). Returns -1 with errno set, `*ngroups` untouched, when
/// the file cannot be opened or read or nscd's answer is garbled (EIO), and with EINVAL
/// when `user` or `ngroups` is null.
///
/// # Safety
/// `user` must be null or a NUL-terminated string; `ngroups` null or readable and
/// writable; `groups` null (room for none) or writable for `*ngroups` ids.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getgrouplist(user: *const c_char, group: gid_t, groups: *mut gid_t, ngroups: *mut c_int) -> c_int {
    if user.is_null() || ngroups.is_null() {
        set_errno(EINVAL);
        return -1;
    }
    // SAFETY: `user` is a NUL-terminated string, per the contract.
    let user = unsafe { CStr::from_ptr(user) }.to_bytes();
    // SAFETY: `ngroups` is readable, per the contract.
    let room = if groups.is_null() { 0 } else { usize::try_from(unsafe { *ngroups }).unwrap_or(0) };
    let mut n = 0;
    let mut add = |gid| {
        if n < room {
            // SAFETY: `groups` has room for `room` ids, per the contract.
            unsafe { groups.add(n).write(gid) };
        }
        n += 1;
    };
    add(group);
    let _quiet = NoCancel::new();
    // nscd first, as in musl; its groups come after the file's (`crate::nscd_initgroups`).
    let mut extra = match Extra::ask(user, group) {
        Ok(x) => x,
        Err(e) => {
            set_errno(e);
            return -1;
        }
    };
    let found = match Stream::open(Groups::PATH) {
        // No file: no group lists anyone (and errno says nothing; the call succeeds).
        Err(ENOENT | ENOTDIR) => Ok(None),
        Err(e) => Err(e),
        // SAFETY: `s` stays open for the reading.
        Ok(s) => unsafe {
            each_line(s.as_ptr(), &mut Lines::new(), |line| {
                // Without nscd's gids to strike, a line that does not mention the user
                // is not parsed (most lines, and parsing is most of the time).
                if extra.is_empty() && !mentions(line, user) {
                    return None;
                }
                if let Some(g) = Group::parse(line) {
                    extra.strike(g.gid);
                    if g.has_member(user) {
                        add(g.gid);
                    }
                }
                None::<()>
            })
        },
    };
    if let Err(e) = found {
        set_errno(e);
        return -1;
    }
    extra.rest().for_each(&mut add);
    let Ok(count) = c_int::try_from(n) else {
        set_errno(EOVERFLOW);
        return -1;
    };
    // SAFETY: `ngroups` is writable, per the contract.
    unsafe { *ngroups = count };
    if n > room { -1 } else { count }
}

/// Whether `user` occurs anywhere in `line`: a line that lists it does.
fn mentions(line: &[u8], user: &[u8]) -> bool {
    // SAFETY: both slices are valid for their lengths; memmem only reads them.
    !unsafe { memmem(line.as_ptr().cast(), line.len(), user.as_ptr().cast(), user.len()) }.is_null()
}

/// `initgroups(user, group)`—Sets the calling process's supplementary groups to
/// `getgrouplist(user, group, ...)`'s, however many there are. Returns 0, or -1 with errno
/// set: `getgrouplist`'s errors, ENOMEM, and `setgroups`'s (EPERM without the privilege,
/// EINVAL for more groups than the kernel takes).
///
/// # Safety
/// `user` must be null or a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn initgroups(user: *const c_char, group: gid_t) -> c_int {
    let mut few = [0 as gid_t; FEW_GROUPS];
    let mut list = few.as_mut_ptr();
    let mut room = FEW_GROUPS;
    // Null, or the allocator's block that `list` points to once `few` is too small.
    let mut heap: *mut gid_t = null_mut();
    let rv = loop {
        let mut n = c_int::try_from(room).unwrap_or(c_int::MAX);
        // SAFETY: `list` has room for `room` ids; `user` is the caller's.
        let count = unsafe { getgrouplist(user, group, list, &mut n) };
        if let Ok(count) = usize::try_from(count) {
            // SAFETY: `getgrouplist` stored `count` ids at `list`.
            break unsafe { setgroups(count, list) };
        }
        let need = usize::try_from(n).unwrap_or(0);
        if need <= room {
            // Not a matter of room: getgrouplist failed, and set errno.
            break -1;
        }
        let Some(bytes) = need.checked_mul(size_of::<gid_t>()) else {
            set_errno(ENOMEM);
            break -1;
        };
        // SAFETY: `heap` is null or the block this loop allocated.
        let p = unsafe { realloc(heap.cast(), bytes) };
        if p.is_null() {
            set_errno(ENOMEM);
            break -1;
        }
        heap = p.cast();
        list = heap;
        room = need;
    };
    // SAFETY: `heap` is null or this function's block, no longer used.
    unsafe { free(heap.cast()) };
    rv
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_primary_group_comes_first() {
        let mut groups = [u32::MAX; 64];
        let mut n = 64;
        let count = unsafe { getgrouplist(c"no such user, surely".as_ptr(), 4242, groups.as_mut_ptr(), &mut n) };
        assert_eq!((count, n, groups[0], groups[1]), (1, 1, 4242, u32::MAX));
    }

    #[test]
    fn too_little_room_says_how_much() {
        let mut n = 0;
        assert_eq!(unsafe { getgrouplist(c"root".as_ptr(), 7, null_mut(), &mut n) }, -1);
        assert!(n >= 1);
        let mut groups = vec![0; n as usize];
        let mut m = n;
        assert_eq!(unsafe { getgrouplist(c"root".as_ptr(), 7, groups.as_mut_ptr(), &mut m) }, n);
        assert_eq!((m, groups[0]), (n, 7));
    }

    #[test]
    fn null_arguments_are_einval() {
        let mut n = 4;
        let mut g = [0; 4];
        assert_eq!(unsafe { getgrouplist(null_mut(), 0, g.as_mut_ptr(), &mut n) }, -1);
        assert_eq!(limpet_syscall::errno(), EINVAL);
        assert_eq!(unsafe { getgrouplist(c"root".as_ptr(), 0, g.as_mut_ptr(), null_mut()) }, -1);
        assert_eq!(limpet_syscall::errno(), EINVAL);
        assert_eq!(n, 4);
    }
}
