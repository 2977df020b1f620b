//! The variadic C entry points of `<stdio.h>` and `<wchar.h>` (`printf`, `fprintf`, ...,
//! `scanf`, ..., `wprintf`, ...): each a [`limpet_va::variadic!`] trampoline into its `v*`
//! function, and the printf and scanf argument sources over a C `va_list`
//! ([`limpet_va::VaArgs`]).
//!
//! The scanf families are x86_64 only for now: their `long double` conversions need
//! limpet-stdlib's `strtold`, which reads x87 values.
use core::ffi::{c_char, c_int};
#[cfg(target_arch = "x86_64")]
use core::ffi::c_void;

use limpet_va::VaArgs;

use crate::file::FILE;
use crate::printf::ArgSource;
use crate::wide::WcharT;

impl ArgSource for VaArgs {
    fn next_int(&mut self) -> u64 {
        VaArgs::next_int(self)
    }

    fn next_f64(&mut self) -> f64 {
        VaArgs::next_f64(self)
    }

    fn next_long_double(&mut self) -> u128 {
        VaArgs::next_long_double(self)
    }
}

#[cfg(target_arch = "x86_64")]
impl crate::scanf::PtrSource for VaArgs {
    fn next_ptr(&mut self) -> *mut c_void {
        self.next_int() as *mut c_void
    }

    fn nth_ptr(&self, n: usize) -> *mut c_void {
        // musl reads `%n$` from a copy of the `va_list` as it stands.
        self.with_copy(|ahead| {
            let mut p = 0;
            for _ in 0..n.max(1) {
                p = ahead.next_int();
            }
            p as *mut c_void
        })
    }
}

limpet_va::variadic! {
    /// `printf(fmt, ...)`—`vprintf(fmt, ap)` over the variadic arguments.
    ///
    /// # Safety
    /// As for `vfprintf`; call it as a C variadic function (from Rust, through a
    /// `unsafe extern "C" fn(*const c_char, ...) -> c_int` pointer).
    fn printf(fmt: *const c_char) -> c_int => crate::vfprintf::vprintf
}

limpet_va::variadic! {
    /// `fprintf(f, fmt, ...)`—`vfprintf(f, fmt, ap)` over the variadic arguments.
    ///
    /// # Safety
    /// As for `printf`.
    fn fprintf(f: *mut FILE, fmt: *const c_char) -> c_int => crate::vfprintf::vfprintf
}

limpet_va::variadic! {
    /// `dprintf(fd, fmt, ...)`—`vdprintf(fd, fmt, ap)` over the variadic arguments.
    ///
    /// # Safety
    /// As for `printf`.
    fn dprintf(fd: c_int, fmt: *const c_char) -> c_int => crate::vdprintf::vdprintf
}

limpet_va::variadic! {
    /// `sprintf(buf, fmt, ...)`—`vsprintf(buf, fmt, ap)` over the variadic arguments.
    ///
    /// # Safety
    /// As for `printf`, and `buf` must have room for the whole output and its NUL.
    fn sprintf(buf: *mut c_char, fmt: *const c_char) -> c_int => crate::vsnprintf::vsprintf
}

limpet_va::variadic! {
    /// `snprintf(buf, n, fmt, ...)`—`vsnprintf(buf, n, fmt, ap)` over the variadic arguments.
    ///
    /// # Safety
    /// As for `printf`, and `buf` must be writable for `n` bytes.
    fn snprintf(buf: *mut c_char, n: usize, fmt: *const c_char) -> c_int => crate::vsnprintf::vsnprintf
}

limpet_va::variadic! {
    /// `asprintf(s, fmt, ...)`—`vasprintf(s, fmt, ap)` over the variadic arguments.
    ///
    /// # Safety
    /// As for `printf`, and `s` must be writable.
    fn asprintf(s: *mut *mut c_char, fmt: *const c_char) -> c_int => crate::vasprintf::vasprintf
}

