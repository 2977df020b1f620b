//! Syscall numbers for the target architecture.
cfg_if::cfg_if! {
    if #[cfg(target_arch = "x86_64")] {
        mod x86_64;
        pub use x86_64::*;
    } else {
        mod generic;
        pub use generic::*;
    }
}
