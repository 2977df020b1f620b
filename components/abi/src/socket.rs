//! `<sys/socket.h>`, `<netinet/in.h>`, `<sys/un.h>`, `<net/if.h>` and `<ifaddrs.h>`: socket
//! addresses, the message headers of `sendmsg`/`recvmsg`, and the interface records.
//!
//! musl's `struct msghdr` and `struct cmsghdr` keep POSIX's `int`/`socklen_t` lengths and pad
//! them to the kernel's `size_t` fields with words of their own (`__pad1`, `__pad2`), which a
//! program may leave unset: the net component zeroes them before the kernel reads them.
use core::ffi::{c_char, c_int, c_uint, c_ushort, c_void};

use crate::uio::Iovec;

crate::types! {
    "sys/socket.h" {
        pub type socklen_t = c_uint;
        pub type sa_family_t = u16;
    }
    "netinet/in.h" {
        pub type in_addr_t = u32;
        pub type in_port_t = u16;
    }
}

crate::constants! {
    "sys/socket.h" {
        pub const SOCK_STREAM: c_int = 1;
        pub const SOCK_DGRAM: c_int = 2;
        pub const SOCK_RAW: c_int = 3;
        pub const SOCK_SEQPACKET: c_int = 5;
        pub const SOCK_CLOEXEC: c_int = 0o2000000;
        pub const SOCK_NONBLOCK: c_int = 0o4000;
        pub const AF_UNSPEC: c_int = 0;
        pub const AF_UNIX: c_int = 1;
        pub const AF_INET: c_int = 2;
        pub const AF_INET6: c_int = 10;
        pub const AF_NETLINK: c_int = 16;
        pub const AF_PACKET: c_int = 17;
        pub const SOL_SOCKET: c_int = 1;
        pub const SO_REUSEADDR: c_int = 2;
        pub const SO_TYPE: c_int = 3;
        pub const SO_ERROR: c_int = 4;
        pub const SO_SNDBUF: c_int = 7;
        pub const SO_RCVBUF: c_int = 8;
        pub const SO_PASSCRED: c_int = 16;
        pub const SO_PEERCRED: c_int = 17;
        pub const SO_RCVTIMEO: c_int = 20;
        pub const SO_SNDTIMEO: c_int = 21;
        pub const SCM_RIGHTS: c_int = 1;
        pub const SCM_CREDENTIALS: c_int = 2;
        pub const SHUT_RD: c_int = 0;
        pub const SHUT_WR: c_int = 1;
        pub const SHUT_RDWR: c_int = 2;
        pub const MSG_OOB: c_int = 0x0001;
        pub const MSG_PEEK: c_int = 0x0002;
        pub const MSG_CTRUNC: c_int = 0x0008;
        pub const MSG_TRUNC: c_int = 0x0020;
        pub const MSG_DONTWAIT: c_int = 0x0040;
        pub const MSG_WAITALL: c_int = 0x0100;
        pub const MSG_NOSIGNAL: c_int = 0x4000;
        pub const MSG_WAITFORONE: c_int = 0x10000;
        pub const MSG_CMSG_CLOEXEC: c_int = 0x40000000;
    }
    "netinet/in.h" {
        pub const IPPROTO_IP: c_int = 0;
        pub const IPPROTO_ICMP: c_int = 1;
        pub const IPPROTO_TCP: c_int = 6;
        pub const IPPROTO_UDP: c_int = 17;
        pub const IPPROTO_IPV6: c_int = 41;
        pub const IPPROTO_ICMPV6: c_int = 58;
        pub const IPPROTO_RAW: c_int = 255;
        pub const IPV6_V6ONLY: c_int = 26;
        pub const INET_ADDRSTRLEN: c_int = 16;
        pub const INET6_ADDRSTRLEN: c_int = 46;
        pub const INADDR_ANY: u32 = 0;
        pub const INADDR_LOOPBACK: u32 = 0x7f00_0001;
        pub const INADDR_NONE: u32 = 0xffff_ffff;
    }
    "net/if.h" {
        pub const IF_NAMESIZE: c_int = 16;
        pub const IFF_UP: c_int = 0x1;
        pub const IFF_BROADCAST: c_int = 0x2;
        pub const IFF_LOOPBACK: c_int = 0x8;
        pub const IFF_POINTOPOINT: c_int = 0x10;
        pub const IFF_RUNNING: c_int = 0x40;
        pub const IFF_MULTICAST: c_int = 0x1000;
    }
}

