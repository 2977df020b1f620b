//! `<poll.h>` and `<sys/select.h>`: the descriptor sets of `poll` and `select`.
use core::ffi::{c_int, c_short, c_ulong};

crate::types! {
    "poll.h" {
        pub type nfds_t = c_ulong;
    }
}

crate::constants! {
    "poll.h" {
        pub const POLLIN: c_short = 0x001;
        pub const POLLPRI: c_short = 0x002;
        pub const POLLOUT: c_short = 0x004;
        pub const POLLERR: c_short = 0x008;
        pub const POLLHUP: c_short = 0x010;
        pub const POLLNVAL: c_short = 0x020;
        pub const POLLRDNORM: c_short = 0x040;
        pub const POLLWRNORM: c_short = 0x100;
        pub const POLLRDHUP: c_short = 0x2000;
    }
    "sys/select.h" {
        /// The descriptors an `fd_set` holds: 0 to 1023.
        pub const FD_SETSIZE: c_int = 1024;
    }
}

crate::structs! {
    "poll.h" {
        /// `struct pollfd`: a descriptor, the events asked for, the events that happened.
        #[c = "struct pollfd"]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct PollFd {
            pub fd: c_int,
            pub events: c_short,
            pub revents: c_short,
        }
    }
    "sys/select.h" {
        /// `fd_set`: one bit per descriptor below `FD_SETSIZE`.
        #[c = "fd_set"]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct FdSet {
            pub fds_bits: [c_ulong; 16],
        }
    }
}
