//! `if_nametoindex`, `if_indextoname` (one ioctl each on a throwaway socket),
//! `if_nameindex` and `if_freenameindex` (a dump of the links).
use core::ffi::{CStr, c_char, c_uint};
use core::mem::size_of;

use limpet_abi::fcntl::O_CLOEXEC;
use limpet_abi::netlink::{IFA_LABEL, IFLA_IFNAME, Ifaddrmsg, Ifinfomsg, RTM_GETADDR, RTM_GETLINK, RTM_NEWADDR, RTM_NEWLINK};
use limpet_abi::socket::{AF_INET, AF_UNIX, IF_NAMESIZE, IfNameindex, Ifreq, SOCK_DGRAM};
use limpet_syscall::errno::{ENODEV, ENOMEM, ENXIO};
use limpet_syscall::{nr, result, set_errno, syscall3};

use super::netlink::{attrs, dump, record};
use crate::imports::{free, malloc};

const SIOCGIFNAME: usize = 0x8910;
const SIOCGIFINDEX: usize = 0x8933;
/// A name's room, with its NUL.
const NAME_ROOM: usize = IF_NAMESIZE as usize;

/// Runs the interface ioctl `req` over `ifr` on a throwaway datagram socket.
fn ifreq_ioctl(req: usize, ifr: &mut Ifreq) -> Result<(), i32> {
    // SAFETY: socket takes no pointer.
    let fd = result(unsafe { syscall3(nr::SOCKET, AF_UNIX as usize, (SOCK_DGRAM | O_CLOEXEC) as usize, 0) })?;
    // SAFETY: the SIOCGIF* requests read and write one `struct ifreq`.
    let r = result(unsafe { syscall3(nr::IOCTL, fd, req, ifr as *mut Ifreq as usize) });
    limpet_syscall::unistd::close(fd as i32);
    r.map(|_| ())
}

/// The index of the interface called `name`, or `None` (with the errno).
pub fn index_of(name: &[u8]) -> Result<c_uint, i32> {
    let mut ifr = Ifreq::default();
    if name.len() >= NAME_ROOM {
        return Err(ENODEV);
    }
    for (d, &s) in ifr.ifr_name.iter_mut().zip(name) {
        *d = s as c_char;
    }
    ifreq_ioctl(SIOCGIFINDEX, &mut ifr)?;
    Ok(ifr.ifr_ifru[0] as u32)
}

/// `if_nametoindex(name)`—The index of the interface `name`, or 0 (with errno ENODEV) when
/// there is none.
///
/// # Safety
/// `name` must be a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn if_nametoindex(name: *const c_char) -> c_uint {
    // SAFETY: the caller passes a NUL-terminated string.
    index_of(unsafe { CStr::from_ptr(name) }.to_bytes()).unwrap_or_else(|e| {
        set_errno(e);
        0
    })
}

/// `if_indextoname(index, name)`—Writes the name of interface `index` into `name` (room for
/// `IF_NAMESIZE` bytes); `name`, or null with errno ENXIO when there is no such interface.
///
/// # Safety
/// `name` must be writable for `IF_NAMESIZE` bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn if_indextoname(index: c_uint, name: *mut c_char) -> *mut c_char {
    let mut ifr = Ifreq::default();
    ifr.ifr_ifru[0] = u64::from(index);
    if let Err(e) = ifreq_ioctl(SIOCGIFNAME, &mut ifr) {
        set_errno(if e == ENODEV { ENXIO } else { e });
        return core::ptr::null_mut();
    }
    ifr.ifr_name[NAME_ROOM - 1] = 0;
    // SAFETY: the caller's buffer holds IF_NAMESIZE bytes, as many as are copied.
    unsafe { core::ptr::copy_nonoverlapping(ifr.ifr_name.as_ptr(), name, NAME_ROOM) };
    name
}

/// One link found while collecting, kept in a malloc'd list until the array is made.
#[repr(C)]
struct Found {
    next: *mut Found,
    index: c_uint,
    name: [u8; NAME_ROOM],
}

/// The names found so far, in order.
struct List {
    head: *mut Found,
    count: usize,
    oom: bool,
}

impl List {
    /// Appends `index` and `name` (cut at a NUL) unless that pair is listed; false when
    /// memory ran out.
    fn add(&mut self, index: c_uint, name: &[u8]) -> bool {
        let text = name.split(|&c| c == 0).next().unwrap_or(&[]);
        let text = &text[..text.len().min(NAME_ROOM - 1)];
        let mut link = &raw mut self.head;
        // SAFETY: `link` points at the head or at a node's `next`, all nodes malloc'd here.
        while let Some(f) = unsafe { (*link).as_mut() } {
            if f.index == index && f.name[..text.len()] == *text && f.name[text.len()] == 0 {
                return true;
            }
            link = &raw mut f.next;
        }
        // SAFETY: malloc returns null or room for a Found.
        let node = unsafe { malloc(size_of::<Found>()) }.cast::<Found>();
        if node.is_null() {
            self.oom = true;
            return false;
        }
        let mut n = Found { next: core::ptr::null_mut(), index, name: [0; NAME_ROOM] };
        n.name[..text.len()].copy_from_slice(text);
        // SAFETY: `node` is fresh and sized for a Found; `link` is the list's last link.
        unsafe {
            node.write(n);
            *link = node;
        }
        self.count += 1;
        true
    }
}

