//! `mq_notify` with `SIGEV_THREAD`: the kernel's `mq_notify` cannot start threads, so it
//! offers a netlink socket instead. The caller's `sigev_signo` is a netlink socket and
//! `sigev_value` points to a 32-byte cookie; when a message arrives on the empty queue (or
//! the registration goes away) the kernel sends the cookie to the socket, its last byte
//! saying which (1: a message, 2: removed).
//!
//! Here the registration is made with a new socket, then a detached helper thread (with the
//! caller's attributes, if any) waits on it with every signal blocked, runs the function
//! once if a message came, and closes the socket. If the thread cannot be made the
//! registration is given up, so nothing is left behind.
use limpet_abi::pthread::{PTHREAD_CREATE_DETACHED, PthreadAttr};
use core::ffi::{c_int, c_void};

use limpet_abi::signal::{KERNEL_SIGSET_BYTES, SIG_BLOCK, SIGEV_THREAD, Sigevent};
use limpet_syscall::errno::EAGAIN;
use limpet_syscall::{nr, result, set_errno, syscall1, syscall2, syscall3, syscall4, syscall6};

use crate::imports::{free, malloc, pthread_attr_init, pthread_attr_setdetachstate, pthread_create};

/// The cookie's length, the kernel's `NOTIFY_COOKIE_LEN`.
const COOKIE_LEN: usize = 32;
/// The cookie's last byte when a message arrived (`NOTIFY_WOKENUP`).
const WOKEN_UP: u8 = 1;
const AF_NETLINK: usize = 16;
const SOCK_RAW_CLOEXEC: usize = 3 | limpet_abi::fcntl::O_CLOEXEC as usize;
const NETLINK_ROUTE: usize = 0;
/// `recv`'s flags: no `SIGPIPE`, and the whole cookie.
const MSG_NOSIGNAL_WAITALL: usize = 0x4000 | 0x100;

type Notify = unsafe extern "C" fn(usize);

/// What the helper thread needs, in a block of its own that it frees.
struct Record {
    socket: c_int,
    notify: Notify,
    value: usize,
}

fn close(fd: c_int) {
    // SAFETY: close takes no pointer; each caller owns `fd`.
    unsafe { syscall1(nr::CLOSE, fd as usize) };
}

/// `mq_notify(mqd, sev)` for `sev->sigev_notify == SIGEV_THREAD`.
///
/// # Safety
/// `sev`'s function must be callable with its value; its attributes null or valid.
pub(crate) unsafe fn notify_by_thread(mqd: c_int, sev: &Sigevent) -> c_int {
    // SAFETY: the sigevent's union holds the function pointer in its first word, the
    // attributes pointer in its second (musl's layout).
    let (notify, attrs) = unsafe {
        (core::mem::transmute::<u64, Option<Notify>>(sev.sigev_un[0]), sev.sigev_un[1] as *const PthreadAttr)
    };
    let Some(notify) = notify else {
        set_errno(limpet_syscall::errno::EINVAL);
        return -1;
    };
    // SAFETY: socket takes no pointer.
    let socket = match result(unsafe { syscall3(nr::SOCKET, AF_NETLINK, SOCK_RAW_CLOEXEC, NETLINK_ROUTE) }) {
        Ok(fd) => fd as c_int,
        Err(e) => {
            set_errno(e);
            return -1;
        }
    };
    // The kernel copies the cookie when the registration is made.
    let cookie = [0u8; COOKIE_LEN];
    let kernel = Sigevent { sigev_value: cookie.as_ptr() as usize, sigev_signo: socket, sigev_notify: SIGEV_THREAD, sigev_un: [0; 6] };
    // SAFETY: `kernel` and the cookie live across the call.
    if let Err(e) = result(unsafe { syscall2(nr::MQ_NOTIFY, mqd as usize, &raw const kernel as usize) }) {
        close(socket);
        set_errno(e);
        return -1;
    }
    // SAFETY: forwarded contract on the attributes.
    if let Err(e) = unsafe { start_helper(Record { socket, notify, value: sev.sigev_value }, attrs) } {
        // SAFETY: a null sigevent gives the registration up.
        unsafe { syscall2(nr::MQ_NOTIFY, mqd as usize, 0) };
        close(socket);
        set_errno(e);
        return -1;
    }
    0
}

