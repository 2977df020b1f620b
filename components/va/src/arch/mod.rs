//! The per-architecture `va_list` layouts, readers and trampolines, one file each.
//!
//! Plain `cfg` attributes rather than `cfg_if!`: the files define `#[macro_export]` macros,
//! which other crates reach by path, and a macro that a macro expanded cannot be.
#[cfg(target_arch = "aarch64")]
mod aarch64;
#[cfg(target_arch = "aarch64")]
pub use aarch64::*;
#[cfg(target_arch = "riscv64")]
mod riscv64;
#[cfg(target_arch = "riscv64")]
pub use riscv64::*;
#[cfg(target_arch = "x86_64")]
mod x86_64;
#[cfg(target_arch = "x86_64")]
pub use x86_64::*;

#[cfg(not(any(target_arch = "aarch64", target_arch = "riscv64", target_arch = "x86_64")))]
compile_error!("limpet-va: no va_list support for this architecture");
