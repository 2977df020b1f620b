//! The tests' UTF-8 locale: the test binary runs on the host's C library (glibc), whose
//! `mbrtowc` the imports reach, so a test selects UTF-8 decoding with glibc's own locale
//! calls. A thread's own locale keeps the other tests, on other threads, in "C".
use std::ffi::{c_char, c_int, c_void};

unsafe extern "C" {
    fn newlocale(mask: c_int, name: *const c_char, base: *mut c_void) -> *mut c_void;
    fn uselocale(loc: *mut c_void) -> *mut c_void;
}
/// glibc's `LC_CTYPE_MASK`.
const LC_CTYPE_MASK: c_int = 1;

/// Runs `f` with this thread in the C.UTF-8 locale.
pub(crate) fn in_utf8<R>(f: impl FnOnce() -> R) -> R {
    // SAFETY: a locale object that lives for the process; this thread's locale is put back.
    unsafe {
        let loc = newlocale(LC_CTYPE_MASK, c"C.UTF-8".as_ptr(), std::ptr::null_mut());
        assert!(!loc.is_null(), "C.UTF-8 is missing");
        let old = uselocale(loc);
        let r = f();
        uselocale(old);
        r
    }
}
