//! `iconv`.
use crate::converter::Stop;
use crate::descriptor::{self, iconv_t};
use core::ffi::c_char;
use limpet_abi::errno::{E2BIG, EBADF, EILSEQ, EINVAL};
use limpet_syscall::set_errno;

/// What `iconv` returns on failure.
const FAILED: usize = usize::MAX;

/// `size_t iconv(iconv_t cd, char **restrict inbuf, size_t *restrict inbytesleft, char **restrict outbuf, size_t *restrict outbytesleft);`
///
/// Converts from `*inbuf` to `*outbuf`, advancing both pointers and decreasing both counts
/// by what was read and written. Returns the number of irreversible conversions (a
/// character the target lacks, written as musl's `*`, transliterated, or dropped), or -1:
/// - EILSEQ: an invalid sequence, `*inbuf` at its start (with `//IGNORE`: invalid input
///   was skipped, and everything else converted);
/// - EINVAL: the input ends inside a sequence, `*inbuf` at its start;
/// - E2BIG: the output is full, both pointers after the last whole character;
/// - EBADF: `cd` is not an open descriptor.
///
/// With `inbuf` or `*inbuf` null it returns to the initial state, first writing the
/// output's shift-back sequence when `outbuf` and `*outbuf` are not null (E2BIG, and no
/// change, if it does not fit).
///
/// # Safety
/// `cd` came from `iconv_open` and no other thread uses it now; the pointers are valid for
/// the counts they go with; `outbuf`/`outbytesleft` may be null (then nothing is written).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn iconv(
    cd: iconv_t,
    inbuf: *mut *mut c_char,
    inbytesleft: *mut usize,
    outbuf: *mut *mut c_char,
    outbytesleft: *mut usize,
) -> usize {
    // SAFETY: cd is what iconv_open returned (the contract).
    let Some(d) = (unsafe { descriptor::get(cd) }) else {
        set_errno(EBADF);
        return FAILED;
    };
    // SAFETY: outbuf and outbytesleft, when not null, point to a buffer pointer and its
    // length (the contract); a null pair is an empty output.
    let out: &mut [u8] = unsafe {
        if outbuf.is_null() || (*outbuf).is_null() || outbytesleft.is_null() {
            &mut []
        } else {
            core::slice::from_raw_parts_mut(*outbuf as *mut u8, *outbytesleft)
        }
    };
    // SAFETY: inbuf, when not null, points to the input pointer (the contract).
    let reset = inbuf.is_null() || unsafe { (*inbuf).is_null() };
    if reset {
        let has_out = !outbuf.is_null() && unsafe { !(*outbuf).is_null() };
        return match d.conv.reset(has_out.then_some(out)) {
            Ok(n) => {
                // SAFETY: n bytes were written into the output, which has them.
                if n > 0 {
                    unsafe { advance(outbuf, outbytesleft, n) };
                }
                0
            }
            Err(_) => {
                set_errno(E2BIG);
                FAILED
            }
        };
    }
    // SAFETY: *inbuf is valid for *inbytesleft bytes (the contract).
    let input = unsafe { core::slice::from_raw_parts(*inbuf as *const u8, *inbytesleft) };
    let (p, result) = d.conv.convert(input, out);
    // SAFETY: the converter read p.read bytes of the input and wrote p.written bytes of the
    // output, each within its slice; the pointer pairs are valid (checked above for out).
    unsafe {
        advance(inbuf, inbytesleft, p.read);
        if p.written > 0 {
            advance(outbuf, outbytesleft, p.written);
        }
    }
    match result {
        Ok(n) => n,
        Err(stop) => {
            set_errno(match stop {
                Stop::Invalid => EILSEQ,
                Stop::Incomplete => EINVAL,
                Stop::NoRoom => E2BIG,
            });
            FAILED
        }
    }
}

/// Moves a buffer pointer `n` bytes on and its count `n` down.
///
/// # Safety
/// Both point to valid variables, and the buffer has at least `n` bytes left.
unsafe fn advance(buf: *mut *mut c_char, left: *mut usize, n: usize) {
    // SAFETY: the caller's contract.
    unsafe {
        *buf = (*buf).add(n);
        *left -= n;
    }
}
