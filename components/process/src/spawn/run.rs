//! `posix_spawn` and `posix_spawnp`.
use core::ffi::{c_char, c_int};
use core::ptr;

use limpet_abi::fcntl::{AT_FDCWD, F_DUPFD_CLOEXEC, F_GETFD, F_SETFD, FD_CLOEXEC, O_CLOEXEC};
use limpet_abi::signal::{KSigAction, NSIG, SIG_DFL, SIG_IGN, SIGKILL, SIGSTOP};
use limpet_syscall::{
    errno,
    errno::EINTR,
    nr, result, syscall0, syscall1, syscall1_noreturn, syscall2, syscall3, syscall4,
};

use crate::abi::*;
use crate::exec::execve;
use crate::execvp::execvpe;
#[cfg(not(target_arch = "x86_64"))]
use crate::fork::fork_only;
use crate::sigs;
use crate::spawn::actions::{Action, Op};
use crate::wait::waitpid;

/// The exit status of a child whose exec failed (it is never seen: the parent reaps it).
const EXEC_FAILED: usize = 127;

/// A raw call's result as `Ok(value)` or `Err(errno)`.
type Sys = Result<usize, c_int>;

/// What to run: `posix_spawn`'s arguments.
struct Job {
    path: *const c_char,
    fa: *const FileActions,
    attr: *const SpawnAttr,
    argv: *const *const c_char,
    envp: *const *const c_char,
    /// Search `PATH` (`posix_spawnp`).
    search: bool,
}

/// The child's side: applies the job's attributes and file actions, then execs. On
/// failure the error number goes into the pipe `fd`.
///
/// # Safety
/// Runs in a new child, which may share the caller's memory ([`start`]); the job's
/// pointers are the caller's of `posix_spawn`.
unsafe fn child(mut fd: c_int, job: &Job, parent_mask: u64) -> ! {
    // SAFETY: only system calls on the caller's data.
    let err = unsafe { prepare(&mut fd, job.fa, job.attr, parent_mask) }.err().unwrap_or_else(|| {
        // SAFETY: the caller's strings and arrays.
        unsafe {
            if job.search {
                execvpe(job.path, job.argv, job.envp);
            } else {
                execve(job.path, job.argv, job.envp);
            }
        }
        errno()
    });
    // SAFETY: `err` is a local; a failed write changes nothing the parent could learn.
    unsafe {
        syscall3(nr::WRITE, fd as usize, &raw const err as usize, size_of::<c_int>());
        syscall1_noreturn(nr::EXIT_GROUP, EXEC_FAILED)
    }
}

/// Applies the attributes and file actions, in the order POSIX gives.
///
/// # Safety
/// As for [`child`].
unsafe fn prepare(fd: &mut c_int, fa: *const FileActions, attr: *const SpawnAttr, parent_mask: u64) -> Sys {
    // SAFETY: the caller's attribute object, if any, is readable.
    let attr = unsafe { attr.as_ref() };
    let flags = attr.map_or(0, |a| a.flags);
    let defaults = match attr {
        Some(a) if flags & POSIX_SPAWN_SETSIGDEF != 0 => a.sigdefault.bits[0],
        _ => 0,
    };
    // Every caught signal goes back to SIG_DFL before the mask opens: the child may share
    // the caller's memory, where a handler of the caller's must not run. (An exec would
    // reset them anyway; ignored signals stay ignored, as exec keeps them.) Then the ones
    // POSIX_SPAWN_SETSIGDEF names.
    // Only the signals the C library ever installed a handler for are asked about.
    let dfl = KSigAction { handler: SIG_DFL, ..Default::default() };
    let caught = limpet_syscall::caught::set();
    for sig in 1..NSIG {
        if sig == SIGKILL || sig == SIGSTOP {
            continue;
        }
        let reset = defaults & SigSet::bit(sig) != 0
            || (caught & SigSet::bit(sig) != 0 && {
                let mut old = KSigAction::default();
                sigs::action(sig, None, Some(&mut old));
                old.handler != SIG_DFL && old.handler != SIG_IGN
            });
        if reset {
            sigs::action(sig, Some(&dfl), None);
        }
    }
    if let Some(a) = attr {
        apply_attr(a, flags)?;
    }
    // SAFETY: the list, if any, was built by the file-action functions.
    let mut p = if fa.is_null() { ptr::null() } else { unsafe { (*fa).actions.cast::<Action>().cast_const() } };
    // SAFETY: each node is null or a live node of that list.
    while let Some(a) = unsafe { p.as_ref() } {
        if a.fd == *fd {
            // The action needs the descriptor the error pipe happens to use: move the pipe.
            // SAFETY: fcntl on integers only.
            *fd = result(unsafe { syscall3(nr::FCNTL, *fd as usize, F_DUPFD_CLOEXEC as usize, 0) })? as c_int;
        }
        // SAFETY: a node of a well-formed list, in the child.
        unsafe { apply(a) }?;
        p = a.next;
    }
    let mask = match attr {
        Some(a) if flags & POSIX_SPAWN_SETSIGMASK != 0 => a.sigmask.bits[0],
        _ => parent_mask,
    };
    sigs::restore(mask);
    Ok(0)
}

