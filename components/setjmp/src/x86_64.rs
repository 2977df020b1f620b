//! x86_64: `jmp_buf` words 0..=7 hold rbx, rbp, r12, r13, r14, r15, the caller's rsp and the
//! return address.
use core::arch::naked_asm;
use core::ffi::c_int;

use crate::JmpBuf;

macro_rules! save {
    () => {
        "mov [rdi], rbx
         mov [rdi + 8], rbp
         mov [rdi + 16], r12
         mov [rdi + 24], r13
         mov [rdi + 32], r14
         mov [rdi + 40], r15
         lea rdx, [rsp + 8]
         mov [rdi + 48], rdx
         mov rdx, [rsp]
         mov [rdi + 56], rdx
         xor eax, eax
         ret"
    };
}

// `val` becomes the return value; 0 is turned into 1 (cmp sets carry only for 0 < 1).
macro_rules! restore {
    () => {
        "xor eax, eax
         cmp esi, 1
         adc eax, esi
         mov rbx, [rdi]
         mov rbp, [rdi + 8]
         mov r12, [rdi + 16]
         mov r13, [rdi + 24]
         mov r14, [rdi + 32]
         mov r15, [rdi + 40]
         mov rsp, [rdi + 48]
         jmp qword ptr [rdi + 56]"
    };
}

/// `setjmp(env)`—Saves the calling environment; returns 0 now, and again (non-zero) when
/// `longjmp(env, val)` is called.
///
/// # Safety
/// `env` must be valid for writes; jumping back after the caller has returned is undefined.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
#[unsafe(naked)]
pub unsafe extern "C" fn setjmp(env: *mut JmpBuf) -> c_int {
    naked_asm!(save!())
}

/// `_setjmp(env)`—[`setjmp`] that never saves the signal mask (neither does setjmp here).
///
/// # Safety
/// As for [`setjmp`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
#[unsafe(naked)]
pub unsafe extern "C" fn _setjmp(env: *mut JmpBuf) -> c_int {
    naked_asm!(save!())
}

/// `__setjmp(env)`—musl's internal name of [`setjmp`], which it exports and some objects
/// built against old musl headers call.
///
/// # Safety
/// As for [`setjmp`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
#[unsafe(naked)]
pub unsafe extern "C" fn __setjmp(env: *mut JmpBuf) -> c_int {
    naked_asm!(save!())
}

/// `longjmp(env, val)`—Returns to where `setjmp(env)` was called, making it return `val`
/// (1 if `val` is 0).
///
/// # Safety
/// `env` must hold an environment saved by a `setjmp` whose caller is still active.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
#[unsafe(naked)]
pub unsafe extern "C" fn longjmp(env: *mut JmpBuf, val: c_int) -> ! {
    naked_asm!(restore!())
}

/// `_longjmp(env, val)`—[`longjmp`] without signal-mask handling.
///
/// # Safety
/// As for [`longjmp`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
#[unsafe(naked)]
pub unsafe extern "C" fn _longjmp(env: *mut JmpBuf, val: c_int) -> ! {
    naked_asm!(restore!())
}
