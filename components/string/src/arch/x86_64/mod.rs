//! x86_64: the SSE2, AVX2 and AVX-512 instantiations of the `generic` algorithms, the CPU
//! feature check, and the dispatch that picks one of them on first use.
pub mod avx2;
pub mod avx512;
pub mod cpu;
#[cfg(not(any(feature = "size", feature = "portable")))]
pub mod dispatch;
pub mod sse2;

/// Whether a copy of `n` bytes from `src` to `dest` should use `rep movsb`: the CPU has ERMS,
/// the regions are disjoint, and source and destination together exceed the level-1 data
/// cache.
///
/// Measured, not guessed (`cargo test -p limpet-string --release rep_movsb -- --ignored
/// --nocapture`, numbers in the README): on the AMD EPYC with a 48 KiB L1d this was decided
/// on, the AVX2 and AVX-512 loops win while both buffers fit in L1 (a 24 KiB copy: 96 ns
/// with AVX-512 against 147 with `rep movsb`) and `rep movsb` wins as soon as they do not
/// (28 KiB: 172 against 212; 64 KiB: 500 against 660), since it writes whole lines without
/// reading them first.
#[inline(always)]
pub fn use_movsb(dest: *mut u8, src: *const u8, n: usize) -> bool {
    n >= cpu::l1d_bytes() / 2 && dest.addr().abs_diff(src.addr()) >= n && cpu::has_erms()
}

/// `p`, as a value the optimiser cannot see through. A long copy returns `dest` through it:
/// knowing the callee returns its first argument, LLVM would keep `dest` in a saved register
/// across the call and return that, instead of making `memcpy`'s long path a tail call and
/// its short ones free of saved registers. It emits no instruction.
#[inline(always)]
pub fn opaque(mut p: *mut u8) -> *mut u8 {
    // SAFETY: an empty template; the register is read and written back unchanged.
    unsafe { core::arch::asm!("/* {0} */", inout(reg) p, options(pure, nomem, nostack, preserves_flags)) };
    p
}

/// Fills from this many bytes on use `rep stosb` when the CPU has ERMS: it loses to AVX2
/// stores up to 256 KiB and wins from 1 MiB on (176 against 161 GB/s at 1 MiB, 136
/// against 120 at 4 MiB).
pub const STOSB_MIN: usize = 1 << 20;

