//! The shell that expands the words, as in musl: `/bin/sh` reads them as the arguments of
//! a command and prints each argument it ends up with, followed by a NUL, on a pipe.
//!
//! The script (`sh -c SCRIPT sh WORDS MODE`):
//! 1. `eval ": || : $1"` parses the words without expanding them (the `:` after `||`
//!    never runs), so a syntax error ends the shell before anything is printed;
//! 2. `printf x` marks that they parsed;
//! 3. `set "$2"` is `set -u` under `WRDE_UNDEF` (an unset variable is then an error),
//!    `set +u` otherwise;
//! 4. `eval "set --; printf '%s\0' . $1"` clears the positional parameters (the words see
//!    none, as in a new shell: musl's see `$1` = the words themselves) and prints `.` and
//!    each word, NUL-terminated.
//!
//! So the output is empty (the words did not parse: `WRDE_SYNTAX`), `x` alone (an
//! expansion failed: `WRDE_BADVAL` under `WRDE_UNDEF`, else `WRDE_SYNTAX`, as musl), or
//! `x.\0` and the words. The shell's standard error goes to /dev/null unless
//! `WRDE_SHOWERR` (musl's eval lets parse errors through regardless); its standard input
//! and environment are the caller's.
use core::ffi::{CStr, c_char, c_int};
use core::mem::MaybeUninit;
use core::ptr::null;

use limpet_abi::errno::{EINTR, ENOMEM};
use limpet_abi::fcntl::{F_DUPFD_CLOEXEC, O_CLOEXEC, O_WRONLY};
use limpet_abi::spawn::FileActions;
use limpet_abi::wordexp::{WRDE_BADVAL, WRDE_NOSPACE, WRDE_SHOWERR, WRDE_SYNTAX, WRDE_UNDEF};
use limpet_syscall::unistd::{close, read};
use limpet_syscall::{errno, nr, result, set_errno, syscall3};

use crate::imports::{
    environ, pipe2, posix_spawn, posix_spawn_file_actions_adddup2, posix_spawn_file_actions_addopen,
    posix_spawn_file_actions_destroy, posix_spawn_file_actions_init, waitpid,
};
use crate::list::{Bytes, List, NoSpace};

const SHELL: &CStr = c"/bin/sh";
const SCRIPT: &CStr = c"eval \": || : $1\" || exit; printf x; set \"$2\"; eval \"set --; printf '%s\\\\0' . $1\"";
/// `$0`, for the shell's messages.
const NAME: &CStr = c"sh";
const DASH_C: &CStr = c"-c";
const STRICT: &CStr = c"-u";
const LENIENT: &CStr = c"+u";
const DEV_NULL: &CStr = c"/dev/null";
/// What the script prints once the words have parsed, and before the first word.
const PARSED: u8 = b'x';
const FIRST: &[u8] = b".\0";
/// Descriptors below this are the standard ones, which a pipe must not take (the caller
/// may have closed one): the child's `dup2` onto itself would leave close-on-exec set.
const FIRST_FREE_FD: c_int = 3;
const STDOUT: c_int = 1;
const STDERR: c_int = 2;
/// How much is read from the pipe at a time.
const CHUNK: usize = 4096;

/// The words `w` expands to under `flags`, each a string of its own, or a `WRDE_*` error
/// (`WRDE_NOSPACE` with errno set when a pipe, a process or memory cannot be had).
pub(crate) fn expand(w: &CStr, flags: c_int) -> Result<List, c_int> {
    let out = run(w, flags)?;
    let out = out.as_slice();
    let Some(rest) = out.strip_prefix(&[PARSED]) else { return Err(WRDE_SYNTAX) };
    let Some(mut rest) = rest.strip_prefix(FIRST) else {
        return Err(if flags & WRDE_UNDEF != 0 { WRDE_BADVAL } else { WRDE_SYNTAX });
    };
    let mut words = List::new();
    while !rest.is_empty() {
        let end = rest.iter().position(|&b| b == 0).unwrap_or(rest.len());
        words.push(&rest[..end], 0).map_err(|NoSpace| nospace())?;
        rest = rest.get(end + 1..).unwrap_or(&[]);
    }
    Ok(words)
}

