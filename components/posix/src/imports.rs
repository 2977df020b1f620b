//! The C symbols this crate takes from other components, none of which is a dependency of
//! this one. Each stays a C import so that the crate builds on its own and a program's own
//! definition interposes: the allocator above all, since `opendir`, `scandir` and
//! `get_current_dir_name` hand out (or take back) memory the program frees with its `free`.
use core::ffi::{c_char, c_int, c_void};

use crate::scandir::SortCmp;

// limpet-malloc: the allocator, through its C symbols so that a program's own malloc
// replaces it everywhere.
unsafe extern "C" {
    pub(crate) fn malloc(n: usize) -> *mut c_void;
    pub(crate) fn realloc(p: *mut c_void, n: usize) -> *mut c_void;
    pub(crate) fn free(p: *mut c_void);
}

// limpet-string: `getcwd` and `get_current_dir_name` copy names with `strdup` (memory from
// the allocator above), `alphasort` compares them with `strcoll` and `versionsort` with
// `strverscmp`.
unsafe extern "C" {
    pub(crate) fn strdup(s: *const c_char) -> *mut c_char;
    pub(crate) fn strcoll(a: *const c_char, b: *const c_char) -> c_int;
    pub(crate) fn strverscmp(a: *const c_char, b: *const c_char) -> c_int;
}

// limpet-stdlib: `scandir` sorts with `qsort`.
unsafe extern "C" {
    pub(crate) fn qsort(base: *mut c_void, n: usize, size: usize, cmp: Option<SortCmp>);
}
