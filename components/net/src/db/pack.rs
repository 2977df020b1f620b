//! Copying a parsed line into a C record's buffer, and the static state of a database.
//!
//! A C record (`struct servent`, ...) points at NUL-terminated strings and at a
//! null-terminated array of alias pointers; the `_r` functions keep them in the caller's
//! buffer, the others in a [`Slot`]. [`Packer`] hands out pieces of such a buffer, each
//! aligned for what it holds, and says [`Full`] (ERANGE) when the next piece would not fit.
//! It only ever writes inside the buffer.
//!
//! A record lists at most [`MAX_ALIASES`] aliases, so that a [`Slot`]'s buffer has a fixed
//! size which holds any line: the aliases past that are left out of the C record (the
//! Rust APIs, such as [`super::hosts::for_each`], see them all).
use core::ffi::{CStr, c_char, c_int};
use core::marker::PhantomData;
use core::ptr::null_mut;

use super::lines::{LINE_MAX, Lines};

/// The most aliases a C record lists.
pub const MAX_ALIASES: usize = 64;

const PTR: usize = size_of::<*mut c_char>();
/// The longest address a record holds (`struct in6_addr`).
const ADDR_MAX: usize = 16;
/// A [`Slot`]'s buffer: room for the strings of one line (its fields, each with a NUL,
/// take at most the line's length and one more byte), an alias array, a two-entry address
/// list, an address, and the padding that aligns the three.
pub const SLOT_BUF: usize = LINE_MAX + (MAX_ALIASES + 1) * PTR + 2 * PTR + ADDR_MAX + 3 * PTR;

/// The buffer has no room for the record: `ERANGE` for the `_r` functions.
#[derive(Debug, PartialEq, Eq)]
pub struct Full;

/// Hands out pieces of a buffer, front to back.
pub struct Packer<'a> {
    /// The buffer's first byte; every write goes through this pointer, below `base + len`.
    base: *mut u8,
    len: usize,
    used: usize,
    _buf: PhantomData<&'a mut [u8]>,
}

impl<'a> Packer<'a> {
    /// Packs into `buf`.
    pub fn new(buf: &'a mut [u8]) -> Packer<'a> {
        Packer { base: buf.as_mut_ptr(), len: buf.len(), used: 0, _buf: PhantomData }
    }

    /// Packs into the caller's `buf` of `len` bytes (none when `buf` is null).
    ///
    /// # Safety
    /// Unless it is null, `buf` must be valid for writes of `len` bytes for `'a`, and
    /// nothing else may use them meanwhile.
    pub unsafe fn from_raw(buf: *mut c_char, len: usize) -> Packer<'a> {
        let len = if buf.is_null() { 0 } else { len };
        Packer { base: buf.cast(), len, used: 0, _buf: PhantomData }
    }

    /// `size` bytes aligned to `align` (a power of two).
    fn take(&mut self, size: usize, align: usize) -> Result<*mut u8, Full> {
        let addr = self.base as usize + self.used;
        let pad = addr.wrapping_neg() & (align - 1);
        let start = self.used.checked_add(pad).ok_or(Full)?;
        let end = start.checked_add(size).ok_or(Full)?;
        if end > self.len {
            return Err(Full);
        }
        self.used = end;
        // SAFETY: `start + size <= len`, so the piece lies inside the buffer.
        Ok(unsafe { self.base.add(start) })
    }

    /// A copy of `s` with a NUL after it.
    pub fn str(&mut self, s: &[u8]) -> Result<*mut c_char, Full> {
        let p = self.take(s.len() + 1, 1)?;
        // SAFETY: `take` gave `s.len() + 1` bytes of the buffer, which `s` (a line, or the
        // caller's string) cannot overlap: the buffer is written only through this packer.
        unsafe {
            p.copy_from_nonoverlapping(s.as_ptr(), s.len());
            p.add(s.len()).write(0);
        }
        Ok(p.cast())
    }

