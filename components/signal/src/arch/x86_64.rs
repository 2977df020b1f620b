//! x86_64: the signal-return trampoline and `sigsetjmp`/`siglongjmp`.
//!
//! `sigsetjmp` records the registers the way `setjmp` does (rbx, rbp, r12..r15, the
//! caller's rsp and the return address in words 0..=7), then, if asked, the signal mask in
//! `__ss`, marking it saved by storing the buffer's own address in `__fl` (0 otherwise).
//! `siglongjmp` restores that mask first (only when `__fl` holds the buffer's address, so a
//! `jmp_buf` filled by plain `setjmp`, whose `__fl` is never written, is not mistaken for
//! one with a mask) and then the registers. Both are naked: they must not disturb the frame
//! they record or jump into.
use core::arch::naked_asm;
use core::ffi::c_int;

use limpet_abi::setjmp::JmpBuf;
use limpet_syscall::nr;

use crate::abi::{KERNEL_SIGSET_BYTES, SIG_BLOCK, SIG_SETMASK};

/// `__restore_rt()`—Where a signal handler returns: asks the kernel (`rt_sigreturn`) to
/// restore the interrupted context it saved on the stack. `sigaction` installs it as every
/// action's `sa_restorer`. The instruction bytes are exactly `mov rax, 15; syscall`
/// (`48 c7 c0 0f 00 00 00 0f 05`): unwinders (libgcc's, gdb's) recognise a signal frame by
/// that sequence, which lets backtraces and exceptions pass through handlers.
///
/// # Safety
/// Only the kernel's signal frame may return into it.
#[unsafe(naked)]
pub unsafe extern "C" fn __restore_rt() {
    naked_asm!(
        "mov rax, {nr}",
        "syscall",
        "ud2",
        nr = const nr::RT_SIGRETURN,
    )
}

/// The restorer address `sigaction` hands to the kernel (with `SA_RESTORER`).
pub(crate) fn restorer() -> Option<usize> {
    Some(__restore_rt as *const () as usize)
}

macro_rules! sigsetjmp_body {
    () => {
        naked_asm!(
            "mov [rdi], rbx",
            "mov [rdi + 8], rbp",
            "mov [rdi + 16], r12",
            "mov [rdi + 24], r13",
            "mov [rdi + 32], r14",
            "mov [rdi + 40], r15",
            "lea rdx, [rsp + 8]",
            "mov [rdi + 48], rdx",
            "mov rdx, [rsp]",
            "mov [rdi + 56], rdx",
            "xor eax, eax",
            "test esi, esi",
            "cmovnz rax, rdi",
            "mov [rdi + 64], rax",
            "jz 2f",
            // rt_sigprocmask(SIG_BLOCK, NULL, &env->__ss, 8): reads the mask, changes nothing.
            "lea rdx, [rdi + 72]",
            "xor esi, esi",
            "mov edi, {block}",
            "mov r10d, {bytes}",
            "mov eax, {nr}",
            "syscall",
            "2:",
            "xor eax, eax",
            "ret",
            block = const SIG_BLOCK,
            bytes = const KERNEL_SIGSET_BYTES,
            nr = const nr::RT_SIGPROCMASK,
        )
    };
}

/// `sigsetjmp(env, savemask)`—Saves the calling environment, and the signal mask when
/// `savemask` is nonzero; returns 0 now and again (nonzero) when `siglongjmp(env, val)` is
/// called, with the mask restored if it was saved.
///
/// # Safety
/// `env` must be valid for writes; jumping back after the caller has returned is undefined.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
#[unsafe(naked)]
pub unsafe extern "C" fn sigsetjmp(env: *mut JmpBuf, savemask: c_int) -> c_int {
    sigsetjmp_body!()
}

/// `__sigsetjmp(env, savemask)`—The same as [`sigsetjmp`] (musl exports both names).
///
/// # Safety
/// As for [`sigsetjmp`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
#[unsafe(naked)]
pub unsafe extern "C" fn __sigsetjmp(env: *mut JmpBuf, savemask: c_int) -> c_int {
    sigsetjmp_body!()
}

