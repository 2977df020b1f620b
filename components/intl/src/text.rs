//! Byte strings: C strings read as slices, copies kept for the life of the process, and
//! paths built in a fixed buffer.
use core::ffi::{CStr, c_char};

use limpet_abi::limits::PATH_MAX;

use crate::imports::malloc;

/// The bytes of the C string `s`, without its NUL.
///
/// # Safety
/// `s` is a valid NUL-terminated string that outlives `'a`.
pub unsafe fn bytes<'a>(s: *const c_char) -> &'a [u8] {
    // SAFETY: by the caller's contract.
    unsafe { CStr::from_ptr(s).to_bytes() }
}

/// A malloc'd NUL-terminated copy of `s`, never freed; None when the allocator fails.
pub fn keep(s: &[u8]) -> Option<*mut c_char> {
    // SAFETY: a plain allocation of `s.len() + 1` bytes.
    let p = unsafe { malloc(s.len() + 1) } as *mut u8;
    if p.is_null() {
        return None;
    }
    // SAFETY: `p` has room for `s` and its NUL, and is fresh, so it overlaps nothing.
    unsafe {
        core::ptr::copy_nonoverlapping(s.as_ptr(), p, s.len());
        *p.add(s.len()) = 0;
    }
    Some(p.cast())
}

/// A path assembled piece by piece in a buffer of `PATH_MAX` bytes; a path that does not
/// fit, or that holds a NUL, has no C form.
pub struct PathBuf {
    buf: [u8; PATH_MAX],
    len: usize,
    bad: bool,
}

impl PathBuf {
    pub fn new() -> PathBuf {
        PathBuf { buf: [0; PATH_MAX], len: 0, bad: false }
    }

    /// Appends `part`.
    pub fn push(&mut self, part: &[u8]) -> &mut PathBuf {
        // One byte stays free for the NUL.
        if part.contains(&0) || self.len + part.len() >= PATH_MAX {
            self.bad = true;
        } else {
            self.buf[self.len..self.len + part.len()].copy_from_slice(part);
            self.len += part.len();
        }
        self
    }

    /// The path as a C string; None when a part did not fit or held a NUL.
    pub fn as_cstr(&mut self) -> Option<&CStr> {
        if self.bad {
            return None;
        }
        self.buf[self.len] = 0;
        CStr::from_bytes_with_nul(&self.buf[..=self.len]).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_that_fit_and_do_not() {
        let mut p = PathBuf::new();
        p.push(b"/usr").push(b"/").push(b"x.mo");
        assert_eq!(p.as_cstr(), Some(c"/usr/x.mo"));
        let mut p = PathBuf::new();
        p.push(&[b'a'; PATH_MAX - 1]);
        assert!(p.as_cstr().is_some());
        p.push(b"b");
        assert_eq!(p.as_cstr(), None);
        let mut p = PathBuf::new();
        p.push(b"a\0b");
        assert_eq!(p.as_cstr(), None);
    }
}
