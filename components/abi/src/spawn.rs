//! `<spawn.h>`: `posix_spawn`'s flags and its two argument objects, which limpet-process
//! fills and limpet-stdio's `popen` passes.
use core::ffi::{c_int, c_void};

use crate::signal::SigSet;

crate::constants! {
    "spawn.h" {
        pub const POSIX_SPAWN_RESETIDS: c_int = 1;
        pub const POSIX_SPAWN_SETPGROUP: c_int = 2;
        pub const POSIX_SPAWN_SETSIGDEF: c_int = 4;
        pub const POSIX_SPAWN_SETSIGMASK: c_int = 8;
        pub const POSIX_SPAWN_SETSCHEDPARAM: c_int = 16;
        pub const POSIX_SPAWN_SETSCHEDULER: c_int = 32;
        pub const POSIX_SPAWN_USEVFORK: c_int = 64;
        pub const POSIX_SPAWN_SETSID: c_int = 128;
    }
}

/// `posix_spawnattr_t`'s tail, which nothing reads: 64 bytes with `__fn`.
const SPAWNATTR_PAD: usize = 64 - size_of::<*mut c_void>();
/// `posix_spawn_file_actions_t`'s words around the list head.
const FILE_ACTIONS_PAD0: usize = 2;
const FILE_ACTIONS_PAD: usize = 16;

crate::structs! {
    "spawn.h" {
        /// `posix_spawnattr_t`; all zero is the default attribute object.
        #[c = "posix_spawnattr_t"]
        pub struct SpawnAttr {
            #[c = "__flags"]
            pub flags: c_int,
            #[c = "__pgrp"]
            pub pgrp: c_int,
            #[c = "__def"]
            pub sigdefault: SigSet,
            #[c = "__mask"]
            pub sigmask: SigSet,
            #[c = "__prio"]
            pub prio: c_int,
            #[c = "__pol"]
            pub policy: c_int,
            #[c = "__fn"]
            unused_fn: *mut c_void,
            #[c = "__pad"]
            pad: [u8; SPAWNATTR_PAD],
        }

        /// `posix_spawn_file_actions_t`: limpet-process keeps its list head in `__actions`;
        /// all zero is an empty list.
        #[c = "posix_spawn_file_actions_t"]
        pub struct FileActions {
            #[c = "__pad0"]
            pad0: [c_int; FILE_ACTIONS_PAD0],
            #[c = "__actions"]
            pub actions: *mut c_void,
            #[c = "__pad"]
            pad: [c_int; FILE_ACTIONS_PAD],
        }
    }
}
