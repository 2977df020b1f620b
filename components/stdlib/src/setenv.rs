//! The functions that change the environment: `setenv`, `unsetenv`, `putenv`, `clearenv`
//! (the environment itself, `environ` and `getenv`, are limpet-start's).
//!
//! The program may point `environ` at an array of its own at any time. So, as in musl, the
//! array is changed in place where an entry is replaced or removed, and a new entry goes into
//! an array limpet allocated: the one it made last if `environ` still points there (grown with
//! `realloc`), otherwise a fresh copy of whatever `environ` holds. The strings `setenv` allocates
//! are remembered, so each is freed once nothing in the environment uses it any more.
use core::ffi::{c_char, c_int};
use core::ptr;

use limpet_start::env::{environ, getenv, match_entry};
use limpet_syscall::{errno, set_errno};

use crate::imports::{free, malloc, realloc};

/// The environment array limpet allocated last (null before the first new entry).
static mut OWN_ARRAY: *mut *mut c_char = ptr::null_mut();
/// The strings `setenv` allocated that may still be in the environment: a malloc'd array of
/// `OWNED_CAP` slots, null slots free.
static mut OWNED: *mut *mut c_char = ptr::null_mut();
static mut OWNED_CAP: usize = 0;

/// The length of a NUL-terminated string.
///
/// # Safety
/// `s` must be NUL-terminated.
unsafe fn c_len(s: *const c_char) -> usize {
    let mut n = 0;
    // SAFETY: the loop stops at the terminator.
    while unsafe { *s.add(n) } != 0 {
        n += 1;
    }
    n
}

/// The length of the name in `s`, which ends at the first `=` or the NUL; and whether an `=`
/// follows it.
///
/// # Safety
/// `s` must be NUL-terminated.
unsafe fn name_len(s: *const c_char) -> (usize, bool) {
    let mut n = 0;
    // SAFETY: the loop stops at the terminator.
    unsafe {
        while *s.add(n) != 0 && *s.add(n) != b'=' as c_char {
            n += 1;
        }
        (n, *s.add(n) != 0)
    }
}

/// Frees `s` if `setenv` allocated it; `s` has just left the environment.
///
/// # Safety
/// The environment's bookkeeping must not be in use concurrently.
unsafe fn release(s: *mut c_char) {
    // SAFETY: OWNED has OWNED_CAP slots; the caller serialises access.
    unsafe {
        for k in 0..OWNED_CAP {
            if *OWNED.add(k) == s {
                *OWNED.add(k) = ptr::null_mut();
                free(s.cast());
                return;
            }
        }
    }
}

/// Remembers that `setenv` allocated `s`; false when out of memory.
///
/// # Safety
/// As for [`release`].
unsafe fn remember(s: *mut c_char) -> bool {
    // SAFETY: OWNED has OWNED_CAP slots; the caller serialises access.
    unsafe {
        for k in 0..OWNED_CAP {
            if (*OWNED.add(k)).is_null() {
                *OWNED.add(k) = s;
                return true;
            }
        }
        let cap = 2 * OWNED_CAP + 8;
        let grown = realloc(OWNED.cast(), cap * size_of::<*mut c_char>()) as *mut *mut c_char;
        if grown.is_null() {
            return false;
        }
        for k in OWNED_CAP..cap {
            *grown.add(k) = ptr::null_mut();
        }
        *grown.add(OWNED_CAP) = s;
        (OWNED, OWNED_CAP) = (grown, cap);
        true
    }
}

