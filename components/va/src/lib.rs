//! C `va_list`s on stable Rust: reading them, and defining C-variadic functions.
//!
//! Stable Rust can call a C-variadic function but cannot define one. So each variadic entry
//! point (`printf`, `scanf`, `execl`, later `open`, `ioctl`, `syslog`, `err`, ...) is a naked
//! trampoline made by [`variadic!`]: it stores the argument registers in the ABI's `va_list`
//! layout and calls the matching `v*`-style Rust function with a [`VaList`], which that
//! function reads through [`VaArgs`]. The same reader serves the C `v*` functions
//! (`vprintf(fmt, ap)`), whose `va_list` comes from a C caller's `va_start`.
//!
//! One file per architecture in `arch/`, chosen with cfg:
//! - x86_64 (SysV): `va_list` is `{gp_offset, fp_offset, overflow_arg_area, reg_save_area}`;
//!   the save area is 6 integer registers × 8 bytes then 8 vector registers × 16 bytes (176
//!   bytes), and `al` holds how many vector registers the caller used.
//! - aarch64 (AAPCS64): `va_list` is `{stack, gr_top, vr_top, gr_offs, vr_offs}`, with
//!   negative offsets back from the tops of the integer and vector save areas.
//! - riscv64 (LP64D): `va_list` is a plain pointer; variadic arguments travel in the integer
//!   registers (floating-point ones too, as bits), which the trampoline stores just below the
//!   caller's stack arguments so that all of them lie in one array.
//!
//! A `long double` is moved as its bits ([`VaArgs::next_long_double`]): the x87 80-bit
//! format on x86_64 (significand in the low 64 bits, sign and exponent above), IEEE
//! binary128 on aarch64 and riscv64. What the bits mean is the caller's business.
//!
//! Named arguments of a trampoline must all be of integer class (integers and pointers),
//! which every variadic function of the C library satisfies.
#![cfg_attr(not(test), no_std)]

pub mod arch;

pub use arch::{VaArgs, VaList, VaListState};

/// How many identifiers are listed: `__count!(a, b, c)` is `3`.
#[doc(hidden)]
#[macro_export]
macro_rules! __count {
    () => { 0usize };
    ($head:ident $(, $rest:ident)*) => { 1usize + $crate::__count!($($rest),*) };
}

#[cfg(test)]
mod tests;
