//! Reading and setting the thread pointer.
cfg_if::cfg_if! {
    if #[cfg(target_arch = "x86_64")] {
        mod x86_64;
        pub use x86_64::*;
    } else {
        compile_error!("limpet-pthread: the thread pointer is implemented for x86_64 only so far");
    }
}
