//! Running a misuse of the heap in a forked child that must die of SIGABRT with the
//! allocator's one-line message: the corruption suites of both allocators use it. The heap
//! lock is held across the fork, as limpet's fork hooks do, so the child never inherits a
//! heap another test thread was changing.
use core::ptr::NonNull;

use crate::heap::{test_fork_done, test_fork_prepare};

unsafe extern "C" {
    fn fork() -> i32;
    fn pipe(fds: *mut i32) -> i32;
    fn dup2(old: i32, new: i32) -> i32;
    fn close(fd: i32) -> i32;
    fn read(fd: i32, buf: *mut u8, n: usize) -> isize;
    fn waitpid(pid: i32, status: *mut i32, options: i32) -> i32;
    fn _exit(code: i32) -> !;
}

/// Announces, on stderr, the line the allocator must print next.
pub fn expect(what: &str, p: NonNull<u8>) {
    let msg = format!("expect: limpet: malloc: {what} {:#x}\n", p.as_ptr() as usize);
    // SAFETY: writing a live buffer to fd 2.
    unsafe { limpet_syscall::syscall3(limpet_syscall::nr::WRITE, 2, msg.as_ptr() as usize, msg.len()) };
}

/// Runs `case` in a child, with stderr into a pipe. The case announces the message with
/// [`expect`] and then misuses the heap; the child must die of SIGABRT, having printed that
/// line and nothing else.
pub fn must_abort(case: fn()) {
    let mut fds = [0i32; 2];
    // SAFETY: plain libc calls; the child touches this allocator, fd 2 and `_exit` only.
    let (status, text) = unsafe {
        assert_eq!(pipe(fds.as_mut_ptr()), 0);
        test_fork_prepare();
        let pid = fork();
        test_fork_done(pid == 0);
        if pid == 0 {
            dup2(fds[1], 2);
            case();
            _exit(0);
        }
        assert!(pid > 0);
        close(fds[1]);
        let mut out = Vec::new();
        let mut buf = [0u8; 256];
        loop {
            let n = read(fds[0], buf.as_mut_ptr(), buf.len());
            if n <= 0 {
                break;
            }
            out.extend_from_slice(&buf[..n as usize]);
        }
        close(fds[0]);
        let mut status = 0;
        assert_eq!(waitpid(pid, &mut status, 0), pid);
        (status, String::from_utf8_lossy(&out).into_owned())
    };
    // Killed by signal 6, no core dump bit needed.
    assert_eq!(status & 0x7f, 6, "child status {status:#x}, stderr {text:?}");
    // Under qemu-user the emulator reports the signal on the same stderr.
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with("qemu: uncaught target signal")).collect();
    assert_eq!(lines.len(), 2, "stderr {text:?}");
    assert_eq!(Some(lines[1]), lines[0].strip_prefix("expect: "), "stderr {text:?}");
}

