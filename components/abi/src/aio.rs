//! `<aio.h>`: the asynchronous I/O control block and its constants.
use core::ffi::{c_int, c_void};

use crate::signal::Sigevent;

crate::constants! {
    "aio.h" {
        pub const AIO_CANCELED: c_int = 0;
        pub const AIO_NOTCANCELED: c_int = 1;
        pub const AIO_ALLDONE: c_int = 2;
        pub const LIO_READ: c_int = 0;
        pub const LIO_WRITE: c_int = 1;
        pub const LIO_NOP: c_int = 2;
        pub const LIO_WAIT: c_int = 0;
        pub const LIO_NOWAIT: c_int = 1;
    }
}

crate::structs! {
    "aio.h" {
        /// `struct aiocb`: the request (descriptor, operation for `lio_listio`, buffer, size,
        /// offset, notification) and, in musl's private fields, its state: the error code
        /// (`EINPROGRESS` until it completes) and the result.
        #[c = "struct aiocb"]
        pub struct Aiocb {
            pub aio_fildes: c_int,
            pub aio_lio_opcode: c_int,
            pub aio_reqprio: c_int,
            pub aio_buf: *mut c_void,
            pub aio_nbytes: usize,
            pub aio_sigevent: Sigevent,
            #[c = "__td"]
            pub td: *mut c_void,
            #[c = "__lock"]
            pub lock: [c_int; 2],
            #[c = "__err"]
            pub err: c_int,
            #[c = "__ret"]
            pub ret: isize,
            pub aio_offset: i64,
            #[c = "__next"]
            pub next: *mut c_void,
            #[c = "__prev"]
            pub prev: *mut c_void,
            #[c = "__dummy4"]
            pub dummy4: [u8; 16],
        }
    }
}
