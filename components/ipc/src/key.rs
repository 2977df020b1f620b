//! `ftok`.
use core::ffi::{c_char, c_int};

use limpet_abi::ipc::key_t;
use limpet_abi::stat::Stat;

/// `ftok(path, id)`—An IPC key made from the file `path` and the low 8 bits of `id`: `id`'s
/// byte, then the low byte of the file's device and the low 16 bits of its inode, as musl
/// and glibc make it (so programs on both agree on a key). -1 with errno when `path` cannot
/// be examined.
///
/// # Safety
/// `path` must be a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn ftok(path: *const c_char, id: c_int) -> key_t {
    let mut st = Stat::default();
    // SAFETY: the caller's string; `st` is a stat.
    if unsafe { limpet_syscall::unistd::stat(path, &mut st) } != 0 {
        return -1;
    }
    (((id as u32 & 0xff) << 24) | ((st.st_dev as u32 & 0xff) << 16) | (st.st_ino as u32 & 0xffff)) as key_t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_follow_the_file() {
        let a = unsafe { ftok(c"/".as_ptr(), 1) };
        let b = unsafe { ftok(c"/".as_ptr(), 2) };
        assert_ne!(a, -1);
        assert_eq!(a & 0x00ff_ffff, b & 0x00ff_ffff);
        assert_eq!((a as u32) >> 24, 1);
        assert_eq!(unsafe { ftok(c"/nonexistent/limpet".as_ptr(), 1) }, -1);
        assert_eq!(limpet_syscall::errno(), limpet_syscall::errno::ENOENT);
    }
}
