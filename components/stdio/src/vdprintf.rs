//! `vdprintf` and [`fd_printf`]: formatted output straight to a file descriptor.
use core::ffi::c_int;
use core::ffi::{CStr, c_char};
use core::ptr::null_mut;

use crate::file::FILE;
use crate::printf::ArgSource;
use limpet_va::{VaArgs, VaList};
use crate::vfprintf::state_printf;
use crate::vfprintf::c_result;

/// Formats `fmt` with `args` and writes the result to `fd`, the way `dprintf` does: through
/// an 80-byte stack buffer, so a short message leaves in one write. Returns the byte count
/// or the errno (which is also stored in errno). This is the Rust entry for messages to
/// fd 2 before (or without) the standard streams, e.g. from the dynamic linker.
///
/// # Safety
/// As for `printf::format`: the arguments must match the conversions.
pub unsafe fn fd_printf<A: ArgSource + ?Sized>(fd: c_int, fmt: &[u8], args: &mut A) -> Result<usize, i32> {
    let mut f = FILE::new(fd, null_mut(), 0, 0);
    // SAFETY: forwarded contract.
    let r = unsafe { state_printf(f.state_mut(), fmt, args) };
    if let Err(e) = r {
        limpet_syscall::set_errno(e);
    }
    r
}

/// `vdprintf(fd, fmt, ap)`—Formats the arguments in `ap` by `fmt` and writes them to `fd`.
/// Returns the number of bytes, or -1 with errno set.
///
/// # Safety
/// `fmt` must be NUL-terminated and `ap` must hold arguments of the types the format asks for.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn vdprintf(fd: c_int, fmt: *const c_char, ap: VaList) -> c_int {
    // SAFETY: the caller vouches for `fmt`.
    let fmt = unsafe { CStr::from_ptr(fmt) }.to_bytes();
    // SAFETY: the caller vouches for `ap`.
    let mut args = unsafe { VaArgs::new(ap) };
    // SAFETY: the caller vouches for the arguments.
    c_result(unsafe { fd_printf(fd, fmt, &mut args) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::printf::{Arg, ArgList};
    use crate::testutil::{Pipe, errno};
    use limpet_syscall::errno::{EBADF, EINVAL};

    #[test]
    fn formats_to_a_descriptor() {
        let p = Pipe::new();
        let args = [Arg::Str(c"ld.so"), Arg::Str(c"libfoo.so"), Arg::Int(2)];
        let r = unsafe { fd_printf(p.wr, b"%s: cannot load %s (error %d)\n", &mut ArgList::new(&args)) };
        assert_eq!(r, Ok(39));
        assert_eq!(p.take(), b"ld.so: cannot load libfoo.so (error 2)\n");
    }

    #[test]
    fn reports_errors_as_values_and_in_errno() {
        let r = unsafe { fd_printf(-1, b"x", &mut ArgList::new(&[])) };
        assert_eq!((r, errno()), (Err(EBADF), EBADF));
        let p = Pipe::new();
        let r = unsafe { fd_printf(p.wr, b"ab%y", &mut ArgList::new(&[])) };
        assert_eq!((r, errno()), (Err(EINVAL), EINVAL));
        assert_eq!(p.take(), b"");
    }
}
