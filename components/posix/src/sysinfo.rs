//! `<sys/sysinfo.h>` and `getloadavg`: the system's statistics, and the counts `sysconf`
//! also gives under their GNU names.
use core::ffi::{c_double, c_int, c_long};

use limpet_abi::sysinfo::Sysinfo;
use limpet_syscall::{nr, syscall1};

use crate::ret_int;
use crate::sysconf::{SC_AVPHYS_PAGES, SC_NPROCESSORS_CONF, SC_NPROCESSORS_ONLN, SC_PHYS_PAGES, sysconf};

/// The fraction bits of the kernel's load averages.
const SI_LOAD_SHIFT: u32 = 16;

/// `sysinfo(info)`—Stores the uptime, load averages, memory, swap and process count in
/// `*info`; 0, or -1 with errno (EFAULT).
///
/// # Safety
/// `info` must point to a writable `struct sysinfo`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn sysinfo(info: *mut Sysinfo) -> c_int {
    // SAFETY: the caller vouches for `info`; the kernel writes its own (shorter) struct.
    ret_int(unsafe { syscall1(nr::SYSINFO, info as usize) })
}

/// `get_nprocs_conf()`—The processors configured: `sysconf(_SC_NPROCESSORS_CONF)`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn get_nprocs_conf() -> c_int {
    sysconf(SC_NPROCESSORS_CONF) as c_int
}

/// `get_nprocs()`—The processors available: `sysconf(_SC_NPROCESSORS_ONLN)`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn get_nprocs() -> c_int {
    sysconf(SC_NPROCESSORS_ONLN) as c_int
}

/// `get_phys_pages()`—The pages of physical memory: `sysconf(_SC_PHYS_PAGES)`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn get_phys_pages() -> c_long {
    sysconf(SC_PHYS_PAGES)
}

/// `get_avphys_pages()`—The pages of free physical memory: `sysconf(_SC_AVPHYS_PAGES)`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn get_avphys_pages() -> c_long {
    sysconf(SC_AVPHYS_PAGES)
}

/// `getloadavg(loads, n)`—Stores up to three load averages (1, 5 and 15 minutes) in
/// `loads`; how many it stored (`n` if below 3, else 3), 0 for `n` = 0, -1 for a negative
/// `n` or when the kernel cannot say.
///
/// # Safety
/// `loads` must be writable for `min(n, 3)` doubles.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getloadavg(loads: *mut c_double, n: c_int) -> c_int {
    if n <= 0 {
        return if n == 0 { 0 } else { -1 };
    }
    let mut info = core::mem::MaybeUninit::<Sysinfo>::zeroed();
    // SAFETY: a zeroed sysinfo, which the kernel fills.
    if unsafe { sysinfo(info.as_mut_ptr()) } != 0 {
        return -1;
    }
    // SAFETY: zeroed, then written by the kernel.
    let info = unsafe { info.assume_init() };
    let n = n.min(3);
    for (k, &raw) in info.loads.iter().take(n as usize).enumerate() {
        // SAFETY: the caller gives room for min(n, 3) values.
        unsafe { *loads.add(k) = raw as c_double / f64::from(1u32 << SI_LOAD_SHIFT) };
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_agree_with_sysconf_and_proc() {
        crate::testutil::record_auxv();
        assert!(get_nprocs() >= 1);
        assert_eq!(get_nprocs_conf(), get_nprocs());
        assert!(get_phys_pages() > get_avphys_pages() && get_avphys_pages() > 0);
        let mut info = core::mem::MaybeUninit::<Sysinfo>::zeroed();
        // SAFETY: a sysinfo.
        assert_eq!(unsafe { sysinfo(info.as_mut_ptr()) }, 0);
        let info = unsafe { info.assume_init() };
        let up: f64 = std::fs::read_to_string("/proc/uptime").unwrap().split(' ').next().unwrap().parse().unwrap();
        assert!((info.uptime as f64 - up).abs() < 5.0);
        assert!(info.mem_unit >= 1 && info.totalram > 0);
        let mut l = [-1.0f64; 4];
        assert_eq!(unsafe { getloadavg(l.as_mut_ptr(), 4) }, 3);
        assert!(l[..3].iter().all(|&v| v >= 0.0) && l[3] == -1.0);
        assert_eq!(unsafe { getloadavg(l.as_mut_ptr(), 0) }, 0);
        assert_eq!(unsafe { getloadavg(l.as_mut_ptr(), -1) }, -1);
    }
}
