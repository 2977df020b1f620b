//! musl's process ABI types and constants. The ones other components share are
//! limpet-abi's (re-exported here, checked against musl's headers there); the rest are
//! this component's own, checked by the tests below.
use core::ffi::{c_int, c_long};

pub use limpet_abi::limits::{NAME_MAX, PATH_MAX};
pub use limpet_abi::resource::{PRIO_PROCESS, RLIM_INFINITY, RLIMIT_NOFILE, Rlimit};
pub use limpet_abi::sched::SchedParam;
pub use limpet_abi::signal::SigSet;
pub use limpet_abi::spawn::{
    FileActions, POSIX_SPAWN_RESETIDS, POSIX_SPAWN_SETPGROUP, POSIX_SPAWN_SETSCHEDPARAM, POSIX_SPAWN_SETSCHEDULER,
    POSIX_SPAWN_SETSID, POSIX_SPAWN_SETSIGDEF, POSIX_SPAWN_SETSIGMASK, POSIX_SPAWN_USEVFORK, SpawnAttr,
};
pub use limpet_abi::time::{CLOCK_REALTIME, CLOCK_THREAD_CPUTIME_ID, ITIMER_REAL, Itimerval, Timeval};

pub const WNOHANG: c_int = 1;
pub const P_PID: c_int = 1;

/// Nice values run from `-NZERO` to `NZERO - 1`.
pub const NZERO: c_int = 20;

/// Every flag `posix_spawnattr_setflags` accepts.
pub const POSIX_SPAWN_ALL: c_int = 255;

/// `struct rusage`: two times, then fourteen counters (musl's 64-bit layout is the kernel's).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct Rusage {
    pub utime: Timeval,
    pub stime: Timeval,
    pub counters: [c_long; 14],
    pub _reserved: [c_long; 16],
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::mem::offset_of;

    #[test]
    fn layouts_match_musl() {
        assert_eq!(size_of::<Rusage>(), 272);
        assert_eq!(offset_of!(Rusage, counters), 32);
    }
}
