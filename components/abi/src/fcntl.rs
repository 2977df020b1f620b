//! `<fcntl.h>`: the `*at` arguments, the `open` flags, the `fcntl` commands, and the
//! structs `fcntl`'s locks and owners take.
//!
//! Four `open` flags differ on aarch64 (musl's `arch/aarch64/bits/fcntl.h`); riscv64 has
//! x86_64's values.
use core::ffi::{c_int, c_short};

crate::constants! {
    "fcntl.h" {
        /// The `dirfd` that means the current directory.
        pub const AT_FDCWD: c_int = -100;
        pub const AT_SYMLINK_NOFOLLOW: c_int = 0x100;
        pub const AT_REMOVEDIR: c_int = 0x200;
        pub const AT_EACCESS: c_int = 0x200;
        pub const AT_SYMLINK_FOLLOW: c_int = 0x400;
        pub const AT_EMPTY_PATH: c_int = 0x1000;

        pub const O_RDONLY: c_int = 0;
        pub const O_WRONLY: c_int = 0o1;
        pub const O_RDWR: c_int = 0o2;
        /// The bits of the flags that hold the access mode: musl counts `O_SEARCH` (its
        /// name for `O_PATH`) as one.
        pub const O_ACCMODE: c_int = 0o10000003;
        pub const O_CREAT: c_int = 0o100;
        pub const O_EXCL: c_int = 0o200;
        pub const O_NOCTTY: c_int = 0o400;
        pub const O_TRUNC: c_int = 0o1000;
        pub const O_APPEND: c_int = 0o2000;
        pub const O_NONBLOCK: c_int = 0o4000;
        pub const O_CLOEXEC: c_int = 0o2000000;
        pub const O_PATH: c_int = 0o10000000;
        #[cfg(not(target_arch = "aarch64"))]
        pub const O_DIRECTORY: c_int = 0o200000;
        #[cfg(target_arch = "aarch64")]
        pub const O_DIRECTORY: c_int = 0o40000;
        #[cfg(not(target_arch = "aarch64"))]
        pub const O_NOFOLLOW: c_int = 0o400000;
        #[cfg(target_arch = "aarch64")]
        pub const O_NOFOLLOW: c_int = 0o100000;
        #[cfg(not(target_arch = "aarch64"))]
        pub const O_LARGEFILE: c_int = 0o100000;
        #[cfg(target_arch = "aarch64")]
        pub const O_LARGEFILE: c_int = 0o400000;
        /// The kernel's `__O_TMPFILE` bit together with `O_DIRECTORY`, so an old kernel that
        /// ignores the first still refuses to open a file.
        #[cfg(not(target_arch = "aarch64"))]
        pub const O_TMPFILE: c_int = 0o20200000;
        #[cfg(target_arch = "aarch64")]
        pub const O_TMPFILE: c_int = 0o20040000;

        pub const F_DUPFD: c_int = 0;
        pub const F_GETFD: c_int = 1;
        pub const F_SETFD: c_int = 2;
        pub const F_GETFL: c_int = 3;
        pub const F_SETFL: c_int = 4;
        pub const F_GETLK: c_int = 5;
        pub const F_SETLK: c_int = 6;
        pub const F_SETLKW: c_int = 7;
        pub const F_SETOWN: c_int = 8;
        pub const F_GETOWN: c_int = 9;
        pub const F_SETOWN_EX: c_int = 15;
        pub const F_GETOWN_EX: c_int = 16;
        pub const F_OFD_GETLK: c_int = 36;
        pub const F_OFD_SETLK: c_int = 37;
        pub const F_OFD_SETLKW: c_int = 38;
        pub const F_DUPFD_CLOEXEC: c_int = 1030;
        /// The descriptor flag `F_GETFD` and `F_SETFD` read and write.
        pub const FD_CLOEXEC: c_int = 1;
        /// `struct f_owner_ex`'s `type` for a process group.
        pub const F_OWNER_PGRP: c_int = 2;

        /// `struct flock`'s `l_type` values, typed as that field.
        pub const F_RDLCK: c_short = 0;
        pub const F_WRLCK: c_short = 1;
        pub const F_UNLCK: c_short = 2;
    }
}

crate::structs! {
    "fcntl.h" {
        /// `struct flock`, the record lock `F_GETLK`, `F_SETLK` and `F_SETLKW` take.
        #[c = "struct flock"]
        #[derive(Clone, Copy, Default)]
        pub struct Flock {
            pub l_type: c_short,
            pub l_whence: c_short,
            pub l_start: i64,
            pub l_len: i64,
            pub l_pid: c_int,
        }

        /// `struct f_owner_ex`, for `F_GETOWN_EX` and `F_SETOWN_EX`.
        #[c = "struct f_owner_ex"]
        #[derive(Clone, Copy, Default)]
        pub struct FOwnerEx {
            #[c = "type"]
            pub type_: c_int,
            pub pid: c_int,
        }
    }
}
