//! `__uflow` and `__overflow`: the slow paths of reading and writing one byte, which musl
//! exports for programs built against glibc-style macros.
use core::ffi::c_int;

use crate::abi::EOF;
use crate::file::FILE;

/// `__uflow(f)`—Refills `f`'s empty buffer and returns the next byte, or `EOF`.
///
/// # Safety
/// `f` must point to a live `FILE` that the caller holds or alone uses.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn __uflow(f: *mut FILE) -> c_int {
    // SAFETY: the caller vouches for `f` and holds it.
    unsafe { (*f).unlocked() }.underflow()
}

/// `__overflow(f, c)`—Writes the byte `c` to `f` when its buffer cannot simply take it
/// (full, or a newline on a line-buffered stream). Returns the byte, or `EOF`.
///
/// # Safety
/// `f` must point to a live `FILE` that the caller holds or alone uses.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn __overflow(f: *mut FILE, c: c_int) -> c_int {
    // SAFETY: the caller vouches for `f` and holds it.
    let s = unsafe { (*f).unlocked() };
    let b = c as u8;
    if s.writable() && s.put_byte(b) { c_int::from(b) } else { EOF }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::TmpFile;

    #[test]
    fn slow_paths_read_and_write_one_byte() {
        let t = TmpFile::new("uflow", Some(b"xy"));
        let f = t.open(c"r+");
        unsafe {
            assert_eq!(__uflow(f), i32::from(b'x'));
            crate::fseek::fseek(f, 0, crate::abi::SEEK_CUR);
            assert_eq!(__overflow(f, 0x100 + i32::from(b'Z')), i32::from(b'Z'));
            crate::fclose::fclose(f);
        }
        assert_eq!(t.read(), b"xZ");
    }
}
