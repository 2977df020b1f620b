//! Reading C `va_list`s, and the variadic entry points (`printf`, `snprintf`, `scanf`, ...).
//!
//! Stable Rust cannot define a C-variadic function, so each one is a naked trampoline that
//! stores the argument registers in the ABI's `va_list` layout and calls the matching `v*`
//! function, which reads the arguments through [`VaArgs`]. Only x86_64 is done so far;
//! on other architectures neither the `v*` C functions nor the trampolines are built, while
//! the Rust API of the crate is.
#[cfg(target_arch = "x86_64")]
mod x86_64;

#[cfg(target_arch = "x86_64")]
pub use x86_64::{
    VaArgs, VaList, VaListX86, __isoc99_fscanf, asprintf, __isoc99_scanf, __isoc99_sscanf, dprintf, fprintf, fscanf, printf,
    scanf, snprintf, sprintf, sscanf,
};
#[cfg(target_arch = "x86_64")]
pub use x86_64::{fwprintf, swprintf, wprintf};
pub use x86_64::{__isoc99_fwscanf, __isoc99_swscanf, __isoc99_wscanf, fwscanf, swscanf, wscanf};