    /// A copy of `b`, aligned to `align`.
    pub fn bytes(&mut self, b: &[u8], align: usize) -> Result<*mut c_char, Full> {
        let p = self.take(b.len(), align)?;
        // SAFETY: `take` gave `b.len()` bytes of the buffer; `b` is not in it.
        unsafe { p.copy_from_nonoverlapping(b.as_ptr(), b.len()) };
        Ok(p.cast())
    }

    /// A null-terminated array of `n` null pointers, for the caller to fill.
    pub fn array(&mut self, n: usize) -> Result<*mut *mut c_char, Full> {
        let size = n.checked_add(1).and_then(|n| n.checked_mul(PTR)).ok_or(Full)?;
        let p = self.take(size, align_of::<*mut c_char>())?.cast::<*mut c_char>();
        for i in 0..=n {
            // SAFETY: `take` gave `n + 1` pointers' room, aligned for pointers.
            unsafe { p.add(i).write(null_mut()) };
        }
        Ok(p)
    }

    /// A null-terminated array of copies of the first [`MAX_ALIASES`] of `names`.
    pub fn list<'s>(&mut self, names: impl Iterator<Item = &'s [u8]> + Clone) -> Result<*mut *mut c_char, Full> {
        let n = names.clone().take(MAX_ALIASES).count();
        let array = self.array(n)?;
        for (i, name) in names.take(n).enumerate() {
            let s = self.str(name)?;
            // SAFETY: `i < n`, inside the array `array` gave.
            unsafe { array.add(i).write(s) };
        }
        Ok(array)
    }
}

/// A database file, and the text that stands in for it when it does not exist (empty:
/// none).
#[derive(Clone, Copy)]
pub struct Source<'p> {
    pub path: &'p CStr,
    pub builtin: &'static [u8],
}

impl Source<'_> {
    /// The file's lines, or the built-in text's when there is no file.
    pub fn open(&self) -> Result<Lines, c_int> {
        match Lines::open(self.path) {
            Err(_) if !self.builtin.is_empty() => Ok(Lines::from_static(self.builtin)),
            r => r,
        }
    }
}

/// A static result: the record a non-`_r` function returns, and the buffer its pointers
/// point into.
pub struct Slot<R> {
    pub rec: R,
    pub buf: [u8; SLOT_BUF],
}

impl<R> Slot<R> {
    pub const fn new(rec: R) -> Slot<R> {
        Slot { rec, buf: [0; SLOT_BUF] }
    }

    /// Fills the record with `fill` (from `buf`) and returns its address, or null when
    /// `fill` fails.
    pub fn fill<E>(&mut self, fill: impl FnOnce(&mut Packer<'_>, &mut R) -> Result<(), E>) -> *mut R {
        let mut p = Packer::new(&mut self.buf);
        match fill(&mut p, &mut self.rec) {
            Ok(()) => &raw mut self.rec,
            Err(_) => null_mut(),
        }
    }
}

/// The `get*ent` stream of a database and the record it last returned.
pub struct Ent<R> {
    lines: Lines,
    slot: Slot<R>,
}

impl<R> Ent<R> {
    pub const fn new(rec: R) -> Ent<R> {
        Ent { lines: Lines::closed(), slot: Slot::new(rec) }
    }

    /// `set*ent`: opens the stream, or takes it back to the first line.
    pub fn set(&mut self, src: &Source<'_>) {
        if self.lines.is_open() {
            self.lines.rewind();
        } else if let Ok(lines) = src.open() {
            self.lines = lines;
        }
    }

    /// `end*ent`: closes the stream.
    pub fn end(&mut self) {
        self.lines.close();
    }

