//! The scanf core: one scanner for every scanf-family function.
//!
//! It is generic over where the input comes from ([`Input`]: a `FILE`, a string, or any
//! Rust type, and later the wide functions' wide-character sources) and where the pointers
//! to store through come from ([`PtrSource`]: a C `va_list`, see `crate::variadic`, or a
//! [`PtrList`] built in Rust).
//!
//! The results are musl's, which differ from glibc's in several places (see the README):
//! - A field is read one unit at a time and at most one unit is ever given back, so a
//!   conversion that fails part way (`1e+` before a letter, `0x` before a non-digit,
//!   `infi`, `nan(x`) fails the call as a matching failure with what it read consumed.
//! - An input failure (end of input or a read error where a field or literal starts)
//!   returns EOF unless an assignment was made before it; suppressed (`%*`) conversions do
//!   not count. A format error (unknown conversion, `%[` without `]`) also returns EOF
//!   unless an assignment was made.
//! - Integers follow `strtoull`'s syntax; a value past 64 bits becomes `ULLONG_MAX`
//!   (whatever its sign), and the value is stored truncated to the argument's size.
//! - `%N$` takes one digit only and counts from the arguments not yet taken in order.
//!
//! The units are `u32`s so that a wide source fits the same trait. The wide functions
//! have their own directive loop (`wide`, [`wscan`]: wide format, wide sets, multibyte
//! storing), which reads its numeric fields with the same number readers over a
//! [`WideInput`]'s byte view, as musl's `vfwscanf` calls its narrow `fscanf` for them.
//!
//! `reader` holds the field counter (musl's width limit and one-unit pushback), `int` and
//! `float` the number readers, `set` the `%[` sets, `run` the directive loop, `entry`
//! the C functions and the byte sources over strings and `FILE`s.
use core::ffi::c_void;

mod entry;
mod float;
mod int;
mod reader;
mod run;
mod set;
mod wide;

pub use entry::{StrInput, __isoc99_vfscanf, __isoc99_vscanf, __isoc99_vsscanf, stream_scan, vfscanf, vscanf, vsscanf};
pub use run::scan;
pub use wide::{WideInput, WideStrInput, wscan};
pub(crate) use entry::StreamInput;

/// Where scanf reads from: units (bytes for the narrow functions) with one unit of pushback.
pub trait Input {
    /// The next unit, or None at the end of the input or after a read error.
    fn get(&mut self) -> Option<u32>;
    /// Gives back `c`, which the last [`Input::get`] returned, for the next one to return again.
    /// The scanner calls it at most once after each `get`.
    fn unget(&mut self, c: u32);
}

/// Where the pointers of the assigning conversions come from.
pub trait PtrSource {
    /// The next argument in order, as `va_arg(ap, void *)` takes it.
    fn next_ptr(&mut self) -> *mut c_void;
    /// Argument `n` (1-based; 0 counts as 1) among those not yet taken in order, without
    /// taking any: `%n$`, which musl reads from a copy of the `va_list` as it stands.
    fn nth_ptr(&self, n: usize) -> *mut c_void;
}

/// A [`PtrSource`] over a slice of pointers, for calling the scanner from Rust. Past the
/// end it yields null, which makes a conversion behave as if suppressed.
pub struct PtrList<'a> {
    ptrs: &'a [*mut c_void],
    next: usize,
}

impl<'a> PtrList<'a> {
    pub fn new(ptrs: &'a [*mut c_void]) -> Self {
        PtrList { ptrs, next: 0 }
    }
}

impl PtrSource for PtrList<'_> {
    fn next_ptr(&mut self) -> *mut c_void {
        let p = self.ptrs.get(self.next).copied().unwrap_or(core::ptr::null_mut());
        self.next += 1;
        p
    }

    fn nth_ptr(&self, n: usize) -> *mut c_void {
        self.ptrs.get(self.next + n.max(1) - 1).copied().unwrap_or(core::ptr::null_mut())
    }
}

/// `isspace` of the C locale, which is what every scanf white-space rule uses.
pub(crate) fn is_space(c: u32) -> bool {
    c == u32::from(b' ') || (u32::from(b'\t')..=u32::from(b'\r')).contains(&c)
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod wide_tests;
