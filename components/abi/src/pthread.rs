//! `<pthread.h>`: the types the thread descriptor, the thread functions and the other
//! components' threads share.
use core::ffi::{c_int, c_void};

crate::constants! {
    "pthread.h" {
        pub const PTHREAD_CREATE_JOINABLE: c_int = 0;
        pub const PTHREAD_CREATE_DETACHED: c_int = 1;
    }
}

crate::structs! {
    "pthread.h" {
        /// One cleanup handler that `pthread_cleanup_push` pushed, in the pusher's frame.
        #[c = "struct __ptcb"]
        pub struct Ptcb {
            #[c = "__f"]
            pub f: Option<unsafe extern "C" fn(*mut c_void)>,
            #[c = "__x"]
            pub x: *mut c_void,
            #[c = "__next"]
            pub next: *mut Ptcb,
        }

        /// `pthread_attr_t`: 56 bytes, 8-aligned, opaque in musl, so the fields are
        /// limpet-pthread's own. `pthread_attr_init` sets every field; all-zero is not a
        /// valid attribute object.
        #[c = "pthread_attr_t", opaque]
        #[derive(Clone, Copy)]
        pub struct PthreadAttr {
            /// Usable stack bytes (the caller's, or what `pthread_create` maps).
            pub stack_size: usize,
            pub guard_size: usize,
            /// Lowest address of a caller-supplied stack; 0 when `pthread_create` maps one.
            pub stack_low: usize,
            /// `PTHREAD_CREATE_JOINABLE` or `PTHREAD_CREATE_DETACHED`.
            pub detach_state: u32,
            /// `PTHREAD_EXPLICIT_SCHED` (1) or `PTHREAD_INHERIT_SCHED` (0), and the policy and
            /// priority an explicit one sets.
            pub explicit_sched: u32,
            pub sched_policy: i32,
            pub sched_priority: i32,
            /// The rest of musl's 56 bytes.
            reserved: [u32; 4],
        }
    }
}

impl PthreadAttr {
    /// The attributes `pthread_attr_init` starts from, with the given stack and guard sizes.
    pub const fn new(stack_size: usize, guard_size: usize) -> Self {
        PthreadAttr {
            stack_size,
            guard_size,
            stack_low: 0,
            detach_state: PTHREAD_CREATE_JOINABLE as u32,
            explicit_sched: 0,
            sched_policy: 0,
            sched_priority: 0,
            reserved: [0; 4],
        }
    }
}
