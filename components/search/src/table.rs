//! The hash table under `hsearch`: open addressing over a power-of-two number of slots,
//! each an `ENTRY` (the caller's key pointer and data, which `hsearch` returns pointers
//! to) and a tag byte.
//!
//! A table is one block from the allocator, aligned within it to a cache line: a line
//! with the [`Header`], then a line per three slots, which holds their three tags and then
//! their three entries (16 bytes each, from byte 16), so that a probe reads a slot's tag and
//! its entry from one line: a lookup of a present key costs a miss for the line and one for
//! the key's string, as musl's (which has no tags) does, not a third for a separate array of
//! tags. A tag is 0 for an empty slot, or the top bit and seven more bits of the key's hash,
//! so that a probe compares strings only when the tags agree: about one slot in 128 besides
//! the key's own. Probing is triangular (the slot after `h` is `h+1`, then `h+3`, `h+6`,
//! ...), which visits every slot of a power-of-two table. Nothing is ever removed, so there
//! are no tombstones.
//!
//! The sizes are musl's, so a returned `ENTRY *` stays valid exactly as long as it would on
//! musl (until the table grows): `hcreate(n)` makes the smallest power of two of at least
//! `n` slots, 8 at least, and a table grows when an insertion would fill more than three
//! quarters of its slots, to the smallest power of two of at least twice its entries.
use core::ffi::{c_char, c_int};

use limpet_abi::errno::{ENOMEM, ESRCH};
use limpet_abi::search::{ACTION, Entry, FIND};

use crate::imports::{free, malloc, strcmp, strlen};

/// The first line of a table; the slots' lines follow.
#[repr(C)]
struct Header {
    /// The number of slots less one (a power of two less one): the mask of a probe.
    mask: usize,
    /// How many slots hold an entry.
    used: usize,
    /// The block as the allocator returned it, before the alignment.
    block: *mut core::ffi::c_void,
}

/// The bytes of a line, which a table's lines are aligned to.
const LINE: usize = 64;
/// The slots of a line: their tags in its first bytes, their entries from byte 16.
const PER_LINE: usize = 3;
/// Where a line's entries start.
const ENTRIES_AT: usize = 16;
const _: () = assert!(ENTRIES_AT + PER_LINE * size_of::<Entry>() == LINE && size_of::<Header>() <= LINE);

/// The fewest slots a table has.
const MIN_SLOTS: usize = 8;
/// The most slots a table can be asked for: the largest power of two a `size_t` holds
/// (such a table never fits in memory, but asking for it fails as ENOMEM, as in musl).
const MAX_SLOTS: usize = 1 << (usize::BITS - 1);

/// The tag of an empty slot.
const EMPTY: u8 = 0;
/// The bit every occupied slot's tag has.
const FULL: u8 = 0x80;
/// How far the hash is shifted to leave the seven bits of a tag.
const TAG_SHIFT: u32 = u64::BITS - 7;

/// The number of slots for `n` entries: a power of two, [`MIN_SLOTS`] at least.
fn slots_for(n: usize) -> usize {
    n.max(MIN_SLOTS).checked_next_power_of_two().unwrap_or(MAX_SLOTS)
}

/// How many entries a table of `slots` slots may hold: three quarters of it, which keeps
/// probes short and leaves an empty slot for every probe to end at.
fn capacity(slots: usize) -> usize {
    slots - slots / 4
}

/// The lines of the slots of a table of `slots` slots.
fn lines(slots: usize) -> usize {
    slots.div_ceil(PER_LINE)
}

/// The bytes of a table of `slots` slots (with room to align it), or `None` when that is
/// more than a `size_t`.
fn block_size(slots: usize) -> Option<usize> {
    (lines(slots) + 1).checked_mul(LINE)?.checked_add(LINE - 1)
}

/// A table: a block from the allocator, laid out as the module says.
#[derive(Clone, Copy)]
pub(crate) struct Table(*mut Header);

// SAFETY: a table's block belongs to no thread; whoever holds the `Table` (a caller's
// `struct hsearch_data`, or the process-wide one under its lock) orders its uses.
unsafe impl Send for Table {}

impl Table {
    /// Takes the pointer that `struct hsearch_data` keeps (`__tab`) as a table.
    ///
    /// # Safety
    /// `p` must be a pointer [`Table::as_ptr`] returned, of a table not freed since.
    pub(crate) unsafe fn from_ptr(p: *mut core::ffi::c_void) -> Table {
        Table(p.cast())
    }

    /// The pointer to keep in `struct hsearch_data`.
    pub(crate) fn as_ptr(self) -> *mut core::ffi::c_void {
        self.0.cast()
    }

