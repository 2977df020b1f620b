//! `fseek`, `fseeko`, `rewind`, `fsetpos` (and the LFS64 names): moving a stream.
use core::ffi::{c_int, c_long};
use core::ptr::null_mut;

use limpet_syscall::errno::EINVAL;
use limpet_syscall::set_errno;

use crate::abi::{FposT, SEEK_CUR, SEEK_END, SEEK_SET};
use crate::file::{F_EOF, F_ERR, F_WRITING, FILE, State};

/// Moves the stream: pending output goes out first (a failure fails the seek), unread
/// input counts for `SEEK_CUR`, and only when the backend moved are the read buffer and
/// end of file dropped. Errno is set on failure.
pub(crate) fn seek_state(s: &mut State, mut off: i64, whence: c_int) -> c_int {
    if !matches!(whence, SEEK_SET | SEEK_CUR | SEEK_END) {
        set_errno(EINVAL);
        return -1;
    }
    if whence == SEEK_CUR && !s.rend.is_null() {
        off -= s.rend as i64 - s.rpos as i64;
    }
    if s.len != 0 && !s.write_pending() {
        return -1;
    }
    s.len = 0;
    s.flags &= !F_WRITING;
    if s.seek(off, whence) < 0 {
        return -1;
    }
    s.rpos = null_mut();
    s.rend = null_mut();
    s.flags &= !F_EOF;
    0
}

/// `fseeko(f, off, whence)`—Sets `f`'s position to `off` bytes from the start
/// (`SEEK_SET`), the current position (`SEEK_CUR`) or the end (`SEEK_END`), after
/// writing out pending output; clears end of file and forgets pushed-back bytes. Returns
/// 0, or -1 with errno set (EINVAL for a bad `whence`, ESPIPE on a pipe, ...).
///
/// # Safety
/// `f` must point to a live `FILE`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fseeko(f: *mut FILE, off: i64, whence: c_int) -> c_int {
    // SAFETY: the caller vouches for `f`.
    unsafe { &*f }.with_lock(|s| seek_state(s, off, whence))
}

/// `fseeko64(f, off, whence)`—The same as `fseeko`.
///
/// # Safety
/// As for `fseeko`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fseeko64(f: *mut FILE, off: i64, whence: c_int) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { fseeko(f, off, whence) }
}

/// `fseek(f, off, whence)`—`fseeko` with a `long` offset.
///
/// # Safety
/// As for `fseeko`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fseek(f: *mut FILE, off: c_long, whence: c_int) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { fseeko(f, off, whence) }
}

/// `rewind(f)`—Seeks to the start of `f` and clears its error indicator too.
///
/// # Safety
/// `f` must point to a live `FILE`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn rewind(f: *mut FILE) {
    // SAFETY: the caller vouches for `f`.
    unsafe { &*f }.with_lock(|s| {
        let _ = seek_state(s, 0, SEEK_SET);
        s.flags &= !F_ERR;
    });
}

/// `fsetpos(f, pos)`—Seeks to a position `fgetpos` stored. Returns 0, or -1 with errno set.
///
/// # Safety
/// `f` must point to a live `FILE` and `pos` to an `fpos_t` that `fgetpos` filled.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fsetpos(f: *mut FILE, pos: *const FposT) -> c_int {
    // SAFETY: the caller vouches for `pos` and `f`.
    unsafe { fseeko(f, (*pos).offset, SEEK_SET) }
}

/// `fsetpos64(f, pos)`—The same as `fsetpos`.
///
/// # Safety
/// As for `fsetpos`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fsetpos64(f: *mut FILE, pos: *const FposT) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { fsetpos(f, pos) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::feof::{feof, ferror};
    use crate::fgetc::fgetc;
    use crate::fputc::fputc;
    use crate::ftell::{fgetpos, ftell, ftello};
    use crate::testutil::{Pipe, TmpFile, errno};
    use limpet_syscall::errno::ESPIPE;

    #[test]
    fn seek_and_tell_count_buffered_input_and_output() {
        let t = TmpFile::new("seek", Some(b"0123456789"));
        let f = t.open(c"r+");
        unsafe {
            assert_eq!(fgetc(f), i32::from(b'0'));
            assert_eq!(ftell(f), 1);
            assert_eq!(fseek(f, 2, SEEK_CUR), 0);
            assert_eq!(ftell(f), 3);
            assert_eq!(fgetc(f), i32::from(b'3'));
            let mut pos = FposT { offset: 0, opaque: [0; 8] };
            assert_eq!(fgetpos(f, &mut pos), 0);
            assert_eq!(pos.offset, 4);
            // Output after a seek lands at the position; ftell counts the pending bytes.
            assert_eq!(fseek(f, -2, SEEK_END), 0);
            assert_eq!(fputc(i32::from(b'X'), f), i32::from(b'X'));
            assert_eq!(ftello(f), 9);
            assert_eq!(fsetpos(f, &pos), 0);
            assert_eq!(fgetc(f), i32::from(b'4'));
            assert_eq!(fseek(f, 0, 7), -1);
            assert_eq!(errno(), EINVAL);
            crate::fclose::fclose(f);
        }
        assert_eq!(t.read(), b"01234567X9");
    }

    #[test]
    fn seeking_clears_eof_and_rewind_clears_the_error_too() {
        let t = TmpFile::new("rewind", Some(b"ab"));
        let f = t.open(c"r");
        unsafe {
            while fgetc(f) >= 0 {}
            assert_eq!(feof(f), 1);
            assert_eq!(fputc(i32::from(b'x'), f), -1);
            assert_eq!(ferror(f), 1);
            assert_eq!(fseek(f, 1, SEEK_SET), 0);
            assert_eq!((feof(f), ferror(f)), (0, 1));
            assert_eq!(fgetc(f), i32::from(b'b'));
            rewind(f);
            assert_eq!((feof(f), ferror(f)), (0, 0));
            assert_eq!(fgetc(f), i32::from(b'a'));
            crate::fclose::fclose(f);
        }
    }

    #[test]
    fn pipes_do_not_seek() {
        let p = Pipe::new();
        let mut buf = [0u8; 8 + 16];
        let f = FILE::new(p.rd, buf[8..].as_mut_ptr(), 16, crate::file::F_NOWR);
        let fp = &f as *const FILE as *mut FILE;
        unsafe {
            assert_eq!(fseek(fp, 0, SEEK_SET), -1);
            assert_eq!(errno(), ESPIPE);
            assert_eq!(ftell(fp), -1);
        }
    }
}
