//! The portable backend: word-at-a-time cores for every target, the only backend on aarch64
//! and riscv64, and the x86_64 one with the `portable` feature. Every backend offers the
//! same raw API (see `crate::arch`): `copy_forward`, `copy_backward`, `set_bytes`,
//! `compare_bytes`, `compare_strings`, `find_byte`, `find_last_byte`, `find_byte_or_nul`,
//! `c_string_length`, `wide_length`, `find_wide` and the search prefilter `find_pair`.
//!
//! Each works byte by byte until its first pointer is word-aligned, then a word at a time,
//! then byte by byte through the tail. When the second pointer is misaligned relative to the
//! first, its words are built from two aligned loads spliced with shifts (`word::splice`)
//! rather than loaded unaligned, which is slow or trapping on some targets.
//!
//! Why the loads cannot fault: every word loaded is aligned and holds at least one byte
//! that the C contract lets us read, so it lies on a page that byte lies on. String scans
//! load the next word only after the current one showed no terminator. (Rust's abstract
//! machine would call the other bytes of such a word out of bounds; they are only ever
//! read through raw pointers, into integers, as every C library's string functions do.)
//!
//! None of this may use `ptr::copy*`, `write_bytes` or slice copies: they lower to calls to
//! `memcpy`/`memmove`/`memset`, which are these very functions. The crate's `#![no_builtins]`
//! stops LLVM from turning the plain loops back into such calls.
mod word;

pub use super::{scalar_find_wide as find_wide, scalar_wide_length as wide_length};
use super::Pair;
use self::word::{
    WORD, drop_first, first_flagged, has_zero, last_flagged, misalignment, splat, splice, to_boundary,
    zero_bytes,
};

/// Below this many bytes a plain byte loop wins; at or above it, aligning the first pointer
/// still leaves at least one whole word.
const WORDWISE_MIN: usize = 2 * WORD;

/// Copies `n` bytes from `src` to `dest`, lowest address first.
///
/// # Safety
/// `src` must be valid for `n` bytes of reads and `dest` for `n` bytes of writes. They may
/// overlap only if `dest` is below `src` (or equal): every source byte is read before the
/// store that could overwrite it.
pub unsafe fn copy_forward(mut dest: *mut u8, mut src: *const u8, mut n: usize) {
    if n >= WORDWISE_MIN {
        let head = to_boundary(dest.addr());
        // SAFETY: head < WORD < n, so every byte touched is inside the two regions, and the
        // word copies cover `words * WORD <= n - head` bytes starting at the aligned `dest`.
        unsafe {
            copy_bytes_forward(dest, src, head);
            dest = dest.add(head);
            src = src.add(head);
            n -= head;
            let words = n / WORD;
            if misalignment(src.addr()) == 0 {
                copy_aligned_words_forward(dest.cast(), src.cast(), words);
            } else {
                copy_spliced_words_forward(dest.cast(), src, words);
            }
            dest = dest.add(words * WORD);
            src = src.add(words * WORD);
            n -= words * WORD;
        }
    }
    // SAFETY: the remaining `n` bytes are inside both regions.
    unsafe { copy_bytes_forward(dest, src, n) }
}

/// Copies `n` bytes from `src` to `dest`, highest address first.
///
/// # Safety
/// As for [`copy_forward`], except that they may overlap only if `dest` is above `src`
/// (or equal).
pub unsafe fn copy_backward(dest: *mut u8, src: *const u8, mut n: usize) {
    if n >= WORDWISE_MIN {
        // SAFETY: the tail is fewer than WORD < n bytes at the top of both regions; the words
        // then end at the aligned `dest + n` and cover `words * WORD <= n` bytes below it.
        unsafe {
            let tail = misalignment(dest.addr() + n);
            n -= tail;
            copy_bytes_backward(dest.add(n), src.add(n), tail);
            let words = n / WORD;
            n -= words * WORD;
            if misalignment(src.addr() + n) == 0 {
                copy_aligned_words_backward(dest.add(n).cast(), src.add(n).cast(), words);
            } else {
                copy_spliced_words_backward(dest.add(n).cast(), src.add(n), words);
            }
        }
    }
    // SAFETY: the remaining `n` bytes are at the bottom of both regions.
    unsafe { copy_bytes_backward(dest, src, n) }
}

/// # Safety
/// `src`/`dest` valid for `n` bytes; overlap only with `dest <= src`.
#[inline(always)]
unsafe fn copy_bytes_forward(dest: *mut u8, src: *const u8, n: usize) {
    let mut i = 0;
    while i < n {
        // SAFETY: i < n.
        unsafe { *dest.add(i) = *src.add(i) };
        i += 1;
    }
}

