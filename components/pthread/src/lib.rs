//! Threads: the thread descriptor at the thread pointer, static TLS, errno, and POSIX
//! threads with their synchronisation.
//!
//! - [`descriptor`]: `struct pthread`, at the thread pointer (`arch/<arch>.rs` reads and
//!   sets it, and holds the clone trampoline); [`tls`] lays out every module's PT_TLS block
//!   (variant II on x86_64, as musl does; the variant I architectures have the thread
//!   pointer but not yet the layout) and installs the main thread; [`errno`] is per thread.
//! - Thread lifecycle (x86_64): [`create`], [`exit`], [`join`] (also detach), [`attr`],
//!   with stacks sized by [`stack`], the mappings of ended threads kept for reuse in
//!   [`cache`], and the live threads kept in [`list`]. [`hooks`] lets other components run
//!   code when a thread ends and around `fork` (with [`atfork`]'s `pthread_atfork`
//!   handlers); [`threads_started`] tells them whether a second thread was ever created.
//! - Acting on a thread by its kernel id (x86_64): [`kill`], [`name`], [`sched`], and
//!   [`affinity`] (also the `sched_*affinity` calls).
//! - Synchronisation, over [`futex`] and the futex [`lock`]: [`mutex`] (robust ones with
//!   [`robust`]), [`cond`], [`once`], [`rwlock`], [`spin`], [`barrier`], [`sem`] and
//!   [`sem_named`], and C11 <threads.h> in [`c11`]; thread-specific data in [`key`].
//! - Cancellation (x86_64): [`cancel`] (`pthread_cancel` and its signal, over the
//!   cancellation points of `limpet_syscall::cancel`), [`cleanup`] (the cleanup handlers).
//! - [`abi`] holds the C types with musl's sizes.
#![cfg_attr(not(test), no_std)]

use core::sync::atomic::{AtomicBool, Ordering};

pub mod abi;
pub mod affinity;
pub mod arch;
pub mod atfork;
pub mod attr;
pub mod cleanup;
pub mod cond;
pub mod descriptor;
pub mod errno;
pub mod futex;
pub mod hooks;
pub mod key;
pub mod lock;
pub mod mutex;
pub mod once;
pub mod sched_process;
pub mod sched_yield;
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
pub mod list;
#[cfg(target_arch = "x86_64")]
pub mod name;
#[cfg(target_arch = "x86_64")]
pub mod sched;
#[cfg(target_arch = "x86_64")]
mod tid;
#[cfg(target_arch = "x86_64")]
pub mod tls;

pub use descriptor::{Pthread, current};

/// Set by the first `pthread_create`, never cleared.
static THREADS_STARTED: AtomicBool = AtomicBool::new(false);

/// True from limpet's own start-up (which knows the process has one thread) until the
/// first `pthread_create`. It stays false in a process limpet did not start (a Rust test
/// binary on the host libc, whose threads limpet cannot see).
static SINGLE_THREADED: AtomicBool = AtomicBool::new(false);

/// Whether the process certainly has one thread: limpet started it and no thread has been
/// created since. Locks private to the process may then skip their atomic instructions
/// (see [`lock`]), as musl's malloc and stdio skip locking.
#[inline(always)]
pub fn single_threaded() -> bool {
    SINGLE_THREADED.load(Ordering::Relaxed)
}

/// Whether a thread other than the main one has ever been created. Until then the process
/// is single-threaded, and other components may skip locking on their fast paths; once
/// true it stays true (a process does not become single-threaded again as far as callers
/// can tell, since a thread may be created at any moment after).
pub fn threads_started() -> bool {
    THREADS_STARTED.load(Ordering::Relaxed)
}
