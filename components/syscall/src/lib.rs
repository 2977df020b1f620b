//! Raw Linux system calls, errno values and the errno word, the thread pointer, the
//! auxiliary vector and the vDSO.
//!
//! The lowest layer of limpet: every other component reaches the kernel through
//! [`syscall0`]..[`syscall6`]. The per-architecture instruction sequences live in
//! `arch/<arch>.rs`; the syscall numbers in `nr/<arch>.rs`. The C wrappers built on
//! them (`read`, `write`, `open`, ...) are in [`unistd`] and are exported only with the
//! `export` feature. [`cancel`] holds the cancellable system call that makes the POSIX
//! cancellation points of every component.
#![cfg_attr(not(test), no_std)]

pub mod arch;
pub mod auxv;
pub mod cancel;
pub mod caught;
pub mod elf;
/// The errno values, from limpet-abi: every raw call's failure is one of them.
pub use limpet_abi::errno;
mod imports;
pub mod messages;
pub mod nr;
pub mod tp;
pub mod unistd;
pub mod vdso;

pub use arch::{
    syscall0, syscall1, syscall2, syscall3, syscall4, syscall5, syscall6, syscall1_noreturn,
};

/// The kernel returns `-errno` in the range `-4095..=-1`.
const MAX_ERRNO: usize = 4095;

/// Splits a raw syscall return into a value or an errno.
#[inline(always)]
pub fn result(ret: usize) -> Result<usize, i32> {
    if ret > usize::MAX - MAX_ERRNO { Err(-(ret as isize) as i32) } else { Ok(ret) }
}

/// Stores `e` in the calling thread's `errno` (see [`tp`]).
#[inline]
pub fn set_errno(e: i32) {
    // SAFETY: the location is the calling thread's own errno word.
    unsafe { *tp::errno_location() = e }
}

/// The calling thread's `errno`.
#[inline]
pub fn errno() -> i32 {
    // SAFETY: as for set_errno.
    unsafe { *tp::errno_location() }
}

/// Turns a raw syscall return into the C convention: the value, or -1 with errno set.
#[inline]
pub fn ret_errno(ret: usize) -> isize {
    match result(ret) {
        Ok(v) => v as isize,
        Err(e) => {
            set_errno(e);
            -1
        }
    }
}

/// Defines ELF aliases of an exported data object: `object_alias!("__environ", "_environ" =>
/// "environ", 8)`.
///
/// They must be true aliases (one address), not copies: when a program takes a copy
/// relocation of one name, the static linker moves every alias of it into the program too,
/// so all the names keep meaning the same variable. Rust cannot alias a static, so the names
/// are made in assembly, in the target's own crate, and only when that crate's `export`
/// feature gives the target its C name.
#[macro_export]
macro_rules! object_alias {
    ($($alias:literal),+ => $target:literal, $size:literal) => {
        #[cfg(feature = "export")]
        core::arch::global_asm!(
            $(
                concat!(".globl ", $alias),
                concat!(".type ", $alias, ", @object"),
                concat!(".size ", $alias, ", ", $size),
                concat!(".set ", $alias, ", ", $target),
            )+
        );
    };
}
