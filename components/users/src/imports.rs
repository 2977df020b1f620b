//! The C symbols this crate takes from other components, none of them a dependency of this
//! one: limpet-stdio's streams, through which the databases are read (`fopen`, `getline`)
//! and written (`putpwent`, `putgrent`); the allocator (a program's own `malloc` replaces
//! it everywhere), which holds the lines and the static records; limpet-process's
//! `setgroups`, which `initgroups` ends with; limpet-start's `getenv` (a dependency,
//! but called by its C name, so that a test reads the host's environment); and
//! limpet-string's `memmem`, with which `getgrouplist` passes over the lines that do not
//! name its user.
use core::ffi::{c_char, c_int, c_void};

use limpet_abi::pwd::gid_t;

/// A stdio stream; only limpet-stdio looks inside.
pub(crate) type File = c_void;

// limpet-stdio.
unsafe extern "C" {
    pub(crate) fn fopen(path: *const c_char, mode: *const c_char) -> *mut File;
    pub(crate) fn fdopen(fd: c_int, mode: *const c_char) -> *mut File;
    pub(crate) fn fclose(f: *mut File) -> c_int;
    pub(crate) fn getline(line: *mut *mut c_char, cap: *mut usize, f: *mut File) -> isize;
    pub(crate) fn ferror(f: *mut File) -> c_int;
    pub(crate) fn rewind(f: *mut File);
    pub(crate) fn fseek(f: *mut File, offset: core::ffi::c_long, whence: c_int) -> c_int;
    pub(crate) fn fputs(s: *const c_char, f: *mut File) -> c_int;
    pub(crate) fn fwrite(p: *const c_void, size: usize, n: usize, f: *mut File) -> usize;
    pub(crate) fn flockfile(f: *mut File);
    pub(crate) fn funlockfile(f: *mut File);
}

// limpet-string.
unsafe extern "C" {
    pub(crate) fn memmem(hay: *const c_void, hay_len: usize, needle: *const c_void, needle_len: usize) -> *mut c_void;
}

// limpet-malloc.
unsafe extern "C" {
    pub(crate) fn malloc(n: usize) -> *mut c_void;
    pub(crate) fn realloc(p: *mut c_void, n: usize) -> *mut c_void;
    pub(crate) fn free(p: *mut c_void);
}

// limpet-start: `getlogin` is the environment's `LOGNAME`.
unsafe extern "C" {
    pub(crate) fn getenv(name: *const c_char) -> *mut c_char;
}

// limpet-process.
unsafe extern "C" {
    pub(crate) fn setgroups(size: usize, list: *const gid_t) -> c_int;
}
