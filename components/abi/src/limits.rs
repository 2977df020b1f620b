//! `<limits.h>`: the implementation limits more than one component sizes things by.

crate::constants! {
    "limits.h" {
        /// Thread-specific data keys per process.
        pub const PTHREAD_KEYS_MAX: usize = 128;
        /// Rounds of key destructors at thread exit.
        pub const PTHREAD_DESTRUCTOR_ITERATIONS: usize = 4;
        /// The smallest stack `pthread_attr_setstacksize` accepts.
        pub const PTHREAD_STACK_MIN: usize = 2048;
    }
}
