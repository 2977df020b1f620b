//! `fputwc`, `putwc`, `putwchar`, `fputws` and their `_unlocked` forms: wide characters
//! out, as multibyte sequences in the stream's encoding.
use core::ffi::c_int;

use limpet_syscall::errno::EILSEQ;
use limpet_syscall::set_errno;

use super::{MB_MAX, WEOF, WintT, encode, orient};
use crate::file::{F_ERR, FILE, STDOUT_FILE, State};

/// `wchar_t` on Linux: a 32-bit signed integer.
pub type WcharT = i32;

/// Writes `c`; returns it, or `WEOF` with the error flag set (and errno EILSEQ when the
/// encoding cannot represent it).
pub(crate) fn put_wide(s: &mut State, c: WintT) -> WintT {
    orient(s, 1);
    let mut mb = [0u8; MB_MAX];
    let Some(n) = encode(s.encoding, c, &mut mb) else {
        s.flags |= F_ERR;
        set_errno(EILSEQ);
        return WEOF;
    };
    let ok = s.writable() && if n == 1 { s.put_byte(mb[0]) } else { s.write_bytes(&mb[..n]) == n };
    if ok { c } else { WEOF }
}

/// The bytes `fputws` converts at a time, as musl (`BUFSIZ`): its result is the length of
/// the last piece.
const PIECE: usize = 1024;

/// Writes the NUL-terminated wide string at `ws` in pieces of at most [`PIECE`] bytes,
/// each holding whole characters. Returns the length in bytes of the last piece (0 if it
/// was empty), or -1: with errno EILSEQ (and nothing of that piece written) for a
/// character the encoding cannot represent, after a write error otherwise.
///
/// # Safety
/// `ws` must point to a NUL-terminated wide string.
unsafe fn put_wide_string(s: &mut State, mut ws: *const WcharT) -> c_int {
    orient(s, 1);
    let mut piece = [0u8; PIECE];
    loop {
        let mut n = 0;
        let done = loop {
            // SAFETY: `ws` stays inside the caller's string, up to its NUL.
            let c = unsafe { *ws } as WintT;
            if c == 0 {
                // The terminator must fit too for the piece to be the last (a full piece
                // is followed by an empty one, whose length is the result).
                break n < PIECE;
            }
            let mut mb = [0u8; MB_MAX];
            let Some(k) = encode(s.encoding, c, &mut mb) else {
                set_errno(EILSEQ);
                return -1;
            };
            if n + k > PIECE {
                break false;
            }
            piece[n..n + k].copy_from_slice(&mb[..k]);
            n += k;
            // SAFETY: `c` was not the terminator.
            ws = unsafe { ws.add(1) };
        };
        if n == 0 {
            return 0;
        }
        if !s.writable() || s.write_bytes(&piece[..n]) < n {
            return -1;
        }
        if done {
            return n as c_int;
        }
    }
}

/// `fputwc(c, f)`—Writes the wide character `c` to `f`, encoded for the stream (see the
/// module `wide`), orienting it to wide characters if it has no orientation. Returns `c`,
/// or `WEOF` with the error flag set: errno EILSEQ if the encoding cannot represent `c`,
/// the write's error otherwise.
///
/// # Safety
/// `f` must point to a live `FILE`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fputwc(c: WcharT, f: *mut FILE) -> WintT {
    // SAFETY: the caller vouches for `f`.
    unsafe { &*f }.with_lock(|s| put_wide(s, c as WintT))
}

/// `putwc(c, f)`—The same as `fputwc`.
///
/// # Safety
/// `f` must point to a live `FILE`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn putwc(c: WcharT, f: *mut FILE) -> WintT {
    // SAFETY: forwarded contract.
    unsafe { fputwc(c, f) }
}

/// `putwchar(c)`—`fputwc(c, stdout)`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn putwchar(c: WcharT) -> WintT {
    STDOUT_FILE.with_lock(|s| put_wide(s, c as WintT))
}

/// `fputwc_unlocked(c, f)`—`fputwc` on a stream the caller holds.
///
/// # Safety
/// `f` must point to a live `FILE` that the caller holds (`flockfile`) or alone uses.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fputwc_unlocked(c: WcharT, f: *mut FILE) -> WintT {
    // SAFETY: the caller vouches for `f` and holds it.
    put_wide(unsafe { (*f).unlocked() }, c as WintT)
}

/// `__fputwc_unlocked(c, f)`—The same as `fputwc_unlocked` (musl exports both names).
///
/// # Safety
/// As for `fputwc_unlocked`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn __fputwc_unlocked(c: WcharT, f: *mut FILE) -> WintT {
    // SAFETY: forwarded contract.
    unsafe { fputwc_unlocked(c, f) }
}

/// `putwc_unlocked(c, f)`—The same as `fputwc_unlocked`.
///
/// # Safety
/// As for `fputwc_unlocked`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn putwc_unlocked(c: WcharT, f: *mut FILE) -> WintT {
    // SAFETY: forwarded contract.
    unsafe { fputwc_unlocked(c, f) }
}

/// `putwchar_unlocked(c)`—`fputwc_unlocked(c, stdout)`.
///
/// # Safety
/// The caller must hold stdout (`flockfile`) or alone use it.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn putwchar_unlocked(c: WcharT) -> WintT {
    // SAFETY: forwarded contract.
    put_wide(unsafe { STDOUT_FILE.unlocked() }, c as WintT)
}

/// `fputws(ws, f)`—Writes the wide string `ws` to `f`, encoded for the stream, orienting
/// it to wide characters if it has no orientation. Returns a nonnegative number (as in
/// musl, the length in bytes of the last piece converted at a time), or -1: errno EILSEQ
/// when the encoding cannot represent a character (the stream's error flag stays clear,
/// and the characters before it in the same piece are not written, as in musl), or after
/// a write error.
///
/// # Safety
/// `ws` must be a NUL-terminated wide string and `f` a live `FILE`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fputws(ws: *const WcharT, f: *mut FILE) -> c_int {
    // SAFETY: the caller vouches for both.
    unsafe { &*f }.with_lock(|s| unsafe { put_wide_string(s, ws) })
}

/// `fputws_unlocked(ws, f)`—`fputws`; musl's is the locking one too, and so is this.
///
/// # Safety
/// As for `fputws`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fputws_unlocked(ws: *const WcharT, f: *mut FILE) -> c_int {
    // SAFETY: forwarded contract.
    unsafe { fputws(ws, f) }
}