/// Applies the session, process group, scheduling and id attributes.
fn apply_attr(a: &SpawnAttr, flags: c_int) -> Sys {
    let prio: c_int = a.prio;
    // SAFETY: plain system calls on integers and the local `prio`.
    unsafe {
        if flags & POSIX_SPAWN_SETSID != 0 {
            result(syscall0(nr::SETSID))?;
        }
        if flags & POSIX_SPAWN_SETPGROUP != 0 {
            result(syscall2(nr::SETPGID, 0, a.pgrp as usize))?;
        }
        if flags & POSIX_SPAWN_SETSCHEDULER != 0 {
            result(syscall3(nr::SCHED_SETSCHEDULER, 0, a.policy as usize, &raw const prio as usize))?;
        } else if flags & POSIX_SPAWN_SETSCHEDPARAM != 0 {
            result(syscall2(nr::SCHED_SETPARAM, 0, &raw const prio as usize))?;
        }
        if flags & POSIX_SPAWN_RESETIDS != 0 {
            result(syscall1(nr::SETGID, syscall0(nr::GETGID)))?;
            result(syscall1(nr::SETUID, syscall0(nr::GETUID)))?;
        }
    }
    Ok(0)
}

/// Performs one file action.
///
/// # Safety
/// `a` comes from a well-formed list; runs in the child.
unsafe fn apply(a: &Action) -> Sys {
    let fd = a.fd as usize;
    // SAFETY: plain system calls; `a.path()` is a C string for Open and Chdir.
    unsafe {
        match a.op {
            // As in musl, closing a descriptor that is not open is not an error.
            Op::Close => Ok(syscall1(nr::CLOSE, fd)),
            Op::Dup2 if a.srcfd == a.fd => {
                let f = result(syscall2(nr::FCNTL, fd, F_GETFD as usize))?;
                result(syscall3(nr::FCNTL, fd, F_SETFD as usize, f & !(FD_CLOEXEC as usize)))
            }
            Op::Dup2 => result(syscall3(nr::DUP3, a.srcfd as usize, fd, 0)),
            Op::Open => {
                syscall1(nr::CLOSE, fd);
                let got = result(syscall4(
                    nr::OPENAT,
                    AT_FDCWD as usize,
                    a.path() as usize,
                    a.oflag as usize,
                    a.mode as usize,
                ))?;
                if got != fd {
                    result(syscall3(nr::DUP3, got, fd, 0))?;
                    syscall1(nr::CLOSE, got);
                }
                Ok(0)
            }
            Op::Chdir => result(syscall1(nr::CHDIR, a.path() as usize)),
            Op::Fchdir => result(syscall1(nr::FCHDIR, fd)),
        }
    }
}

/// What the child is started with: the job, the pipe's write end and the caller's mask.
#[cfg(target_arch = "x86_64")]
struct Start<'a> {
    job: &'a Job,
    fd: c_int,
    mask: u64,
}

/// The bytes of the child's own stack (in the caller's frame): its frames up to the exec,
/// `execvp`'s path buffer among them, with room to spare for an unoptimised build.
#[cfg(target_arch = "x86_64")]
const CHILD_STACK: usize = 32 * 1024;

