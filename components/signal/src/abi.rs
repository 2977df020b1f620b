//! musl's signal ABI types and constants, and the kernel's `struct k_sigaction`.
//!
//! Layouts come from /usr/include/x86_64-linux-musl/signal.h (bits/signal.h) and the
//! kernel's uapi headers; the tests below check sizes and offsets.
use core::ffi::{c_int, c_ulong, c_void};

/// The number of signals plus one, as musl's `_NSIG`.
pub const NSIG: c_int = 65;
/// The first real-time signal an application may use (32..=34 are the implementation's).
pub const SIGRTMIN: c_int = 35;
pub const SIGRTMAX: c_int = 64;
/// The bytes of a signal set the kernel reads and writes.
pub const KERNEL_SIGSET_BYTES: usize = 8;

pub const SIGHUP: c_int = 1;
pub const SIGINT: c_int = 2;
pub const SIGQUIT: c_int = 3;
pub const SIGABRT: c_int = 6;
pub const SIGKILL: c_int = 9;
pub const SIGUSR1: c_int = 10;
pub const SIGUSR2: c_int = 12;
pub const SIGALRM: c_int = 14;
pub const SIGTERM: c_int = 15;
pub const SIGCHLD: c_int = 17;
pub const SIGSTOP: c_int = 19;

pub const SIG_BLOCK: c_int = 0;
pub const SIG_UNBLOCK: c_int = 1;
pub const SIG_SETMASK: c_int = 2;

pub const SA_NOCLDSTOP: c_int = 1;
pub const SA_NOCLDWAIT: c_int = 2;
pub const SA_SIGINFO: c_int = 4;
pub const SA_ONSTACK: c_int = 0x0800_0000;
pub const SA_RESTART: c_int = 0x1000_0000;
pub const SA_NODEFER: c_int = 0x4000_0000;
pub const SA_RESETHAND: c_int = 0x8000_0000u32 as c_int;
pub const SA_RESTORER: c_int = 0x0400_0000;

pub const SS_ONSTACK: c_int = 1;
pub const SS_DISABLE: c_int = 2;
pub const MINSIGSTKSZ: usize = 2048;

/// `si_code` of a signal sent by `sigqueue`.
pub const SI_QUEUE: c_int = -1;

/// A signal handler as the kernel sees it: a function, `SIG_DFL` (0), `SIG_IGN` (1) or,
/// as a return value, `SIG_ERR` (-1).
pub type SigHandler = usize;
pub const SIG_DFL: SigHandler = 0;
pub const SIG_IGN: SigHandler = 1;
pub const SIG_ERR: SigHandler = usize::MAX;

/// musl's `sigset_t`: 128 bytes, of which the first [`KERNEL_SIGSET_BYTES`] are used.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SigSet {
    pub bits: [c_ulong; 16],
}

impl SigSet {
    pub const EMPTY: SigSet = SigSet { bits: [0; 16] };

    /// The bit of signal `sig` (1-based) in word 0.
    #[inline]
    pub const fn bit(sig: c_int) -> c_ulong {
        1 << (sig - 1)
    }
}

/// musl's `struct sigaction` on x86_64 (and every 64-bit target).
#[repr(C)]
#[derive(Clone, Copy)]
pub struct SigAction {
    /// `sa_handler` or `sa_sigaction` (a union in C).
    pub handler: SigHandler,
    pub mask: SigSet,
    pub flags: c_int,
    pub restorer: Option<unsafe extern "C" fn()>,
}

/// The kernel's `struct sigaction` for `rt_sigaction` (x86_64 and the generic ABI agree).
#[repr(C)]
#[derive(Clone, Copy, Default)]
pub struct KSigAction {
    pub handler: SigHandler,
    pub flags: c_ulong,
    pub restorer: usize,
    pub mask: c_ulong,
}

/// `union sigval`.
#[repr(C)]
#[derive(Clone, Copy)]
pub union SigVal {
    pub int: c_int,
    pub ptr: *mut c_void,
}

/// `siginfo_t`: 128 bytes. Only the fields of a queued or killed signal are named; the
/// rest of the union is padding.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct SigInfo {
    pub signo: c_int,
    pub errno: c_int,
    pub code: c_int,
    pub _pad0: c_int,
    pub pid: c_int,
    pub uid: u32,
    pub value: SigVal,
    pub _rest: [u64; 12],
}

impl SigInfo {
    pub const ZERO: SigInfo = SigInfo {
        signo: 0,
        errno: 0,
        code: 0,
        _pad0: 0,
        pid: 0,
        uid: 0,
        value: SigVal { ptr: core::ptr::null_mut() },
        _rest: [0; 12],
    };
}

/// `stack_t`.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct StackT {
    pub sp: *mut c_void,
    pub flags: c_int,
    pub size: usize,
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::mem::offset_of;

    #[test]
    fn layouts_match_musl() {
        assert_eq!(size_of::<SigSet>(), 128);
        assert_eq!(size_of::<SigAction>(), 152);
        assert_eq!(offset_of!(SigAction, mask), 8);
        assert_eq!(offset_of!(SigAction, flags), 136);
        assert_eq!(offset_of!(SigAction, restorer), 144);
        assert_eq!(size_of::<KSigAction>(), 32);
        assert_eq!(size_of::<SigInfo>(), 128);
        assert_eq!(offset_of!(SigInfo, code), 8);
        assert_eq!(offset_of!(SigInfo, pid), 16);
        assert_eq!(offset_of!(SigInfo, uid), 20);
        assert_eq!(offset_of!(SigInfo, value), 24);
        assert_eq!(size_of::<StackT>(), 24);
        assert_eq!(offset_of!(StackT, size), 16);
    }
}

/// musl's `sigjmp_buf` (= `jmp_buf`) on x86_64: the registers `setjmp` saves, then `__fl`
/// (limpet: the buffer's own address when `mask` holds a saved signal mask), then `__ss`.
#[repr(C)]
pub struct SigJmpBuf {
    pub regs: [u64; 8],
    pub mask_saved: u64,
    pub mask: SigSet,
}

#[cfg(test)]
mod jmp_tests {
    use super::*;

    #[test]
    fn sigjmp_buf_matches_musl() {
        assert_eq!(size_of::<SigJmpBuf>(), 200);
        assert_eq!(core::mem::offset_of!(SigJmpBuf, mask_saved), 64);
        assert_eq!(core::mem::offset_of!(SigJmpBuf, mask), 72);
    }
}
