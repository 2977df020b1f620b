//! The Linux-specific interfaces that have no POSIX counterpart: descriptors that deliver
//! events (`epoll`, `eventfd`, `timerfd`, `signalfd`, `inotify`, `fanotify`), random bytes
//! (`getrandom`, `getentropy`), process and thread controls (`prctl`, `ptrace`, `unshare`,
//! `setns`, capabilities, ...), system administration (`mount`, `swapon`, `reboot`, modules,
//! clock tuning, ...) and zero-copy pipes (`splice`, `tee`, `vmsplice`).
//!
//! Each function is one system call, or two, with musl's ABI and its choices: the waits
//! (`epoll_wait`, `epoll_pwait`, and `eventfd_read` through `read`) are cancellation points,
//! and only the calls every architecture has are made (`epoll_create1`, `epoll_pwait`,
//! `eventfd2`, `signalfd4`, `inotify_init1`), so the code is the same on x86_64, aarch64 and
//! riscv64. The structs and flags are limpet-abi's (`limpet_abi::fdevent`).
#![cfg_attr(not(test), no_std)]

pub mod admin;
pub mod epoll;
pub mod eventfd;
pub mod fanotify;
pub mod inotify;
pub mod process;
pub mod random;
pub mod signalfd;
pub mod splice;
pub mod timerfd;

use core::ffi::c_int;

/// Turns a raw return into the C convention: the value as an `int`, or -1 with errno set.
fn ret_int(r: usize) -> c_int {
    limpet_syscall::ret_errno(r) as c_int
}
