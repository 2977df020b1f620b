//! `<iconv.h>`: character set conversion.
//!
//! - [`codec`]: what every charset provides (one decoder and one encoder, each over a
//!   word of state) and the list of charsets;
//! - [`cjk`]: the multibyte East Asian charsets.
#![cfg_attr(not(test), no_std)]

pub mod cjk;
pub mod codec;
