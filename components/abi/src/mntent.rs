//! `<mntent.h>`: `struct mntent`, one line of /etc/fstab or /proc/mounts.
use core::ffi::{c_char, c_int};

crate::structs! {
    "mntent.h" {
        /// `struct mntent`: the four text fields and the two numbers of a line.
        #[c = "struct mntent"]
        #[derive(Clone, Copy, Debug)]
        pub struct Mntent {
            pub mnt_fsname: *mut c_char,
            pub mnt_dir: *mut c_char,
            pub mnt_type: *mut c_char,
            pub mnt_opts: *mut c_char,
            pub mnt_freq: c_int,
            pub mnt_passno: c_int,
        }
    }
}

impl Mntent {
    /// An entry with null strings and zero numbers.
    pub const EMPTY: Mntent = Mntent {
        mnt_fsname: core::ptr::null_mut(),
        mnt_dir: core::ptr::null_mut(),
        mnt_type: core::ptr::null_mut(),
        mnt_opts: core::ptr::null_mut(),
        mnt_freq: 0,
        mnt_passno: 0,
    };
}
