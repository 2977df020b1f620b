//! `<fnmatch.h>`: `fnmatch`'s flags and results.
use core::ffi::c_int;

crate::constants! {
    "fnmatch.h" {
        /// A `/` in the string is matched only by a `/` in the pattern.
        pub const FNM_PATHNAME: c_int = 0x1;
        /// A backslash in the pattern is an ordinary character.
        pub const FNM_NOESCAPE: c_int = 0x2;
        /// A leading `.` (after a `/` too, with `FNM_PATHNAME`) is matched only by a `.`.
        pub const FNM_PERIOD: c_int = 0x4;
        /// The pattern may match a leading part of the string that a `/` ends.
        pub const FNM_LEADING_DIR: c_int = 0x8;
        /// Letters match regardless of case.
        pub const FNM_CASEFOLD: c_int = 0x10;
        /// The GNU name of `FNM_PATHNAME`.
        pub const FNM_FILE_NAME: c_int = FNM_PATHNAME;
        /// `fnmatch`'s result when the string does not match.
        pub const FNM_NOMATCH: c_int = 1;
        /// Reserved by the header for an unimplemented `fnmatch`; never returned.
        pub const FNM_NOSYS: c_int = -1;
    }
}
