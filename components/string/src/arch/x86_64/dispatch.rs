//! The functions the C entry points call on x86_64: each jumps through its own function
//! pointer, which starts at a `detect` function that asks `cpu` once, stores the AVX-512,
//! AVX2 or SSE2 entry point in the pointer and calls it; later calls go straight there.
//!
//! The pointers are plain `AtomicPtr` statics whose initial values are addresses of
//! functions in this crate. In libc.so those need only relative relocations, which the
//! dynamic linker applies to itself before any other code runs; anything needing a symbol
//! lookup (a GOT entry, a `std` detection cache) would be read before it is bound.
use core::sync::atomic::{AtomicPtr, Ordering::Relaxed};

use super::{avx2, avx512, cpu, sse2};
use crate::arch::Pair;

macro_rules! dispatched {
    ($($name:ident = $entry:ident $(::<$unit:literal>)? ($($arg:ident: $ty:ty),*) $(-> $ret:ty)?;)*) => {$(
        /// The chosen backend's function of the same name (for `find_pair_*`, its
        /// `find_pair` for one unit size); see `arch::all` for the contract.
        ///
        /// # Safety
        /// As for the portable function of that name.
        #[inline]
        pub unsafe fn $name($($arg: $ty),*) $(-> $ret)? {
            type Entry = unsafe fn($($ty),*) $(-> $ret)?;
            static CHOSEN: AtomicPtr<()> = AtomicPtr::new(detect as *mut ());

            /// # Safety
            /// As for the dispatched function.
            #[cold]
            unsafe fn detect($($arg: $ty),*) $(-> $ret)? {
                let f: Entry = if cpu::has_avx512() {
                    avx512::$entry $(::<$unit>)?
                } else if cpu::has_avx2() {
                    avx2::$entry $(::<$unit>)?
                } else {
                    sse2::$entry $(::<$unit>)?
                };
                CHOSEN.store(f as *mut (), Relaxed);
                // SAFETY: the caller's contract; the CPU has what `f` needs.
                unsafe { f($($arg),*) }
            }

            // SAFETY: CHOSEN only ever holds `detect` or an entry point of type `Entry`, and
            // the caller's contract is that function's.
            unsafe { core::mem::transmute::<*mut (), Entry>(CHOSEN.load(Relaxed))($($arg),*) }
        }
    )*};
}

dispatched! {
    copy_forward = copy_forward(dest: *mut u8, src: *const u8, n: usize);
    set_bytes = set_bytes(dest: *mut u8, c: u8, n: usize);
    memcpy = memcpy(dest: *mut u8, src: *const u8, n: usize) -> *mut u8;
    memmove = memmove(dest: *mut u8, src: *const u8, n: usize) -> *mut u8;
    memset = memset(dest: *mut u8, c: u8, n: usize) -> *mut u8;
    compare_bytes = compare_bytes(a: *const u8, b: *const u8, n: usize) -> i32;
    compare_strings = compare_strings(a: *const u8, b: *const u8, n: usize) -> i32;
    compare_c_strings = compare_c_strings(a: *const u8, b: *const u8) -> i32;
    find_byte = find_byte(s: *const u8, c: u8, n: usize) -> *const u8;
    find_last_byte = find_last_byte(s: *const u8, c: u8, n: usize) -> *const u8;
    find_byte_or_nul = find_byte_or_nul(s: *const u8, c: u8) -> *const u8;
    c_string_length = c_string_length(s: *const u8) -> usize;
    wide_length = wide_length(s: *const u32) -> usize;
    find_wide = find_wide(s: *const u32, c: u32, n: usize) -> *const u32;
    find_pair_bytes = find_pair::<1>(h: *const u8, from: usize, to: usize, pair: &Pair) -> usize;
    find_pair_wide = find_pair::<4>(h: *const u8, from: usize, to: usize, pair: &Pair) -> usize;
}

/// The chosen backend's `find_pair` for `UNIT`-byte units.
///
/// # Safety
/// As for `arch::all::find_pair`.
#[inline]
pub unsafe fn find_pair<const UNIT: usize>(h: *const u8, from: usize, to: usize, pair: &Pair) -> usize {
    // SAFETY: the caller's contract.
    unsafe { if UNIT == 1 { find_pair_bytes(h, from, to, pair) } else { find_pair_wide(h, from, to, pair) } }
}
