//! Networking: sockets and their messages, addresses and interfaces, the /etc databases
//! (hosts, services, protocols, networks, ethers), the DNS resolver and the name services
//! built on them (`getaddrinfo`, `getnameinfo`, `gethostbyname`, ...).
//!
//! - `socket`, `msg`: one system call each, with musl's ABI (the padding of `struct msghdr`
//!   and `struct cmsghdr` zeroed before the kernel reads it) and POSIX's cancellation points;
//! - `addr`: byte order, the text forms of IPv4 and IPv6 addresses;
//! - `iface`: interface names and indices, `getifaddrs` over rtnetlink;
//! - `db`: the /etc files, read line by line through a fixed buffer;
//! - `dns`: the DNS message (names, compression, the `ns_*` parser), hardened against
//!   malformed packets;
//! - `resolv`: resolv.conf, the query engine (UDP to every server at once, TCP after a
//!   truncated answer) and the `res_*` functions;
//! - `lookup`: `getaddrinfo`, `getnameinfo`, the `gethostby*` family and `h_errno`.
#![cfg_attr(not(test), no_std)]

pub mod addr;
pub mod db;
pub mod dns;
pub mod iface;
mod imports;
pub mod lookup;
pub mod msg;
pub mod resolv;
pub mod socket;

use core::ffi::c_int;

/// Turns a raw return into the C convention: the value as an `int`, or -1 with errno set.
fn ret_int(r: usize) -> c_int {
    limpet_syscall::ret_errno(r) as c_int
}
