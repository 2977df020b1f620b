//! `<stdio.h>`: `FILE` and the standard streams, the output functions, and the printf family.
//!
//! - [`file`]: the `FILE` type, its buffer and lock ([`lock`]), and `stdin`/`stdout`/`stderr`.
//! - `fputc`, `fputs`, `fwrite`, `fflush`: one family per file; [`flush_all`] is what `exit` calls.
//! - [`printf`]: the formatter, generic over where arguments come from and where bytes go.
//! - `vfprintf`, `vsnprintf`, `vdprintf`: the `v*` functions over a `FILE`, a buffer, a descriptor.
//! - [`va`]: the per-architecture `va_list` reader and the variadic trampolines (`printf`, ...).
//!
//! Every C function is exported only with the `export` feature; without it they are plain
//! Rust functions. The Rust entry points are [`flush_all`], [`fd_printf`], [`buf_printf`]
//! and [`printf::format`].
#![cfg_attr(not(test), no_std)]

pub mod abi;
pub mod fflush;
pub mod file;
pub mod fputc;
pub mod fputs;
pub mod fwrite;
pub mod lock;
pub mod printf;
pub mod va;
pub mod vdprintf;
pub mod vfprintf;
pub mod vsnprintf;

pub use fflush::flush_all;
pub use file::{FILE, stderr, stdin, stdout};
pub use vdprintf::fd_printf;
pub use vsnprintf::buf_printf;

#[cfg(test)]
mod testutil;