    /// `get*ent`: the next line that `pack` accepts (it parses the line and fills the
    /// record), opening the stream first if need be; null at the end.
    pub fn next(&mut self, src: &Source<'_>, mut pack: impl FnMut(&[u8], &mut Packer<'_>, &mut R) -> bool) -> *mut R {
        if !self.lines.is_open() {
            match src.open() {
                Ok(lines) => self.lines = lines,
                Err(_) => return null_mut(),
            }
        }
        while let Some(line) = self.lines.next_line() {
            let mut p = Packer::new(&mut self.slot.buf);
            if pack(line, &mut p, &mut self.slot.rec) {
                return &raw mut self.slot.rec;
            }
        }
        null_mut()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bytes of a packed string.
    ///
    /// # Safety
    /// `p` must be a NUL-terminated string that outlives the test.
    unsafe fn c(p: *const c_char) -> &'static [u8] {
        // SAFETY: the tests pass the packer's NUL-terminated strings.
        unsafe { CStr::from_ptr(p) }.to_bytes()
    }

    #[test]
    fn pieces_are_aligned_and_bounded() {
        let mut buf = [0xffu8; 64];
        let mut p = Packer::new(&mut buf[1..]);
        let s = p.str(b"ab").unwrap();
        let a = p.array(2).unwrap();
        assert_eq!(a as usize % PTR, 0);
        // SAFETY: `a` has three null entries, `s` a NUL-terminated copy.
        unsafe {
            assert!((*a).is_null() && (*a.add(2)).is_null());
            assert_eq!(c(s), b"ab");
        }
        let addr = p.bytes(&[1, 2, 3, 4], 4).unwrap();
        assert_eq!(addr as usize % 4, 0);
        assert_eq!(p.bytes(&[0; 64], 1), Err(Full));
        assert_eq!(p.array(usize::MAX), Err(Full));
        // What did not fit took no room.
        assert!(p.str(b"x").is_ok());
    }

    #[test]
    fn lists_copy_and_cap() {
        let mut buf = [0u8; 4096];
        let mut p = Packer::new(&mut buf);
        let names: Vec<Vec<u8>> = (0..MAX_ALIASES + 10).map(|i| format!("n{i}").into_bytes()).collect();
        let list = p.list(names.iter().map(|n| &n[..])).unwrap();
        for (i, name) in names.iter().take(MAX_ALIASES).enumerate() {
            // SAFETY: `list` has MAX_ALIASES copies and a null.
            assert_eq!(unsafe { c(*list.add(i)) }, &name[..]);
        }
        // SAFETY: as above.
        assert!(unsafe { *list.add(MAX_ALIASES) }.is_null());
        let empty = p.list([].into_iter()).unwrap();
        // SAFETY: an empty list is a lone null.
        assert!(unsafe { *empty }.is_null());
    }

    #[test]
    fn raw_buffers() {
        // SAFETY: a null buffer is never written.
        let mut p = unsafe { Packer::from_raw(null_mut(), 100) };
        assert_eq!(p.str(b""), Err(Full));
        let mut buf = [0u8; 3];
        // SAFETY: `buf` is ours, 3 bytes.
        let mut p = unsafe { Packer::from_raw(buf.as_mut_ptr().cast(), 3) };
        assert!(p.str(b"ab").is_ok());
        assert_eq!(p.str(b""), Err(Full));
        assert_eq!(&buf, b"ab\0");
    }

    #[test]
    fn slot_holds_the_longest_line() {
        // The most fields a line can have, and the longest strings.
        let many: Vec<u8> = b"a ".repeat((LINE_MAX - 1) / 2);
        let one = vec![b'x'; LINE_MAX - 1];
        for line in [&many[..], &one[..]] {
            let mut slot = Slot::new(());
            let r = slot.fill(|p, _| {
                let mut f = super::super::fields::fields(line);
                let name = f.next().unwrap();
                p.array(1)?;
                p.bytes(&[0; ADDR_MAX], 4)?;
                p.str(name)?;
                p.list(f)?;
                Ok::<(), Full>(())
            });
            assert!(!r.is_null());
        }
    }
}
