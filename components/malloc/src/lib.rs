//! The allocator: `malloc`, `free`, `calloc`, `realloc`, the aligned allocators and
//! `malloc_usable_size`, with musl's semantics, plus [`LimpetAlloc`] for Rust programs.
//!
//! Laid out in layers, as mimalloc is:
//! - `os`: the pages, from `mmap`/`munmap`/`mremap`;
//! - [`heap`]: the allocator proper, chosen by cargo feature (`malloc-hardened`, in
//!   `hardened/`, or `malloc-fast`, in `fast/`); every allocator offers the same Rust API;
//! - `api/`: the C functions, which add the C contract (errno, argument checks) on top of [`heap`];
//! - the heap's state is guarded by limpet-start's `lock::Mutex` (a `lock_api::Mutex` over
//!   its futex lock).
//! - `fault`: the one-line message and SIGABRT with which either allocator stops the
//!   process on a pointer it cannot have handed out;
//! - `front`: `alloc` and `alloc_zeroed`, built the same way on either allocator's `alloc_block`.
#![cfg_attr(not(test), no_std)]

// Two allocators would each define `malloc`; with LTO that fails to link, without it the
// linker silently keeps one. So the build must name exactly one.
#[cfg(not(any(feature = "malloc-hardened", feature = "malloc-fast")))]
compile_error!("limpet-malloc: enable exactly one allocator feature (`malloc-hardened` or `malloc-fast`)");
#[cfg(all(feature = "malloc-hardened", feature = "malloc-fast"))]
compile_error!("limpet-malloc: enable exactly one allocator feature, not both `malloc-hardened` and `malloc-fast`");

mod api;
mod fault;
mod front;
mod global_alloc;
#[cfg(test)]
mod must_abort;
#[cfg(test)]
mod testutil;
mod os;

#[cfg_attr(feature = "malloc-hardened", path = "hardened/mod.rs")]
#[cfg_attr(all(feature = "malloc-fast", not(feature = "malloc-hardened")), path = "fast/mod.rs")]
pub mod heap;

pub use api::aligned_alloc::{aligned_alloc, memalign, posix_memalign, valloc};
pub use api::calloc::calloc;
pub use api::malloc::{free, malloc};
pub use api::malloc_usable_size::malloc_usable_size;
pub use api::realloc::{realloc, reallocarray};
pub use global_alloc::LimpetAlloc;
