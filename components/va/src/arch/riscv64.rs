//! riscv64 (LP64D): the `va_list` and the variadic trampoline.
//!
//! Variadic arguments travel in the integer registers `a0..a7`, floating-point ones too (as
//! their bits), then on the stack in 8-byte slots. A 16-byte `long double` (IEEE binary128)
//! takes an aligned pair: an even register and the next, or a 16-byte aligned stack slot.
//! A callee that stores `a0..a7` in the 64 bytes just below its incoming stack pointer
//! makes registers and stack one array, and `va_list` is a plain pointer into it.

/// What a C `va_list` is on riscv64: the address of the next argument.
pub type VaList = *mut u8;

/// The state `va_copy` copies: the pointer itself.
pub type VaListState = VaList;

const SLOT: usize = 8;
/// Size and alignment of a `long double`'s slot.
const LONG_DOUBLE_SLOT: usize = 16;

/// Reads a C `va_list` in order, advancing a copy of it (the caller's `va_list` is passed
/// by value).
pub struct VaArgs {
    next: *mut u8,
}

impl VaArgs {
    /// # Safety
    /// `ap` must be a `va_list` that was started by `va_start` (or built by a trampoline);
    /// it must hold the arguments that will be asked for, of the kinds they will be asked as.
    pub unsafe fn new(ap: VaList) -> Self {
        VaArgs { next: ap }
    }

    /// Takes the next slot of `size` bytes, aligned to `size`.
    fn slot(&mut self, size: usize) -> *const u8 {
        let at = self.next.wrapping_add((size - self.next as usize % size) % size);
        self.next = at.wrapping_add(size);
        at
    }

    /// The next argument of integer class (any integer type up to 64 bits, or a pointer) as
    /// its whole 64-bit slot; the caller narrows it.
    pub fn next_int(&mut self) -> u64 {
        // SAFETY: `new`'s contract: the list holds this argument in its next slot.
        unsafe { self.slot(SLOT).cast::<u64>().read_unaligned() }
    }

    /// The next `double` (a `float` argument arrives promoted to one), from its integer slot.
    pub fn next_f64(&mut self) -> f64 {
        f64::from_bits(self.next_int())
    }

    /// The next `long double`'s bits: IEEE binary128, from an aligned pair of slots.
    pub fn next_long_double(&mut self) -> u128 {
        // SAFETY: `new`'s contract: the list holds this argument in its next aligned pair.
        unsafe { self.slot(LONG_DOUBLE_SLOT).cast::<u128>().read_unaligned() }
    }

    /// Runs `f` on a copy of the list as it stands (`va_copy`), leaving this one where it is.
    pub fn with_copy<R>(&self, f: impl FnOnce(&mut VaArgs) -> R) -> R {
        f(&mut VaArgs { next: self.next })
    }
}

/// The register that carries the `va_list` pointer: the one after the named arguments.
#[doc(hidden)]
#[macro_export]
macro_rules! __va_ap_register {
    ($a:ident) => { "a1" };
    ($a:ident, $b:ident) => { "a2" };
    ($a:ident, $b:ident, $c:ident) => { "a3" };
    ($a:ident, $b:ident, $c:ident, $d:ident) => { "a4" };
    ($a:ident, $b:ident, $c:ident, $d:ident, $e:ident) => { "a5" };
}

/// Defines a C-variadic function as a naked trampoline into a function that takes the
/// same named arguments and then a [`VaList`] (see the x86_64 version for the use).
///
/// The frame is 80 bytes: the return address at `sp`, then `a0..a7` at `sp+16..sp+80`,
/// which ends where the caller's stack arguments begin. The `va_list` points at the slot
/// of the first variadic argument.
#[macro_export]
macro_rules! variadic {
    ($(#[$doc:meta])* fn $name:ident($($arg:ident: $ty:ty),+) -> $ret:ty => $target:path) => {
        $(#[$doc])*
        #[unsafe(naked)]
        #[cfg_attr(feature = "export", unsafe(no_mangle))]
        pub unsafe extern "C" fn $name($($arg: $ty),+) -> $ret {
            core::arch::naked_asm!(
                "addi sp, sp, -80",
                "sd ra, 0(sp)",
                "sd a0, 16(sp)",
                "sd a1, 24(sp)",
                "sd a2, 32(sp)",
                "sd a3, 40(sp)",
                "sd a4, 48(sp)",
                "sd a5, 56(sp)",
                "sd a6, 64(sp)",
                "sd a7, 72(sp)",
                concat!("addi ", $crate::__va_ap_register!($($arg),+), ", sp, {first}"),
                "call {target}",
                "ld ra, 0(sp)",
                "addi sp, sp, 80",
                "ret",
                first = const 16 + 8 * $crate::__count!($($arg),+),
                target = sym $target,
            )
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_in_order_with_long_doubles_aligned() {
        #[repr(C, align(16))]
        struct Area([u64; 6]);
        let area = Area([5, 0x2222, 0x1111, 0x4000_0000_0000_0000, 1.25f64.to_bits(), 0]);
        let mut va = unsafe { VaArgs::new(area.0.as_ptr() as *mut u8) };
        assert_eq!(va.next_int(), 5);
        assert_eq!(va.with_copy(|c| c.next_int()), 0x2222);
        // The pair starts at the next even slot.
        assert_eq!(va.next_long_double(), 0x4000_0000_0000_0000_0000_0000_0000_1111);
        assert_eq!(va.next_f64(), 1.25);
    }
}