/// Frees a list of [`Found`].
fn free_found(mut p: *mut Found) {
    while !p.is_null() {
        // SAFETY: every node was malloc'd by `if_nameindex` and is freed once.
        let next = unsafe { (*p).next };
        // SAFETY: as above.
        unsafe { free(p.cast()) };
        p = next;
    }
}

/// `if_nameindex()`—Every interface as an array of `{index, name}` ended by `{0, NULL}`,
/// in the kernel's order (by index), then the labels of IPv4 addresses that differ from
/// their interface's name (`eth0:1`), as musl lists them; one allocation, for `if_freenameindex`. Null with
/// errno (ENOBUFS when memory runs out) on failure.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn if_nameindex() -> *mut IfNameindex {
    let mut list = List { head: core::ptr::null_mut(), count: 0, oom: false };
    let mut r = dump(RTM_GETLINK, 0, &mut |ty, payload| {
        let Some(info) = record::<Ifinfomsg>(payload).filter(|_| ty == RTM_NEWLINK) else {
            return true;
        };
        match attrs(payload, size_of::<Ifinfomsg>()).find(|&(t, _)| t == IFLA_IFNAME) {
            Some((_, name)) => list.add(info.ifi_index as c_uint, name),
            None => true,
        }
    });
    // An IPv4 address's label names the interface too (`eth0:1`), as musl lists it.
    if r.is_ok() && !list.oom {
        r = dump(RTM_GETADDR, AF_INET as u8, &mut |ty, payload| {
            let Some(a) = record::<Ifaddrmsg>(payload).filter(|_| ty == RTM_NEWADDR) else {
                return true;
            };
            match attrs(payload, size_of::<Ifaddrmsg>()).find(|&(t, _)| t == IFA_LABEL) {
                Some((_, label)) => list.add(a.ifa_index, label),
                None => true,
            }
        });
    }
    let (head, count, oom) = (list.head, list.count, list.oom);
    if let Err(e) = r {
        free_found(head);
        set_errno(e);
        return core::ptr::null_mut();
    }
    let array = (count + 1) * size_of::<IfNameindex>();
    // SAFETY: malloc returns null or the room asked for.
    let block = if oom { core::ptr::null_mut() } else { unsafe { malloc(array + count * NAME_ROOM) } };
    if block.is_null() {
        free_found(head);
        set_errno(ENOMEM);
        return core::ptr::null_mut();
    }
    let entries = block.cast::<IfNameindex>();
    // SAFETY: the names follow the array inside the block.
    let names = unsafe { block.cast::<u8>().add(array) };
    let mut p = head;
    let mut i = 0;
    while !p.is_null() {
        // SAFETY: `p` is a node of the list; entry `i` and name slot `i` lie inside `block`.
        unsafe {
            let slot = names.add(i * NAME_ROOM);
            core::ptr::copy_nonoverlapping((*p).name.as_ptr(), slot, NAME_ROOM);
            entries.add(i).write(IfNameindex { if_index: (*p).index, if_name: slot.cast() });
            p = (*p).next;
        }
        i += 1;
    }
    // SAFETY: the array has room for its terminator.
    unsafe { entries.add(count).write(IfNameindex { if_index: 0, if_name: core::ptr::null_mut() }) };
    free_found(head);
    entries
}

/// `if_freenameindex(ptr)`—Frees what `if_nameindex` returned.
///
/// # Safety
/// `ptr` must come from `if_nameindex` and not have been freed.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn if_freenameindex(ptr: *mut IfNameindex) {
    // SAFETY: the array is one malloc'd block, as the caller vouches.
    unsafe { free(ptr.cast()) };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_by_name_and_index() {
        let lo = index_of(b"lo").expect("lo exists");
        assert!(lo > 0);
        let mut buf = [0 as c_char; NAME_ROOM];
        // SAFETY: a buffer of IF_NAMESIZE bytes.
        let p = unsafe { if_indextoname(lo, buf.as_mut_ptr()) };
        assert!(!p.is_null());
        // SAFETY: if_indextoname wrote a NUL-terminated name.
        assert_eq!(unsafe { CStr::from_ptr(p) }.to_bytes(), b"lo");
        assert_eq!(index_of(b"no-such-if0"), Err(ENODEV));
        // SAFETY: as above.
        assert!(unsafe { if_indextoname(0x7fff_fff0, buf.as_mut_ptr()) }.is_null());
        assert_eq!(limpet_syscall::errno(), ENXIO);
        assert_eq!(index_of(b"a-name-far-too-long-for-an-interface"), Err(ENODEV));
    }

    #[test]
    fn the_list_has_loopback() {
        let list = if_nameindex();
        assert!(!list.is_null());
        let mut names = Vec::new();
        let mut i = 0;
        // SAFETY: the array ends with a null name.
        unsafe {
            while !(*list.add(i)).if_name.is_null() {
                let e = *list.add(i);
                names.push((e.if_index, CStr::from_ptr(e.if_name).to_bytes().to_vec()));
                i += 1;
            }
            if_freenameindex(list);
        }
        assert!(names.iter().any(|(ix, n)| n == b"lo" && *ix == index_of(b"lo").unwrap()), "{names:?}");
    }
}
