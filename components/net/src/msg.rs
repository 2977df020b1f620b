//! Sending and receiving: `send`, `sendto`, `sendmsg`, `sendmmsg`, `recv`, `recvfrom`,
//! `recvmsg`, `recvmmsg`. All are cancellation points, as POSIX names them.
//!
//! musl's `struct msghdr` has `int` lengths where the kernel reads `size_t`s, and
//! `struct cmsghdr` a `socklen_t` where the kernel reads a `size_t`: the padding words that
//! make up the difference (`__pad1`, `__pad2`) are the program's, which need not set them.
//! So the header is copied with its padding zeroed before the kernel sees it, and a control
//! buffer whose headers carry non-zero padding is copied too, since the program's buffer is
//! `const`. (musl copies every control buffer and refuses those over 1024 bytes; here one
//! with clean padding, which is what `CMSG_*` over a zeroed buffer gives, goes as it is.)
use core::ffi::{c_int, c_uint, c_void};
use core::mem::size_of;

use limpet_abi::socket::{Cmsghdr, Mmsghdr, Msghdr, Sockaddr, socklen_t};
use limpet_abi::time::Timespec;
use limpet_syscall::cancel::syscall_cp;
use limpet_syscall::errno::ENOMEM;
use limpet_syscall::{nr, ret_errno, set_errno};

/// The control data a `sendmsg` whose headers need their padding cleared may carry: room
/// for the most descriptors one `SCM_RIGHTS` message passes (253) and then some.
const CONTROL_COPY_MAX: usize = 4096;
/// The messages one `sendmmsg` system call takes at most (the kernel's `UIO_MAXIOV`); the
/// kernel sends no more either.
const MMSG_MAX: usize = 1024;
/// The messages copied per `sendmmsg` system call.
const MMSG_BATCH: usize = 64;
/// `sizeof(struct cmsghdr)`, and the alignment of each control message.
const CMSG_HDR: usize = size_of::<Cmsghdr>();
const CMSG_ALIGN: usize = size_of::<usize>();

/// `send(fd, buf, len, flags)`—`sendto` without an address.
///
/// # Safety
/// `buf` must be readable for `len` bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn send(fd: c_int, buf: *const c_void, len: usize, flags: c_int) -> isize {
    // SAFETY: forwarded contract; no address.
    unsafe { sendto(fd, buf, len, flags, core::ptr::null(), 0) }
}

/// `sendto(fd, buf, len, flags, addr, alen)`—Sends `len` bytes, to `addr` when given; the
/// bytes sent, or -1 with errno.
///
/// # Safety
/// `buf` must be readable for `len` bytes, and `addr` null or readable for `alen`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn sendto(fd: c_int, buf: *const c_void, len: usize, flags: c_int, addr: *const Sockaddr, alen: socklen_t) -> isize {
    // SAFETY: the kernel reads `len` bytes at `buf` and `alen` at `addr`, as vouched for.
    ret_errno(unsafe { syscall_cp(nr::SENDTO, fd as usize, buf as usize, len, flags as usize, addr as usize, alen as usize) })
}

/// `recv(fd, buf, len, flags)`—`recvfrom` without an address.
///
/// # Safety
/// `buf` must be writable for `len` bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn recv(fd: c_int, buf: *mut c_void, len: usize, flags: c_int) -> isize {
    // SAFETY: forwarded contract; no address.
    unsafe { recvfrom(fd, buf, len, flags, core::ptr::null_mut(), core::ptr::null_mut()) }
}

/// `recvfrom(fd, buf, len, flags, addr, alen)`—Receives up to `len` bytes, and the
/// sender's address into `addr` (cut to `*alen`, which becomes its length) when given.
///
/// # Safety
/// `buf` must be writable for `len` bytes; `addr`/`alen` null or as for `accept`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn recvfrom(fd: c_int, buf: *mut c_void, len: usize, flags: c_int, addr: *mut Sockaddr, alen: *mut socklen_t) -> isize {
    // SAFETY: the kernel writes at most `len` bytes at `buf` and `*alen` at `addr`.
    ret_errno(unsafe { syscall_cp(nr::RECVFROM, fd as usize, buf as usize, len, flags as usize, addr as usize, alen as usize) })
}

