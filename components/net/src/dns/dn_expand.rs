//! `dn_expand`, `dn_skipname`: a name in a message as text, and the bytes it takes there.
use core::ffi::{c_char, c_int};

use super::{name, span};

/// `dn_expand(msg, eom, src, dst, space)`—Expands the name at `src` in the message
/// `msg..eom`, following its compression pointers, into `dst` as NUL-terminated dotted text
/// ("" for the root, label bytes unescaped, as musl writes them); text and NUL must fit
/// in `space` bytes. Returns the bytes the name takes at `src` (up to its root byte or its
/// first pointer), or -1 when `src` is outside the message, the name is malformed (a label
/// past `eom`, a reserved label kind, a pointer past `eom`, more than 128 pointers or 255
/// bytes in wire form, which a pointer loop comes to) or the text does not fit. Leaves errno alone.
///
/// # Safety
/// `msg..eom` must be readable and `dst` writable for `space` bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn dn_expand(
    msg: *const u8,
    eom: *const u8,
    src: *const u8,
    dst: *mut c_char,
    space: c_int,
) -> c_int {
    // SAFETY: the caller vouches that `msg..eom` is readable.
    let Some(m) = (unsafe { span(msg, eom) }) else { return -1 };
    let Some(pos) = (src as usize).checked_sub(msg as usize) else { return -1 };
    let Ok(space) = usize::try_from(space) else { return -1 };
    let mut text = [0u8; name::MAX_TEXT];
    let Some((len, after)) = name::expand(m, pos, &mut text) else { return -1 };
    if len >= space {
        return -1;
    }
    // SAFETY: `len + 1 <= space` bytes at `dst` are writable (the caller's word), and
    // `text` is a local, apart from them.
    unsafe {
        core::ptr::copy_nonoverlapping(text.as_ptr(), dst.cast::<u8>(), len);
        *dst.add(len) = 0;
    }
    // A name in place is at most 255 bytes; its pointer adds 2.
    (after - pos) as c_int
}

/// `dn_skipname(src, eom)`—The number of bytes the name at `src` takes before `eom`: its
/// labels up to the root's zero byte or a compression pointer, which is not followed (there
/// is no message start to follow it from). -1 when the name runs past `eom`, has a reserved
/// label kind or passes 255 bytes. Leaves errno alone.
///
/// # Safety
/// `src..eom` must be readable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn dn_skipname(src: *const u8, eom: *const u8) -> c_int {
    // SAFETY: the caller vouches that `src..eom` is readable.
    let Some(data) = (unsafe { span(src, eom) }) else { return -1 };
    // At most 255 bytes and a pointer: `skip_in_place` stops there.
    name::skip_in_place(data).map_or(-1, |n| n as c_int)
}

#[cfg(test)]
mod tests {
    use super::*;

    const MSG: &[u8] = b"\0\0\0\0\0\0\0\0\0\0\0\0\x03www\x07example\x03com\x00\x04mail\xc0\x10\xc0\x24";

    fn expand(src: usize, space: c_int) -> (c_int, Vec<u8>) {
        let mut out = [0x55 as c_char; 300];
        let range = MSG.as_ptr_range();
        // SAFETY: MSG is readable and `out` holds 300 bytes, more than any `space` here.
        let r = unsafe { dn_expand(range.start, range.end, range.start.wrapping_add(src), out.as_mut_ptr(), space) };
        let text = out.iter().take_while(|&&c| c != 0).map(|&c| c as u8).collect();
        (r, text)
    }

    #[test]
    fn expands_into_the_buffer() {
        assert_eq!(expand(12, 300), (17, b"www.example.com".to_vec()));
        assert_eq!(expand(29, 300), (7, b"mail.example.com".to_vec()));
        assert_eq!(expand(29, 17).0, 7);
        assert_eq!(expand(29, 16).0, -1);
        assert_eq!(expand(28, 1), (1, Vec::new()));
        assert_eq!(expand(28, 0).0, -1);
        assert_eq!(expand(12, -1).0, -1);
        // A self pointer; past the end; before the start.
        assert_eq!(expand(36, 300).0, -1);
        assert_eq!(expand(38, 300).0, -1);
        assert_eq!(expand(usize::MAX, 300).0, -1);
        let mut out = [0 as c_char; 8];
        // SAFETY: a null message is refused before anything is read.
        assert_eq!(unsafe { dn_expand(core::ptr::null(), MSG.as_ptr(), MSG.as_ptr(), out.as_mut_ptr(), 8) }, -1);
    }

    #[test]
    fn skips_names() {
        let range = MSG.as_ptr_range();
        let at = |i: usize| range.start.wrapping_add(i);
        // SAFETY: every span is inside MSG, or empty or reversed (refused).
        unsafe {
            assert_eq!(dn_skipname(at(12), range.end), 17);
            assert_eq!(dn_skipname(at(29), range.end), 7);
            assert_eq!(dn_skipname(at(36), range.end), 2);
            assert_eq!(dn_skipname(at(12), at(28)), -1);
            assert_eq!(dn_skipname(at(37), range.end), -1);
            assert_eq!(dn_skipname(range.end, range.end), -1);
            assert_eq!(dn_skipname(range.end, range.start), -1);
        }
    }
}
