//! `setkey` and `encrypt`: the old DES interface of POSIX's XSI option, one bit a byte.
//!
//! The key schedule is the process's, as in musl and as POSIX allows: neither function is
//! thread-safe. Before any `setkey` it is the all-zero key's. A byte of the key or the
//! block counts by its lowest bit alone (musl's behaviour, measured: `'1'` is a one, `'2'`
//! a zero), and `encrypt` writes back bytes of 0 and 1.

use core::cell::UnsafeCell;
use core::ffi::{c_char, c_int};

use limpet_abi::errno::EINVAL;
use limpet_syscall::set_errno;

use crate::des::{self, Schedule};

/// Bytes of a key or a block: one a bit.
const BITS: usize = 64;

/// The schedule `setkey` sets and `encrypt` uses.
struct Shared(UnsafeCell<Schedule>);

// SAFETY: the functions that touch it are documented as not thread-safe (POSIX: "need not
// be thread-safe"); a program that calls them from two threads at once races, as on musl.
unsafe impl Sync for Shared {}

static KEY: Shared = Shared(UnsafeCell::new(Schedule::ZERO));

/// The 64 bytes at `p` as a block, bit 1 first, each byte's low bit.
///
/// # Safety
/// `p` points to 64 readable bytes.
unsafe fn gather(p: *const c_char) -> u64 {
    // SAFETY: the caller's 64 bytes.
    let bytes = unsafe { core::slice::from_raw_parts(p.cast::<u8>(), BITS) };
    bytes.iter().fold(0, |acc, &b| acc << 1 | u64::from(b & 1))
}

/// `void setkey(const char *key)`—Sets the DES key `encrypt` uses: 64 bytes, each a bit
/// (its lowest bit counts), the parity bits (every eighth) ignored as DES ignores them. A
/// null `key` sets errno EINVAL and changes nothing.
///
/// # Safety
/// `key` is null or points to 64 readable bytes; no other thread calls `setkey` or
/// `encrypt` meanwhile.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn setkey(key: *const c_char) {
    if key.is_null() {
        set_errno(EINVAL);
        return;
    }
    // SAFETY: `key` points to 64 bytes.
    let s = Schedule::new(unsafe { gather(key) });
    // SAFETY: no other thread uses the schedule now (the caller's promise).
    unsafe { *KEY.0.get() = s };
}

/// `void encrypt(char block[64], int edflag)`—Encrypts (`edflag` 0) or decrypts
/// (`edflag` nonzero) the 64-bit block `block`, one bit a byte (its lowest bit counts), in
/// place, with the key of the last `setkey`; writes bytes 0 and 1. A null `block` sets
/// errno EINVAL.
///
/// # Safety
/// `block` is null or points to 64 writable bytes; no other thread calls `setkey` or
/// `encrypt` meanwhile.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn encrypt(block: *mut c_char, edflag: c_int) {
    if block.is_null() {
        set_errno(EINVAL);
        return;
    }
    // SAFETY: no other thread writes the schedule now (the caller's promise).
    let s = unsafe { *KEY.0.get() };
    // SAFETY: `block` points to 64 bytes.
    let x = des::block(&s, unsafe { gather(block) }, edflag != 0);
    // SAFETY: `block` points to 64 writable bytes, which nothing else borrows.
    let bytes = unsafe { core::slice::from_raw_parts_mut(block.cast::<u8>(), BITS) };
    for (i, b) in bytes.iter_mut().enumerate() {
        *b = (x >> (BITS - 1 - i)) as u8 & 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bits(x: u64) -> [c_char; BITS] {
        core::array::from_fn(|i| (x >> (BITS - 1 - i)) as c_char & 1)
    }

    fn value(b: &[c_char; BITS]) -> u64 {
        b.iter().fold(0, |acc, &c| acc << 1 | c as u64)
    }

    /// The schedule is the process's, so one test does every step in order.
    #[test]
    fn setkey_and_encrypt() {
        // SAFETY: this test alone touches the schedule; every array is 64 bytes.
        unsafe {
            // Before any setkey: the zero key.
            let mut b = bits(0);
            encrypt(b.as_mut_ptr(), 0);
            assert_eq!(value(&b), 0x8ca64de9c1b123a7);

            // FIPS 81's example, there and back, with edflags other than 1.
            setkey(bits(0x0123456789abcdef).as_ptr());
            let mut b = bits(0x4e6f772069732074);
            encrypt(b.as_mut_ptr(), 0);
            assert_eq!(value(&b), 0x3fa40e8a984d4815);
            encrypt(b.as_mut_ptr(), -7);
            assert_eq!(value(&b), 0x4e6f772069732074);

            // Only the low bit of each byte counts: '0' and '1' work, 2 is a zero, 3 a one.
            let key = bits(0x133457799bbcdff1).map(|c| c + b'0' as c_char);
            setkey(key.as_ptr());
            let mut b = bits(0x0123456789abcdef).map(|c| c + 2);
            encrypt(b.as_mut_ptr(), 0);
            assert_eq!(value(&b), 0x85e813540f0ab405);
            assert!(b.iter().all(|&c| c == 0 || c == 1));

            // A round trip over many blocks and keys.
            let mut x = 0x9e3779b97f4a7c15u64;
            for _ in 0..200 {
                x = x.wrapping_mul(0x5851f42d4c957f2d).wrapping_add(1442695040888963407);
                setkey(bits(x.rotate_left(17)).as_ptr());
                let mut b = bits(x);
                encrypt(b.as_mut_ptr(), 0);
                assert_eq!(value(&b), des::block(&Schedule::new(x.rotate_left(17)), x, false));
                encrypt(b.as_mut_ptr(), 1);
                assert_eq!(value(&b), x);
            }

            // Null pointers: EINVAL, nothing touched.
            setkey(core::ptr::null());
            assert_eq!(limpet_syscall::errno(), EINVAL);
            encrypt(core::ptr::null_mut(), 0);
            assert_eq!(limpet_syscall::errno(), EINVAL);
        }
    }
}