/// Runs the shell on `w` and returns all it printed.
fn run(w: &CStr, flags: c_int) -> Result<Bytes, c_int> {
    let (pid, fd) = spawn(w, flags)?;
    let mut out = Bytes::new();
    let r = read_all(fd, &mut out);
    close(fd);
    // The shell ends once it has printed (or, if reading stopped, on its next write).
    let mut status = 0;
    // SAFETY: our child, and a status word of ours.
    while unsafe { waitpid(pid, &mut status, 0) } < 0 && errno() == EINTR {}
    r.map(|()| out)
}

/// Reads `fd` to its end into `out`.
fn read_all(fd: c_int, out: &mut Bytes) -> Result<(), c_int> {
    loop {
        let room = out.spare(CHUNK).map_err(|NoSpace| nospace())?;
        // SAFETY: `room` is writable for its length.
        let n = unsafe { read(fd, room.as_mut_ptr().cast(), room.len()) };
        match n {
            0 => return Ok(()),
            n if n > 0 => out.filled(n as usize),
            _ if errno() == EINTR => {}
            _ => return Err(WRDE_NOSPACE),
        }
    }
}

/// Starts the shell with its standard output on a new pipe; its pid and the pipe's end.
fn spawn(w: &CStr, flags: c_int) -> Result<(c_int, c_int), c_int> {
    let mut fds = [-1; 2];
    // SAFETY: `fds` has room for the two descriptors.
    if unsafe { pipe2(fds.as_mut_ptr(), O_CLOEXEC) } < 0 {
        return Err(WRDE_NOSPACE);
    }
    for i in 0..fds.len() {
        if fds[i] < FIRST_FREE_FD {
            // SAFETY: F_DUPFD_CLOEXEC on our own descriptor.
            let moved = result(unsafe { syscall3(nr::FCNTL, fds[i] as usize, F_DUPFD_CLOEXEC as usize, FIRST_FREE_FD as usize) });
            close(fds[i]);
            match moved {
                Ok(fd) => fds[i] = fd as c_int,
                Err(e) => {
                    // The other end, moved or not, is still open.
                    close(fds[1 - i]);
                    set_errno(e);
                    return Err(WRDE_NOSPACE);
                }
            }
        }
    }
    let [rd, wr] = fds;
    let mode = if flags & WRDE_UNDEF != 0 { STRICT } else { LENIENT };
    let argv: [*const c_char; 7] =
        [NAME.as_ptr(), DASH_C.as_ptr(), SCRIPT.as_ptr(), NAME.as_ptr(), w.as_ptr(), mode.as_ptr(), null()];
    let mut pid = 0;
    let mut fa = MaybeUninit::<FileActions>::uninit();
    // SAFETY: `fa` is initialised by `init` before use and destroyed after; `argv` is
    // null-terminated and its strings outlive the call; `environ` is the caller's
    // environment, which posix_spawn only reads.
    let r = unsafe {
        let mut r = posix_spawn_file_actions_init(fa.as_mut_ptr());
        if r == 0 {
            r = posix_spawn_file_actions_adddup2(fa.as_mut_ptr(), wr, STDOUT);
            if r == 0 && flags & WRDE_SHOWERR == 0 {
                r = posix_spawn_file_actions_addopen(fa.as_mut_ptr(), STDERR, DEV_NULL.as_ptr(), O_WRONLY, 0);
            }
            if r == 0 {
                r = posix_spawn(&mut pid, SHELL.as_ptr(), fa.as_ptr(), null(), argv.as_ptr(), environ);
            }
            posix_spawn_file_actions_destroy(fa.as_mut_ptr());
        }
        r
    };
    close(wr);
    if r != 0 {
        close(rd);
        set_errno(r);
        return Err(WRDE_NOSPACE);
    }
    Ok((pid, rd))
}

/// `WRDE_NOSPACE` for memory that ran out.
fn nospace() -> c_int {
    set_errno(ENOMEM);
    WRDE_NOSPACE
}
