//! `sysconf` and `getpagesize`.
use core::ffi::{c_int, c_long, c_ulong};

use limpet_syscall::auxv::{AT_PAGESZ, getauxval};
use limpet_syscall::errno::EINVAL;
use limpet_syscall::{nr, result, set_errno, syscall1, syscall3, syscall4};

/// `getpagesize()`—The size of a memory page, as the kernel reported it at start-up.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn getpagesize() -> c_int {
    // The kernel always supplies AT_PAGESZ.
    getauxval(AT_PAGESZ as c_ulong) as c_int
}

/// A name `sysconf` does not know: EINVAL.
const INVALID: c_long = c_long::MIN;
/// A value computed at each call, from the match in `sysconf`.
const DYNAMIC: c_long = c_long::MIN + 1;
/// No limit, or an option that is not supported: -1 without touching errno.
const NONE: c_long = -1;
/// `_POSIX_VERSION` (POSIX.1-2008), the value of every supported option.
const V: c_long = 200809;

const SC_CHILD_MAX: c_int = 1;
const SC_OPEN_MAX: c_int = 4;
const SC_PAGESIZE: c_int = 30;
pub(crate) const SC_NPROCESSORS_CONF: c_int = 83;
pub(crate) const SC_NPROCESSORS_ONLN: c_int = 84;
pub(crate) const SC_PHYS_PAGES: c_int = 85;
pub(crate) const SC_AVPHYS_PAGES: c_int = 86;

const RLIMIT_NPROC: usize = 6;
const RLIMIT_NOFILE: usize = 7;

/// The value for each `_SC_*` name, indexed by the name, as musl answers on Linux; the names
/// are those of musl's `<unistd.h>`.
#[rustfmt::skip]
static TABLE: [c_long; 249] = [
    /*   0 */ 131072, DYNAMIC, 100, 32, DYNAMIC, NONE, 6, 1,
    /*   8 */ 1, V, NONE, V, V, NONE, NONE, V,
    /*  16 */ V, V, V, V, V, V, V, NONE,
    /*  24 */ NONE, 0, 2147483647, NONE, 32768, V, DYNAMIC, 30,
    /*  32 */ 256, 2147483647, NONE, NONE, 99, 2048, 99, 1000,
    /*  40 */ 2, INVALID, NONE, NONE, 255, INVALID, V, V,
    /*  48 */ NONE, NONE, NONE, NONE, NONE, INVALID, INVALID, INVALID,
    /*  56 */ INVALID, INVALID, INVALID, INVALID, 1024, INVALID, INVALID, INVALID,
    /*  64 */ INVALID, INVALID, INVALID, V, V, NONE, NONE, 256,
    /*  72 */ 32, 4, 128, 2048, NONE, V, V, V,
    /*  80 */ NONE, NONE, V, DYNAMIC, DYNAMIC, DYNAMIC, DYNAMIC, NONE,
    /*  88 */ NONE, 700, 700, 1, NONE, 1, 1, NONE,
    /*  96 */ INVALID, NONE, NONE, NONE, NONE, INVALID, INVALID, INVALID,
    /* 104 */ INVALID, INVALID, INVALID, INVALID, INVALID, 20, INVALID, INVALID,
    /* 112 */ INVALID, INVALID, INVALID, INVALID, INVALID, INVALID, INVALID, INVALID,
    /* 120 */ INVALID, INVALID, INVALID, INVALID, INVALID, NONE, NONE, 1,
    /* 128 */ NONE, NONE, NONE, NONE, V, V, INVALID, INVALID,
    /* 136 */ INVALID, V, V, V, INVALID, INVALID, INVALID, INVALID,
    /* 144 */ INVALID, INVALID, INVALID, INVALID, INVALID, V, INVALID, INVALID,
    /* 152 */ INVALID, V, V, 1, INVALID, 1, INVALID, V,
    /* 160 */ NONE, NONE, INVALID, INVALID, V, NONE, INVALID, INVALID,
    /* 168 */ NONE, NONE, NONE, NONE, NONE, 40, 0, NONE,
    /* 176 */ NONE, NONE, 1, NONE, 255, NONE, NONE, NONE,
    /* 184 */ NONE, INVALID, INVALID, INVALID, INVALID, INVALID, INVALID, INVALID,
    /* 192 */ INVALID, INVALID, INVALID, INVALID, INVALID, INVALID, INVALID, INVALID,
    /* 200 */ INVALID, INVALID, INVALID, INVALID, INVALID, INVALID, INVALID, INVALID,
    /* 208 */ INVALID, INVALID, INVALID, INVALID, INVALID, INVALID, INVALID, INVALID,
    /* 216 */ INVALID, INVALID, INVALID, INVALID, INVALID, INVALID, INVALID, INVALID,
    /* 224 */ INVALID, INVALID, INVALID, INVALID, INVALID, INVALID, INVALID, INVALID,
    /* 232 */ INVALID, INVALID, INVALID, V, V, NONE, NONE, 1,
    /* 240 */ NONE, NONE, NONE, NONE, NONE, NONE, 0, NONE,
    /* 248 */ NONE,
];

