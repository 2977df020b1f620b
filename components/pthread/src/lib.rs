//! Threads: the thread descriptor at the thread pointer, static TLS, and errno.
//!
//! This first cut serves the main thread: [`tls`] lays out every module's PT_TLS block
//! (variant II on x86_64, as musl does) and installs the descriptor, [`errno`] gives each
//! thread its errno. Thread creation and synchronisation come with the pthread issue.
//! The thread-pointer instructions live in `arch/<arch>.rs`.
#![cfg_attr(not(test), no_std)]

pub mod arch;
pub mod descriptor;
pub mod errno;
pub mod tls;

pub use descriptor::{Pthread, current};
