//! x86_64 (SysV): the `va_list` and the variadic trampoline.
//!
//! The first six integer arguments travel in `rdi rsi rdx rcx r8 r9` and the first eight
//! floating-point ones in `xmm0..xmm7`; the rest go on the stack in 8-byte slots, and `al`
//! tells a variadic callee how many vector registers are in use. A `long double` (class X87)
//! always goes on the stack, in a 16-byte slot aligned to 16. `va_list` is a one-element
//! array of [`VaListState`], so C passes it to a `v*` function as a pointer.

/// `va_list`'s element type: where the next arguments are.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct VaListState {
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
pub type VaList = *mut VaListState;

/// End of the integer registers in the save area: 6 × 8 bytes.
pub const GP_END: u32 = 48;
/// End of the vector registers: 48 + 8 × 16 bytes.
pub const FP_END: u32 = 176;
const GP_SLOT: u32 = 8;
const FP_SLOT: u32 = 16;
const STACK_SLOT: usize = 8;
/// Size and alignment of a `long double`'s stack slot.
const LONG_DOUBLE_SLOT: usize = 16;
/// Bits of an x87 extended value: 64 of significand, 16 of sign and exponent.
const X87_BITS: u32 = 80;

/// Reads a C `va_list` in order, advancing it as `va_arg` does.
pub struct VaArgs {
    ap: VaList,
}

impl VaArgs {
    /// # Safety
    /// `ap` must point to a `va_list` that was started by `va_start` (or built by a
    /// trampoline) and is not read elsewhere meanwhile; it must hold the arguments that
    /// will be asked for, of the kinds they will be asked as.
    pub unsafe fn new(ap: VaList) -> Self {
        VaArgs { ap }
    }

    /// Takes the next 8-byte stack slot.
    ///
    /// # Safety
    /// The caller must have an argument there.
    unsafe fn stack_slot(&mut self) -> u64 {
        // SAFETY: `new`'s contract: the overflow area holds the next stack argument.
        unsafe {
            let ap = &mut *self.ap;
            let v = ap.overflow_arg_area.cast::<u64>().read_unaligned();
            ap.overflow_arg_area = ap.overflow_arg_area.add(STACK_SLOT);
            v
        }
    }

