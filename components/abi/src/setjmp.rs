//! `<setjmp.h>`: the buffer of `setjmp` and `sigsetjmp` (`jmp_buf` and `sigjmp_buf` are both
//! arrays of one `struct __jmp_buf_tag`). Only x86_64's is written so far, with the code
//! that fills it (limpet-setjmp's and limpet-signal's naked functions).
crate::structs! {
    "setjmp.h" {
        /// The registers `setjmp` saves, then `__fl` (limpet's `sigsetjmp`: the buffer's own
        /// address when `mask` holds a saved signal mask), then `__ss`, that mask.
        #[cfg(target_arch = "x86_64")]
        #[c = "struct __jmp_buf_tag"]
        pub struct JmpBuf {
            #[c = "__jb"]
            pub regs: [u64; 8],
            #[c = "__fl"]
            pub mask_saved: u64,
            #[c = "__ss"]
            pub mask: crate::signal::SigSet,
        }
    }
}
