//! `<sys/socket.h>`'s calls on the socket itself: creating, naming, connecting, accepting,
//! options, `shutdown` and `sockatmark`. Each is one system call; `connect` and `accept`
//! are cancellation points, as POSIX names them.
use core::ffi::{c_int, c_void};

use limpet_abi::socket::{Sockaddr, socklen_t};
use limpet_syscall::cancel::syscall_cp;
use limpet_syscall::{nr, syscall2, syscall3, syscall4, syscall5};

use crate::ret_int;

/// `SIOCATMARK`, the ioctl that tells whether the read position is at the urgent mark.
const SIOCATMARK: usize = 0x8905;

/// `socket(domain, type, protocol)`—A new socket; `type` may carry `SOCK_CLOEXEC` and
/// `SOCK_NONBLOCK`. The descriptor, or -1 with errno (EAFNOSUPPORT, EPROTONOSUPPORT,
/// EINVAL, EMFILE, EACCES, ...).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn socket(domain: c_int, ty: c_int, protocol: c_int) -> c_int {
    // SAFETY: socket takes no pointer.
    ret_int(unsafe { syscall3(nr::SOCKET, domain as usize, ty as usize, protocol as usize) })
}

/// `socketpair(domain, type, protocol, sv)`—Two connected sockets into `sv[0]`, `sv[1]`;
/// 0, or -1 with errno.
///
/// # Safety
/// `sv` must be writable for two `int`s.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn socketpair(domain: c_int, ty: c_int, protocol: c_int, sv: *mut c_int) -> c_int {
    // SAFETY: the kernel writes two ints at `sv`, which the caller vouches for.
    ret_int(unsafe { syscall4(nr::SOCKETPAIR, domain as usize, ty as usize, protocol as usize, sv as usize) })
}

/// `bind(fd, addr, len)`—Gives the socket the local address `addr`; 0, or -1 with errno.
///
/// # Safety
/// `addr` must be readable for `len` bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn bind(fd: c_int, addr: *const Sockaddr, len: socklen_t) -> c_int {
    // SAFETY: the kernel reads `len` bytes at `addr`, which the caller vouches for.
    ret_int(unsafe { syscall3(nr::BIND, fd as usize, addr as usize, len as usize) })
}

/// `connect(fd, addr, len)`—Connects the socket to `addr`; 0, or -1 with errno
/// (EINPROGRESS on a non-blocking socket, ECONNREFUSED, ...). A cancellation point.
///
/// # Safety
/// `addr` must be readable for `len` bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn connect(fd: c_int, addr: *const Sockaddr, len: socklen_t) -> c_int {
    // SAFETY: the kernel reads `len` bytes at `addr`, which the caller vouches for.
    ret_int(unsafe { syscall_cp(nr::CONNECT, fd as usize, addr as usize, len as usize, 0, 0, 0) })
}

/// `listen(fd, backlog)`—Makes the socket accept connections; 0, or -1 with errno.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn listen(fd: c_int, backlog: c_int) -> c_int {
    // SAFETY: listen takes no pointer.
    ret_int(unsafe { syscall2(nr::LISTEN, fd as usize, backlog as usize) })
}

/// `accept(fd, addr, len)`—The next connection, as a new descriptor; the peer's address
/// into `addr` (cut to `*len`, which becomes its full length) unless `addr` is null. A
/// cancellation point.
///
/// # Safety
/// `addr` and `len` must be null or `len` hold the room at `addr`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn accept(fd: c_int, addr: *mut Sockaddr, len: *mut socklen_t) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { accept4(fd, addr, len, 0) }
}

/// `accept4(fd, addr, len, flags)`—`accept`, with `SOCK_CLOEXEC` and `SOCK_NONBLOCK` set
/// on the new descriptor as `flags` asks. A cancellation point.
///
/// # Safety
/// As for [`accept`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn accept4(fd: c_int, addr: *mut Sockaddr, len: *mut socklen_t, flags: c_int) -> c_int {
    // SAFETY: the kernel writes at most `*len` bytes at `addr`, as the caller vouches.
    ret_int(unsafe { syscall_cp(nr::ACCEPT4, fd as usize, addr as usize, len as usize, flags as usize, 0, 0) })
}

/// `shutdown(fd, how)`—Ends reception (`SHUT_RD`), transmission (`SHUT_WR`) or both.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn shutdown(fd: c_int, how: c_int) -> c_int {
    // SAFETY: shutdown takes no pointer.
    ret_int(unsafe { syscall2(nr::SHUTDOWN, fd as usize, how as usize) })
}

/// `getsockname(fd, addr, len)`—The socket's own address, cut to `*len` bytes; `*len`
/// becomes its full length.
///
/// # Safety
/// `len` must be readable and writable, and `addr` writable for `*len` bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getsockname(fd: c_int, addr: *mut Sockaddr, len: *mut socklen_t) -> c_int {
    // SAFETY: the kernel writes at most `*len` bytes at `addr`, as the caller vouches.
    ret_int(unsafe { syscall3(nr::GETSOCKNAME, fd as usize, addr as usize, len as usize) })
}

