//! `<sys/uio.h>`: the buffer descriptor of `readv` and `writev`.
use core::ffi::c_void;

crate::structs! {
    "sys/uio.h" {
        /// `struct iovec`.
        #[c = "struct iovec"]
        #[derive(Clone, Copy)]
        pub struct Iovec {
            pub iov_base: *mut c_void,
            pub iov_len: usize,
        }
    }
}
