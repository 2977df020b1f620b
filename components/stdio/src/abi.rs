//! The C-visible constants and structs of this component. The ones other components share
//! are limpet-abi's (re-exported here, checked against musl's headers there); this
//! component's own (`stdio.h`, `limits.h`, `bits/ioctl.h`) are held against the headers by
//! the tests below.
use core::ffi::{c_char, c_int, c_void};

pub use limpet_abi::fcntl::{
    AT_FDCWD, AT_REMOVEDIR, AT_SYMLINK_NOFOLLOW, F_GETFL, F_SETFD, F_SETFL, FD_CLOEXEC, O_APPEND, O_CLOEXEC, O_CREAT,
    O_EXCL, O_RDONLY, O_RDWR, O_TMPFILE, O_TRUNC, O_WRONLY,
};
pub use limpet_abi::limits::PATH_MAX;
pub use limpet_abi::stdio::{EOF, SEEK_CUR, SEEK_END, SEEK_SET};
pub use limpet_abi::uio::Iovec;

/// `BUFSIZ`: the size of the standard streams' buffers.
pub const BUFSIZ: usize = 1024;
/// `INT_MAX`: printf's result, and so everything it counts, must fit in an `int`.
pub const INT_MAX: usize = limpet_abi::limits::INT_MAX as usize;
/// `NL_ARGMAX`: the highest `%n$` position printf accepts.
pub const NL_ARGMAX: usize = 9;
/// `TCGETS`: the ioctl that only a terminal answers; the same number on every architecture we build.
pub const TCGETS: usize = 0x5401;
/// Large enough for the kernel's `struct termios` that `TCGETS` fills in.
pub const TERMIOS_BUF: usize = 64;

/// `setvbuf` modes: full, line, no buffering.
pub const _IOFBF: c_int = 0;
pub const _IOLBF: c_int = 1;
pub const _IONBF: c_int = 2;

/// `L_tmpnam`: the room `tmpnam` needs (`PATH_MAX` is the longest path `tempnam` makes).
pub const L_TMPNAM: usize = 20;

/// `fpos_t`: 16 opaque bytes, of which musl uses the first 8 as the offset.
#[repr(C, align(8))]
pub struct FposT {
    pub offset: i64,
    pub opaque: [u8; 8],
}

/// `PTRDIFF_MAX`, also `SSIZE_MAX`: the largest buffer `fmemopen` allocates, and the
/// farthest an `open_memstream` stream may seek.
pub const PTRDIFF_MAX: usize = isize::MAX as usize;

/// `cookie_io_functions_t` (`stdio.h` with `_GNU_SOURCE`): `fopencookie`'s four
/// functions, any of which may be null.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct CookieIoFunctions {
    /// `ssize_t read(void *cookie, char *buf, size_t size)`
    pub read: Option<unsafe extern "C" fn(*mut c_void, *mut c_char, usize) -> isize>,
    /// `ssize_t write(void *cookie, const char *buf, size_t size)`
    pub write: Option<unsafe extern "C" fn(*mut c_void, *const c_char, usize) -> isize>,
    /// `int seek(void *cookie, off_t *offset, int whence)`
    pub seek: Option<unsafe extern "C" fn(*mut c_void, *mut i64, c_int) -> c_int>,
    /// `int close(void *cookie)`
    pub close: Option<unsafe extern "C" fn(*mut c_void) -> c_int>,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The values from /usr/include/x86_64-linux-musl; a change there must show up here.
    #[test]
    fn constants_match_musl_headers() {
        let header = |path: &str| std::fs::read_to_string(path).unwrap_or_default();
        let defined = |text: &str, name: &str| -> Option<String> {
            text.lines().filter_map(|l| l.strip_prefix("#define ")).find_map(|l| {
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
            assert_eq!(defined(&limits, "NL_ARGMAX").as_deref(), Some("9"));
            assert_eq!(defined(&ioctl, "TCGETS").as_deref(), Some("0x5401"));
            for (name, v) in [("_IOFBF", _IOFBF), ("_IOLBF", _IOLBF), ("_IONBF", _IONBF)] {
                assert_eq!(defined(&stdio, name), Some(v.to_string()));
            }
            assert_eq!(defined(&stdio, "L_tmpnam"), Some(L_TMPNAM.to_string()));
        }
        assert_eq!(BUFSIZ, 1024);
        assert_eq!(INT_MAX, i32::MAX as usize);
    }

    #[test]
    fn fpos_layout() {
        // musl: union { char __opaque[16]; long long __lldata; double __align; }.
        assert_eq!(core::mem::size_of::<FposT>(), 16);
        assert_eq!(core::mem::align_of::<FposT>(), 8);
    }

    #[test]
    fn cookie_functions_layout() {
        // musl: four function pointers, passed by value (in memory) to fopencookie.
        assert_eq!(core::mem::size_of::<CookieIoFunctions>(), 32);
        assert_eq!(core::mem::offset_of!(CookieIoFunctions, seek), 16);
        assert_eq!(core::mem::offset_of!(CookieIoFunctions, close), 24);
        let header = std::fs::read_to_string("/usr/include/x86_64-linux-musl/stdio.h").unwrap_or_default();
        if !header.is_empty() {
            let at = header.find("typedef struct _IO_cookie_io_functions_t").unwrap();
            let fields: Vec<&str> =
                header[at..].lines().skip(1).take(4).map(|l| l.trim().trim_end_matches(';')).collect();
            assert_eq!(
                fields,
                [
                    "cookie_read_function_t *read",
                    "cookie_write_function_t *write",
                    "cookie_seek_function_t *seek",
                    "cookie_close_function_t *close"
                ]
            );
        }
    }
}
