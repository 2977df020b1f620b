//! Users and system databases: `<pwd.h>` and `<grp.h>` over /etc/passwd and /etc/group, `<shadow.h>`
//! over /etc/shadow, and `<unistd.h>`'s login name and shells.
//!
//! - `line`: one line cut into its fields, and the rules that make a line malformed;
//! - `read`: the files read a line at a time through limpet-stdio (`getline`, so no line is
//!   too long), with cancellation held off;
//! - `pack`: a record's strings copied into the caller's buffer (the `_r` functions) or a
//!   static slot that grows (the others);
//! - `db`: the lookups and the walk through a stream, once for both databases;
//! - `pwd`, `pwent`, `grp`, `grent`: the C functions over them; `put`: `putpwent` and
//!   `putgrent`; `grouplist`: `getgrouplist` and `initgroups`.
//! - `<shadow.h>`: `spwd` (a line of /etc/shadow and its record), `shadow` (`getspnam`,
//!   `getspnam_r`, with musl's tcb files), `spent` (the walks), `spput` (`putspent`),
//!   `lckpwdf` (glibc's lock on /etc/.pwd.lock);
//! - `login`: `getlogin`, `getlogin_r` (`LOGNAME`); `shells`: `getusershell` and its
//!   family over /etc/shells;
//! - `utmp`: `<utmpx.h>` and `<utmp.h>` over glibc's files and record format; `mntent`:
//!   `<mntent.h>` over fstab-like files.
//!
//! - `nscd`: as musl does, a lookup asks nscd (over a Unix socket) for a name or id the
//!   files do not have, and `getgrouplist` merges nscd's list; `nscd_pwd`, `nscd_grp`,
//!   `nscd_initgroups` decode its replies.
#![cfg_attr(not(test), no_std)]

mod db;
pub mod grent;
pub mod grouplist;
pub mod grp;
mod imports;
pub mod lckpwdf;
pub mod login;
pub mod line;
pub mod mntent;
mod nscd;
mod nscd_grp;
mod nscd_initgroups;
mod nscd_pwd;
mod pack;
pub mod put;
pub mod pwd;
pub mod pwent;
mod read;
pub mod shadow;
pub mod shells;
pub mod spent;
pub mod spput;
pub mod spwd;
pub mod utmp;