#[cfg(target_arch = "x86_64")]
limpet_va::variadic! {
    /// `scanf(fmt, ...)`—`vscanf(fmt, ap)` over the variadic arguments.
    ///
    /// # Safety
    /// As for `vfscanf`; call it as a C variadic function.
    fn scanf(fmt: *const c_char) -> c_int => crate::scanf::vscanf
}

#[cfg(target_arch = "x86_64")]
limpet_va::variadic! {
    /// `fscanf(f, fmt, ...)`—`vfscanf(f, fmt, ap)` over the variadic arguments.
    ///
    /// # Safety
    /// As for `scanf`.
    fn fscanf(f: *mut FILE, fmt: *const c_char) -> c_int => crate::scanf::vfscanf
}

#[cfg(target_arch = "x86_64")]
limpet_va::variadic! {
    /// `sscanf(s, fmt, ...)`—`vsscanf(s, fmt, ap)` over the variadic arguments.
    ///
    /// # Safety
    /// As for `scanf`, and `s` must be NUL-terminated.
    fn sscanf(s: *const c_char, fmt: *const c_char) -> c_int => crate::scanf::vsscanf
}

#[cfg(target_arch = "x86_64")]
limpet_va::variadic! {
    /// `__isoc99_scanf(fmt, ...)`—glibc's C99 name for `scanf`, which musl exports too.
    ///
    /// # Safety
    /// As for `scanf`.
    fn __isoc99_scanf(fmt: *const c_char) -> c_int => crate::scanf::vscanf
}

#[cfg(target_arch = "x86_64")]
limpet_va::variadic! {
    /// `__isoc99_fscanf(f, fmt, ...)`—glibc's C99 name for `fscanf`.
    ///
    /// # Safety
    /// As for `fscanf`.
    fn __isoc99_fscanf(f: *mut FILE, fmt: *const c_char) -> c_int => crate::scanf::vfscanf
}

#[cfg(target_arch = "x86_64")]
limpet_va::variadic! {
    /// `__isoc99_sscanf(s, fmt, ...)`—glibc's C99 name for `sscanf`.
    ///
    /// # Safety
    /// As for `sscanf`.
    fn __isoc99_sscanf(s: *const c_char, fmt: *const c_char) -> c_int => crate::scanf::vsscanf
}

limpet_va::variadic! {
    /// `fwprintf(f, fmt, ...)`—`vfwprintf(f, fmt, ap)` over the variadic arguments.
    ///
    /// # Safety
    /// As for `vfwprintf`; call it as a C variadic function.
    fn fwprintf(f: *mut FILE, fmt: *const WcharT) -> c_int => crate::wprintf::vfwprintf
}

limpet_va::variadic! {
    /// `wprintf(fmt, ...)`—`vwprintf(fmt, ap)` over the variadic arguments.
    ///
    /// # Safety
    /// As for `vfwprintf`; call it as a C variadic function.
    fn wprintf(fmt: *const WcharT) -> c_int => crate::wprintf::vwprintf
}

limpet_va::variadic! {
    /// `swprintf(s, n, fmt, ...)`—`vswprintf(s, n, fmt, ap)` over the variadic arguments.
    ///
    /// # Safety
    /// As for `vswprintf`; call it as a C variadic function.
    fn swprintf(s: *mut WcharT, n: usize, fmt: *const WcharT) -> c_int => crate::wprintf::vswprintf
}

#[cfg(target_arch = "x86_64")]
limpet_va::variadic! {
    /// `wscanf(fmt, ...)`—`vwscanf(fmt, ap)` over the variadic arguments.
    ///
    /// # Safety
    /// As for `vfwscanf`; call it as a C variadic function.
    fn wscanf(fmt: *const i32) -> c_int => crate::wscanf::vwscanf
}