    /// An empty table of [`slots_for`]`(n)` slots; `Err(ENOMEM)` when there is no memory.
    pub(crate) fn new(n: usize) -> Result<Table, c_int> {
        let slots = slots_for(n);
        let size = block_size(slots).ok_or(ENOMEM)?;
        // SAFETY: a plain request; the result is checked before use.
        let block = unsafe { malloc(size) };
        if block.is_null() {
            return Err(ENOMEM);
        }
        let h = block.wrapping_byte_add(block.addr().wrapping_neg() % LINE).cast::<Header>();
        // SAFETY: the aligned start leaves a header line and the slots' lines within the
        // block (block_size); an entry's contents matter only where its tag says it is
        // occupied.
        unsafe {
            h.write(Header { mask: slots - 1, used: 0, block });
            let t = Table(h);
            for l in 0..lines(slots) {
                t.line(l * PER_LINE).write_bytes(EMPTY, PER_LINE);
            }
            Ok(t)
        }
    }

    /// Gives the table's block back to the allocator (not the keys, which are the
    /// caller's).
    ///
    /// # Safety
    /// Nothing may use the table, or an entry pointer into it, afterwards.
    pub(crate) unsafe fn free(self) {
        // SAFETY: the block came from `malloc` (Table::new) and is given up by the caller.
        unsafe { free((*self.0).block) }
    }

    fn slots(self) -> usize {
        // SAFETY: a table's header is initialised from its creation on.
        unsafe { (*self.0).mask + 1 }
    }

    /// The line of slot `i` (below the slot count).
    #[inline(always)]
    fn line(self, i: usize) -> *mut u8 {
        // SAFETY: slot `i`'s line is within the block (block_size).
        unsafe { self.0.cast::<u8>().add((i / PER_LINE + 1) * LINE) }
    }

    /// Slot `i`'s tag.
    #[inline(always)]
    fn tag(self, i: usize) -> *mut u8 {
        // SAFETY: the tags are the line's first bytes.
        unsafe { self.line(i).add(i % PER_LINE) }
    }

    /// Slot `i`'s entry.
    #[inline(always)]
    fn entry(self, i: usize) -> *mut Entry {
        // SAFETY: the entries are the line's last 48 bytes.
        unsafe { self.line(i).add(ENTRIES_AT + i % PER_LINE * size_of::<Entry>()).cast() }
    }

    /// The slots a key whose hash is `hash` may be in, in the order a probe visits them:
    /// every slot, once (triangular steps over a power of two).
    fn sequence(self, hash: u64) -> impl Iterator<Item = usize> {
        let mask = self.slots() - 1;
        (0..=mask).scan(hash as usize & mask, move |i, step| {
            let here = *i;
            *i = (*i + step + 1) & mask;
            Some(here)
        })
    }

    /// The slot holding `key`, or the empty slot where it belongs: `(index, found)`.
    ///
    /// # Safety
    /// `key` must be a NUL-terminated string, and so must every key in the table.
    unsafe fn probe(self, key: *const c_char, hash: u64) -> (usize, bool) {
        let tag = tag_of(hash);
        for i in self.sequence(hash) {
            // SAFETY: `i` is below the slot count; an occupied slot's entry holds a key the
            // caller entered, NUL-terminated.
            unsafe {
                match *self.tag(i) {
                    EMPTY => return (i, false),
                    t if t == tag && same(key, (*self.entry(i)).key) => return (i, true),
                    _ => {}
                }
            }
        }
        unreachable!("a table is never full: at most three quarters of its slots hold entries")
    }

    /// The first empty slot of `hash`'s sequence: where a key known to be absent goes.
    fn vacancy(self, hash: u64) -> usize {
        self.sequence(hash)
            // SAFETY: every index of the sequence is below the slot count.
            .find(|&i| unsafe { *self.tag(i) } == EMPTY)
            .expect("a table is never full: at most three quarters of its slots hold entries")
    }

    /// Stores `item` in the empty slot `i` with its hash's tag.
    ///
    /// # Safety
    /// Slot `i` must be empty and below the slot count.
    unsafe fn put(self, i: usize, item: Entry, hash: u64) {
        // SAFETY: the caller names an existing empty slot.
        unsafe {
            self.entry(i).write(item);
            *self.tag(i) = tag_of(hash);
            (*self.0).used += 1;
        }
    }

    /// A table of [`slots_for`]`(2 * entries)` slots holding this one's entries; this one is
    /// freed. `Err(ENOMEM)` leaves this one as it was.
    ///
    /// # Safety
    /// The table's keys must be NUL-terminated strings; no entry pointer into this table
    /// may be used afterwards.
    #[cold]
    #[inline(never)]
    unsafe fn grow(self, entries: usize) -> Result<Table, c_int> {
        let new = Table::new(entries.saturating_mul(2))?;
        for i in 0..self.slots() {
            // SAFETY: `i` is a slot of this table; an occupied one holds an entered key,
            // NUL-terminated. The keys are distinct, so each needs only an empty slot.
            unsafe {
                if *self.tag(i) != EMPTY {
                    let e = *self.entry(i);
                    let hash = hash(e.key);
                    new.put(new.vacancy(hash), e, hash);
                }
            }
        }
        // SAFETY: every entry moved to `new`; the caller gives this table up.
        unsafe { self.free() };
        Ok(new)
    }