/// `msg` with its padding words zeroed.
fn clean(msg: &Msghdr) -> Msghdr {
    Msghdr { pad1: 0, pad2: 0, ..*msg }
}

/// Whether any control header the kernel will read in `control` has non-zero padding.
/// The walk is the kernel's: a header must fit whole, and the next starts at the aligned
/// end of this one's `cmsg_len`.
fn padding_dirty(control: &[u8]) -> bool {
    let mut at = 0;
    while let Some(h) = control.get(at..at + CMSG_HDR) {
        let len = u32::from_ne_bytes([h[0], h[1], h[2], h[3]]) as usize;
        if h[4..8] != [0; 4] {
            return true;
        }
        if len < CMSG_HDR {
            return false;
        }
        at += (len + CMSG_ALIGN - 1) & !(CMSG_ALIGN - 1);
    }
    false
}

/// Zeroes the padding of every control header in `control`, walking as [`padding_dirty`].
fn clear_padding(control: &mut [u8]) {
    let mut at = 0;
    while let Some(h) = control.get_mut(at..at + CMSG_HDR) {
        let len = u32::from_ne_bytes([h[0], h[1], h[2], h[3]]) as usize;
        h[4..8].fill(0);
        if len < CMSG_HDR {
            return;
        }
        at += (len + CMSG_ALIGN - 1) & !(CMSG_ALIGN - 1);
    }
}

/// `sendmsg(fd, msg, flags)`—Sends the gathered buffers and control data of `*msg`; the
/// bytes sent, or -1 with errno (ENOMEM when the control data needs a copy, above, and
/// is over 4096 bytes).
///
/// # Safety
/// `msg` must point to a valid `struct msghdr` whose buffers are readable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn sendmsg(fd: c_int, msg: *const Msghdr, flags: c_int) -> isize {
    // SAFETY: the caller passes a valid header.
    let mut h = clean(unsafe { &*msg });
    let mut copy = [0u64; CONTROL_COPY_MAX / 8];
    if !h.msg_control.is_null() && h.msg_controllen > 0 {
        let n = h.msg_controllen as usize;
        // SAFETY: the caller's control buffer holds `msg_controllen` bytes.
        let control = unsafe { core::slice::from_raw_parts(h.msg_control.cast::<u8>(), n) };
        if padding_dirty(control) {
            if n > CONTROL_COPY_MAX {
                set_errno(ENOMEM);
                return -1;
            }
            // SAFETY: `copy` is CONTROL_COPY_MAX bytes of u64s, n of them in use.
            let bytes = unsafe { core::slice::from_raw_parts_mut(copy.as_mut_ptr().cast::<u8>(), n) };
            bytes.copy_from_slice(control);
            clear_padding(bytes);
            h.msg_control = copy.as_mut_ptr().cast();
        }
    }
    // SAFETY: `h` is a clean header over the caller's buffers (or the local copy).
    ret_errno(unsafe { syscall_cp(nr::SENDMSG, fd as usize, &raw const h as usize, flags as usize, 0, 0, 0) })
}

/// `recvmsg(fd, msg, flags)`—Receives into the scattered buffers of `*msg`, with the
/// sender's address and control data when it has room; `msg_namelen`,
/// `msg_controllen` and `msg_flags` are updated and the padding zeroed. The bytes
/// received, or -1 with errno.
///
/// # Safety
/// `msg` must point to a valid `struct msghdr` whose buffers are writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn recvmsg(fd: c_int, msg: *mut Msghdr, flags: c_int) -> isize {
    // SAFETY: the caller passes a valid header.
    let mut h = clean(unsafe { &*msg });
    // SAFETY: `h` is a clean copy of the caller's header; the buffers are theirs.
    let r = ret_errno(unsafe { syscall_cp(nr::RECVMSG, fd as usize, &raw mut h as usize, flags as usize, 0, 0, 0) });
    // The kernel updated the lengths and flags in the copy; the caller's header gets it
    // back whole, its padding now zero (as musl leaves it).
    // SAFETY: the caller's header is writable.
    unsafe { *msg = h };
    r
}

