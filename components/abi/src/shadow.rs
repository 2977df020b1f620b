//! `<shadow.h>`: the shadow password database's record, `struct spwd`.
use core::ffi::{c_char, c_long, c_ulong};

crate::structs! {
    "shadow.h" {
        /// `struct spwd`: one line of /etc/shadow, its two text fields NUL-terminated. A
        /// day count or limit the line leaves empty is -1, an empty flag field `ULONG_MAX`.
        #[c = "struct spwd"]
        #[derive(Clone, Copy, Debug)]
        pub struct Spwd {
            pub sp_namp: *mut c_char,
            pub sp_pwdp: *mut c_char,
            pub sp_lstchg: c_long,
            pub sp_min: c_long,
            pub sp_max: c_long,
            pub sp_warn: c_long,
            pub sp_inact: c_long,
            pub sp_expire: c_long,
            pub sp_flag: c_ulong,
        }
    }
}
