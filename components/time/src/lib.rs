//! `<time.h>` and `<sys/time.h>`: clocks, POSIX timers, interval timers, calendar
//! conversion, time zones (POSIX TZ strings and TZif files), `strftime` and `wcsftime`,
//! `strptime` and `getdate` (over `strptime`), all with musl's behaviour in the C locale.
//!
//! `clock_gettime` (through the vDSO) lives in `limpet-syscall`; this crate calls it.
//! The environment (`getenv`) is limpet-start's, reached by Rust path, and so are
//! limpet-stdlib's `strtoul`/`wcstoul` (strftime's widths) and limpet-locale's decoder
//! (wcsftime's output); the other components this crate uses (the allocator,
//! `pthread_create`) through their C symbols, listed in `imports`.
#![cfg_attr(not(test), no_std)]
#![allow(non_upper_case_globals)]

pub mod abi;
pub mod asctime;
pub mod calendar;
pub mod clock;
pub mod difftime;
mod fmt;
pub mod getdate;
pub mod gmtime;
mod imports;
pub mod itimer;
pub mod localtime;
mod names;
#[cfg(test)]
mod locale_tests;
pub mod strftime;
pub mod strptime;
pub mod timer;
mod timer_thread;
pub mod tz;
pub mod tzfile;
pub mod tzrule;
pub mod wcsftime;

pub(crate) use strptime::c_len;
