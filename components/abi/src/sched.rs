//! `<sched.h>`: the scheduling parameters of `sched_*`, `pthread_*sched*` and
//! `posix_spawnattr_*schedparam`.
use core::ffi::c_int;

crate::constants! {
    "sched.h" {
        /// `clone`'s flags: the child shares the caller's memory; the caller sleeps until the
        /// child execs or exits (with `_GNU_SOURCE`, as musl declares them).
        pub const CLONE_VM: c_int = 0x100;
        pub const CLONE_VFORK: c_int = 0x4000;
    }
}

crate::structs! {
    "sched.h" {
        /// `struct sched_param`: the priority, then musl's reserved words (an `int`, two
        /// `{ time_t, long }` and an `int`), which nothing reads.
        #[c = "struct sched_param"]
        #[derive(Clone, Copy, Debug, Default)]
        pub struct SchedParam {
            pub sched_priority: c_int,
            #[c = "__reserved1"]
            reserved1: c_int,
            #[c = "__reserved2"]
            reserved2: [[i64; 2]; 2],
            #[c = "__reserved3"]
            reserved3: c_int,
        }
    }
}

impl SchedParam {
    /// The parameters with priority `priority`.
    pub const fn new(priority: c_int) -> Self {
        SchedParam { sched_priority: priority, reserved1: 0, reserved2: [[0; 2]; 2], reserved3: 0 }
    }
}
