//! The /etc databases: hosts, services, protocols, networks and ethers.
//!
//! Every file is read the same way: [`lines::Lines`] reads it through `open`/`read` into a
//! fixed buffer (no allocation; a line too long for it is skipped whole), [`fields`] cuts
//! a line at its `#` comment (or a NUL) and splits it at white space, and each database's
//! module parses its lines into a record that borrows the line. The C functions copy a
//! record into a `struct servent`-like result with `pack::Packer`: into the caller's
//! buffer for the `_r` functions, into a static `pack::Slot` for the others.
//!
//! Each database keeps its state (the `get*ent` stream, a `pack::Ent`, and the static
//! results) behind one lock. The lookups (`getservbyname`, ...) read the file on their own
//! and never move the `get*ent` stream; each non-`_r` function has a static result of its
//! own, so a `getservbyport` does not overwrite what `getservbyname` returned. The
//! `stayopen` flag of `set*ent` is accepted and has no further effect: the stream stays
//! open until `end*ent` either way, and lookups do not use it.
//!
//! The neighbours: `crate::lookup` builds `getaddrinfo` and `gethostbyname` over
//! [`hosts::for_each`], `getaddrinfo` finds service names with [`services::port_by_name`],
//! and `getnameinfo` with [`services::name_by_port`]; `crate::addr` reads the addresses.
pub mod ethers;
pub mod fields;
pub mod hosts;
pub mod lines;
pub mod networks;
pub(crate) mod pack;
pub mod protocols;
pub mod services;

use core::ffi::c_int;

use limpet_syscall::errno::{EACCES, ENOENT, ENOTDIR};

/// The `_r` result for a database that could not be opened: ENOENT ("no such entry") when
/// the file is missing or unreadable, as for a file without the entry; any other failure
/// (EMFILE, ENOMEM, ...) as it is, since retrying may help.
fn open_error(e: c_int) -> c_int {
    if matches!(e, ENOENT | ENOTDIR | EACCES) { ENOENT } else { e }
}

#[cfg(test)]
mod testfile {
    //! Temporary database files for the tests.
    use std::ffi::CString;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// A file under the temporary directory, removed when dropped.
    pub struct TempFile {
        pub path: CString,
    }

    impl TempFile {
        pub fn new(contents: &[u8]) -> TempFile {
            static N: AtomicUsize = AtomicUsize::new(0);
            let name = format!("limpet-db-{}-{}", std::process::id(), N.fetch_add(1, Ordering::Relaxed));
            let path = std::env::temp_dir().join(name);
            std::fs::write(&path, contents).unwrap();
            TempFile { path: CString::new(path.to_str().unwrap()).unwrap() }
        }

    }

    impl Drop for TempFile {
        fn drop(&mut self) {
            let _ = std::fs::remove_file(self.path.to_str().unwrap());
        }
    }
}