/// `sysconf(name)`—The value of the configurable limit or option `name` (`_SC_*`): -1 without
/// an errno change for an unlimited limit or an unsupported option, -1 with EINVAL for an
/// unknown name. Resource limits, processor counts and memory sizes are read at each call.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn sysconf(name: c_int) -> c_long {
    let v = match usize::try_from(name).ok().and_then(|i| TABLE.get(i)) {
        Some(&v) => v,
        None => INVALID,
    };
    match v {
        INVALID => {
            set_errno(EINVAL);
            -1
        }
        DYNAMIC => dynamic(name),
        v => v,
    }
}

#[cold]
fn dynamic(name: c_int) -> c_long {
    match name {
        SC_CHILD_MAX => rlimit_cur(RLIMIT_NPROC),
        SC_OPEN_MAX => rlimit_cur(RLIMIT_NOFILE),
        SC_PAGESIZE => getpagesize() as c_long,
        SC_NPROCESSORS_CONF | SC_NPROCESSORS_ONLN => processors(),
        SC_PHYS_PAGES => memory_pages(false),
        SC_AVPHYS_PAGES => memory_pages(true),
        _ => unreachable!("every DYNAMIC entry has a case"),
    }
}

/// The soft limit, with RLIM_INFINITY coming out as -1 ("no limit").
fn rlimit_cur(resource: usize) -> c_long {
    let mut lim = [0u64; 2];
    // SAFETY: prlimit64 with a null new limit only writes the old one into `lim`.
    let r = unsafe { syscall4(nr::PRLIMIT64, 0, resource, 0, lim.as_mut_ptr() as usize) };
    if result(r).is_err() {
        return NONE;
    }
    lim[0] as c_long
}

/// The processors this process may run on, counted in its affinity mask (at least 1).
fn processors() -> c_long {
    let mut mask = [0u64; 16];
    // SAFETY: the kernel writes at most `size_of_val(&mask)` bytes into `mask`.
    let r = unsafe {
        syscall3(
            nr::SCHED_GETAFFINITY,
            0,
            core::mem::size_of_val(&mask),
            mask.as_mut_ptr() as usize,
        )
    };
    let n = match result(r) {
        Ok(bytes) => mask[..bytes / 8]
            .iter()
            .map(|w| w.count_ones() as c_long)
            .sum(),
        Err(_) => 0,
    };
    n.max(1)
}

/// Physical memory in pages: all of it, or what is free plus the buffer cache.
fn memory_pages(available: bool) -> c_long {
    let mut si = core::mem::MaybeUninit::<limpet_abi::sysinfo::Sysinfo>::zeroed();
    // SAFETY: sysinfo fills a `struct sysinfo`, which `si` is.
    if result(unsafe { syscall1(nr::SYSINFO, si.as_mut_ptr() as usize) }).is_err() {
        return NONE;
    }
    // SAFETY: zeroed, then filled by the kernel.
    let si = unsafe { si.assume_init() };
    let unit = u64::from(si.mem_unit.max(1));
    let pages = if available {
        si.freeram + si.bufferram
    } else {
        si.totalram
    };
    let bytes = pages * unit;
    (bytes / getpagesize() as u64) as c_long
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::errno;

    unsafe extern "C" {
        #[link_name = "sysconf"]
        fn glibc_sysconf(name: c_int) -> c_long;
    }

    #[test]
    fn constants_and_machine_values() {
        // The page size comes from the auxiliary vector, which limpet's start-up records.
        crate::testutil::record_auxv();
        assert_eq!(sysconf(2), 100);
        assert_eq!(sysconf(SC_PAGESIZE), 4096);
        assert_eq!(getpagesize(), 4096);
        assert_eq!(sysconf(9), 200809);
        // The same values glibc computes from the same kernel.
        for name in [
            SC_CHILD_MAX,
            SC_OPEN_MAX,
            SC_NPROCESSORS_CONF,
            SC_NPROCESSORS_ONLN,
            SC_PHYS_PAGES,
        ] {
            let g = unsafe { glibc_sysconf(name) };
            let ours = sysconf(name);
            if name == SC_NPROCESSORS_CONF {
                assert!(ours >= 1 && ours <= g, "{name}: {ours} vs {g}");
            } else {
                assert_eq!(ours, g, "name {name}");
            }
        }
        let avail = sysconf(SC_AVPHYS_PAGES);
        assert!(avail > 0 && avail <= sysconf(SC_PHYS_PAGES));
        assert_eq!(sysconf(41), -1);
        assert_eq!(errno(), EINVAL);
        assert_eq!(sysconf(-1), -1);
        assert_eq!(errno(), EINVAL);
        assert_eq!(sysconf(100_000), -1);
        assert_eq!(errno(), EINVAL);
        limpet_syscall::set_errno(0);
        assert_eq!(sysconf(5), -1);
        assert_eq!(errno(), 0);
    }
}
