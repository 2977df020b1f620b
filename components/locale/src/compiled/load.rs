//! Finding, mapping and checking a compiled locale file; the [`Compiled`] locale built from
//! it once, which lives for ever (as the named map that holds it does).
use core::ffi::{CStr, c_char};

use super::format::{self, File, GROUPING, MONETARY, NUMERIC};
use super::path;
use crate::abi::Lconv;
use crate::file;
use crate::imports::malloc;

/// The largest file mapped: far above any locale's (Debian's biggest compiles to a few KiB),
/// and within the format's 32-bit offsets.
const MAX_FILE: usize = 1 << 24;

/// A compiled locale: the checked file, mapped for ever, and the `localeconv` struct built
/// from it.
pub struct Compiled {
    pub file: File<'static>,
    /// `localeconv` when both `LC_NUMERIC` and `LC_MONETARY` are this locale's.
    pub lconv: Lconv,
}

// SAFETY: nothing writes a `Compiled` once it is published; its pointers lead into a
// read-only mapping that is never unmapped.
unsafe impl Sync for Compiled {}

/// `localeconv`'s struct with the numeric members from `numeric` and the monetary ones from
/// `monetary` (each: the C locale's when `None`).
pub fn lconv(numeric: Option<&File<'static>>, monetary: Option<&File<'static>>) -> Lconv {
    let c_char_max = c_char::MAX;
    let num = |i: usize, c: &'static CStr| numeric.map_or(c, |f| f.slot(NUMERIC + i)).as_ptr();
    let mon = |i: usize| monetary.map_or(c"", |f| f.slot(MONETARY + i)).as_ptr();
    let n = monetary.map_or([c_char_max; format::NUMBERS], File::numbers);
    Lconv {
        decimal_point: num(0, c"."),
        thousands_sep: num(1, c""),
        grouping: num(GROUPING, c""),
        int_curr_symbol: mon(0),
        currency_symbol: mon(1),
        mon_decimal_point: mon(2),
        mon_thousands_sep: mon(3),
        mon_grouping: mon(4),
        positive_sign: mon(5),
        negative_sign: mon(6),
        int_frac_digits: n[0],
        frac_digits: n[1],
        p_cs_precedes: n[2],
        p_sep_by_space: n[3],
        n_cs_precedes: n[4],
        n_sep_by_space: n[5],
        p_sign_posn: n[6],
        n_sign_posn: n[7],
        int_p_cs_precedes: n[8],
        int_p_sep_by_space: n[9],
        int_n_cs_precedes: n[10],
        int_n_sep_by_space: n[11],
        int_p_sign_posn: n[12],
        int_n_sign_posn: n[13],
    }
}

/// Maps the file at `path` read-only, whole ([`file::map`]): `None` if it cannot be opened
/// or mapped, is empty or is larger than [`MAX_FILE`].
pub(crate) fn map_file(path: &CStr) -> Option<&'static [u8]> {
    let bytes = file::map(path).ok()?;
    if bytes.len() > MAX_FILE {
        unmap(bytes);
        return None;
    }
    Some(bytes)
}

/// Releases a mapping `map_file` made that was not kept.
pub(crate) fn unmap(bytes: &'static [u8]) {
    // SAFETY: the callers pass a whole mapping of `map_file` that nothing refers to.
    unsafe { file::unmap(bytes) }
}

/// The compiled locale for `name`, from the first file along the search path (see
/// [`path`]) that is a valid compiled locale; `None` when there is none (or no memory for
/// it), which leaves the name with the C locale's conventions, as in musl. Files that are
/// not valid (corrupt, truncated, another version) are passed over.
pub fn find(name: &[u8]) -> Option<&'static Compiled> {
    path::each_path(name, |p| {
        let bytes = map_file(p)?;
        let Some(file) = File::parse(bytes) else {
            unmap(bytes);
            return None;
        };
        // SAFETY: plain allocation; a null result is handled.
        let new = unsafe { malloc(size_of::<Compiled>()) }.cast::<Compiled>();
        if new.is_null() {
            unmap(bytes);
            return None;
        }
        // SAFETY: a fresh allocation of a `Compiled`'s size (malloc aligns for any type),
        // never freed.
        unsafe {
            new.write(Compiled { file, lconv: lconv(Some(&file), Some(&file)) });
            Some(&*new)
        }
    })
}
