//! `fclose`: flush, close, free.
use core::ffi::c_int;

use crate::abi::EOF;
use crate::file::{F_PERM, FILE};
use crate::fopen::free_stream;

/// `fclose(f)`—Flushes `f`, closes what backs it (its descriptor, or a cookie's close
/// function) and frees it (a standard stream is closed but stays allocated, as in musl,
/// so it only fails from then on). Returns 0, or `EOF` with errno set if the flush or the
/// close failed; as in musl, the result is the flush's (0 or `EOF`) ORed with the close's,
/// so a cookie's close function returning another value shows through. The stream is gone
/// either way.
///
/// # Safety
/// `f` must point to a live `FILE`, which must not be used again (unless it is one of
/// the standard streams).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fclose(f: *mut FILE) -> c_int {
    // SAFETY: the caller vouches for `f`.
    let file = unsafe { &*f };
    let (r, perm, getln_buf) = file.with_lock(|s| {
        let flushed = if s.flush() { 0 } else { EOF };
        let closed = (s.ops.close)(s);
        (flushed | closed, s.flags & F_PERM != 0, s.getln_buf)
    });
    if !perm {
        // SAFETY: `fgetln` allocated it with malloc, or it is null.
        unsafe { crate::fopen::free_c(getln_buf.cast()) };
        // SAFETY: a stream that is not permanent came from the heap and is listed; the
        // caller gives it up.
        unsafe {
            crate::ofl::remove(f);
            free_stream(f);
        }
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fflush::fflush;
    use crate::fputs::fputs;
    use crate::testutil::{TmpFile, errno};
    use limpet_syscall::errno::EBADF;

    #[test]
    fn closing_writes_buffered_data() {
        let t = TmpFile::new("fclose", None);
        let f = t.open(c"w");
        unsafe {
            assert_eq!(fputs(c"kept".as_ptr(), f), 0);
            assert_eq!(t.read(), b"");
            assert_eq!(fclose(f), 0);
        }
        assert_eq!(t.read(), b"kept");
    }

    #[test]
    fn flush_null_reaches_opened_streams() {
        let a = TmpFile::new("flushall-a", None);
        let b = TmpFile::new("flushall-b", None);
        let (fa, fb) = (a.open(c"w"), b.open(c"a+"));
        unsafe {
            fputs(c"A".as_ptr(), fa);
            fputs(c"B".as_ptr(), fb);
            assert_eq!(fflush(core::ptr::null_mut()), 0);
            assert_eq!((a.read(), b.read()), (b"A".to_vec(), b"B".to_vec()));
            fclose(fa);
            fclose(fb);
        }
    }

    #[test]
    fn a_failed_close_reports_ebadf() {
        let t = TmpFile::new("fclose-bad", None);
        let f = t.open(c"w");
        unsafe {
            // The stream is given a descriptor number no process can have open, rather than
            // its own closed under it: other tests run in parallel threads, and one of them
            // could get that number back before `fclose` closes it again.
            let fd = core::mem::replace(&mut (*f).unlocked().fd, 0x7fff_fff0);
            crate::fdio::close_fd(fd);
            assert_eq!(fclose(f), EOF);
            assert_eq!(errno(), EBADF);
        }
    }
}