/// Writes one backend's raw API (see `crate::arch`) as thin entry points over `generic`,
/// for the vector type `$V`, each carrying the attributes `$attr` (the `#[target_feature]`
/// of the backend).
macro_rules! entry_points {
    ($V:ty, $(#[$attr:meta])*) => {
        super::copy_entry_points!($V, $(#[$attr])*);
        super::scan_entry_points!($V, $(#[$attr])*);
    };
}
use entry_points;

/// The copy and fill half of [`entry_points`]: `copy_forward`, `copy_backward`, `set_bytes`
/// and the whole `memcpy`/`memmove`/`memset`.
macro_rules! copy_entry_points {
    ($V:ty, $(#[$attr:meta])*) => {
        use crate::arch::generic::copy;

        /// See `arch::all::copy_forward`. Long copies between disjoint regions go to
        /// `rep movsb` on CPUs with ERMS (see `use_movsb`).
        ///
        /// # Safety
        /// As there; and the CPU supports this backend.
        $(#[$attr])*
        #[inline]
        pub unsafe fn copy_forward(dest: *mut u8, src: *const u8, n: usize) {
            // SAFETY: the caller's contract.
            unsafe { copy_forward_to(dest, src, n) };
        }

        /// `copy_forward` returning `dest`, for `memcpy`: its long copies are then a tail
        /// call, and its short ones keep `dest` in no saved register.
        ///
        /// # Safety
        /// As for `copy_forward`.
        $(#[$attr])*
        #[inline]
        pub unsafe fn copy_forward_to(dest: *mut u8, src: *const u8, n: usize) -> *mut u8 {
            // SAFETY: the caller's contract.
            unsafe {
                if n <= 4 * <$V as crate::arch::generic::Block>::BYTES {
                    copy::copy_forward::<$V>(dest, src, n);
                    dest
                } else {
                    forward_long(dest, src, n)
                }
            }
        }

        /// The long copies of `copy_forward`, out of line so that the short ones need no
        /// saved registers. Returns `dest`.
        ///
        /// # Safety
        /// As for `copy_forward`, with `n` above four vectors.
        $(#[$attr])*
        #[inline(never)]
        unsafe fn forward_long(dest: *mut u8, src: *const u8, n: usize) -> *mut u8 {
            // SAFETY: the caller's contract.
            unsafe {
                if super::use_movsb(dest, src, n) {
                    crate::arch::rep::movsb(dest, src, n)
                } else {
                    copy::forward_long::<$V>(dest, src, n)
                }
            }
            super::opaque(dest)
        }

        /// See `arch::all::copy_backward`.
        ///
        /// # Safety
        /// As there; and the CPU supports this backend.
        $(#[$attr])*
        #[inline]
        pub unsafe fn copy_backward(dest: *mut u8, src: *const u8, n: usize) {
            // SAFETY: the caller's contract.
            unsafe { copy::copy_backward::<$V>(dest, src, n) }
        }

        /// See `arch::all::set_bytes`. Fills of a MiB or more go to `rep stosb` on CPUs
        /// with ERMS (see `STOSB_MIN`).
        ///
        /// # Safety
        /// As there; and the CPU supports this backend.
        $(#[$attr])*
        #[inline]
        pub unsafe fn set_bytes(dest: *mut u8, c: u8, n: usize) {
            // SAFETY: the caller's contract.
            unsafe {
                if n >= crate::arch::x86_64::STOSB_MIN && super::cpu::has_erms() {
                    crate::arch::rep::stosb(dest, c, n)
                } else {
                    copy::set_bytes::<$V>(dest, c, n)
                }
            }
        }

        super::whole_functions!($(#[$attr])*);
    };
}
use copy_entry_points;

/// The scan and comparison half of [`entry_points`].
macro_rules! scan_entry_points {
    ($V:ty, $(#[$attr:meta])*) => {
        use crate::arch::Pair;
        use crate::arch::generic::{compare, find, pair};

        /// See `arch::all::compare_bytes`.
        ///
        /// # Safety
        /// As there; and the CPU supports this backend.
        $(#[$attr])*
        pub unsafe fn compare_bytes(a: *const u8, b: *const u8, n: usize) -> i32 {
            // SAFETY: the caller's contract.
            unsafe { compare::compare_bytes::<$V>(a, b, n) }
        }

        /// See `arch::all::compare_strings`.
        ///
        /// # Safety
        /// As there; and the CPU supports this backend.
        $(#[$attr])*
        pub unsafe fn compare_strings(a: *const u8, b: *const u8, n: usize) -> i32 {
            // SAFETY: the caller's contract.
            unsafe { compare::compare_strings::<$V>(a, b, n) }
        }

        /// See `arch::all::compare_c_strings`.
        ///
        /// # Safety
        /// As there; and the CPU supports this backend.
        $(#[$attr])*
        pub unsafe fn compare_c_strings(a: *const u8, b: *const u8) -> i32 {
            // SAFETY: the caller's contract.
            unsafe { compare::compare_c_strings::<$V>(a, b) }
        }

        /// See `arch::all::find_byte`.
        ///
        /// # Safety
        /// As there; and the CPU supports this backend.
        $(#[$attr])*
        pub unsafe fn find_byte(s: *const u8, c: u8, n: usize) -> *const u8 {
            // SAFETY: the caller's contract.
            unsafe { find::find_byte::<$V>(s, c, n) }
        }

        /// See `arch::all::find_last_byte`.
        ///
        /// # Safety
        /// As there; and the CPU supports this backend.
        $(#[$attr])*
        pub unsafe fn find_last_byte(s: *const u8, c: u8, n: usize) -> *const u8 {
            // SAFETY: the caller's contract.
            unsafe { find::find_last_byte::<$V>(s, c, n) }
        }

        /// See `arch::all::find_byte_or_nul`.
        ///
        /// # Safety
        /// As there; and the CPU supports this backend.
        $(#[$attr])*
        pub unsafe fn find_byte_or_nul(s: *const u8, c: u8) -> *const u8 {
            // SAFETY: the caller's contract.
            unsafe { find::find_byte_or_nul::<$V>(s, c) }
        }

        /// See `arch::all::c_string_length`.
        ///
        /// # Safety
        /// As there; and the CPU supports this backend.
        $(#[$attr])*
        pub unsafe fn c_string_length(s: *const u8) -> usize {
            // SAFETY: the caller's contract.
            unsafe { find::c_string_length::<$V>(s) }
        }

        /// See `arch::scalar_wide_length`.
        ///
        /// # Safety
        /// As there; and the CPU supports this backend.
        $(#[$attr])*
        pub unsafe fn wide_length(s: *const u32) -> usize {
            // SAFETY: the caller's contract.
            unsafe { find::wide_length::<$V>(s) }
        }

        /// See `arch::scalar_find_wide`.
        ///
        /// # Safety
        /// As there; and the CPU supports this backend.
        $(#[$attr])*
        pub unsafe fn find_wide(s: *const u32, c: u32, n: usize) -> *const u32 {
            // SAFETY: the caller's contract.
            unsafe { find::find_wide::<$V>(s, c, n) }
        }

        /// See `arch::all::find_pair`.
        ///
        /// # Safety
        /// As there; and the CPU supports this backend.
        $(#[$attr])*
        pub unsafe fn find_pair<const UNIT: usize>(h: *const u8, from: usize, to: usize, p: &Pair) -> usize {
            // SAFETY: the caller's contract.
            unsafe { pair::find_pair::<$V, UNIT>(h, from, to, p) }
        }
    };
}
use scan_entry_points;

/// Writes `memcpy`, `memmove` and `memset` as single functions returning `dest` over the
/// backend's `copy_forward_to`, `copy_backward` and `set_bytes`, so that the C functions are one
/// jump through the dispatch pointer (see `crate::arch::memcpy`).
macro_rules! whole_functions {
    ($(#[$attr:meta])*) => {
        /// `memcpy` whole: `copy_forward`, returning `dest`.
        ///
        /// # Safety
        /// As for `copy_forward`.
        $(#[$attr])*
        pub unsafe fn memcpy(dest: *mut u8, src: *const u8, n: usize) -> *mut u8 {
            // SAFETY: the caller's contract.
            unsafe { copy_forward_to(dest, src, n) }
        }

        /// `memmove` whole: the copy in the direction the overlap allows, returning `dest`.
        ///
        /// # Safety
        /// `src` valid for `n` bytes of reads and `dest` for `n` bytes of writes.
        $(#[$attr])*
        pub unsafe fn memmove(dest: *mut u8, src: *const u8, n: usize) -> *mut u8 {
            // SAFETY: the direction is the one `forward_is_safe` allows.
            unsafe {
                if crate::arch::forward_is_safe(dest, src, n) {
                    copy_forward(dest, src, n)
                } else {
                    copy_backward(dest, src, n)
                }
            }
            dest
        }

        /// `memset` whole: `set_bytes`, returning `dest`.
        ///
        /// # Safety
        /// As for `set_bytes`.
        $(#[$attr])*
        pub unsafe fn memset(dest: *mut u8, c: u8, n: usize) -> *mut u8 {
            // SAFETY: the caller's contract.
            unsafe { set_bytes(dest, c, n) };
            dest
        }
    };
}
use whole_functions;
