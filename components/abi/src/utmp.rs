//! `<utmpx.h>` and `<utmp.h>`: musl's login record `struct utmpx` (`struct utmp` is a macro
//! for it), its `ut_type` values and field sizes; and [`DiskRecord`], the record the utmp
//! and wtmp files hold on Linux, which is glibc's `struct utmp`, not musl's.
//!
//! The two differ: musl's `ut_tv` is a 64-bit `struct timeval` after `ut_session` and a pad
//! word (400 bytes in all), glibc keeps `ut_session` and both halves of `ut_tv` 32-bit so
//! that 32- and 64-bit programs share the files (384 bytes; on aarch64, which has no such
//! programs, glibc's record is 400 bytes with a `long` session and a 64-bit `ut_tv`). /var/run/utmp and
//! /var/log/wtmp are written by glibc programs (login, sshd, systemd), so limpet-users reads
//! and writes [`DiskRecord`] and converts. Its layout is checked against glibc's own header
//! (`host:` below: the host's gcc, as for the kernel's headers).
use core::ffi::{c_char, c_int, c_short};

use crate::time::Timeval;

crate::constants! {
    "utmpx.h" {
        /// No valid entry.
        pub const EMPTY: c_short = 0;
        /// The system's run level.
        pub const RUN_LVL: c_short = 1;
        /// The time of boot.
        pub const BOOT_TIME: c_short = 2;
        /// The time after a change of the clock.
        pub const NEW_TIME: c_short = 3;
        /// The time before a change of the clock.
        pub const OLD_TIME: c_short = 4;
        /// A process init started.
        pub const INIT_PROCESS: c_short = 5;
        /// A session leader waiting for a login.
        pub const LOGIN_PROCESS: c_short = 6;
        /// A user's session.
        pub const USER_PROCESS: c_short = 7;
        /// A session that ended.
        pub const DEAD_PROCESS: c_short = 8;
    }
    "utmp.h" {
        /// Accounting (no search matches it).
        pub const ACCOUNTING: c_short = 9;
        /// `ut_user`'s size.
        pub const UT_NAMESIZE: usize = 32;
        /// `ut_line`'s size.
        pub const UT_LINESIZE: usize = 32;
        /// `ut_host`'s size.
        pub const UT_HOSTSIZE: usize = 256;
        /// `ut_id`'s size (musl's header writes the number only in the struct).
        #[c = "sizeof ((struct utmpx *)0)->ut_id"]
        pub const UT_IDSIZE: usize = 4;
        /// The size of the reserved tail of both records.
        #[c = "sizeof ((struct utmpx *)0)->__unused"]
        pub const UT_RESERVED: usize = 20;
    }
}

