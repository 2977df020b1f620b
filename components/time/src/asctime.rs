//! `asctime`, `asctime_r`, `ctime` and `ctime_r`: the fixed 26-byte C date format.
use core::ffi::c_char;

use crate::abi::Tm;
use crate::fmt::{ByteSink, Sink};
use crate::localtime::{localtime, localtime_r};
use crate::names::{ABDAY, ABMON};

/// The C standard's buffer size for these functions.
const ASCTIME_LEN: usize = 26;

static mut SHARED_BUF: [u8; ASCTIME_LEN] = [0; ASCTIME_LEN];

/// Stops the program, as musl does when a field is too wide for 26 bytes: C defines the
/// format, so a longer result would overrun every caller's buffer.
#[cold]
fn crash() -> ! {
    // SAFETY: each instruction traps (x86_64's `hlt` is privileged: SIGSEGV, like musl).
    unsafe {
        #[cfg(target_arch = "x86_64")]
        core::arch::asm!("hlt");
        #[cfg(target_arch = "aarch64")]
        core::arch::asm!("udf #0");
        #[cfg(target_arch = "riscv64")]
        core::arch::asm!("unimp");
    }
    loop {
        core::hint::spin_loop();
    }
}

/// `asctime_r(tm, buf)`—Writes `*tm` as "Www Mmm dd hh:mm:ss yyyy\n" into `buf` (26 bytes)
/// and returns `buf`. Fields whose text would not fit crash the program, as in musl.
///
/// # Safety
/// `tm` must be readable and `buf` writable for 26 bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn asctime_r(tm: *const Tm, buf: *mut c_char) -> *mut c_char {
    // SAFETY: caller's contract.
    let tm = unsafe { &*tm };
    let mut tmp = [0u8; 64];
    let mut s = Sink { buf: &mut tmp, len: 0 };
    let name = |names: &[&'static [u8]], v: i32| names.get(v as u32 as usize).copied().unwrap_or(b"???");
    s.push_all(name(&ABDAY, tm.tm_wday));
    s.push(b' ');
    s.push_all(name(&ABMON, tm.tm_mon));
    s.num(tm.tm_mday as i64, false, 3, false, 1);
    s.push(b' ');
    s.num(tm.tm_hour as i64, false, 0, false, 2);
    s.push(b':');
    s.num(tm.tm_min as i64, false, 0, false, 2);
    s.push(b':');
    s.num(tm.tm_sec as i64, false, 0, false, 2);
    s.push(b' ');
    s.num(1900 + tm.tm_year as i64, false, 0, false, 1);
    s.push(b'\n');
    let n = s.len;
    if n >= ASCTIME_LEN {
        crash();
    }
    // SAFETY: `n + 1 <= 26` bytes fit in `buf`.
    unsafe {
        core::ptr::copy_nonoverlapping(tmp.as_ptr(), buf as *mut u8, n);
        *buf.add(n) = 0;
    }
    buf
}

/// `asctime(tm)`—[`asctime_r`] into a static buffer.
///
/// # Safety
/// `tm` must be readable. Not thread-safe, as in C.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn asctime(tm: *const Tm) -> *mut c_char {
    // SAFETY: the static buffer is the documented shared result.
    unsafe { asctime_r(tm, (&raw mut SHARED_BUF).cast()) }
}

/// `ctime_r(t, buf)`—`asctime_r(localtime_r(t))`; null (errno EOVERFLOW) if `*t` is out
/// of range.
///
/// # Safety
/// `t` must be readable and `buf` writable for 26 bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn ctime_r(t: *const i64, buf: *mut c_char) -> *mut c_char {
    let mut tm = Tm::ZERO;
    // SAFETY: forwarded contract.
    unsafe {
        if localtime_r(t, &mut tm).is_null() {
            return core::ptr::null_mut();
        }
        asctime_r(&tm, buf)
    }
}

/// `ctime(t)`—`asctime(localtime(t))`, or null (errno EOVERFLOW).
///
/// # Safety
/// `t` must be readable. Not thread-safe, as in C.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn ctime(t: *const i64) -> *mut c_char {
    // SAFETY: forwarded contract.
    unsafe {
        let tm = localtime(t);
        if tm.is_null() {
            return core::ptr::null_mut();
        }
        asctime(tm)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn format() {
        let mut tm = Tm::ZERO;
        unsafe { crate::gmtime::gmtime_r(&1_700_000_000, &mut tm) };
        let mut b = [0u8; 26];
        unsafe { asctime_r(&tm, b.as_mut_ptr().cast()) };
        assert_eq!(&b, b"Tue Nov 14 22:13:20 2023\n\0");
        tm.tm_mday = 5;
        tm.tm_year = -1905;
        tm.tm_sec = -1;
        unsafe { asctime_r(&tm, b.as_mut_ptr().cast()) };
        assert_eq!(&b[..25], b"Tue Nov  5 22:13:-01 -5\n\0");
    }
}
