//! `<fmtmsg.h>`: the classifications, severities and results of `fmtmsg`.
use core::ffi::{c_int, c_long};

crate::constants! {
    "fmtmsg.h" {
        /// Classification: write the message to standard error.
        pub const MM_PRINT: c_long = 256;
        /// Classification: write the message to the system console.
        pub const MM_CONSOLE: c_long = 512;
        /// Severity: the application halts.
        pub const MM_HALT: c_int = 1;
        /// Severity: a fault.
        pub const MM_ERROR: c_int = 2;
        /// Severity: an unusual condition.
        pub const MM_WARNING: c_int = 3;
        /// Severity: information.
        pub const MM_INFO: c_int = 4;
        /// Severity: none given.
        pub const MM_NOSEV: c_int = 0;
        /// Result: every requested message was written.
        pub const MM_OK: c_int = 0;
        /// Result: no requested message was written.
        pub const MM_NOTOK: c_int = -1;
        /// Result: the message to standard error failed.
        pub const MM_NOMSG: c_int = 1;
        /// Result: the message to the console failed.
        pub const MM_NOCON: c_int = 4;
    }
}
