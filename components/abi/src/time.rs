//! `<time.h>` and `<sys/time.h>`: the clocks, and the time structs the kernel and several
//! components exchange.
use core::ffi::{c_int, c_long, c_short, c_ushort};

crate::constants! {
    "time.h" {
        pub const CLOCK_REALTIME: c_int = 0;
        pub const CLOCK_MONOTONIC: c_int = 1;
        pub const CLOCK_PROCESS_CPUTIME_ID: c_int = 2;
        pub const CLOCK_THREAD_CPUTIME_ID: c_int = 3;
    }
    "sys/time.h" {
        pub const ITIMER_REAL: c_int = 0;
    }
}

crate::structs! {
    "time.h" {
        /// `struct timespec` with musl's layout on 64-bit targets.
        #[c = "struct timespec"]
        #[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
        pub struct Timespec {
            pub tv_sec: i64,
            pub tv_nsec: c_long,
        }

        /// `struct itimerspec`: a timer's period, then the time to its next expiry.
        #[c = "struct itimerspec"]
        #[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
        pub struct Itimerspec {
            pub it_interval: Timespec,
            pub it_value: Timespec,
        }
    }
    "sys/timeb.h" {
        /// `struct timeb`, `ftime`'s: seconds, milliseconds, and two time zone fields Linux
        /// leaves 0.
        #[c = "struct timeb"]
        #[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
        pub struct Timeb {
            pub time: i64,
            pub millitm: c_ushort,
            pub timezone: c_short,
            pub dstflag: c_short,
        }
    }
    "sys/time.h" {
        /// `struct timeval`.
        #[c = "struct timeval"]
        #[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
        pub struct Timeval {
            pub tv_sec: i64,
            pub tv_usec: c_long,
        }

        /// `struct itimerval`.
        #[c = "struct itimerval"]
        #[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
        pub struct Itimerval {
            pub it_interval: Timeval,
            pub it_value: Timeval,
        }
    }
}
