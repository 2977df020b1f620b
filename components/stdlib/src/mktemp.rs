//! Temporary names: `mkstemp`, `mkostemp`, `mkstemps`, `mkostemps` (and their `64` names),
//! `mkdtemp` and `mktemp`. The six `X`s of the template become random letters and digits;
//! a name already taken is retried with new ones.
use core::ffi::{c_char, c_int};

use limpet_abi::fcntl::{AT_FDCWD, O_ACCMODE, O_CREAT, O_EXCL, O_RDWR};
use limpet_syscall::{errno, nr, result, set_errno, syscall3, syscall4};

/// Attempts before giving up with EEXIST.
const TRIES: usize = 100;
const ALPHABET: &[u8; 62] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/// Six random characters, from the kernel's generator; from the clock mixed with a counter
/// when that is unavailable.
fn random_chars() -> [u8; 6] {
    let mut bytes = [0u8; 8];
    // SAFETY: getrandom writes at most 8 bytes into `bytes`; GRND_NONBLOCK (1) never waits.
    let ok = unsafe { syscall3(nr::GETRANDOM, bytes.as_mut_ptr() as usize, bytes.len(), 1) } == bytes.len();
    let mut x = u64::from_ne_bytes(bytes);
    if !ok {
        use core::sync::atomic::{AtomicU64, Ordering};
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let mut ts = [0i64; 2];
        // SAFETY: clock_gettime(CLOCK_MONOTONIC) writes one timespec.
        unsafe { limpet_syscall::syscall2(nr::CLOCK_GETTIME, 1, ts.as_mut_ptr() as usize) };
        x = (ts[0] as u64).rotate_left(32) ^ ts[1] as u64 ^ COUNTER.fetch_add(0x9E37_79B9_7F4A_7C15, Ordering::Relaxed);
        // splitmix64's finaliser spreads the few changing bits over the word.
        x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        x ^= x >> 31;
    }
    core::array::from_fn(|i| ALPHABET[((x >> (8 * i)) % 62) as usize])
}

/// The six `X`s in `template`, before a suffix of `suffix` bytes; None (EINVAL) when they
/// are not there.
///
/// # Safety
/// `template` must be NUL-terminated.
unsafe fn xs(template: *mut c_char, suffix: c_int) -> Option<*mut u8> {
    // SAFETY: the caller's NUL-terminated string.
    let len = unsafe { core::ffi::CStr::from_ptr(template) }.count_bytes();
    let suffix = usize::try_from(suffix).ok();
    match suffix {
        Some(s) if len >= 6 + s => {
            let p = template.wrapping_add(len - s - 6) as *mut u8;
            // SAFETY: the six bytes are inside the string.
            if unsafe { core::slice::from_raw_parts(p, 6) } == b"XXXXXX" {
                return Some(p);
            }
        }
        _ => {}
    }
    set_errno(errno::EINVAL);
    None
}

/// Tries random names in `template` with `create` (a raw syscall: a value or `-errno`) until
/// one is not taken: the value, or -1 with errno and the `X`s restored.
///
/// # Safety
/// `template` must be writable and NUL-terminated.
unsafe fn retry(template: *mut c_char, suffix: c_int, mut create: impl FnMut(*const c_char) -> usize) -> c_int {
    // SAFETY: `xs` checked the six bytes are inside the caller's writable string.
    unsafe {
        let Some(p) = xs(template, suffix) else { return -1 };
        for _ in 0..TRIES {
            core::ptr::copy_nonoverlapping(random_chars().as_ptr(), p, 6);
            match result(create(template)) {
                Ok(v) => return v as c_int,
                Err(errno::EEXIST) => continue,
                Err(e) => {
                    core::ptr::copy_nonoverlapping(b"XXXXXX".as_ptr(), p, 6);
                    set_errno(e);
                    return -1;
                }
            }
        }
        core::ptr::copy_nonoverlapping(b"XXXXXX".as_ptr(), p, 6);
        set_errno(errno::EEXIST);
        -1
    }
}

/// `mkostemps(template, suffixlen, flags)`—Replaces the six `X`s before the last `suffixlen`
/// bytes of `template` to name a new file, creates it (mode 0600, opened read-write with
/// `flags` added, e.g. `O_CLOEXEC`) and returns its descriptor. -1 with EINVAL for a bad
/// template, EEXIST when no free name was found, or the `open` error.
///
/// # Safety
/// `template` must be a writable NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn mkostemps(template: *mut c_char, suffixlen: c_int, flags: c_int) -> c_int {
    // The access mode is always read-write, whatever the caller's flags say.
    let flags = ((flags & !O_ACCMODE) | O_RDWR | O_CREAT | O_EXCL) as usize;
    // SAFETY: openat with the caller's NUL-terminated path.
    unsafe { retry(template, suffixlen, |t| syscall4(nr::OPENAT, AT_FDCWD as usize, t as usize, flags, 0o600)) }
}

/// `mkstemp(template)`—[`mkostemps`] with no suffix and no extra flags.
///
/// # Safety
/// `template` must be a writable NUL-terminated string ending in `XXXXXX`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn mkstemp(template: *mut c_char) -> c_int {
    // SAFETY: the caller's contract.
    unsafe { mkostemps(template, 0, 0) }
}

/// `mkostemp(template, flags)`—[`mkostemps`] with no suffix.
///
/// # Safety
/// As for [`mkstemp`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn mkostemp(template: *mut c_char, flags: c_int) -> c_int {
    // SAFETY: the caller's contract.
    unsafe { mkostemps(template, 0, flags) }
}

