//! An optimisation barrier for the ciphers' and hashes' dependency chains.

/// `x`, unchanged, but opaque to the optimiser, so it cannot reassociate the operations
/// around it: a value that does not depend on the last step stays apart from the one that
/// does. In Blowfish it stops LLVM from turning `(half ^ subkey) ^ f(other)` into
/// `(f(other) ^ subkey) ^ half`, which puts a second XOR on the critical path of every
/// round (measured: bcrypt 9% slower, CPU time at cost 8); in MD5, from moving the
/// constant's addition after the round function's (`$1$` 15% slower).
/// The asm block is empty; it only names the register that holds `x`.
#[inline(always)]
pub(crate) fn opaque(mut x: u32) -> u32 {
    // SAFETY: the template is a comment: no instruction runs, and no memory, stack or flag
    // is touched (as the options declare); `x` comes back in the register it went in.
    #[cfg(target_arch = "x86_64")]
    unsafe {
        core::arch::asm!("/* {0:e} */", inout(reg) x, options(pure, nomem, nostack, preserves_flags))
    };
    // SAFETY: the template is a comment, so nothing runs and `x` comes back unchanged.
    #[cfg(target_arch = "aarch64")]
    unsafe {
        core::arch::asm!("/* {0:w} */", inout(reg) x, options(pure, nomem, nostack, preserves_flags))
    };
    // SAFETY: the template is a comment, so nothing runs and `x` comes back unchanged.
    #[cfg(target_arch = "riscv64")]
    unsafe {
        core::arch::asm!("/* {0} */", inout(reg) x, options(pure, nomem, nostack, preserves_flags))
    };
    x
}
