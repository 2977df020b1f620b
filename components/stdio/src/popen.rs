//! `popen` and `pclose`: a descriptor stream on a pipe to a shell command.
//!
//! The child is started by the process component's `posix_spawn` (a fork that makes only
//! system calls before it execs `/bin/sh -c command`), with the pipe's other end moved
//! onto its stdin or stdout and, as POSIX requires, the descriptors of every other stream
//! `popen` opened closed. The open-file list's lock is held meanwhile, so no such stream
//! can come or go half-way.
use core::ffi::{CStr, c_char, c_int};
use core::mem::MaybeUninit;
use core::ptr::{null, null_mut};
use core::sync::atomic::Ordering;

use limpet_process::abi::FileActions;
use limpet_process::spawn::actions::{
    posix_spawn_file_actions_addclose, posix_spawn_file_actions_adddup2, posix_spawn_file_actions_destroy,
    posix_spawn_file_actions_init,
};
use limpet_process::spawn::run::posix_spawn;
use limpet_syscall::errno::{EINTR, EINVAL, ENOMEM};
use limpet_syscall::{nr, result, set_errno, syscall2, syscall4};

use crate::abi::{F_SETFD, O_CLOEXEC};
use crate::fclose::fclose;
use crate::fdio::close_fd;
use crate::file::FILE;
use crate::fopen::{fcntl, fdopen};

/// Starts `/bin/sh -c cmd` with `child_end` as its descriptor `target`, closing the
/// other `popen` streams' descriptors in the child. Called with the open-file list locked.
/// Returns the child's pid, or an error number.
///
/// # Safety
/// `cmd` must be a C string.
unsafe fn spawn_shell(cmd: *const c_char, child_end: c_int, target: c_int) -> Result<c_int, c_int> {
    let mut fa = MaybeUninit::<FileActions>::uninit();
    let fa = fa.as_mut_ptr();
    // SAFETY: `fa` is ours to initialise.
    if unsafe { posix_spawn_file_actions_init(fa) } != 0 {
        return Err(ENOMEM);
    }
    let mut ok = true;
    crate::ofl::each_listed(|g| {
        if ok && g.pipe_pid.load(Ordering::Relaxed) != 0 {
            // SAFETY: `fa` was initialised above.
            ok = unsafe { posix_spawn_file_actions_addclose(fa, g.pipe_fd.load(Ordering::Relaxed)) } == 0;
        }
    });
    // SAFETY: as above.
    let r = if ok && unsafe { posix_spawn_file_actions_adddup2(fa, child_end, target) } == 0 {
        let argv = [c"sh".as_ptr(), c"-c".as_ptr(), cmd, null()];
        let mut pid = 0;
        // SAFETY: a read of limpet-start's `environ` pointer itself, which C programs change
        // only between calls.
        let envp = unsafe { limpet_start::env::environ }.cast_const().cast();
        // SAFETY: the arguments are C strings and null-terminated arrays; `envp` is the
        // process's environment.
        match unsafe { posix_spawn(&mut pid, c"/bin/sh".as_ptr(), fa, null(), argv.as_ptr(), envp) } {
            0 => Ok(pid),
            e => Err(e),
        }
    } else {
        Err(ENOMEM)
    };
    // SAFETY: initialised above; nothing uses it afterwards.
    unsafe { posix_spawn_file_actions_destroy(fa) };
    r
}

/// `popen(command, mode)`—Runs `command` with `/bin/sh -c` and returns a stream on a pipe
/// to it: mode `r` reads the command's standard output, `w` writes its standard input.
/// An `e` in the mode keeps the stream's descriptor close-on-exec (without it, programs
/// the caller starts later inherit it); the child never inherits the descriptors of
/// other `popen` streams. Close it with `pclose`. Returns null with errno set: EINVAL for
/// a mode not starting with `r` or `w`, the error of `pipe2` or of starting the shell
/// (ENOMEM, EMFILE, ...).
///
/// # Safety
/// `command` and `mode` must be C strings.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn popen(command: *const c_char, mode: *const c_char) -> *mut FILE {
    // SAFETY: the caller vouches for `mode`.
    let m = unsafe { CStr::from_ptr(mode) }.to_bytes();
    // Our end of the pipe: the read end (0) for "r", the write end (1) for "w"; the
    // child's end becomes its descriptor of the same number as the other (stdout or stdin).
    let ours = match m.first() {
        Some(b'r') => 0,
        Some(b'w') => 1,
        _ => {
            set_errno(EINVAL);
            return null_mut();
        }
    };
    let theirs = 1 - ours;
    let mut p = [0 as c_int; 2];
    // SAFETY: `p` is a local pair.
    if let Err(e) = result(unsafe { syscall2(nr::PIPE2, p.as_mut_ptr() as usize, O_CLOEXEC as usize) }) {
        set_errno(e);
        return null_mut();
    }
    // SAFETY: the caller vouches for `mode`.
    let f = unsafe { fdopen(p[ours], mode) };
    if f.is_null() {
        close_fd(p[0]);
        close_fd(p[1]);
        return null_mut();
    }
    crate::ofl::lock();
    // SAFETY: the caller vouches for `command`.
    let spawned = unsafe { spawn_shell(command, p[theirs], theirs as c_int) };
    if let Ok(pid) = spawned {
        // SAFETY: `f` is ours until returned.
        unsafe {
            (*f).pipe_fd.store(p[ours], Ordering::Relaxed);
            (*f).pipe_pid.store(pid, Ordering::Relaxed);
        }
    }
    // SAFETY: taken above.
    unsafe { crate::ofl::unlock() };
    close_fd(p[theirs]);
    match spawned {
        Ok(_) => {
            if !m.contains(&b'e') {
                let _ = fcntl(p[ours], F_SETFD, 0);
            }
            f
        }
        Err(e) => {
            // SAFETY: `f` came from fdopen and was never handed out.
            unsafe { fclose(f) };
            set_errno(e);
            null_mut()
        }
    }
}

