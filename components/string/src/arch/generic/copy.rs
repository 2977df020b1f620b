//! Copies and fills: `copy_forward`, `copy_backward` and `set_bytes`.
//!
//! Up to four vectors are copied by loading everything before storing anything, which
//! makes short copies correct for any overlap. Longer ones keep their first and last vector
//! in registers, run aligned stores between them, and store those two last; the loop reads
//! each source vector before any store that could overwrite it, in the direction the
//! caller chose. None of this may call `ptr::copy*`: that lowers to `memcpy`.
use core::ptr::{read_unaligned, write_unaligned};

use super::Block;

/// Copies `n <= 2 * BYTES` bytes, loading all of them before storing any: correct for
/// every overlap.
///
/// # Safety
/// `src` valid for `n` bytes of reads, `dest` for `n` bytes of writes; `V` supported.
#[inline(always)]
unsafe fn copy_short<V: Block>(dest: *mut u8, src: *const u8, n: usize) {
    // SAFETY: each head/tail pair covers the `n` bytes from both ends and stays inside them.
    unsafe {
        if n >= V::BYTES {
            let (h, t) = (V::load_unaligned(src), V::load_unaligned(src.add(n - V::BYTES)));
            h.store_unaligned(dest);
            t.store_unaligned(dest.add(n - V::BYTES));
        } else if n >= 16 {
            let (h, t) = (read_unaligned(src.cast::<u128>()), read_unaligned(src.add(n - 16).cast::<u128>()));
            write_unaligned(dest.cast::<u128>(), h);
            write_unaligned(dest.add(n - 16).cast::<u128>(), t);
        } else if n >= 8 {
            let (h, t) = (read_unaligned(src.cast::<u64>()), read_unaligned(src.add(n - 8).cast::<u64>()));
            write_unaligned(dest.cast::<u64>(), h);
            write_unaligned(dest.add(n - 8).cast::<u64>(), t);
        } else if n >= 4 {
            let (h, t) = (read_unaligned(src.cast::<u32>()), read_unaligned(src.add(n - 4).cast::<u32>()));
            write_unaligned(dest.cast::<u32>(), h);
            write_unaligned(dest.add(n - 4).cast::<u32>(), t);
        } else if n >= 2 {
            let (h, t) = (read_unaligned(src.cast::<u16>()), read_unaligned(src.add(n - 2).cast::<u16>()));
            write_unaligned(dest.cast::<u16>(), h);
            write_unaligned(dest.add(n - 2).cast::<u16>(), t);
        } else if n == 1 {
            *dest = *src;
        }
    }
}

/// Copies `2 * BYTES < n <= 4 * BYTES` bytes, all loads first.
///
/// # Safety
/// As [`copy_short`].
#[inline(always)]
unsafe fn copy_medium<V: Block>(dest: *mut u8, src: *const u8, n: usize) {
    let step = V::BYTES;
    // SAFETY: the four vectors cover the `n` bytes and stay inside them.
    unsafe {
        let a = V::load_unaligned(src);
        let b = V::load_unaligned(src.add(step));
        let c = V::load_unaligned(src.add(n - 2 * step));
        let d = V::load_unaligned(src.add(n - step));
        a.store_unaligned(dest);
        b.store_unaligned(dest.add(step));
        c.store_unaligned(dest.add(n - 2 * step));
        d.store_unaligned(dest.add(n - step));
    }
}

/// See `arch::all::copy_forward`.
///
/// # Safety
/// As there; and the CPU supports `V`.
#[inline(always)]
pub unsafe fn copy_forward<V: Block>(dest: *mut u8, src: *const u8, n: usize) {
    let step = V::BYTES;
    // SAFETY: the short cases are overlap-proof, and forward_long takes the rest.
    unsafe {
        if n <= 2 * step {
            return copy_short::<V>(dest, src, n);
        }
        if n <= 4 * step {
            return copy_medium::<V>(dest, src, n);
        }
        forward_long::<V>(dest, src, n)
    }
}

/// The long case of [`copy_forward`], for `n > 2 * BYTES`: on its own, it lets a backend
/// run its short copies with one block size and its long ones with another.
///
/// # Safety
/// As for [`copy_forward`], with `n > 2 * V::BYTES`.
#[inline(always)]
pub unsafe fn forward_long<V: Block>(dest: *mut u8, src: *const u8, n: usize) {
    let step = V::BYTES;
    // SAFETY: the first and last vectors are loaded before any store; the loop stores
    // aligned vectors at `dest + i` inside the region (`n > 2 * step` leaves room for at
    // least the head's), each after loading the source bytes it covers, and with
    // `dest <= src` a store can only overwrite source bytes below `i`, which were read.
    unsafe {
        let head = V::load_unaligned(src);
        let tail = V::load_unaligned(src.add(n - step));
        let mut i = step - (dest.addr() & (step - 1));
        while n - i >= 4 * step {
            let a = V::load_unaligned(src.add(i));
            let b = V::load_unaligned(src.add(i + step));
            let c = V::load_unaligned(src.add(i + 2 * step));
            let d = V::load_unaligned(src.add(i + 3 * step));
            a.store_aligned(dest.add(i));
            b.store_aligned(dest.add(i + step));
            c.store_aligned(dest.add(i + 2 * step));
            d.store_aligned(dest.add(i + 3 * step));
            i += 4 * step;
        }
        while n - i >= step {
            V::load_unaligned(src.add(i)).store_aligned(dest.add(i));
            i += step;
        }
        tail.store_unaligned(dest.add(n - step));
        head.store_unaligned(dest);
    }
}

