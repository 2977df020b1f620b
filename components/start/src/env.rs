//! The environment (`environ` and its aliases), the program name, `getenv` and
//! `secure_getenv`. The functions that change the environment, which allocate, are
//! limpet-stdlib's (`setenv`, `unsetenv`, `putenv`, `clearenv`).
use core::ffi::c_char;
use core::ptr;

/// `extern char **environ`—The environment. musl also exports it as `__environ`,
/// `_environ` and `___environ`; those are ELF aliases of this object (below), so a copy
/// relocation of any one name moves them all.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub static mut environ: *mut *mut c_char = ptr::null_mut();

/// `extern char *__progname_full`—`argv[0]` (also `program_invocation_name`).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub static mut __progname_full: *mut c_char = ptr::null_mut();

/// `extern char *__progname`—`argv[0]` after its last `/` (also
/// `program_invocation_short_name`).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub static mut __progname: *mut c_char = ptr::null_mut();

limpet_syscall::object_alias!("__environ", "_environ", "___environ" => "environ", 8);
limpet_syscall::object_alias!("program_invocation_name" => "__progname_full", 8);
limpet_syscall::object_alias!("program_invocation_short_name" => "__progname", 8);

/// Records the environment and the program name.
///
/// # Safety
/// Start-up only; `envp` and `argv0` (if non-null) must live for the whole process.
pub unsafe fn init(envp: *mut *mut c_char, argv0: *mut c_char) {
    // SAFETY: single-threaded start-up; the strings are the kernel's.
    unsafe {
        environ = envp;
        __progname_full = argv0;
        __progname = argv0;
        if !argv0.is_null() {
            let mut p = argv0;
            while *p != 0 {
                if *p == b'/' as c_char {
                    __progname = p.add(1);
                }
                p = p.add(1);
            }
        }
    }
}

/// Whether environment entry `entry` is `name=...`; returns the value's start.
///
/// # Safety
/// Both must be NUL-terminated; `name` has length `len` and no `=`.
pub unsafe fn match_entry(entry: *const c_char, name: *const c_char, len: usize) -> Option<*mut c_char> {
    // SAFETY: we compare at most `len` bytes, stopping at the first difference (a NUL in
    // `entry` differs from every byte of `name`).
    unsafe {
        for i in 0..len {
            if *entry.add(i) != *name.add(i) {
                return None;
            }
        }
        (*entry.add(len) == b'=' as c_char).then(|| entry.add(len + 1) as *mut c_char)
    }
}

/// `getenv(name)`—The value of environment variable `name`, or NULL. As in musl, a name
/// that is empty or contains `=` matches nothing.
///
/// # Safety
/// `name` must be NUL-terminated; the environment must not change concurrently.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getenv(name: *const c_char) -> *mut c_char {
    // SAFETY: `name` is NUL-terminated, `environ` is a NULL-terminated array.
    unsafe {
        let mut len = 0;
        while *name.add(len) != 0 {
            if *name.add(len) == b'=' as c_char {
                return ptr::null_mut();
            }
            len += 1;
        }
        let mut e = environ;
        if len == 0 || e.is_null() {
            return ptr::null_mut();
        }
        while !(*e).is_null() {
            if let Some(v) = match_entry(*e, name, len) {
                return v;
            }
            e = e.add(1);
        }
        ptr::null_mut()
    }
}

/// `secure_getenv(name)`—[`getenv`], except that it returns NULL when the program runs with
/// elevated privileges (the kernel's `AT_SECURE`: set-user-ID and the like).
///
/// # Safety
/// As for [`getenv`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn secure_getenv(name: *const c_char) -> *mut c_char {
    if limpet_syscall::auxv::get(limpet_syscall::auxv::AT_SECURE).is_some_and(|v| v != 0) {
        return ptr::null_mut();
    }
    // SAFETY: the caller's contract.
    unsafe { getenv(name) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn getenv_finds_exact_names_only() {
                let mut env = [
            c"PATH=/bin".as_ptr() as *mut c_char,
            c"PAT=x".as_ptr() as *mut c_char,
            c"EMPTY=".as_ptr() as *mut c_char,
            ptr::null_mut(),
        ];
        unsafe {
            init(env.as_mut_ptr(), c"/usr/bin/prog".as_ptr() as *mut c_char);
            let get = |n: &core::ffi::CStr| {
                let p = getenv(n.as_ptr());
                (!p.is_null()).then(|| core::ffi::CStr::from_ptr(p).to_str().unwrap().to_owned())
            };
            assert_eq!(get(c"PATH").as_deref(), Some("/bin"));
            assert_eq!(get(c"PAT").as_deref(), Some("x"));
            assert_eq!(get(c"PA"), None);
            assert_eq!(get(c"EMPTY").as_deref(), Some(""));
            assert_eq!(get(c""), None);
            assert_eq!(get(c"PATH=/bin"), None);
            assert_eq!(core::ffi::CStr::from_ptr(__progname).to_str().unwrap(), "prog");
        }
    }
}
