//! POSIX asynchronous I/O (`<aio.h>`) on threads, as musl does it: each request gets a
//! detached thread that makes the read, write or sync system call and then reports
//! (`request`); the entry points and their LFS64 names are in `api`.
//!
//! The thread library and the allocator are reached through their C symbols (`imports`).
#![cfg_attr(not(test), no_std)]

pub mod api;
mod imports;
mod request;
