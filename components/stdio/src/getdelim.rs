//! `getdelim`, `__getdelim` and `getline`: a whole delimited record into a growing buffer.
use core::ffi::{c_char, c_int};

use limpet_syscall::errno::{EINVAL, ENOMEM};
use limpet_syscall::set_errno;

use crate::abi::EOF;
use crate::file::{F_EOF, F_ERR, FILE, State, find_byte};
use crate::imports::realloc;

/// The new size of a buffer that must hold `need` more bytes than `used`, as musl grows
/// it: room for the bytes and a terminator plus one, and half as much again while the
/// end of the record is not yet in sight. Programs see the result in `*n`.
fn grown(need: usize, more_coming: bool) -> usize {
    let m = need + 2;
    if more_coming && m < usize::MAX / 4 { m + m / 2 } else { m }
}

/// The body of `getdelim`, with the stream held.
///
/// # Safety
/// As for `getdelim`.
pub(crate) unsafe fn getdelim_state(st: &mut State, line: *mut *mut c_char, n: *mut usize, delim: c_int) -> isize {
    if line.is_null() || n.is_null() {
        st.flags |= F_ERR;
        set_errno(EINVAL);
        return -1;
    }
    // SAFETY (for the whole body): the caller vouches for `*line` being null or a
    // malloc'd buffer of `*n` bytes.
    unsafe {
        if (*line).is_null() {
            *n = 0;
        }
        let mut i = 0usize;
        loop {
            let avail = st.unread();
            let found = find_byte(avail, delim as u8);
            let k = found.map_or(avail.len(), |z| z + 1);
            if i + k >= *n {
                let mut m = grown(i + k, found.is_none());
                let mut p = realloc((*line).cast(), m);
                if p.is_null() {
                    m = i + k + 2;
                    p = realloc((*line).cast(), m);
                }
                if p.is_null() {
                    // Hand over what fits, so that nothing pushed back stays behind.
                    let fit = *n - i;
                    core::ptr::copy_nonoverlapping(avail.as_ptr(), (*line).cast::<u8>().add(i), fit);
                    st.consume(fit);
                    st.flags |= F_ERR;
                    set_errno(ENOMEM);
                    return -1;
                }
                *line = p.cast();
                *n = m;
            }
            let buf = (*line).cast::<u8>();
            if k != 0 {
                core::ptr::copy_nonoverlapping(avail.as_ptr(), buf.add(i), k);
                st.consume(k);
                i += k;
            }
            if found.is_some() {
                break;
            }
            let c = st.get_byte();
            if c == EOF {
                if i == 0 || st.flags & F_EOF == 0 {
                    return -1;
                }
                break;
            }
            if i + 1 >= *n {
                // No room for it yet: push it back and grow on the next round.
                st.rpos = st.rpos.sub(1);
                *st.rpos = c as u8;
            } else {
                *buf.add(i) = c as u8;
                i += 1;
                // Compared as a `char`, as musl does.
                if c_int::from(c as u8 as c_char) == delim {
                    break;
                }
            }
        }
        *(*line).add(i) = 0;
        i as isize
    }
}

/// `getdelim(lineptr, n, delim, f)`—Reads from `f` up to and including the byte `delim`
/// (or to end of file) into `*lineptr`, a `malloc`'d buffer of `*n` bytes (or null),
/// growing it with `realloc` and updating both, and terminates it with a NUL. Returns
/// the number of bytes read, or -1 at end of file with nothing read, on a read error, on
/// EINVAL (a null `lineptr` or `n`) or ENOMEM (the stream's error flag set for both).
///
/// # Safety
/// `lineptr` and `n` must be null or valid; `*lineptr` null or a `malloc`'d buffer of
/// `*n` bytes; `f` a live `FILE`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getdelim(lineptr: *mut *mut c_char, n: *mut usize, delim: c_int, f: *mut FILE) -> isize {
    // SAFETY: the caller vouches for all of them.
    unsafe { &*f }.with_lock(|st| unsafe { getdelim_state(st, lineptr, n, delim) })
}

/// `__getdelim(lineptr, n, delim, f)`—The same as `getdelim`.
///
/// # Safety
/// As for `getdelim`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn __getdelim(lineptr: *mut *mut c_char, n: *mut usize, delim: c_int, f: *mut FILE) -> isize {
    // SAFETY: forwarded contract.
    unsafe { getdelim(lineptr, n, delim, f) }
}

/// `getline(lineptr, n, f)`—`getdelim(lineptr, n, '\n', f)`.
///
/// # Safety
/// As for `getdelim`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getline(lineptr: *mut *mut c_char, n: *mut usize, f: *mut FILE) -> isize {
    // SAFETY: forwarded contract.
    unsafe { getdelim(lineptr, n, c_int::from(b'\n'), f) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::feof::ferror;
    use crate::testutil::{TmpFile, errno};

    unsafe extern "C" {
        fn free(p: *mut core::ffi::c_void);
    }

    #[test]
    fn lines_grow_the_buffer_as_musl_does() {
        let long = vec![b'x'; 3000];
        let mut data = b"hello\n\nno end".to_vec();
        data.splice(6..6, long.iter().copied().chain([b'\n']));
        let t = TmpFile::new("getline", Some(&data));
        let f = t.open(c"r");
        let mut line: *mut c_char = core::ptr::null_mut();
        let mut n = 0usize;
        unsafe {
            assert_eq!(getline(&mut line, &mut n, f), 6);
            assert_eq!(core::ffi::CStr::from_ptr(line).to_bytes(), b"hello\n");
            // The line was all in the buffer: exactly its length plus 2.
            assert_eq!(n, 8);
            assert_eq!(getline(&mut line, &mut n, f), 3001);
            assert_eq!(core::slice::from_raw_parts(line.cast::<u8>(), 3001), [&long[..], b"\n"].concat());
            assert!(n > 3001);
            assert_eq!(getline(&mut line, &mut n, f), 1);
            assert_eq!(getdelim(&mut line, &mut n, c_int::from(b' '), f), 3);
            assert_eq!(core::ffi::CStr::from_ptr(line).to_bytes(), b"no ");
            assert_eq!(getline(&mut line, &mut n, f), 3);
            assert_eq!(core::ffi::CStr::from_ptr(line).to_bytes(), b"end");
            assert_eq!(getline(&mut line, &mut n, f), -1);
            assert_eq!(ferror(f), 0);
            assert_eq!(getline(core::ptr::null_mut(), &mut n, f), -1);
            assert_eq!(errno(), EINVAL);
            assert_eq!(ferror(f), 1);
            free(line.cast());
            crate::fclose::fclose(f);
        }
    }

    #[test]
    fn growth_sizes() {
        assert_eq!(grown(6, false), 8);
        assert_eq!(grown(10, true), 18);
        assert_eq!(grown(usize::MAX / 4, true), usize::MAX / 4 + 2);
    }
}
