//! Files and directories: the `<unistd.h>`, `<fcntl.h>`, `<sys/stat.h>`, `<dirent.h>` and
//! `<ftw.h>` functions that are not plain I/O.
//!
//! The first wrappers (`read`, `write`, `open`, `openat`, `close`, `lseek`, `fstat`, `fstatat`,
//! `stat`) live in `limpet-syscall`; this crate builds the rest on its raw syscalls. Where Linux
//! has both a plain and an `*at` system call, the `*at` one is used: aarch64 and riscv64 have
//! only those. ABI constants and structs are in [`abi`]; each family of functions has its own file.
//! The environment (`getenv`) is limpet-start's, reached by Rust path; the services of other
//! components (`malloc`, `qsort`, `strcoll`, ...) are reached through their C symbols, all
//! listed in `imports`, so this crate builds alone and a program's own definitions interpose.
#![cfg_attr(not(test), no_std)]

pub mod abi;
mod imports;
mod procfd;
#[cfg(test)]
mod testutil;

pub mod access;
pub mod advise;
pub mod chmod;
pub mod chown;
pub mod confstr;
pub mod creat;
pub mod cwd;
pub mod dir;
pub mod dup;
pub mod fallocate;
pub mod fcntl;
pub mod flock;
pub mod ioctl;
pub mod lfs64;
pub mod link;
pub mod lockf;
pub mod mkdir;
pub mod mknod;
pub mod mman;
pub mod nftw;
pub mod pathconf;
pub mod pipe;
pub mod poll;
pub mod rename;
pub mod rw;
pub mod scandir;
pub mod select;
pub mod shm;
pub mod sendfile;
pub mod stat;
pub mod statfs;
pub mod symlink;
pub mod sync;
pub mod sysconf;
pub mod sysinfo;
pub mod truncate;
pub mod tty;
pub mod uname;
pub mod utime;
pub mod xattr;
pub mod xstat;

use core::ffi::c_int;

/// Turns a raw syscall return that carries an `int` into the C convention.
#[inline]
fn ret_int(r: usize) -> c_int {
    limpet_syscall::ret_errno(r) as c_int
}