/// `sendmmsg(fd, msgs, n, flags)`—Sends up to `n` messages (at most 1024), each as
/// `sendmsg` would, and sets each one's `msg_len`; how many were sent, or -1 with errno when
/// the first fails. Messages without control data go in batches of 64 per system call,
/// from copies with their padding zeroed; one with control data goes through [`sendmsg`].
///
/// # Safety
/// `msgs` must point to `n` valid `struct mmsghdr`s whose buffers are readable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn sendmmsg(fd: c_int, msgs: *mut Mmsghdr, n: c_uint, flags: c_int) -> c_int {
    let n = (n as usize).min(MMSG_MAX);
    // SAFETY: the caller passes `n` valid entries (fewer are used).
    let msgs = unsafe { core::slice::from_raw_parts_mut(msgs, n) };
    let mut sent = 0;
    while sent < n {
        let first = &msgs[sent];
        if first.msg_hdr.msg_controllen != 0 {
            // SAFETY: a valid header of the caller's.
            let r = unsafe { sendmsg(fd, &first.msg_hdr, flags) };
            if r < 0 {
                break;
            }
            msgs[sent].msg_len = r as c_uint;
            sent += 1;
            continue;
        }
        let run = msgs[sent..].iter().take(MMSG_BATCH).take_while(|m| m.msg_hdr.msg_controllen == 0).count();
        let mut batch = [Mmsghdr { msg_hdr: clean(&first.msg_hdr), msg_len: 0 }; MMSG_BATCH];
        for (b, m) in batch.iter_mut().zip(&msgs[sent..sent + run]) {
            b.msg_hdr = clean(&m.msg_hdr);
        }
        // SAFETY: `batch` holds `run` clean headers over the caller's buffers.
        let r = ret_errno(unsafe { syscall_cp(nr::SENDMMSG, fd as usize, batch.as_mut_ptr() as usize, run, flags as usize, 0, 0) });
        if r <= 0 {
            break;
        }
        let done = r as usize;
        for (m, b) in msgs[sent..sent + done].iter_mut().zip(&batch) {
            m.msg_len = b.msg_len;
        }
        sent += done;
        if done < run {
            break;
        }
    }
    if sent == 0 && n > 0 { -1 } else { sent as c_int }
}