/// See `arch::all::copy_backward`.
///
/// # Safety
/// As there; and the CPU supports `V`.
#[inline(always)]
pub unsafe fn copy_backward<V: Block>(dest: *mut u8, src: *const u8, n: usize) {
    let step = V::BYTES;
    // SAFETY: the short cases are overlap-proof, and backward_long takes the rest.
    unsafe {
        if n <= 2 * step {
            return copy_short::<V>(dest, src, n);
        }
        if n <= 4 * step {
            return copy_medium::<V>(dest, src, n);
        }
        backward_long::<V>(dest, src, n)
    }
}

/// The long case of [`copy_backward`], for `n > 2 * BYTES` (see [`forward_long`]).
///
/// # Safety
/// As for [`copy_backward`], with `n > 2 * V::BYTES`.
#[inline(always)]
pub unsafe fn backward_long<V: Block>(dest: *mut u8, src: *const u8, n: usize) {
    let step = V::BYTES;
    // SAFETY: as in forward_long, mirrored: the loop walks down from the aligned `dest + j`
    // near the end, and with `dest >= src` a store can only overwrite source bytes above
    // those still to be read.
    unsafe {
        let head = V::load_unaligned(src);
        let tail = V::load_unaligned(src.add(n - step));
        let mut j = n - ((dest.addr() + n) & (step - 1));
        while j >= 4 * step {
            j -= 4 * step;
            let d = V::load_unaligned(src.add(j + 3 * step));
            let c = V::load_unaligned(src.add(j + 2 * step));
            let b = V::load_unaligned(src.add(j + step));
            let a = V::load_unaligned(src.add(j));
            d.store_aligned(dest.add(j + 3 * step));
            c.store_aligned(dest.add(j + 2 * step));
            b.store_aligned(dest.add(j + step));
            a.store_aligned(dest.add(j));
        }
        while j >= step {
            j -= step;
            V::load_unaligned(src.add(j)).store_aligned(dest.add(j));
        }
        head.store_unaligned(dest);
        tail.store_unaligned(dest.add(n - step));
    }
}

/// See `arch::all::set_bytes`.
///
/// # Safety
/// As there; and the CPU supports `V`.
#[inline(always)]
pub unsafe fn set_bytes<V: Block>(dest: *mut u8, c: u8, n: usize) {
    let step = V::BYTES;
    // SAFETY: every store lies inside the `n` bytes: head and tail pairs cover short runs
    // from both ends; long runs get the first and last vector unaligned and aligned ones
    // between.
    unsafe {
        if n < 16 {
            let w = u64::from_ne_bytes([c; 8]);
            if n >= 8 {
                write_unaligned(dest.cast::<u64>(), w);
                write_unaligned(dest.add(n - 8).cast::<u64>(), w);
            } else if n >= 4 {
                write_unaligned(dest.cast::<u32>(), w as u32);
                write_unaligned(dest.add(n - 4).cast::<u32>(), w as u32);
            } else {
                for i in 0..n {
                    *dest.add(i) = c;
                }
            }
            return;
        }
        if n < step {
            let w = u128::from_ne_bytes([c; 16]);
            write_unaligned(dest.cast::<u128>(), w);
            write_unaligned(dest.add(n - 16).cast::<u128>(), w);
            return;
        }
        set_long::<V>(dest, c, n)
    }
}

/// The case of [`set_bytes`] for `n >= BYTES` (see [`forward_long`]).
///
/// # Safety
/// As for [`set_bytes`], with `n >= V::BYTES`.
#[inline(always)]
pub unsafe fn set_long<V: Block>(dest: *mut u8, c: u8, n: usize) {
    let step = V::BYTES;
    // SAFETY: the first and last vectors are stored unaligned at the ends, aligned ones
    // between, all inside the `n` bytes.
    unsafe {
        let v = V::splat(c);
        v.store_unaligned(dest);
        v.store_unaligned(dest.add(n - step));
        if n <= 2 * step {
            return;
        }
        let mut i = step - (dest.addr() & (step - 1));
        while n - i >= 4 * step {
            v.store_aligned(dest.add(i));
            v.store_aligned(dest.add(i + step));
            v.store_aligned(dest.add(i + 2 * step));
            v.store_aligned(dest.add(i + 3 * step));
            i += 4 * step;
        }
        while n - i >= step {
            v.store_aligned(dest.add(i));
            i += step;
        }
    }
}
