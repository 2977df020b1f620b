//! The C symbols this crate takes from other components, none of them a dependency of this
//! one:
//! - the allocator (a program's own `malloc` replaces it everywhere), which holds the paths
//!   handed out;
//! - limpet-locale's `mbrtowc`, which decodes patterns and names in the calling thread's
//!   locale (UTF-8, or the C locale's bytes);
//! - limpet-string's `strstr`, with which `regexec` skips to the places a literal prefix
//!   occurs, and `strnlen`, with which it measures only as much of a subject as it needs;
//! - limpet-posix's directory streams, which `glob` reads, and `pipe2`, which carries the
//!   shell's words back to `wordexp`;
//! - for `~` and `~user`: limpet-start's `getenv`, limpet-users' lookups and
//!   limpet-process's `getuid`;
//! - for `wordexp`'s shell: limpet-process's `posix_spawn` and `waitpid`, and
//!   limpet-start's `environ` (the C library's, so that an embedder's environment is the
//!   one passed on).
use core::ffi::{c_char, c_int, c_void};

use limpet_abi::dirent::Dirent;
use limpet_abi::pwd::{Passwd, uid_t};
use limpet_abi::spawn::{FileActions, SpawnAttr};
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

// limpet-string: the regex prefilter's substring search, and the measure of a subject's
// rest.
unsafe extern "C" {
    pub(crate) fn strstr(hay: *const c_char, needle: *const c_char) -> *mut c_char;
    pub(crate) fn strnlen(s: *const c_char, n: usize) -> usize;
}

// limpet-posix.
unsafe extern "C" {
    pub(crate) fn opendir(path: *const c_char) -> *mut Dir;
    pub(crate) fn readdir(d: *mut Dir) -> *mut Dirent;
    pub(crate) fn closedir(d: *mut Dir) -> c_int;
    pub(crate) fn pipe2(fds: *mut c_int, flags: c_int) -> c_int;
}

// limpet-start.
unsafe extern "C" {
    pub(crate) fn getenv(name: *const c_char) -> *mut c_char;
    pub(crate) static environ: *const *mut c_char;
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
    pub(crate) fn posix_spawn(
        pid: *mut c_int,
        path: *const c_char,
        actions: *const FileActions,
        attr: *const SpawnAttr,
        argv: *const *const c_char,
        envp: *const *mut c_char,
    ) -> c_int;
    pub(crate) fn posix_spawn_file_actions_init(fa: *mut FileActions) -> c_int;
    pub(crate) fn posix_spawn_file_actions_destroy(fa: *mut FileActions) -> c_int;
    pub(crate) fn posix_spawn_file_actions_adddup2(fa: *mut FileActions, fd: c_int, newfd: c_int) -> c_int;
    pub(crate) fn posix_spawn_file_actions_addopen(
        fa: *mut FileActions,
        fd: c_int,
        path: *const c_char,
        flags: c_int,
        mode: u32,
    ) -> c_int;
    pub(crate) fn waitpid(pid: c_int, status: *mut c_int, options: c_int) -> c_int;
}