    /// The next argument of integer class (any integer type up to 64 bits, or a pointer) as
    /// its whole 64-bit slot; the caller narrows it.
    pub fn next_int(&mut self) -> u64 {
        // SAFETY: `new`'s contract: the va_list is live and holds this argument, in the
        // register save area while `gp_offset` is below its end, on the stack after.
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

    /// The next `double` (a `float` argument arrives promoted to one).
    pub fn next_f64(&mut self) -> f64 {
        // SAFETY: as for next_int, with the vector part of the save area.
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

    /// The next `long double`'s bits: the x87 80-bit value, its 64-bit significand (with
    /// the explicit integer bit) low and its sign and 15-bit exponent in bits 64..80.
    pub fn next_long_double(&mut self) -> u128 {
        // SAFETY: as for next_int; the argument is in the overflow area at its next 16-byte
        // boundary, and its first 10 bytes are the value.
        unsafe {
            let ap = &mut *self.ap;
            let skip = (LONG_DOUBLE_SLOT - ap.overflow_arg_area as usize % LONG_DOUBLE_SLOT) % LONG_DOUBLE_SLOT;
            let at = ap.overflow_arg_area.add(skip);
            let bits = at.cast::<u128>().read_unaligned() & ((1u128 << X87_BITS) - 1);
            ap.overflow_arg_area = at.add(LONG_DOUBLE_SLOT);
            bits
        }
    }

    /// Runs `f` on a copy of the list as it stands (`va_copy`), leaving this one where it is.
    pub fn with_copy<R>(&self, f: impl FnOnce(&mut VaArgs) -> R) -> R {
        // `va_copy` copies the struct; the save areas it points into are shared, and only read.
        // SAFETY: `new`'s contract: the va_list is live.
        let mut state = unsafe { self.ap.read() };
        f(&mut VaArgs { ap: &mut state })
    }
}

/// The register that carries the `va_list` pointer: the one after the named arguments.
#[doc(hidden)]
#[macro_export]
macro_rules! __va_ap_register {
    ($a:ident) => { "rsi" };
    ($a:ident, $b:ident) => { "rdx" };
    ($a:ident, $b:ident, $c:ident) => { "rcx" };
    ($a:ident, $b:ident, $c:ident, $d:ident) => { "r8" };
    ($a:ident, $b:ident, $c:ident, $d:ident, $e:ident) => { "r9" };
}

/// Defines a C-variadic function as a naked trampoline into a function that takes the
/// same named arguments and then a [`VaList`]:
/// ```ignore
/// limpet_va::variadic! {
///     /// `printf(fmt, ...)`—`vprintf(fmt, ap)` over the variadic arguments.
///     fn printf(fmt: *const c_char) -> c_int => crate::vfprintf::vprintf
/// }
/// ```
/// The function gets its C name when the calling crate's `export` feature is on. From one
/// to five named arguments, all of integer class.
///
/// At entry `rsp` is 8 mod 16. The trampoline reserves 216 bytes (which realigns the stack
/// for the call): the 176-byte register save area at `rsp`, then the 24-byte `va_list` at
/// `rsp+176`. The integer registers are stored unconditionally, the vector ones only when
/// `al` says some are in use. The named arguments are still in their registers, so the
/// `va_list`'s address goes in the next one, and `gp_offset` starts past the named ones.
#[macro_export]
macro_rules! variadic {
    ($(#[$doc:meta])* fn $name:ident($($arg:ident: $ty:ty),+) -> $ret:ty => $target:path) => {
        $(#[$doc])*
        #[unsafe(naked)]
        #[cfg_attr(feature = "export", unsafe(no_mangle))]
        pub unsafe extern "C" fn $name($($arg: $ty),+) -> $ret {
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
                concat!("lea ", $crate::__va_ap_register!($($arg),+), ", [rsp + 176]"),
                "call {target}",
                "add rsp, 216",
                "ret",
                gp_offset = const 8 * $crate::__count!($($arg),+),
                fp_offset = const $crate::arch::GP_END,
                target = sym $target,
            )
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_is_the_abis() {
        assert_eq!(core::mem::size_of::<VaListState>(), 24);
        assert_eq!(core::mem::offset_of!(VaListState, fp_offset), 4);
        assert_eq!(core::mem::offset_of!(VaListState, overflow_arg_area), 8);
        assert_eq!(core::mem::offset_of!(VaListState, reg_save_area), 16);
    }

    #[test]
    fn a_va_list_already_partly_read() {
        // What a C function hands on after its own va_arg calls: two integer and six
        // vector registers used, one stack slot taken.
        let mut save = [0u64; 22];
        save[2] = 33;
        save[3] = (-44i64) as u64;
        save[18] = 6.5f64.to_bits();
        save[20] = 7.25f64.to_bits();
        let stack = [0u64, 88, 9.75f64.to_bits(), 111];
        let mut ap = VaListState {
            gp_offset: 16,
            fp_offset: 48 + 6 * 16,
            overflow_arg_area: stack[1..].as_ptr() as *mut u8,
            reg_save_area: save.as_mut_ptr().cast(),
        };
        let mut va = unsafe { VaArgs::new(&mut ap) };
        assert_eq!(va.next_int(), 33);
        assert_eq!(va.next_int() as i64, -44);
        assert_eq!(va.with_copy(|c| (c.next_int(), c.next_int(), c.next_int())), (0, 0, 88));
        assert_eq!(va.next_f64(), 6.5);
        assert_eq!(va.next_f64(), 7.25);
        // Registers used up: the stack, in call order, whatever the kind.
        assert_eq!(va.next_int(), 0);
        assert_eq!(va.next_int(), 0);
        assert_eq!(va.next_int(), 88);
        assert_eq!(va.next_f64(), 9.75);
        assert_eq!(va.next_int(), 111);
        assert_eq!((ap.gp_offset, ap.fp_offset), (48, 176));
        assert_eq!(ap.overflow_arg_area as *const u64, stack[4..].as_ptr());
    }

    #[test]
    fn long_doubles_come_from_16_aligned_stack_slots() {
        #[repr(C, align(16))]
        struct Stack([u64; 6]);
        let mut save = [0u64; 22];
        let stack = Stack([7, 0xdead, 0xc000_0000_0000_0000, 0xffff_bfff, 9, 0]);
        let mut ap = VaListState {
            gp_offset: GP_END,
            fp_offset: FP_END,
            overflow_arg_area: stack.0.as_ptr() as *mut u8,
            reg_save_area: save.as_mut_ptr().cast(),
        };
        let mut va = unsafe { VaArgs::new(&mut ap) };
        assert_eq!(va.next_int(), 7);
        // The slot's padding above the 80 bits is not part of the value.
        assert_eq!(va.next_long_double(), 0xbfff_c000_0000_0000_0000);
        assert_eq!(va.next_int(), 9);
    }
}
