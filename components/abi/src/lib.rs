//! The C types, structs and constants that more than one limpet component shares, defined
//! once, each with the header that defines it.
//!
//! One module per C header (or tight group of headers). Every item is defined through
//! [`constants!`], [`types!`] or [`structs!`], which emit it unchanged and record it in the
//! module's table; `tests/musl_headers.rs` compiles a generated C program against musl's
//! headers and compares every value, size, alignment and field offset with those tables.
//! The few kernel facts musl's headers leave out (`linux/futex.h`, the kernel's
//! `struct sigaction` in `asm/signal.h`) are checked the same way against the kernel's
//! headers, in a second program built with the host's C compiler.
//!
//! Values are x86_64's; where another architecture differs the item is written once per
//! architecture under `#[cfg(target_arch = ...)]`, from musl's headers for that port (only
//! x86_64's are compiled by the check). Components take the items from here, by path or
//! through a `pub use` in their own `abi` module; items only one component uses stay in
//! that component.
#![no_std]

pub mod check;
mod macros;

pub mod aio;

pub mod dirent;
pub mod dlfcn;
pub mod errno;
pub mod ether;
pub mod fcntl;
pub mod fdevent;
pub mod fmtmsg;
pub mod fnmatch;
pub mod futex;
pub mod glob;
pub mod grp;
pub mod ipc;
pub mod limits;
pub mod locale;
pub mod mman;
pub mod mntent;
pub mod nameser;
pub mod netdb;
pub mod netlink;
pub mod poll;
pub mod pwd;
pub mod pthread;
pub mod random;
pub mod regex;
pub mod resource;
pub mod sched;
pub mod search;
pub mod setjmp;
pub mod shadow;
pub mod signal;
pub mod socket;
pub mod spawn;
pub mod stat;
pub mod stdio;
pub mod sysinfo;
pub mod termios;
pub mod time;
pub mod uio;
pub mod unistd;
pub mod utmp;
pub mod utsname;
pub mod wchar;
pub mod wordexp;

/// Every module's records, for the check.
pub const MODULES: &[check::Module] = &[
    check::Module { name: "aio", constants: aio::CONSTANTS, types: &[], structs: aio::STRUCTS },
    check::Module { name: "dirent", constants: dirent::CONSTANTS, types: &[], structs: dirent::STRUCTS },
    check::Module { name: "dlfcn", constants: dlfcn::CONSTANTS, types: &[], structs: dlfcn::STRUCTS },
    check::Module { name: "errno", constants: errno::CONSTANTS, types: &[], structs: &[] },
    check::Module { name: "ether", constants: &[], types: &[], structs: ether::STRUCTS },
    check::Module { name: "fdevent", constants: fdevent::CONSTANTS, types: &[], structs: fdevent::STRUCTS },
    check::Module { name: "fcntl", constants: fcntl::CONSTANTS, types: &[], structs: fcntl::STRUCTS },
    check::Module { name: "fmtmsg", constants: fmtmsg::CONSTANTS, types: &[], structs: &[] },
    check::Module { name: "fnmatch", constants: fnmatch::CONSTANTS, types: &[], structs: &[] },
    check::Module { name: "futex", constants: futex::CONSTANTS, types: &[], structs: &[] },
    check::Module { name: "glob", constants: glob::CONSTANTS, types: &[], structs: glob::STRUCTS },
    check::Module { name: "grp", constants: &[], types: &[], structs: grp::STRUCTS },
    check::Module { name: "ipc", constants: ipc::CONSTANTS, types: ipc::TYPES, structs: ipc::STRUCTS },
    check::Module { name: "limits", constants: limits::CONSTANTS, types: &[], structs: &[] },
    check::Module { name: "locale", constants: &[], types: locale::TYPES, structs: &[] },
    check::Module { name: "mman", constants: mman::CONSTANTS, types: &[], structs: &[] },
    check::Module { name: "mntent", constants: &[], types: &[], structs: mntent::STRUCTS },
    check::Module { name: "nameser", constants: nameser::CONSTANTS, types: &[], structs: nameser::STRUCTS },
    check::Module { name: "netdb", constants: netdb::CONSTANTS, types: &[], structs: netdb::STRUCTS },
    check::Module { name: "netlink", constants: netlink::CONSTANTS, types: &[], structs: netlink::STRUCTS },
    check::Module { name: "poll", constants: poll::CONSTANTS, types: poll::TYPES, structs: poll::STRUCTS },
    check::Module { name: "pthread", constants: pthread::CONSTANTS, types: &[], structs: pthread::STRUCTS },
    check::Module { name: "pwd", constants: &[], types: pwd::TYPES, structs: pwd::STRUCTS },
    check::Module { name: "random", constants: random::CONSTANTS, types: &[], structs: &[] },
    check::Module { name: "regex", constants: regex::CONSTANTS, types: regex::TYPES, structs: regex::STRUCTS },
    check::Module { name: "resource", constants: resource::CONSTANTS, types: resource::TYPES, structs: resource::STRUCTS },
    check::Module { name: "sched", constants: sched::CONSTANTS, types: &[], structs: sched::STRUCTS },
    check::Module { name: "search", constants: search::CONSTANTS, types: search::TYPES, structs: search::STRUCTS },
    check::Module { name: "setjmp", constants: &[], types: &[], structs: setjmp::STRUCTS },
    check::Module { name: "shadow", constants: &[], types: &[], structs: shadow::STRUCTS },
    check::Module { name: "signal", constants: signal::CONSTANTS, types: &[], structs: signal::STRUCTS },
    check::Module { name: "socket", constants: socket::CONSTANTS, types: socket::TYPES, structs: socket::STRUCTS },
    check::Module { name: "spawn", constants: spawn::CONSTANTS, types: &[], structs: spawn::STRUCTS },
    check::Module { name: "stat", constants: stat::CONSTANTS, types: stat::TYPES, structs: stat::STRUCTS },
    check::Module { name: "stdio", constants: stdio::CONSTANTS, types: &[], structs: &[] },
    check::Module { name: "sysinfo", constants: &[], types: &[], structs: sysinfo::STRUCTS },
    check::Module { name: "termios", constants: termios::CONSTANTS, types: termios::TYPES, structs: termios::STRUCTS },
    check::Module { name: "time", constants: time::CONSTANTS, types: &[], structs: time::STRUCTS },
    check::Module { name: "uio", constants: &[], types: &[], structs: uio::STRUCTS },
    check::Module { name: "unistd", constants: unistd::CONSTANTS, types: &[], structs: &[] },
    check::Module { name: "utmp", constants: utmp::CONSTANTS, types: &[], structs: utmp::STRUCTS },
    check::Module { name: "utsname", constants: &[], types: &[], structs: utsname::STRUCTS },
    check::Module { name: "wchar", constants: wchar::CONSTANTS, types: wchar::TYPES, structs: wchar::STRUCTS },
    check::Module { name: "wordexp", constants: wordexp::CONSTANTS, types: &[], structs: wordexp::STRUCTS },
];
