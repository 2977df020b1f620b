//! `<string.h>`: the memory and string functions, and the `strerror` message table.
//!
//! Each C function lives in its own file and is a thin entry point over the word-at-a-time
//! cores in `impls` (built from the bit tricks in `word`), the way compiler-builtins'
//! `mem` module is laid out. The C symbols are exported only with the `export` feature;
//! without it every function is an ordinary Rust `unsafe extern "C" fn` that other Rust
//! code (and this crate's tests) can call by path, e.g. `limpet_string::memcpy`.
//!
//! `#![no_builtins]` is load-bearing: without it LLVM recognises the byte and word loops
//! below as `memcpy`/`memset`/`memcmp` idioms and replaces them with calls to those very
//! functions, which then call themselves.
#![no_builtins]
#![cfg_attr(not(test), no_std)]

mod impls;
mod word;

mod bcmp;
mod memchr;
mod memcmp;
mod memcpy;
mod memmove;
mod memset;
mod strcat;
mod strchr;
mod strcmp;
mod strcpy;
mod strdup;
mod strerror;
mod strlen;
mod strncmp;
mod strncpy;
mod strrchr;

#[cfg(test)]
mod testutil;

pub use bcmp::bcmp;
pub use memchr::memchr;
pub use memcmp::memcmp;
pub use memcpy::memcpy;
pub use memmove::memmove;
pub use memset::memset;
pub use strcat::strcat;
pub use strchr::strchr;
pub use strcmp::strcmp;
pub use strcpy::strcpy;
pub use strdup::strdup;
pub use strerror::{strerror, strerror_message};
pub use strlen::strlen;
pub use strncmp::strncmp;
pub use strncpy::strncpy;
pub use strrchr::strrchr;
