//! The assembled C library.
//!
//! This crate holds no libc code of its own. It decides which components go in (the
//! feature table in Cargo.toml, with the profiles' choices below it), and supplies the few
//! pieces that only the final library may have: the panic handler and the unwinding
//! personality stub. `entrypoints.txt` beside it lists every C name the library exports.
#![no_std]

// Each component is linked for its exported C symbols, which nothing here names. The
// base is always in; the others by the feature of their name (Cargo.toml).
extern crate limpet_start;
extern crate limpet_syscall;
#[cfg(feature = "aio")]
extern crate limpet_aio;
#[cfg(feature = "crypt")]
extern crate limpet_crypt;
#[cfg(feature = "ctype")]
extern crate limpet_ctype;
#[cfg(feature = "diag")]
extern crate limpet_diag;
#[cfg(feature = "intl")]
extern crate limpet_intl;
#[cfg(feature = "iconv-core")]
extern crate limpet_iconv;
#[cfg(feature = "ipc")]
extern crate limpet_ipc;
#[cfg(feature = "ldso")]
extern crate limpet_ldso;
#[cfg(feature = "linux")]
extern crate limpet_linux;
#[cfg(feature = "locale")]
extern crate limpet_locale;
#[cfg(any(feature = "malloc-fast", feature = "malloc-hardened"))]
extern crate limpet_malloc;
#[cfg(feature = "math")]
extern crate limpet_math;
#[cfg(feature = "net")]
extern crate limpet_net;
#[cfg(feature = "posix")]
extern crate limpet_posix;
#[cfg(feature = "process")]
extern crate limpet_process;
#[cfg(feature = "pthread")]
extern crate limpet_pthread;
#[cfg(feature = "search")]
extern crate limpet_search;
#[cfg(feature = "setjmp")]
extern crate limpet_setjmp;
#[cfg(feature = "signal")]
extern crate limpet_signal;
#[cfg(feature = "stdio")]
extern crate limpet_stdio;
#[cfg(feature = "stdlib")]
extern crate limpet_stdlib;
#[cfg(feature = "string")]
extern crate limpet_string;
#[cfg(feature = "term")]
extern crate limpet_term;
#[cfg(feature = "time")]
extern crate limpet_time;
#[cfg(feature = "users")]
extern crate limpet_users;
#[cfg(feature = "pattern")]
extern crate limpet_pattern;

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
