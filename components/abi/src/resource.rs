//! `<sys/resource.h>`: resource limits and scheduling priorities.
use core::ffi::c_int;

crate::types! {
    "sys/resource.h" {
        pub type rlim_t = u64;
    }
}

crate::constants! {
    "sys/resource.h" {
        pub const RLIMIT_FSIZE: c_int = 1;
        pub const RLIMIT_STACK: c_int = 3;
        pub const RLIMIT_NPROC: c_int = 6;
        pub const RLIMIT_NOFILE: c_int = 7;
        /// A limit that is not one.
        pub const RLIM_INFINITY: rlim_t = rlim_t::MAX;
        /// `setpriority`'s `which` for one process.
        pub const PRIO_PROCESS: c_int = 0;
    }
}

crate::structs! {
    "sys/resource.h" {
        /// `struct rlimit`: the soft limit, then the hard one.
        #[c = "struct rlimit"]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct Rlimit {
            pub rlim_cur: rlim_t,
            pub rlim_max: rlim_t,
        }
    }
}
