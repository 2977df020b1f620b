//! `<time.h>` and `<sys/time.h>`: clocks, POSIX timers, interval timers, calendar
//! conversion, time zones (POSIX TZ strings and TZif files), `strftime` and `strptime`,
//! all with musl's behaviour in the C locale.
//!
//! `clock_gettime` (through the vDSO) lives in `limpet-syscall`; this crate calls it.
//! Other components are reached through their C symbols (`getenv`).
#![cfg_attr(not(test), no_std)]
#![allow(non_upper_case_globals)]

pub mod abi;
pub mod asctime;
pub mod calendar;
pub mod clock;
pub mod difftime;
mod fmt;
pub mod gmtime;
pub mod itimer;
pub mod localtime;
mod names;
pub mod strftime;
pub mod strptime;
pub mod timer;
mod timer_thread;
pub mod tz;
pub mod tzfile;
pub mod tzrule;

pub(crate) use strptime::c_len;
