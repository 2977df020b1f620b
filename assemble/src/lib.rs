//! The assembled C library.
//!
//! This crate holds no libc code of its own. It decides which components go in (the
//! dependency list and the feature table in Cargo.toml), and supplies the few pieces that
//! only the final library may have: the panic handler and the unwinding personality stub.
#![no_std]

// Each component is linked for its exported C symbols, which nothing here names.
extern crate limpet_ctype;
extern crate limpet_ldso;
extern crate limpet_locale;
extern crate limpet_malloc;
extern crate limpet_math;
extern crate limpet_posix;
extern crate limpet_process;
extern crate limpet_pthread;
extern crate limpet_setjmp;
extern crate limpet_signal;
extern crate limpet_start;
extern crate limpet_stdio;
extern crate limpet_stdlib;
extern crate limpet_string;
extern crate limpet_syscall;
extern crate limpet_time;


/// A panic inside the C library is a limpet bug: report it on stderr and abort, since
/// unwinding into C frames is impossible.
#[panic_handler]
fn panic(_info: &core::panic::PanicInfo) -> ! {
    const MSG: &[u8] = b"limpet: internal error (Rust panic)\n";
    // SAFETY: writing a static buffer to fd 2.
    unsafe { limpet_syscall::unistd::write(2, MSG.as_ptr().cast(), MSG.len()) };
    limpet_start::abort::abort()
}

/// The precompiled `core` references the unwinding personality even with
/// `panic = "abort"`; it is never called, because nothing unwinds.
#[unsafe(no_mangle)]
pub extern "C" fn rust_eh_personality() {}