/// # Safety
/// `src`/`dest` valid for `n` bytes; overlap only with `dest >= src`.
#[inline(always)]
unsafe fn copy_bytes_backward(dest: *mut u8, src: *const u8, n: usize) {
    let mut i = n;
    while i != 0 {
        i -= 1;
        // SAFETY: i < n.
        unsafe { *dest.add(i) = *src.add(i) };
    }
}

/// # Safety
/// Both aligned and valid for `words` words; overlap only with `dest <= src`.
#[inline(always)]
unsafe fn copy_aligned_words_forward(dest: *mut usize, src: *const usize, words: usize) {
    for i in 0..words {
        // SAFETY: i < words.
        unsafe { *dest.add(i) = *src.add(i) };
    }
}

/// # Safety
/// Both aligned and valid for `words` words; overlap only with `dest >= src`.
#[inline(always)]
unsafe fn copy_aligned_words_backward(dest: *mut usize, src: *const usize, words: usize) {
    let mut i = words;
    while i != 0 {
        i -= 1;
        // SAFETY: i < words.
        unsafe { *dest.add(i) = *src.add(i) };
    }
}

/// Copies `words` words to the aligned `dest` from the misaligned `src`, reading `src`
/// as the `words + 1` aligned words that hold it.
///
/// # Safety
/// `dest` aligned and valid for `words` words of writes, `src` misaligned and valid for
/// `words * WORD` bytes of reads, `words > 0`; overlap only with `dest <= src`.
#[inline(always)]
unsafe fn copy_spliced_words_forward(dest: *mut usize, src: *const u8, words: usize) {
    let k = misalignment(src.addr());
    let base = src.wrapping_sub(k).cast::<usize>();
    // SAFETY: aligned word `i` holds source byte `i * WORD + WORD - k` (and word 0 holds
    // `src[0]`), which is below `words * WORD` for every `i <= words`: no load can fault.
    // Word `i + 1` is loaded before `dest[i]` is stored, so a forward overlap is safe.
    unsafe {
        let mut lo = *base;
        for i in 0..words {
            let hi = *base.wrapping_add(i + 1);
            *dest.add(i) = splice(lo, hi, k);
            lo = hi;
        }
    }
}

/// Like [`copy_spliced_words_forward`], highest word first.
///
/// # Safety
/// As there, except that overlap is allowed only with `dest >= src`.
#[inline(always)]
unsafe fn copy_spliced_words_backward(dest: *mut usize, src: *const u8, words: usize) {
    let k = misalignment(src.addr());
    let base = src.wrapping_sub(k).cast::<usize>();
    // SAFETY: as in copy_spliced_words_forward; word `i` is loaded before `dest[i]` is
    // stored, and `dest[i]` can only overlap source words at or above `i`, already loaded.
    unsafe {
        let mut hi = *base.wrapping_add(words);
        let mut i = words;
        while i != 0 {
            i -= 1;
            let lo = *base.wrapping_add(i);
            *dest.add(i) = splice(lo, hi, k);
            hi = lo;
        }
    }
}

/// Stores `c` into `n` bytes at `dest`.
///
/// # Safety
/// `dest` must be valid for `n` bytes of writes.
pub unsafe fn set_bytes(mut dest: *mut u8, c: u8, mut n: usize) {
    if n >= WORDWISE_MIN {
        let head = to_boundary(dest.addr());
        let w = splat(c);
        // SAFETY: head < n; then `words * WORD <= n - head` bytes from the aligned `dest`.
        unsafe {
            set_bytes_plain(dest, c, head);
            dest = dest.add(head);
            n -= head;
            let words = n / WORD;
            let d = dest.cast::<usize>();
            for i in 0..words {
                *d.add(i) = w;
            }
            dest = dest.add(words * WORD);
            n -= words * WORD;
        }
    }
    // SAFETY: the remaining `n` bytes are inside the region.
    unsafe { set_bytes_plain(dest, c, n) }
}

/// # Safety
/// `dest` valid for `n` bytes of writes.
#[inline(always)]
unsafe fn set_bytes_plain(dest: *mut u8, c: u8, n: usize) {
    let mut i = 0;
    while i < n {
        // SAFETY: i < n.
        unsafe { *dest.add(i) = c };
        i += 1;
    }
}

