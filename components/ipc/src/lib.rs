//! Inter-process communication: System V message queues, semaphore sets and shared memory
//! (`ftok`, `msg*`, `sem*`, `shm*`), and POSIX message queues (`mq_*`).
//!
//! Each is the kernel's call of its name with musl's ABI (the structs are limpet-abi's,
//! `limpet_abi::ipc`, checked against musl's headers). The waits (`msgsnd`, `msgrcv`,
//! `mq_send`, `mq_receive` and their timed forms) are cancellation points. `mq_notify` with
//! `SIGEV_THREAD` runs the function on a thread of its own, woken through a netlink socket
//! as the kernel's `mq_notify` documents (`mq_thread`); the thread library and the allocator
//! are reached through their C symbols (`imports`).
#![cfg_attr(not(test), no_std)]

mod imports;
pub mod key;
pub mod mq;
mod mq_thread;
pub mod msg;
pub mod sem;
pub mod shm;

use core::ffi::c_int;

/// Turns a raw return into the C convention: the value as an `int`, or -1 with errno set.
fn ret_int(r: usize) -> c_int {
    limpet_syscall::ret_errno(r) as c_int
}