/// Starts the child, which runs [`child`] and never returns. Returns its pid (in the caller
/// only) or the error number.
///
/// On x86_64 the child shares the caller's memory and the caller sleeps until the child
/// has called `execve` or exited (`CLONE_VM | CLONE_VFORK`, as musl does): no page of the
/// caller is copied, however large it is, and the child runs on a stack of its own in
/// this frame, which stays put while the caller sleeps. The child touches nothing of the
/// caller's but that stack, the job it reads, its signal actions (its own, in the kernel)
/// and errno, which [`spawn`] restores. Elsewhere it is a plain fork.
///
/// # Safety
/// As for [`posix_spawn`]; signals are blocked.
unsafe fn start(job: &Job, fd: c_int, mask: u64) -> Result<c_int, c_int> {
    #[cfg(target_arch = "x86_64")]
    {
        use core::ffi::c_void;
        use limpet_abi::sched::{CLONE_VFORK, CLONE_VM};
        use limpet_abi::signal::SIGCHLD;
        unsafe extern "C" fn entry(arg: *mut c_void) -> c_int {
            // SAFETY: `arg` is the `Start` in the caller's frame, which sleeps until the
            // child execs or exits.
            let s = unsafe { &*(arg as *const Start) };
            // SAFETY: as above.
            unsafe { child(s.fd, s.job, s.mask) }
        }
        let mut stack = core::mem::MaybeUninit::<[u8; CHILD_STACK]>::uninit();
        let s = Start { job, fd, mask };
        // SAFETY: the stack is this frame's and nobody else's until the child is done with
        // it, which CLONE_VFORK guarantees before clone returns here.
        let pid = unsafe {
            crate::arch::clone(
                Some(entry),
                stack.as_mut_ptr().cast::<u8>().add(CHILD_STACK).cast(),
                CLONE_VM | CLONE_VFORK | SIGCHLD,
                &raw const s as *mut c_void,
            )
        };
        if pid < 0 { Err(errno()) } else { Ok(pid) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        // SAFETY: the child only makes system calls before exec.
        let forked = unsafe { fork_only() };
        if forked == Ok(0) {
            // SAFETY: forwarded from the caller.
            unsafe { child(fd, job, mask) }
        }
        forked
    }
}

/// The common core of `posix_spawn` and `posix_spawnp` (and `system`). Returns 0 or an
/// error number.
///
/// # Safety
/// As for [`posix_spawn`].
pub unsafe fn spawn(
    pid: *mut c_int,
    path: *const c_char,
    fa: *const FileActions,
    attr: *const SpawnAttr,
    argv: *const *const c_char,
    envp: *const *const c_char,
    search: bool,
) -> c_int {
    let mut p = [0 as c_int; 2];
    // SAFETY: `p` is a local pair.
    if let Err(e) = result(unsafe { syscall2(nr::PIPE2, p.as_mut_ptr() as usize, O_CLOEXEC as usize) }) {
        return e;
    }
    // No handler may run in the child before its mask and actions are in place.
    let old = sigs::block_all();
    // The child may write errno, which it shares with this thread.
    let saved_errno = errno();
    let job = Job { path, fa, attr, argv, envp, search };
    // SAFETY: forwarded from the caller; the pipe's write end is ours.
    let forked = unsafe { start(&job, p[1], old) };
    limpet_syscall::set_errno(saved_errno);
    // SAFETY: closing our own pipe end.
    unsafe { syscall1(nr::CLOSE, p[1] as usize) };
    let mut err: c_int = 0;
    if let Ok(child_pid) = forked {
        let got = loop {
            // SAFETY: reading into a local.
            match result(unsafe { syscall3(nr::READ, p[0] as usize, &raw mut err as usize, size_of::<c_int>()) }) {
                Err(EINTR) => continue,
                r => break r,
            }
        };
        if got == Ok(size_of::<c_int>()) {
            // The child failed before exec and is exiting: reap it.
            // SAFETY: a null status is allowed.
            while unsafe { waitpid(child_pid, ptr::null_mut(), 0) } < 0 && errno() == EINTR {}
        } else {
            err = 0;
            if !pid.is_null() {
                // SAFETY: the caller passes a writable pid or null.
                unsafe { *pid = child_pid };
            }
        }
    } else if let Err(e) = forked {
        err = e;
    }
    // SAFETY: closing our own pipe end.
    unsafe { syscall1(nr::CLOSE, p[0] as usize) };
    sigs::restore(old);
    err
}

/// `posix_spawn(pid, path, fa, attr, argv, envp)`—Starts the program `path` in a new child
/// process, after applying the attributes `attr` and the file actions `fa` (either may be
/// null), and stores its pid in `*pid` (if not null). Returns 0, or the error number (the
/// child's, if it failed before running the program; it is then already reaped).
///
/// # Safety
/// `path` must be a C string; `argv` and `envp` null-terminated arrays of C strings; `fa`
/// and `attr` null or initialised; `pid` null or writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn posix_spawn(
    pid: *mut c_int,
    path: *const c_char,
    fa: *const FileActions,
    attr: *const SpawnAttr,
    argv: *const *const c_char,
    envp: *const *const c_char,
) -> c_int {
    // SAFETY: forwarded from the caller.
    unsafe { spawn(pid, path, fa, attr, argv, envp, false) }
}