/// Compares `n` bytes as unsigned chars: the difference of the first pair that differs,
/// or 0.
///
/// # Safety
/// `a` and `b` must be valid for `n` bytes of reads.
pub unsafe fn compare_bytes(mut a: *const u8, mut b: *const u8, mut n: usize) -> i32 {
    // SAFETY: every byte read is one of the `n`; each word step reads the WORD bytes at `a`
    // and `b` while n >= WORD. `a` is aligned by then; for a misaligned `b`, aligned word
    // `j + 1` holds `b[j * WORD + WORD - k]`, inside the region, so that load is safe too.
    // On a mismatch the word loops stop and the byte loop finds the first differing byte
    // within the next WORD bytes.
    unsafe {
        if n >= WORDWISE_MIN {
            let head = to_boundary(a.addr());
            let d = compare_bytes_plain(a, b, head);
            if d != 0 {
                return d;
            }
            a = a.add(head);
            b = b.add(head);
            n -= head;
            let k = misalignment(b.addr());
            if k == 0 {
                while n >= WORD && *a.cast::<usize>() == *b.cast::<usize>() {
                    a = a.add(WORD);
                    b = b.add(WORD);
                    n -= WORD;
                }
            } else {
                let mut next = b.wrapping_sub(k).cast::<usize>();
                let mut lo = *next;
                while n >= WORD {
                    next = next.wrapping_add(1);
                    let hi = *next;
                    if *a.cast::<usize>() != splice(lo, hi, k) {
                        break;
                    }
                    lo = hi;
                    a = a.add(WORD);
                    b = b.add(WORD);
                    n -= WORD;
                }
            }
        }
        compare_bytes_plain(a, b, n)
    }
}

