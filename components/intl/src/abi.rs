//! The C constants of `<nl_types.h>` this crate uses, with the values of musl's headers
//! (the C programs in tests/c, built against those headers, pass them in).
use core::ffi::{c_int, c_void};

/// `catopen`'s flag: name the catalog's locale by `LC_MESSAGES` rather than `LANG`.
pub const NL_CAT_LOCALE: c_int = 1;

/// C's `nl_catd`: an opaque handle.
#[allow(non_camel_case_types)]
pub type nl_catd = *mut c_void;

/// `(nl_catd)-1`, what a failed `catopen` returns.
pub const CATD_ERROR: nl_catd = usize::MAX as nl_catd;
