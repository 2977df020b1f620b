//! `<utmpx.h>` and `<utmp.h>`: the login records of /var/run/utmp and /var/log/wtmp.
//!
//! musl's functions do nothing (`getutxent` always returns null); limpet reads and writes
//! the files as glibc does, so that `who`, `w`, `last` and `login` built against musl work
//! on a Linux system whose other programs keep the files (crate README, "utmp").
//!
//! - `record`: musl's `struct utmpx` to and from the files' record (glibc's 384-byte
//!   `struct utmp`), and the matching rules of `getutxid` and `getutxline`;
//! - `sys`: the file operations and record locks, as raw system calls;
//! - `path`: the default names, and musl's names for them;
//! - `db`: the open database, its position and static record;
//! - `utmpx`: the C functions, `utmp`'s names too (musl's `struct utmp` is `struct utmpx`);
//! - `wtmp`: `updwtmp` and `updwtmpx`.
mod db;
pub mod path;
pub mod record;
mod sys;
pub mod utmpx;
pub mod wtmp;
