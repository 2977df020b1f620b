//! `<string.h>`, `<strings.h>` and the string half of `<wchar.h>`: the memory, byte-string
//! and wide-string functions, and the `strerror`/`strsignal` message tables.
//!
//! Each C function (or tight family) lives in its own file and is a thin entry point over
//! the cores of `arch` (see there for the backends: portable word-at-a-time, x86_64
//! SSE2/AVX2 chosen at run time, and the size profile's byte loops), or over `twoway`, the
//! linear-time substring search. The C symbols are exported only with the `export`
//! feature; without it every function is an ordinary Rust `unsafe extern "C" fn` that other
//! Rust code (and this crate's tests) can call by path, e.g. `limpet_string::memcpy`.
//!
//! `#![no_builtins]` is load-bearing: without it LLVM recognises the byte and word loops
//! below as `memcpy`/`memset`/`memcmp` idioms and replaces them with calls to those very
//! functions, which then call themselves.
#![no_builtins]
#![cfg_attr(not(test), no_std)]

pub mod api;
mod arch;
mod case;
mod imports;
mod twoway;

mod bcmp;
mod bcopy;
mod bzero;
mod ffs;
mod index;
mod libgen;
mod memccpy;
mod memchr;
mod memcmp;
mod memcpy;
mod memmem;
mod memmove;
mod mempcpy;
mod memrchr;
mod memset;
mod stpcpy;
mod stpncpy;
mod strcasecmp;
mod strcasestr;
mod strcat;
mod strchr;
mod strchrnul;
mod strcmp;
mod strcoll;
mod strcpy;
mod strdup;
mod strerror;
mod strerror_r;
mod strlcat;
mod strlcpy;
mod strlen;
mod strncat;
mod strncmp;
mod strncpy;
mod strndup;
mod strnlen;
mod strrchr;
mod strsep;
mod strsignal;
mod strspn;
mod strstr;
mod strtok;
mod strverscmp;
mod strxfrm;
mod swab;
mod wcscasecmp;
mod wcscat;
mod wcschr;
mod wcscmp;
mod wcscoll;
mod wcscpy;
mod wcsdup;
mod wcslen;
mod wcsncpy;
mod wcsspn;
mod wcsstr;
mod wcstok;
mod wcsxfrm;
mod wmemchr;
mod wmemcmp;
mod wmemcpy;
mod wmemset;

#[cfg(test)]
mod testutil;

pub use bcmp::bcmp;
pub use bcopy::bcopy;
pub use bzero::{bzero, explicit_bzero};
pub use ffs::{ffs, ffsl, ffsll};
pub use index::{index, rindex};
pub use libgen::{__xpg_basename, basename, dirname};
pub use memccpy::memccpy;
pub use memchr::memchr;
pub use memcmp::memcmp;
pub use memcpy::memcpy;
pub use memmem::memmem;
pub use memmove::memmove;
pub use mempcpy::mempcpy;
pub use memrchr::memrchr;
pub use memset::memset;
pub use stpcpy::stpcpy;
pub use stpncpy::stpncpy;
pub use strcasecmp::{__strcasecmp_l, __strncasecmp_l, strcasecmp, strcasecmp_l, strncasecmp, strncasecmp_l};
pub use strcasestr::strcasestr;
pub use strcat::strcat;
pub use strchr::strchr;
pub use strchrnul::strchrnul;
pub use strcmp::strcmp;
pub use strcoll::{__strcoll_l, strcoll, strcoll_l};
pub use strcpy::strcpy;
pub use strdup::strdup;
pub use strerror::{__strerror_l, strerror, strerror_l, strerror_message};
pub use strerror_r::{__xpg_strerror_r, strerror_r};
pub use strlcat::strlcat;
pub use strlcpy::strlcpy;
pub use strlen::strlen;
pub use strncat::strncat;
pub use strncmp::strncmp;
pub use strncpy::strncpy;
pub use strndup::strndup;
pub use strnlen::strnlen;
pub use strrchr::strrchr;
pub use strsep::strsep;
pub use strsignal::strsignal;
pub use strspn::{strcspn, strpbrk, strspn};
pub use strstr::strstr;
pub use strtok::{strtok, strtok_r};
pub use strverscmp::strverscmp;
pub use strxfrm::{__strxfrm_l, strxfrm, strxfrm_l};
pub use swab::swab;
pub use wcscasecmp::{wcscasecmp, wcscasecmp_l, wcsncasecmp, wcsncasecmp_l};
pub use wcscat::{wcscat, wcsncat};
pub use wcschr::{wcschr, wcsrchr};
pub use wcscmp::{wcscmp, wcsncmp};
pub use wcscoll::{__wcscoll_l, wcscoll, wcscoll_l};
pub use wcscpy::{wcpcpy, wcscpy};
pub use wcsdup::wcsdup;
pub use wcslen::{wcslen, wcsnlen};
pub use wcsncpy::{wcpncpy, wcsncpy};
pub use wcsspn::{wcscspn, wcspbrk, wcsspn};
pub use wcsstr::{wcsstr, wcswcs};
pub use wcstok::wcstok;
pub use wcsxfrm::{__wcsxfrm_l, wcsxfrm, wcsxfrm_l};
pub use wmemchr::wmemchr;
pub use wmemcmp::wmemcmp;
pub use wmemcpy::{wmemcpy, wmemmove};
pub use wmemset::wmemset;

/// C's `wchar_t` on this target, as musl defines it: `unsigned` on aarch64, `int` elsewhere.
#[allow(non_camel_case_types)]
#[cfg(target_arch = "aarch64")]
pub type wchar_t = u32;
/// C's `wchar_t` on this target, as musl defines it: `unsigned` on aarch64, `int` elsewhere.
#[allow(non_camel_case_types)]
#[cfg(not(target_arch = "aarch64"))]
pub type wchar_t = i32;

/// C's `locale_t`, an opaque pointer. The `_l` functions accept any value: every locale
/// limpet has (C and C.UTF-8, as in musl) behaves the same for them.
#[allow(non_camel_case_types)]
pub type locale_t = *mut core::ffi::c_void;
