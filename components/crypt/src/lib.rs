//! Password hashing: `crypt`, `crypt_r` and the old DES block interface `encrypt`/`setkey`.
//!
//! - `digest`: what a hash function offers the methods, and the block buffering MD5 and
//!   SHA-2 share; `sha2`: the one SHA-2 compression; `sha256`, `sha512`, `md5`: the hash
//!   functions;
//! - `b64`: the base-64 alphabet and bit order of Unix password hashes;
//! - one module per method (added with each method);
//! - `hmac`, `pbkdf2`: HMAC and PBKDF2 over the hash functions; `salsa`: the Salsa20 core
//!   and the 64-byte block; `mix`: the BlockMix functions of scrypt and yescrypt behind one
//!   trait, with `arch/` holding the SSE2 backend; `smix`: ROMix/SMix over it; `region`:
//!   their mmap'd memory; `yescrypt`: the key derivation and its bounds; `scrypt`: RFC
//!   7914's function; `ybase64`: the encodings of `$7$` and `$y$` strings;
//!   `crypt_yescrypt` (`$y$`), `crypt_scrypt` (`$7$`): the methods.
//!
//! Every method writes its result, the whole hash string, into an `Out` (at most
//! `OUT_MAX` bytes, the size of musl's `struct crypt_data` buffer less its NUL), and fails
//! on an invalid setting; the C functions turn a failure into libxcrypt's `*0` string
//! (musl writes `*`, which a locked account's `*` in /etc/shadow would equal).
#![cfg_attr(not(test), no_std)]

mod arch;
pub mod b64;
pub mod bcrypt;
pub mod blowfish;
mod blowfish_pi;
pub mod crypt;
pub mod crypt_scrypt;
pub mod crypt_yescrypt;
pub mod des;
pub mod des_crypt;
pub mod digest;
pub mod digest_b64;
pub mod encrypt;
pub mod hmac;
pub mod md5;
pub mod md5_crypt;
pub mod mix;
mod opaque;
pub mod pbkdf2;
mod region;
pub mod salsa;
pub mod scrypt;
pub mod sha256;
mod sha2;
pub mod sha512;
pub mod sha_crypt;
mod smix;
mod ybase64;
pub mod yescrypt;
#[cfg(test)]
mod testutil;

/// The longest hash string a method may write: musl's `struct crypt_data` holds 256 bytes,
/// and the terminating NUL takes one.
pub const OUT_MAX: usize = 255;

/// A method's result being written: a hash string of at most `OUT_MAX` bytes.
pub struct Out {
    buf: [u8; OUT_MAX],
    len: usize,
}

impl Out {
    /// An empty result.
    pub const fn new() -> Self {
        Out { buf: [0; OUT_MAX], len: 0 }
    }

    /// Appends one byte; false when the result is full.
    pub fn push(&mut self, b: u8) -> bool {
        if self.len == OUT_MAX {
            return false;
        }
        self.buf[self.len] = b;
        self.len += 1;
        true
    }

    /// Appends `s`; false (and nothing appended) when it does not fit.
    pub fn extend(&mut self, s: &[u8]) -> bool {
        if s.len() > OUT_MAX - self.len {
            return false;
        }
        self.buf[self.len..self.len + s.len()].copy_from_slice(s);
        self.len += s.len();
        true
    }

    /// The result so far.
    pub fn as_bytes(&self) -> &[u8] {
        &self.buf[..self.len]
    }

    /// Forgets the result, so a failed method leaves nothing behind.
    pub fn clear(&mut self) {
        self.buf.fill(0);
        self.len = 0;
    }
}

impl Default for Out {
    fn default() -> Self {
        Self::new()
    }
}
