//! `<stdio.h>`: `FILE` and the standard streams, opening, reading, writing, positioning and
//! buffering them, and the printf family.
//!
//! - [`file`]: the `FILE` type, its buffer and lock ([`lock`]), its operations table, and
//!   `stdin`/`stdout`/`stderr`; `fdio`: the descriptor backend; `ofl`: the list of open
//!   streams, for `fflush(NULL)`, `exit` and `fork`.
//! - Other backends: [`fmemopen`], [`memstream`] (`open_memstream`), [`wmemstream`]
//!   (`open_wmemstream`), [`cookie`] (`fopencookie`), and [`popen`] (`popen`/`pclose`, a
//!   descriptor stream on a pipe).
//! - `fopen`/`fdopen`, `freopen`, `fclose`; `fgetc`, `fgets`, `fread`, `getdelim`, `ungetc`;
//!   `fputc`, `fputs`, `fwrite`, `fflush` ([`flush_all`]); `fseek`, `ftell`; `setvbuf`;
//!   `feof` (the indicators); `flockfile`; `ext` (`<stdio_ext.h>`); `remove`, `perror`,
//!   `tmpfile`: one family per file, each with its `*_unlocked` forms.
//! - [`printf`]: the formatter, generic over where arguments come from and where bytes go.
//! - `vfprintf`, `vsnprintf`, `vdprintf`: the `v*` functions over a `FILE`, a buffer, a descriptor.
//! - [`strfmon`]: `<monetary.h>`'s `strfmon` and `strfmon_l`, over the printf core's `%f`.
//! - [`wide`]: `fwide` and the wide character I/O (`fgetwc`, `fputwc`, `fgetws`, `fputws`, `ungetwc`).
//! - [`scanf`]: the scanner (generic over its input and pointer source) and `vfscanf`,
//!   `vscanf`, `vsscanf` (x86_64 only, for its `long double`); [`wscanf`]: `vfwscanf`,
//!   `vswscanf`, `vwscanf` over the scanner's wide directive loop.
//! - [`variadic`]: the variadic entry points (`printf`, `scanf`, `wprintf`, ...), trampolines
//!   made by limpet-va into the `v*` functions.
//!
//! Every C function is exported only with the `export` feature; without it they are plain
//! Rust functions. The Rust entry points are [`flush_all`], [`fd_printf`], [`buf_printf`]
//! and [`printf::format`].
#![cfg_attr(not(test), no_std)]

pub mod abi;
pub mod cookie;
pub mod ctermid;
pub mod cuserid;
pub mod ecvt;
pub mod ext;
pub mod fclose;
mod fdio;
pub mod feof;
pub mod fflush;
pub mod fgetc;
pub mod fgetln;
pub mod fgets;
pub mod file;
pub mod flockfile;
pub mod fmemopen;
pub mod fopen;
pub mod fputc;
pub mod fputs;
pub mod fread;
pub mod freopen;
pub mod fseek;
pub mod ftell;
pub mod fwrite;
pub mod getdelim;
pub mod getw;
mod imports;
pub mod lock;
pub mod memstream;
#[cfg(test)]
mod locale_tests;
mod money;
mod ofl;
pub mod perror;
pub mod popen;
pub mod printf;
pub mod remove;
#[cfg(target_arch = "x86_64")]
pub mod scanf;
pub mod setvbuf;
pub mod strfmon;
pub mod tmpfile;
pub mod tmpnam;
pub mod uflow;
pub mod ungetc;
pub mod variadic;
pub mod vasprintf;
pub mod vdprintf;
pub mod vfprintf;
pub mod vsnprintf;
pub mod wide;
pub mod wprintf;
pub mod wmemstream;
#[cfg(target_arch = "x86_64")]
pub mod wscanf;

pub use fflush::flush_all;
pub use file::{FILE, stderr, stdin, stdout};
pub use vdprintf::fd_printf;
pub use vsnprintf::buf_printf;
pub use wprintf::buf_wprintf;

#[cfg(test)]
mod testutil;
