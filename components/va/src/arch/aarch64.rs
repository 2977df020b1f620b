//! aarch64 (AAPCS64, as Linux uses it): the `va_list` and the variadic trampoline.
//!
//! The first eight integer arguments travel in `x0..x7` and the first eight floating-point
//! ones in `q0..q7` (a `double` in the low half, a `long double`, IEEE binary128, in the
//! whole register); the rest go on the stack in 8-byte slots, 16-byte ones aligned to 16.
//! Variadic arguments are passed exactly like named ones. `va_list` is a 32-byte struct;
//! passed to a `v*` function it goes by reference to a copy the caller made, so a C
//! `va_list` parameter is a pointer to [`VaListState`] here too.

/// `va_list`: where the next arguments are. The offsets count up from minus the size of
/// the registers' save area to 0, at which point that kind comes from the stack.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct VaListState {
    /// The next argument passed on the stack.
    pub stack: *mut u8,
    /// The end of the integer registers' save area.
    pub gr_top: *mut u8,
    /// The end of the vector registers' save area.
    pub vr_top: *mut u8,
    /// Offset from `gr_top` of the next integer register; 0 once all are used.
    pub gr_offs: i32,
    /// Offset from `vr_top` of the next vector register; 0 once all are used.
    pub vr_offs: i32,
}

/// What a C `va_list` parameter is on aarch64.
pub type VaList = *mut VaListState;

