//! `<limits.h>`: the implementation limits more than one component sizes things by.
use core::ffi::c_int;

crate::constants! {
    "limits.h" {
        /// Thread-specific data keys per process.
        pub const PTHREAD_KEYS_MAX: usize = 128;
        /// Rounds of key destructors at thread exit.
        pub const PTHREAD_DESTRUCTOR_ITERATIONS: usize = 4;
        /// The smallest stack `pthread_attr_setstacksize` accepts.
        pub const PTHREAD_STACK_MIN: usize = 2048;
        /// The longest path, with its NUL, a path buffer holds.
        pub const PATH_MAX: usize = 4096;
        /// The longest file name, without its NUL.
        pub const NAME_MAX: usize = 255;
        /// The largest `int`: what printf's result, and the offsets of a directory stream,
        /// must fit in.
        pub const INT_MAX: c_int = c_int::MAX;
        /// The page size on x86_64, and the smallest on every target limpet builds for (musl
        /// defines `PAGESIZE` only where it is fixed): the unit no access can fault inside of.
        pub const PAGESIZE: usize = 4096;
        /// The longest multibyte character in any locale.
        pub const MB_LEN_MAX: usize = 4;
        /// The largest count a regular expression's interval `{m,n}` takes.
        pub const RE_DUP_MAX: u16 = 255;
    }
}