/// `pclose(f)`—Closes a stream `popen` returned, waits for its command to end, and
/// returns the command's wait status (as `waitpid` stores it), or -1 with errno set
/// (ECHILD if the child was already reaped). Waiting goes on through signals (EINTR).
///
/// # Safety
/// `f` must be a stream from `popen`, not used again.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pclose(f: *mut FILE) -> c_int {
    // The stream stops being a popen stream before its descriptor is closed: a `popen`
    // in another thread could otherwise get that number for its new pipe and, still
    // finding it listed here, have its own child close it. (musl has that race: such a
    // popen fails with EBADF.)
    crate::ofl::lock();
    // SAFETY: the caller vouches for `f`, which stays valid until fclose.
    let pid = unsafe { (*f).pipe_pid.swap(0, Ordering::Relaxed) };
    // SAFETY: taken above.
    unsafe { crate::ofl::unlock() };
    // SAFETY: forwarded contract; its result does not matter to the status.
    unsafe { fclose(f) };
    let mut status: c_int = 0;
    loop {
        // SAFETY: `status` is a local; no rusage.
        let r = unsafe { syscall4(nr::WAIT4, pid as usize, &raw mut status as usize, 0, 0) };
        match result(r) {
            Err(EINTR) => continue,
            Err(e) => {
                set_errno(e);
                return -1;
            }
            Ok(_) => return status,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{TmpFile, errno};
    use limpet_syscall::errno::ECHILD;

    fn read_all(f: *mut FILE) -> Vec<u8> {
        let mut out = Vec::new();
        loop {
            let c = unsafe { crate::fgetc::fgetc(f) };
            if c < 0 {
                return out;
            }
            out.push(c as u8);
        }
    }

    #[test]
    fn reads_a_commands_output_and_returns_its_status() {
        unsafe {
            let f = popen(c"echo hello; printf world; exit 3".as_ptr(), c"r".as_ptr());
            assert!(!f.is_null());
            assert_eq!(read_all(f), b"hello\nworld");
            assert_eq!(pclose(f), 3 << 8);
            let f = popen(c"kill -TERM $$".as_ptr(), c"r".as_ptr());
            assert_eq!(pclose(f), 15);
        }
    }

    #[test]
    fn writes_a_commands_input() {
        let t = TmpFile::new("popen-w", None);
        let cmd = std::ffi::CString::new(format!("tr a-z A-Z > {}", t.path.display())).unwrap();
        unsafe {
            let f = popen(cmd.as_ptr(), c"w".as_ptr());
            assert!(!f.is_null());
            crate::fputs::fputs(c"shout\n".as_ptr(), f);
            assert_eq!(pclose(f), 0);
        }
        assert_eq!(t.read(), b"SHOUT\n");
    }

    #[test]
    fn close_on_exec_follows_the_e_and_other_popen_descriptors_stay_behind() {
        unsafe {
            for (mode, want) in [(c"r", 0), (c"re", 1), (c"w", 0), (c"we", 1)] {
                let f = popen(c"cat >/dev/null".as_ptr(), mode.as_ptr());
                let fd = (*f).pipe_fd.load(Ordering::Relaxed);
                assert_eq!(fcntl(fd, 1, 0), Ok(want), "{mode:?}");
                assert_eq!(pclose(f), 0);
            }
            // The second child must not hold the first pipe, or `cat` would never end.
            let a = popen(c"cat >/dev/null".as_ptr(), c"w".as_ptr());
            let afd = (*a).pipe_fd.load(Ordering::Relaxed);
            let probe = std::ffi::CString::new(format!("test -e /proc/self/fd/{afd} && echo open || echo closed")).unwrap();
            let b = popen(probe.as_ptr(), c"r".as_ptr());
            assert_eq!(read_all(b), b"closed\n");
            assert_eq!(pclose(a), 0);
            assert_eq!(pclose(b), 0);
        }
    }

    #[test]
    fn bad_modes_and_a_reaped_child() {
        unsafe {
            for mode in [c"", c"a", c"+", c"x"] {
                assert!(popen(c"true".as_ptr(), mode.as_ptr()).is_null());
                assert_eq!(errno(), EINVAL);
            }
            let f = popen(c"exit 0".as_ptr(), c"r".as_ptr());
            let pid = (*f).pipe_pid.load(Ordering::Relaxed);
            let mut st = 0;
            assert_eq!(syscall4(nr::WAIT4, pid as usize, &raw mut st as usize, 0, 0), pid as usize);
            assert_eq!(pclose(f), -1);
            assert_eq!(errno(), ECHILD);
        }
    }
}