#[cfg(target_arch = "x86_64")]
limpet_va::variadic! {
    /// `fwscanf(f, fmt, ...)`—`vfwscanf(f, fmt, ap)` over the variadic arguments.
    ///
    /// # Safety
    /// As for `wscanf`.
    fn fwscanf(f: *mut FILE, fmt: *const i32) -> c_int => crate::wscanf::vfwscanf
}

#[cfg(target_arch = "x86_64")]
limpet_va::variadic! {
    /// `swscanf(s, fmt, ...)`—`vswscanf(s, fmt, ap)` over the variadic arguments.
    ///
    /// # Safety
    /// As for `wscanf`, and `s` must be a NUL-terminated wide string.
    fn swscanf(s: *const i32, fmt: *const i32) -> c_int => crate::wscanf::vswscanf
}

#[cfg(target_arch = "x86_64")]
limpet_va::variadic! {
    /// `__isoc99_wscanf(fmt, ...)`—glibc's C99 name for `wscanf`, which musl exports too.
    ///
    /// # Safety
    /// As for `wscanf`.
    fn __isoc99_wscanf(fmt: *const i32) -> c_int => crate::wscanf::vwscanf
}

#[cfg(target_arch = "x86_64")]
limpet_va::variadic! {
    /// `__isoc99_fwscanf(f, fmt, ...)`—glibc's C99 name for `fwscanf`.
    ///
    /// # Safety
    /// As for `fwscanf`.
    fn __isoc99_fwscanf(f: *mut FILE, fmt: *const i32) -> c_int => crate::wscanf::vfwscanf
}

