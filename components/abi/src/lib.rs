//! The C types, structs and constants that more than one limpet component shares, defined
//! once, each with the header musl defines it in.
//!
//! One module per C header (or tight group of headers). Every item is defined through
//! [`constants!`], [`types!`] or [`structs!`], which emit it unchanged and record it in the
//! module's table; `tests/musl_headers.rs` compiles a generated C program against musl's
//! headers and compares every value, size, alignment and field offset with those tables.
//! Values are x86_64's; where another architecture differs the item is `cfg`'d per
//! architecture (musl's headers for those come with the port).
#![no_std]

pub mod check;
mod macros;

pub mod errno;
pub mod limits;
pub mod mman;
pub mod pthread;

/// Every module's records, for the check.
pub const MODULES: &[check::Module] = &[
    check::Module { name: "errno", constants: errno::CONSTANTS, types: &[], structs: &[] },
    check::Module { name: "limits", constants: limits::CONSTANTS, types: &[], structs: &[] },
    check::Module { name: "mman", constants: mman::CONSTANTS, types: &[], structs: &[] },
    check::Module { name: "pthread", constants: &[], types: &[], structs: pthread::STRUCTS },
];
