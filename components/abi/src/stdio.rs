//! `<stdio.h>`: what the character functions return at the end, and the `whence` values of
//! `fseek` and `lseek` (`<unistd.h>` and `<fcntl.h>` repeat them).
use core::ffi::c_int;

crate::constants! {
    "stdio.h" {
        /// What the character functions return on failure or at the end of the input.
        pub const EOF: c_int = -1;
        pub const SEEK_SET: c_int = 0;
        pub const SEEK_CUR: c_int = 1;
        pub const SEEK_END: c_int = 2;
    }
}
