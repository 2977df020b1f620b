//! The ABI structs and constants of `<time.h>`, `<sys/time.h>`, `<sys/times.h>` and
//! `<signal.h>`'s `struct sigevent`, with musl's 64-bit layouts.
use core::ffi::{c_char, c_int, c_long};

pub use limpet_abi::signal::{SIGEV_NONE, SIGEV_SIGNAL, SIGEV_THREAD, SIGEV_THREAD_ID, Sigevent};
pub use limpet_abi::time::{CLOCK_PROCESS_CPUTIME_ID, CLOCK_REALTIME, Itimerspec, Itimerval, Timespec, Timeval};

/// `struct tm`, with musl's `__tm_gmtoff` and `__tm_zone` tail.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tm {
    pub tm_sec: c_int,
    pub tm_min: c_int,
    pub tm_hour: c_int,
    pub tm_mday: c_int,
    pub tm_mon: c_int,
    pub tm_year: c_int,
    pub tm_wday: c_int,
    pub tm_yday: c_int,
    pub tm_isdst: c_int,
    pub tm_gmtoff: c_long,
    pub tm_zone: *const c_char,
}

impl Tm {
    pub const ZERO: Tm = Tm {
        tm_sec: 0,
        tm_min: 0,
        tm_hour: 0,
        tm_mday: 0,
        tm_mon: 0,
        tm_year: 0,
        tm_wday: 0,
        tm_yday: 0,
        tm_isdst: 0,
        tm_gmtoff: 0,
        tm_zone: core::ptr::null(),
    };
}

/// `struct tms`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tms {
    pub tms_utime: c_long,
    pub tms_stime: c_long,
    pub tms_cutime: c_long,
    pub tms_cstime: c_long,
}

/// `timer_t`: for the signal-based timers musl (and limpet) stores the kernel's id.
pub type TimerT = *mut core::ffi::c_void;

#[cfg(test)]
mod tests {
    use super::*;
    use core::mem::{offset_of, size_of};

    #[test]
    fn layouts_match_musl() {
        assert_eq!(size_of::<Tm>(), 56);
        assert_eq!(offset_of!(Tm, tm_gmtoff), 40);
        assert_eq!(offset_of!(Tm, tm_zone), 48);
        assert_eq!(size_of::<Tms>(), 32);
    }
}
