//! musl's signal ABI: the numbers, flags and structs are limpet-abi's `signal` module
//! (checked there against musl's headers and, for the kernel's `struct sigaction`, the
//! kernel's), re-exported here for this crate's functions.
pub use limpet_abi::signal::*;

/// A signal handler as the kernel sees it: a function, `SIG_DFL` (0), `SIG_IGN` (1) or,
/// as a return value, `SIG_ERR` (-1).
pub type SigHandler = usize;
