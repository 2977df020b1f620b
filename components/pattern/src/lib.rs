//! Pattern matching: `<fnmatch.h>`.
//!
//! - `fnmatch`: shell patterns against a string, in time bounded by the product of the
//!   pattern's and the string's lengths (no backtracking).
#![cfg_attr(not(test), no_std)]

pub mod fnmatch;
mod imports;
