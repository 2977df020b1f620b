//! `posix_spawn_file_actions_*`: a singly linked list of actions, in the order added,
//! whose head is kept in `__actions`. Each node is one `malloc` block holding its path.
use core::ffi::{c_char, c_int};
use core::ptr;

use limpet_syscall::errno::{EBADF, ENOMEM};

use crate::abi::FileActions;
use crate::imports::{free, malloc};

/// What a file action does.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u32)]
pub enum Op {
    Close,
    Dup2,
    Open,
    Chdir,
    Fchdir,
}

/// One action; `path` (for `Open` and `Chdir`) follows the node in the same block.
#[repr(C)]
pub struct Action {
    pub next: *mut Action,
    pub op: Op,
    pub fd: c_int,
    pub srcfd: c_int,
    pub oflag: c_int,
    pub mode: u32,
}

impl Action {
    /// The path stored after the node.
    pub fn path(&self) -> *const c_char {
        // SAFETY: the path is laid out right after the node in its block.
        unsafe { (self as *const Action).add(1).cast() }
    }
}

/// Appends a node (with `path` copied after it, if given). Returns 0 or `ENOMEM`.
///
/// # Safety
/// `fa` must be initialised; `path` null or a C string.
unsafe fn push(fa: *mut FileActions, template: Action, path: *const c_char) -> c_int {
    let mut len = 0;
    if !path.is_null() {
        // SAFETY: `path` is a C string.
        while unsafe { *path.add(len) } != 0 {
            len += 1;
        }
        len += 1;
    }
    // SAFETY: a plain allocation.
    let node = unsafe { malloc(size_of::<Action>() + len) }.cast::<Action>();
    if node.is_null() {
        return ENOMEM;
    }
    // SAFETY: `node` has room for the node and the path; the list is well formed.
    unsafe {
        node.write(Action { next: ptr::null_mut(), ..template });
        if len > 0 {
            ptr::copy_nonoverlapping(path, node.add(1).cast::<c_char>(), len);
        }
        let mut link = &raw mut (*fa).actions as *mut *mut Action;
        while !(*link).is_null() {
            link = &raw mut (**link).next;
        }
        *link = node;
    }
    0
}

fn action(op: Op, fd: c_int) -> Action {
    Action { next: ptr::null_mut(), op, fd, srcfd: -1, oflag: 0, mode: 0 }
}

/// `posix_spawn_file_actions_init(fa)`—Makes `fa` an empty list. Returns 0.
///
/// # Safety
/// `fa` must be writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn posix_spawn_file_actions_init(fa: *mut FileActions) -> c_int {
    // SAFETY: the caller passes a writable object.
    unsafe { (*fa).actions = ptr::null_mut() };
    0
}

/// `posix_spawn_file_actions_destroy(fa)`—Frees the list. Returns 0.
///
/// # Safety
/// `fa` must have been initialised and not destroyed since.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn posix_spawn_file_actions_destroy(fa: *mut FileActions) -> c_int {
    // SAFETY: every node was allocated by `push`.
    unsafe {
        let mut p = (*fa).actions.cast::<Action>();
        while !p.is_null() {
            let next = (*p).next;
            free(p.cast());
            p = next;
        }
        (*fa).actions = ptr::null_mut();
    }
    0
}

/// `posix_spawn_file_actions_addclose(fa, fd)`—Adds "close `fd`". 0, `EBADF` for a negative
/// `fd`, or `ENOMEM`.
///
/// # Safety
/// `fa` must be initialised.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn posix_spawn_file_actions_addclose(fa: *mut FileActions, fd: c_int) -> c_int {
    if fd < 0 {
        return EBADF;
    }
    // SAFETY: forwarded from the caller.
    unsafe { push(fa, action(Op::Close, fd), ptr::null()) }
}