crate::structs! {
    "utmpx.h" {
        /// `struct utmpx` (and, through a macro, `struct utmp`): one login record, as musl
        /// programs see it.
        #[c = "struct utmpx"]
        #[derive(Clone, Copy)]
        pub struct Utmpx {
            pub ut_type: c_short,
            #[c = "__ut_pad1"]
            pub ut_pad1: c_short,
            pub ut_pid: c_int,
            pub ut_line: [c_char; UT_LINESIZE],
            pub ut_id: [c_char; UT_IDSIZE],
            pub ut_user: [c_char; UT_NAMESIZE],
            pub ut_host: [c_char; UT_HOSTSIZE],
            /// `e_termination`, `e_exit`.
            pub ut_exit: [c_short; 2],
            pub ut_session: c_int,
            #[c = "__ut_pad2"]
            pub ut_pad2: c_int,
            pub ut_tv: Timeval,
            pub ut_addr_v6: [u32; 4],
            #[c = "__unused"]
            pub unused: [c_char; UT_RESERVED],
        }
    }
    "host:utmp.h" {
        /// glibc's `struct utmp`: the record of /var/run/utmp and /var/log/wtmp on Linux,
        /// where glibc keeps it the same for 32- and 64-bit programs
        /// (`__WORDSIZE_TIME64_COMPAT32`: x86_64, riscv64): `ut_session` and both halves of
        /// `ut_tv` 32-bit.
        #[cfg(not(target_arch = "aarch64"))]
        #[c = "struct utmp"]
        #[derive(Clone, Copy)]
        pub struct DiskRecord {
            pub ut_type: c_short,
            /// The padding before `ut_pid`, which glibc's header does not name.
            #[c = _]
            pub pad: c_short,
            pub ut_pid: c_int,
            pub ut_line: [c_char; UT_LINESIZE],
            pub ut_id: [c_char; UT_IDSIZE],
            pub ut_user: [c_char; UT_NAMESIZE],
            pub ut_host: [c_char; UT_HOSTSIZE],
            pub ut_exit: [c_short; 2],
            pub ut_session: i32,
            /// Seconds and microseconds, each 32 bits.
            pub ut_tv: [i32; 2],
            pub ut_addr_v6: [i32; 4],
            #[c = "__glibc_reserved"]
            pub reserved: [c_char; UT_RESERVED],
        }

        /// glibc's `struct utmp` on aarch64, which has no 32-bit programs to share the files
        /// with (`__WORDSIZE_TIME64_COMPAT32` is 0 in its headers): `ut_session` a `long`,
        /// `ut_tv` a 64-bit `struct timeval`, 400 bytes with the tail's padding.
        #[cfg(target_arch = "aarch64")]
        #[c = "struct utmp"]
        #[derive(Clone, Copy)]
        pub struct DiskRecord {
            pub ut_type: c_short,
            /// The padding before `ut_pid`, which glibc's header does not name.
            #[c = _]
            pub pad: c_short,
            pub ut_pid: c_int,
            pub ut_line: [c_char; UT_LINESIZE],
            pub ut_id: [c_char; UT_IDSIZE],
            pub ut_user: [c_char; UT_NAMESIZE],
            pub ut_host: [c_char; UT_HOSTSIZE],
            pub ut_exit: [c_short; 2],
            pub ut_session: i64,
            /// Seconds and microseconds, each 64 bits.
            pub ut_tv: [i64; 2],
            pub ut_addr_v6: [i32; 4],
            #[c = "__glibc_reserved"]
            pub reserved: [c_char; UT_RESERVED],
            /// The padding after `__glibc_reserved` (to the 8-byte alignment), named so that
            /// every byte of the record is a field's.
            #[c = _]
            pub tail: [c_char; 4],
        }
    }
}

impl Utmpx {
    /// The all-zero record (type `EMPTY`).
    pub const ZERO: Utmpx = Utmpx {
        ut_type: EMPTY,
        ut_pad1: 0,
        ut_pid: 0,
        ut_line: [0; UT_LINESIZE],
        ut_id: [0; UT_IDSIZE],
        ut_user: [0; UT_NAMESIZE],
        ut_host: [0; UT_HOSTSIZE],
        ut_exit: [0; 2],
        ut_session: 0,
        ut_pad2: 0,
        ut_tv: Timeval { tv_sec: 0, tv_usec: 0 },
        ut_addr_v6: [0; 4],
        unused: [0; UT_RESERVED],
    };
}

impl DiskRecord {
    /// The all-zero record.
    pub const ZERO: DiskRecord = DiskRecord {
        ut_type: EMPTY,
        pad: 0,
        ut_pid: 0,
        ut_line: [0; UT_LINESIZE],
        ut_id: [0; UT_IDSIZE],
        ut_user: [0; UT_NAMESIZE],
        ut_host: [0; UT_HOSTSIZE],
        ut_exit: [0; 2],
        ut_session: 0,
        ut_tv: [0; 2],
        ut_addr_v6: [0; 4],
        reserved: [0; UT_RESERVED],
        #[cfg(target_arch = "aarch64")]
        tail: [0; 4],
    };
}