/// `siglongjmp(env, val)`—Restores the signal mask saved by `sigsetjmp(env, nonzero)`, then
/// returns to where `sigsetjmp` was called, making it return `val` (1 if `val` is 0).
///
/// # Safety
/// `env` must hold an environment saved by a `sigsetjmp` whose caller is still active.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
#[unsafe(naked)]
pub unsafe extern "C" fn siglongjmp(env: *mut JmpBuf, val: c_int) -> ! {
    naked_asm!(
        "mov r8, rdi",
        "mov r9d, esi",
        "cmp [rdi + 64], rdi",
        "jne 2f",
        // rt_sigprocmask(SIG_SETMASK, &env->__ss, NULL, 8); syscall keeps r8 and r9.
        "lea rsi, [rdi + 72]",
        "xor edx, edx",
        "mov edi, {setmask}",
        "mov r10d, {bytes}",
        "mov eax, {nr}",
        "syscall",
        "2:",
        // `val` becomes the return value; 0 is turned into 1 (cmp sets carry only for 0 < 1).
        "xor eax, eax",
        "cmp r9d, 1",
        "adc eax, r9d",
        "mov rbx, [r8]",
        "mov rbp, [r8 + 8]",
        "mov r12, [r8 + 16]",
        "mov r13, [r8 + 24]",
        "mov r14, [r8 + 32]",
        "mov r15, [r8 + 40]",
        "mov rsp, [r8 + 48]",
        "jmp qword ptr [r8 + 56]",
        setmask = const SIG_SETMASK,
        bytes = const KERNEL_SIGSET_BYTES,
        nr = const nr::RT_SIGPROCMASK,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abi::*;
    use crate::sigprocmask::sigprocmask;
    use core::ptr;

    fn mask() -> u64 {
        let mut m = SigSet::EMPTY;
        unsafe { sigprocmask(SIG_BLOCK, ptr::null(), &mut m) };
        m.bits[0]
    }

    fn set_mask(bits: u64) {
        let mut m = SigSet::EMPTY;
        m.bits[0] = bits;
        unsafe { sigprocmask(SIG_SETMASK, &m, ptr::null_mut()) };
    }

    #[inline(never)]
    fn jump(env: *mut JmpBuf, val: c_int) {
        set_mask(SigSet::bit(SIGUSR1) | SigSet::bit(SIGUSR2));
        unsafe { siglongjmp(env, val) }
    }

    #[test]
    fn the_mask_comes_back_only_when_saved() {
        std::thread::spawn(|| {
            for save in [1, 0] {
                set_mask(SigSet::bit(SIGHUP));
                let mut env = core::mem::MaybeUninit::<JmpBuf>::uninit();
                let count = std::hint::black_box(core::cell::Cell::new(0));
                let r = unsafe { sigsetjmp(env.as_mut_ptr(), save) };
                count.set(count.get() + 1);
                if r == 0 {
                    jump(env.as_mut_ptr(), 0);
                }
                assert_eq!(r, 1);
                assert_eq!(count.get(), 2);
                let want = if save == 1 { SigSet::bit(SIGHUP) } else { SigSet::bit(SIGUSR1) | SigSet::bit(SIGUSR2) };
                assert_eq!(mask(), want);
            }
            set_mask(0);
        })
        .join()
        .unwrap();
    }

    #[test]
    fn a_stray_flag_word_restores_nothing() {
        std::thread::spawn(|| {
            set_mask(SigSet::bit(SIGHUP));
            let mut env = core::mem::MaybeUninit::<JmpBuf>::uninit();
            let r = unsafe { sigsetjmp(env.as_mut_ptr(), 0) };
            if r == 0 {
                // What a plain setjmp leaves: a nonzero word that is not the buffer's address.
                unsafe {
                    (*env.as_mut_ptr()).mask_saved = 1;
                    (*env.as_mut_ptr()).mask = SigSet::EMPTY;
                }
                unsafe { siglongjmp(env.as_mut_ptr(), 2) }
            }
            assert_eq!(r, 2);
            assert_eq!(mask(), SigSet::bit(SIGHUP));
            set_mask(0);
        })
        .join()
        .unwrap();
    }

    #[test]
    fn restorer_bytes_are_what_unwinders_look_for() {
        let code = unsafe { core::slice::from_raw_parts(__restore_rt as *const () as *const u8, 9) };
        assert_eq!(code, [0x48, 0xc7, 0xc0, 0x0f, 0, 0, 0, 0x0f, 0x05]);
    }

    #[test]
    fn dunder_form_returns_the_value() {
        let mut env = core::mem::MaybeUninit::<JmpBuf>::uninit();
        let r = unsafe { __sigsetjmp(env.as_mut_ptr(), 0) };
        if r == 0 {
            unsafe { siglongjmp(env.as_mut_ptr(), 9) }
        }
        assert_eq!(r, 9);
    }
}