/// `getpeername(fd, addr, len)`—The connected peer's address, as [`getsockname`];
/// ENOTCONN when there is none.
///
/// # Safety
/// As for [`getsockname`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getpeername(fd: c_int, addr: *mut Sockaddr, len: *mut socklen_t) -> c_int {
    // SAFETY: the kernel writes at most `*len` bytes at `addr`, as the caller vouches.
    ret_int(unsafe { syscall3(nr::GETPEERNAME, fd as usize, addr as usize, len as usize) })
}

/// `getsockopt(fd, level, name, value, len)`—Reads an option into `value` (cut to `*len`).
///
/// # Safety
/// `len` must be readable and writable, and `value` writable for `*len` bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getsockopt(fd: c_int, level: c_int, name: c_int, value: *mut c_void, len: *mut socklen_t) -> c_int {
    // SAFETY: the kernel writes at most `*len` bytes at `value`, as the caller vouches.
    ret_int(unsafe { syscall5(nr::GETSOCKOPT, fd as usize, level as usize, name as usize, value as usize, len as usize) })
}

/// `setsockopt(fd, level, name, value, len)`—Sets an option from `len` bytes at `value`.
///
/// # Safety
/// `value` must be readable for `len` bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn setsockopt(fd: c_int, level: c_int, name: c_int, value: *const c_void, len: socklen_t) -> c_int {
    // SAFETY: the kernel reads `len` bytes at `value`, as the caller vouches.
    ret_int(unsafe { syscall5(nr::SETSOCKOPT, fd as usize, level as usize, name as usize, value as usize, len as usize) })
}

/// `sockatmark(fd)`—1 when the next byte to read is the urgent (out-of-band) mark, 0 when
/// not, -1 with errno (ENOTTY or EBADF when `fd` is no socket).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn sockatmark(fd: c_int) -> c_int {
    let mut at: c_int = 0;
    // SAFETY: SIOCATMARK writes one int into `at`.
    let r = ret_int(unsafe { syscall3(nr::IOCTL, fd as usize, SIOCATMARK, &raw mut at as usize) });
    if r < 0 { r } else { at }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::mem::size_of;
    use limpet_abi::socket::{AF_INET, INADDR_LOOPBACK, InAddr, SOCK_CLOEXEC, SOCK_NONBLOCK, SOCK_STREAM, SockaddrIn};
    use limpet_syscall::errno;
    use limpet_syscall::errno::{ENOTSOCK, ENOTTY};

    #[test]
    fn loopback_connection_with_accept4_flags() {
        let l = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        assert!(l >= 0);
        let mut a = SockaddrIn { sin_family: AF_INET as u16, sin_addr: InAddr { s_addr: INADDR_LOOPBACK.to_be() }, ..Default::default() };
        let mut len = size_of::<SockaddrIn>() as socklen_t;
        let sa = (&raw mut a).cast::<Sockaddr>();
        // SAFETY: `a` is a sockaddr_in of `len` bytes.
        unsafe {
            assert_eq!(bind(l, sa, len), 0);
            assert_eq!(getsockname(l, sa, &mut len), 0);
        }
        assert_ne!(a.sin_port, 0);
        assert_eq!(listen(l, 1), 0);
        let c = socket(AF_INET, SOCK_STREAM, 0);
        // SAFETY: as above.
        assert_eq!(unsafe { connect(c, sa, len) }, 0);
        // SAFETY: no peer address asked for.
        let s = unsafe { accept4(l, core::ptr::null_mut(), core::ptr::null_mut(), SOCK_NONBLOCK | SOCK_CLOEXEC) };
        assert!(s >= 0);
        // SAFETY: fcntl takes no pointer.
        let fl = unsafe { limpet_syscall::syscall2(limpet_syscall::nr::FCNTL, s as usize, 3) } as c_int;
        assert_ne!(fl & SOCK_NONBLOCK, 0);
        let mut peer = SockaddrIn::default();
        let mut plen = size_of::<SockaddrIn>() as socklen_t;
        // SAFETY: `peer` has `plen` bytes.
        assert_eq!(unsafe { getpeername(s, (&raw mut peer).cast(), &mut plen) }, 0);
        assert_eq!(peer.sin_addr.s_addr, INADDR_LOOPBACK.to_be());
        assert_eq!(sockatmark(s), 0);
        assert_eq!(shutdown(c, limpet_abi::socket::SHUT_WR), 0);
        for fd in [l, c, s] {
            limpet_syscall::unistd::close(fd);
        }
    }

    #[test]
    fn errors_on_other_descriptors() {
        let mut p = [0; 2];
        // SAFETY: room for two descriptors.
        assert_eq!(unsafe { limpet_syscall::syscall2(limpet_syscall::nr::PIPE2, p.as_mut_ptr() as usize, 0) }, 0);
        assert_eq!(listen(p[0], 1), -1);
        assert_eq!(errno(), ENOTSOCK);
        assert_eq!(sockatmark(p[0]), -1);
        assert_eq!(errno(), ENOTTY);
        p.iter().for_each(|&fd| {
            limpet_syscall::unistd::close(fd);
        });
    }
}
