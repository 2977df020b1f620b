//! `<pthread.h>`: the types the thread descriptor and the thread functions share.
use core::ffi::c_void;

crate::structs! {
    "pthread.h" {
        /// One cleanup handler that `pthread_cleanup_push` pushed, in the pusher's frame.
        #[c = "struct __ptcb"]
        pub struct Ptcb {
            #[c = "__f"]
            pub f: Option<unsafe extern "C" fn(*mut c_void)>,
            #[c = "__x"]
            pub x: *mut c_void,
            #[c = "__next"]
            pub next: *mut Ptcb,
        }
    }
}
