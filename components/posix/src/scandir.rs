//! `scandir`, `alphasort`, `versionsort`.
use core::ffi::{c_char, c_int, c_void};

use limpet_syscall::errno::ENOMEM;
use limpet_syscall::{errno, set_errno};

use crate::abi::Dirent;
use crate::dir::{closedir, opendir, readdir};
use crate::imports::{free, malloc, qsort, realloc, strcoll, strverscmp};

/// The comparison `scandir` takes, which `qsort` also accepts for an array of entry pointers.
pub type Cmp = unsafe extern "C" fn(*mut *const Dirent, *mut *const Dirent) -> c_int;
pub(crate) type SortCmp = unsafe extern "C" fn(*const c_void, *const c_void) -> c_int;
/// The filter `scandir` takes.
pub type Filter = unsafe extern "C" fn(*const Dirent) -> c_int;

/// `scandir(path, list, filter, cmp)`—Reads the directory `path`, keeps the entries for which
/// `filter` (if given) returns nonzero, sorts them with `cmp` (if given) through `qsort`, and
/// stores in `*list` a `malloc`ed array of `malloc`ed entries. Returns how many, or -1 with
/// errno set (nothing is then allocated).
///
/// # Safety
/// `path` must be NUL-terminated, `list` valid for writes, and the callbacks safe to call on
/// entries.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn scandir(
    path: *const c_char,
    list: *mut *mut *mut Dirent,
    filter: Option<Filter>,
    cmp: Option<Cmp>,
) -> c_int {
    // SAFETY: forwarded contract.
    let d = unsafe { opendir(path) };
    if d.is_null() {
        return -1;
    }
    let saved = errno();
    // readdir says "end" and "error" both with null; errno, cleared here, tells them apart.
    set_errno(0);
    let mut names: *mut *mut Dirent = core::ptr::null_mut();
    let (mut len, mut cap) = (0usize, 0usize);
    loop {
        // SAFETY: `d` is our live stream.
        let de = unsafe { readdir(d) };
        if de.is_null() {
            break;
        }
        // SAFETY: the filter gets a valid entry, as its contract asks.
        if let Some(f) = filter
            && unsafe { f(de) } == 0
        {
            continue;
        }
        if len == cap {
            cap = if cap == 0 { 32 } else { cap * 2 };
            let bytes = match cap.checked_mul(core::mem::size_of::<*mut Dirent>()) {
                Some(b) if b <= c_int::MAX as usize => b,
                _ => {
                    set_errno(ENOMEM);
                    break;
                }
            };
            // SAFETY: `names` is null or our own allocation.
            let grown = unsafe { realloc(names.cast(), bytes) };
            if grown.is_null() {
                break;
            }
            names = grown.cast();
        }
        // SAFETY: `de` is a whole record of d_reclen bytes.
        let copy = unsafe {
            let n = (*de).d_reclen as usize;
            let c = malloc(n);
            if !c.is_null() {
                core::ptr::copy_nonoverlapping(de as *const u8, c as *mut u8, n);
            }
            c
        };
        if copy.is_null() {
            break;
        }
        // SAFETY: `len < cap`, the array's size.
        unsafe { *names.add(len) = copy.cast() };
        len += 1;
    }
    // SAFETY: `d` is ours and not used again.
    unsafe { closedir(d) };
    let e = errno();
    if e != 0 {
        for i in 0..len {
            // SAFETY: each element is one of our allocations.
            unsafe { free((*names.add(i)).cast()) };
        }
        // SAFETY: null or our allocation.
        unsafe { free(names.cast()) };
        set_errno(e);
        return -1;
    }
    set_errno(saved);
    if let Some(c) = cmp {
        // SAFETY: qsort passes pointers to the array's elements, which is what a `Cmp` takes;
        // the two function types differ only in how they name those pointers.
        let c: SortCmp = unsafe { core::mem::transmute::<Cmp, SortCmp>(c) };
        // SAFETY: `names` holds `len` pointers.
        unsafe {
            qsort(
                names.cast(),
                len,
                core::mem::size_of::<*mut Dirent>(),
                Some(c),
            )
        };
    }
    // SAFETY: the caller vouches for `list`.
    unsafe { *list = names };
    len as c_int
}

/// `alphasort(a, b)`—Orders two entries by name in the locale's collation (`strcoll`).
///
/// # Safety
/// Both must point to pointers to valid entries.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn alphasort(a: *mut *const Dirent, b: *mut *const Dirent) -> c_int {
    // SAFETY: the caller passes valid entries, whose names are NUL-terminated.
    unsafe { strcoll((**a).d_name.as_ptr(), (**b).d_name.as_ptr()) }
}

/// `versionsort(a, b)`—Orders two entries by name as `strverscmp` does, so that numbers inside
/// names compare by value ("file9" before "file10").
///
/// # Safety
/// Both must point to pointers to valid entries.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn versionsort(a: *mut *const Dirent, b: *mut *const Dirent) -> c_int {
    // SAFETY: the caller passes valid entries, whose names are NUL-terminated.
    unsafe { strverscmp((**a).d_name.as_ptr(), (**b).d_name.as_ptr()) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{TempDir, errno};
    use std::ffi::CStr;

    fn names(list: *mut *mut Dirent, n: c_int) -> Vec<String> {
        let mut v = Vec::new();
        for i in 0..n as usize {
            let e = unsafe { *list.add(i) };
            v.push(
                unsafe { CStr::from_ptr((*e).d_name.as_ptr()) }
                    .to_str()
                    .unwrap()
                    .to_owned(),
            );
            unsafe { free(e.cast()) };
        }
        unsafe { free(list.cast()) };
        v
    }

    unsafe extern "C" fn no_dots(de: *const Dirent) -> c_int {
        (unsafe { (*de).d_name[0] } != b'.' as c_char) as c_int
    }

    #[test]
    fn scans_filters_and_sorts() {
        let d = TempDir::new();
        let files = ["b10", "b9", "a", "b1", "c", ".hidden"];
        for f in files {
            std::fs::write(d.path().join(f), b"").unwrap();
        }
        let mut list = core::ptr::null_mut();
        let n = unsafe { scandir(d.c("").as_ptr(), &mut list, Some(no_dots), Some(alphasort)) };
        assert_eq!(n, 5);
        assert_eq!(names(list, n), ["a", "b1", "b10", "b9", "c"]);
        let n = unsafe {
            scandir(
                d.c("").as_ptr(),
                &mut list,
                Some(no_dots),
                Some(versionsort),
            )
        };
        assert_eq!(names(list, n), ["a", "b1", "b9", "b10", "c"]);
        let n = unsafe { scandir(d.c("").as_ptr(), &mut list, None, None) };
        assert_eq!(n, 8);
        let mut all = names(list, n);
        all.sort();
        assert_eq!(all, [".", "..", ".hidden", "a", "b1", "b10", "b9", "c"]);
        assert_eq!(
            unsafe { scandir(d.c("none").as_ptr(), &mut list, None, None) },
            -1
        );
        assert_eq!(errno(), limpet_syscall::errno::ENOENT);
    }
}
