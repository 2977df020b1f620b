//! `<unistd.h>`: the names `confstr` answers for.
use core::ffi::c_int;

crate::constants! {
    "unistd.h" {
        /// The search path that finds every standard utility.
        pub const _CS_PATH: c_int = 0;
        /// The programming environments of POSIX.1-2001 with `int`, `long`, pointers and
        /// `off_t` of at most 32 bits (an empty list here).
        pub const _CS_POSIX_V6_WIDTH_RESTRICTED_ENVS: c_int = 1;
        /// glibc's version string; musl has none.
        pub const _CS_GNU_LIBC_VERSION: c_int = 2;
        /// glibc's threads' version string; musl has none.
        pub const _CS_GNU_LIBPTHREAD_VERSION: c_int = 3;
        /// POSIX.1-2008's form of [`_CS_POSIX_V6_WIDTH_RESTRICTED_ENVS`].
        pub const _CS_POSIX_V7_WIDTH_RESTRICTED_ENVS: c_int = 5;
        /// The first of the compiler and linker flags of each programming environment,
        /// POSIX.1-2001's then POSIX.1-2008's, four per environment.
        pub const _CS_POSIX_V6_ILP32_OFF32_CFLAGS: c_int = 1116;
        /// The environment variables a conforming POSIX.1-2008 application needs: the last
        /// name after the flags (`_CS_V6_ENV` is the one before it).
        pub const _CS_V7_ENV: c_int = 1149;
    }
}