/// Puts `entry` (`name=value`, the name `len` bytes long) into the environment, replacing the
/// first entry of that name; -1 with ENOMEM when a new array cannot be allocated.
///
/// # Safety
/// `entry` must be NUL-terminated and stay valid while it is in the environment.
unsafe fn put(entry: *mut c_char, len: usize) -> c_int {
    // SAFETY: `environ` is null or a NULL-terminated array (the program's or ours).
    unsafe {
        let mut n = 0;
        let env = environ;
        if !env.is_null() {
            while !(*env.add(n)).is_null() {
                let old = *env.add(n);
                if match_entry(old, entry, len).is_some() {
                    *env.add(n) = entry;
                    release(old);
                    return 0;
                }
                n += 1;
            }
        }
        let bytes = (n + 2) * size_of::<*mut c_char>();
        let new = if !env.is_null() && env == OWN_ARRAY {
            realloc(env.cast(), bytes) as *mut *mut c_char
        } else {
            let a = malloc(bytes) as *mut *mut c_char;
            if !a.is_null() && n > 0 {
                ptr::copy_nonoverlapping(env, a, n);
            }
            a
        };
        if new.is_null() {
            set_errno(errno::ENOMEM);
            return -1;
        }
        *new.add(n) = entry;
        *new.add(n + 1) = ptr::null_mut();
        // The array the program gave us is its own; only ours is ever freed (by realloc).
        OWN_ARRAY = new;
        environ = new;
        0
    }
}

/// `setenv(name, value, overwrite)`—Sets `name` to a copy of `name=value`, unless `name`
/// is set already and `overwrite` is 0. 0 on success; -1 with EINVAL for a null or empty name
/// or one containing `=`, or with ENOMEM.
///
/// # Safety
/// `name` and `value` must be NUL-terminated; no other thread may use the environment.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn setenv(name: *const c_char, value: *const c_char, overwrite: c_int) -> c_int {
    // SAFETY: the caller's strings are NUL-terminated; we write within the new allocation.
    unsafe {
        if name.is_null() {
            set_errno(errno::EINVAL);
            return -1;
        }
        let (len, has_eq) = name_len(name);
        if len == 0 || has_eq {
            set_errno(errno::EINVAL);
            return -1;
        }
        if overwrite == 0 && !getenv(name).is_null() {
            return 0;
        }
        let vlen = c_len(value);
        let s = malloc(len + vlen + 2) as *mut c_char;
        if s.is_null() {
            set_errno(errno::ENOMEM);
            return -1;
        }
        ptr::copy_nonoverlapping(name, s, len);
        *s.add(len) = b'=' as c_char;
        ptr::copy_nonoverlapping(value, s.add(len + 1), vlen + 1);
        if !remember(s) {
            free(s.cast());
            set_errno(errno::ENOMEM);
            return -1;
        }
        if put(s, len) != 0 {
            release(s);
            return -1;
        }
        0
    }
}

/// `unsetenv(name)`—Removes every entry named `name`. 0 on success (also when there is none);
/// -1 with EINVAL for a null or empty name or one containing `=`.
///
/// # Safety
/// `name` must be NUL-terminated; no other thread may use the environment.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn unsetenv(name: *const c_char) -> c_int {
    // SAFETY: `environ` is null or NULL-terminated; entries move down within it.
    unsafe {
        if name.is_null() {
            set_errno(errno::EINVAL);
            return -1;
        }
        let (len, has_eq) = name_len(name);
        if len == 0 || has_eq {
            set_errno(errno::EINVAL);
            return -1;
        }
        let env = environ;
        if env.is_null() {
            return 0;
        }
        let (mut from, mut to) = (0, 0);
        while !(*env.add(from)).is_null() {
            let e = *env.add(from);
            if match_entry(e, name, len).is_some() {
                release(e);
            } else {
                *env.add(to) = e;
                to += 1;
            }
            from += 1;
        }
        *env.add(to) = ptr::null_mut();
        0
    }
}

/// `putenv(s)`—Makes the string `s` (`name=value`) itself an entry of the environment,
/// replacing one of the same name; later changes to `s` change the environment. A string
/// without `=` removes that name instead, as in musl. 0 on success; -1 with EINVAL for an empty
/// name, or with ENOMEM.
///
/// # Safety
/// `s` must be NUL-terminated and stay valid while it is in the environment; no other thread
/// may use the environment.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn putenv(s: *mut c_char) -> c_int {
    // SAFETY: the caller's contract.
    unsafe {
        let (len, has_eq) = name_len(s);
        if len == 0 || !has_eq {
            return unsetenv(s);
        }
        put(s, len)
    }
}

