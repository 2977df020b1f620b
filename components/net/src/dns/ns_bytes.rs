//! `ns_get16`, `ns_get32`, `ns_put16`, `ns_put32`: the message's big-endian integers,
//! behind the `NS_GET16` ... macros of `<arpa/nameser.h>` (and the old `GETSHORT` ...).
use core::ffi::{c_uint, c_ulong};

/// `ns_get16(src)`—The big-endian 16-bit number at `src`.
///
/// # Safety
/// `src` must be readable for 2 bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn ns_get16(src: *const u8) -> c_uint {
    // SAFETY: the caller vouches for 2 bytes at `src`, which need no alignment as an array.
    c_uint::from(u16::from_be_bytes(unsafe { src.cast::<[u8; 2]>().read() }))
}

/// `ns_get32(src)`—The big-endian 32-bit number at `src`.
///
/// # Safety
/// `src` must be readable for 4 bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn ns_get32(src: *const u8) -> c_ulong {
    // SAFETY: the caller vouches for 4 bytes at `src`, which need no alignment as an array.
    c_ulong::from(u32::from_be_bytes(unsafe { src.cast::<[u8; 4]>().read() }))
}

/// `ns_put16(value, dst)`—Stores the low 16 bits of `value` at `dst`, big-endian.
///
/// # Safety
/// `dst` must be writable for 2 bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn ns_put16(value: c_uint, dst: *mut u8) {
    // SAFETY: the caller vouches for 2 bytes at `dst`, which need no alignment as an array.
    unsafe { dst.cast::<[u8; 2]>().write((value as u16).to_be_bytes()) }
}

/// `ns_put32(value, dst)`—Stores the low 32 bits of `value` at `dst`, big-endian.
///
/// # Safety
/// `dst` must be writable for 4 bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn ns_put32(value: c_ulong, dst: *mut u8) {
    // SAFETY: the caller vouches for 4 bytes at `dst`, which need no alignment as an array.
    unsafe { dst.cast::<[u8; 4]>().write((value as u32).to_be_bytes()) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_big_endian() {
        let mut b = [0u8; 7];
        // SAFETY: every access is inside `b`, at odd offsets to show no alignment is needed.
        unsafe {
            ns_put16(0x1_abcd, b.as_mut_ptr().add(1));
            ns_put32(0x1_2345_6789, b.as_mut_ptr().add(3));
            assert_eq!(b, [0, 0xab, 0xcd, 0x23, 0x45, 0x67, 0x89]);
            assert_eq!(ns_get16(b.as_ptr().add(1)), 0xabcd);
            assert_eq!(ns_get32(b.as_ptr().add(3)), 0x2345_6789);
            assert_eq!(ns_get32(b.as_ptr().add(1)), 0xabcd_2345);
        }
    }
}
