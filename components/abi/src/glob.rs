//! `<glob.h>`: `glob`'s flags, its results and `glob_t`.
use core::ffi::{c_char, c_int, c_void};

crate::constants! {
    "glob.h" {
        /// Stop at the first directory that cannot be read.
        pub const GLOB_ERR: c_int = 0x01;
        /// Append a `/` to every directory found.
        pub const GLOB_MARK: c_int = 0x02;
        /// Leave the paths in the order they were found.
        pub const GLOB_NOSORT: c_int = 0x04;
        /// Leave `gl_offs` null pointers at the start of `gl_pathv`.
        pub const GLOB_DOOFFS: c_int = 0x08;
        /// With no match, give the pattern itself.
        pub const GLOB_NOCHECK: c_int = 0x10;
        /// Add to the paths of an earlier call.
        pub const GLOB_APPEND: c_int = 0x20;
        /// A backslash in the pattern is an ordinary character.
        pub const GLOB_NOESCAPE: c_int = 0x40;
        /// A leading `.` may be matched by a wildcard.
        pub const GLOB_PERIOD: c_int = 0x80;
        /// Expand a leading `~` or `~user`.
        pub const GLOB_TILDE: c_int = 0x1000;
        /// As `GLOB_TILDE`, and an unknown user is no match.
        pub const GLOB_TILDE_CHECK: c_int = 0x4000;
        /// Memory ran out.
        pub const GLOB_NOSPACE: c_int = 1;
        /// A directory could not be read and `GLOB_ERR` or the error function said to stop.
        pub const GLOB_ABORTED: c_int = 2;
        /// Nothing matched (and no `GLOB_NOCHECK`).
        pub const GLOB_NOMATCH: c_int = 3;
        /// Reserved by the header for an unimplemented `glob`; never returned.
        pub const GLOB_NOSYS: c_int = 4;
    }
}

/// `glob_t`'s reserved words after `__dummy1`.
const GLOB_DUMMY2: usize = 5;

crate::structs! {
    "glob.h" {
        /// `glob_t`: the paths found (`gl_pathv`, `gl_pathc` of them after `gl_offs` null
        /// pointers, then a null pointer), and words the C library may use.
        #[c = "glob_t"]
        pub struct Glob {
            pub gl_pathc: usize,
            pub gl_pathv: *mut *mut c_char,
            pub gl_offs: usize,
            #[c = "__dummy1"]
            pub dummy1: c_int,
            #[c = "__dummy2"]
            pub dummy2: [*mut c_void; GLOB_DUMMY2],
        }
    }
}
