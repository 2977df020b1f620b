//! POSIX and C11 threads with their synchronisation.
//!
//! What every thread has, whether or not a program creates threads, is limpet-start's: the
//! descriptor at the thread pointer, static TLS, the thread list, the per-thread slots of
//! other components, the fork hooks and the internal futex lock. This crate creates and
//! ends threads and gives them the rest of the POSIX API:
//! - Thread lifecycle (x86_64): [`create`], [`exit`], [`join`] (also detach), [`attr`],
//!   with stacks sized by [`stack`], the mappings of ended threads kept for reuse in
//!   [`cache`]; `pthread_self` and `pthread_equal` in [`thread`]; [`atfork`]'s
//!   `pthread_atfork` handlers run as limpet-start fork hooks.
//! - Acting on a thread by its kernel id (x86_64): [`kill`], [`name`], [`sched`], and
//!   [`affinity`] (also the `sched_*affinity` calls).
//! - Synchronisation, over limpet-start's futex lock: [`mutex`] (robust ones with
//!   [`robust`]), [`cond`], [`once`], [`rwlock`], [`spin`], [`barrier`], [`sem`] and
//!   [`sem_named`], and C11 <threads.h> in [`c11`]; thread-specific data in [`key`].
//! - Cancellation (x86_64): [`cancel`] (`pthread_cancel` and its signal, over the
//!   cancellation points of `limpet_syscall::cancel`), [`cleanup`] (the cleanup handlers).
//! - [`abi`] holds the C types with musl's sizes.
#![cfg_attr(not(test), no_std)]

pub mod abi;
pub mod affinity;
pub mod arch;
pub mod atfork;
pub mod attr;
pub mod cleanup;
pub mod cond;
mod imports;
pub mod key;
pub mod mutex;
pub mod once;
pub mod sched_process;
pub mod sched_yield;
pub mod thread;
pub mod stack;
pub mod barrier;
pub mod c11;
pub mod pshared;
pub mod robust;
pub mod rwlock;
pub mod sem;
pub mod sem_named;
pub mod spin;
pub mod timeout;
// Thread creation needs the static TLS layout, which is variant II (x86_64) only so far;
// variant I comes with the ports.
#[cfg(target_arch = "x86_64")]
pub mod cache;
#[cfg(target_arch = "x86_64")]
pub mod cancel;
#[cfg(target_arch = "x86_64")]
pub mod create;
#[cfg(target_arch = "x86_64")]
pub mod exit;
#[cfg(target_arch = "x86_64")]
pub mod join;
#[cfg(target_arch = "x86_64")]
pub mod kill;
#[cfg(target_arch = "x86_64")]
pub mod name;
#[cfg(target_arch = "x86_64")]
pub mod sched;
#[cfg(target_arch = "x86_64")]
mod tid;

// The common core of threads is limpet-start's: the descriptor, static TLS, the thread list,
// the fork hooks and the internal lock. Named here as they were when they lived in this crate.
pub(crate) use limpet_start::{descriptor, futex, hooks, lock};
#[cfg(target_arch = "x86_64")]
pub(crate) use limpet_start::{list, tls};
pub use limpet_start::descriptor::{Pthread, current};
pub(crate) use limpet_start::single_threaded;
