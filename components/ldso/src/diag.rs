//! The loader's messages on stderr and stdout, built without stdio (which may not be usable
//! yet) and without `malloc`.
use core::ffi::CStr;

/// The longest message; longer ones are cut, never overflow.
pub const MSG_MAX: usize = 1024;

/// A message assembled piece by piece and written with a single `write`.
#[derive(Clone, Copy)]
pub struct Msg {
    buf: [u8; MSG_MAX],
    len: usize,
}

impl Msg {
    pub const fn new() -> Self {
        Msg { buf: [0; MSG_MAX], len: 0 }
    }

    pub fn bytes(&mut self, s: &[u8]) -> &mut Self {
        let n = s.len().min(MSG_MAX - self.len);
        // `get`, not indexing: the bounds hold, and the loader carries no panic locations.
        if let (Some(dst), Some(src)) = (self.buf.get_mut(self.len..self.len + n), s.get(..n)) {
            dst.copy_from_slice(src);
        }
        self.len += n;
        self
    }

    /// Appends a NUL-terminated string.
    ///
    /// # Safety
    /// `s` must be null or NUL-terminated.
    pub unsafe fn cstr(&mut self, s: *const u8) -> &mut Self {
        if s.is_null() {
            return self.bytes(b"(null)");
        }
        // SAFETY: per the contract.
        self.bytes(unsafe { CStr::from_ptr(s.cast()) }.to_bytes())
    }

    /// Appends `v` in base `radix` (at most 16), without leading zeros.
    fn number(&mut self, mut v: usize, radix: usize) -> &mut Self {
        let mut digits = [0u8; usize::BITS as usize];
        let mut n = digits.len();
        loop {
            n -= 1;
            if let (Some(d), Some(&c)) = (digits.get_mut(n), b"0123456789abcdef".get(v % radix.max(2))) {
                *d = c;
            }
            v /= radix.max(2);
            if v == 0 {
                break;
            }
        }
        self.bytes(digits.get(n..).unwrap_or(&[]))
    }

    /// Appends `0x` and `v` in lower-case hex, as `%p` prints it.
    pub fn hex(&mut self, v: usize) -> &mut Self {
        self.bytes(b"0x").number(v, 16)
    }

    /// Appends `v` in decimal.
    pub fn dec(&mut self, v: usize) -> &mut Self {
        self.number(v, 10)
    }

    pub fn as_bytes(&self) -> &[u8] {
        self.buf.get(..self.len).unwrap_or(&[])
    }

    /// Writes the message to `fd`.
    pub fn write(&self, fd: i32) {
        let mut done = 0;
        while done < self.len {
            // SAFETY: the pointer and length are inside `buf`.
            let r = unsafe {
                limpet_syscall::syscall3(
                    limpet_syscall::nr::WRITE,
                    fd as usize,
                    self.buf.as_ptr() as usize + done,
                    self.len - done,
                )
            };
            match limpet_syscall::result(r) {
                Ok(n) if n > 0 => done += n,
                Err(limpet_syscall::errno::EINTR) => {}
                _ => break,
            }
        }
    }
}

impl Default for Msg {
    fn default() -> Self {
        Self::new()
    }
}

/// The text for errno `e`, as strerror gives it.
pub fn errno_text(e: i32) -> &'static [u8] {
    limpet_string::strerror_message(e).to_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn formats_pieces_and_hex() {
        let mut m = Msg::new();
        unsafe { m.bytes(b"at ").hex(0x7f00_1234).bytes(b" ").dec(1024).bytes(b" ").hex(0).bytes(b" ").cstr(c"x".as_ptr().cast()) };
        assert_eq!(m.as_bytes(), b"at 0x7f001234 1024 0x0 x");
        let mut long = Msg::new();
        for _ in 0..2000 {
            long.bytes(b"ab");
        }
        assert_eq!(long.as_bytes().len(), MSG_MAX);
    }
}
