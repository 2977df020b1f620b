//! `remove`: a file or an empty directory, unlinked.
use core::ffi::{c_char, c_int};

use limpet_syscall::errno::EISDIR;
use limpet_syscall::{nr, result, set_errno, syscall3};

use crate::abi::{AT_FDCWD, AT_REMOVEDIR};

/// `remove(path)`—Removes the file `path`, or the directory if it is one (and empty).
/// Returns 0, or -1 with errno set.
///
/// # Safety
/// `path` must be NUL-terminated.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn remove(path: *const c_char) -> c_int {
    let unlink = |flags: c_int| {
        // SAFETY: the caller vouches for `path`.
        result(unsafe { syscall3(nr::UNLINKAT, AT_FDCWD as usize, path as usize, flags as usize) })
    };
    let r = match unlink(0) {
        Err(EISDIR) => unlink(AT_REMOVEDIR),
        r => r,
    };
    match r {
        Ok(_) => 0,
        Err(e) => {
            set_errno(e);
            -1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::errno;
    use limpet_syscall::errno::ENOENT;

    #[test]
    fn removes_files_and_empty_directories() {
        let dir = std::env::temp_dir().join(format!("limpet-remove-{}", std::process::id()));
        std::fs::create_dir(&dir).unwrap();
        let file = dir.join("f");
        std::fs::write(&file, b"x").unwrap();
        let c = |p: &std::path::Path| std::ffi::CString::new(p.to_str().unwrap()).unwrap();
        unsafe {
            // Not empty yet.
            assert_eq!(remove(c(&dir).as_ptr()), -1);
            assert_eq!(remove(c(&file).as_ptr()), 0);
            assert!(!file.exists());
            assert_eq!(remove(c(&dir).as_ptr()), 0);
            assert!(!dir.exists());
            assert_eq!(remove(c(&dir).as_ptr()), -1);
            assert_eq!(errno(), ENOENT);
        }
    }
}
