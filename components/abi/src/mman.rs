//! `<sys/mman.h>`: memory protection, mapping flags and advice.
use core::ffi::c_int;

crate::constants! {
    "sys/mman.h" {
        pub const PROT_NONE: c_int = 0;
        pub const PROT_READ: c_int = 1;
        pub const PROT_WRITE: c_int = 2;
        pub const PROT_EXEC: c_int = 4;
        pub const MAP_SHARED: c_int = 0x01;
        pub const MAP_PRIVATE: c_int = 0x02;
        pub const MAP_FIXED: c_int = 0x10;
        pub const MAP_ANONYMOUS: c_int = 0x20;
        pub const MAP_NORESERVE: c_int = 0x4000;
        pub const MAP_POPULATE: c_int = 0x8000;
        pub const MAP_STACK: c_int = 0x20000;
        pub const MAP_FIXED_NOREPLACE: c_int = 0x100000;
        /// `(void *)-1`, what `mmap` and `mremap` return on failure, as the address it is:
        /// callers compare it with the address a call returned.
        pub const MAP_FAILED: usize = usize::MAX;
        pub const MADV_WILLNEED: c_int = 3;
        pub const MADV_DONTNEED: c_int = 4;
        pub const MADV_HUGEPAGE: c_int = 14;
        /// `posix_madvise`'s "no longer needed", which Linux's `MADV_DONTNEED` would turn
        /// into "discard the contents".
        pub const POSIX_MADV_DONTNEED: c_int = 4;
        pub const MS_ASYNC: c_int = 1;
        pub const MS_SYNC: c_int = 4;
        pub const MCL_CURRENT: c_int = 1;
        pub const MCL_FUTURE: c_int = 2;
        pub const MLOCK_ONFAULT: c_int = 1;
        pub const MFD_CLOEXEC: c_int = 1;
        pub const MADV_NOHUGEPAGE: c_int = 15;
        pub const MREMAP_MAYMOVE: c_int = 1;
        pub const MREMAP_FIXED: c_int = 2;
    }
}
