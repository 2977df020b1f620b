//! The thread descriptor (`struct pthread`) that the thread pointer points at.
//!
//! Its first words keep musl's x86_64 layout, which compiled programs rely on: the self
//! pointer at offset 0 (`fs:0`) and the stack-protector canary at 0x28, where gcc reads it.
//! The rest is limpet's own.

/// One thread's descriptor.
#[repr(C)]
pub struct Pthread {
    /// Points at this descriptor; read as `fs:0`.
    pub self_: *mut Pthread,
    /// The dynamic thread vector: `dtv[0]` is the module count, `dtv[id]` module `id`'s block.
    pub dtv: *mut usize,
    pub prev: *mut Pthread,
    pub next: *mut Pthread,
    pub sysinfo: usize,
    /// The stack-protector canary, at offset 0x28.
    pub canary: usize,
    pub tid: i32,
    pub errno_val: i32,
}

/// Offset of the canary that gcc's `-fstack-protector` code reads as `fs:0x28`.
pub const CANARY_OFFSET: usize = 0x28;

impl Pthread {
    /// A descriptor with every field zero, to be filled in by [`crate::tls`].
    pub const fn zeroed() -> Self {
        Pthread {
            self_: core::ptr::null_mut(),
            dtv: core::ptr::null_mut(),
            prev: core::ptr::null_mut(),
            next: core::ptr::null_mut(),
            sysinfo: 0,
            canary: 0,
            tid: 0,
            errno_val: 0,
        }
    }
}

/// The calling thread's descriptor.
#[inline(always)]
pub fn current() -> *mut Pthread {
    crate::arch::get_tp() as *mut Pthread
}

/// `pthread_self()`—The calling thread's handle, which is its descriptor's address.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn pthread_self() -> *mut Pthread {
    current()
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn musl_abi_offsets() {
        assert_eq!(core::mem::offset_of!(Pthread, self_), 0);
        assert_eq!(core::mem::offset_of!(Pthread, dtv), 8);
        assert_eq!(core::mem::offset_of!(Pthread, canary), CANARY_OFFSET);
    }
}
