//! Memory from the C allocator (a program's own `malloc` replaces limpet's everywhere):
//! - [`List`]: the arrays of strings `glob` and `wordexp` hand out (`gl_pathv`,
//!   `we_wordv`), each string its own allocation and the array another, so that the
//!   caller's `globfree`/`wordfree` (or a program's own `free`) releases them. It collects
//!   strings as they are found and owns them until [`List::into_vector`] moves them into
//!   the caller's array; dropped before that, it frees what it holds;
//! - [`Bytes`]: a buffer that grows, for what the shell writes;
//! - [`Scratch`]: a buffer of a fixed size, for a user lookup's record.
use core::ffi::{c_char, c_void};
use core::ptr::{copy_nonoverlapping, null_mut};

use crate::imports::{free, malloc, realloc};

const PTR: usize = size_of::<*mut c_char>();
/// The first capacity of a list that grows.
const FIRST_CAPACITY: usize = 8;

/// Memory ran out.
#[derive(Debug)]
pub(crate) struct NoSpace;

/// A growing array of owned, NUL-terminated strings.
pub(crate) struct List {
    ptr: *mut *mut c_char,
    len: usize,
    cap: usize,
}

impl List {
    pub(crate) const fn new() -> List {
        List { ptr: null_mut(), len: 0, cap: 0 }
    }

    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The strings, as pointers the list owns.
    pub(crate) fn as_mut_slice(&mut self) -> &mut [*mut c_char] {
        if self.ptr.is_null() {
            return &mut [];
        }
        // SAFETY: `ptr` holds `len` initialised pointers, and the list is borrowed mutably.
        unsafe { core::slice::from_raw_parts_mut(self.ptr, self.len) }
    }

    /// Adds a copy of `bytes` with a NUL after it, and `spare` more bytes of room (which
    /// `glob`'s `/` after a directory uses); returns the copy.
    pub(crate) fn push(&mut self, bytes: &[u8], spare: usize) -> Result<*mut c_char, NoSpace> {
        let size = bytes.len().checked_add(1 + spare).ok_or(NoSpace)?;
        // SAFETY: a plain allocation.
        let s = unsafe { malloc(size) }.cast::<u8>();
        if s.is_null() {
            return Err(NoSpace);
        }
        // SAFETY: `s` has room for the bytes and the NUL.
        unsafe {
            copy_nonoverlapping(bytes.as_ptr(), s, bytes.len());
            *s.add(bytes.len()) = 0;
        }
        if let Err(e) = self.push_owned(s.cast()) {
            // SAFETY: `s` is ours, from malloc, and nothing else holds it.
            unsafe { free(s.cast()) };
            return Err(e);
        }
        Ok(s.cast())
    }

    /// Adds `s`, which the list then owns (it came from `malloc`).
    pub(crate) fn push_owned(&mut self, s: *mut c_char) -> Result<(), NoSpace> {
        if self.len == self.cap {
            let cap = if self.cap == 0 { FIRST_CAPACITY } else { self.cap.checked_mul(2).ok_or(NoSpace)? };
            let bytes = cap.checked_mul(PTR).ok_or(NoSpace)?;
            // SAFETY: `ptr` is null or this list's own allocation.
            let p = unsafe { realloc(self.ptr.cast(), bytes) }.cast::<*mut c_char>();
            if p.is_null() {
                return Err(NoSpace);
            }
            (self.ptr, self.cap) = (p, cap);
        }
        // SAFETY: `len < cap`, within the allocation.
        unsafe { *self.ptr.add(self.len) = s };
        self.len += 1;
        Ok(())
    }

    /// Moves the strings into the caller's array `*vector`, a null pointer or an
    /// allocation that holds `used` pointers (the first `offs` null, then earlier strings):
    /// grows it to `used + len + 1`, puts the strings after the `used`, and a null pointer
    /// after them. With a null `*vector`, the first `used` are null pointers. On failure
    /// the list keeps its strings and `*vector` is as it was.
    pub(crate) fn into_vector(mut self, vector: &mut *mut *mut c_char, used: usize) -> Result<(), NoSpace> {
        let total = used.checked_add(self.len).and_then(|n| n.checked_add(1)).ok_or(NoSpace)?;
        let bytes = total.checked_mul(PTR).ok_or(NoSpace)?;
        let fresh = vector.is_null();
        // SAFETY: `*vector` is null or the caller's allocation from this allocator.
        let v = unsafe { realloc((*vector).cast(), bytes) }.cast::<*mut c_char>();
        if v.is_null() {
            return Err(NoSpace);
        }
        // SAFETY: `v` holds `total` pointers: the `used`, ours, and the null one.
        unsafe {
            if fresh {
                for i in 0..used {
                    *v.add(i) = null_mut();
                }
            }
            if self.len > 0 {
                copy_nonoverlapping(self.ptr, v.add(used), self.len);
            }
            *v.add(used + self.len) = null_mut();
        }
        *vector = v;
        // The strings are the caller's now; only the list's own array goes.
        self.len = 0;
        Ok(())
    }
}

impl Drop for List {
    fn drop(&mut self) {
        for &s in self.as_mut_slice().iter() {
            // SAFETY: each string is the list's own allocation.
            unsafe { free(s.cast()) };
        }
        // SAFETY: the list's own array, or null.
        unsafe { free(self.ptr.cast()) };
    }
}

