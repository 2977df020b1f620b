//! The signal-set functions. As in musl, only the kernel's 64 bits (word 0) are read or
//! written, and signals 32..=34 cannot be added or removed.
use core::ffi::c_int;

use limpet_syscall::{errno::EINVAL, set_errno};

use crate::abi::{NSIG, SigSet};

/// The bits of signals 1..=31 and 35..=64: what `sigfillset` sets.
const APP_SIGNALS: u64 = !(0b111 << 31);

/// Whether `sig` is a signal number at all (1..=64).
#[inline]
pub(crate) fn valid(sig: c_int) -> bool {
    (sig as u32).wrapping_sub(1) < (NSIG - 1) as u32
}

/// Whether `sig` is one of the implementation's signals, 32..=34.
#[inline]
pub(crate) fn reserved(sig: c_int) -> bool {
    (sig as u32).wrapping_sub(32) < 3
}

/// `sigemptyset(set)`—Makes `set` empty. Returns 0.
///
/// # Safety
/// `set` must be valid for writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn sigemptyset(set: *mut SigSet) -> c_int {
    // SAFETY: the caller passes a writable set.
    unsafe { (*set).bits[0] = 0 };
    0
}

/// `sigfillset(set)`—Puts every signal an application may use in `set` (not 32..=34). Returns 0.
///
/// # Safety
/// `set` must be valid for writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn sigfillset(set: *mut SigSet) -> c_int {
    // SAFETY: the caller passes a writable set.
    unsafe { (*set).bits[0] = APP_SIGNALS };
    0
}

/// `sigaddset(set, sig)`—Adds `sig`; -1 with `EINVAL` for an invalid or reserved signal.
///
/// # Safety
/// `set` must be valid for reads and writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn sigaddset(set: *mut SigSet, sig: c_int) -> c_int {
    if !valid(sig) || reserved(sig) {
        set_errno(EINVAL);
        return -1;
    }
    // SAFETY: the caller passes a valid set.
    unsafe { (*set).bits[0] |= SigSet::bit(sig) };
    0
}

/// `sigdelset(set, sig)`—Removes `sig`; -1 with `EINVAL` for an invalid or reserved signal.
///
/// # Safety
/// `set` must be valid for reads and writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn sigdelset(set: *mut SigSet, sig: c_int) -> c_int {
    if !valid(sig) || reserved(sig) {
        set_errno(EINVAL);
        return -1;
    }
    // SAFETY: the caller passes a valid set.
    unsafe { (*set).bits[0] &= !SigSet::bit(sig) };
    0
}

/// `sigismember(set, sig)`—1 if `sig` is in `set`, else 0 (also for an invalid `sig`, as musl).
///
/// # Safety
/// `set` must be valid for reads.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn sigismember(set: *const SigSet, sig: c_int) -> c_int {
    if !valid(sig) {
        return 0;
    }
    // SAFETY: the caller passes a readable set.
    (unsafe { (*set).bits[0] } & SigSet::bit(sig) != 0) as c_int
}

/// `sigisemptyset(set)`—1 if `set` holds no signal, else 0.
///
/// # Safety
/// `set` must be valid for reads.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn sigisemptyset(set: *const SigSet) -> c_int {
    // SAFETY: the caller passes a readable set.
    (unsafe { (*set).bits[0] } == 0) as c_int
}

/// `sigandset(dst, a, b)`—Stores the intersection of `a` and `b` in `dst`. Returns 0.
///
/// # Safety
/// `a` and `b` must be readable, `dst` writable (they may alias).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn sigandset(dst: *mut SigSet, a: *const SigSet, b: *const SigSet) -> c_int {
    // SAFETY: the caller passes valid sets; reading both before writing allows aliasing.
    unsafe { (*dst).bits[0] = (*a).bits[0] & (*b).bits[0] };
    0
}

/// `sigorset(dst, a, b)`—Stores the union of `a` and `b` in `dst`. Returns 0.
///
/// # Safety
/// `a` and `b` must be readable, `dst` writable (they may alias).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn sigorset(dst: *mut SigSet, a: *const SigSet, b: *const SigSet) -> c_int {
    // SAFETY: the caller passes valid sets; reading both before writing allows aliasing.
    unsafe { (*dst).bits[0] = (*a).bits[0] | (*b).bits[0] };
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errno() -> i32 {
        std::io::Error::last_os_error().raw_os_error().unwrap()
    }

    #[test]
    fn add_delete_and_membership_agree_with_a_naive_set() {
        let mut s = SigSet { bits: [0xaa; 16] };
        unsafe { sigemptyset(&mut s) };
        let mut naive = [false; 65];
        for (i, sig) in [1, 2, 9, 31, 35, 64, 17, 2, 40].into_iter().enumerate() {
            if i % 3 == 2 {
                assert_eq!(unsafe { sigdelset(&mut s, sig) }, 0);
                naive[sig as usize] = false;
            } else {
                assert_eq!(unsafe { sigaddset(&mut s, sig) }, 0);
                naive[sig as usize] = true;
            }
            for k in 1..65 {
                assert_eq!(unsafe { sigismember(&s, k) } == 1, naive[k as usize], "signal {k}");
            }
        }
    }

    #[test]
    fn fill_leaves_out_the_reserved_signals() {
        let mut s = SigSet::EMPTY;
        unsafe { sigfillset(&mut s) };
        for k in 1..65 {
            assert_eq!(unsafe { sigismember(&s, k) } == 1, !(32..=34).contains(&k));
        }
        assert_eq!(unsafe { sigisemptyset(&s) }, 0);
        unsafe { sigemptyset(&mut s) };
        assert_eq!(unsafe { sigisemptyset(&s) }, 1);
    }

    #[test]
    fn bad_signals_fail_with_einval() {
        let mut s = SigSet::EMPTY;
        for sig in [0, -1, 65, 1000, 32, 33, 34] {
            assert_eq!(unsafe { sigaddset(&mut s, sig) }, -1);
            assert_eq!(errno(), EINVAL);
            assert_eq!(unsafe { sigdelset(&mut s, sig) }, -1);
        }
        assert_eq!(unsafe { sigismember(&s, 0) }, 0);
        assert_eq!(unsafe { sigismember(&s, 99) }, 0);
        assert_eq!(s, SigSet::EMPTY);
    }

    #[test]
    fn and_or_match_bitwise() {
        let a = SigSet { bits: [0b1100, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] };
        let b = SigSet { bits: [0b1010, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] };
        let mut d = SigSet::EMPTY;
        unsafe { sigandset(&mut d, &a, &b) };
        assert_eq!(d.bits[0], 0b1000);
        unsafe { sigorset(&mut d, &a, &b) };
        assert_eq!(d.bits[0], 0b1110);
    }
}
