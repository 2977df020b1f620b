//! The standard streams end to end: a child process points stdout and stderr at one pipe
//! and runs the calls of `musl/std_streams.c`; the bytes must come out in the order musl
//! produced them (`musl/std_streams.out`), which shows that each stream buffers and flushes
//! as musl's does (stdout fully buffered on a pipe after its first line, stderr unbuffered).
#![cfg(target_arch = "x86_64")]
use core::ffi::{c_char, c_int};

use limpet_stdio::file::FILE;
use limpet_stdio::{fflush, fputc, fputs, fwrite, stderr, stdout, variadic};

unsafe extern "C" {
    fn pipe(fds: *mut c_int) -> c_int;
    fn dup2(old: c_int, new: c_int) -> c_int;
    fn fork() -> c_int;
    fn waitpid(pid: c_int, status: *mut c_int, options: c_int) -> c_int;
    fn read(fd: c_int, buf: *mut u8, n: usize) -> isize;
    fn close(fd: c_int) -> c_int;
    fn _exit(code: c_int) -> !;
}

type Printf = unsafe extern "C" fn(*const c_char, ...) -> c_int;
type Fprintf = unsafe extern "C" fn(*mut FILE, *const c_char, ...) -> c_int;
type Dprintf = unsafe extern "C" fn(c_int, *const c_char, ...) -> c_int;

/// The calls of std_streams.c, on limpet's streams.
unsafe fn sequence(big: *const c_char) {
    unsafe {
        let printf: Printf = core::mem::transmute(variadic::printf as *const ());
        let fprintf: Fprintf = core::mem::transmute(variadic::fprintf as *const ());
        let dprintf: Dprintf = core::mem::transmute(variadic::dprintf as *const ());
        let (out, err) = (stdout.0, stderr.0);
        printf(c"a\n".as_ptr());
        fprintf(err, c"b%d\n".as_ptr(), 1);
        printf(c"c%s".as_ptr(), c"\n".as_ptr());
        fputs::fputs(c"d\n".as_ptr(), err);
        printf(c"e".as_ptr());
        fprintf(err, c"f%d\n".as_ptr(), 1);
        fputs::fputs(c"ghi\njk".as_ptr(), out);
        fputc::fputc(c_int::from(b'l'), err);
        fputc::putchar(c_int::from(b'\n'));
        fwrite::fwrite(c"mn\n".as_ptr().cast(), 1, 3, err);
        fputs::puts(c"o".as_ptr());
        fflush::fflush(out);
        fputs::fputs(c"p\n".as_ptr(), out);
        fputs::fputs(c"q".as_ptr(), out);
        fputs::fputs(big, out);
        fputs::fputs(c"r\n".as_ptr(), err);
        printf(c"%s".as_ptr(), c"s\n".as_ptr());
        fprintf(err, c"%0100d\n".as_ptr(), 0);
        fputc::putc(c_int::from(b't'), out);
        dprintf(2, c"u\n".as_ptr());
    }
}

#[test]
fn output_order_matches_musl() {
    let mut big = vec![b'x'; 1498];
    big.extend_from_slice(b"\n\0");
    let mut fds = [0; 2];
    assert_eq!(unsafe { pipe(fds.as_mut_ptr()) }, 0);
    let pid = unsafe { fork() };
    assert!(pid >= 0);
    if pid == 0 {
        // The child: no allocation, no std; only limpet's stdio and raw descriptors.
        unsafe {
            dup2(fds[1], 1);
            dup2(fds[1], 2);
            close(fds[0]);
            close(fds[1]);
            sequence(big.as_ptr().cast());
            // What exit does.
            let ok = limpet_stdio::flush_all();
            _exit(if ok { 0 } else { 1 });
        }
    }
    unsafe { close(fds[1]) };
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        let n = unsafe { read(fds[0], buf.as_mut_ptr(), buf.len()) };
        if n <= 0 {
            break;
        }
        got.extend_from_slice(&buf[..n as usize]);
    }
    let mut status = 0;
    assert_eq!(unsafe { waitpid(pid, &mut status, 0) }, pid);
    assert_eq!(status, 0, "child failed");
    let want = include_bytes!("musl/std_streams.out");
    assert!(got == want, "got:\n{}\nwant:\n{}", String::from_utf8_lossy(&got), String::from_utf8_lossy(want));
}
