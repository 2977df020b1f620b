//! The C symbols this crate takes from other components, none of them a dependency of this
//! one:
//! - the allocator (a program's own `malloc` replaces it everywhere), which holds the paths
//!   handed out;
//! - limpet-locale's `mbrtowc`, which decodes patterns and names in the calling thread's
//!   locale (UTF-8, or the C locale's bytes);
//! - limpet-posix's directory streams, which `glob` reads;
//! - for `~` and `~user`: limpet-start's `getenv`, limpet-users' lookups and
//!   limpet-process's `getuid`.
use core::ffi::{c_char, c_int, c_void};

use limpet_abi::dirent::Dirent;
use limpet_abi::pwd::{Passwd, uid_t};
use limpet_abi::wchar::{MbState, wchar_t};

/// A directory stream; only limpet-posix looks inside.
pub(crate) type Dir = c_void;

// limpet-malloc.
unsafe extern "C" {
    pub(crate) fn malloc(n: usize) -> *mut c_void;
    pub(crate) fn realloc(p: *mut c_void, n: usize) -> *mut c_void;
    pub(crate) fn free(p: *mut c_void);
}

// limpet-locale.
unsafe extern "C" {
    pub(crate) fn mbrtowc(wc: *mut wchar_t, s: *const c_char, n: usize, st: *mut MbState) -> usize;
}

// limpet-posix.
unsafe extern "C" {
    pub(crate) fn opendir(path: *const c_char) -> *mut Dir;
    pub(crate) fn readdir(d: *mut Dir) -> *mut Dirent;
    pub(crate) fn closedir(d: *mut Dir) -> c_int;
}

// limpet-start.
unsafe extern "C" {
    pub(crate) fn getenv(name: *const c_char) -> *mut c_char;
}

// limpet-users.
unsafe extern "C" {
    pub(crate) fn getpwnam_r(
        name: *const c_char,
        pw: *mut Passwd,
        buf: *mut c_char,
        size: usize,
        result: *mut *mut Passwd,
    ) -> c_int;
    pub(crate) fn getpwuid_r(uid: uid_t, pw: *mut Passwd, buf: *mut c_char, size: usize, result: *mut *mut Passwd) -> c_int;
}

// limpet-process.
unsafe extern "C" {
    pub(crate) fn getuid() -> uid_t;
}