/// # Safety
/// `a` and `b` valid for `n` bytes of reads.
#[inline(always)]
unsafe fn compare_bytes_plain(a: *const u8, b: *const u8, n: usize) -> i32 {
    let mut i = 0;
    while i < n {
        // SAFETY: i < n.
        let (x, y) = unsafe { (*a.add(i), *b.add(i)) };
        if x != y {
            return x as i32 - y as i32;
        }
        i += 1;
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

/// Compares two NUL-terminated strings, at most `n` bytes, as unsigned chars: the
/// difference of the first pair that differs or ends a string, or 0.
///
/// # Safety
/// Each of `a` and `b` must be readable up to its terminator or its `n`th byte, whichever
/// comes first.
pub unsafe fn compare_strings(mut a: *const u8, mut b: *const u8, mut n: usize) -> i32 {
    // SAFETY: a pair of bytes is read only while every earlier pair was equal and nonzero,
    // so both strings still go on, and fewer than `n` bytes have been read. A whole aligned
    // word of `a` is loaded only when the previous word of `a` held no NUL (or `a` just became
    // aligned): the string reaches into it. The same holds for `b`'s aligned words: when `b`
    // is misaligned, its next aligned word is loaded only after the bytes of `b` in the
    // current one were checked for a NUL.
    unsafe {
        while n != 0 && misalignment(a.addr()) != 0 {
            let (x, y) = (*a, *b);
            if x != y || x == 0 {
                return x as i32 - y as i32;
            }
            a = a.add(1);
            b = b.add(1);
            n -= 1;
        }
        let k = misalignment(b.addr());
        if k == 0 {
            while n >= WORD {
                let wa = *a.cast::<usize>();
                if wa != *b.cast::<usize>() || has_zero(wa) {
                    break;
                }
                a = a.add(WORD);
                b = b.add(WORD);
                n -= WORD;
            }
        } else if n >= WORD {
            let mut next = b.wrapping_sub(k).cast::<usize>();
            let mut lo = *next;
            while n >= WORD && drop_first(zero_bytes(lo), k) == 0 {
                next = next.wrapping_add(1);
                let hi = *next;
                let wa = *a.cast::<usize>();
                if wa != splice(lo, hi, k) || has_zero(wa) {
                    break;
                }
                lo = hi;
                a = a.add(WORD);
                b = b.add(WORD);
                n -= WORD;
            }
        }
        while n != 0 {
            let (x, y) = (*a, *b);
            if x != y || x == 0 {
                return x as i32 - y as i32;
            }
            a = a.add(1);
            b = b.add(1);
            n -= 1;
        }
        0
    }
}

/// The first of the `n` bytes at `s` that equals `c`, or null. Never loads a word past the
/// one holding the match, so `n` may overstate the object as long as a match lies inside it.
///
/// # Safety
/// `s` must be readable up to the first `c` or for `n` bytes, whichever comes first.
pub unsafe fn find_byte(mut s: *const u8, c: u8, mut n: usize) -> *const u8 {
    // SAFETY: bytes are read in order and reading stops at the first match or after `n`
    // bytes. A whole word is loaded only at an aligned address whose first byte is still
    // readable, so it lies on that byte's page.
    unsafe {
        while n != 0 && misalignment(s.addr()) != 0 {
            if *s == c {
                return s;
            }
            s = s.add(1);
            n -= 1;
        }
        let cc = splat(c);
        while n >= WORD {
            let x = *s.cast::<usize>() ^ cc;
            if has_zero(x) {
                return s.add(first_flagged(zero_bytes(x)));
            }
            s = s.add(WORD);
            n -= WORD;
        }
        while n != 0 {
            if *s == c {
                return s;
            }
            s = s.add(1);
            n -= 1;
        }
        core::ptr::null()
    }
}

/// The last of the `n` bytes at `s` that equals `c`, or null.
///
/// # Safety
/// `s` must be valid for `n` bytes of reads.
pub unsafe fn find_last_byte(s: *const u8, c: u8, mut n: usize) -> *const u8 {
    // SAFETY: every byte and aligned word read lies within the `n` bytes at `s`.
    unsafe {
        while n != 0 && misalignment(s.addr() + n) != 0 {
            n -= 1;
            if *s.add(n) == c {
                return s.add(n);
            }
        }
        let cc = splat(c);
        while n >= WORD {
            n -= WORD;
            let x = *s.add(n).cast::<usize>() ^ cc;
            if has_zero(x) {
                return s.add(n + last_flagged(zero_bytes(x)));
            }
        }
        while n != 0 {
            n -= 1;
            if *s.add(n) == c {
                return s.add(n);
            }
        }
        core::ptr::null()
    }
}

/// The first byte of the string `s` that equals `c`, or its terminator (`strchrnul`).
///
/// # Safety
/// `s` must be a NUL-terminated string.
pub unsafe fn find_byte_or_nul(mut s: *const u8, c: u8) -> *const u8 {
    // SAFETY: reading stops at the first match or NUL. A whole aligned word is loaded only
    // after every earlier byte held neither, so the string reaches into it.
    unsafe {
        while misalignment(s.addr()) != 0 {
            if *s == c || *s == 0 {
                return s;
            }
            s = s.add(1);
        }
        let cc = splat(c);
        loop {
            let w = *s.cast::<usize>();
            if has_zero(w) || has_zero(w ^ cc) {
                return s.add(first_flagged(zero_bytes(w) | zero_bytes(w ^ cc)));
            }
            s = s.add(WORD);
        }
    }
}

/// The number of bytes before the terminator of the string `s`.
///
/// # Safety
/// `s` must be a NUL-terminated string.
pub unsafe fn c_string_length(s: *const u8) -> usize {
    let mut p = s;
    // SAFETY: as in find_byte_or_nul, with only the NUL to find.
    unsafe {
        while misalignment(p.addr()) != 0 {
            if *p == 0 {
                return p.addr() - s.addr();
            }
            p = p.add(1);
        }
        loop {
            let w = *p.cast::<usize>();
            if has_zero(w) {
                return p.addr() - s.addr() + first_flagged(zero_bytes(w));
            }
            p = p.add(WORD);
        }
    }
}

/// The first position `j` in `from..to` where the haystack of `UNIT`-byte units at `h`
/// could hold a match by [`Pair`]'s two units, or `to` if there is none.
///
/// With a single-valued first unit the word-wide [`find_byte`] finds the candidates; other
/// pairs are checked unit by unit.
///
/// # Safety
/// `h` must be aligned for its units and readable for `to - 1 + max(pair offsets)` units.
pub unsafe fn find_pair<const UNIT: usize>(h: *const u8, mut from: usize, to: usize, pair: &Pair) -> usize {
    // SAFETY: positions stay below `to`, so every unit read is inside the caller's bound.
    unsafe {
        if UNIT == 1 && pair.first[0] == pair.first[1] {
            while from < to {
                let p = find_byte(h.add(from + pair.offsets[0]), pair.first[0] as u8, to - from);
                if p.is_null() {
                    return to;
                }
                let j = p.addr() - h.addr() - pair.offsets[0];
                if pair.second_matches(super::unit::<UNIT>(h, j + pair.offsets[1])) {
                    return j;
                }
                from = j + 1;
            }
            return to;
        }
        while from < to {
            if pair.first_matches(super::unit::<UNIT>(h, from + pair.offsets[0]))
                && pair.second_matches(super::unit::<UNIT>(h, from + pair.offsets[1]))
            {
                return from;
            }
            from += 1;
        }
        to
    }
}
