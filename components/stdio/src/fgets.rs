//! `fgets` and `fgets_unlocked`: one line, cut to fit, from a stream.
use core::ffi::{c_char, c_int};
use core::ptr::null_mut;

use crate::abi::EOF;
use crate::file::{F_EOF, FILE, State, find_byte};

/// The body of both entry points, with the stream held.
///
/// # Safety
/// `s` must be valid for `n` bytes of writes.
unsafe fn fgets_state(st: &mut State, out: *mut c_char, n: c_int) -> *mut c_char {
    if n <= 1 {
        if n < 1 {
            return null_mut();
        }
        // SAFETY: one byte is writable.
        unsafe { *out = 0 };
        return out;
    }
    let mut room = n as usize - 1;
    let mut p = out.cast::<u8>();
    loop {
        let avail = st.unread();
        if !avail.is_empty() {
            let line = find_byte(avail, b'\n');
            let k = line.map_or(avail.len(), |i| i + 1).min(room);
            // SAFETY: `k <= room`, within the caller's array.
            unsafe {
                core::ptr::copy_nonoverlapping(avail.as_ptr(), p, k);
                p = p.add(k);
            }
            st.consume(k);
            room -= k;
            if room == 0 || line.is_some_and(|i| i < k) {
                break;
            }
        }
        let c = st.get_byte();
        if c == EOF {
            if p == out.cast::<u8>() || st.flags & F_EOF == 0 {
                return null_mut();
            }
            break;
        }
        // SAFETY: `room > 0`.
        unsafe {
            *p = c as u8;
            p = p.add(1);
        }
        room -= 1;
        if c == c_int::from(b'\n') || room == 0 {
            break;
        }
    }
    // SAFETY: at most `n - 1` bytes were stored, so the terminator fits.
    unsafe { *p = 0 };
    out
}

/// `fgets(s, n, f)`—Reads from `f` into `s` up to and including a newline, or until end
/// of file, or until `n - 1` bytes, and terminates them with a NUL. Returns `s`; null if
/// end of file came before any byte, after a read error (errno set), or for `n < 1`. With
/// `n == 1`, stores an empty string without reading.
///
/// # Safety
/// `s` must be valid for `n` bytes of writes and `f` must point to a live `FILE`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fgets(s: *mut c_char, n: c_int, f: *mut FILE) -> *mut c_char {
    // SAFETY: the caller vouches for `f` and `s`.
    unsafe { &*f }.with_lock(|st| unsafe { fgets_state(st, s, n) })
}

/// `fgets_unlocked(s, n, f)`—`fgets` on a stream the caller holds.
///
/// # Safety
/// As for `fgets`; the caller holds `f` (`flockfile`) or is its only user.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fgets_unlocked(s: *mut c_char, n: c_int, f: *mut FILE) -> *mut c_char {
    // SAFETY: the caller vouches for `f` and `s`, and holds `f`.
    unsafe { fgets_state((*f).unlocked(), s, n) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::feof::feof;
    use crate::testutil::TmpFile;
    use core::ffi::CStr;

    #[test]
    fn lines_cut_to_size_and_the_last_line_without_newline() {
        let t = TmpFile::new("fgets", Some(b"first line\nxy\nlast"));
        let f = t.open(c"r");
        let mut buf = [0 as c_char; 6];
        let get = |n: c_int, buf: &mut [c_char]| unsafe {
            let r = fgets(buf.as_mut_ptr(), n, f);
            (!r.is_null()).then(|| CStr::from_ptr(buf.as_ptr()).to_bytes().to_vec())
        };
        assert_eq!(get(6, &mut buf).as_deref(), Some(&b"first"[..]));
        assert_eq!(get(6, &mut buf).as_deref(), Some(&b" line"[..]));
        assert_eq!(get(6, &mut buf).as_deref(), Some(&b"\n"[..]));
        assert_eq!(get(1, &mut buf).as_deref(), Some(&b""[..]));
        assert_eq!(get(0, &mut buf), None);
        assert_eq!(get(6, &mut buf).as_deref(), Some(&b"xy\n"[..]));
        assert_eq!(get(6, &mut buf).as_deref(), Some(&b"last"[..]));
        assert_eq!(unsafe { feof(f) }, 1);
        assert_eq!(get(6, &mut buf), None);
        unsafe { crate::fclose::fclose(f) };
    }

    #[test]
    fn an_unbuffered_stream_reads_byte_by_byte() {
        let t = TmpFile::new("fgets-nbf", Some(b"ab\ncd"));
        let f = t.open(c"r");
        unsafe {
            crate::setvbuf::setvbuf(f, core::ptr::null_mut(), crate::abi::_IONBF, 0);
            let mut buf = [0 as c_char; 8];
            assert!(!fgets(buf.as_mut_ptr(), 8, f).is_null());
            assert_eq!(CStr::from_ptr(buf.as_ptr()).to_bytes(), b"ab\n");
            // Nothing was read past the newline.
            assert_eq!(crate::testutil::fd_offset((*f).unlocked().fd), 3);
            crate::fclose::fclose(f);
        }
    }
}
