//! `<iconv.h>`: character set conversion.
//!
//! - [`codec`]: what every charset provides (one decoder and one encoder, each over a
//!   word of state) and the list of charsets;
//! - [`names`]: charset names to charsets, matched as musl matches them;
//! - [`utf8`], [`utf16`], [`utf32`], [`ascii`], [`utf7`], [`single_byte`]: the core's
//!   charsets; [`cjk`]: the multibyte East Asian charsets; [`registry`]: which of them a
//!   build has;
//! - [`converter`]: one conversion (the Rust API), with [`fast`] paths for the common
//!   pairs and [`translit`] for `//TRANSLIT`;
//! - [`iconv_open`], [`iconv`], [`iconv_close`]: the C API, over [`descriptor`].
#![cfg_attr(not(test), no_std)]

pub mod ascii;
pub mod cjk;
pub mod codec;
pub mod converter;
pub mod descriptor;
pub mod fast;
pub mod iconv;
pub mod iconv_close;
pub mod iconv_open;
mod imports;
pub mod names;
pub mod registry;
pub mod single_byte;
pub mod translit;
pub mod utf16;
pub mod utf32;
#[cfg(feature = "charset-utf7")]
pub mod utf7;
pub mod utf8;

#[cfg(all(test, feature = "all-charsets"))]
mod tests;

pub use converter::{Converter, Flags, Progress, Stop};
