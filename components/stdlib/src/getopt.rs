//! `getopt` and its data objects `optarg`, `optind`, `opterr`, `optopt`, plus musl's
//! `__optpos` (the position inside a cluster like `-abc`) and `__optreset`/`optreset`
//! (set nonzero to restart scanning, as on the BSDs).
//!
//! This is POSIX `getopt`: it stops at the first non-option (no permutation, unlike
//! `getopt_long`), except that an `optstring` starting with `-` returns each non-option as
//! the argument of option 1. Diagnostics go to standard error, as musl words them. So
//! `__posix_getopt`, the name glibc's headers give the POSIX `getopt`, is the same function.
use core::ffi::{c_char, c_int};
use core::ptr;

/// `extern char *optarg`—The argument of the option `getopt` just returned.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub static mut optarg: *mut c_char = ptr::null_mut();

/// `extern int optind`—The index of the next `argv` element to scan.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub static mut optind: c_int = 1;

/// `extern int opterr`—Nonzero (the default) to print diagnostics.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub static mut opterr: c_int = 1;

/// `extern int optopt`—The option character that caused the last error.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub static mut optopt: c_int = 0;

/// `extern int __optpos`—The offset of the next option character inside `argv[optind]`
/// (0 when `argv[optind]` has not been started).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub static mut __optpos: c_int = 0;

/// `extern int __optreset`, also `optreset`—Nonzero makes the next `getopt` start over.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub static mut __optreset: c_int = 0;

// `optreset` is the same object as `__optreset` (an ELF alias), so setting either works.
limpet_syscall::object_alias!("optreset" => "__optreset", 4);

/// Writes `argv0`, `msg`, and `len` bytes of `what` and a newline to standard error, if
/// `opterr` allows.
///
/// # Safety
/// `argv0` null or NUL-terminated; `what` readable for `len` bytes.
pub(crate) unsafe fn complain(argv0: *const c_char, msg: &'static core::ffi::CStr, what: *const c_char, len: usize) {
    // SAFETY: the caller's pointers; opterr is read like C reads it.
    unsafe {
        if opterr == 0 {
            return;
        }
        // Translated in LC_MESSAGES where a MUSL_LOCPATH catalog has the text, as in musl.
        let msg = core::ffi::CStr::from_ptr(limpet_syscall::messages::translate(msg.as_ptr(), core::ptr::null_mut())).to_bytes();
        let w = |p: *const u8, n: usize| limpet_syscall::unistd::write(2, p.cast(), n);
        if !argv0.is_null() {
            w(argv0.cast(), core::ffi::CStr::from_ptr(argv0).count_bytes());
        }
        w(msg.as_ptr(), msg.len());
        w(what.cast(), len);
        w(b"\n".as_ptr(), 1);
    }
}

/// Starts over if the program asked for it (`optind = 0` or `optreset`).
///
/// # Safety
/// Not thread-safe, like `getopt` itself.
pub(crate) unsafe fn maybe_reset() {
    // SAFETY: getopt's globals; C gives no thread-safety.
    unsafe {
        if optind == 0 || __optreset != 0 {
            __optreset = 0;
            __optpos = 0;
            optind = 1;
        }
    }
}

/// `getopt(argc, argv, optstring)`—The next option character of `argv`, per `optstring`
/// (letters; `x:` takes an argument, `x::` an optional one attached to the option; a leading
/// `:` returns `:` for a missing argument and silences diagnostics). Returns `?` for an unknown
/// option (in `optopt`), -1 at the first non-option, `--` (skipped) or the end.
///
/// # Safety
/// `argv` must hold `argc` NUL-terminated strings and a null; `optstring` NUL-terminated.
/// Not thread-safe.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getopt(argc: c_int, argv: *const *mut c_char, optstring: *const c_char) -> c_int {
    // SAFETY: indices stay below argc (where argv is valid) and reads within each string
    // stop at its NUL; getopt's globals are used as C uses them.
    unsafe {
        maybe_reset();
        if optind >= argc {
            return -1;
        }
        let arg = *argv.add(optind as usize);
        if arg.is_null() {
            return -1;
        }
        let at = |p: *const c_char, i: usize| *p.add(i) as u8;
        if at(arg, 0) != b'-' {
            if at(optstring, 0) == b'-' {
                optarg = arg;
                optind += 1;
                return 1;
            }
            return -1;
        }
        if at(arg, 1) == 0 {
            return -1;
        }
        if at(arg, 1) == b'-' && at(arg, 2) == 0 {
            optind += 1;
            return -1;
        }
        if __optpos == 0 {
            __optpos = 1;
        }
        let optchar = arg.add(__optpos as usize);
        let c = at(optchar, 0);
        __optpos += 1;
        if at(arg, __optpos as usize) == 0 {
            optind += 1;
            __optpos = 0;
        }
        let mut spec = optstring;
        if at(spec, 0) == b'-' || at(spec, 0) == b'+' {
            spec = spec.add(1);
        }
        let quiet = at(spec, 0) == b':';
        let mut i = 0;
        while at(spec, i) != 0 && at(spec, i) != c {
            i += 1;
        }
        if at(spec, i) == 0 || c == b':' {
            optopt = c as c_int;
            if !quiet {
                complain(*argv, c": unrecognized option: ", optchar, 1);
            }
            return b'?' as c_int;
        }
        if at(spec, i + 1) == b':' {
            optarg = ptr::null_mut();
            // An optional argument must be attached; a required one may be the next element.
            if at(spec, i + 2) != b':' || __optpos != 0 {
                optarg = (*argv.add(optind as usize)).wrapping_add(__optpos as usize);
                optind += 1;
                __optpos = 0;
            }
            if optind > argc {
                optopt = c as c_int;
                if quiet {
                    return b':' as c_int;
                }
                complain(*argv, c": option requires an argument: ", optchar, 1);
                return b'?' as c_int;
            }
        }
        c as c_int
    }
}

/// `int __posix_getopt(int argc, char *const argv[], const char *optstring)`—[`getopt`], which
/// already is the POSIX one (it never permutes `argv`): musl exports this name for programs
/// built against glibc's headers, which call it when asked for strict POSIX behaviour.
///
/// # Safety
/// As for [`getopt`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn __posix_getopt(argc: c_int, argv: *const *mut c_char, optstring: *const c_char) -> c_int {
    // SAFETY: the caller keeps getopt's contract.
    unsafe { getopt(argc, argv, optstring) }
}
