//! System V shared memory: `shmget`, `shmat`, `shmdt`, `shmctl`.
use core::ffi::{c_int, c_void};

use limpet_abi::ipc::{ShmidDs, key_t};
use limpet_syscall::{nr, result, set_errno, syscall1, syscall3};

use crate::ret_int;

/// `shmget(key, size, flags)`—The segment of `key`, created with `IPC_CREAT` with `size`
/// bytes; its id, or -1 with errno (EINVAL, ENOENT, EEXIST, ENOMEM, ENOSPC). A size past
/// `PTRDIFF_MAX` is asked for as `SIZE_MAX`, which the kernel refuses (as musl does).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn shmget(key: key_t, size: usize, flags: c_int) -> c_int {
    let size = if size > isize::MAX as usize { usize::MAX } else { size };
    // SAFETY: shmget takes no pointer.
    ret_int(unsafe { syscall3(nr::SHMGET, key as usize, size, flags as usize) })
}

/// `shmat(id, addr, flags)`—Maps the segment at `addr` (null: where the kernel likes;
/// `SHM_RND` rounds down, `SHM_RDONLY` maps it read-only); its address, or `(void *)-1`
/// with errno.
///
/// # Safety
/// A non-null `addr` must not overlap memory the program uses.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn shmat(id: c_int, addr: *const c_void, flags: c_int) -> *mut c_void {
    // SAFETY: the caller vouches for `addr`.
    match result(unsafe { syscall3(nr::SHMAT, id as usize, addr as usize, flags as usize) }) {
        Ok(a) => a as *mut c_void,
        Err(e) => {
            set_errno(e);
            usize::MAX as *mut c_void
        }
    }
}

/// `shmdt(addr)`—Unmaps the segment attached at `addr`; 0, or -1 with errno (EINVAL).
///
/// # Safety
/// Nothing may use the segment's memory through `addr` afterwards.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn shmdt(addr: *const c_void) -> c_int {
    // SAFETY: the caller gives the mapping up.
    ret_int(unsafe { syscall1(nr::SHMDT, addr as usize) })
}

/// `shmctl(id, cmd, buf)`—Reads (`IPC_STAT`), changes (`IPC_SET`) or marks for removal
/// (`IPC_RMID`, done when the last process detaches) the segment; 0, or -1 with errno.
///
/// # Safety
/// `buf` must be what `cmd` reads or writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn shmctl(id: c_int, cmd: c_int, buf: *mut ShmidDs) -> c_int {
    // SAFETY: the caller vouches for `buf`.
    ret_int(unsafe { syscall3(nr::SHMCTL, id as usize, cmd as usize, buf as usize) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use limpet_abi::ipc::{IPC_CREAT, IPC_PRIVATE, IPC_RMID, IPC_STAT};
    use limpet_syscall::errno;
    use limpet_syscall::errno::EINVAL;

    #[test]
    fn attach_write_detach() {
        let id = shmget(IPC_PRIVATE, 8192, IPC_CREAT | 0o600);
        assert!(id >= 0, "errno {}", errno());
        // SAFETY: the kernel picks the address; the segment is 8 KiB.
        unsafe {
            let a = shmat(id, core::ptr::null(), 0);
            let b = shmat(id, core::ptr::null(), 0);
            assert_ne!(a as usize, usize::MAX);
            a.cast::<u32>().write(0xfeed_beef);
            assert_eq!(b.cast::<u32>().read(), 0xfeed_beef);
            let mut ds = ShmidDs::default();
            assert_eq!(shmctl(id, IPC_STAT, &mut ds), 0);
            assert_eq!((ds.shm_segsz, ds.shm_nattch), (8192, 2));
            assert_eq!(shmdt(a), 0);
            assert_eq!(shmdt(b), 0);
            assert_eq!(shmdt(b), -1);
            assert_eq!(errno(), EINVAL);
            assert_eq!(shmctl(id, IPC_RMID, core::ptr::null_mut()), 0);
            assert_eq!(shmat(id, core::ptr::null(), 0) as usize, usize::MAX);
        }
        assert_eq!(shmget(IPC_PRIVATE, usize::MAX, IPC_CREAT), -1);
    }
}