/// `posix_spawn_file_actions_adddup2(fa, srcfd, fd)`—Adds "`dup2(srcfd, fd)`" (when they are
/// equal, the child only clears `FD_CLOEXEC`). 0, `EBADF`, or `ENOMEM`.
///
/// # Safety
/// `fa` must be initialised.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn posix_spawn_file_actions_adddup2(fa: *mut FileActions, srcfd: c_int, fd: c_int) -> c_int {
    if srcfd < 0 || fd < 0 {
        return EBADF;
    }
    // SAFETY: forwarded from the caller.
    unsafe { push(fa, Action { srcfd, ..action(Op::Dup2, fd) }, ptr::null()) }
}

/// `posix_spawn_file_actions_addopen(fa, fd, path, oflag, mode)`—Adds "open `path` as `fd`"
/// (after closing `fd`). The path is copied. 0, `EBADF`, or `ENOMEM`.
///
/// # Safety
/// `fa` must be initialised; `path` a C string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn posix_spawn_file_actions_addopen(
    fa: *mut FileActions,
    fd: c_int,
    path: *const c_char,
    oflag: c_int,
    mode: u32,
) -> c_int {
    if fd < 0 {
        return EBADF;
    }
    // SAFETY: forwarded from the caller.
    unsafe { push(fa, Action { oflag, mode, ..action(Op::Open, fd) }, path) }
}

/// `posix_spawn_file_actions_addchdir_np(fa, path)`—Adds "change directory to `path`".
/// The path is copied. 0 or `ENOMEM`.
///
/// # Safety
/// `fa` must be initialised; `path` a C string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn posix_spawn_file_actions_addchdir_np(fa: *mut FileActions, path: *const c_char) -> c_int {
    // SAFETY: forwarded from the caller.
    unsafe { push(fa, action(Op::Chdir, -1), path) }
}

/// `posix_spawn_file_actions_addfchdir_np(fa, fd)`—Adds "change directory to `fd`".
/// 0, `EBADF`, or `ENOMEM`.
///
/// # Safety
/// `fa` must be initialised.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn posix_spawn_file_actions_addfchdir_np(fa: *mut FileActions, fd: c_int) -> c_int {
    if fd < 0 {
        return EBADF;
    }
    // SAFETY: forwarded from the caller.
    unsafe { push(fa, action(Op::Fchdir, fd), ptr::null()) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_keep_their_order_and_paths() {
        let mut fa = core::mem::MaybeUninit::<FileActions>::uninit();
        let fa = fa.as_mut_ptr();
        unsafe {
            assert_eq!(posix_spawn_file_actions_init(fa), 0);
            assert_eq!(posix_spawn_file_actions_addclose(fa, 3), 0);
            assert_eq!(posix_spawn_file_actions_adddup2(fa, 4, 1), 0);
            assert_eq!(posix_spawn_file_actions_addopen(fa, 5, c"/tmp/x".as_ptr(), 1, 0o644), 0);
            assert_eq!(posix_spawn_file_actions_addchdir_np(fa, c"/".as_ptr()), 0);
            assert_eq!(posix_spawn_file_actions_addfchdir_np(fa, 6), 0);
            assert_eq!(posix_spawn_file_actions_addclose(fa, -1), EBADF);
            assert_eq!(posix_spawn_file_actions_adddup2(fa, -1, 2), EBADF);
            assert_eq!(posix_spawn_file_actions_addopen(fa, -2, c"/".as_ptr(), 0, 0), EBADF);
            let mut seen = vec![];
            let mut p = (*fa).actions.cast::<Action>();
            while !p.is_null() {
                seen.push(((*p).op, (*p).fd));
                if matches!((*p).op, Op::Open | Op::Chdir) {
                    seen.push((Op::Open, core::ffi::CStr::from_ptr((*p).path()).to_bytes().len() as c_int));
                }
                p = (*p).next;
            }
            assert_eq!(
                seen,
                [(Op::Close, 3), (Op::Dup2, 1), (Op::Open, 5), (Op::Open, 6), (Op::Chdir, -1), (Op::Open, 1), (Op::Fchdir, 6)]
            );
            assert_eq!(posix_spawn_file_actions_destroy(fa), 0);
        }
    }
}
