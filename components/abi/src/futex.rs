//! `<linux/futex.h>`: the futex operations and the bits of a robust or priority-inheriting
//! futex word, which the kernel defines and musl's headers leave out (checked against the
//! kernel's headers).
use core::ffi::c_int;

crate::constants! {
    "linux/futex.h" {
        pub const FUTEX_WAIT: c_int = 0;
        pub const FUTEX_WAKE: c_int = 1;
        pub const FUTEX_LOCK_PI: c_int = 6;
        pub const FUTEX_UNLOCK_PI: c_int = 7;
        pub const FUTEX_TRYLOCK_PI: c_int = 8;
        pub const FUTEX_WAIT_BITSET: c_int = 9;
        /// `FUTEX_LOCK_PI` with a `CLOCK_MONOTONIC` deadline (Linux 5.14).
        pub const FUTEX_LOCK_PI2: c_int = 13;
        /// The operation's bit for a futex only this process's threads use.
        pub const FUTEX_PRIVATE_FLAG: c_int = 128;
        /// The operation's bit for a deadline on `CLOCK_REALTIME` (else `CLOCK_MONOTONIC`).
        pub const FUTEX_CLOCK_REALTIME: c_int = 256;
        /// The bitset of a `FUTEX_WAIT_BITSET` any wake-up wakes.
        pub const FUTEX_BITSET_MATCH_ANY: u32 = 0xffff_ffff;

        /// A robust or priority-inheriting futex word: the holder's thread id, with a bit for
        /// "threads may sleep on it" and one for "the holder died".
        pub const FUTEX_WAITERS: u32 = 0x8000_0000;
        pub const FUTEX_OWNER_DIED: u32 = 0x4000_0000;
        pub const FUTEX_TID_MASK: u32 = 0x3fff_ffff;
    }
}
