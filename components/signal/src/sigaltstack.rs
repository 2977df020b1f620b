//! `sigaltstack`.
use core::ffi::c_int;

use limpet_syscall::{
    errno::{EINVAL, ENOMEM},
    nr, ret_errno, set_errno, syscall2,
};

use crate::abi::{MINSIGSTKSZ, SS_DISABLE, SS_ONSTACK, StackT};

/// `sigaltstack(ss, old)`—Sets (if `ss` is not null) and reports (if `old` is not null) the
/// alternate stack that `SA_ONSTACK` handlers run on. -1 with `ENOMEM` for an enabled stack
/// smaller than `MINSIGSTKSZ`, `EINVAL` for `SS_ONSTACK` in `ss->ss_flags` (checked before
/// the kernel, as musl), `EPERM` while running on that stack.
///
/// # Safety
/// `ss` must be null or readable, `old` null or writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn sigaltstack(ss: *const StackT, old: *mut StackT) -> c_int {
    if !ss.is_null() {
        // SAFETY: the caller passes a readable stack_t.
        let s = unsafe { &*ss };
        if s.flags & SS_DISABLE == 0 && s.size < MINSIGSTKSZ {
            set_errno(ENOMEM);
            return -1;
        }
        if s.flags & SS_ONSTACK != 0 {
            set_errno(EINVAL);
            return -1;
        }
    }
    // SAFETY: the pointers are the caller's and vouched for.
    ret_errno(unsafe { syscall2(nr::SIGALTSTACK, ss as usize, old as usize) }) as c_int
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_query_and_refuse() {
        std::thread::spawn(|| {
            let mut mem = vec![0u8; 1 << 16];
            let ss = StackT { sp: mem.as_mut_ptr().cast(), flags: 0, size: mem.len() };
            let mut old = StackT { sp: core::ptr::null_mut(), flags: 0, size: 0 };
            assert_eq!(unsafe { sigaltstack(&ss, &mut old) }, 0);
            assert_eq!(unsafe { sigaltstack(core::ptr::null(), &mut old) }, 0);
            assert_eq!(old.sp, ss.sp);
            assert_eq!(old.size, ss.size);
            let small = StackT { size: 100, ..ss };
            assert_eq!(unsafe { sigaltstack(&small, core::ptr::null_mut()) }, -1);
            assert_eq!(std::io::Error::last_os_error().raw_os_error(), Some(ENOMEM));
            let bad = StackT { flags: SS_ONSTACK, ..ss };
            assert_eq!(unsafe { sigaltstack(&bad, core::ptr::null_mut()) }, -1);
            assert_eq!(std::io::Error::last_os_error().raw_os_error(), Some(EINVAL));
            let off = StackT { sp: core::ptr::null_mut(), flags: SS_DISABLE, size: 0 };
            assert_eq!(unsafe { sigaltstack(&off, core::ptr::null_mut()) }, 0);
            drop(mem);
        })
        .join()
        .unwrap();
    }
}
