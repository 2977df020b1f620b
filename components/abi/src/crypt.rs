//! `<crypt.h>`: `struct crypt_data`, the state `crypt_r` writes its result into.
//!
//! Debian's musl-dev does not install musl's `<crypt.h>` (only `<unistd.h>`'s `crypt`), so
//! no header check covers this struct: its layout is musl 1.2's ABI, an `int` and a
//! 256-byte buffer, which programs built against musl's own header allocate.
use core::ffi::{c_char, c_int};

/// Bytes of `struct crypt_data`'s buffer, the hash string and its NUL.
pub const CRYPT_DATA_BUF: usize = 256;

/// `struct crypt_data`: `initialized` is the caller's (musl ignores it, as limpet does);
/// `crypt_r` writes its result into `buf` and returns a pointer to it.
#[repr(C)]
pub struct CryptData {
    pub initialized: c_int,
    pub buf: [c_char; CRYPT_DATA_BUF],
}

/// musl's struct is 260 bytes, the buffer at offset 4.
const _: () = assert!(core::mem::size_of::<CryptData>() == 260);
const _: () = assert!(core::mem::offset_of!(CryptData, buf) == 4);
