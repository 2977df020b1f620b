//! The `drand48` family: the 48-bit linear congruential generator POSIX specifies,
//! X' = (a·X + c) mod 2^48 with a = 0x5DEECE66D and c = 0xB unless `lcong48` changes them.
//! The `*rand48` functions step the shared state; `erand48`, `nrand48` and `jrand48` step
//! a caller's `unsigned short[3]` with the shared a and c. The state starts at 0.
//!
//! As POSIX requires, `srand48` and `seed48` restore the standard a and c after `lcong48`;
//! musl keeps `lcong48`'s (tests/c/stdlib_lcong48 records the standard's answer).
use core::ffi::{c_double, c_long, c_ushort};

/// 2^48 - 1.
const MASK: u64 = (1 << 48) - 1;
/// The POSIX multiplier and increment.
const A: u64 = 0x5_DEEC_E66D;
const C: u16 = 0xB;
/// The low 16 bits `srand48` gives X.
const SRAND_LOW: u64 = 0x330E;

/// The shared state as `lcong48` takes it: X (3 words), a (3 words), c.
static mut PARAMS: [c_ushort; 7] = [0, 0, 0, A as u16, (A >> 16) as u16, (A >> 32) as u16, C];
/// `seed48` returns the previous X in this buffer.
static mut PREVIOUS: [c_ushort; 3] = [0; 3];

fn join(w: &[c_ushort]) -> u64 {
    w[0] as u64 | (w[1] as u64) << 16 | (w[2] as u64) << 32
}

fn split(v: u64, w: &mut [c_ushort]) {
    (w[0], w[1], w[2]) = (v as u16, (v >> 16) as u16, (v >> 32) as u16);
}

/// Steps the 48-bit state at `x` with the shared multiplier and increment.
///
/// # Safety
/// `x` must point to three writable `unsigned short`s.
unsafe fn step(x: *mut c_ushort) -> u64 {
    // SAFETY: the caller's `x` holds three words; PARAMS is only read here (C gives no
    // thread-safety guarantee for these functions).
    unsafe {
        let p = &*(&raw const PARAMS);
        let xs = core::slice::from_raw_parts_mut(x, 3);
        let v = join(xs).wrapping_mul(join(&p[3..6])).wrapping_add(p[6] as u64) & MASK;
        split(v, xs);
        v
    }
}

/// The shared X.
fn shared() -> *mut c_ushort {
    (&raw mut PARAMS).cast()
}

/// A 48-bit value as a double in [0, 1).
fn unit(v: u64) -> c_double {
    v as c_double / (1u64 << 48) as c_double
}

/// `erand48(xsubi)`—Steps the state in `xsubi` and returns it as a double in [0, 1).
///
/// # Safety
/// `xsubi` must point to three writable `unsigned short`s.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn erand48(xsubi: *mut c_ushort) -> c_double {
    // SAFETY: the caller's contract.
    unit(unsafe { step(xsubi) })
}

/// `drand48()`—[`erand48`] on the shared state.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn drand48() -> c_double {
    // SAFETY: the shared state is three words.
    unsafe { erand48(shared()) }
}

/// `nrand48(xsubi)`—Steps the state in `xsubi`; returns its top 31 bits, in [0, 2^31).
///
/// # Safety
/// `xsubi` must point to three writable `unsigned short`s.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn nrand48(xsubi: *mut c_ushort) -> c_long {
    // SAFETY: the caller's contract.
    (unsafe { step(xsubi) } >> 17) as c_long
}

/// `lrand48()`—[`nrand48`] on the shared state.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn lrand48() -> c_long {
    // SAFETY: the shared state is three words.
    unsafe { nrand48(shared()) }
}

/// `jrand48(xsubi)`—Steps the state in `xsubi`; returns its top 32 bits as a signed value,
/// in [-2^31, 2^31).
///
/// # Safety
/// `xsubi` must point to three writable `unsigned short`s.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn jrand48(xsubi: *mut c_ushort) -> c_long {
    // SAFETY: the caller's contract.
    (unsafe { step(xsubi) } >> 16) as u32 as i32 as c_long
}

