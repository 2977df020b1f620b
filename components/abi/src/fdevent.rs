//! The Linux descriptors that deliver events: `<sys/epoll.h>`, `<sys/eventfd.h>`,
//! `<sys/timerfd.h>`, `<sys/signalfd.h>`, `<sys/inotify.h>` and `<sys/fanotify.h>`.
use core::ffi::{c_int, c_uint};

crate::constants! {
    "sys/epoll.h" {
        pub const EPOLL_CLOEXEC: c_int = 0o2000000;
        pub const EPOLL_CTL_ADD: c_int = 1;
        pub const EPOLL_CTL_DEL: c_int = 2;
        pub const EPOLL_CTL_MOD: c_int = 3;
        pub const EPOLLIN: u32 = 0x001;
        pub const EPOLLOUT: u32 = 0x004;
        pub const EPOLLHUP: u32 = 0x010;
        pub const EPOLLONESHOT: u32 = 1 << 30;
        pub const EPOLLET: u32 = 1 << 31;
    }
    "sys/eventfd.h" {
        pub const EFD_SEMAPHORE: c_int = 1;
        pub const EFD_CLOEXEC: c_int = 0o2000000;
        pub const EFD_NONBLOCK: c_int = 0o4000;
    }
    "sys/timerfd.h" {
        pub const TFD_CLOEXEC: c_int = 0o2000000;
        pub const TFD_NONBLOCK: c_int = 0o4000;
        pub const TFD_TIMER_ABSTIME: c_int = 1;
    }
    "sys/signalfd.h" {
        pub const SFD_CLOEXEC: c_int = 0o2000000;
        pub const SFD_NONBLOCK: c_int = 0o4000;
    }
    "sys/inotify.h" {
        pub const IN_CLOEXEC: c_int = 0o2000000;
        pub const IN_NONBLOCK: c_int = 0o4000;
        pub const IN_MODIFY: u32 = 0x002;
        pub const IN_CREATE: u32 = 0x100;
        pub const IN_DELETE: u32 = 0x200;
        pub const IN_IGNORED: u32 = 0x8000;
    }
    "sys/fanotify.h" {
        pub const FAN_CLOEXEC: c_uint = 0x01;
        pub const FAN_MARK_ADD: c_uint = 0x01;
        pub const FAN_MODIFY: u64 = 0x02;
    }
}

crate::structs! {
    "sys/epoll.h" {
        /// `struct epoll_event`: the events, then the caller's word (`epoll_data_t`, a union
        /// of a pointer, an `int`, a `uint32_t` and a `uint64_t`, here its 64 bits). Packed on
        /// x86_64, as the kernel's is there: 12 bytes.
        #[cfg(target_arch = "x86_64")]
        #[c = "struct epoll_event"]
        #[repr(packed)]
        #[derive(Clone, Copy, Default)]
        pub struct EpollEvent {
            pub events: u32,
            pub data: u64,
        }

        /// `struct epoll_event`, naturally aligned: 16 bytes.
        #[cfg(not(target_arch = "x86_64"))]
        #[c = "struct epoll_event"]
        #[derive(Clone, Copy, Default)]
        pub struct EpollEvent {
            pub events: u32,
            pub data: u64,
        }
    }
    "sys/signalfd.h" {
        /// `struct signalfd_siginfo`: what a read from a signalfd gives for each signal, 128
        /// bytes; the fields after `ssi_addr` are not named here.
        #[c = "struct signalfd_siginfo"]
        #[derive(Clone, Copy)]
        pub struct SignalfdSiginfo {
            pub ssi_signo: u32,
            pub ssi_errno: i32,
            pub ssi_code: i32,
            pub ssi_pid: u32,
            pub ssi_uid: u32,
            pub ssi_fd: i32,
            pub ssi_tid: u32,
            pub ssi_band: u32,
            pub ssi_overrun: u32,
            pub ssi_trapno: u32,
            pub ssi_status: i32,
            pub ssi_int: i32,
            pub ssi_ptr: u64,
            pub ssi_utime: u64,
            pub ssi_stime: u64,
            pub ssi_addr: u64,
            #[c = _]
            pub rest: [u64; 6],
        }
    }
    "sys/inotify.h" {
        /// `struct inotify_event`, followed in the buffer by `len` bytes of name.
        #[c = "struct inotify_event"]
        #[derive(Clone, Copy, Default)]
        pub struct InotifyEvent {
            pub wd: c_int,
            pub mask: u32,
            pub cookie: u32,
            pub len: u32,
        }
    }
}
