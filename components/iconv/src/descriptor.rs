//! The memory behind an `iconv_t`: a [`Converter`] in an allocation of its own, tagged so
//! that `iconv` and `iconv_close` can refuse `(iconv_t)-1`, a null pointer and a closed
//! descriptor with EBADF instead of using them.
use crate::converter::Converter;
use core::ffi::c_void;

/// C's `iconv_t`.
#[allow(non_camel_case_types)]
pub type iconv_t = *mut c_void;

/// What `iconv_open` returns on failure.
pub const ICONV_FAILED: iconv_t = usize::MAX as iconv_t;

/// Marks a live descriptor ("iconv, open").
pub const LIVE: u64 = 0x1c0f_0be9_0000_0001;

/// An open descriptor.
#[repr(C)]
pub struct Descriptor {
    /// [`LIVE`] while open; cleared by `iconv_close`.
    pub tag: u64,
    pub conv: Converter,
}

/// The descriptor behind `cd`, unless `cd` is plainly not one (EBADF then).
///
/// # Safety
/// `cd` is `(iconv_t)-1`, null, or a value `iconv_open` returned (open or closed; a closed
/// one's memory is freed, so only a descriptor still open is really safe to pass).
pub unsafe fn get<'a>(cd: iconv_t) -> Option<&'a mut Descriptor> {
    if cd.is_null() || cd == ICONV_FAILED || !(cd as usize).is_multiple_of(align_of::<Descriptor>())
    {
        return None;
    }
    // SAFETY: by the contract, a pointer other than those two is a descriptor from
    // iconv_open, aligned and allocated for a `Descriptor`; nothing else refers to it
    // during this call (a descriptor is not shared between threads while in use).
    let d = unsafe { &mut *(cd as *mut Descriptor) };
    (d.tag == LIVE).then_some(d)
}
