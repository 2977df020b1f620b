//! The root of a static library of limpet-string's C functions: `memcpy`, `strlen`,
//! `strstr`, `wcslen`, ... with their C names (the `export` feature). A `no_std` staticlib
//! needs a panic handler and, with the precompiled `core`, an unwinding personality symbol;
//! nothing else is added.
#![no_std]

extern crate limpet_string;

unsafe extern "C" {
    /// The C library's `abort`, from whatever libc the final program links.
    fn abort() -> !;
}

/// A panic in the string functions is a bug: stop the process.
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    // SAFETY: abort takes no arguments and never returns.
    unsafe { abort() }
}

/// Referenced by the precompiled `core` even with `panic = "abort"`, never called.
#[unsafe(no_mangle)]
pub extern "C" fn rust_eh_personality() {}
