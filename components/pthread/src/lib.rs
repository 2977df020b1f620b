//! Threads: the thread descriptor at the thread pointer, static TLS, and errno.
//!
//! This first cut serves the main thread: [`tls`] lays out every module's PT_TLS block
//! (variant II on x86_64, as musl does; the variant I
//! architectures have the thread pointer but not yet the layout) and installs the descriptor, [`errno`] gives each
//! thread its errno. Thread creation and synchronisation come with the pthread issue.
//! The thread-pointer instructions live in `arch/<arch>.rs`.
#![cfg_attr(not(test), no_std)]

pub mod arch;
pub mod descriptor;
pub mod errno;
// The static TLS layout is variant II (x86_64) only so far; variant I comes with the ports.
#[cfg(target_arch = "x86_64")]
pub mod tls;

pub use descriptor::{Pthread, current};