/// `mkstemps(template, suffixlen)`—[`mkostemps`] with no extra flags.
///
/// # Safety
/// As for [`mkostemps`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn mkstemps(template: *mut c_char, suffixlen: c_int) -> c_int {
    // SAFETY: the caller's contract.
    unsafe { mkostemps(template, suffixlen, 0) }
}

macro_rules! lfs64 {
    ($($name:ident => $base:ident($($arg:ident: $ty:ty),*);)+) => {$(
        #[doc = concat!("`", stringify!($name), "`—The large-file name of [`", stringify!($base), "`] (files are always large here).")]
        ///
        /// # Safety
        #[doc = concat!("As for [`", stringify!($base), "`].")]
        #[cfg_attr(feature = "export", unsafe(no_mangle))]
        pub unsafe extern "C" fn $name(template: *mut c_char, $($arg: $ty),*) -> c_int {
            // SAFETY: the caller's contract.
            unsafe { $base(template, $($arg),*) }
        }
    )+};
}

lfs64! {
    mkstemp64 => mkstemp();
    mkostemp64 => mkostemp(flags: c_int);
    mkstemps64 => mkstemps(suffixlen: c_int);
    mkostemps64 => mkostemps(suffixlen: c_int, flags: c_int);
}

/// `mkdtemp(template)`—Replaces the six trailing `X`s of `template` to name a new directory,
/// creates it with mode 0700, and returns `template`; NULL with errno (EINVAL for a bad
/// template) on failure.
///
/// # Safety
/// `template` must be a writable NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn mkdtemp(template: *mut c_char) -> *mut c_char {
    // SAFETY: mkdirat with the caller's NUL-terminated path.
    let r = unsafe { retry(template, 0, |t| syscall3(nr::MKDIRAT, AT_FDCWD as usize, t as usize, 0o700)) };
    if r < 0 { core::ptr::null_mut() } else { template }
}

/// `mktemp(template)`—Replaces the six trailing `X`s of `template` with a name that does not
/// exist now, and returns `template`. Another process may take the name before it is used,
/// so this is unsafe to rely on; on failure (errno set) `template` becomes the empty string.
///
/// # Safety
/// `template` must be a writable NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn mktemp(template: *mut c_char) -> *mut c_char {
    let mut st = core::mem::MaybeUninit::<limpet_abi::stat::Stat>::uninit();
    // SAFETY: the kernel fills a struct stat; the path is the caller's string. A name that
    // exists is reported as EEXIST so `retry` tries another; ENOENT is success.
    let r = unsafe {
        retry(template, 0, |t| {
            let ret = syscall4(nr::NEWFSTATAT, AT_FDCWD as usize, t as usize, st.as_mut_ptr() as usize, 0);
            match result(ret) {
                Ok(_) => (-(errno::EEXIST as isize)) as usize,
                Err(errno::ENOENT) => 0,
                Err(_) => ret,
            }
        })
    };
    if r < 0 {
        // SAFETY: the template is writable and at least one byte long.
        unsafe { *template = 0 };
    }
    template
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::ffi::CStr;

    #[test]
    fn creates_unique_files_and_directories() {
        let mut names = std::collections::HashSet::new();
        for _ in 0..20 {
            let mut t = *b"/tmp/limpet-stdlib-XXXXXX.txt\0";
            // O_WRONLY is overridden: the file is always opened read-write.
            let fd = unsafe { mkostemps(t.as_mut_ptr().cast(), 4, 0o2000000 | 1) };
            assert!(fd >= 0);
            let name = CStr::from_bytes_until_nul(&t).unwrap().to_str().unwrap().to_owned();
            assert!(name.ends_with(".txt") && !name.contains("XXXXXX"));
            let meta = std::fs::metadata(&name).unwrap();
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(meta.permissions().mode() & 0o777, 0o600);
            std::fs::remove_file(&name).unwrap();
            unsafe extern "C" {
                fn close(fd: c_int) -> c_int;
            }
            unsafe { close(fd) };
            assert!(names.insert(name));
        }
        let mut d = *b"/tmp/limpet-stdlib-dXXXXXX\0";
        let p = unsafe { mkdtemp(d.as_mut_ptr().cast()) };
        assert_eq!(p, d.as_mut_ptr().cast());
        let name = CStr::from_bytes_until_nul(&d).unwrap().to_str().unwrap().to_owned();
        assert!(std::fs::metadata(&name).unwrap().is_dir());
        std::fs::remove_dir(&name).unwrap();
        let mut m = *b"/tmp/limpet-stdlib-mXXXXXX\0";
        unsafe { mktemp(m.as_mut_ptr().cast()) };
        assert!(!m.starts_with(b"/tmp/limpet-stdlib-mXXXXXX") && m[0] == b'/');
        for bad in [&b"/tmp/abcXXXXX\0"[..], b"XXXXX\0"] {
            let mut b = bad.to_vec();
            assert_eq!(unsafe { mkstemp(b.as_mut_ptr().cast()) }, -1);
            assert!(unsafe { mkdtemp(b.as_mut_ptr().cast()) }.is_null());
        }
        let mut missing = *b"/nonexistent-dir/fXXXXXX\0";
        assert_eq!(unsafe { mkstemp(missing.as_mut_ptr().cast()) }, -1);
        assert_eq!(&missing, b"/nonexistent-dir/fXXXXXX\0");
    }
}
