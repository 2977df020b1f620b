//! `fgetln`: the next line, in place in the stream's buffer when it lies there whole.
use core::ffi::{c_char, c_int};
use core::ptr::null_mut;

use crate::file::{FILE, find_byte};
use crate::getdelim::getdelim_state;

/// `fgetln(f, len)`—The next line of `f` (with its newline, if any, and no NUL), its
/// length in `*len`. The line is in the stream's buffer or in a buffer the stream owns;
/// either stays valid until the next operation on `f`. Null at end of file or on error.
///
/// # Safety
/// `f` must point to a live `FILE` and `len` to a writable `size_t`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fgetln(f: *mut FILE, len: *mut usize) -> *mut c_char {
    // SAFETY: the caller vouches for `f`.
    unsafe { &*f }.with_lock(|s| {
        // Fill the buffer if it is empty, keeping the byte that took.
        let c = s.get_byte();
        if c >= 0 {
            // SAFETY: a byte was just read, so there is room to push it back (in the
            // buffer, or in the UNGET bytes when it came straight from the descriptor).
            unsafe {
                s.rpos = s.rpos.sub(1);
                *s.rpos = c as u8;
            }
        }
        if let Some(nl) = find_byte(s.unread(), b'\n') {
            let line = s.rpos.cast::<c_char>();
            s.consume(nl + 1);
            // SAFETY: the caller vouches for `len`.
            unsafe { *len = nl + 1 };
            return line;
        }
        let mut cap = 0usize;
        // SAFETY: `getln_buf` is null or this stream's own malloc'd buffer; getdelim
        // grows it from a stated size of 0, as musl's fgetln does.
        let mut buf = s.getln_buf;
        let n = unsafe { getdelim_state(s, &mut buf, &mut cap, c_int::from(b'\n')) };
        s.getln_buf = buf;
        if n <= 0 {
            return null_mut();
        }
        // SAFETY: the caller vouches for `len`.
        unsafe { *len = n as usize };
        s.getln_buf
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::TmpFile;

    #[test]
    fn lines_in_place_and_a_last_line_without_newline() {
        let t = TmpFile::new("fgetln", Some(b"one\ntwo\nthree"));
        let f = t.open(c"r");
        let mut n = 0usize;
        let line = |n: &mut usize| unsafe {
            let p = fgetln(f, n);
            (!p.is_null()).then(|| core::slice::from_raw_parts(p.cast::<u8>(), *n).to_vec())
        };
        assert_eq!(line(&mut n).as_deref(), Some(&b"one\n"[..]));
        assert_eq!(line(&mut n).as_deref(), Some(&b"two\n"[..]));
        assert_eq!(line(&mut n).as_deref(), Some(&b"three"[..]));
        assert_eq!(line(&mut n), None);
        unsafe { crate::fclose::fclose(f) };
    }

    #[test]
    fn an_unbuffered_stream_keeps_the_first_byte() {
        let t = TmpFile::new(
            "fgetln-nbf",
            Some(
                b"ab
cd
",
            ),
        );
        let f = t.open(c"r");
        let mut n = 0usize;
        unsafe {
            crate::setvbuf::setvbuf(f, null_mut(), crate::abi::_IONBF, 0);
            let p = fgetln(f, &mut n);
            assert_eq!(core::slice::from_raw_parts(p.cast::<u8>(), n), b"ab\n");
            let p = fgetln(f, &mut n);
            assert_eq!(core::slice::from_raw_parts(p.cast::<u8>(), n), b"cd\n");
            crate::fclose::fclose(f);
        }
    }
}