/// `recvmmsg(fd, msgs, n, flags, timeout)`—Receives up to `n` messages, as `recvmsg`
/// each, waiting at most `*timeout` when given (checked between messages, as the kernel
/// does); how many, or -1 with errno. The headers' padding is zeroed in place (they are
/// the caller's writable records).
///
/// # Safety
/// `msgs` must point to `n` valid `struct mmsghdr`s with writable buffers; `timeout` null
/// or valid.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn recvmmsg(fd: c_int, msgs: *mut Mmsghdr, n: c_uint, flags: c_int, timeout: *mut Timespec) -> c_int {
    if !msgs.is_null() {
        // SAFETY: the caller passes `n` valid, writable entries.
        for m in unsafe { core::slice::from_raw_parts_mut(msgs, n as usize) } {
            m.msg_hdr.pad1 = 0;
            m.msg_hdr.pad2 = 0;
        }
    }
    // SAFETY: clean headers of the caller's; the kernel checks the rest.
    ret_errno(unsafe { syscall_cp(nr::RECVMMSG, fd as usize, msgs as usize, n as usize, flags as usize, timeout as usize, 0) })
        as c_int
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::socket::socketpair;
    use limpet_abi::socket::{AF_UNIX, MSG_DONTWAIT, SCM_RIGHTS, SOCK_DGRAM, SOCK_STREAM, SOL_SOCKET};
    use limpet_abi::uio::Iovec;

    fn pair(ty: c_int) -> [c_int; 2] {
        let mut sv = [0; 2];
        // SAFETY: room for two descriptors.
        assert_eq!(unsafe { socketpair(AF_UNIX, ty, 0, sv.as_mut_ptr()) }, 0);
        sv
    }

    fn close(fd: c_int) {
        limpet_syscall::unistd::close(fd);
    }

    /// A header over `iov` with every padding and unused word set to garbage first.
    fn dirty_header(iov: &mut Iovec, control: &mut [u64]) -> Msghdr {
        // SAFETY: Msghdr is plain integers and pointers; all-ones is a valid bit pattern.
        let mut h: Msghdr = unsafe { core::mem::transmute([0xffu8; size_of::<Msghdr>()]) };
        h.msg_name = core::ptr::null_mut();
        h.msg_namelen = 0;
        h.msg_iov = iov;
        h.msg_iovlen = 1;
        h.msg_control = control.as_mut_ptr().cast();
        h.msg_controllen = (control.len() * 8) as u32;
        h.msg_flags = 0;
        h
    }

    #[test]
    fn descriptors_pass_through_dirty_padding() {
        let [a, b] = pair(SOCK_STREAM);
        let [p0, p1] = pair(SOCK_STREAM);
        let mut byte = *b"x";
        let mut iov = Iovec { iov_base: byte.as_mut_ptr().cast(), iov_len: 1 };
        // One cmsghdr (16 bytes) and one int, padded to 24 bytes; its __pad1 is garbage.
        let mut control = [0u64; 3];
        let hdr = [CMSG_HDR as u32 + 4, 0xdead_beef, SOL_SOCKET as u32, SCM_RIGHTS as u32, p1 as u32, 0];
        // SAFETY: 24 bytes of u32s into 24 bytes of u64s.
        unsafe { core::ptr::copy_nonoverlapping(hdr.as_ptr().cast::<u8>(), control.as_mut_ptr().cast::<u8>(), 24) };
        let h = dirty_header(&mut iov, &mut control);
        assert!(padding_dirty(
            // SAFETY: the control words just written.
            unsafe { core::slice::from_raw_parts(control.as_ptr().cast::<u8>(), 24) }
        ));
        // SAFETY: a valid header over live buffers.
        assert_eq!(unsafe { sendmsg(a, &h, 0) }, 1);
        // The caller's header and control data are left as they were.
        assert_eq!(h.pad1, -1);
        assert_eq!(control[0] >> 32, 0xdead_beef);
        let mut got = [0u8; 1];
        let mut riov = Iovec { iov_base: got.as_mut_ptr().cast(), iov_len: 1 };
        let mut rcontrol = [0u64; 8];
        let mut r = dirty_header(&mut riov, &mut rcontrol);
        // SAFETY: as above.
        assert_eq!(unsafe { recvmsg(b, &mut r, 0) }, 1);
        assert_eq!((got, r.pad1, r.pad2, r.msg_controllen), (*b"x", 0, 0, (CMSG_HDR + 8) as u32));
        let passed = (rcontrol[2] & 0xffff_ffff) as c_int;
        assert!(passed > 2 && passed != p1);
        // SAFETY: one byte through the received descriptor, read from the pair's other end.
        unsafe {
            assert_eq!(limpet_syscall::unistd::write(passed, b"y".as_ptr().cast(), 1), 1);
            assert_eq!(limpet_syscall::unistd::read(p0, got.as_mut_ptr().cast(), 1), 1);
        }
        assert_eq!(got, *b"y");
        for fd in [a, b, p0, p1, passed] {
            close(fd);
        }
    }

    #[test]
    fn sendmmsg_batches_and_stops_at_control_data() {
        const N: usize = 150;
        let [a, b] = pair(SOCK_DGRAM);
        let mut data = [[0u8; 2]; N];
        let mut iovs = [Iovec { iov_base: core::ptr::null_mut(), iov_len: 2 }; N];
        // SAFETY: Msghdr is plain integers and pointers; all-ones is a valid bit pattern.
        let garbage: Msghdr = unsafe { core::mem::transmute([0xffu8; size_of::<Msghdr>()]) };
        let mut msgs = [Mmsghdr { msg_hdr: garbage, msg_len: 0 }; N];
        for k in 0..N {
            data[k] = (k as u16).to_le_bytes();
            iovs[k].iov_base = data[k].as_mut_ptr().cast();
            let h = &mut msgs[k].msg_hdr;
            h.msg_name = core::ptr::null_mut();
            h.msg_namelen = 0;
            h.msg_iov = &mut iovs[k];
            h.msg_iovlen = 1;
            h.msg_control = core::ptr::null_mut();
            h.msg_controllen = 0;
            h.msg_flags = 0;
        }
        // SAFETY: N valid headers over live buffers.
        assert_eq!(unsafe { sendmmsg(a, msgs.as_mut_ptr(), N as c_uint, 0) }, N as c_int);
        assert!(msgs.iter().all(|m| m.msg_len == 2));
        let mut got = [0u8; 2];
        for k in 0..N {
            // SAFETY: two bytes into `got`.
            assert_eq!(unsafe { recv(b, got.as_mut_ptr().cast(), 2, 0) }, 2);
            assert_eq!(u16::from_le_bytes(got), k as u16);
        }
        // A message with control data goes on its own (through sendmsg) between batches.
        let [p0, p1] = pair(SOCK_STREAM);
        let mut control = [0u64; 3];
        let hdr = [CMSG_HDR as u32 + 4, 0, SOL_SOCKET as u32, SCM_RIGHTS as u32, p1 as u32, 0];
        // SAFETY: 24 bytes of u32s into 24 bytes of u64s.
        unsafe { core::ptr::copy_nonoverlapping(hdr.as_ptr().cast::<u8>(), control.as_mut_ptr().cast::<u8>(), 24) };
        msgs[3].msg_hdr.msg_control = control.as_mut_ptr().cast();
        msgs[3].msg_hdr.msg_controllen = 24;
        // SAFETY: as above; message 3's control buffer is live.
        assert_eq!(unsafe { sendmmsg(a, msgs.as_mut_ptr(), 6, 0) }, 6);
        for k in 0..6 {
            // SAFETY: two bytes into `got`.
            assert_eq!(unsafe { recv(b, got.as_mut_ptr().cast(), 2, 0) }, 2);
            assert_eq!(u16::from_le_bytes(got), k as u16);
        }
        // When the first message fails, the call does (a byte count past the kernel's
        // limit on one datagram), and nothing is sent.
        // SAFETY: message 0's iovec is `iovs[0]`, alive; the kernel refuses before reading
        // past the buffer.
        unsafe { (*msgs[0].msg_hdr.msg_iov).iov_len = 1 << 20 };
        // SAFETY: as above.
        assert_eq!(unsafe { sendmmsg(a, msgs.as_mut_ptr(), 2, 0) }, -1);
        for fd in [p0, p1] {
            close(fd);
        }
        close(a);
        close(b);
    }

    #[test]
    fn recvmmsg_zeroes_padding_in_place() {
        let [a, b] = pair(SOCK_DGRAM);
        for m in [b"one".as_slice(), b"three"] {
            // SAFETY: the literal's bytes.
            assert_eq!(unsafe { send(a, m.as_ptr().cast(), m.len(), 0) }, m.len() as isize);
        }
        let mut bufs = [[0u8; 8]; 2];
        let mut iovs = [Iovec { iov_base: core::ptr::null_mut(), iov_len: 8 }; 2];
        // SAFETY: as in the test above.
        let garbage: Msghdr = unsafe { core::mem::transmute([0xffu8; size_of::<Msghdr>()]) };
        let mut msgs = [Mmsghdr { msg_hdr: garbage, msg_len: 0 }; 2];
        for k in 0..2 {
            iovs[k].iov_base = bufs[k].as_mut_ptr().cast();
            let h = &mut msgs[k].msg_hdr;
            h.msg_name = core::ptr::null_mut();
            h.msg_namelen = 0;
            h.msg_iov = &mut iovs[k];
            h.msg_iovlen = 1;
            h.msg_control = core::ptr::null_mut();
            h.msg_controllen = 0;
        }
        // SAFETY: two valid headers, no timeout.
        assert_eq!(unsafe { recvmmsg(b, msgs.as_mut_ptr(), 2, MSG_DONTWAIT, core::ptr::null_mut()) }, 2);
        assert_eq!((msgs[0].msg_len, msgs[1].msg_len), (3, 5));
        assert_eq!((msgs[0].msg_hdr.pad1, msgs[1].msg_hdr.pad2), (0, 0));
        assert_eq!(&bufs[1][..5], b"three");
        close(a);
        close(b);
    }
}
