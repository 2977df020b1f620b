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
    "sys/timex.h" {
        /// `adjtime`'s gradual adjustment (the old BSD one) by `offset` microseconds.
        pub const ADJ_OFFSET_SINGLESHOT: core::ffi::c_uint = 0x8001;
        /// Reads what is left of it.
        pub const ADJ_OFFSET_SS_READ: core::ffi::c_uint = 0xa001;
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
    "sys/timex.h" {
        /// `struct timex`: the kernel clock's tuning, which `adjtimex` and `clock_adjtime`
        /// read and set (`modes` says what to set).
        #[c = "struct timex"]
        #[derive(Clone, Copy, Default)]
        pub struct Timex {
            pub modes: core::ffi::c_uint,
            pub offset: c_long,
            pub freq: c_long,
            pub maxerror: c_long,
            pub esterror: c_long,
            pub status: c_int,
            pub constant: c_long,
            pub precision: c_long,
            pub tolerance: c_long,
            pub time: Timeval,
            pub tick: c_long,
            pub ppsfreq: c_long,
            pub jitter: c_long,
            pub shift: c_int,
            pub stabil: c_long,
            pub jitcnt: c_long,
            pub calcnt: c_long,
            pub errcnt: c_long,
            pub stbcnt: c_long,
            pub tai: c_int,
            #[c = "__padding"]
            pub padding: [c_int; 11],
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

