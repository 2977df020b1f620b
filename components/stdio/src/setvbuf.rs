//! `setvbuf`, `setbuf`, `setbuffer`, `setlinebuf`: choosing a stream's buffering.
use core::ffi::{c_char, c_int};
use core::ptr::null_mut;

use crate::abi::{_IOFBF, _IOLBF, _IONBF, BUFSIZ};
use crate::file::{F_LBF, F_TTYCHK, FILE, State, UNGET};

/// Sets the buffering as musl does: `_IONBF` makes the buffer size 0 (keeping the
/// buffer, which `UNGET` still needs); a caller buffer of at least `UNGET` bytes gives its
/// first `UNGET` bytes to `ungetc` and the rest to data; no buffer keeps the current one.
/// The choice is final: stdout no longer decides at its first write.
fn setvbuf_state(s: &mut State, buf: *mut c_char, mode: c_int, size: usize) -> c_int {
    let lbf = match mode {
        _IONBF => {
            s.cap = 0;
            false
        }
        _IOFBF | _IOLBF => {
            if !buf.is_null() && size >= UNGET {
                // SAFETY: the caller's buffer has `size >= UNGET` bytes.
                s.buf = unsafe { buf.cast::<u8>().add(UNGET) };
                s.cap = size - UNGET;
            }
            mode == _IOLBF && s.cap != 0
        }
        _ => return -1,
    };
    s.flags &= !(F_LBF | F_TTYCHK);
    if lbf {
        s.flags |= F_LBF;
    }
    0
}

/// `setvbuf(f, buf, mode, size)`—Makes `f` fully buffered (`_IOFBF`), line-buffered
/// (`_IOLBF`) or unbuffered (`_IONBF`), with the caller's `buf` of `size` bytes if given
/// (its first 8 bytes hold pushed-back input, as in musl) or the stream's own buffer. Call
/// it before any other operation on `f`. Returns 0, or nonzero for an unknown `mode`.
///
/// # Safety
/// `f` must point to a live `FILE` that has not been used yet; `buf`, if not null, must be
/// valid for `size` bytes and outlive the stream's use of it.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn setvbuf(f: *mut FILE, buf: *mut c_char, mode: c_int, size: usize) -> c_int {
    // SAFETY: the caller vouches for `f` and `buf`.
    unsafe { &*f }.with_lock(|s| setvbuf_state(s, buf, mode, size))
}

/// `setbuf(f, buf)`—`setvbuf(f, buf, buf ? _IOFBF : _IONBF, BUFSIZ)`.
///
/// # Safety
/// As for `setvbuf`, with `buf` null or `BUFSIZ` bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn setbuf(f: *mut FILE, buf: *mut c_char) {
    // SAFETY: forwarded contract.
    unsafe { setvbuf(f, buf, if buf.is_null() { _IONBF } else { _IOFBF }, BUFSIZ) };
}

/// `setbuffer(f, buf, size)`—`setvbuf(f, buf, buf ? _IOFBF : _IONBF, size)`.
///
/// # Safety
/// As for `setvbuf`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn setbuffer(f: *mut FILE, buf: *mut c_char, size: usize) {
    // SAFETY: forwarded contract.
    unsafe { setvbuf(f, buf, if buf.is_null() { _IONBF } else { _IOFBF }, size) };
}

/// `setlinebuf(f)`—`setvbuf(f, NULL, _IOLBF, 0)`.
///
/// # Safety
/// As for `setvbuf`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn setlinebuf(f: *mut FILE) {
    // SAFETY: forwarded contract.
    unsafe { setvbuf(f, null_mut(), _IOLBF, 0) };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fflush::fflush;
    use crate::fputs::fputs;
    use crate::testutil::Pipe;

    fn stream(p: &Pipe, own: &mut [u8]) -> FILE {
        FILE::new(p.wr, own[UNGET..].as_mut_ptr(), own.len() - UNGET, crate::file::F_NORD)
    }

    #[test]
    fn the_three_modes_as_seen_on_a_pipe() {
        let p = Pipe::new();
        let mut own = [0u8; UNGET + 64];
        let f = stream(&p, &mut own);
        let fp = &f as *const FILE as *mut FILE;
        unsafe {
            assert_eq!(setvbuf(fp, null_mut(), _IOLBF, 0), 0);
            fputs(c"a\nb".as_ptr(), fp);
            assert_eq!(p.take(), b"a\n");
            fflush(fp);
            assert_eq!(p.take(), b"b");
            assert_eq!(setvbuf(fp, null_mut(), _IONBF, 0), 0);
            fputs(c"c".as_ptr(), fp);
            assert_eq!(p.take(), b"c");
            // A caller's buffer of 8 + 4 bytes holds 4 bytes of output, once the flush
            // has ended the output mode that began unbuffered (as in musl).
            fflush(fp);
            let mut mine = [0 as c_char; UNGET + 4];
            assert_eq!(setvbuf(fp, mine.as_mut_ptr(), _IOFBF, mine.len()), 0);
            fputs(c"defg".as_ptr(), fp);
            assert_eq!(p.take(), b"");
            fputs(c"h".as_ptr(), fp);
            assert_eq!(p.take(), b"defgh");
            assert_eq!(setvbuf(fp, null_mut(), 3, 0), -1);
        }
    }

    #[test]
    fn full_buffering_without_a_buffer_after_none_stays_unbuffered() {
        let p = Pipe::new();
        let mut own = [0u8; UNGET + 64];
        let f = stream(&p, &mut own);
        let fp = &f as *const FILE as *mut FILE;
        unsafe {
            setbuf(fp, null_mut());
            setvbuf(fp, null_mut(), _IOFBF, 0);
            fputs(c"x".as_ptr(), fp);
            assert_eq!(p.take(), b"x");
            setlinebuf(fp);
            assert_eq!(f.with_lock(|s| s.flags & F_LBF), 0);
        }
    }
}