/// `posix_spawnp(pid, file, fa, attr, argv, envp)`—[`posix_spawn`] with `file` searched for
/// in `PATH` as `execvp` does.
///
/// # Safety
/// As for [`posix_spawn`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn posix_spawnp(
    pid: *mut c_int,
    file: *const c_char,
    fa: *const FileActions,
    attr: *const SpawnAttr,
    argv: *const *const c_char,
    envp: *const *const c_char,
) -> c_int {
    // SAFETY: forwarded from the caller.
    unsafe { spawn(pid, file, fa, attr, argv, envp, true) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spawn::actions::*;
    use limpet_syscall::errno::ENOENT;

    #[test]
    fn output_redirected_into_a_pipe() {
        let mut p = [0 as c_int; 2];
        unsafe { syscall2(nr::PIPE2, p.as_mut_ptr() as usize, O_CLOEXEC as usize) };
        let mut fa = core::mem::MaybeUninit::<FileActions>::uninit();
        let fa = fa.as_mut_ptr();
        unsafe {
            posix_spawn_file_actions_init(fa);
            posix_spawn_file_actions_adddup2(fa, p[1], 1);
            posix_spawn_file_actions_addchdir_np(fa, c"/".as_ptr());
        }
        let argv = [c"sh".as_ptr(), c"-c".as_ptr(), c"pwd; echo $X".as_ptr(), ptr::null()];
        let envp = [c"X=hi".as_ptr(), ptr::null()];
        let mut pid = 0;
        assert_eq!(unsafe { posix_spawnp(&mut pid, c"sh".as_ptr(), fa, ptr::null(), argv.as_ptr(), envp.as_ptr()) }, 0);
        unsafe { syscall1(nr::CLOSE, p[1] as usize) };
        let mut out = [0u8; 64];
        let mut n = 0;
        loop {
            let r = unsafe { syscall3(nr::READ, p[0] as usize, out[n..].as_mut_ptr() as usize, out.len() - n) };
            if r == 0 || r > 64 {
                break;
            }
            n += r;
        }
        assert_eq!(&out[..n], b"/\nhi\n");
        let mut st = -1;
        assert_eq!(unsafe { waitpid(pid, &mut st, 0) }, pid);
        assert_eq!(st, 0);
        unsafe { posix_spawn_file_actions_destroy(fa) };
        unsafe { syscall1(nr::CLOSE, p[0] as usize) };
    }

    #[test]
    fn exec_errors_come_back_as_the_result() {
        let argv = [c"x".as_ptr(), ptr::null()];
        let mut pid = -5;
        let r = unsafe {
            posix_spawn(&mut pid, c"/nonexistent/limpet".as_ptr(), ptr::null(), ptr::null(), argv.as_ptr(), argv[1..].as_ptr())
        };
        assert_eq!(r, ENOENT);
        assert_eq!(pid, -5);
    }
}
