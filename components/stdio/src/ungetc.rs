//! `ungetc`: a byte pushed back onto a stream.
use core::ffi::c_int;

use crate::abi::EOF;
use crate::file::{F_EOF, FILE, State, UNGET};

/// `ungetc(c, f)`—Pushes `c`, converted to `unsigned char`, back onto `f`, for the next
/// read to return, and clears end of file. At least `UNGET` (8) bytes can always be
/// pushed back, more after reading from a buffer, as in musl. Returns the byte, or `EOF`
/// if `c` is `EOF`, the stream cannot be read, or there is no room.
///
/// # Safety
/// `f` must point to a live `FILE`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn ungetc(c: c_int, f: *mut FILE) -> c_int {
    if c == EOF {
        return EOF;
    }
    // SAFETY: the caller vouches for `f`.
    unsafe { &*f }.with_lock(|s| if s.unget(&[c as u8]) { c_int::from(c as u8) } else { EOF })
}

impl State {
    /// Pushes `bytes` back in front of the unread input (musl's rule: room for `UNGET`
    /// bytes before the buffer, and for whatever was read from it), entering input mode
    /// first, and clears end of file. False, with nothing pushed, on a stream that cannot
    /// be read or without room.
    pub(crate) fn unget(&mut self, bytes: &[u8]) -> bool {
        if self.rpos.is_null() {
            // Enter input mode even at end of file: the pushed bytes are readable anyway.
            let _ = self.enter_read();
        }
        if self.rpos.is_null() || (self.rpos as usize) < (self.buf as usize).wrapping_sub(UNGET) + bytes.len() {
            return false;
        }
        // SAFETY: there are `bytes.len()` bytes of the stream's own below `rpos`.
        unsafe {
            self.rpos = self.rpos.sub(bytes.len());
            core::ptr::copy_nonoverlapping(bytes.as_ptr(), self.rpos, bytes.len());
        }
        self.flags &= !F_EOF;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::feof::feof;
    use crate::fgetc::fgetc;
    use crate::testutil::TmpFile;

    #[test]
    fn pushes_back_over_read_bytes_and_before_the_buffer() {
        let t = TmpFile::new("ungetc", Some(b"abc"));
        let f = t.open(c"r");
        unsafe {
            assert_eq!(ungetc(EOF, f), EOF);
            // Before any read: the whole buffer and the UNGET bytes are free.
            assert_eq!(ungetc(0x17a, f), i32::from(b'z'));
            assert_eq!(fgetc(f), i32::from(b'z'));
            assert_eq!(fgetc(f), i32::from(b'a'));
            // After a read into the buffer: one byte of it, then UNGET more.
            for i in 0..=UNGET as u8 {
                assert_eq!(ungetc(c_int::from(b'0' + i), f), c_int::from(b'0' + i));
            }
            assert_eq!(ungetc(c_int::from(b'!'), f), EOF);
            for i in (0..=UNGET as u8).rev() {
                assert_eq!(fgetc(f), c_int::from(b'0' + i));
            }
            assert_eq!(fgetc(f), i32::from(b'b'));
            assert_eq!(fgetc(f), i32::from(b'c'));
            assert_eq!(fgetc(f), EOF);
            assert_eq!(feof(f), 1);
            assert_eq!(ungetc(c_int::from(b'q'), f), c_int::from(b'q'));
            assert_eq!(feof(f), 0);
            assert_eq!(fgetc(f), c_int::from(b'q'));
            assert_eq!(fgetc(f), EOF);
            crate::fclose::fclose(f);
        }
    }

    #[test]
    fn a_write_only_stream_takes_nothing_back() {
        let t = TmpFile::new("ungetc-wo", None);
        let f = t.open(c"w");
        unsafe {
            assert_eq!(ungetc(c_int::from(b'x'), f), EOF);
            assert_eq!(crate::feof::ferror(f), 1);
            crate::fclose::fclose(f);
        }
    }
}
