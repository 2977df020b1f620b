//! Diagnostics: on the standard error stream, `__assert_fail` (what `assert` calls) and the
//! BSD `<err.h>` family (`err`, `errx`, `warn`, `warnx` and their `v` forms); to the system
//! log, `<syslog.h>` (`openlog`, `syslog`, `vsyslog`, `setlogmask`, `closelog`); to standard
//! error and the console, `<fmtmsg.h>`'s `fmtmsg` (on descriptor 2, as musl writes it).
//!
//! They write through the program's `stderr` FILE with the stdio functions listed in
//! `imports`, so the messages interleave with the program's own output to `stderr` as on
//! musl. The program name is limpet-start's `__progname`.
#![cfg_attr(not(test), no_std)]

pub mod assert;
pub mod err;
pub mod fmtmsg;
mod imports;
pub mod syslog;
