//! `<stdio_ext.h>`: questions about a stream's state (`__fpending`, `__freading`, ...),
//! `__fpurge`, and musl's read-buffer access (`__freadahead`, `__freadptr`, ...).
use core::ffi::c_int;
use core::ptr::null_mut;

use crate::file::{F_ERR, F_LBF, F_NORD, F_NOWR, F_WRITING, FILE, State};

/// `FSETLOCKING_INTERNAL`: the only locking mode, which `__fsetlocking` reports.
const FSETLOCKING_INTERNAL: c_int = 0;

/// Declares a function that reads or changes a stream's state without taking its lock,
/// as musl's do.
macro_rules! ext_fn {
    ($(#[$doc:meta])* $name:ident($($arg:ident: $ty:ty),*) -> $ret:ty, |$s:ident| $body:expr) => {
        $(#[$doc])*
        ///
        /// # Safety
        /// `f` must point to a live `FILE` that no other thread is using.
        #[cfg_attr(feature = "export", unsafe(no_mangle))]
        pub unsafe extern "C" fn $name(f: *mut FILE $(, $arg: $ty)*) -> $ret {
            // SAFETY: the caller vouches for `f`.
            let $s: &mut State = unsafe { (*f).unlocked() };
            $body
        }
    };
}

ext_fn!(
    /// `__fpending(f)`—The number of output bytes waiting in `f`'s buffer.
    __fpending() -> usize, |s| if s.flags & F_WRITING != 0 { s.len } else { 0 }
);
ext_fn!(
    /// `__freading(f)`—Nonzero if `f` is read-only or was last used for input.
    __freading() -> c_int, |s| c_int::from(s.flags & F_NOWR != 0 || !s.rend.is_null())
);
ext_fn!(
    /// `__fwriting(f)`—Nonzero if `f` is write-only or was last used for output.
    __fwriting() -> c_int, |s| c_int::from(s.flags & (F_NORD | F_WRITING) != 0)
);
ext_fn!(
    /// `__freadable(f)`—Nonzero if `f` may be read.
    __freadable() -> c_int, |s| c_int::from(s.flags & F_NORD == 0)
);
ext_fn!(
    /// `__fwritable(f)`—Nonzero if `f` may be written.
    __fwritable() -> c_int, |s| c_int::from(s.flags & F_NOWR == 0)
);
ext_fn!(
    /// `__flbf(f)`—Nonzero if `f` is line-buffered.
    __flbf() -> c_int, |s| c_int::from(s.flags & F_LBF != 0)
);
ext_fn!(
    /// `__fbufsize(f)`—The size of `f`'s buffer (0 when unbuffered).
    __fbufsize() -> usize, |s| s.cap
);
ext_fn!(
    /// `__fpurge(f)`—Discards `f`'s pending output and unread input. Returns 0.
    __fpurge() -> c_int, |s| {
        s.len = 0;
        s.flags &= !F_WRITING;
        s.rpos = null_mut();
        s.rend = null_mut();
        0
    }
);
ext_fn!(
    /// `fpurge(f)`—The BSD name of `__fpurge`.
    fpurge() -> c_int, |s| {
        s.len = 0;
        s.flags &= !F_WRITING;
        s.rpos = null_mut();
        s.rend = null_mut();
        0
    }
);
ext_fn!(
    /// `__fsetlocking(f, type)`—Locking is always internal; returns `FSETLOCKING_INTERNAL`
    /// and changes nothing, as in musl.
    __fsetlocking(_kind: c_int) -> c_int, |_s| FSETLOCKING_INTERNAL
);
ext_fn!(
    /// `__fseterr(f)`—Sets `f`'s error indicator.
    __fseterr() -> (), |s| s.flags |= F_ERR
);
ext_fn!(
    /// `__freadahead(f)`—The number of unread input bytes in `f`'s buffer.
    __freadahead() -> usize, |s| s.unread().len()
);
ext_fn!(
    /// `__freadptr(f, sizep)`—The unread input in `f`'s buffer: its start, with its length
    /// in `*sizep`; null (and `*sizep` untouched) when there is none.
    __freadptr(sizep: *mut usize) -> *const u8, |s| {
        let avail = s.unread();
        if avail.is_empty() {
            return core::ptr::null();
        }
        // SAFETY: the caller vouches for `sizep`.
        unsafe { *sizep = avail.len() };
        avail.as_ptr()
    }
);
ext_fn!(
    /// `__freadptrinc(f, inc)`—Consumes `inc` bytes of what `__freadptr` returned.
    __freadptrinc(inc: usize) -> (), |s| s.consume(inc)
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fgetc::fgetc;
    use crate::fputs::fputs;
    use crate::testutil::TmpFile;

    #[test]
    fn reports_the_mode_the_buffer_and_pending_bytes() {
        let t = TmpFile::new("ext", Some(b"abcdef"));
        let f = t.open(c"r+");
        unsafe {
            assert_eq!((__freadable(f), __fwritable(f), __freading(f), __fwriting(f)), (1, 1, 0, 0));
            assert_eq!(__fbufsize(f), crate::fopen::STREAM_BUFSIZ);
            assert_eq!(fgetc(f), i32::from(b'a'));
            assert_eq!((__freading(f), __fwriting(f), __freadahead(f)), (1, 0, 5));
            let mut n = 0;
            let p = __freadptr(f, &mut n);
            assert_eq!(core::slice::from_raw_parts(p, n), b"bcdef");
            __freadptrinc(f, 2);
            assert_eq!(fgetc(f), i32::from(b'd'));
            crate::fseek::rewind(f);
            fputs(c"xy".as_ptr(), f);
            assert_eq!((__freading(f), __fwriting(f), __fpending(f)), (0, 1, 2));
            assert_eq!(__fpurge(f), 0);
            assert_eq!(__fpending(f), 0);
            assert_eq!(__fsetlocking(f, 2), FSETLOCKING_INTERNAL);
            assert_eq!(__flbf(f), 0);
            __fseterr(f);
            assert_eq!(crate::feof::ferror(f), 1);
            crate::fclose::fclose(f);
        }
        // The purged bytes never reached the file.
        assert_eq!(t.read(), b"abcdef");
    }
}
