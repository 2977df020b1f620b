//! Static TLS: each module's PT_TLS block laid out around the thread pointer, and the main
//! thread's descriptor installed.
//!
//! Variant II (x86_64): the blocks sit below the thread pointer. Module `k` lives at
//! `tp - offset_k`, where `offset_k` is the smallest value at least `offset_{k-1} + memsz_k`
//! that puts the block at the same address modulo its alignment as its image, so the
//! executable's link-time offsets (`fs:-N`) hold. The main program is always module 1 when it
//! has TLS, which is what the static linker assumed.
use core::ptr;

/// One module's TLS image: the PT_TLS segment of the program or of a loaded library.
#[repr(C)]
pub struct TlsModule {
    pub next: *mut TlsModule,
    /// Run-time address of the initialisation image.
    pub image: *const u8,
    /// Bytes of the image to copy (`p_filesz`); the rest up to `size` is zeroed.
    pub len: usize,
    /// Size of the block (`p_memsz`).
    pub size: usize,
    pub align: usize,
    /// Distance of the block below the thread pointer; set by [`add_module`].
    pub offset: usize,
    /// Module ID for `__tls_get_addr` (1-based); set by [`add_module`].
    pub id: usize,
}

impl TlsModule {
    pub const fn empty() -> Self {
        TlsModule { next: ptr::null_mut(), image: ptr::null(), len: 0, size: 0, align: 1, offset: 0, id: 0 }
    }
}

// The layout is variant II's (x86_64) only so far; variant I (aarch64, riscv64, where the
// blocks sit above the thread pointer) comes with the ports.
#[cfg(target_arch = "x86_64")]
mod variant2;
#[cfg(target_arch = "x86_64")]
pub use variant2::*;
