//! `<sys/stat.h>`: `struct stat`, the file type bits of its `st_mode`, and `UTIME_NOW`.
use core::ffi::c_long;

use crate::time::Timespec;

crate::types! {
    "sys/stat.h" {
        pub type mode_t = u32;
    }
}

crate::constants! {
    "sys/stat.h" {
        /// The file type bits of a mode, and the types.
        pub const S_IFMT: mode_t = 0o170000;
        pub const S_IFDIR: mode_t = 0o040000;
        pub const S_IFIFO: mode_t = 0o010000;
        pub const S_IFLNK: mode_t = 0o120000;
        /// A `tv_nsec` of `utimensat` that means "now".
        pub const UTIME_NOW: c_long = 0x3fffffff;
    }
}

crate::structs! {
    "sys/stat.h" {
        /// `struct stat` as musl lays it out on x86_64 (the kernel's own layout).
        #[cfg(target_arch = "x86_64")]
        #[c = "struct stat"]
        #[derive(Clone, Copy, Default)]
        pub struct Stat {
            pub st_dev: u64,
            pub st_ino: u64,
            pub st_nlink: u64,
            pub st_mode: mode_t,
            pub st_uid: u32,
            pub st_gid: u32,
            pub __pad0: u32,
            pub st_rdev: u64,
            pub st_size: i64,
            pub st_blksize: i64,
            pub st_blocks: i64,
            pub st_atim: Timespec,
            pub st_mtim: Timespec,
            pub st_ctim: Timespec,
            pub __unused: [i64; 3],
        }

        /// `struct stat` as musl lays it out on aarch64 and riscv64 (the generic kernel layout).
        #[cfg(not(target_arch = "x86_64"))]
        #[c = "struct stat"]
        #[derive(Clone, Copy, Default)]
        pub struct Stat {
            pub st_dev: u64,
            pub st_ino: u64,
            pub st_mode: mode_t,
            pub st_nlink: u32,
            pub st_uid: u32,
            pub st_gid: u32,
            pub st_rdev: u64,
            pub __pad: u64,
            pub st_size: i64,
            pub st_blksize: i32,
            pub __pad2: i32,
            pub st_blocks: i64,
            pub st_atim: Timespec,
            pub st_mtim: Timespec,
            pub st_ctim: Timespec,
            pub __unused: [u32; 2],
        }
    }
}
