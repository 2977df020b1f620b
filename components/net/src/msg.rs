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
