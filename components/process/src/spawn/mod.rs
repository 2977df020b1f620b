//! `posix_spawn`, `posix_spawnp` and their file actions and attributes.
//!
//! The child is made with a plain fork ([`crate::fork::fork_only`]) and does only system
//! calls before its `execve`; if anything fails there, it writes the error number into a
//! close-on-exec pipe and exits with 127, so the parent learns of it: a successful exec
//! closes the pipe with nothing written.
pub mod actions;
pub mod attr;
pub mod run;