/// `clearenv()`—Empties the environment: `environ` becomes NULL. Always 0.
///
/// # Safety
/// No other thread may use the environment.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn clearenv() -> c_int {
    // SAFETY: `environ` is null or NULL-terminated.
    unsafe {
        let env = environ;
        environ = ptr::null_mut();
        if !env.is_null() {
            let mut k = 0;
            while !(*env.add(k)).is_null() {
                release(*env.add(k));
                k += 1;
            }
        }
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::ffi::CStr;
    use std::sync::Mutex;

    /// The environment is process-wide; tests that touch it take turns.
    static ENV: Mutex<()> = Mutex::new(());

    fn get(n: &CStr) -> Option<String> {
        let p = unsafe { getenv(n.as_ptr()) };
        (!p.is_null()).then(|| unsafe { CStr::from_ptr(p) }.to_str().unwrap().to_owned())
    }

    fn all() -> Vec<String> {
        let mut v = Vec::new();
        unsafe {
            let mut e = environ;
            while !e.is_null() && !(*e).is_null() {
                v.push(CStr::from_ptr(*e).to_str().unwrap().to_owned());
                e = e.add(1);
            }
        }
        v
    }

    fn errno() -> i32 {
        limpet_syscall::errno()
    }

    #[test]
    fn set_unset_put_clear() {
        let _g = ENV.lock().unwrap();
        let mut program = [c"A=1".as_ptr() as *mut c_char, c"B=2".as_ptr() as *mut c_char, ptr::null_mut()];
        unsafe {
            environ = program.as_mut_ptr();
            // Replacing happens in the program's own array.
            assert_eq!(setenv(c"A".as_ptr(), c"x".as_ptr(), 1), 0);
            let cur = environ;
            assert_eq!(cur, program.as_mut_ptr());
            assert_eq!(get(c"A").as_deref(), Some("x"));
            assert_eq!(setenv(c"A".as_ptr(), c"y".as_ptr(), 0), 0);
            assert_eq!(get(c"A").as_deref(), Some("x"));
            // A new name needs a new array, a copy.
            assert_eq!(setenv(c"C".as_ptr(), c"3".as_ptr(), 0), 0);
            let cur = environ;
            assert_ne!(cur, program.as_mut_ptr());
            assert_eq!(all(), ["A=x", "B=2", "C=3"]);
            for bad in [c"", c"D=E"] {
                limpet_syscall::set_errno(0);
                assert_eq!(setenv(bad.as_ptr(), c"v".as_ptr(), 1), -1);
                assert_eq!(errno(), errno::EINVAL);
                assert_eq!(unsetenv(bad.as_ptr()), -1);
            }
            assert_eq!(setenv(ptr::null(), c"v".as_ptr(), 1), -1);
            let mut mine = *b"B=mine\0";
            let mine = mine.as_mut_ptr();
            assert_eq!(putenv(mine.cast()), 0);
            *mine.add(2) = b'M';
            assert_eq!(get(c"B").as_deref(), Some("Mine"));
            assert_eq!(putenv(c"A".as_ptr() as *mut c_char), 0);
            assert_eq!(all(), ["B=Mine", "C=3"]);
            assert_eq!(putenv(c"=x".as_ptr() as *mut c_char), -1);
            for i in 0..100 {
                let name = std::ffi::CString::new(format!("V{i}")).unwrap();
                assert_eq!(setenv(name.as_ptr(), c"v".as_ptr(), 1), 0);
            }
            assert_eq!(all().len(), 102);
            assert_eq!(unsetenv(c"V50".as_ptr()), 0);
            assert_eq!(unsetenv(c"nothing".as_ptr()), 0);
            assert_eq!(all().len(), 101);
            assert_eq!(clearenv(), 0);
            assert!(environ.is_null());
            assert_eq!(get(c"C"), None);
            assert_eq!(unsetenv(c"C".as_ptr()), 0);
            assert_eq!(setenv(c"Z".as_ptr(), c"26".as_ptr(), 0), 0);
            assert_eq!(all(), ["Z=26"]);
            assert_eq!(get(c"Z").as_deref(), Some("26"));
            assert_eq!(limpet_start::env::secure_getenv(c"Z".as_ptr()).is_null(), false);
        }
    }
}
