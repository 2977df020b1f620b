//! `system`.
use core::ffi::{c_char, c_int};
use core::ptr;

use limpet_abi::signal::{KSigAction, SIG_BLOCK, SIG_IGN, SIGCHLD, SIGINT, SIGQUIT};
use limpet_syscall::{errno, errno::EINTR, set_errno};

use crate::abi::{POSIX_SPAWN_SETSIGDEF, POSIX_SPAWN_SETSIGMASK, SigSet, SpawnAttr};
use crate::exec::environ;
use crate::sigs;
use crate::spawn::run::spawn;
use crate::wait::wait4;

/// The status reported when the shell could not be started: as if it exited with 127.
const NO_SHELL: c_int = 127 << 8;

/// `system(command)`—Runs `command` with `/bin/sh -c` and waits for it; returns its wait
/// status (`WEXITSTATUS` 127 if the shell could not be run, with errno set). A null
/// `command` asks whether a shell exists: 1. Meanwhile, as POSIX says, the caller ignores
/// `SIGINT` and `SIGQUIT` and blocks `SIGCHLD`; the child starts with the caller's own
/// mask and with those two signals at their default unless the caller was ignoring them.
/// A cancellation point on entry only: once the dispositions are changed, the wait is not
/// (a cancelled caller would leave them changed), as in musl.
///
/// # Safety
/// `command` must be null or a C string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn system(command: *const c_char) -> c_int {
    limpet_syscall::cancel::test();
    if command.is_null() {
        return 1;
    }
    let ign = KSigAction { handler: SIG_IGN, ..Default::default() };
    let (mut old_int, mut old_quit) = (KSigAction::default(), KSigAction::default());
    sigs::action(SIGINT, Some(&ign), Some(&mut old_int));
    sigs::action(SIGQUIT, Some(&ign), Some(&mut old_quit));
    let mut old_mask = 0;
    sigs::mask(SIG_BLOCK, Some(&SigSet::bit(SIGCHLD)), Some(&mut old_mask));

    // SAFETY: all-zero is a valid attribute object.
    let mut attr: SpawnAttr = unsafe { core::mem::zeroed() };
    attr.flags = POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK;
    attr.sigmask = SigSet::EMPTY;
    attr.sigmask.bits[0] = old_mask;
    for (sig, old) in [(SIGINT, &old_int), (SIGQUIT, &old_quit)] {
        if old.handler != SIG_IGN {
            attr.sigdefault.bits[0] |= SigSet::bit(sig);
        }
    }
    let argv = [c"sh".as_ptr(), c"-c".as_ptr(), command, ptr::null()];
    let mut pid = 0;
    // SAFETY: locals and the process's environment.
    let err = unsafe { spawn(&mut pid, c"/bin/sh".as_ptr(), ptr::null(), &attr, argv.as_ptr(), environ(), false) };
    let mut status = NO_SHELL;
    if err == 0 {
        // SAFETY: `status` is a local.
        while unsafe { wait4(pid, &mut status, 0, ptr::null_mut()) } < 0 && errno() == EINTR {}
    }

    sigs::action(SIGINT, Some(&old_int), None);
    sigs::action(SIGQUIT, Some(&old_quit), None);
    sigs::restore(old_mask);
    if err != 0 {
        set_errno(err);
    }
    status
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exit_statuses_come_through() {
        assert_eq!(unsafe { system(ptr::null()) }, 1);
        assert_eq!(unsafe { system(c"exit 3".as_ptr()) }, 3 << 8);
        assert_eq!(unsafe { system(c"true".as_ptr()) }, 0);
        assert_eq!(unsafe { system(c"kill -TERM $$".as_ptr()) }, 15);
    }
}
