//! Pattern matching and word expansion: `<fnmatch.h>`, `<glob.h>` and `<wordexp.h>`.
//!
//! - `fnmatch`: shell patterns against a string, in time bounded by the product of the
//!   pattern's and the string's lengths (no backtracking); `glob` matches each name with it;
//! - `glob`: a pattern's paths, read from the directories through limpet-posix's
//!   `opendir`/`readdir`; `~` and `~user` through `getenv` and limpet-users' lookups;
//! - `wordexp`: words expanded by `/bin/sh` (as musl does), started with limpet-process's
//!   `posix_spawn`, after a check of the words that refuses a command substitution under
//!   `WRDE_NOCMD` before any shell starts;
//! - `list`: the arrays of strings `glob` and `wordexp` hand out, and the other buffers,
//!   from the allocator.
#![cfg_attr(not(test), no_std)]

pub mod fnmatch;
pub mod glob;
mod imports;
mod list;
pub mod regex;
#[cfg(test)]
mod test_locale;
pub mod wordexp;
