//! Where a record's strings go. A `struct passwd` or `struct group` points at
//! NUL-terminated copies of its line's fields (and a group at a null-terminated array of
//! member pointers): the `_r` functions keep them in the caller's buffer, the others in a
//! [`Slot`], a static record with a heap buffer that grows to what the record needs.
//! [`Packer`] hands out pieces of either, each aligned for what it holds, and says [`Full`]
//! when the next piece would not fit; it only ever writes inside its buffer.
use core::ffi::{c_char, c_int};
use core::marker::PhantomData;
use core::ptr::null_mut;

use limpet_syscall::errno::ENOMEM;

use crate::imports::{free, realloc};

/// The buffer has no room for the record: `ERANGE` for the `_r` functions.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Full;

/// Hands out pieces of a buffer, front to back.
pub(crate) struct Packer<'a> {
    /// The buffer's first byte; every write goes through this pointer, below `base + len`.
    base: *mut u8,
    len: usize,
    used: usize,
    _buf: PhantomData<&'a mut [u8]>,
}

impl<'a> Packer<'a> {
    /// Packs into `buf`, `len` bytes (none when `buf` is null).
    ///
    /// # Safety
    /// Unless it is null, `buf` must be valid for writes of `len` bytes for `'a`, and
    /// nothing else may use them meanwhile.
    pub(crate) unsafe fn new(buf: *mut c_char, len: usize) -> Packer<'a> {
        let len = if buf.is_null() { 0 } else { len };
        Packer { base: buf.cast(), len, used: 0, _buf: PhantomData }
    }

    /// `size` bytes aligned to `align` (a power of two).
    fn take(&mut self, size: usize, align: usize) -> Result<*mut u8, Full> {
        let pad = (self.base as usize).wrapping_add(self.used).wrapping_neg() & (align - 1);
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
    pub(crate) fn str(&mut self, s: &[u8]) -> Result<*mut c_char, Full> {
        let p = self.take(s.len() + 1, 1)?;
        // SAFETY: `take` gave `s.len() + 1` bytes of the buffer, which `s` (a line of the
        // reader's own buffer) does not overlap.
        unsafe {
            p.copy_from_nonoverlapping(s.as_ptr(), s.len());
            p.add(s.len()).write(0);
        }
        Ok(p.cast())
    }

    /// A null-terminated array of copies of `names`, `n` of them: the array first, then the
    /// strings.
    pub(crate) fn list<'s>(&mut self, names: impl Iterator<Item = &'s [u8]>, n: usize) -> Result<*mut *mut c_char, Full> {
        let size = n.checked_add(1).and_then(|n| n.checked_mul(size_of::<*mut c_char>())).ok_or(Full)?;
        let array = self.take(size, align_of::<*mut c_char>())?.cast::<*mut c_char>();
        for (i, name) in names.take(n).enumerate() {
            let s = self.str(name)?;
            // SAFETY: `i < n`, inside the array `take` gave, aligned for pointers.
            unsafe { array.add(i).write(s) };
        }
        // SAFETY: the last of the `n + 1` pointers.
        unsafe { array.add(n).write(null_mut()) };
        Ok(array)
    }
}

/// The most bytes a list of `n` pointers and its terminator takes, with the padding that
/// aligns it.
pub(crate) fn list_size(n: usize) -> usize {
    (n + 1) * size_of::<*mut c_char>() + align_of::<*mut c_char>() - 1
}

/// A static record: what a non-`_r` function returns, and the heap buffer its pointers
/// point into.
pub(crate) struct Slot<R> {
    rec: R,
    /// Null, or a block of the allocator of `cap` bytes.
    buf: *mut c_char,
    cap: usize,
}

// SAFETY: the record's pointers are null or point into the slot's own heap buffer, which
// no thread owns.
unsafe impl<R> Send for Slot<R> {}

impl<R> Slot<R> {
    pub(crate) const fn new(rec: R) -> Slot<R> {
        Slot { rec, buf: null_mut(), cap: 0 }
    }

    /// Grows the buffer to `size` bytes at least, then makes the record with `pack` from
    /// it and returns its address. ENOMEM when the buffer cannot grow; `pack` cannot run
    /// out of room when `size` bounds what it packs.
    pub(crate) fn fill(&mut self, size: usize, pack: impl FnOnce(&mut Packer<'_>) -> Result<R, Full>) -> Result<*mut R, c_int> {
        if size > self.cap {
            // SAFETY: `buf` is null or the allocator's block, which only this slot holds.
            let p = unsafe { realloc(self.buf.cast(), size) };
            if p.is_null() {
                return Err(ENOMEM);
            }
            self.buf = p.cast();
            self.cap = size;
        }
        // SAFETY: `buf` holds `cap` bytes, which only this slot (borrowed mutably) uses.
        let mut p = unsafe { Packer::new(self.buf, self.cap) };
        self.rec = pack(&mut p).map_err(|Full| ENOMEM)?;
        Ok(&raw mut self.rec)
    }
}

impl<R> Drop for Slot<R> {
    fn drop(&mut self) {
        // SAFETY: `buf` is null or the allocator's block, which only this slot holds.
        unsafe { free(self.buf.cast()) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::ffi::CStr;

    fn text(p: *const c_char) -> &'static [u8] {
        unsafe { CStr::from_ptr(p) }.to_bytes()
    }

    #[test]
    fn pieces_stay_inside_and_aligned() {
        let mut buf = [0u8; 64];
        let mut p = unsafe { Packer::new(buf.as_mut_ptr().cast(), 64) };
        let s = p.str(b"abc").unwrap();
        assert_eq!(text(s), b"abc");
        let l = p.list([&b"x"[..], b"yz"].into_iter(), 2).unwrap();
        assert_eq!(l as usize % align_of::<*mut c_char>(), 0);
        unsafe {
            assert_eq!(text(*l), b"x");
            assert_eq!(text(*l.add(1)), b"yz");
            assert!((*l.add(2)).is_null());
        }
        assert_eq!(p.str(&[b'q'; 64]), Err(Full));
    }

    #[test]
    fn a_null_or_small_buffer_is_full() {
        let mut p = unsafe { Packer::new(null_mut(), 100) };
        assert_eq!(p.str(b""), Err(Full));
        let mut buf = [0u8; 4];
        let mut p = unsafe { Packer::new(buf.as_mut_ptr().cast(), 4) };
        assert_eq!(p.str(b"abc").map(|_| ()), Ok(()));
        assert_eq!(p.str(b""), Err(Full));
    }

    #[test]
    fn a_slot_grows() {
        let mut slot = Slot::new(null_mut::<c_char>());
        for n in [1, 10, 5, 100_000] {
            let s = vec![b'a'; n];
            let r = slot.fill(n + 1, |p| p.str(&s));
            let rec = r.unwrap();
            assert_eq!(text(unsafe { *rec }), &s[..]);
        }
    }
}
