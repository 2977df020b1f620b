//! The x86_64 `va_list` and the variadic trampolines.
//!
//! SysV x86_64 passes the first six integer arguments in `rdi rsi rdx rcx r8 r9` and the
//! first eight floating-point ones in `xmm0..xmm7`; the rest go on the stack in 8-byte
//! slots, and `al` tells a variadic callee how many vector registers are in use. A `long
//! double` (class X87) always goes on the stack, in a 16-byte slot aligned to 16. `va_list`
//! is a one-element array of [`VaListX86`], so C passes it to a `v*` function as a pointer.
use core::ffi::{c_char, c_int};

use crate::file::FILE;
use crate::printf::{ArgSource, F80};
use crate::wide::WcharT;

/// `va_list`'s element type: where the next arguments are.
#[repr(C)]
pub struct VaListX86 {
    /// Offset into `reg_save_area` of the next integer register; 48 once all six are used.
    pub gp_offset: u32,
    /// Offset into `reg_save_area` of the next vector register; 176 once all eight are used.
    pub fp_offset: u32,
    /// The next argument passed on the stack.
    pub overflow_arg_area: *mut u8,
    /// The six integer registers, then the eight vector registers (16 bytes each).
    pub reg_save_area: *mut u8,
}

/// What a C `va_list` parameter is on x86_64.
pub type VaList = *mut VaListX86;

/// End of the integer registers in the save area: 6 × 8 bytes.
const GP_END: u32 = 48;
/// End of the vector registers: 48 + 8 × 16 bytes.
const FP_END: u32 = 176;
const GP_SLOT: u32 = 8;
const FP_SLOT: u32 = 16;
const STACK_SLOT: usize = 8;
/// Size and alignment of a `long double`'s stack slot.
const F80_SLOT: usize = 16;

/// An [`ArgSource`] that reads a C `va_list`, advancing it as `va_arg` does.
pub struct VaArgs {
    ap: VaList,
}

impl VaArgs {
    /// # Safety
    /// `ap` must point to a `va_list` that was started by `va_start` (or built by a
    /// trampoline) and is not read elsewhere meanwhile; it must hold the arguments that
    /// will be asked for.
    pub unsafe fn new(ap: VaList) -> Self {
        VaArgs { ap }
    }

    /// Takes the next 8-byte stack slot.
    ///
    /// # Safety
    /// The caller must have an argument there.
    unsafe fn stack_slot(&mut self) -> u64 {
        // SAFETY: `new`'s contract.
        unsafe {
            let ap = &mut *self.ap;
            let v = ap.overflow_arg_area.cast::<u64>().read_unaligned();
            ap.overflow_arg_area = ap.overflow_arg_area.add(STACK_SLOT);
            v
        }
    }
}

impl ArgSource for VaArgs {
    fn next_int(&mut self) -> u64 {
        // SAFETY: `new`'s contract: the va_list is live and holds this argument.
        unsafe {
            let ap = &mut *self.ap;
            if ap.gp_offset < GP_END {
                let v = ap.reg_save_area.add(ap.gp_offset as usize).cast::<u64>().read_unaligned();
                ap.gp_offset += GP_SLOT;
                v
            } else {
                self.stack_slot()
            }
        }
    }

    fn next_f64(&mut self) -> f64 {
        // SAFETY: as for next_int.
        unsafe {
            let ap = &mut *self.ap;
            if ap.fp_offset < FP_END {
                let v = ap.reg_save_area.add(ap.fp_offset as usize).cast::<f64>().read_unaligned();
                ap.fp_offset += FP_SLOT;
                v
            } else {
                f64::from_bits(self.stack_slot())
            }
        }
    }

    fn next_f80(&mut self) -> F80 {
        // SAFETY: as for next_int; the argument is in the overflow area, at its next 16-byte
        // boundary, and its 10 bytes are the significand then the sign and exponent.
        unsafe {
            let ap = &mut *self.ap;
            let skip = (F80_SLOT - ap.overflow_arg_area as usize % F80_SLOT) % F80_SLOT;
            let at = ap.overflow_arg_area.add(skip);
            let x = F80 { mant: at.cast::<u64>().read_unaligned(), se: at.add(8).cast::<u16>().read_unaligned() };
            ap.overflow_arg_area = at.add(F80_SLOT);
            x
        }
    }
}