#[cfg(target_arch = "x86_64")]
limpet_va::variadic! {
    /// `__isoc99_swscanf(s, fmt, ...)`—glibc's C99 name for `swscanf`.
    ///
    /// # Safety
    /// As for `swscanf`.
    fn __isoc99_swscanf(s: *const i32, fmt: *const i32) -> c_int => crate::wscanf::vswscanf
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::file::{FILE, F_ERR};
    use crate::testutil::{Pipe, errno};
    #[cfg(target_arch = "x86_64")]
    use crate::vsnprintf::vsnprintf;
    #[cfg(target_arch = "x86_64")]
    use crate::printf::F80;
    #[cfg(target_arch = "x86_64")]
    use limpet_va::VaListState;
    use limpet_syscall::errno::{EBADF, EINVAL, EOVERFLOW};

    type Snprintf = unsafe extern "C" fn(*mut c_char, usize, *const c_char, ...) -> c_int;
    type Sprintf = unsafe extern "C" fn(*mut c_char, *const c_char, ...) -> c_int;
    type Fprintf = unsafe extern "C" fn(*mut FILE, *const c_char, ...) -> c_int;
    type Dprintf = unsafe extern "C" fn(c_int, *const c_char, ...) -> c_int;

    fn snp() -> Snprintf {
        // SAFETY: the trampoline is a C-variadic function with this prototype.
        unsafe { core::mem::transmute(snprintf as *const ()) }
    }

    fn text(buf: &[u8]) -> &str {
        let end = buf.iter().position(|&b| b == 0).unwrap();
        core::str::from_utf8(&buf[..end]).unwrap()
    }

    #[test]
    fn snprintf_basics() {
        let f = snp();
        let mut buf = [0u8; 64];
        let r = unsafe { f(buf.as_mut_ptr().cast(), buf.len(), c"%d %s|%5.1f|%c".as_ptr(), 42, c"x".as_ptr(), 2.25f64, 65) };
        assert_eq!((r, text(&buf)), (12, "42 x|  2.2|A"));
        // Truncation keeps n-1 bytes and a NUL; the result is the full length.
        let r = unsafe { f(buf.as_mut_ptr().cast(), 4, c"%d".as_ptr(), 123456) };
        assert_eq!((r, text(&buf)), (6, "123"));
        let r = unsafe { f(core::ptr::null_mut(), 0, c"%d".as_ptr(), 123456) };
        assert_eq!(r, 6);
        buf[0] = b'Q';
        let r = unsafe { f(buf.as_mut_ptr().cast(), 0, c"%d".as_ptr(), 123456) };
        assert_eq!((r, buf[0]), (6, b'Q'));
        let r = unsafe { f(buf.as_mut_ptr().cast(), 1, c"%d".as_ptr(), 123456) };
        assert_eq!((r, buf[0]), (6, 0));
    }

    #[test]
    fn snprintf_errors_leave_a_terminated_buffer() {
        let f = snp();
        let mut buf = [b'#'; 16];
        let r = unsafe { f(buf.as_mut_ptr().cast(), buf.len(), c"abc%y".as_ptr()) };
        assert_eq!((r, errno(), text(&buf)), (-1, EINVAL, ""));
        let r = unsafe { f(buf.as_mut_ptr().cast(), buf.len(), c"%d%y".as_ptr(), 5) };
        assert_eq!((r, errno(), text(&buf)), (-1, EINVAL, "5"));
        buf = [b'Q'; 16];
        let r = unsafe { f(buf.as_mut_ptr().cast(), i32::MAX as usize + 1, c"x".as_ptr()) };
        assert_eq!((r, errno(), buf[0]), (-1, EOVERFLOW, b'Q'));
        let r = unsafe { f(buf.as_mut_ptr().cast(), i32::MAX as usize, c"x".as_ptr()) };
        assert_eq!((r, text(&buf)), (1, "x"));
    }

    #[test]
    fn integer_arguments_past_the_registers() {
        // Three named arguments leave three registers; the other nine come from the stack.
        let f = snp();
        let mut buf = [0u8; 128];
        let r = unsafe {
            f(buf.as_mut_ptr().cast(), buf.len(), c"%d %ld %hhd %u %x %lld %s %d %p %d %d %zu".as_ptr(),
              1, -2i64, 259, 4u32, 0xabu32, -6i64, c"seven".as_ptr(), 8, 0x99usize as *const u8, 10, 11, 12usize)
        };
        assert_eq!(text(&buf), "1 -2 3 4 ab -6 seven 8 0x99 10 11 12");
        assert_eq!(r as usize, text(&buf).len());
    }

    #[test]
    fn double_arguments_past_the_registers() {
        let f = snp();
        let mut buf = [0u8; 160];
        let r = unsafe {
            f(buf.as_mut_ptr().cast(), buf.len(), c"%g %g %g %g %g %g %g %g %g %g %g %g".as_ptr(),
              1.0f64, 2.5f64, -3.0f64, 4e10f64, 5e-10f64, 6.0f64, 7.0f64, 8.0f64, 9.5f64, 10.0f64, 11.0f64, 0.125f64)
        };
        assert_eq!(text(&buf), "1 2.5 -3 4e+10 5e-10 6 7 8 9.5 10 11 0.125");
        assert_eq!(r as usize, text(&buf).len());
    }

    #[test]
    fn mixed_arguments_keep_their_order() {
        let f = snp();
        let mut buf = [0u8; 256];
        let r = unsafe {
            f(buf.as_mut_ptr().cast(), buf.len(),
              c"%d %.1f %d %.1f %d %.1f %d %.1f %d %.1f %d %.1f %d %.1f %d %.1f %d %.1f %d %.1f %s".as_ptr(),
              1, 1.5f64, 2, 2.5f64, 3, 3.5f64, 4, 4.5f64, 5, 5.5f64, 6, 6.5f64, 7, 7.5f64, 8, 8.5f64, 9, 9.5f64, 10, 10.5f64,
              c"end".as_ptr())
        };
        assert_eq!(text(&buf), "1 1.5 2 2.5 3 3.5 4 4.5 5 5.5 6 6.5 7 7.5 8 8.5 9 9.5 10 10.5 end");
        assert_eq!(r as usize, text(&buf).len());
        // Positional, over the same kinds of slots, read in position order.
        let r = unsafe {
            f(buf.as_mut_ptr().cast(), buf.len(), c"%9$s %8$.2f %7$d %6$d %5$d %4$d %3$d %2$d %1$.3e".as_ptr(),
              1.0f64, 2, 3, 4, 5, 6, 7, 8.0f64, c"nine".as_ptr())
        };
        assert_eq!(text(&buf), "nine 8.00 7 6 5 4 3 2 1.000e+00");
        assert_eq!(r as usize, text(&buf).len());
    }

    #[test]
    fn no_vector_registers_announced() {
        // Integer-only calls set al to 0: the vector registers are not stored, nothing breaks.
        let f = snp();
        let mut buf = [0u8; 32];
        let r = unsafe { f(buf.as_mut_ptr().cast(), buf.len(), c"%s-%s".as_ptr(), c"a".as_ptr(), c"b".as_ptr()) };
        assert_eq!((r, text(&buf)), (3, "a-b"));
    }

    #[test]
    fn sprintf_writes_the_whole_output() {
        let f: Sprintf = unsafe { core::mem::transmute(sprintf as *const ()) };
        let mut buf = [b'#'; 40];
        let r = unsafe { f(buf.as_mut_ptr().cast(), c"[%-6s|%+.3d|%#o]".as_ptr(), c"ab".as_ptr(), 7, 8) };
        assert_eq!((r, text(&buf)), (17, "[ab    |+007|010]"));
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn a_va_list_already_partly_read() {
        // What a C function hands on after its own va_arg calls: two integer and six
        // vector registers used, one stack slot taken.
        let mut save = [0u64; 22];
        save[2] = 33;
        save[3] = (-44i64) as u64;
        save[4] = 55;
        save[5] = c"str".as_ptr() as u64;
        save[18] = 6.5f64.to_bits();
        save[20] = 7.25f64.to_bits();
        let stack = [0u64, 88, 9.75f64.to_bits(), 111];
        let mut ap = VaListState {
            gp_offset: 16,
            fp_offset: 48 + 6 * 16,
            overflow_arg_area: stack[1..].as_ptr() as *mut u8,
            reg_save_area: save.as_mut_ptr().cast(),
        };
        let mut buf = [0u8; 64];
        let r = unsafe { vsnprintf(buf.as_mut_ptr().cast(), buf.len(), c"%d %ld %u %s %g %g %d %g %d".as_ptr(), &mut ap) };
        // Integers 5.. and doubles 3.. come from the stack, in call order.
        assert_eq!(text(&buf), "33 -44 55 str 6.5 7.25 88 9.75 111");
        assert_eq!(r as usize, text(&buf).len());
        assert_eq!((ap.gp_offset, ap.fp_offset), (48, 176));
        assert_eq!(ap.overflow_arg_area as *const u64, stack[4..].as_ptr());
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn long_doubles_come_from_16_aligned_stack_slots() {
        // All registers used; the stack holds an int, then (after a pad slot) a long double,
        // an int, and another long double at the next 16-byte boundary.
        #[repr(C, align(16))]
        struct Stack([u64; 10]);
        let mut save = [0u64; 22];
        let third = F80 { mant: 0xaaaa_aaaa_aaaa_aaab, se: 0x3ffd };
        let stack = Stack([7, 0xdead, 0xc000_0000_0000_0000, 0xbfff, 9, 0xdead, third.mant, u64::from(third.se), 11, 0]);
        let mut ap = VaListState {
            gp_offset: limpet_va::arch::GP_END,
            fp_offset: limpet_va::arch::FP_END,
            overflow_arg_area: stack.0.as_ptr() as *mut u8,
            reg_save_area: save.as_mut_ptr().cast(),
        };
        let mut buf = [0u8; 64];
        let r = unsafe { vsnprintf(buf.as_mut_ptr().cast(), buf.len(), c"%d %Lg %d %.5Lf %d".as_ptr(), &mut ap) };
        assert_eq!(text(&buf), "7 -1.5 9 0.33333 11");
        assert_eq!(r as usize, text(&buf).len());
        assert_eq!(ap.overflow_arg_area as *const u64, stack.0[9..].as_ptr());
    }

    #[test]
    fn dprintf_writes_in_musl_sized_chunks() {
        let f: Dprintf = unsafe { core::mem::transmute(dprintf as *const ()) };
        let p = Pipe::new();
        let long = "x".repeat(200);
        let long_c = std::ffi::CString::new(long.clone()).unwrap();
        let r = unsafe { f(p.wr, c"%s|%d\n".as_ptr(), long_c.as_ptr(), 7) };
        assert_eq!(r, 203);
        assert_eq!(p.take(), format!("{long}|7\n").into_bytes());
        assert_eq!(unsafe { f(-1, c"abc".as_ptr()) }, -1);
        assert_eq!(errno(), EBADF);
        // musl makes its final write even when there is nothing to write.
        assert_eq!(unsafe { f(-1, c"".as_ptr()) }, -1);
        assert_eq!(unsafe { f(p.wr, c"".as_ptr()) }, 0);
        assert_eq!(unsafe { f(p.wr, c"%y".as_ptr()) }, -1);
        assert_eq!(errno(), EINVAL);
    }

    #[test]
    fn fprintf_onto_a_stream() {
        let f: Fprintf = unsafe { core::mem::transmute(fprintf as *const ()) };
        let p = Pipe::new();
        let mut buf = [0u8; 16];
        let file = FILE::new(p.wr, buf.as_mut_ptr(), buf.len(), 0);
        let fp = &file as *const FILE as *mut FILE;
        assert_eq!(unsafe { f(fp, c"%s=%d;".as_ptr(), c"ab".as_ptr(), 12) }, 6);
        assert_eq!(p.take(), b"");
        assert_eq!(unsafe { f(fp, c"%s".as_ptr(), c"0123456789abcdef".as_ptr()) }, 16);
        assert_eq!(p.take(), b"ab=12;0123456789abcdef");
        // An unbuffered stream gets its output in one write (checked by content here).
        let u = FILE::new(p.wr, core::ptr::null_mut(), 0, 0);
        let up = &u as *const FILE as *mut FILE;
        assert_eq!(unsafe { f(up, c"%05d|%x".as_ptr(), 42, 255) }, 8);
        assert_eq!(p.take(), b"00042|ff");
        assert_eq!(u.with_lock(|s| (s.cap, s.len, s.buf.is_null())), (0, 0, true));
    }

    #[test]
    fn fprintf_failures_and_the_old_error_flag() {
        let f: Fprintf = unsafe { core::mem::transmute(fprintf as *const ()) };
        let bad = FILE::new(-1, core::ptr::null_mut(), 0, 0);
        let bp = &bad as *const FILE as *mut FILE;
        assert_eq!(unsafe { f(bp, c"%d".as_ptr(), 1) }, -1);
        assert_eq!(errno(), EBADF);
        assert_eq!(bad.with_lock(|s| s.flags & F_ERR), F_ERR);
        // A stream that failed before, but buffers this output fine, succeeds and keeps its flag.
        let mut buf = [0u8; 16];
        let old = FILE::new(-1, buf.as_mut_ptr(), buf.len(), F_ERR);
        let op = &old as *const FILE as *mut FILE;
        assert_eq!(unsafe { f(op, c"%d".as_ptr(), 1) }, 1);
        assert_eq!(old.with_lock(|s| s.flags & F_ERR), F_ERR);
        // An invalid format is reported before the stream is touched.
        assert_eq!(unsafe { f(op, c"%k".as_ptr()) }, -1);
        assert_eq!(errno(), EINVAL);
    }
}
