//! `<netdb.h>`: the records of the name services (`struct addrinfo`, `hostent`, `servent`,
//! `protoent`, `netent`), the flags of `getaddrinfo`/`getnameinfo`, their error codes, and
//! `h_errno`'s values.
use core::ffi::{c_char, c_int, c_uint, c_ulong, c_ushort, c_void};

use crate::socket::{Sockaddr, SockaddrIn, socklen_t};

crate::constants! {
    "netdb.h" {
        pub const AI_PASSIVE: c_int = 0x01;
        pub const AI_CANONNAME: c_int = 0x02;
        pub const AI_NUMERICHOST: c_int = 0x04;
        pub const AI_V4MAPPED: c_int = 0x08;
        pub const AI_ALL: c_int = 0x10;
        pub const AI_ADDRCONFIG: c_int = 0x20;
        pub const AI_NUMERICSERV: c_int = 0x400;
        pub const NI_NUMERICHOST: c_int = 0x01;
        pub const NI_NUMERICSERV: c_int = 0x02;
        pub const NI_NOFQDN: c_int = 0x04;
        pub const NI_NAMEREQD: c_int = 0x08;
        pub const NI_DGRAM: c_int = 0x10;
        pub const NI_NUMERICSCOPE: c_int = 0x100;
        pub const NI_MAXHOST: c_int = 255;
        pub const NI_MAXSERV: c_int = 32;
        pub const EAI_BADFLAGS: c_int = -1;
        pub const EAI_NONAME: c_int = -2;
        pub const EAI_AGAIN: c_int = -3;
        pub const EAI_FAIL: c_int = -4;
        pub const EAI_NODATA: c_int = -5;
        pub const EAI_FAMILY: c_int = -6;
        pub const EAI_SOCKTYPE: c_int = -7;
        pub const EAI_SERVICE: c_int = -8;
        pub const EAI_ADDRFAMILY: c_int = -9;
        pub const EAI_MEMORY: c_int = -10;
        pub const EAI_SYSTEM: c_int = -11;
        pub const EAI_OVERFLOW: c_int = -12;
        pub const HOST_NOT_FOUND: c_int = 1;
        pub const TRY_AGAIN: c_int = 2;
        pub const NO_RECOVERY: c_int = 3;
        pub const NO_DATA: c_int = 4;
    }
}

crate::structs! {
    "netdb.h" {
        /// `struct addrinfo`: one result of `getaddrinfo`, linked through `ai_next`.
        #[c = "struct addrinfo"]
        #[derive(Clone, Copy, Debug)]
        pub struct Addrinfo {
            pub ai_flags: c_int,
            pub ai_family: c_int,
            pub ai_socktype: c_int,
            pub ai_protocol: c_int,
            pub ai_addrlen: socklen_t,
            pub ai_addr: *mut Sockaddr,
            pub ai_canonname: *mut c_char,
            pub ai_next: *mut Addrinfo,
        }
        /// `struct hostent`: a host's name, aliases and addresses (null-terminated arrays).
        #[c = "struct hostent"]
        #[derive(Clone, Copy, Debug)]
        pub struct Hostent {
            pub h_name: *mut c_char,
            pub h_aliases: *mut *mut c_char,
            pub h_addrtype: c_int,
            pub h_length: c_int,
            pub h_addr_list: *mut *mut c_char,
        }
        /// `struct servent`: a service of /etc/services (`s_port` in network byte order).
        #[c = "struct servent"]
        #[derive(Clone, Copy, Debug)]
        pub struct Servent {
            pub s_name: *mut c_char,
            pub s_aliases: *mut *mut c_char,
            pub s_port: c_int,
            pub s_proto: *mut c_char,
        }
        /// `struct protoent`: a protocol of /etc/protocols.
        #[c = "struct protoent"]
        #[derive(Clone, Copy, Debug)]
        pub struct Protoent {
            pub p_name: *mut c_char,
            pub p_aliases: *mut *mut c_char,
            pub p_proto: c_int,
        }
        /// `struct netent`: a network of /etc/networks (`n_net` in host byte order).
        #[c = "struct netent"]
        #[derive(Clone, Copy, Debug)]
        pub struct Netent {
            pub n_name: *mut c_char,
            pub n_aliases: *mut *mut c_char,
            pub n_addrtype: c_int,
            pub n_net: u32,
        }
    }
    "resolv.h" {
        /// `struct __res_state` (`_res`): the resolver's state as BIND laid it out, which
        /// `res_init` fills from the configuration for programs that read it.
        #[c = "struct __res_state"]
        #[derive(Clone, Copy)]
        pub struct ResState {
            pub retrans: c_int,
            pub retry: c_int,
            pub options: c_ulong,
            pub nscount: c_int,
            pub nsaddr_list: [SockaddrIn; 3],
            pub id: c_ushort,
            pub dnsrch: [*mut c_char; 7],
            pub defdname: [c_char; 256],
            pub pfcode: c_ulong,
            /// The bit-fields `ndots:4`, `nsort:4`, `ipv6_unavail:1`, `unused:23`.
            #[c = _]
            pub bits: c_uint,
            pub sort_list: [[u32; 2]; 10],
            pub qhook: *mut c_void,
            pub rhook: *mut c_void,
            pub res_h_errno: c_int,
            #[c = "_vcsock"]
            pub vcsock: c_int,
            #[c = "_flags"]
            pub flags: c_uint,
            #[c = "_u"]
            pub u: [u64; 7],
        }
    }
}
