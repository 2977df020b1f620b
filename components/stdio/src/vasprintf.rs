//! `vasprintf` (and `asprintf`, its variadic trampoline): formatted output into a string
//! allocated to fit.
use core::ffi::{CStr, c_char, c_int};
use core::ptr::null_mut;

use limpet_syscall::errno::ENOMEM;

use crate::imports::{free, malloc, realloc};
use crate::printf::{self, Sink};
use limpet_va::{VaArgs, VaList};
use crate::vfprintf::c_result;

/// The first allocation: most formatted strings fit it, so one `malloc` is the common cost.
const FIRST: usize = 64;

/// Collects the output in a `malloc`'d buffer that doubles as it fills (with room for the
/// NUL kept); `failed` once an allocation failed, after which bytes are dropped.
struct GrowSink {
    buf: *mut u8,
    len: usize,
    cap: usize,
    failed: bool,
}

impl Sink for GrowSink {
    fn write(&mut self, bytes: &[u8]) {
        if self.failed {
            return;
        }
        let need = self.len + bytes.len() + 1;
        if need > self.cap {
            let cap = need.max(self.cap * 2);
            // SAFETY: `buf` is null or came from malloc/realloc.
            let p = unsafe { realloc(self.buf.cast(), cap) }.cast::<u8>();
            if p.is_null() {
                self.failed = true;
                return;
            }
            (self.buf, self.cap) = (p, cap);
        }
        // SAFETY: `need <= cap`, so the bytes fit after `len`.
        unsafe { core::ptr::copy_nonoverlapping(bytes.as_ptr(), self.buf.add(self.len), bytes.len()) };
        self.len += bytes.len();
    }
}

/// `vasprintf(s, fmt, ap)`—Formats the arguments in `ap` into a new NUL-terminated string
/// allocated with `malloc`, stored in `*s` for the caller to `free`. Returns its length, or
/// -1 with errno set (EINVAL or EOVERFLOW from the format, leaving `*s` alone; ENOMEM, with
/// `*s` null, as musl's).
///
/// # Safety
/// `s` must be writable, `fmt` NUL-terminated, and `ap` must hold arguments of the types
/// the format asks for.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn vasprintf(s: *mut *mut c_char, fmt: *const c_char, ap: VaList) -> c_int {
    // SAFETY: the caller vouches for `fmt`.
    let fmt = unsafe { CStr::from_ptr(fmt) }.to_bytes();
    // SAFETY: the caller vouches for `ap`.
    let mut args = unsafe { VaArgs::new(ap) };
    // SAFETY: malloc has no preconditions.
    let buf = unsafe { malloc(FIRST) }.cast::<u8>();
    let mut sink = GrowSink { buf, len: 0, cap: FIRST, failed: buf.is_null() };
    // SAFETY: the caller vouches for the arguments.
    let r = unsafe { printf::format(fmt, &mut args, &mut sink) };
    match r {
        Ok(_) if !sink.failed => {
            // SAFETY: `len + 1 <= cap`; `s` is writable.
            unsafe {
                *sink.buf.add(sink.len) = 0;
                *s = sink.buf.cast();
            }
        }
        _ => {
            // SAFETY: null or ours.
            unsafe { free(sink.buf.cast()) };
            if r.is_ok() || sink.failed {
                // SAFETY: `s` is writable.
                unsafe { *s = null_mut() };
                return c_result(Err(ENOMEM));
            }
        }
    }
    c_result(r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::errno;
    use core::ffi::CStr;

    type Asprintf = unsafe extern "C" fn(*mut *mut c_char, *const c_char, ...) -> c_int;

    /// The naked trampoline, called as the C variadic function it is.
    fn asprintf() -> Asprintf {
        // SAFETY: the trampoline follows the C variadic calling convention of this type.
        unsafe { core::mem::transmute(crate::variadic::asprintf as *const ()) }
    }

    #[test]
    fn allocates_to_fit_short_and_long_output() {
        let f = asprintf();
        let mut s: *mut c_char = null_mut();
        unsafe {
            assert_eq!(f(&mut s, c"%d-%s".as_ptr(), 42, c"x".as_ptr()), 4);
            assert_eq!(CStr::from_ptr(s), c"42-x");
            free(s.cast());
            // Past the first allocation, through several doublings.
            assert_eq!(f(&mut s, c"%1000d|".as_ptr(), 7), 1001);
            let out = CStr::from_ptr(s).to_bytes();
            assert_eq!((out.len(), out[999], out[1000]), (1001, b'7', b'|'));
            free(s.cast());
            assert_eq!(f(&mut s, c"".as_ptr()), 0);
            assert_eq!(CStr::from_ptr(s), c"");
            free(s.cast());
        }
    }

    #[test]
    fn a_bad_format_fails_and_leaves_the_pointer() {
        let f = asprintf();
        let mut s: *mut c_char = 0x10 as *mut c_char;
        unsafe {
            assert_eq!(f(&mut s, c"%5%".as_ptr()), -1);
        }
        assert_eq!(errno(), limpet_syscall::errno::EINVAL);
        assert_eq!(s as usize, 0x10);
    }
}
