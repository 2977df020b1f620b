//! Process start-up and exit, and what every thread has: `__libc_start_main`, the init and
//! fini arrays, `atexit`, `exit`, `quick_exit`, `abort`, the stack protector's failure path,
//! `environ`, `getenv` and `secure_getenv` (limpet-stdlib has `setenv` and the rest, which
//! allocate); the thread descriptor and static TLS.
//!
//! The common core of threads lives here because every program has at least one thread,
//! whether or not it links limpet-pthread:
//! - [`descriptor`]: `struct pthread`, at the thread pointer; [`tls`] lays out every module's
//!   PT_TLS block (variant II on x86_64) and installs the main thread; [`list`] is the ring of
//!   live threads; [`slot`] holds other components' per-thread words and runs their
//!   thread-exit functions;
//! - [`hooks`]: the fork hooks and the exit hooks other components take part through;
//! - [`lock`] over [`futex`]: the internal lock of every component, free of atomic
//!   instructions while the process has one thread ([`single_threaded`]).
//!
//! A statically linked program reaches [`libc_start::__libc_start_main`] straight from its
//! `_start`, and this crate sets up the auxiliary vector, the environment and the main
//! thread. A dynamically linked one has already been set up by the loader (the ldso
//! component), which registers its constructor and destructor runners with
//! [`libc_start::set_dynamic`].
#![cfg_attr(not(test), no_std)]
#![allow(non_upper_case_globals, non_snake_case)]

use core::sync::atomic::{AtomicBool, Ordering};

pub mod abort;
pub mod descriptor;
pub mod env;
pub mod exit;
pub mod futex;
pub mod hooks;
mod imports;
pub mod libc_start;
pub mod list;
pub mod lock;
pub mod slot;
pub mod tls;

pub use descriptor::{Pthread, current};

/// Set by the first `pthread_create` ([`note_thread_created`]), never cleared.
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

/// Whether the thread pointer points at a limpet descriptor: limpet's start-up installed the
/// main thread's (then the process is single-threaded until the first `pthread_create`), and
/// every thread since was created by limpet. False in a process on another C library, where
/// [`slot`]s and the descriptor must not be used.
#[inline(always)]
pub fn limpet_threads() -> bool {
    single_threaded() || threads_started()
}

/// Records that a second thread is about to exist; `pthread_create` calls it before the
/// new thread can run.
pub fn note_thread_created() {
    THREADS_STARTED.store(true, Ordering::Relaxed);
    SINGLE_THREADED.store(false, Ordering::Relaxed);
}