crate::structs! {
    "sys/socket.h" {
        /// `struct sockaddr`: the family, then the address's bytes.
        #[c = "struct sockaddr"]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct Sockaddr {
            pub sa_family: sa_family_t,
            pub sa_data: [c_char; 14],
        }
        /// `struct sockaddr_storage`: room for any address, aligned as a `long`.
        #[c = "struct sockaddr_storage"]
        #[derive(Clone, Copy)]
        pub struct SockaddrStorage {
            pub ss_family: sa_family_t,
            #[c = "__ss_padding"]
            pub ss_padding: [c_char; 118],
            #[c = "__ss_align"]
            pub ss_align: u64,
        }
        /// `struct msghdr`, with musl's padding after the two `int`-sized lengths.
        #[c = "struct msghdr"]
        #[derive(Clone, Copy, Debug)]
        pub struct Msghdr {
            pub msg_name: *mut c_void,
            pub msg_namelen: socklen_t,
            pub msg_iov: *mut Iovec,
            pub msg_iovlen: c_int,
            #[c = "__pad1"]
            pub pad1: c_int,
            pub msg_control: *mut c_void,
            pub msg_controllen: socklen_t,
            #[c = "__pad2"]
            pub pad2: c_int,
            pub msg_flags: c_int,
        }
        /// `struct cmsghdr`, with musl's padding after the `socklen_t` length.
        #[c = "struct cmsghdr"]
        #[derive(Clone, Copy, Debug, Default)]
        pub struct Cmsghdr {
            pub cmsg_len: socklen_t,
            #[c = "__pad1"]
            pub pad1: c_int,
            pub cmsg_level: c_int,
            pub cmsg_type: c_int,
        }
        /// `struct mmsghdr`: one message of `sendmmsg`/`recvmmsg` and its length.
        #[c = "struct mmsghdr"]
        #[derive(Clone, Copy, Debug)]
        pub struct Mmsghdr {
            pub msg_hdr: Msghdr,
            pub msg_len: c_uint,
        }
        /// `struct ucred`: the credentials of `SO_PEERCRED` and `SCM_CREDENTIALS`.
        #[c = "struct ucred"]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct Ucred {
            pub pid: c_int,
            pub uid: c_uint,
            pub gid: c_uint,
        }
    }
    "netinet/in.h" {
        /// `struct in_addr`: an IPv4 address in network byte order.
        #[c = "struct in_addr"]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct InAddr {
            pub s_addr: in_addr_t,
        }
        /// `struct in6_addr`: an IPv6 address, sixteen bytes in network order.
        #[c = "struct in6_addr"]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        #[repr(align(4))]
        pub struct In6Addr {
            #[c = "__in6_union"]
            pub s6_addr: [u8; 16],
        }
        /// `struct sockaddr_in`.
        #[c = "struct sockaddr_in"]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct SockaddrIn {
            pub sin_family: sa_family_t,
            pub sin_port: in_port_t,
            pub sin_addr: InAddr,
            pub sin_zero: [u8; 8],
        }
        /// `struct sockaddr_in6`.
        #[c = "struct sockaddr_in6"]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct SockaddrIn6 {
            pub sin6_family: sa_family_t,
            pub sin6_port: in_port_t,
            pub sin6_flowinfo: u32,
            pub sin6_addr: In6Addr,
            pub sin6_scope_id: u32,
        }
    }
    "sys/un.h" {
        /// `struct sockaddr_un`: a path (or an abstract name, after a NUL).
        #[c = "struct sockaddr_un"]
        #[derive(Clone, Copy)]
        pub struct SockaddrUn {
            pub sun_family: sa_family_t,
            pub sun_path: [c_char; 108],
        }
    }
    "net/if.h" {
        /// `struct if_nameindex`: one interface of `if_nameindex`'s array.
        #[c = "struct if_nameindex"]
        #[derive(Clone, Copy, Debug)]
        pub struct IfNameindex {
            pub if_index: c_uint,
            pub if_name: *mut c_char,
        }
    }
    "net/if.h" {
        /// `struct ifreq`: an interface's name and one value, as the `SIOCGIF*` ioctls take
        /// it (`ifr_ifru` is a union; `ifr_ifindex` is its first `int`).
        #[c = "struct ifreq"]
        #[derive(Clone, Copy, Debug, Default)]
        pub struct Ifreq {
            #[c = "ifr_ifrn"]
            pub ifr_name: [c_char; 16],
            pub ifr_ifru: [u64; 3],
        }
    }
    "netpacket/packet.h" {
        /// `struct sockaddr_ll`: a link-layer address (`AF_PACKET`).
        #[c = "struct sockaddr_ll"]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct SockaddrLl {
            pub sll_family: c_ushort,
            pub sll_protocol: c_ushort,
            pub sll_ifindex: c_int,
            pub sll_hatype: c_ushort,
            pub sll_pkttype: u8,
            pub sll_halen: u8,
            pub sll_addr: [u8; 8],
        }
    }
    "ifaddrs.h" {
        /// `struct ifaddrs`: one entry of `getifaddrs`'s list (`ifa_ifu` is the broadcast or
        /// the point-to-point peer address, as `ifa_flags` says).
        #[c = "struct ifaddrs"]
        #[derive(Clone, Copy, Debug)]
        pub struct Ifaddrs {
            pub ifa_next: *mut Ifaddrs,
            pub ifa_name: *mut c_char,
            pub ifa_flags: c_uint,
            pub ifa_addr: *mut Sockaddr,
            pub ifa_netmask: *mut Sockaddr,
            pub ifa_ifu: *mut Sockaddr,
            pub ifa_data: *mut c_void,
        }
    }
}
