//! `<linux/netlink.h>` and rtnetlink (`<linux/rtnetlink.h>`, `<linux/if_link.h>`,
//! `<linux/if_addr.h>`): the kernel's routing socket, through which the interfaces and their
//! addresses are listed. Kernel facts, which musl's headers do not carry.
use core::ffi::{c_int, c_uchar, c_uint, c_ushort};

crate::constants! {
    "linux/netlink.h" {
        pub const NETLINK_ROUTE: c_int = 0;
        pub const NLMSG_ERROR: c_ushort = 2;
        pub const NLMSG_DONE: c_ushort = 3;
        pub const NLM_F_REQUEST: c_ushort = 1;
        pub const NLM_F_DUMP: c_ushort = 0x300;
    }
    "linux/rtnetlink.h" {
        pub const RTM_NEWLINK: c_ushort = 16;
        pub const RTM_GETLINK: c_ushort = 18;
        pub const RTM_NEWADDR: c_ushort = 20;
        pub const RTM_GETADDR: c_ushort = 22;
    }
    "linux/if_link.h" {
        pub const IFLA_ADDRESS: c_ushort = 1;
        pub const IFLA_BROADCAST: c_ushort = 2;
        pub const IFLA_IFNAME: c_ushort = 3;
        pub const IFLA_STATS: c_ushort = 7;
    }
    "linux/if_addr.h" {
        pub const IFA_ADDRESS: c_ushort = 1;
        pub const IFA_LOCAL: c_ushort = 2;
        pub const IFA_LABEL: c_ushort = 3;
        pub const IFA_BROADCAST: c_ushort = 4;
    }
}

crate::structs! {
    "linux/netlink.h" {
        /// `struct nlmsghdr`: every netlink message's header.
        #[c = "struct nlmsghdr"]
        #[derive(Clone, Copy, Debug, Default)]
        pub struct Nlmsghdr {
            pub nlmsg_len: u32,
            pub nlmsg_type: u16,
            pub nlmsg_flags: u16,
            pub nlmsg_seq: u32,
            pub nlmsg_pid: u32,
        }
    }
    "linux/rtnetlink.h" {
        /// `struct rtattr`: an attribute's length (header included) and type.
        #[c = "struct rtattr"]
        #[derive(Clone, Copy, Debug, Default)]
        pub struct Rtattr {
            pub rta_len: c_ushort,
            pub rta_type: c_ushort,
        }
        /// `struct ifinfomsg`: a link's record in `RTM_NEWLINK`.
        #[c = "struct ifinfomsg"]
        #[derive(Clone, Copy, Debug, Default)]
        pub struct Ifinfomsg {
            pub ifi_family: c_uchar,
            #[c = "__ifi_pad"]
            pub ifi_pad: c_uchar,
            pub ifi_type: c_ushort,
            pub ifi_index: c_int,
            pub ifi_flags: c_uint,
            pub ifi_change: c_uint,
        }
    }
    "linux/if_addr.h" {
        /// `struct ifaddrmsg`: an address's record in `RTM_NEWADDR`.
        #[c = "struct ifaddrmsg"]
        #[derive(Clone, Copy, Debug, Default)]
        pub struct Ifaddrmsg {
            pub ifa_family: u8,
            pub ifa_prefixlen: u8,
            pub ifa_flags: u8,
            pub ifa_scope: u8,
            pub ifa_index: u32,
        }
    }
}