/// Starts the detached helper with `rec`; the errno to report when it cannot.
///
/// # Safety
/// `attrs` null or a valid `pthread_attr_t`.
unsafe fn start_helper(rec: Record, attrs: *const PthreadAttr) -> Result<(), c_int> {
    let mut attr = PthreadAttr::new(0, 0);
    if attrs.is_null() {
        // SAFETY: `attr` has the size of a pthread_attr_t.
        unsafe { pthread_attr_init(&mut attr) };
    } else {
        // SAFETY: the caller's attributes, copied so that detaching does not change them.
        attr = unsafe { *attrs };
    }
    // SAFETY: `attr` is an initialised pthread_attr_t.
    unsafe { pthread_attr_setdetachstate(&mut attr, PTHREAD_CREATE_DETACHED) };
    // SAFETY: a block of a Record's size and alignment (malloc's is 16).
    let block = unsafe { malloc(core::mem::size_of::<Record>()) }.cast::<Record>();
    if block.is_null() {
        return Err(EAGAIN);
    }
    // SAFETY: `block` is fresh and large enough.
    unsafe { block.write(rec) };
    let mut thread = 0usize;
    // SAFETY: the helper takes ownership of `block`.
    let r = unsafe { pthread_create(&mut thread, &attr, helper, block.cast()) };
    if r != 0 {
        // SAFETY: the thread did not start; the block is still ours.
        unsafe { free(block.cast()) };
        return Err(r);
    }
    Ok(())
}

/// The helper thread: waits for the kernel's cookie, runs the function if a message came.
unsafe extern "C" fn helper(arg: *mut c_void) -> *mut c_void {
    // SAFETY: `start_helper` gave this thread the block, which it frees here.
    let rec = unsafe { arg.cast::<Record>().read() };
    // SAFETY: the block is no longer used.
    unsafe { free(arg) };
    // No signal may be delivered to this thread: it belongs to no one.
    let all = [!0u64; 2];
    // SAFETY: a full mask; the old one is not wanted.
    unsafe { syscall4(nr::RT_SIGPROCMASK, SIG_BLOCK as usize, all.as_ptr() as usize, 0, KERNEL_SIGSET_BYTES) };
    let mut cookie = [0u8; COOKIE_LEN];
    // SAFETY: a COOKIE_LEN buffer; no address wanted.
    let got = result(unsafe {
        syscall6(nr::RECVFROM, rec.socket as usize, cookie.as_mut_ptr() as usize, COOKIE_LEN, MSG_NOSIGNAL_WAITALL, 0, 0)
    });
    close(rec.socket);
    if got == Ok(COOKIE_LEN) && cookie[COOKIE_LEN - 1] == WOKEN_UP {
        // SAFETY: the caller of `mq_notify` vouched for the function and its value.
        unsafe { (rec.notify)(rec.value) };
    }
    core::ptr::null_mut()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mq::{mq_close, mq_notify, mq_open, mq_send, mq_unlink};
    use core::sync::atomic::{AtomicUsize, Ordering};
    use limpet_abi::fcntl::{O_CREAT, O_EXCL, O_RDWR};
    use std::ffi::CString;

    static CALLED_WITH: AtomicUsize = AtomicUsize::new(0);

    unsafe extern "C" fn on_message(value: usize) {
        CALLED_WITH.store(value, Ordering::SeqCst);
    }

    #[test]
    fn the_function_runs_on_a_thread_when_a_message_comes() {
        let name = CString::new(format!("/limpet-mqt-{}", std::process::id())).unwrap();
        // SAFETY: a NUL-terminated name, default attributes.
        let q = unsafe { mq_open(name.as_ptr(), O_CREAT | O_EXCL | O_RDWR, 0o600, core::ptr::null()) };
        if q < 0 {
            return; // No POSIX message queues here.
        }
        let mut un = [0u64; 6];
        un[0] = on_message as *const () as usize as u64;
        let sev = Sigevent { sigev_value: 0x5eed, sigev_signo: 0, sigev_notify: SIGEV_THREAD, sigev_un: un };
        // SAFETY: a valid sigevent with a function of the right type.
        let r = unsafe { mq_notify(q, &sev) };
        if r == -1 && limpet_syscall::errno() == limpet_syscall::errno::ENOSYS {
            // qemu-user does not carry mq_notify over to the host.
            std::eprintln!("mq_notify: ENOSYS (qemu-user), test skipped");
            mq_close(q);
            unsafe { mq_unlink(name.as_ptr()) };
            return;
        }
        assert_eq!(r, 0);
        assert_eq!(CALLED_WITH.load(Ordering::SeqCst), 0);
        assert_eq!(unsafe { mq_send(q, c"x".as_ptr(), 1, 0) }, 0);
        for _ in 0..2000 {
            if CALLED_WITH.load(Ordering::SeqCst) != 0 {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        assert_eq!(CALLED_WITH.load(Ordering::SeqCst), 0x5eed);
        // Registration is one-shot: it can be made again.
        assert_eq!(unsafe { mq_notify(q, &sev) }, 0);
        assert_eq!(unsafe { mq_notify(q, core::ptr::null()) }, 0);
        mq_close(q);
        unsafe { mq_unlink(name.as_ptr()) };
    }
}
