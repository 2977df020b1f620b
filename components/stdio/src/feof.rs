//! `feof`, `ferror`, `clearerr`, `fileno` and their unlocked forms: a stream's indicators
//! and descriptor.
use core::ffi::c_int;

use limpet_syscall::errno::EBADF;
use limpet_syscall::set_errno;

use crate::file::{F_EOF, F_ERR, FILE};

/// Declares a locked function and its unlocked forms over the same body.
macro_rules! state_query {
    ($(#[$doc:meta])* $name:ident, [$($unlocked:ident),*], $ret:ty, |$s:ident| $body:expr) => {
        $(#[$doc])*
        ///
        /// # Safety
        /// `f` must point to a live `FILE`.
        #[cfg_attr(feature = "export", unsafe(no_mangle))]
        pub unsafe extern "C" fn $name(f: *mut FILE) -> $ret {
            // SAFETY: the caller vouches for `f`.
            unsafe { &*f }.with_lock(|$s| $body)
        }
        $(
            #[doc = concat!("`", stringify!($unlocked), "(f)`—`", stringify!($name), "` on a stream the caller holds.")]
            ///
            /// # Safety
            /// `f` must point to a live `FILE` that the caller holds (`flockfile`) or alone uses.
            #[cfg_attr(feature = "export", unsafe(no_mangle))]
            #[allow(non_snake_case)]
            pub unsafe extern "C" fn $unlocked(f: *mut FILE) -> $ret {
                // SAFETY: the caller vouches for `f` and holds it.
                let $s = unsafe { (*f).unlocked() };
                $body
            }
        )*
    };
}

state_query!(
    /// `feof(f)`—Nonzero when a read on `f` met the end of the file (until `clearerr`,
    /// a seek, or `ungetc`).
    feof, [feof_unlocked, _IO_feof_unlocked], c_int, |s| c_int::from(s.flags & F_EOF != 0)
);

state_query!(
    /// `ferror(f)`—Nonzero when a read or write on `f` failed (until `clearerr` or `rewind`).
    ferror, [ferror_unlocked, _IO_ferror_unlocked], c_int, |s| c_int::from(s.flags & F_ERR != 0)
);

state_query!(
    /// `clearerr(f)`—Clears `f`'s end-of-file and error indicators.
    clearerr, [clearerr_unlocked], (), |s| s.flags &= !(F_EOF | F_ERR)
);

state_query!(
    /// `fileno(f)`—The descriptor under `f`, or -1 with errno EBADF for a stream that has
    /// none.
    fileno, [fileno_unlocked], c_int, |s| {
        if s.fd < 0 {
            set_errno(EBADF);
            -1
        } else {
            s.fd
        }
    }
);