/// `mrand48()`—[`jrand48`] on the shared state.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn mrand48() -> c_long {
    // SAFETY: the shared state is three words.
    unsafe { jrand48(shared()) }
}

/// Restores the POSIX multiplier and increment, as `srand48` and `seed48` must.
fn reset_params(p: &mut [c_ushort; 7]) {
    split(A, &mut p[3..6]);
    p[6] = C;
}

/// `srand48(seed)`—Sets X to the low 32 bits of `seed` followed by 0x330E, and restores the
/// default multiplier and increment.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn srand48(seed: c_long) {
    // SAFETY: C gives these functions no thread-safety guarantee; this is the only access.
    let p = unsafe { &mut *(&raw mut PARAMS) };
    split(((seed as u64) << 16 | SRAND_LOW) & MASK, &mut p[..3]);
    reset_params(p);
}

/// `seed48(seed16v)`—Sets X to the 48 bits in `seed16v` (low word first) and restores the
/// default multiplier and increment; returns a static buffer holding the previous X.
///
/// # Safety
/// `seed16v` must point to three readable `unsigned short`s.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn seed48(seed16v: *mut c_ushort) -> *mut c_ushort {
    // SAFETY: the caller's three words; the statics as in `srand48`.
    unsafe {
        let p = &mut *(&raw mut PARAMS);
        let prev = &mut *(&raw mut PREVIOUS);
        prev.copy_from_slice(&p[..3]);
        let new = core::slice::from_raw_parts(seed16v, 3);
        p[..3].copy_from_slice(new);
        reset_params(p);
        prev.as_mut_ptr()
    }
}

/// `lcong48(param)`—Sets X (`param[0..3]`), the multiplier (`param[3..6]`) and the increment
/// (`param[6]`) of the shared generator.
///
/// # Safety
/// `param` must point to seven readable `unsigned short`s.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn lcong48(param: *mut c_ushort) {
    // SAFETY: the caller's seven words; the statics as in `srand48`.
    unsafe { (*(&raw mut PARAMS)).copy_from_slice(core::slice::from_raw_parts(param, 7)) }
}

#[cfg(test)]
mod tests {
    use super::*;

    unsafe extern "C" {
        #[link_name = "erand48"]
        fn host_erand48(x: *mut c_ushort) -> c_double;
        #[link_name = "nrand48"]
        fn host_nrand48(x: *mut c_ushort) -> c_long;
        #[link_name = "jrand48"]
        fn host_jrand48(x: *mut c_ushort) -> c_long;
    }

    #[test]
    fn shared_generator_and_host_agree() {
        // glibc implements the same POSIX generator; compare the explicit-state forms.
        let (mut a, mut b) = ([0x1234, 0x5678, 0x9abc], [0x1234, 0x5678, 0x9abc]);
        for _ in 0..1000 {
            unsafe {
                assert_eq!(erand48(a.as_mut_ptr()).to_bits(), host_erand48(b.as_mut_ptr()).to_bits());
                assert_eq!(nrand48(a.as_mut_ptr()), host_nrand48(b.as_mut_ptr()));
                assert_eq!(jrand48(a.as_mut_ptr()), host_jrand48(b.as_mut_ptr()));
            }
        }
        // Measured on musl with the initial state 0: X1 = 11, then lrand48 returns X2's top bits.
        assert_eq!(drand48(), 11.0 / (1u64 << 48) as f64);
        assert_eq!(lrand48(), 2116118);
        srand48(0);
        let x1 = (SRAND_LOW * A + C as u64) & MASK;
        assert_eq!(lrand48(), (x1 >> 17) as c_long);
        let mut s = [1, 2, 3];
        let prev = unsafe { seed48(s.as_mut_ptr()) };
        assert_eq!(unsafe { *prev }, x1 as u16);
        let mut params = [0, 0, 0, 2, 0, 0, 1];
        unsafe { lcong48(params.as_mut_ptr()) };
        assert_eq!(mrand48(), 0);
        assert_eq!(drand48(), 3.0 / (1u64 << 48) as f64);
    }
}
