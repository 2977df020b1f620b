//! The auxiliary vector the kernel passes above `envp`, and `getauxval`.
use core::sync::atomic::{AtomicPtr, Ordering};

pub const AT_NULL: usize = 0;
pub const AT_PHDR: usize = 3;
pub const AT_PHENT: usize = 4;
pub const AT_PHNUM: usize = 5;
pub const AT_PAGESZ: usize = 6;
pub const AT_BASE: usize = 7;
pub const AT_ENTRY: usize = 9;
pub const AT_UID: usize = 11;
pub const AT_EUID: usize = 12;
pub const AT_GID: usize = 13;
pub const AT_EGID: usize = 14;
pub const AT_HWCAP: usize = 16;
pub const AT_SECURE: usize = 23;
pub const AT_RANDOM: usize = 25;
pub const AT_EXECFN: usize = 31;
pub const AT_SYSINFO_EHDR: usize = 33;

/// Where the auxiliary vector lives; set once at start-up.
static AUXV: AtomicPtr<usize> = AtomicPtr::new(core::ptr::null_mut());

/// Records the auxiliary vector (pairs of `type, value`, ended by `AT_NULL`).
///
/// # Safety
/// `auxv` must point at the kernel's auxiliary vector, or a copy of it that lives for ever.
pub unsafe fn init(auxv: *mut usize) {
    AUXV.store(auxv, Ordering::Relaxed);
}

/// Finds the auxiliary vector that follows `envp`'s terminating null.
///
/// # Safety
/// `envp` must be the environment array the kernel laid out on the initial stack.
pub unsafe fn after_envp(envp: *mut *mut u8) -> *mut usize {
    let mut p = envp;
    // SAFETY: the kernel ends envp with a null entry and places auxv right after it.
    unsafe {
        while !(*p).is_null() {
            p = p.add(1);
        }
        p.add(1) as *mut usize
    }
}

/// Looks `key` up in a given auxiliary vector.
///
/// # Safety
/// `auxv` must be null or a valid `AT_NULL`-terminated auxiliary vector.
pub unsafe fn lookup_in(auxv: *const usize, key: usize) -> Option<usize> {
    if auxv.is_null() {
        return None;
    }
    let mut p = auxv;
    // SAFETY: the vector is terminated by AT_NULL.
    unsafe {
        while *p != AT_NULL {
            if *p == key {
                return Some(*p.add(1));
            }
            p = p.add(2);
        }
    }
    None
}

/// The value of auxiliary vector entry `key`, if the kernel supplied it.
pub fn get(key: usize) -> Option<usize> {
    // SAFETY: AUXV is null or was set by `init` to the live vector.
    unsafe { lookup_in(AUXV.load(Ordering::Relaxed), key) }
}

/// `__getauxval(type)`—[`getauxval`] under the name musl also exports (libgcc's CPU feature
/// probes call it).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn __getauxval(key: core::ffi::c_ulong) -> core::ffi::c_ulong {
    getauxval(key)
}

/// `getauxval(type)`—Returns the auxiliary vector entry `type`, or 0 with errno `ENOENT`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn getauxval(key: core::ffi::c_ulong) -> core::ffi::c_ulong {
    match get(key as usize) {
        Some(v) => v as _,
        None => {
            crate::set_errno(crate::errno::ENOENT);
            0
        }
    }
}
