//! `fgetwc`, `getwc`, `getwchar`, `fgetws`, `ungetwc` and the `_unlocked` forms: wide
//! characters in, decoded from the stream's encoding.
use core::ffi::c_int;
use core::ptr::null_mut;

use limpet_syscall::errno::EILSEQ;
use limpet_syscall::set_errno;

use super::fputwc::WcharT;
use limpet_locale::mb::utf8::{self, Decoded, Step};

use super::{Encoding, MB_MAX, WEOF, WintT, encode, orient};
use crate::abi::EOF;
use crate::file::{F_ERR, FILE, STDIN_FILE, State};

/// Reads one wide character, as musl does: `WEOF` at end of file; for a byte that cannot
/// start a character, `WEOF` with errno EILSEQ, the byte consumed and the error flag
/// clear; for a character cut short by the end of file or a byte that cannot continue
/// it, `WEOF` with errno EILSEQ and the error flag set, the offending byte left unread.
pub(crate) fn get_wide(s: &mut State) -> WintT {
    orient(s, 1);
    let is_utf8 = s.encoding == Encoding::Utf8;
    // A whole character in the buffer is taken at once.
    if let Decoded::Char { wc, len } = utf8::decode(s.unread(), &mut 0, is_utf8) {
        s.consume(len);
        return wc;
    }
    let c = s.get_byte();
    if c == EOF {
        return WEOF;
    }
    let mut step = utf8::start(c as u8, is_utf8);
    loop {
        match step {
            Step::Done(wc) => return wc,
            Step::Bad => {
                set_errno(EILSEQ);
                return WEOF;
            }
            Step::More(state) => {
                let c = s.get_byte();
                if c == EOF {
                    s.flags |= F_ERR;
                    set_errno(EILSEQ);
                    return WEOF;
                }
                step = utf8::resume(state, c as u8);
                if step == Step::Bad {
                    s.flags |= F_ERR;
                    set_errno(EILSEQ);
                    // The byte just came out of the stream, so there is room to put it back.
                    let _ = s.unget(&[c as u8]);
                    return WEOF;
                }
            }
        }
    }
}

/// `fgetwc(f)`—Reads the next wide character from `f`, decoding the stream's encoding
/// (see the module `wide`) and orienting it to wide characters if it has no orientation.
/// Returns it, or `WEOF`: at end of file (`feof`), after a read error, or with errno
/// EILSEQ for bytes that are not a character (the error flag is set when a character was
/// cut short; a byte that cannot start one is consumed without it, as in musl).
///
/// # Safety
/// `f` must point to a live `FILE`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fgetwc(f: *mut FILE) -> WintT {
    // SAFETY: the caller vouches for `f`.
    unsafe { &*f }.with_lock(get_wide)
}

/// `getwc(f)`—The same as `fgetwc`.
///
/// # Safety
/// `f` must point to a live `FILE`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getwc(f: *mut FILE) -> WintT {
    // SAFETY: forwarded contract.
    unsafe { fgetwc(f) }
}

/// `getwchar()`—`fgetwc(stdin)`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn getwchar() -> WintT {
    STDIN_FILE.with_lock(get_wide)
}

/// `fgetwc_unlocked(f)`—`fgetwc` on a stream the caller holds.
///
/// # Safety
/// `f` must point to a live `FILE` that the caller holds (`flockfile`) or alone uses.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fgetwc_unlocked(f: *mut FILE) -> WintT {
    // SAFETY: the caller vouches for `f` and holds it.
    get_wide(unsafe { (*f).unlocked() })
}

/// `__fgetwc_unlocked(f)`—The same as `fgetwc_unlocked` (musl exports both names).
///
/// # Safety
/// As for `fgetwc_unlocked`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn __fgetwc_unlocked(f: *mut FILE) -> WintT {
    // SAFETY: forwarded contract.
    unsafe { fgetwc_unlocked(f) }
}

/// `getwc_unlocked(f)`—The same as `fgetwc_unlocked`.
///
/// # Safety
/// As for `fgetwc_unlocked`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getwc_unlocked(f: *mut FILE) -> WintT {
    // SAFETY: forwarded contract.
    unsafe { fgetwc_unlocked(f) }
}

/// `getwchar_unlocked()`—`fgetwc_unlocked(stdin)`.
///
/// # Safety
/// The caller must hold stdin (`flockfile`) or alone use it.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getwchar_unlocked() -> WintT {
    // SAFETY: forwarded contract.
    get_wide(unsafe { STDIN_FILE.unlocked() })
}

/// `fgetws(ws, n, f)`—Reads wide characters from `f` into `ws` until a newline (kept),
/// `n - 1` characters, the end of file or an error, and terminates them with a NUL.
/// Returns `ws`, or null if nothing was read or the stream's error flag is set (the
/// characters read are still in `ws`, terminated). With `n` 0 it returns `ws` untouched,
/// as musl does.
///
/// # Safety
/// `ws` must be valid for `n` wide characters and `f` a live `FILE`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fgetws(ws: *mut WcharT, n: c_int, f: *mut FILE) -> *mut WcharT {
    if n == 0 {
        return ws;
    }
    // SAFETY: the caller vouches for `f`.
    unsafe { &*f }.with_lock(|s| {
        orient(s, 1);
        let room = (n - 1).max(0) as usize;
        let mut k = 0;
        while k < room {
            let c = get_wide(s);
            if c == WEOF {
                break;
            }
            // SAFETY: `k < n - 1`, inside the caller's array.
            unsafe { *ws.add(k) = c as WcharT };
            k += 1;
            if c == WintT::from(b'\n') {
                break;
            }
        }
        // SAFETY: `k <= n - 1`.
        unsafe { *ws.add(k) = 0 };
        if k == 0 || s.flags & F_ERR != 0 { null_mut() } else { ws }
    })
}

/// `fgetws_unlocked(ws, n, f)`—`fgetws`; musl's is the locking one too, and so is this.
///
/// # Safety
/// As for `fgetws`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fgetws_unlocked(ws: *mut WcharT, n: c_int, f: *mut FILE) -> *mut WcharT {
    // SAFETY: forwarded contract.
    unsafe { fgetws(ws, n, f) }
}

/// `ungetwc(c, f)`—Pushes the wide character `c` back onto `f` (as its multibyte
/// sequence in the stream's encoding) for the next read, and clears end of file. Returns
/// `c`, or `WEOF` if `c` is `WEOF`, the encoding cannot represent it, the stream cannot be
/// read, or there is no room (`ungetc`'s rule, for the whole sequence).
///
/// # Safety
/// `f` must point to a live `FILE`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn ungetwc(c: WintT, f: *mut FILE) -> WintT {
    // SAFETY: the caller vouches for `f`.
    unsafe { &*f }.with_lock(|s| {
        orient(s, 1);
        if s.rpos.is_null() {
            // Input mode first, whatever `c` is, as in musl (pending output goes out).
            let _ = s.enter_read();
        }
        let mut mb = [0u8; MB_MAX];
        if c == WEOF {
            return WEOF;
        }
        match encode(s.encoding, c, &mut mb) {
            Some(n) if s.unget(&mb[..n]) => c,
            _ => WEOF,
        }
    })
}
