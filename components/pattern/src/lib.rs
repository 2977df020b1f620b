//! Pattern matching: `<fnmatch.h>` and `<glob.h>`.
//!
//! - `fnmatch`: shell patterns against a string, in time bounded by the product of the
//!   pattern's and the string's lengths (no backtracking); `glob` matches each name with it;
//! - `glob`: a pattern's paths, read from the directories through limpet-posix's
//!   `opendir`/`readdir`; `~` and `~user` through `getenv` and limpet-users' lookups;
//! - `list`: the arrays of strings `glob` hands out, grown with the allocator.
#![cfg_attr(not(test), no_std)]

pub mod fnmatch;
pub mod glob;
mod imports;
mod list;
