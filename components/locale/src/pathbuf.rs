//! Paths assembled piece by piece in a fixed buffer of `PATH_MAX` bytes, with no
//! allocation: where compiled locales and catalogs are looked for (and limpet-intl's
//! catalog paths).
use core::ffi::CStr;
use core::mem::MaybeUninit;

use limpet_abi::limits::PATH_MAX;

/// The storage of a [`PathBuf`]: `PATH_MAX` bytes, never initialised as a whole. It is a
/// separate local of the caller's: kept inside the path's struct, beside the length and flag
/// (both zero at first), the compiler merges their stores with the buffer's into one memset of
/// 4 KB, which costs more than the lookup the path is built for.
pub type PathStorage = MaybeUninit<[u8; PATH_MAX]>;

/// A path assembled piece by piece in a [`PathStorage`]; a path that does not fit, or that
/// holds a NUL, has no C form.
pub struct PathBuf<'s> {
    buf: &'s mut PathStorage,
    len: usize,
    bad: bool,
}

impl<'s> PathBuf<'s> {
    pub fn new(buf: &'s mut PathStorage) -> PathBuf<'s> {
        PathBuf { buf, len: 0, bad: false }
    }

    /// Appends `part`.
    pub fn push(&mut self, part: &[u8]) -> &mut PathBuf<'s> {
        // One byte stays free for the NUL.
        if part.contains(&0) || self.len + part.len() >= PATH_MAX {
            self.bad = true;
        } else {
            // SAFETY: the check above keeps `len + part.len()` inside the buffer, and `part`
            // is borrowed, so it cannot overlap the buffer borrowed mutably here.
            unsafe {
                core::ptr::copy_nonoverlapping(part.as_ptr(), self.buf.as_mut_ptr().cast::<u8>().add(self.len), part.len());
            }
            self.len += part.len();
        }
        self
    }

    /// Cuts the path back to its first `len` bytes, to build another path on the same
    /// start, which must have had a C form (every push up to `len` fitted).
    pub fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
        self.bad = false;
    }

    /// The path's length so far.
    pub fn len(&self) -> usize {
        self.len
    }

    /// The path as a C string; None when a part did not fit or held a NUL.
    pub fn as_cstr(&mut self) -> Option<&CStr> {
        if self.bad {
            return None;
        }
        // SAFETY: `len` < PATH_MAX (`push` keeps a byte free); `push` wrote every byte below
        // `len`, none of them a NUL (it refuses parts with one), and this writes the NUL at
        // `len`: the bytes are a C string.
        unsafe {
            let base = self.buf.as_mut_ptr().cast::<u8>();
            *base.add(self.len) = 0;
            Some(CStr::from_bytes_with_nul_unchecked(core::slice::from_raw_parts(base, self.len + 1)))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_that_fit_and_do_not() {
        let mut storage = PathStorage::uninit();
        let mut p = PathBuf::new(&mut storage);
        p.push(b"/usr").push(b"/").push(b"x.mo");
        assert_eq!(p.as_cstr(), Some(c"/usr/x.mo"));
        let mut storage = PathStorage::uninit();
        let mut p = PathBuf::new(&mut storage);
        p.push(&[b'a'; PATH_MAX - 1]);
        assert!(p.as_cstr().is_some());
        p.push(b"b");
        assert_eq!(p.as_cstr(), None);
        let mut storage = PathStorage::uninit();
        let mut p = PathBuf::new(&mut storage);
        p.push(b"a\0b");
        assert_eq!(p.as_cstr(), None);
        let mut storage = PathStorage::uninit();
        let mut p = PathBuf::new(&mut storage);
        p.push(b"/dir/");
        let start = p.len();
        p.push(b"one");
        assert_eq!(p.as_cstr(), Some(c"/dir/one"));
        p.truncate(start);
        p.push(&[b'x'; PATH_MAX]);
        assert_eq!(p.as_cstr(), None);
        p.truncate(start);
        p.push(b"two");
        assert_eq!(p.as_cstr(), Some(c"/dir/two"));
    }
}
