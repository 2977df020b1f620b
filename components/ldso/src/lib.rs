//! The dynamic linker. limpet's `libc.so` is also the program interpreter, as musl's is.
//!
//! Start-up runs in three stages, each able to use more of the library than the last:
//! 1. [`dlstart`]: `_dlstart` is the ELF entry; it applies libc.so's own relative
//!    relocations ([`relocate_self`]) touching no data.
//! 2. [`stage`]: libc.so binds its own symbolic relocations to itself, after which any Rust
//!    code may run.
//! 3. [`stage`]: the program and its `DT_NEEDED` libraries are mapped ([`map`], [`search`]),
//!    TLS is laid out, everything is relocated in dependency order ([`reloc`], with
//!    [`symbol`] lookups) and control jumps to the program's entry. Constructors run later,
//!    from `__libc_start_main`, through the hooks in [`init`].
//!
//! Loader memory comes from its own bump allocator ([`alloc`]), never from `malloc`, which
//! the program may replace.
#![cfg_attr(not(test), no_std)]

pub mod alloc;
#[cfg(target_arch = "x86_64")]
pub mod cxa;
pub mod debug;
pub mod diag;
#[cfg(target_arch = "x86_64")]
pub mod dladdr;
#[cfg(target_arch = "x86_64")]
pub mod dlerror;
#[cfg(target_arch = "x86_64")]
pub mod dlopen;
#[cfg(target_arch = "x86_64")]
pub mod dlstart;
#[cfg(target_arch = "x86_64")]
pub mod dlsym;
pub mod dso;
pub mod elf_check;
pub mod heap;
pub mod init;
#[cfg(feature = "export")]
mod initfini;
#[cfg(target_arch = "x86_64")]
pub mod iterate;
pub mod load;
pub mod lock;
pub mod map;
pub mod reloc;
pub mod relocate_self;
pub mod search;
#[cfg(target_arch = "x86_64")]
pub mod stage;
pub mod state;
pub mod symbol;
#[cfg(target_arch = "x86_64")]
pub mod thread;
#[cfg(target_arch = "x86_64")]
pub mod tls;
#[cfg(target_arch = "x86_64")]
pub mod unload;

#[cfg(test)]
mod testimage;
