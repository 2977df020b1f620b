//! `wordexp` and `wordfree`: words expanded as the shell expands a command's arguments
//! (tilde, parameters, arithmetic, command substitution, field splitting, pathnames, quote
//! removal), by the shell itself, as musl does it.
//!
//! - `scan`: what is refused before any shell starts (operators, command substitution
//!   under `WRDE_NOCMD`, open quotes);
//! - `shell`: `/bin/sh` started with `posix_spawn`, its words read from a pipe;
//! - here: the flags and the caller's `wordexp_t`.
//!
//! Where limpet differs from musl (each a case musl gets wrong by POSIX):
//! - `WRDE_BADCHAR` whatever the flags (musl checks only under `WRDE_NOCMD`, and otherwise
//!   lets the shell run `b` for `a;b`), and not for the braces of `${...}` (musl refuses
//!   `${HOME}` under `WRDE_NOCMD`);
//! - `WRDE_UNDEF` makes an unset variable `WRDE_BADVAL` (musl ignores the flag);
//! - the words see no positional parameters (musl's see its own: `$1` is the words);
//! - the shell's error messages are silent without `WRDE_SHOWERR` (musl lets a parse
//!   error's through); a final unescaped backslash is `WRDE_SYNTAX` under every flag
//!   (musl's `WRDE_SHOWERR` gives a word ending in a space).
use core::ffi::{CStr, c_char, c_int};
use core::ptr::null_mut;

use limpet_abi::errno::EINVAL;
pub use limpet_abi::wordexp::{
    WRDE_APPEND, WRDE_BADCHAR, WRDE_BADVAL, WRDE_CMDSUB, WRDE_DOOFFS, WRDE_NOCMD, WRDE_NOSPACE, WRDE_NOSYS,
    WRDE_REUSE, WRDE_SHOWERR, WRDE_SYNTAX, WRDE_UNDEF, Wordexp,
};
use limpet_syscall::cancel::Disabled;
use limpet_syscall::set_errno;

mod scan;
mod shell;

#[cfg(test)]
mod tests;

use crate::imports::free;

/// `wordexp(words, we, flags)`—Expands `words` as `/bin/sh` expands a command's arguments
/// and stores the fields in `we`: `we_wordc` strings in `we_wordv` after `we_offs` null
/// pointers (with [`WRDE_DOOFFS`]), then a null pointer. The flags: [`WRDE_APPEND`] (after
/// an earlier call's words), [`WRDE_NOCMD`] (refuse command substitution; no command
/// runs, and no shell starts, when the words hold one), [`WRDE_REUSE`] (free an earlier
/// call's words first), [`WRDE_SHOWERR`] (the shell's errors reach standard error),
/// [`WRDE_UNDEF`] (an unset variable is an error).
///
/// Returns 0, [`WRDE_BADCHAR`] (an unquoted `|&;<>(){}` or newline), [`WRDE_CMDSUB`],
/// [`WRDE_BADVAL`], [`WRDE_SYNTAX`] (each with errno EINVAL, and `we` as it was but for
/// `WRDE_REUSE`), or [`WRDE_NOSPACE`] (errno as the pipe, process or allocation failed;
/// `we` then holds what was expanded before, or with no `WRDE_APPEND` nothing).
/// Cancellation is held off meanwhile, as in musl, so the shell is always waited for.
///
/// # Safety
/// `words` must be a NUL-terminated string and `we` a valid `wordexp_t` (one an earlier
/// call filled, with `WRDE_APPEND` or `WRDE_REUSE`; with `WRDE_DOOFFS`, `we_offs` set).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wordexp(words: *const c_char, we: *mut Wordexp, flags: c_int) -> c_int {
    let _held = Disabled::new();
    // SAFETY: the caller's valid wordexp_t and NUL-terminated words.
    let (we, words) = unsafe { (&mut *we, CStr::from_ptr(words)) };
    if flags & WRDE_REUSE != 0 {
        // SAFETY: with WRDE_REUSE, `we` holds an earlier call's words.
        unsafe { wordfree(we) };
    }
    if let Err(e) = scan::check(words.to_bytes(), flags & WRDE_NOCMD != 0) {
        return failed(e);
    }
    let offs = if flags & WRDE_DOOFFS != 0 { we.we_offs } else { 0 };
    we.we_offs = offs;
    let (mut vector, used) = if flags & WRDE_APPEND != 0 {
        (we.we_wordv, offs.checked_add(we.we_wordc))
    } else {
        (null_mut(), Some(offs))
    };
    let Some(used) = used else { return no_space(we, flags) };
    let found = match shell::expand(words, flags) {
        Ok(found) => found,
        Err(WRDE_NOSPACE) => return no_space(we, flags),
        Err(e) => return failed(e),
    };
    let count = found.len();
    if found.into_vector(&mut vector, used).is_err() {
        return no_space(we, flags);
    }
    we.we_wordv = vector;
    we.we_wordc = if flags & WRDE_APPEND != 0 { we.we_wordc + count } else { count };
    0
}

/// A `WRDE_*` error about the words, with errno EINVAL.
fn failed(e: c_int) -> c_int {
    set_errno(EINVAL);
    e
}

/// `WRDE_NOSPACE`: `we` keeps an earlier call's words under `WRDE_APPEND`, and is empty
/// otherwise (errno stays what failed).
fn no_space(we: &mut Wordexp, flags: c_int) -> c_int {
    if flags & WRDE_APPEND == 0 {
        we.we_wordc = 0;
        we.we_wordv = null_mut();
    }
    WRDE_NOSPACE
}

/// `wordfree(we)`—Frees the words [`wordexp`] stored in `we` and its `we_wordv`, which it
/// sets to null, and `we_wordc` to 0. Does nothing when `we_wordv` is null.
///
/// # Safety
/// `we` must be a `wordexp_t` that [`wordexp`] filled (or one whose `we_wordv` is null).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wordfree(we: *mut Wordexp) {
    // SAFETY: the caller's wordexp_t.
    let we = unsafe { &mut *we };
    if we.we_wordv.is_null() {
        return;
    }
    for i in 0..we.we_wordc {
        // SAFETY: wordexp stored `we_wordc` allocated strings after `we_offs` slots.
        unsafe { free((*we.we_wordv.add(we.we_offs + i)).cast()) };
    }
    // SAFETY: wordexp's own allocation.
    unsafe { free(we.we_wordv.cast()) };
    we.we_wordv = null_mut();
    we.we_wordc = 0;
}
