//! `/proc/self/fd/N` names: the way to reach a file through a descriptor that the kernel will
//! not take directly (an `O_PATH` descriptor given to `fchmod`, say).
use core::ffi::{c_char, c_int};

const PREFIX: &[u8] = b"/proc/self/fd/";
/// The prefix, ten digits of a non-negative `int`, and the NUL.
const LEN: usize = PREFIX.len() + 10 + 1;

/// A NUL-terminated `/proc/self/fd/N`.
pub(crate) struct ProcFdName([u8; LEN]);

impl ProcFdName {
    /// The name for `fd`, which must be non-negative.
    pub(crate) fn new(fd: c_int) -> Self {
        let mut buf = [0u8; LEN];
        buf[..PREFIX.len()].copy_from_slice(PREFIX);
        let mut digits = [0u8; 10];
        let mut n = fd as u32;
        let mut k = digits.len();
        loop {
            k -= 1;
            digits[k] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        let tail = &digits[k..];
        buf[PREFIX.len()..PREFIX.len() + tail.len()].copy_from_slice(tail);
        ProcFdName(buf)
    }

    pub(crate) fn as_ptr(&self) -> *const c_char {
        self.0.as_ptr().cast()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_descriptors() {
        for (fd, want) in [
            (0, "/proc/self/fd/0"),
            (42, "/proc/self/fd/42"),
            (c_int::MAX, "/proc/self/fd/2147483647"),
        ] {
            let n = ProcFdName::new(fd);
            let s = unsafe { core::ffi::CStr::from_ptr(n.as_ptr()) };
            assert_eq!(s.to_str().unwrap(), want);
        }
    }
}
