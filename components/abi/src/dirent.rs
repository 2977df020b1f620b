//! `<dirent.h>`: a directory entry, `struct dirent`, and the file types `d_type` reports,
//! which limpet-posix's `readdir` hands out and limpet-pattern's `glob` reads.
use core::ffi::{c_char, c_uchar, c_ushort};

crate::constants! {
    "dirent.h" {
        /// The file system does not say the entry's type.
        pub const DT_UNKNOWN: c_uchar = 0;
        pub const DT_FIFO: c_uchar = 1;
        pub const DT_CHR: c_uchar = 2;
        pub const DT_DIR: c_uchar = 4;
        pub const DT_BLK: c_uchar = 6;
        pub const DT_REG: c_uchar = 8;
        pub const DT_LNK: c_uchar = 10;
        pub const DT_SOCK: c_uchar = 12;
        pub const DT_WHT: c_uchar = 14;
    }
}

/// `d_name`'s size: a name of up to 255 bytes and its NUL.
const NAME_SIZE: usize = 256;

crate::structs! {
    "dirent.h" {
        /// `struct dirent`, which on every 64-bit target musl lays out exactly as the
        /// kernel's `linux_dirent64`, so `readdir` hands out records straight from the
        /// `getdents64` buffer.
        #[c = "struct dirent"]
        pub struct Dirent {
            pub d_ino: u64,
            pub d_off: i64,
            pub d_reclen: c_ushort,
            pub d_type: c_uchar,
            pub d_name: [c_char; NAME_SIZE],
        }
    }
}
