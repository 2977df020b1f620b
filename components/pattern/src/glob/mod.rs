//! `glob`, `globfree` and their LFS64 names: the paths a pattern matches.
//!
//! - `walk`: the directories read and the pattern matched a part at a time;
//! - `tilde`: `~` and `~user`;
//! - here: the flags, the results in the caller's `glob_t` (sorted, appended, offset).
//!
//! Where musl misbehaves, limpet does not follow: when the error function or `GLOB_ERR`
//! stops the walk before anything matched, musl 1.2.3 answers `GLOB_NOMATCH` (and
//! `GLOB_ABORTED` only when something had matched); limpet answers `GLOB_ABORTED`, as POSIX
//! asks, with `gl_pathv` set to the (empty) list.
use core::ffi::{CStr, c_char, c_int};
use core::ptr::null_mut;

pub use limpet_abi::glob::{
    GLOB_ABORTED, GLOB_APPEND, GLOB_DOOFFS, GLOB_ERR, GLOB_MARK, GLOB_NOCHECK, GLOB_NOESCAPE, GLOB_NOMATCH,
    GLOB_NOSORT, GLOB_NOSPACE, GLOB_NOSYS, GLOB_PERIOD, GLOB_TILDE, GLOB_TILDE_CHECK, Glob,
};
use limpet_abi::errno::ENOMEM;
use limpet_syscall::cancel::Disabled;
use limpet_syscall::set_errno;

mod tilde;
mod walk;

#[cfg(test)]
mod tests;

pub use walk::ErrFn;
use walk::{Stop, Walk};

use crate::imports::free;
use crate::list::List;

const TILDE: u8 = b'~';

/// `glob(pattern, flags, errfunc, g)`—Finds the paths `pattern` matches (`*`, `?`,
/// bracket expressions and backslash escapes in each `/`-separated part, as
/// [`fnmatch`](crate::fnmatch::fnmatch) with `FNM_PERIOD`) and stores them in `g`:
/// `gl_pathc` paths in `gl_pathv` after `gl_offs` null pointers (with [`GLOB_DOOFFS`]),
/// then a null pointer, sorted in `strcmp` order unless [`GLOB_NOSORT`]. The flags:
/// [`GLOB_ERR`], [`GLOB_MARK`] (a `/` after each directory), [`GLOB_NOCHECK`] (the pattern
/// itself when nothing matches), [`GLOB_APPEND`] (after an earlier call's paths),
/// [`GLOB_NOESCAPE`], [`GLOB_PERIOD`] (wildcards match a leading `.`), [`GLOB_TILDE`] and
/// [`GLOB_TILDE_CHECK`] (`~`, `~user`). `errfunc`, when not null, is told of each directory
/// that cannot be read, and stops the walk by returning nonzero.
///
/// Returns 0, [`GLOB_NOMATCH`], [`GLOB_NOSPACE`] (errno ENOMEM) or [`GLOB_ABORTED`] (with
/// the paths found before). Cancellation is held off meanwhile, so that it cannot leave
/// directories open and memory taken.
///
/// # Safety
/// `pattern` must be a NUL-terminated string and `g` a valid `glob_t` (with
/// `GLOB_APPEND`, one an earlier call filled; with `GLOB_DOOFFS`, `gl_offs` set).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn glob(pattern: *const c_char, flags: c_int, errfunc: Option<ErrFn>, g: *mut Glob) -> c_int {
    let _held = Disabled::new();
    // SAFETY: the caller's NUL-terminated pattern and valid glob_t.
    let (pat, g) = unsafe { (CStr::from_ptr(pattern).to_bytes(), &mut *g) };
    let offs = if flags & GLOB_DOOFFS != 0 { g.gl_offs } else { 0 };
    if flags & GLOB_APPEND == 0 {
        g.gl_offs = offs;
        g.gl_pathc = 0;
        g.gl_pathv = null_mut();
    }
    let (found, error) = match search(pat, flags, errfunc) {
        Ok(r) => r,
        Err(e) => return e,
    };
    store(g, found, offs, pat, flags, error)
}

