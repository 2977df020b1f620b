//! The C-visible constants and structs this component shares with musl's headers
//! (`stdio.h`, `limits.h`, `bits/ioctl.h`, `sys/uio.h`, `linux/futex.h`), in one place so
//! one test can hold them against the headers.
use core::ffi::c_int;

/// `BUFSIZ`: the size of the standard streams' buffers.
pub const BUFSIZ: usize = 1024;
/// `EOF`: what the character functions return on failure.
pub const EOF: c_int = -1;
/// `INT_MAX`: printf's result, and so everything it counts, must fit in an `int`.
pub const INT_MAX: usize = 0x7fff_ffff;
/// `NL_ARGMAX`: the highest `%n$` position printf accepts.
pub const NL_ARGMAX: usize = 9;
/// `TCGETS`: the ioctl that only a terminal answers; the same number on every architecture we build.
pub const TCGETS: usize = 0x5401;
/// Large enough for the kernel's `struct termios` that `TCGETS` fills in.
pub const TERMIOS_BUF: usize = 64;

/// `struct iovec` for `writev`.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct Iovec {
    pub base: *const u8,
    pub len: usize,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The values from /usr/include/x86_64-linux-musl; a change there must show up here.
    #[test]
    fn constants_match_musl_headers() {
        let header = |path: &str| std::fs::read_to_string(path).unwrap_or_default();
        let defined = |text: &str, name: &str| -> Option<String> {
            text.lines()
                .filter_map(|l| l.strip_prefix("#define "))
                .find_map(|l| {
                    let mut it = l.split_whitespace();
                    (it.next() == Some(name)).then(|| it.next().unwrap_or("").to_string())
                })
        };
        let stdio = header("/usr/include/x86_64-linux-musl/stdio.h");
        let limits = header("/usr/include/x86_64-linux-musl/limits.h");
        let ioctl = header("/usr/include/x86_64-linux-musl/bits/ioctl.h");
        if stdio.is_empty() {
            eprintln!("musl headers not installed; checking the built-in values only");
        } else {
            assert_eq!(defined(&stdio, "BUFSIZ").as_deref(), Some("1024"));
            assert_eq!(defined(&stdio, "EOF").as_deref(), Some("(-1)"));
            assert_eq!(defined(&limits, "INT_MAX").as_deref(), Some("0x7fffffff"));
            assert_eq!(defined(&limits, "NL_ARGMAX").as_deref(), Some("9"));
            assert_eq!(defined(&ioctl, "TCGETS").as_deref(), Some("0x5401"));
        }
        assert_eq!(BUFSIZ, 1024);
        assert_eq!(INT_MAX, i32::MAX as usize);
    }

    #[test]
    fn iovec_layout() {
        assert_eq!(core::mem::size_of::<Iovec>(), 16);
        assert_eq!(core::mem::offset_of!(Iovec, len), 8);
    }
}
