//! `addmntent`: one entry written as a line, with musl's layout (tabs between the fields)
//! and the escapes `getmntent` decodes, so that a field with a blank survives the trip.
use core::ffi::{CStr, c_char, c_int, c_void};

use limpet_abi::mntent::Mntent;
use limpet_abi::stdio::SEEK_END;
use limpet_syscall::errno::EINVAL;
use limpet_syscall::set_errno;

use crate::imports::{File, flockfile, fseek, funlockfile, fwrite};

/// The escape written for each byte that would end or mangle a field.
fn escape(b: u8) -> Option<&'static [u8; 4]> {
    match b {
        b' ' => Some(b"\\040"),
        b'\t' => Some(b"\\011"),
        b'\n' => Some(b"\\012"),
        b'\\' => Some(b"\\134"),
        _ => None,
    }
}

/// What separates fields, and what ends the line.
const SEPARATOR: &[u8] = b"\t";
const END: &[u8] = b"\n";
/// Room for an `int` in decimal, its sign included.
const INT_DIGITS: usize = 11;

/// Writes all of `bytes` to `f`; false when stdio could not.
///
/// # Safety
/// `f` must be an open stream.
unsafe fn put(f: *mut File, bytes: &[u8]) -> bool {
    // SAFETY: `bytes` is readable for its length; `f` is open.
    bytes.is_empty() || unsafe { fwrite(bytes.as_ptr().cast::<c_void>(), 1, bytes.len(), f) } == bytes.len()
}

/// Writes `s` with its special bytes escaped.
///
/// # Safety
/// `f` must be an open stream.
unsafe fn put_field(f: *mut File, s: &[u8]) -> bool {
    let mut start = 0;
    for (i, &b) in s.iter().enumerate() {
        if let Some(e) = escape(b) {
            // SAFETY: `f` is open.
            if !unsafe { put(f, &s[start..i]) && put(f, e) } {
                return false;
            }
            start = i + 1;
        }
    }
    // SAFETY: `f` is open.
    unsafe { put(f, &s[start..]) }
}

/// `n` in decimal, in `buf`.
fn decimal(n: c_int, buf: &mut [u8; INT_DIGITS]) -> &[u8] {
    let mut v = n.unsigned_abs();
    let mut at = buf.len();
    loop {
        at -= 1;
        buf[at] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    if n < 0 {
        at -= 1;
        buf[at] = b'-';
    }
    &buf[at..]
}

/// `int addmntent(FILE *f, const struct mntent *m)`—Appends `m` to `f` as one line:
/// `fsname dir type opts freq passno`, separated by tabs, with space, tab, newline and
/// backslash in the text fields written as `\040`, `\011`, `\012` and `\134`. 0 on success,
/// 1 when writing failed (errno as stdio set it), or EINVAL for a null pointer (where musl
/// crashes, or writes `(null)` for a null field).
///
/// # Safety
/// `f` must be null or an open stream, `m` null or a `struct mntent` whose fields are null
/// or NUL-terminated strings.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn addmntent(f: *mut File, m: *const Mntent) -> c_int {
    // SAFETY: the caller's `m` is null or an entry.
    let Some(m) = (unsafe { m.as_ref() }) else {
        set_errno(EINVAL);
        return 1;
    };
    let fields = [m.mnt_fsname, m.mnt_dir, m.mnt_type, m.mnt_opts];
    if f.is_null() || fields.iter().any(|p| p.is_null()) {
        set_errno(EINVAL);
        return 1;
    }
    let (mut a, mut b) = ([0; INT_DIGITS], [0; INT_DIGITS]);
    let numbers = [decimal(m.mnt_freq, &mut a), decimal(m.mnt_passno, &mut b)];
    // SAFETY: `f` is open; the fields are NUL-terminated strings, as the caller vouches.
    let ok = unsafe {
        flockfile(f);
        let mut ok = fseek(f, 0, SEEK_END) == 0;
        for (i, &p) in fields.iter().enumerate() {
            ok = ok && (i == 0 || put(f, SEPARATOR)) && put_field(f, CStr::from_ptr(p as *const c_char).to_bytes());
        }
        for n in numbers {
            ok = ok && put(f, SEPARATOR) && put(f, n);
        }
        ok = ok && put(f, END);
        funlockfile(f);
        ok
    };
    c_int::from(!ok)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_in_decimal() {
        for n in [0, 1, -1, 42, c_int::MAX, c_int::MIN, -1000] {
            let mut buf = [0; INT_DIGITS];
            assert_eq!(decimal(n, &mut buf), n.to_string().as_bytes());
        }
    }
}
