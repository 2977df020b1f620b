//! `<sys/sysinfo.h>`: the system's statistics.
use core::ffi::{c_char, c_uint, c_ulong, c_ushort};

crate::structs! {
    "sys/sysinfo.h" {
        /// `struct sysinfo`: uptime, the load averages (fixed point, 16 fraction bits), memory
        /// and swap in units of `mem_unit` bytes, the number of processes. musl's has 256
        /// reserved bytes past the kernel's.
        #[c = "struct sysinfo"]
        #[derive(Clone, Copy)]
        pub struct Sysinfo {
            pub uptime: c_ulong,
            pub loads: [c_ulong; 3],
            pub totalram: c_ulong,
            pub freeram: c_ulong,
            pub sharedram: c_ulong,
            pub bufferram: c_ulong,
            pub totalswap: c_ulong,
            pub freeswap: c_ulong,
            pub procs: c_ushort,
            pub pad: c_ushort,
            pub totalhigh: c_ulong,
            pub freehigh: c_ulong,
            pub mem_unit: c_uint,
            #[c = "__reserved"]
            pub reserved: [c_char; 256],
        }
    }
}
