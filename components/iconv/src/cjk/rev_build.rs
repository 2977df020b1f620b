//! The size profile's reverse indexes: instead of carrying each family's `.rev` file, the
//! binary builds the same bytes from the family's decode grid the first time a character is
//! encoded into it (or a descriptor that encodes into it is opened), in memory from
//! `malloc`, and publishes them once through an atomic pointer.
//!
//! Two threads may build at once: each builds its own copy, one wins the compare-exchange,
//! and the loser frees its copy, which no other thread has seen. The winner's copy lives as
//! long as the process (the index is a `static`'s).
use super::table::{
    ASCII_END, NO_BLOCK, PAGE_BITS, RevLayout, WORDS_PER_PAGE, rev_slot, u16_at, u64_at,
};
use crate::imports::{free, malloc};
use core::ptr::null_mut;
use core::sync::atomic::{AtomicPtr, Ordering};

/// Pages of 256 code points in the Basic Multilingual Plane (what most indexes cover).
#[cfg(feature = "cjk-bmp")]
pub const BMP_PAGES: usize = 0x100;
/// The most pages an index covers: planes 0 to 2 (Big5-HKSCS reaches plane 2).
const MAX_PAGES: usize = 0x3_0000 >> PAGE_BITS;
const PAGE_WORDS: usize = MAX_PAGES.div_ceil(64);

/// What a family's index is built from.
pub struct Source {
    /// Pages of 256 code points the index covers (the highest code point's page + 1).
    pub pages: usize,
    /// Calls its argument with (code point, code) for every cell of the family's grids, in
    /// the order of preference: where several codes decode to one code point, the first
    /// one given is kept (unless `picks` says otherwise). ASCII is skipped by the builder.
    pub cells: fn(&mut dyn FnMut(u32, u16)),
    /// (code point, code) where the generator kept another code than the first.
    pub picks: &'static [(u32, u16)],
}

/// The bytes of a built index follow this header in one allocation.
#[repr(C)]
struct Header {
    layout: RevLayout,
    len: usize,
}

/// A reverse index built on first use.
pub struct Built {
    source: Source,
    image: AtomicPtr<Header>,
}

impl Built {
    pub const fn new(source: Source) -> Self {
        Built {
            source,
            image: AtomicPtr::new(null_mut()),
        }
    }

    /// The index's bytes and layout, built now if no thread has built them; `None` when
    /// memory ran out (a later call tries again).
    #[inline]
    pub fn image(&self) -> Option<(&[u8], RevLayout)> {
        let mut h = self.image.load(Ordering::Acquire);
        if h.is_null() {
            h = self.publish()?;
        }
        // SAFETY: a published header is followed by `len` initialized bytes in the same
        // allocation, never written again and never freed while `self` lives.
        unsafe {
            let bytes =
                core::slice::from_raw_parts((h as *const u8).add(size_of::<Header>()), (*h).len);
            Some((bytes, (*h).layout))
        }
    }

    #[cold]
    fn publish(&self) -> Option<*mut Header> {
        let mine = build(&self.source)?;
        match self
            .image
            .compare_exchange(null_mut(), mine, Ordering::AcqRel, Ordering::Acquire)
        {
            Ok(_) => Some(mine),
            Err(winner) => {
                // SAFETY: `mine` came from malloc in `build` and was never shared.
                unsafe { free(mine as *mut _) };
                Some(winner)
            }
        }
    }
}

impl Drop for Built {
    fn drop(&mut self) {
        let h = *self.image.get_mut();
        if !h.is_null() {
            // SAFETY: the header came from malloc in `build`; `&mut self` means no reader.
            unsafe { free(h as *mut _) };
        }
    }
}

fn put_u16(data: &mut [u8], at: usize, v: u16) {
    data[at..at + 2].copy_from_slice(&v.to_le_bytes());
}

/// Builds the index of `src` in a new allocation (header, then bytes laid out as the
/// generator lays out a `.rev` file); `None` when malloc fails.
fn build(src: &Source) -> Option<*mut Header> {
    assert!(src.pages <= MAX_PAGES);
    // Pass 1: which pages have a code point, and an upper bound on the codes (cells whose
    // code point another cell already has take a slot each here, a few bytes at most).
    let mut used = [0u64; PAGE_WORDS];
    let mut cells = 0usize;
    (src.cells)(&mut |cp, _| {
        let page = (cp >> PAGE_BITS) as usize;
        if cp >= ASCII_END && page < src.pages {
            used[page / 64] |= 1 << (page % 64);
            cells += 1;
        }
    });
    let blocks = used.iter().map(|w| w.count_ones() as usize).sum();
    let layout = RevLayout {
        pages: src.pages,
        blocks,
    };
    let cap = layout.codes() + 2 * cells;
    // SAFETY: malloc takes any size; the result is checked for null.
    let h = unsafe { malloc(size_of::<Header>() + cap) } as *mut Header;
    if h.is_null() {
        return None;
    }
    // SAFETY: the allocation holds `cap` bytes after the header and nothing else sees it
    // yet; writing zeros first makes every byte initialized.
    let data = unsafe {
        let p = (h as *mut u8).add(size_of::<Header>());
        p.write_bytes(0, cap);
        core::slice::from_raw_parts_mut(p, cap)
    };
    // The page entries: blocks numbered in page order.
    let mut next = 0u16;
    for page in 0..src.pages {
        let entry = if used[page / 64] >> (page % 64) & 1 != 0 {
            next += 1;
            next - 1
        } else {
            NO_BLOCK
        };
        put_u16(data, 2 * page, entry);
    }
    // Pass 2: the bitmaps.
    (src.cells)(&mut |cp, _| {
        let page = (cp >> PAGE_BITS) as usize;
        if cp < ASCII_END || page >= src.pages {
            return;
        }
        let bit = cp & ((1 << PAGE_BITS) - 1);
        let w = u16_at(data, 2 * page) as usize * WORDS_PER_PAGE + (bit >> 6) as usize;
        let at = layout.bitmaps() + 8 * w;
        let word = u64_at(data, at) | 1 << (bit & 63);
        data[at..at + 8].copy_from_slice(&word.to_le_bytes());
    });
    // The running counts before each word.
    let mut codes = 0usize;
    for w in 0..blocks * WORDS_PER_PAGE {
        put_u16(data, layout.ranks() + 2 * w, codes as u16);
        codes += u64_at(data, layout.bitmaps() + 8 * w).count_ones() as usize;
    }
    // The counts are u16, as in the generated files; every family has far fewer codes.
    debug_assert!(codes <= u16::MAX as usize);
    // Pass 3: the codes, the first one given for each code point (no code is 0, so a zero
    // slot is an empty one), then the picks over them.
    (src.cells)(&mut |cp, code| {
        if cp < ASCII_END {
            return;
        }
        if let Some(n) = rev_slot(data, layout, cp) {
            let at = layout.codes() + 2 * n;
            if u16_at(data, at) == 0 {
                put_u16(data, at, code);
            }
        }
    });
    for &(cp, code) in src.picks {
        if let Some(n) = rev_slot(data, layout, cp) {
            put_u16(data, layout.codes() + 2 * n, code);
        }
    }
    // SAFETY: `h` is the allocation's start, aligned for any object.
    unsafe {
        h.write(Header {
            layout,
            len: layout.codes() + 2 * codes,
        })
    };
    Some(h)
}
