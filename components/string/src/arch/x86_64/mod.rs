//! x86_64: the SSE2 and AVX2 instantiations of the `generic` algorithms, the CPU feature
//! check, and the dispatch that picks one of them on first use.
pub mod avx2;
pub mod cpu;
#[cfg(not(any(feature = "size", feature = "portable")))]
pub mod dispatch;
pub mod sse2;

/// Copies from this many bytes on use `rep movsb` when the CPU has ERMS.
///
/// Measured, not guessed (`cargo test -p limpet-string --release rep_movsb -- --ignored
/// --nocapture`, numbers in the README): on the AMD EPYC (ERMS, FSRM) this was decided on,
/// `rep movsb` is slower than the AVX2 loop up to 16 KiB, mixed at 32 KiB, and faster from
/// 64 KiB on (131 against 97 GB/s at 64 KiB, 67 against 59 at 1 MiB, 47 against 33 at
/// 16 MiB, when source and destination are equally aligned; about even otherwise).
pub const MOVSB_MIN: usize = 64 << 10;

/// Fills from this many bytes on use `rep stosb` when the CPU has ERMS: it loses to AVX2
/// stores up to 256 KiB and wins from 1 MiB on (176 against 161 GB/s at 1 MiB, 136
/// against 120 at 4 MiB).
pub const STOSB_MIN: usize = 1 << 20;

/// Writes one backend's raw API (see `crate::arch`) as thin entry points over `generic`,
/// for the vector type `$V`, each carrying the attributes `$attr` (the `#[target_feature]`
/// of the backend).
macro_rules! entry_points {
    ($V:ty, $(#[$attr:meta])*) => {
        use crate::arch::Pair;
        use crate::arch::generic::{compare, copy, find, pair};

        /// See `arch::all::copy_forward`. Long copies between disjoint regions go to
        /// `rep movsb` on CPUs with ERMS (see `MOVSB_MIN`).
        ///
        /// # Safety
        /// As there; and the CPU supports this backend.
        $(#[$attr])*
        pub unsafe fn copy_forward(dest: *mut u8, src: *const u8, n: usize) {
            let disjoint = || dest.addr().abs_diff(src.addr()) >= n;
            // SAFETY: the caller's contract.
            unsafe {
                if n >= crate::arch::x86_64::MOVSB_MIN && disjoint() && super::cpu::has_erms() {
                    crate::arch::rep::movsb(dest, src, n)
                } else {
                    copy::copy_forward::<$V>(dest, src, n)
                }
            }
        }

        /// See `arch::all::copy_backward`.
        ///
        /// # Safety
        /// As there; and the CPU supports this backend.
        $(#[$attr])*
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
use entry_points;