/// A growing byte buffer.
pub(crate) struct Bytes {
    ptr: *mut u8,
    len: usize,
    cap: usize,
}

impl Bytes {
    pub(crate) const fn new() -> Bytes {
        Bytes { ptr: null_mut(), len: 0, cap: 0 }
    }

    pub(crate) fn as_slice(&self) -> &[u8] {
        if self.ptr.is_null() {
            return &[];
        }
        // SAFETY: `ptr` holds `len` initialised bytes.
        unsafe { core::slice::from_raw_parts(self.ptr, self.len) }
    }

    /// Room for at least `more` bytes after the contents, to be filled and then counted
    /// with [`Bytes::filled`].
    pub(crate) fn spare(&mut self, more: usize) -> Result<&mut [u8], NoSpace> {
        if self.cap - self.len < more {
            let want = self.len.checked_add(more).ok_or(NoSpace)?;
            let cap = want.max(self.cap.saturating_mul(2));
            // SAFETY: `ptr` is null or this buffer's own allocation.
            let p = unsafe { realloc(self.ptr.cast(), cap) }.cast::<u8>();
            if p.is_null() {
                return Err(NoSpace);
            }
            (self.ptr, self.cap) = (p, cap);
        }
        // SAFETY: `cap - len` bytes after the contents belong to the allocation; bytes are
        // valid in any state for the caller to overwrite.
        Ok(unsafe { core::slice::from_raw_parts_mut(self.ptr.add(self.len), self.cap - self.len) })
    }

    /// Counts `n` more bytes of the spare room as contents.
    pub(crate) fn filled(&mut self, n: usize) {
        debug_assert!(n <= self.cap - self.len);
        self.len += n;
    }
}

impl Drop for Bytes {
    fn drop(&mut self) {
        // SAFETY: the buffer's own allocation, or null.
        unsafe { free(self.ptr.cast()) };
    }
}

/// A scratch allocation of a fixed size, freed when dropped.
pub(crate) struct Scratch(pub(crate) *mut u8);

impl Scratch {
    pub(crate) fn new(size: usize) -> Result<Scratch, NoSpace> {
        // SAFETY: a plain allocation.
        let p = unsafe { malloc(size) }.cast::<u8>();
        if p.is_null() { Err(NoSpace) } else { Ok(Scratch(p)) }
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        // SAFETY: our own allocation.
        unsafe { free(self.0.cast::<c_void>()) };
    }
}

/// A growing array of plain values (`regcomp`'s tables, `regexec`'s scratch sets): a
/// `Vec` whose growth can fail.
pub(crate) struct Buf<T: Copy> {
    ptr: *mut T,
    len: usize,
    cap: usize,
}

impl<T: Copy> Buf<T> {
    pub(crate) const fn new() -> Buf<T> {
        Buf { ptr: null_mut(), len: 0, cap: 0 }
    }

    /// `n` copies of `v`.
    pub(crate) fn filled(n: usize, v: T) -> Result<Buf<T>, NoSpace> {
        let mut b = Buf::new();
        b.reserve(n)?;
        for _ in 0..n {
            b.push(v)?;
        }
        Ok(b)
    }

    /// Room for `more` values after the contents.
    pub(crate) fn reserve(&mut self, more: usize) -> Result<(), NoSpace> {
        if self.cap - self.len >= more {
            return Ok(());
        }
        let want = self.len.checked_add(more).ok_or(NoSpace)?;
        let cap = want.max(self.cap.saturating_mul(2)).max(FIRST_CAPACITY);
        let bytes = cap.checked_mul(size_of::<T>()).ok_or(NoSpace)?;
        // SAFETY: `ptr` is null or this buffer's own allocation.
        let p = unsafe { realloc(self.ptr.cast(), bytes) }.cast::<T>();
        if p.is_null() {
            return Err(NoSpace);
        }
        (self.ptr, self.cap) = (p, cap);
        Ok(())
    }

    pub(crate) fn push(&mut self, v: T) -> Result<(), NoSpace> {
        self.reserve(1)?;
        // SAFETY: `len < cap` after `reserve`, within the allocation.
        unsafe { self.ptr.add(self.len).write(v) };
        self.len += 1;
        Ok(())
    }

    pub(crate) fn pop(&mut self) -> Option<T> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        // SAFETY: the value at `len` was initialised by a push.
        Some(unsafe { self.ptr.add(self.len).read() })
    }

    pub(crate) fn clear(&mut self) {
        self.len = 0;
    }
}

impl<T: Copy> core::ops::Deref for Buf<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        if self.ptr.is_null() {
            return &[];
        }
        // SAFETY: `ptr` holds `len` initialised values.
        unsafe { core::slice::from_raw_parts(self.ptr, self.len) }
    }
}

impl<T: Copy> core::ops::DerefMut for Buf<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        if self.ptr.is_null() {
            return &mut [];
        }
        // SAFETY: `ptr` holds `len` initialised values, and the buffer is borrowed mutably.
        unsafe { core::slice::from_raw_parts_mut(self.ptr, self.len) }
    }
}

impl<T: Copy> Drop for Buf<T> {
    fn drop(&mut self) {
        // SAFETY: the buffer's own allocation, or null.
        unsafe { free(self.ptr.cast()) };
    }
}
