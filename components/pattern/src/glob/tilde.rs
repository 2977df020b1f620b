//! `~` and `~user` at the start of a pattern, under `GLOB_TILDE` or `GLOB_TILDE_CHECK`, as
//! musl expands them: `~` is `$HOME` (even empty), or when HOME is unset the calling user's
//! home directory from the user database; `~name` is that user's. The name ends at the
//! first `/` and is taken as it is written (no escapes). An unknown user, or a home
//! directory too long for a path, is no match under either flag (musl has them alike);
//! memory running out in the lookup is `GLOB_NOSPACE`.
use core::ffi::{CStr, c_int};
use core::mem::MaybeUninit;
use core::ptr::null_mut;

use limpet_abi::errno::{ENOMEM, ERANGE};
use limpet_abi::glob::{GLOB_NOMATCH, GLOB_NOSPACE};
use limpet_abi::limits::PATH_MAX;
use limpet_abi::pwd::Passwd;

use crate::imports::{getenv, getpwnam_r, getpwuid_r, getuid};
use crate::list::Scratch;

const SLASH: u8 = b'/';
/// The lookup buffer's first size, doubled while the record does not fit.
const FIRST_BUFFER: usize = 1024;
/// Past this the record is taken as unreadable (no match), not grown further.
const MAX_BUFFER: usize = 1 << 20;

/// Writes the home directory `pat`'s `~name` names into `path`, followed by a `/` when one
/// ended the name; returns the path's length and the rest of the pattern after that `/`,
/// or `GLOB_NOMATCH` or `GLOB_NOSPACE`.
pub(crate) fn expand<'p>(pat: &'p [u8], path: &mut [u8; PATH_MAX]) -> Result<(usize, &'p [u8]), c_int> {
    let name_end = pat.iter().position(|&b| b == SLASH).unwrap_or(pat.len());
    let name = &pat[1..name_end];
    let slash = name_end < pat.len();
    let rest = if slash { &pat[name_end + 1..] } else { &[][..] };
    let len = if name.is_empty()
        && let Some(home) = env_home()
    {
        put(home, path)?
    } else {
        with_home(name, |home| put(home, path))?
    };
    if !slash {
        return Ok((len, rest));
    }
    path[len] = SLASH;
    Ok((len + 1, rest))
}

/// `$HOME`, when set.
fn env_home() -> Option<&'static [u8]> {
    // SAFETY: a C string; the environment's strings outlive this call.
    let p = unsafe { getenv(c"HOME".as_ptr()) };
    // SAFETY: getenv's result is null or a NUL-terminated string.
    (!p.is_null()).then(|| unsafe { CStr::from_ptr(p) }.to_bytes())
}

/// Copies `home` into the start of `path`, leaving room for a `/` and a NUL.
fn put(home: &[u8], path: &mut [u8; PATH_MAX]) -> Result<usize, c_int> {
    if home.len() > PATH_MAX - 2 {
        return Err(GLOB_NOMATCH);
    }
    path[..home.len()].copy_from_slice(home);
    Ok(home.len())
}

/// Calls `f` with the home directory of the user `name` (of the calling user when `name`
/// is empty), from the user database.
fn with_home<R>(name: &[u8], f: impl FnOnce(&[u8]) -> Result<R, c_int>) -> Result<R, c_int> {
    let mut size = FIRST_BUFFER.max(name.len() + 1);
    loop {
        let buf = Scratch::new(size + name.len() + 1).map_err(|_| GLOB_NOSPACE)?;
        // The name, NUL-terminated, then room for the record's strings.
        // SAFETY: the buffer holds `size + name.len() + 1` bytes.
        let (key, record) = unsafe {
            let key = buf.0;
            core::ptr::copy_nonoverlapping(name.as_ptr(), key, name.len());
            *key.add(name.len()) = 0;
            (key, key.add(name.len() + 1))
        };
        let mut pw = MaybeUninit::<Passwd>::uninit();
        let mut found: *mut Passwd = null_mut();
        // SAFETY: `key` is NUL-terminated, `record` has `size` bytes, `pw` and `found` are
        // writable.
        let r = unsafe {
            if name.is_empty() {
                getpwuid_r(getuid(), pw.as_mut_ptr(), record.cast(), size, &mut found)
            } else {
                getpwnam_r(key.cast(), pw.as_mut_ptr(), record.cast(), size, &mut found)
            }
        };
        match r {
            0 if !found.is_null() => {
                // SAFETY: a found record's `pw_dir` is a NUL-terminated string in `buf`,
                // which lives until this returns.
                let dir = unsafe { CStr::from_ptr((*found).pw_dir) };
                return f(dir.to_bytes());
            }
            ERANGE if size < MAX_BUFFER => size *= 2,
            ENOMEM => return Err(GLOB_NOSPACE),
            _ => return Err(GLOB_NOMATCH),
        }
    }
}
