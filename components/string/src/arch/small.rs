//! The size backend (`size` feature): the same raw API as the others in the fewest bytes of
//! code, one unit per step. On x86_64 copies and fills are `rep movsb`/`rep stosb`, which
//! are both the shortest code and, on CPUs with ERMS, fast for long runs.
//!
//! Reads never go past the bytes the C contract allows, since nothing is read ahead.
pub use super::{scalar_find_wide as find_wide, scalar_wide_length as wide_length};
use super::Pair;

/// Copies `n` bytes from `src` to `dest`, lowest address first.
///
/// # Safety
/// `src` valid for `n` bytes of reads, `dest` for `n` bytes of writes; overlap only with
/// `dest <= src`.
pub unsafe fn copy_forward(dest: *mut u8, src: *const u8, n: usize) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: the caller's contract is movsb's.
    unsafe {
        super::rep::movsb(dest, src, n)
    }
    #[cfg(not(target_arch = "x86_64"))]
    for i in 0..n {
        // SAFETY: i < n.
        unsafe { *dest.add(i) = *src.add(i) };
    }
}

/// Copies `n` bytes from `src` to `dest`, highest address first.
///
/// # Safety
/// As [`copy_forward`], with overlap only when `dest >= src`.
pub unsafe fn copy_backward(dest: *mut u8, src: *const u8, n: usize) {
    let mut i = n;
    while i != 0 {
        i -= 1;
        // SAFETY: i < n.
        unsafe { *dest.add(i) = *src.add(i) };
    }
}

/// Stores `c` into `n` bytes at `dest`.
///
/// # Safety
/// `dest` valid for `n` bytes of writes.
pub unsafe fn set_bytes(dest: *mut u8, c: u8, n: usize) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: the caller's contract is stosb's.
    unsafe {
        super::rep::stosb(dest, c, n)
    }
    #[cfg(not(target_arch = "x86_64"))]
    for i in 0..n {
        // SAFETY: i < n.
        unsafe { *dest.add(i) = c };
    }
}

/// `memcmp`'s result for `n` bytes.
///
/// # Safety
/// `a` and `b` valid for `n` bytes of reads.
pub unsafe fn compare_bytes(a: *const u8, b: *const u8, n: usize) -> i32 {
    for i in 0..n {
        // SAFETY: i < n.
        let (x, y) = unsafe { (*a.add(i), *b.add(i)) };
        if x != y {
            return x as i32 - y as i32;
        }
    }
    0
}

/// `compare_strings` with no length: the strings are compared up to the first difference
/// or terminator (`strcmp`).
///
/// # Safety
/// `a` and `b` point to NUL-terminated strings.
pub unsafe fn compare_c_strings(a: *const u8, b: *const u8) -> i32 {
    // SAFETY: no string is `usize::MAX` bytes long, so the terminator bounds the reads.
    unsafe { compare_strings(a, b, usize::MAX) }
}

/// `strncmp`'s result.
///
/// # Safety
/// Each string readable up to its terminator or `n` bytes.
pub unsafe fn compare_strings(a: *const u8, b: *const u8, n: usize) -> i32 {
    for i in 0..n {
        // SAFETY: every earlier pair was equal and nonzero, and i < n.
        let (x, y) = unsafe { (*a.add(i), *b.add(i)) };
        if x != y || x == 0 {
            return x as i32 - y as i32;
        }
    }
    0
}

/// The first of `n` bytes equal to `c`, or null.
///
/// # Safety
/// `s` readable up to the first `c` or `n` bytes.
pub unsafe fn find_byte(s: *const u8, c: u8, n: usize) -> *const u8 {
    for i in 0..n {
        // SAFETY: nothing past the first match is read, and i < n.
        unsafe {
            if *s.add(i) == c {
                return s.add(i);
            }
        }
    }
    core::ptr::null()
}

/// The last of `n` bytes equal to `c`, or null.
///
/// # Safety
/// `s` valid for `n` bytes of reads.
pub unsafe fn find_last_byte(s: *const u8, c: u8, n: usize) -> *const u8 {
    let mut i = n;
    while i != 0 {
        i -= 1;
        // SAFETY: i < n.
        unsafe {
            if *s.add(i) == c {
                return s.add(i);
            }
        }
    }
    core::ptr::null()
}

/// The first byte of the string equal to `c`, or its terminator.
///
/// # Safety
/// `s` a NUL-terminated string.
pub unsafe fn find_byte_or_nul(mut s: *const u8, c: u8) -> *const u8 {
    // SAFETY: reading stops at the match or the terminator.
    unsafe {
        while *s != c && *s != 0 {
            s = s.add(1);
        }
    }
    s
}

/// `strlen`.
///
/// # Safety
/// `s` a NUL-terminated string.
pub unsafe fn c_string_length(s: *const u8) -> usize {
    // SAFETY: as the caller promises.
    unsafe { find_byte_or_nul(s, 0).addr() - s.addr() }
}

/// The first candidate position in `from..to` (see `all::find_pair`), unit by unit.
///
/// # Safety
/// `h` aligned for its units and readable for `to - 1 + max(pair offsets)` units.
pub unsafe fn find_pair<const UNIT: usize>(h: *const u8, mut from: usize, to: usize, pair: &Pair) -> usize {
    // SAFETY: positions stay below `to`, per the contract.
    unsafe {
        while from < to
            && !(pair.first_matches(super::unit::<UNIT>(h, from + pair.offsets[0]))
                && pair.second_matches(super::unit::<UNIT>(h, from + pair.offsets[1])))
        {
            from += 1;
        }
    }
    from
}
