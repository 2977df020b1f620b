//! `<dlfcn.h>` and `<link.h>`: the dynamic linker's interface.
use core::ffi::{c_char, c_int, c_void};

crate::constants! {
    "dlfcn.h" {
        pub const RTLD_LAZY: c_int = 1;
        pub const RTLD_NOW: c_int = 2;
        pub const RTLD_NOLOAD: c_int = 4;
        pub const RTLD_NODELETE: c_int = 4096;
        pub const RTLD_GLOBAL: c_int = 256;
        pub const RTLD_LOCAL: c_int = 0;
        /// `dlinfo`: the module's `struct link_map`.
        pub const RTLD_DI_LINKMAP: c_int = 2;
    }
    "link.h" {
        /// `r_debug.r_state`: the module list is whole.
        pub const RT_CONSISTENT: c_int = 0;
        /// A module is being added.
        pub const RT_ADD: c_int = 1;
        /// A module is being removed.
        pub const RT_DELETE: c_int = 2;
    }
}

crate::structs! {
    "dlfcn.h" {
        /// `Dl_info`: what `dladdr` finds about an address.
        #[c = "Dl_info"]
        #[derive(Clone, Copy)]
        pub struct DlInfo {
            pub dli_fname: *const c_char,
            pub dli_fbase: *mut c_void,
            pub dli_sname: *const c_char,
            pub dli_saddr: *mut c_void,
        }
    }
    "link.h" {
        /// `struct dl_phdr_info`: one module, as `dl_iterate_phdr` reports it.
        #[c = "struct dl_phdr_info"]
        #[derive(Clone, Copy)]
        pub struct DlPhdrInfo {
            pub dlpi_addr: usize,
            pub dlpi_name: *const c_char,
            pub dlpi_phdr: *const c_void,
            pub dlpi_phnum: u16,
            pub dlpi_adds: u64,
            pub dlpi_subs: u64,
            pub dlpi_tls_modid: usize,
            pub dlpi_tls_data: *mut c_void,
        }
        /// `struct r_debug`: where debuggers find the module list (`_r_debug`, `DT_DEBUG`).
        #[c = "struct r_debug"]
        #[derive(Clone, Copy)]
        pub struct RDebug {
            pub r_version: c_int,
            pub r_map: *mut c_void,
            pub r_brk: usize,
            pub r_state: c_int,
            pub r_ldbase: usize,
        }
    }
}