impl crate::scanf::PtrSource for VaArgs {
    fn next_ptr(&mut self) -> *mut core::ffi::c_void {
        self.next_int() as *mut core::ffi::c_void
    }

    fn nth_ptr(&self, n: usize) -> *mut core::ffi::c_void {
        // `va_copy` is a copy of the struct on x86_64; the save areas it points to are shared.
        // SAFETY: `new`'s contract: the va_list is live.
        let mut copy = unsafe { self.ap.read() };
        let mut ahead = VaArgs { ap: &mut copy };
        let mut p = 0;
        for _ in 0..n.max(1) {
            p = ahead.next_int();
        }
        p as *mut core::ffi::c_void
    }
}

/// Defines a variadic C function as a naked trampoline into its `v*` function.
///
/// At entry `rsp` is 8 mod 16. The trampoline reserves 216 bytes (which realigns the stack
/// for the call): the 176-byte register save area at `rsp`, then the 24-byte `va_list` at
/// `rsp+176`. The integer registers are stored unconditionally, the vector ones only when
/// `al` says some are in use. The named arguments are still in their registers, so the
/// `va_list`'s address goes in the next one, and `gp_offset` starts past the named ones.
macro_rules! variadic {
    ($(#[$doc:meta])* fn $name:ident($($arg:ident: $ty:ty),+) => $target:path, named = $named:literal, ap = $ap_reg:literal) => {
        $(#[$doc])*
        #[unsafe(naked)]
        #[cfg_attr(feature = "export", unsafe(no_mangle))]
        pub unsafe extern "C" fn $name($($arg: $ty),+) -> c_int {
            core::arch::naked_asm!(
                "sub rsp, 216",
                "mov [rsp], rdi",
                "mov [rsp + 8], rsi",
                "mov [rsp + 16], rdx",
                "mov [rsp + 24], rcx",
                "mov [rsp + 32], r8",
                "mov [rsp + 40], r9",
                "test al, al",
                "je 2f",
                "movaps [rsp + 48], xmm0",
                "movaps [rsp + 64], xmm1",
                "movaps [rsp + 80], xmm2",
                "movaps [rsp + 96], xmm3",
                "movaps [rsp + 112], xmm4",
                "movaps [rsp + 128], xmm5",
                "movaps [rsp + 144], xmm6",
                "movaps [rsp + 160], xmm7",
                "2:",
                "mov dword ptr [rsp + 176], {gp_offset}",
                "mov dword ptr [rsp + 180], {fp_offset}",
                "lea rax, [rsp + 224]",
                "mov [rsp + 184], rax",
                "mov [rsp + 192], rsp",
                concat!("lea ", $ap_reg, ", [rsp + 176]"),
                "call {target}",
                "add rsp, 216",
                "ret",
                gp_offset = const 8 * $named,
                fp_offset = const GP_END,
                target = sym $target,
            )
        }
    };
}

variadic! {
    /// `printf(fmt, ...)`—`vprintf(fmt, ap)` over the variadic arguments.
    ///
    /// # Safety
    /// As for `vfprintf`; call it as a C variadic function (from Rust, through a
    /// `unsafe extern "C" fn(*const c_char, ...) -> c_int` pointer).
    fn printf(fmt: *const c_char) => crate::vfprintf::vprintf, named = 1, ap = "rsi"
}

variadic! {
    /// `fprintf(f, fmt, ...)`—`vfprintf(f, fmt, ap)` over the variadic arguments.
    ///
    /// # Safety
    /// As for `printf`.
    fn fprintf(f: *mut FILE, fmt: *const c_char) => crate::vfprintf::vfprintf, named = 2, ap = "rdx"
}

variadic! {
    /// `dprintf(fd, fmt, ...)`—`vdprintf(fd, fmt, ap)` over the variadic arguments.
    ///
    /// # Safety
    /// As for `printf`.
    fn dprintf(fd: c_int, fmt: *const c_char) => crate::vdprintf::vdprintf, named = 2, ap = "rdx"
}

variadic! {
    /// `sprintf(buf, fmt, ...)`—`vsprintf(buf, fmt, ap)` over the variadic arguments.
    ///
    /// # Safety
    /// As for `printf`, and `buf` must have room for the whole output and its NUL.
    fn sprintf(buf: *mut c_char, fmt: *const c_char) => crate::vsnprintf::vsprintf, named = 2, ap = "rdx"
}

variadic! {
    /// `snprintf(buf, n, fmt, ...)`—`vsnprintf(buf, n, fmt, ap)` over the variadic arguments.
    ///
    /// # Safety
    /// As for `printf`, and `buf` must be writable for `n` bytes.
    fn snprintf(buf: *mut c_char, n: usize, fmt: *const c_char) => crate::vsnprintf::vsnprintf, named = 3, ap = "rcx"
}

variadic! {
    /// `asprintf(s, fmt, ...)`—`vasprintf(s, fmt, ap)` over the variadic arguments.
    ///
    /// # Safety
    /// As for `printf`, and `s` must be writable.
    fn asprintf(s: *mut *mut c_char, fmt: *const c_char) => crate::vasprintf::vasprintf, named = 2, ap = "rdx"
}

variadic! {
    /// `scanf(fmt, ...)`—`vscanf(fmt, ap)` over the variadic arguments.
    ///
    /// # Safety
    /// As for `vfscanf`; call it as a C variadic function.
    fn scanf(fmt: *const c_char) => crate::scanf::vscanf, named = 1, ap = "rsi"
}

variadic! {
    /// `fscanf(f, fmt, ...)`—`vfscanf(f, fmt, ap)` over the variadic arguments.
    ///
    /// # Safety
    /// As for `scanf`.
    fn fscanf(f: *mut FILE, fmt: *const c_char) => crate::scanf::vfscanf, named = 2, ap = "rdx"
}

variadic! {
    /// `sscanf(s, fmt, ...)`—`vsscanf(s, fmt, ap)` over the variadic arguments.
    ///
    /// # Safety
    /// As for `scanf`, and `s` must be NUL-terminated.
    fn sscanf(s: *const c_char, fmt: *const c_char) => crate::scanf::vsscanf, named = 2, ap = "rdx"
}

variadic! {
    /// `__isoc99_scanf(fmt, ...)`—glibc's C99 name for `scanf`, which musl exports too.
    ///
    /// # Safety
    /// As for `scanf`.
    fn __isoc99_scanf(fmt: *const c_char) => crate::scanf::vscanf, named = 1, ap = "rsi"
}

variadic! {
    /// `__isoc99_fscanf(f, fmt, ...)`—glibc's C99 name for `fscanf`.
    ///
    /// # Safety
    /// As for `fscanf`.
    fn __isoc99_fscanf(f: *mut FILE, fmt: *const c_char) => crate::scanf::vfscanf, named = 2, ap = "rdx"
}

variadic! {
    /// `__isoc99_sscanf(s, fmt, ...)`—glibc's C99 name for `sscanf`.
    ///
    /// # Safety
    /// As for `sscanf`.
    fn __isoc99_sscanf(s: *const c_char, fmt: *const c_char) => crate::scanf::vsscanf, named = 2, ap = "rdx"
}

variadic! {
    /// `fwprintf(f, fmt, ...)`—`vfwprintf(f, fmt, ap)` over the variadic arguments.
    ///
    /// # Safety
    /// As for `vfwprintf`; call it as a C variadic function.
    fn fwprintf(f: *mut FILE, fmt: *const WcharT) => crate::wprintf::vfwprintf, named = 2, ap = "rdx"
}

variadic! {
    /// `wprintf(fmt, ...)`—`vwprintf(fmt, ap)` over the variadic arguments.
    ///
    /// # Safety
    /// As for `vfwprintf`; call it as a C variadic function.
    fn wprintf(fmt: *const WcharT) => crate::wprintf::vwprintf, named = 1, ap = "rsi"
}

variadic! {
    /// `swprintf(s, n, fmt, ...)`—`vswprintf(s, n, fmt, ap)` over the variadic arguments.
    ///
    /// # Safety
    /// As for `vswprintf`; call it as a C variadic function.
    fn swprintf(s: *mut WcharT, n: usize, fmt: *const WcharT) => crate::wprintf::vswprintf, named = 3, ap = "rcx"
}

variadic! {
    /// `wscanf(fmt, ...)`—`vwscanf(fmt, ap)` over the variadic arguments.
    ///
    /// # Safety
    /// As for `vfwscanf`; call it as a C variadic function.
    fn wscanf(fmt: *const i32) => crate::wscanf::vwscanf, named = 1, ap = "rsi"
}

variadic! {
    /// `fwscanf(f, fmt, ...)`—`vfwscanf(f, fmt, ap)` over the variadic arguments.
    ///
    /// # Safety
    /// As for `wscanf`.
    fn fwscanf(f: *mut FILE, fmt: *const i32) => crate::wscanf::vfwscanf, named = 2, ap = "rdx"
}

variadic! {
    /// `swscanf(s, fmt, ...)`—`vswscanf(s, fmt, ap)` over the variadic arguments.
    ///
    /// # Safety
    /// As for `wscanf`, and `s` must be a NUL-terminated wide string.
    fn swscanf(s: *const i32, fmt: *const i32) => crate::wscanf::vswscanf, named = 2, ap = "rdx"
}

variadic! {
    /// `__isoc99_wscanf(fmt, ...)`—glibc's C99 name for `wscanf`, which musl exports too.
    ///
    /// # Safety
    /// As for `wscanf`.
    fn __isoc99_wscanf(fmt: *const i32) => crate::wscanf::vwscanf, named = 1, ap = "rsi"
}

variadic! {
    /// `__isoc99_fwscanf(f, fmt, ...)`—glibc's C99 name for `fwscanf`.
    ///
    /// # Safety
    /// As for `fwscanf`.
    fn __isoc99_fwscanf(f: *mut FILE, fmt: *const i32) => crate::wscanf::vfwscanf, named = 2, ap = "rdx"
}

variadic! {
    /// `__isoc99_swscanf(s, fmt, ...)`—glibc's C99 name for `swscanf`.
    ///
    /// # Safety
    /// As for `swscanf`.
    fn __isoc99_swscanf(s: *const i32, fmt: *const i32) => crate::wscanf::vswscanf, named = 2, ap = "rdx"
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::file::{FILE, F_ERR};
    use crate::testutil::{Pipe, errno};
    use crate::vsnprintf::vsnprintf;
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
    fn va_list_layout() {
        assert_eq!(core::mem::size_of::<VaListX86>(), 24);
        assert_eq!(core::mem::offset_of!(VaListX86, overflow_arg_area), 8);
        assert_eq!(core::mem::offset_of!(VaListX86, reg_save_area), 16);
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
        let mut ap = VaListX86 {
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

    #[test]
    fn long_doubles_come_from_16_aligned_stack_slots() {
        // All registers used; the stack holds an int, then (after a pad slot) a long double,
        // an int, and another long double at the next 16-byte boundary.
        #[repr(C, align(16))]
        struct Stack([u64; 10]);
        let mut save = [0u64; 22];
        let third = F80 { mant: 0xaaaa_aaaa_aaaa_aaab, se: 0x3ffd };
        let stack = Stack([7, 0xdead, 0xc000_0000_0000_0000, 0xbfff, 9, 0xdead, third.mant, u64::from(third.se), 11, 0]);
        let mut ap = VaListX86 {
            gp_offset: GP_END,
            fp_offset: FP_END,
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
