//! `<sys/random.h>`: the flags of `getrandom`.
use core::ffi::c_uint;

crate::constants! {
    "sys/random.h" {
        /// Fail with `EAGAIN` rather than wait for the kernel's pool to be initialised.
        pub const GRND_NONBLOCK: c_uint = 1;
    }
}
