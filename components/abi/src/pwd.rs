//! `<pwd.h>`: the user database's record, `struct passwd`, and the id types it holds
//! (which `<grp.h>` and `<sys/types.h>` share).
use core::ffi::c_char;

crate::types! {
    "pwd.h" {
        /// A user id.
        pub type uid_t = u32;
        /// A group id.
        pub type gid_t = u32;
    }
}

crate::structs! {
    "pwd.h" {
        /// `struct passwd`: one line of /etc/passwd, its text fields NUL-terminated.
        #[c = "struct passwd"]
        #[derive(Clone, Copy, Debug)]
        pub struct Passwd {
            pub pw_name: *mut c_char,
            pub pw_passwd: *mut c_char,
            pub pw_uid: uid_t,
            pub pw_gid: gid_t,
            pub pw_gecos: *mut c_char,
            pub pw_dir: *mut c_char,
            pub pw_shell: *mut c_char,
        }
    }
}
