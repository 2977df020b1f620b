//! `ctermid`: the name of the controlling terminal.
use core::ffi::c_char;

/// The name `ctermid` gives: the controlling terminal, whichever it is.
const TTY: &core::ffi::CStr = c"/dev/tty";

/// `ctermid(s)`—The path of the process's controlling terminal, `/dev/tty`: copied into `s`
/// (at least `L_ctermid`, 20, bytes) and `s` returned, or, with `s` null, a string of the
/// library's that must not be modified.
///
/// # Safety
/// `s` must be null or writable for `L_ctermid` bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn ctermid(s: *mut c_char) -> *mut c_char {
    if s.is_null() {
        return TTY.as_ptr().cast_mut();
    }
    let bytes = TTY.to_bytes_with_nul();
    // SAFETY: the caller's buffer has room for `L_ctermid` (20) bytes, more than these 9.
    unsafe { core::ptr::copy_nonoverlapping(bytes.as_ptr().cast(), s, bytes.len()) };
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::ffi::CStr;

    #[test]
    fn names_dev_tty() {
        let mut buf = [0x55 as c_char; 20];
        unsafe {
            assert_eq!(ctermid(buf.as_mut_ptr()), buf.as_mut_ptr());
            assert_eq!(CStr::from_ptr(buf.as_ptr()), c"/dev/tty");
            assert_eq!(CStr::from_ptr(ctermid(core::ptr::null_mut())), c"/dev/tty");
        }
    }
}
