//! A dump over rtnetlink: one request (`RTM_GETLINK` or `RTM_GETADDR` with
//! `NLM_F_DUMP`), then the kernel's messages, each handed to a visitor with its payload,
//! until `NLMSG_DONE`. Every length the kernel gives is checked against what was received
//! before it is used.
use core::mem::size_of;

use limpet_abi::fcntl::O_CLOEXEC;
use limpet_abi::netlink::{
    Ifaddrmsg, Ifinfomsg, NETLINK_ROUTE, NLM_F_DUMP, NLM_F_REQUEST, NLMSG_DONE, NLMSG_ERROR, Nlmsghdr, RTM_GETLINK,
    Rtattr,
};
use limpet_abi::socket::{AF_NETLINK, SOCK_RAW};
use limpet_syscall::cancel::syscall_cp;
use limpet_syscall::errno::{EINTR, EIO};
use limpet_syscall::{nr, result, syscall3, syscall6};

/// The receive buffer. The kernel sizes a dump's batches to the reader's buffer, and never
/// below a page or 8 KiB, whichever is smaller, so 8 KiB always holds a whole batch.
const RECV_WORDS: usize = 8192 / 4;
const HDR: usize = size_of::<Nlmsghdr>();

/// Netlink's alignment of messages and attributes.
fn align4(n: usize) -> usize {
    (n + 3) & !3
}

/// Reads a `T` (a plain kernel record) at `at` in `buf`, if it fits.
fn read<T: Copy + Default>(buf: &[u8], at: usize) -> Option<T> {
    let bytes = buf.get(at..at.checked_add(size_of::<T>())?)?;
    let mut v = T::default();
    // SAFETY: `bytes` holds size_of::<T>() bytes; T is a plain integer record.
    unsafe { core::ptr::copy_nonoverlapping(bytes.as_ptr(), (&raw mut v).cast::<u8>(), bytes.len()) };
    Some(v)
}

/// The attributes after a record of `skip` bytes in a message's payload: (type, data).
pub fn attrs(payload: &[u8], skip: usize) -> impl Iterator<Item = (u16, &[u8])> {
    let mut at = align4(skip);
    core::iter::from_fn(move || {
        let a: Rtattr = read(payload, at)?;
        let len = usize::from(a.rta_len);
        let data = payload.get(at + size_of::<Rtattr>()..at.checked_add(len)?)?;
        at += align4(len.max(size_of::<Rtattr>()));
        Some((a.rta_type, data))
    })
}

/// The family's record in the request: `ifinfomsg` for links, `ifaddrmsg` for addresses.
#[repr(C)]
#[derive(Default)]
struct Request {
    hdr: Nlmsghdr,
    link: Ifinfomsg,
}

/// Dumps the kernel's table `ty` (`RTM_GETLINK` or `RTM_GETADDR`) for `family` (`AF_UNSPEC`
/// for all), calling `visit(type, payload)` for each message until it returns false or the
/// dump ends. The errno on failure.
pub fn dump(ty: u16, family: u8, visit: &mut dyn FnMut(u16, &[u8]) -> bool) -> Result<(), i32> {
    // SAFETY: socket takes no pointer.
    let fd = result(unsafe {
        syscall3(nr::SOCKET, AF_NETLINK as usize, (SOCK_RAW | O_CLOEXEC) as usize, NETLINK_ROUTE as usize)
    })?;
    let r = exchange(fd, ty, family, visit);
    limpet_syscall::unistd::close(fd as i32);
    r
}

fn exchange(fd: usize, ty: u16, family: u8, visit: &mut dyn FnMut(u16, &[u8]) -> bool) -> Result<(), i32> {
    let body = if ty == RTM_GETLINK { size_of::<Ifinfomsg>() } else { size_of::<Ifaddrmsg>() };
    let mut req = Request::default();
    req.hdr.nlmsg_len = (HDR + body) as u32;
    req.hdr.nlmsg_type = ty;
    req.hdr.nlmsg_flags = NLM_F_REQUEST | NLM_F_DUMP;
    req.hdr.nlmsg_seq = 1;
    // Both records start with the family byte.
    req.link.ifi_family = family;
    // SAFETY: `req` is readable for `nlmsg_len` bytes; no address (the kernel is the peer).
    result(unsafe { syscall6(nr::SENDTO, fd, &raw const req as usize, HDR + body, 0, 0, 0) })?;
    let mut words = [0u32; RECV_WORDS];
    loop {
        // SAFETY: the kernel writes at most the buffer's size into it.
        let n = match result(unsafe { syscall_cp(nr::RECVFROM, fd, words.as_mut_ptr() as usize, RECV_WORDS * 4, 0, 0, 0) }) {
            Ok(n) => n,
            Err(EINTR) => continue,
            Err(e) => return Err(e),
        };
        // SAFETY: `n` bytes of the buffer were written; u32s are plain bytes.
        let buf = unsafe { core::slice::from_raw_parts(words.as_ptr().cast::<u8>(), n) };
        if n == 0 {
            return Err(EIO);
        }
        let mut at = 0;
        while let Some(h) = read::<Nlmsghdr>(buf, at) {
            let len = h.nlmsg_len as usize;
            let Some(payload) = buf.get(at + HDR..at.saturating_add(len)).filter(|_| len >= HDR) else {
                return Err(EIO);
            };
            match h.nlmsg_type {
                NLMSG_DONE => return Ok(()),
                NLMSG_ERROR => {
                    let e = read::<i32>(payload, 0).unwrap_or(-EIO);
                    return if e < 0 { Err(-e) } else { Ok(()) };
                }
                t => {
                    if !visit(t, payload) {
                        return Ok(());
                    }
                }
            }
            at += align4(len);
        }
    }
}

/// Reads a record at the start of a payload.
pub fn record<T: Copy + Default>(payload: &[u8]) -> Option<T> {
    read(payload, 0)
}