    /// `hsearch`'s work: finds `item.key`, or, unless `action` is FIND (any other value
    /// enters, as in musl), enters `item`. Returns the entry in the table and the table,
    /// which is a new one when it grew (the old one is then freed). Errors: ESRCH when
    /// FIND finds nothing, ENOMEM when the table cannot grow (nothing is entered).
    ///
    /// # Safety
    /// `item.key` must be a NUL-terminated string, and so must every key in the table,
    /// unchanged since it was entered.
    pub(crate) unsafe fn search(self, item: Entry, action: ACTION) -> Result<(*mut Entry, Table), c_int> {
        // SAFETY: `item.key` is NUL-terminated (the caller's contract).
        let hash = unsafe { hash(item.key) };
        // SAFETY: as above, for every key in the table.
        let (i, found) = unsafe { self.probe(item.key, hash) };
        if found {
            // `i` is an occupied slot of this table.
            return Ok((self.entry(i), self));
        }
        if action == FIND {
            return Err(ESRCH);
        }
        // SAFETY: a header is initialised from the table's creation on.
        let entries = unsafe { (*self.0).used } + 1;
        let (t, i) = if entries > capacity(self.slots()) {
            // SAFETY: the keys are NUL-terminated; the only entry pointer the caller will
            // use is the one returned below, into the new table.
            let t = unsafe { self.grow(entries) }?;
            // The key is not in the table, so it goes in the first empty slot of the new one.
            (t, t.vacancy(hash))
        } else {
            (self, i)
        };
        // SAFETY: `i` is the empty slot `probe` found for the key in table `t`.
        unsafe { t.put(i, item, hash) };
        // Slot `i` of `t` now holds the entry.
        Ok((t.entry(i), t))
    }
}

/// The tag of a key whose hash is `hash`.
fn tag_of(hash: u64) -> u8 {
    FULL | (hash >> TAG_SHIFT) as u8
}

/// The multipliers of the hash: odd constants with well-spread bits (splitmix64's).
const K1: u64 = 0x9e37_79b9_7f4a_7c15;
const K2: u64 = 0xbf58_476d_1ce4_e5b9;
const K3: u64 = 0x94d0_49bb_1331_11eb;

/// The hash of a NUL-terminated key: its length measured by limpet-string's `strlen`,
/// then a multiply per 8 bytes (the last 8 read again where they overlap, a short key's
/// bytes gathered), and a final mix that brings every bit down to the low ones, which pick
/// the slot.
///
/// # Safety
/// `key` must be a NUL-terminated string.
unsafe fn hash(key: *const c_char) -> u64 {
    // SAFETY: the caller's NUL-terminated key; every read below is within its `n` bytes.
    unsafe {
        let n = strlen(key);
        let p = key.cast::<u8>();
        let word = |i: usize| p.add(i).cast::<u64>().read_unaligned();
        let mut h = (n as u64).wrapping_mul(K1);
        if n >= 8 {
            let mut i = 0;
            while i + 8 < n {
                h = (h ^ word(i)).wrapping_mul(K2).rotate_left(29);
                i += 8;
            }
            h = (h ^ word(n - 8)).wrapping_mul(K2);
        } else if n >= 4 {
            let half = |i: usize| p.add(i).cast::<u32>().read_unaligned() as u64;
            h = (h ^ (half(0) << 32 | half(n - 4))).wrapping_mul(K2);
        } else if n > 0 {
            let w = (*p as u64) << 16 | (*p.add(n / 2) as u64) << 8 | *p.add(n - 1) as u64;
            h = (h ^ w).wrapping_mul(K2);
        }
        h ^= h >> 32;
        h = h.wrapping_mul(K3);
        h ^ (h >> 29)
    }
}

/// Whether two NUL-terminated strings are equal.
///
/// # Safety
/// Both must be NUL-terminated strings.
unsafe fn same(a: *const c_char, b: *const c_char) -> bool {
    // SAFETY: both are NUL-terminated (the caller's contract).
    a == b || unsafe { strcmp(a, b) } == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_musls() {
        assert_eq!([0, 1, 8, 9, 100, 128, 129].map(slots_for), [8, 8, 8, 16, 128, 128, 256]);
        assert_eq!(slots_for(usize::MAX), MAX_SLOTS);
        // musl grows a table of 8 at the 7th entry, of 128 at the 97th.
        assert_eq!([8, 16, 128, 256].map(capacity), [6, 12, 96, 192]);
        assert!(block_size(MAX_SLOTS).is_none());
    }

    #[test]
    fn tags_are_never_empty() {
        assert_ne!(tag_of(0), EMPTY);
        assert_ne!(tag_of(u64::MAX), EMPTY);
    }

    #[test]
    fn keys_compare_by_content() {
        unsafe {
            assert!(same(c"abc".as_ptr(), c"abc".as_ptr()));
            assert!(!same(c"abc".as_ptr(), c"abd".as_ptr()));
            assert!(!same(c"ab".as_ptr(), c"abc".as_ptr()));
            assert!(same(c"".as_ptr(), c"".as_ptr()));
            assert_eq!(hash(c"key".as_ptr()), hash(c"key".as_ptr()));
        }
    }
}
