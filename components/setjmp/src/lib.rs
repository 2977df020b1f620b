//! `<setjmp.h>`: non-local jumps.
//!
//! `setjmp` saves the callee-saved registers, the stack pointer and the return address in
//! the caller's `jmp_buf`; `longjmp` restores them and makes that `setjmp` return again.
//! Both are naked functions in `arch/<arch>.rs`: they must not touch the stack frame they
//! are recording. `_setjmp`/`_longjmp` are the same, since neither saves a signal mask.
#![cfg_attr(not(test), no_std)]

#[cfg(target_arch = "x86_64")]
mod x86_64;
#[cfg(target_arch = "x86_64")]
pub use x86_64::*;

/// musl's `jmp_buf`, limpet-abi's (checked there against musl's `setjmp.h`).
#[cfg(target_arch = "x86_64")]
pub use limpet_abi::setjmp::JmpBuf;

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::*;

    #[inline(never)]
    fn jump_from_deep(buf: *mut JmpBuf, depth: u32, val: i32) {
        if depth == 0 {
            unsafe { longjmp(buf, val) }
        }
        jump_from_deep(buf, depth - 1, val);
        std::hint::black_box(depth);
    }

    #[test]
    fn longjmp_returns_its_value_and_zero_becomes_one() {
        for (sent, want) in [(7, 7), (0, 1), (-3, -3)] {
            let mut buf = core::mem::MaybeUninit::<JmpBuf>::uninit();
            let count = std::hint::black_box(core::cell::Cell::new(0));
            let r = unsafe { setjmp(buf.as_mut_ptr()) };
            count.set(count.get() + 1);
            if r == 0 {
                jump_from_deep(buf.as_mut_ptr(), 10, sent);
                unreachable!();
            }
            assert_eq!(r, want);
            assert_eq!(count.get(), 2);
        }
    }

    #[test]
    fn underscore_forms_behave_the_same() {
        let mut buf = core::mem::MaybeUninit::<JmpBuf>::uninit();
        let r = unsafe { _setjmp(buf.as_mut_ptr()) };
        if r == 0 {
            unsafe { _longjmp(buf.as_mut_ptr(), 42) }
        }
        assert_eq!(r, 42);
    }

    #[test]
    fn musls_internal_name_is_setjmp() {
        let mut buf = core::mem::MaybeUninit::<JmpBuf>::uninit();
        let r = unsafe { __setjmp(buf.as_mut_ptr()) };
        if r == 0 {
            unsafe { longjmp(buf.as_mut_ptr(), 0) }
        }
        assert_eq!(r, 1, "longjmp of 0 makes setjmp return 1");
    }
}