/// Walks the directories for `pat`: what was found, and 0 or the error that stopped the
/// walk (`GLOB_ABORTED`, or `GLOB_NOMATCH` from `~`); `Err` for `GLOB_NOSPACE`.
fn search(pat: &[u8], flags: c_int, errfunc: Option<ErrFn>) -> Result<(List, c_int), c_int> {
    let mut walk = Walk::new(flags, errfunc);
    if pat.is_empty() {
        return Ok((walk.found, 0));
    }
    let (pos, rest) = if flags & (GLOB_TILDE | GLOB_TILDE_CHECK) != 0 && pat[0] == TILDE {
        match tilde::expand(pat, &mut walk.path) {
            Ok(r) => r,
            Err(GLOB_NOSPACE) => return Err(no_space()),
            Err(e) => return Ok((walk.found, e)),
        }
    } else {
        (0, pat)
    };
    match walk.expand(pos, 0, rest) {
        Ok(()) => Ok((walk.found, 0)),
        Err(Stop::Aborted) => Ok((walk.found, GLOB_ABORTED)),
        Err(Stop::NoSpace) => Err(no_space()),
    }
}

/// Puts what was found into `g`, after its earlier paths with `GLOB_APPEND`.
fn store(g: &mut Glob, mut found: List, offs: usize, pat: &[u8], flags: c_int, error: c_int) -> c_int {
    if found.len() == 0 {
        if flags & GLOB_NOCHECK != 0 {
            if found.push(pat, 0).is_err() {
                return no_space();
            }
        } else if error != GLOB_ABORTED {
            return GLOB_NOMATCH;
        }
    }
    if flags & GLOB_NOSORT == 0 {
        // SAFETY: every pointer is a NUL-terminated string the list owns.
        found.as_mut_slice().sort_unstable_by(|a, b| unsafe { CStr::from_ptr(*a).cmp(CStr::from_ptr(*b)) });
    }
    let count = found.len();
    let used = if flags & GLOB_APPEND != 0 { offs.checked_add(g.gl_pathc) } else { Some(offs) };
    let Some(used) = used else { return no_space() };
    if found.into_vector(&mut g.gl_pathv, used).is_err() {
        return no_space();
    }
    g.gl_pathc += count;
    error
}

/// `GLOB_NOSPACE`, with errno ENOMEM (the allocator sets it too, but a size that
/// overflows never reaches the allocator).
fn no_space() -> c_int {
    set_errno(ENOMEM);
    GLOB_NOSPACE
}

/// `globfree(g)`—Frees the paths [`glob`] stored in `g` and its `gl_pathv`, which it sets
/// to null, and `gl_pathc` to 0.
///
/// # Safety
/// `g` must be a `glob_t` that [`glob`] filled (or one whose `gl_pathv` is null).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn globfree(g: *mut Glob) {
    // SAFETY: the caller's glob_t.
    let g = unsafe { &mut *g };
    if !g.gl_pathv.is_null() {
        for i in 0..g.gl_pathc {
            // SAFETY: glob stored `gl_pathc` allocated strings after `gl_offs` slots.
            unsafe { free((*g.gl_pathv.add(g.gl_offs + i)).cast()) };
        }
        // SAFETY: glob's own allocation.
        unsafe { free(g.gl_pathv.cast()) };
    }
    g.gl_pathc = 0;
    g.gl_pathv = null_mut();
}

/// `glob64(pattern, flags, errfunc, g)`—[`glob`]: `glob64_t` is `glob_t`.
///
/// # Safety
/// As for [`glob`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn glob64(pattern: *const c_char, flags: c_int, errfunc: Option<ErrFn>, g: *mut Glob) -> c_int {
    // SAFETY: the same contract.
    unsafe { glob(pattern, flags, errfunc, g) }
}

/// `globfree64(g)`—[`globfree`].
///
/// # Safety
/// As for [`globfree`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn globfree64(g: *mut Glob) {
    // SAFETY: the same contract.
    unsafe { globfree(g) }
}
