//! `<grp.h>`: the group database's record, `struct group`.
use core::ffi::c_char;

use crate::pwd::gid_t;

crate::structs! {
    "grp.h" {
        /// `struct group`: one line of /etc/group, its text fields NUL-terminated and its
        /// members a null-terminated array.
        #[c = "struct group"]
        #[derive(Clone, Copy, Debug)]
        pub struct Group {
            pub gr_name: *mut c_char,
            pub gr_passwd: *mut c_char,
            pub gr_gid: gid_t,
            pub gr_mem: *mut *mut c_char,
        }
    }
}
