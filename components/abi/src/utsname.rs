//! `<sys/utsname.h>`: the system's names, as `uname` gives them.
use core::ffi::c_char;

crate::structs! {
    "sys/utsname.h" {
        /// `struct utsname`: six NUL-terminated names of up to 64 bytes; the last is the NIS
        /// domain name (`domainname` under `_GNU_SOURCE`, `__domainname` otherwise).
        #[c = "struct utsname"]
        #[derive(Clone, Copy)]
        pub struct Utsname {
            pub sysname: [c_char; 65],
            pub nodename: [c_char; 65],
            pub release: [c_char; 65],
            pub version: [c_char; 65],
            pub machine: [c_char; 65],
            pub domainname: [c_char; 65],
        }
    }
}

impl Default for Utsname {
    fn default() -> Self {
        Utsname { sysname: [0; 65], nodename: [0; 65], release: [0; 65], version: [0; 65], machine: [0; 65], domainname: [0; 65] }
    }
}
