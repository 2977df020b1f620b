//! `iconv_open`.
use crate::converter::Converter;
use crate::descriptor::{Descriptor, ICONV_FAILED, LIVE, iconv_t};
use crate::imports::{malloc, strlen};
use core::ffi::c_char;
use limpet_abi::errno::{EINVAL, ENOMEM};
use limpet_syscall::set_errno;

/// `iconv_t iconv_open(const char *tocode, const char *fromcode);`
///
/// Opens a conversion from `fromcode` to `tocode`. Names are matched as musl matches them
/// (case and punctuation are ignored, see the crate README); `tocode` may end in
/// `//TRANSLIT`, `//IGNORE`, `//NON_IDENTICAL_DISCARD` (also joined as `//TRANSLIT,IGNORE`).
/// Other suffixes are ignored, as glibc ignores them. Fails with `(iconv_t)-1` and EINVAL
/// for an unknown name or a charset left out of this build, ENOMEM when the descriptor
/// cannot be allocated (or, in the size profile, the East Asian target's reverse index,
/// built on the first open for it).
///
/// # Safety
/// Both arguments are NUL-terminated strings.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn iconv_open(tocode: *const c_char, fromcode: *const c_char) -> iconv_t {
    if tocode.is_null() || fromcode.is_null() {
        set_errno(EINVAL);
        return ICONV_FAILED;
    }
    // SAFETY: both are NUL-terminated strings (the contract); strlen bounds each slice.
    let (to, from) = unsafe {
        (
            core::slice::from_raw_parts(tocode as *const u8, strlen(tocode)),
            core::slice::from_raw_parts(fromcode as *const u8, strlen(fromcode)),
        )
    };
    let Some(conv) = Converter::open(to, from) else {
        set_errno(EINVAL);
        return ICONV_FAILED;
    };
    // In the size profile an East Asian target's reverse index is built now, on the first
    // open for it, so that running out of memory is this call's ENOMEM: an encoder can only
    // say "unrepresentable", which would turn the shortage into lost characters.
    #[cfg(feature = "size")]
    if !Converter::target_ready(to) {
        set_errno(ENOMEM);
        return ICONV_FAILED;
    }
    // SAFETY: malloc takes any size; its result is checked for null below.
    let p = unsafe { malloc(size_of::<Descriptor>()) } as *mut Descriptor;
    if p.is_null() {
        set_errno(ENOMEM);
        return ICONV_FAILED;
    }
    // SAFETY: p is a fresh allocation of a Descriptor's size, aligned for any object.
    unsafe { p.write(Descriptor { tag: LIVE, conv }) };
    p as iconv_t
}
