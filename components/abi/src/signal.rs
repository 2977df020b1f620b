//! `<signal.h>`: the signal numbers, mask operations, action flags and the structs of
//! `sigaction`, `sigqueue` and `sigaltstack`; and the kernel's own `struct sigaction`, which
//! `rt_sigaction` takes (checked against the kernel's `asm/signal.h`).
use core::ffi::{c_int, c_ulong, c_void};

crate::constants! {
    "signal.h" {
        /// The number of signals plus one, musl's `_NSIG`.
        pub const NSIG: c_int = 65;
        /// The bytes of a signal set the kernel reads and writes: the `sigsetsize` argument of
        /// `rt_sigaction`, `rt_sigprocmask` and the rest.
        #[c = "_NSIG/8"]
        pub const KERNEL_SIGSET_BYTES: usize = NSIG as usize / 8;
        /// The first real-time signal an application may use (32..=34 are the implementation's).
        pub const SIGRTMIN: c_int = 35;
        pub const SIGRTMAX: c_int = 64;

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

        /// The `how` of `sigprocmask` and `rt_sigprocmask`.
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

        /// `sigev_notify`: a signal, nothing, a thread running a function, or a signal to one
        /// thread (Linux's).
        pub const SIGEV_SIGNAL: c_int = 0;
        pub const SIGEV_NONE: c_int = 1;
        pub const SIGEV_THREAD: c_int = 2;
        pub const SIGEV_THREAD_ID: c_int = 4;

        /// `si_code` of a signal sent by `sigqueue`.
        pub const SI_QUEUE: c_int = -1;
        /// `si_code` of a signal sent by a POSIX timer's expiry.
        pub const SI_TIMER: c_int = -2;

        /// The handlers that are not functions, as the addresses the kernel takes and
        /// `signal` returns: `SIG_DFL` (0), `SIG_IGN` (1) and `SIG_ERR` (-1).
        pub const SIG_DFL: usize = 0;
        pub const SIG_IGN: usize = 1;
        pub const SIG_ERR: usize = usize::MAX;
    }
}

crate::structs! {
    "signal.h" {
        /// `sigset_t`: 128 bytes, of which the kernel uses the first [`KERNEL_SIGSET_BYTES`].
        #[c = "sigset_t"]
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct SigSet {
            #[c = "__bits"]
            pub bits: [c_ulong; 16],
        }

        /// `struct sigevent` (64 bytes): how an asynchronous event is reported. The kernel's
        /// layout is the same up to the thread id, so the `SIGEV_SIGNAL`, `SIGEV_NONE` and
        /// `SIGEV_THREAD_ID` forms go to the kernel as they are.
        #[c = "struct sigevent"]
        #[derive(Clone, Copy, Debug)]
        pub struct Sigevent {
            /// `union sigval`, as its pointer-sized bits.
            pub sigev_value: usize,
            pub sigev_signo: c_int,
            pub sigev_notify: c_int,
            /// `sigev_notify_thread_id`, or (`SIGEV_THREAD`) the function and attribute
            /// pointers.
            #[c = "__sev_fields"]
            pub sigev_un: [u64; 6],
        }

        /// musl's `struct sigaction`, which programs pass to `sigaction`.
        #[c = "struct sigaction"]
        #[derive(Clone, Copy)]
        pub struct SigAction {
            /// `sa_handler` or `sa_sigaction` (a union in C), or `SIG_DFL` or `SIG_IGN`.
            #[c = "sa_handler"]
            pub handler: usize,
            #[c = "sa_mask"]
            pub mask: SigSet,
            #[c = "sa_flags"]
            pub flags: c_int,
            #[c = "sa_restorer"]
            pub restorer: Option<unsafe extern "C" fn()>,
        }

        /// `union sigval`.
        #[c = "union sigval"]
        #[derive(Clone, Copy)]
        pub union SigVal {
            #[c = "sival_int"]
            pub int: c_int,
            #[c = "sival_ptr"]
            pub ptr: *mut c_void,
        }

        /// `siginfo_t`: 128 bytes. Only the fields of a queued or killed signal are named; the
        /// rest of the union is padding.
        #[c = "siginfo_t"]
        #[derive(Clone, Copy)]
        pub struct SigInfo {
            #[c = "si_signo"]
            pub signo: c_int,
            #[c = "si_errno"]
            pub errno: c_int,
            #[c = "si_code"]
            pub code: c_int,
            #[c = _]
            pub _pad0: c_int,
            #[c = "si_pid"]
            pub pid: c_int,
            #[c = "si_uid"]
            pub uid: u32,
            #[c = "si_value"]
            pub value: SigVal,
            #[c = _]
            pub _rest: [u64; 12],
        }

        /// `stack_t`, the alternate signal stack.
        #[c = "stack_t"]
        #[derive(Clone, Copy)]
        pub struct StackT {
            #[c = "ss_sp"]
            pub sp: *mut c_void,
            #[c = "ss_flags"]
            pub flags: c_int,
            #[c = "ss_size"]
            pub size: usize,
        }
    }
    "asm/signal.h" {
        /// The kernel's `struct sigaction`, which `rt_sigaction` takes (musl's internal
        /// `struct k_sigaction`): the flags before the restorer, and only the
        /// [`KERNEL_SIGSET_BYTES`] of the mask the kernel reads.
        #[c = "struct sigaction"]
        #[derive(Clone, Copy, Default)]
        pub struct KSigAction {
            #[c = "sa_handler"]
            pub handler: usize,
            #[c = "sa_flags"]
            pub flags: c_ulong,
            #[c = "sa_restorer"]
            pub restorer: usize,
            #[c = "sa_mask"]
            pub mask: c_ulong,
        }
    }
}

impl SigSet {
    pub const EMPTY: SigSet = SigSet { bits: [0; 16] };

    /// The bit of signal `sig` (1-based) in word 0.
    #[inline]
    pub const fn bit(sig: c_int) -> c_ulong {
        1 << (sig - 1)
    }
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
