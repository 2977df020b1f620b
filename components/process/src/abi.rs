//! musl's process ABI types and constants (from /usr/include/x86_64-linux-musl), checked by
//! the tests below.
use core::ffi::{c_int, c_long, c_void};

pub const PATH_MAX: usize = 4096;
pub const NAME_MAX: usize = 255;

pub const WNOHANG: c_int = 1;
pub const P_PID: c_int = 1;

pub const PRIO_PROCESS: c_int = 0;
/// Nice values run from `-NZERO` to `NZERO - 1`.
pub const NZERO: c_int = 20;

pub const RLIMIT_NOFILE: c_int = 7;
pub const RLIM_INFINITY: u64 = u64::MAX;

pub const CLOCK_REALTIME: c_int = 0;
pub const CLOCK_THREAD_CPUTIME_ID: c_int = 3;
pub const ITIMER_REAL: c_int = 0;

pub const POSIX_SPAWN_RESETIDS: c_int = 1;
pub const POSIX_SPAWN_SETPGROUP: c_int = 2;
pub const POSIX_SPAWN_SETSIGDEF: c_int = 4;
pub const POSIX_SPAWN_SETSIGMASK: c_int = 8;
pub const POSIX_SPAWN_SETSCHEDPARAM: c_int = 16;
pub const POSIX_SPAWN_SETSCHEDULER: c_int = 32;
pub const POSIX_SPAWN_USEVFORK: c_int = 64;
pub const POSIX_SPAWN_SETSID: c_int = 128;
/// Every flag `posix_spawnattr_setflags` accepts.
pub const POSIX_SPAWN_ALL: c_int = 255;

/// `struct rlimit`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rlimit {
    pub cur: u64,
    pub max: u64,
}

/// `struct timeval`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct Timeval {
    pub sec: i64,
    pub usec: c_long,
}

/// `struct itimerval`.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct Itimerval {
    pub interval: Timeval,
    pub value: Timeval,
}

/// `struct rusage`: two times, then fourteen counters (musl's 64-bit layout is the kernel's).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct Rusage {
    pub utime: Timeval,
    pub stime: Timeval,
    pub counters: [c_long; 14],
    pub _reserved: [c_long; 16],
}

/// musl's `sigset_t`: 128 bytes; the kernel uses the first 8.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SigSet {
    pub bits: [u64; 16],
}

/// `struct sched_param` (only the priority means anything).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct SchedParam {
    pub priority: c_int,
    pub _reserved1: c_int,
    pub _reserved2: [[i64; 2]; 2],
    pub _reserved3: c_int,
}

/// musl's `posix_spawnattr_t`.
#[repr(C)]
pub struct SpawnAttr {
    pub flags: c_int,
    pub pgrp: c_int,
    pub sigdefault: SigSet,
    pub sigmask: SigSet,
    pub prio: c_int,
    pub policy: c_int,
    pub _fn: *mut c_void,
    pub _pad: [u8; 56],
}

/// musl's `posix_spawn_file_actions_t`: limpet keeps its list head in `__actions`.
#[repr(C)]
pub struct FileActions {
    pub _pad0: [c_int; 2],
    pub actions: *mut c_void,
    pub _pad: [c_int; 16],
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::mem::offset_of;

    #[test]
    fn layouts_match_musl() {
        assert_eq!(size_of::<Rlimit>(), 16);
        assert_eq!(size_of::<Rusage>(), 272);
        assert_eq!(offset_of!(Rusage, counters), 32);
        assert_eq!(size_of::<Itimerval>(), 32);
        assert_eq!(size_of::<SchedParam>(), 48);
        assert_eq!(size_of::<SpawnAttr>(), 336);
        assert_eq!(offset_of!(SpawnAttr, sigdefault), 8);
        assert_eq!(offset_of!(SpawnAttr, sigmask), 136);
        assert_eq!(offset_of!(SpawnAttr, prio), 264);
        assert_eq!(offset_of!(SpawnAttr, policy), 268);
        assert_eq!(size_of::<FileActions>(), 80);
        assert_eq!(offset_of!(FileActions, actions), 8);
    }
}
