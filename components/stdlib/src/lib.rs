//! `<stdlib.h>` beyond the allocator and start-up: number conversions (`strtol.rs`,
//! `strtod.rs`, `strtold.rs`, and their wide forms `wcstol.rs`, `wcstod.rs`, all written once
//! over the character unit of `unit.rs`), integer arithmetic (`abs.rs`, `div.rs`), sorting and searching
//! (`qsort.rs`, `bsearch.rs`), the random number generators (`rand.rs`, `random.rs`,
//! `rand48.rs`), temporary files (`mktemp.rs`), `realpath`, changing the environment
//! (`setenv.rs`: `setenv`, `unsetenv`, `putenv`, `clearenv`), and command-line parsing
//! (`getopt.rs`, `getopt_long.rs`, `getsubopt.rs`), and radix-64 numbers (`a64l.rs`).
//!
//! Elsewhere: `environ`, `getenv`, `atexit`, `exit` and `abort` are limpet-start's; the
//! allocator limpet-malloc's; `ecvt`, `fcvt` and `gcvt`, which are built on printf,
//! limpet-stdio's.
#![cfg_attr(not(test), no_std)]
#![allow(non_upper_case_globals, non_camel_case_types)]

pub mod a64l;
pub mod abs;
pub mod bsearch;
pub mod div;
pub mod getopt;
pub mod getopt_long;
pub mod getsubopt;
mod imports;
pub mod mktemp;
pub mod qsort;
pub mod random;
pub mod rand;
pub mod rand48;
pub mod realpath;
pub mod setenv;
pub mod strtod;
pub mod strtol;
#[cfg(target_arch = "x86_64")]
pub mod strtold;
#[cfg(test)]
mod testutil;
mod underflow;
mod unit;
#[cfg(test)]
mod locale_tests;
pub mod wcstod;
pub mod wcstol;

/// Significant decimal digits a conversion looks at; past them only whether some digit is
/// nonzero counts. Every halfway point between two neighbouring `long double`s (x87) has
/// fewer significant digits, so none can hide in the digits dropped.
pub(crate) const MAX_DIGITS: usize = 12_000;

/// `isspace` of the C locale, which every conversion skips leading input with.
pub(crate) fn is_space(c: u8) -> bool {
    c == b' ' || (b'\t'..=b'\r').contains(&c)
}