const GR_SLOT: i32 = 8;
const VR_SLOT: i32 = 16;
const STACK_SLOT: usize = 8;
/// Size and alignment of a `long double`'s stack slot.
const LONG_DOUBLE_SLOT: usize = 16;
/// The save areas: eight 8-byte integer registers, eight 16-byte vector registers.
pub const GR_SAVE: i32 = 8 * GR_SLOT;
pub const VR_SAVE: i32 = 8 * VR_SLOT;

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

    /// Takes the next stack slot of `size` bytes, aligned to `align`.
    ///
    /// # Safety
    /// The caller must have an argument there.
    unsafe fn stack(&mut self, size: usize, align: usize) -> *const u8 {
        // SAFETY: `new`'s contract: the stack area holds the next stack argument.
        unsafe {
            let ap = &mut *self.ap;
            let at = ap.stack.add((align - ap.stack as usize % align) % align);
            ap.stack = at.add(size);
            at
        }
    }

    /// The next argument of integer class (any integer type up to 64 bits, or a pointer) as
    /// its whole 64-bit slot; the caller narrows it.
    pub fn next_int(&mut self) -> u64 {
        // SAFETY: `new`'s contract: the va_list is live and holds this argument, in the
        // integer save area while `gr_offs` is negative, on the stack after.
        unsafe {
            let ap = &mut *self.ap;
            if ap.gr_offs < 0 {
                let v = ap.gr_top.offset(ap.gr_offs as isize).cast::<u64>().read_unaligned();
                ap.gr_offs += GR_SLOT;
                v
            } else {
                self.stack(STACK_SLOT, STACK_SLOT).cast::<u64>().read_unaligned()
            }
        }
    }

    /// The next `double` (a `float` argument arrives promoted to one).
    pub fn next_f64(&mut self) -> f64 {
        // SAFETY: as for next_int, with the vector save area; a double is the low 8 bytes
        // of its 16-byte register slot.
        unsafe {
            let ap = &mut *self.ap;
            if ap.vr_offs < 0 {
                let v = ap.vr_top.offset(ap.vr_offs as isize).cast::<f64>().read_unaligned();
                ap.vr_offs += VR_SLOT;
                v
            } else {
                self.stack(STACK_SLOT, STACK_SLOT).cast::<f64>().read_unaligned()
            }
        }
    }

    /// The next `long double`'s bits: IEEE binary128.
    pub fn next_long_double(&mut self) -> u128 {
        // SAFETY: as for next_f64; the value fills its vector register slot, or a 16-byte
        // stack slot aligned to 16.
        unsafe {
            let ap = &mut *self.ap;
            if ap.vr_offs < 0 {
                let v = ap.vr_top.offset(ap.vr_offs as isize).cast::<u128>().read_unaligned();
                ap.vr_offs += VR_SLOT;
                v
            } else {
                self.stack(LONG_DOUBLE_SLOT, LONG_DOUBLE_SLOT).cast::<u128>().read_unaligned()
            }
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
    ($a:ident) => { "x1" };
    ($a:ident, $b:ident) => { "x2" };
    ($a:ident, $b:ident, $c:ident) => { "x3" };
    ($a:ident, $b:ident, $c:ident, $d:ident) => { "x4" };
    ($a:ident, $b:ident, $c:ident, $d:ident, $e:ident) => { "x5" };
}

/// Defines a C-variadic function as a naked trampoline into a function that takes the
/// same named arguments and then a [`VaList`] (see the x86_64 version for the use).
///
/// The frame is 240 bytes: the `va_list` at `sp`, the vector registers' save area at
/// `sp+32..sp+160`, the integer registers' at `sp+160..sp+224`, then the frame pointer and
/// link register. `gr_offs` starts past the named arguments, `vr_offs` at the first vector
/// register (named arguments are all integers), and `stack` at the caller's stack arguments.
#[macro_export]
macro_rules! variadic {
    ($(#[$doc:meta])* fn $name:ident($($arg:ident: $ty:ty),+) -> $ret:ty => $target:path) => {
        $(#[$doc])*
        #[unsafe(naked)]
        #[cfg_attr(feature = "export", unsafe(no_mangle))]
        pub unsafe extern "C" fn $name($($arg: $ty),+) -> $ret {
            core::arch::naked_asm!(
                "sub sp, sp, #240",
                "stp x29, x30, [sp, #224]",
                "stp x0, x1, [sp, #160]",
                "stp x2, x3, [sp, #176]",
                "stp x4, x5, [sp, #192]",
                "stp x6, x7, [sp, #208]",
                "stp q0, q1, [sp, #32]",
                "stp q2, q3, [sp, #64]",
                "stp q4, q5, [sp, #96]",
                "stp q6, q7, [sp, #128]",
                "add x9, sp, #240",
                "str x9, [sp]",
                "add x9, sp, #224",
                "str x9, [sp, #8]",
                "add x9, sp, #160",
                "str x9, [sp, #16]",
                "mov w9, #{gr_offs}",
                "mov w10, #{vr_offs}",
                "stp w9, w10, [sp, #24]",
                concat!("mov ", $crate::__va_ap_register!($($arg),+), ", sp"),
                "bl {target}",
                "ldp x29, x30, [sp, #224]",
                "add sp, sp, #240",
                "ret",
                gr_offs = const 8 * $crate::__count!($($arg),+) as i32 - $crate::arch::GR_SAVE,
                vr_offs = const -$crate::arch::VR_SAVE,
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
        assert_eq!(core::mem::size_of::<VaListState>(), 32);
        assert_eq!(core::mem::offset_of!(VaListState, gr_offs), 24);
        assert_eq!(core::mem::offset_of!(VaListState, vr_offs), 28);
    }

    #[test]
    fn registers_then_the_stack_with_long_doubles_aligned() {
        #[repr(C, align(16))]
        struct Area<const N: usize>([u64; N]);
        let gr = Area::<8>([0, 0, 0, 0, 0, 0, 31, 32]);
        let mut vr = Area::<16>([0; 16]);
        vr.0[14] = 2.5f64.to_bits();
        let stack = Area::<6>([41, 0xdead, 0x1111, 0x3fff_0000_0000_0000, 3.5f64.to_bits(), 0]);
        let mut ap = VaListState {
            stack: stack.0.as_ptr() as *mut u8,
            gr_top: gr.0.as_ptr_range().end as *mut u8,
            vr_top: vr.0.as_ptr_range().end as *mut u8,
            gr_offs: -16,
            vr_offs: -16,
        };
        let mut va = unsafe { VaArgs::new(&mut ap) };
        assert_eq!((va.next_int(), va.next_int()), (31, 32));
        assert_eq!(va.next_f64(), 2.5);
        assert_eq!(va.next_int(), 41);
        assert_eq!(va.next_long_double(), 0x3fff_0000_0000_0000_0000_0000_0000_1111);
        assert_eq!(va.next_f64(), 3.5);
        assert_eq!((ap.gr_offs, ap.vr_offs), (0, 0));
    }
}
