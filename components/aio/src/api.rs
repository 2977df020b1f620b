//! The `<aio.h>` functions: `aio_read`, `aio_write`, `aio_fsync`, `aio_error`, `aio_return`,
//! `aio_suspend`, `aio_cancel`, `lio_listio`, and their LFS64 names.
use limpet_abi::pthread::PthreadAttr;
use core::ffi::{c_int, c_void};
use core::sync::atomic::{AtomicIsize, Ordering};

use limpet_abi::aio::{AIO_ALLDONE, AIO_CANCELED, Aiocb, LIO_NOP, LIO_NOWAIT, LIO_READ, LIO_WAIT, LIO_WRITE};
use limpet_abi::fcntl::F_GETFD;
use limpet_abi::signal::{SIGEV_NONE, Sigevent};
use limpet_abi::time::{CLOCK_MONOTONIC, Timespec};
use limpet_syscall::errno::{EAGAIN, ECANCELED, EINPROGRESS, EINTR, EINVAL, EIO};
use limpet_syscall::{nr, result, set_errno, syscall3};

use crate::imports::{free, malloc, pthread_attr_init, pthread_attr_setdetachstate, pthread_cancel, pthread_create};
use crate::request::{COMPLETIONS, Op, REGISTRY, send_notification, state, submit, wait};

/// `O_SYNC` and `O_DSYNC`, `aio_fsync`'s two operations.
const O_SYNC: c_int = 0o4010000;
const O_DSYNC: c_int = 0o10000;

fn queue(cb: *mut Aiocb, op: Op) -> c_int {
    // SAFETY: each entry point's caller vouches for `cb`.
    match unsafe { submit(cb, op) } {
        Ok(()) => 0,
        Err(e) => {
            set_errno(e);
            -1
        }
    }
}

/// `aio_read(cb)`—Starts reading `aio_nbytes` at `aio_offset` of `aio_fildes` into
/// `aio_buf`; 0, or -1 with errno (EAGAIN when no thread can take it, EBADF, EINVAL for a
/// negative offset). The result comes through `aio_error`, `aio_return` and the
/// control block's notification.
///
/// # Safety
/// `cb` and its buffer must stay valid, and untouched, until the request ends.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn aio_read(cb: *mut Aiocb) -> c_int {
    queue(cb, Op::Read)
}

/// `aio_write(cb)`—Starts writing `aio_buf` at `aio_offset`, or, when the descriptor has
/// `O_APPEND`, at the end, in the order such writes were asked for. As `aio_read`.
///
/// # Safety
/// As for `aio_read`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn aio_write(cb: *mut Aiocb) -> c_int {
    queue(cb, Op::Write)
}

/// `aio_fsync(op, cb)`—Starts an `fsync` (`O_SYNC`) or `fdatasync` (`O_DSYNC`) of
/// `aio_fildes`; 0, or -1 with errno (EINVAL for another `op`).
///
/// # Safety
/// As for `aio_read`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn aio_fsync(op: c_int, cb: *mut Aiocb) -> c_int {
    match op {
        O_SYNC => queue(cb, Op::Sync { data_only: false }),
        O_DSYNC => queue(cb, Op::Sync { data_only: true }),
        _ => {
            set_errno(EINVAL);
            -1
        }
    }
}

/// `aio_error(cb)`—`EINPROGRESS` while the request runs, then 0 or its error (ECANCELED when
/// it was cancelled).
///
/// # Safety
/// `cb` must be a submitted control block.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn aio_error(cb: *const Aiocb) -> c_int {
    // SAFETY: the caller's control block.
    unsafe { state(cb) }.load(Ordering::Acquire)
}

/// `aio_return(cb)`—The finished request's result: the bytes transferred, or -1.
///
/// # Safety
/// `cb` must be a control block whose request has ended.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn aio_return(cb: *mut Aiocb) -> isize {
    // SAFETY: the caller's control block; `ret` is written before the state is released.
    unsafe { AtomicIsize::from_ptr(&raw mut (*cb).ret).load(Ordering::Relaxed) }
}

/// Whether any listed request (nulls skipped) has ended.
///
/// # Safety
/// `list` must hold `n` entries, each null or a control block.
unsafe fn any_done(list: *const *const Aiocb, n: usize) -> bool {
    // SAFETY: the caller's list.
    (0..n).any(|i| unsafe {
        let cb = *list.add(i);
        !cb.is_null() && state(cb).load(Ordering::Acquire) != EINPROGRESS
    })
}

/// `aio_suspend(list, n, timeout)`—Waits until one of the `n` requests (null entries are
/// skipped) has ended, or the relative `timeout` (null: forever) passes; 0, or -1 with errno
/// (EAGAIN on timeout, EINTR, EINVAL for a negative `n`). A cancellation point.
///
/// # Safety
/// `list` must hold `n` entries, each null or a submitted control block; `timeout` null or
/// valid.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn aio_suspend(list: *const *const Aiocb, n: c_int, timeout: *const Timespec) -> c_int {
    if n < 0 {
        set_errno(EINVAL);
        return -1;
    }
    let deadline = if timeout.is_null() {
        None
    } else {
        // SAFETY: the caller's timespec.
        let t = unsafe { *timeout };
        Some(add(now(), t))
    };
    loop {
        limpet_syscall::cancel::test();
        let seen = COMPLETIONS.load(Ordering::Acquire);
        // SAFETY: forwarded contract.
        if unsafe { any_done(list, n as usize) } {
            return 0;
        }
        let left = match deadline {
            None => None,
            Some(d) => match sub(d, now()) {
                Some(l) => Some(l),
                None => {
                    set_errno(EAGAIN);
                    return -1;
                }
            },
        };
        let tp = left.as_ref().map_or(core::ptr::null(), |l| l as *const Timespec);
        // A timeout is found by the next pass's clock reading.
        if wait(&COMPLETIONS, seen, tp) == Err(EINTR) {
            set_errno(EINTR);
            return -1;
        }
    }
}

fn now() -> Timespec {
    let mut t = Timespec::default();
    // SAFETY: `t` is a timespec; the monotonic clock cannot fail.
    unsafe { limpet_syscall::unistd::clock_gettime(CLOCK_MONOTONIC, &mut t) };
    t
}

fn add(a: Timespec, b: Timespec) -> Timespec {
    let ns = a.tv_nsec + b.tv_nsec;
    Timespec { tv_sec: a.tv_sec.saturating_add(b.tv_sec).saturating_add(ns / 1_000_000_000), tv_nsec: ns % 1_000_000_000 }
}

/// `a - b`, or None when not positive.
fn sub(a: Timespec, b: Timespec) -> Option<Timespec> {
    let (mut s, mut ns) = (a.tv_sec - b.tv_sec, a.tv_nsec - b.tv_nsec);
    if ns < 0 {
        ns += 1_000_000_000;
        s -= 1;
    }
    if s < 0 || s == 0 && ns == 0 { None } else { Some(Timespec { tv_sec: s, tv_nsec: ns }) }
}

/// `aio_cancel(fd, cb)`—Cancels the request `cb` on `fd`, or with a null `cb` every request
/// on `fd`: a request still running is stopped (its thread cancelled in its system call) and
/// ends with ECANCELED and its notification. `AIO_CANCELED` when at least one was, else
/// `AIO_ALLDONE` (each had already ended, as musl reports); -1 with errno EBADF for a closed
/// `fd`, EINVAL when `cb` is for another descriptor.
///
/// # Safety
/// `cb` must be null or a control block.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn aio_cancel(fd: c_int, cb: *mut Aiocb) -> c_int {
    // SAFETY: F_GETFD takes no pointer.
    if let Err(e) = result(unsafe { syscall3(nr::FCNTL, fd as usize, F_GETFD as usize, 0) }) {
        set_errno(e);
        return -1;
    }
    // SAFETY: a non-null `cb` is the caller's control block.
    if !cb.is_null() && unsafe { (*cb).aio_fildes } != fd {
        set_errno(EINVAL);
        return -1;
    }
    // Under the lock (which a finishing request needs to unlist itself, so none can be
    // freed meanwhile): cancel each running match, and keep its control block to wait on.
    let mut waiting: [*mut Aiocb; 64] = [core::ptr::null_mut(); 64];
    let mut count = 0;
    let mut more = false;
    {
        let reg = REGISTRY.lock();
        let mut p = reg.head;
        while !p.is_null() {
            // SAFETY: listed records are live while the lock is held.
            let r = unsafe { &*p };
            let (rcb, rfd, th) = r.parts();
            if rfd == fd && (cb.is_null() || rcb == cb) && unsafe { state(rcb) }.load(Ordering::Acquire) == EINPROGRESS {
                if count < waiting.len() {
                    // SAFETY: the thread is listed, so it has not ended.
                    unsafe { pthread_cancel(th) };
                    waiting[count] = rcb;
                    count += 1;
                } else {
                    more = true;
                }
            }
            p = r.next_record();
        }
    }
    let mut canceled = false;
    for &w in &waiting[..count] {
        // SAFETY: a control block of a request in flight, which ends soon.
        let st = unsafe { state(w) };
        loop {
            let v = st.load(Ordering::Acquire);
            if v != EINPROGRESS {
                canceled |= v == ECANCELED;
                break;
            }
            let _ = wait(st, v, core::ptr::null());
        }
    }
    if more {
        // More requests than one pass holds: cancel the rest the same way.
        // SAFETY: forwarded contract.
        let r = unsafe { aio_cancel(fd, cb) };
        canceled |= r == AIO_CANCELED;
    }
    if canceled { AIO_CANCELED } else { AIO_ALLDONE }
}

/// `lio_listio(mode, list, n, sev)`—Submits the `n` requests of `list` (null entries and
/// `LIO_NOP` skipped; `LIO_READ`, `LIO_WRITE` by `aio_lio_opcode`). With `LIO_WAIT`, returns
/// when all have ended: 0, or -1 with errno EIO when one failed (each control block tells
/// which). With `LIO_NOWAIT`, returns at once, and `sev` (null: none) is sent when all have
/// ended. -1 with errno EAGAIN when a request could not be queued (its control block says
/// so; the others go on), EINVAL for a bad `mode` or `n`.
///
/// # Safety
/// `list` must hold `n` entries, each null or a control block valid until it ends; `sev`
/// null or valid.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn lio_listio(mode: c_int, list: *const *mut Aiocb, n: c_int, sev: *const Sigevent) -> c_int {
    if mode != LIO_WAIT && mode != LIO_NOWAIT || n < 0 {
        set_errno(EINVAL);
        return -1;
    }
    let n = n as usize;
    let mut refused = false;
    for i in 0..n {
        // SAFETY: the caller's list.
        let cb = unsafe { *list.add(i) };
        if cb.is_null() {
            continue;
        }
        // SAFETY: the caller's control block.
        let op = match unsafe { (*cb).aio_lio_opcode } {
            LIO_READ => Op::Read,
            LIO_WRITE => Op::Write,
            LIO_NOP => continue,
            _ => {
                // SAFETY: as above.
                unsafe { refuse(cb, EINVAL) };
                refused = true;
                continue;
            }
        };
        // SAFETY: as above.
        if let Err(e) = unsafe { submit(cb, op) } {
            unsafe { refuse(cb, e) };
            refused = true;
        }
    }
    if mode == LIO_WAIT {
        // SAFETY: forwarded contract.
        unsafe { wait_all(list.cast(), n) };
        if refused {
            set_errno(EAGAIN);
            return -1;
        }
        // SAFETY: as above.
        let failed = (0..n).any(|i| unsafe {
            let cb = *list.add(i);
            !cb.is_null() && (*cb).aio_lio_opcode != LIO_NOP && state(cb).load(Ordering::Acquire) != 0
        });
        if failed {
            set_errno(EIO);
            return -1;
        }
        return 0;
    }
    // SAFETY: a non-null `sev` is readable.
    if !sev.is_null() && unsafe { (*sev).sigev_notify } != SIGEV_NONE {
        // SAFETY: forwarded contract.
        if unsafe { start_list_waiter(list, n, *sev) }.is_err() {
            refused = true;
        }
    }
    if refused {
        set_errno(EAGAIN);
        return -1;
    }
    0
}

/// Marks a control block that could not be queued.
///
/// # Safety
/// `cb` must be a control block.
unsafe fn refuse(cb: *mut Aiocb, e: c_int) {
    // SAFETY: the caller's control block.
    unsafe {
        AtomicIsize::from_ptr(&raw mut (*cb).ret).store(-1, Ordering::Relaxed);
        state(cb).store(e, Ordering::Release);
    }
}

/// Waits until every listed request has ended.
///
/// # Safety
/// `list` must hold `n` entries, each null or a control block.
unsafe fn wait_all(list: *const *const Aiocb, n: usize) {
    loop {
        let seen = COMPLETIONS.load(Ordering::Acquire);
        // SAFETY: the caller's list.
        let running = (0..n).any(|i| unsafe {
            let cb = *list.add(i);
            !cb.is_null() && state(cb).load(Ordering::Acquire) == EINPROGRESS
        });
        if !running {
            return;
        }
        let _ = wait(&COMPLETIONS, seen, core::ptr::null());
    }
}

/// `lio_listio`'s waiter: a copy of the list (the caller may reuse its array) and the
/// notification, in one block the thread frees.
#[repr(C)]
struct ListWaiter {
    sev: Sigevent,
    n: usize,
    // followed by `n` control block pointers
}

/// Starts a detached thread that waits for the list, then notifies.
///
/// # Safety
/// As for `lio_listio`.
unsafe fn start_list_waiter(list: *const *mut Aiocb, n: usize, sev: Sigevent) -> Result<(), ()> {
    let size = size_of::<ListWaiter>() + n * size_of::<*mut Aiocb>();
    // SAFETY: a block for the header and the pointers.
    let block = unsafe { malloc(size) }.cast::<ListWaiter>();
    if block.is_null() {
        return Err(());
    }
    // SAFETY: `block` has room for the header and `n` pointers after it.
    unsafe {
        block.write(ListWaiter { sev, n });
        core::ptr::copy_nonoverlapping(list, block.add(1).cast::<*mut Aiocb>(), n);
        let mut attr = PthreadAttr::new(0, 0);
        pthread_attr_init(&mut attr);
        pthread_attr_setdetachstate(&mut attr, 1);
        let mut th = 0usize;
        if pthread_create(&mut th, &attr, list_waiter, block.cast()) != 0 {
            free(block.cast());
            return Err(());
        }
    }
    Ok(())
}

unsafe extern "C" fn list_waiter(arg: *mut c_void) -> *mut c_void {
    let block = arg.cast::<ListWaiter>();
    // SAFETY: the block is this thread's.
    unsafe {
        let ListWaiter { sev, n } = block.read();
        wait_all(block.add(1).cast::<*const Aiocb>(), n);
        free(arg);
        send_notification(&sev);
    }
    core::ptr::null_mut()
}

/// The LFS64 names, which on 64-bit targets are the same functions.
macro_rules! forward {
    ($($(#[$m:meta])* fn $name:ident($($a:ident: $t:ty),*) -> $r:ty = $target:ident;)*) => {$(
        #[doc = concat!("`", stringify!($name), "`—the same as `", stringify!($target), "`.")]
        ///
        /// # Safety
        /// As for the function it forwards to.
        #[cfg_attr(feature = "export", unsafe(no_mangle))]
        pub unsafe extern "C" fn $name($($a: $t),*) -> $r {
            // SAFETY: forwarded contract.
            unsafe { $target($($a),*) }
        }
    )*};
}

forward! {
    fn aio_read64(cb: *mut Aiocb) -> c_int = aio_read;
    fn aio_write64(cb: *mut Aiocb) -> c_int = aio_write;
    fn aio_fsync64(op: c_int, cb: *mut Aiocb) -> c_int = aio_fsync;
    fn aio_error64(cb: *const Aiocb) -> c_int = aio_error;
    fn aio_return64(cb: *mut Aiocb) -> isize = aio_return;
    fn aio_suspend64(list: *const *const Aiocb, n: c_int, timeout: *const Timespec) -> c_int = aio_suspend;
    fn aio_cancel64(fd: c_int, cb: *mut Aiocb) -> c_int = aio_cancel;
    fn lio_listio64(mode: c_int, list: *const *mut Aiocb, n: c_int, sev: *const Sigevent) -> c_int = lio_listio;
}

#[cfg(test)]
mod tests {
    use super::*;
    use limpet_abi::fcntl::{O_APPEND, O_CREAT, O_RDWR, O_TRUNC};
    use limpet_syscall::errno;
    use limpet_syscall::errno::EBADF;
    use std::ffi::CString;

    fn cb(fd: c_int, buf: *mut u8, len: usize, off: i64) -> Aiocb {
        // SAFETY: an all-zero control block is a valid starting point (SIGEV_SIGNAL with
        // signal 0 is set below to SIGEV_NONE).
        let mut c: Aiocb = unsafe { core::mem::zeroed() };
        c.aio_fildes = fd;
        c.aio_buf = buf.cast();
        c.aio_nbytes = len;
        c.aio_offset = off;
        c.aio_sigevent.sigev_notify = SIGEV_NONE;
        c
    }

    fn file(name: &str, flags: c_int) -> c_int {
        let p = CString::new(format!("/tmp/limpet-aio-{}-{name}", std::process::id())).unwrap();
        // SAFETY: a NUL-terminated path.
        let fd = unsafe { limpet_syscall::unistd::open(p.as_ptr(), flags | O_CREAT | O_TRUNC, 0o600) };
        assert!(fd >= 0);
        // SAFETY: as above.
        unsafe { limpet_syscall::syscall3(nr::UNLINKAT, -100isize as usize, p.as_ptr() as usize, 0) };
        fd
    }

    /// Waits for one control block with aio_suspend.
    fn finish(c: &Aiocb) -> isize {
        let list = [c as *const Aiocb];
        // SAFETY: one submitted control block.
        while unsafe { aio_error(c) } == EINPROGRESS {
            assert_eq!(unsafe { aio_suspend(list.as_ptr(), 1, core::ptr::null()) }, 0);
        }
        unsafe { aio_return(c as *const Aiocb as *mut Aiocb) }
    }

    #[test]
    fn write_then_read_back() {
        let fd = file("rw", O_RDWR);
        let mut data = *b"asynchronous";
        let mut w = cb(fd, data.as_mut_ptr(), 12, 100);
        // SAFETY: the block and buffer outlive the request.
        assert_eq!(unsafe { aio_write(&mut w) }, 0);
        assert_eq!(finish(&w), 12);
        assert_eq!(unsafe { aio_error(&w) }, 0);
        let mut back = [0u8; 12];
        let mut r = cb(fd, back.as_mut_ptr(), 12, 100);
        assert_eq!(unsafe { aio_read(&mut r) }, 0);
        assert_eq!(finish(&r), 12);
        assert_eq!(&back, b"asynchronous");
        let mut s = cb(fd, core::ptr::null_mut(), 0, 0);
        assert_eq!(unsafe { aio_fsync(O_DSYNC, &mut s) }, 0);
        assert_eq!(finish(&s), 0);
        assert_eq!(unsafe { aio_fsync(12345, &mut s) }, -1);
        assert_eq!(errno(), EINVAL);
        // Everything has ended.
        assert_eq!(unsafe { aio_cancel(fd, core::ptr::null_mut()) }, AIO_ALLDONE);
        assert_eq!(unsafe { aio_cancel(fd, &mut r) }, AIO_ALLDONE);
        let mut other = cb(fd + 1000, back.as_mut_ptr(), 1, 0);
        assert_eq!(unsafe { aio_read(&mut other) }, -1);
        assert_eq!(errno(), EBADF);
        assert_eq!(unsafe { aio_cancel(fd, &mut other) }, -1);
        assert_eq!(errno(), EINVAL);
        let mut neg = cb(fd, back.as_mut_ptr(), 1, -1);
        assert_eq!(unsafe { aio_read(&mut neg) }, -1);
        assert_eq!(errno(), EINVAL);
        limpet_syscall::unistd::close(fd);
        assert_eq!(unsafe { aio_cancel(fd, core::ptr::null_mut()) }, -1);
        assert_eq!(errno(), EBADF);
    }

    #[test]
    fn appending_writes_keep_their_order() {
        let fd = file("append", O_RDWR | O_APPEND);
        let mut texts: Vec<[u8; 2]> = (0..40u8).map(|i| [b'a' + i % 26, b'0' + i / 26]).collect();
        let mut cbs: Vec<Aiocb> = texts.iter_mut().map(|t| cb(fd, t.as_mut_ptr(), 2, 0)).collect();
        for c in cbs.iter_mut() {
            // SAFETY: the blocks and buffers outlive the requests.
            assert_eq!(unsafe { aio_write(c) }, 0);
        }
        let mut list: Vec<*mut Aiocb> = cbs.iter_mut().map(|c| c as *mut Aiocb).collect();
        // lio_listio with only NOPs and nulls waits for nothing new; wait for the writes.
        for c in &cbs {
            assert_eq!(finish(c), 2);
        }
        let mut all = [0u8; 80];
        // SAFETY: an 80-byte buffer.
        assert_eq!(unsafe { limpet_syscall::syscall6(nr::PREAD64, fd as usize, all.as_mut_ptr() as usize, 80, 0, 0, 0) }, 80);
        let want: Vec<u8> = texts.iter().flatten().copied().collect();
        assert_eq!(&all[..], &want[..]);
        for c in cbs.iter_mut() {
            c.aio_lio_opcode = LIO_NOP;
        }
        list.push(core::ptr::null_mut());
        // SAFETY: a list of control blocks and a null.
        assert_eq!(unsafe { lio_listio(LIO_WAIT, list.as_ptr(), list.len() as c_int, core::ptr::null()) }, 0);
        limpet_syscall::unistd::close(fd);
    }

    #[test]
    fn lio_listio_waits_and_reports() {
        let fd = file("lio", O_RDWR);
        let mut a = *b"first";
        let mut b = *b"second";
        let mut ca = cb(fd, a.as_mut_ptr(), 5, 0);
        let mut cbb = cb(fd, b.as_mut_ptr(), 6, 5);
        ca.aio_lio_opcode = LIO_WRITE;
        cbb.aio_lio_opcode = LIO_WRITE;
        let list = [&raw mut ca, core::ptr::null_mut(), &raw mut cbb];
        // SAFETY: a list of live control blocks.
        assert_eq!(unsafe { lio_listio(LIO_WAIT, list.as_ptr(), 3, core::ptr::null()) }, 0);
        assert_eq!(unsafe { (aio_return(&mut ca), aio_return(&mut cbb)) }, (5, 6));
        let mut back = [0u8; 11];
        let mut r = cb(fd, back.as_mut_ptr(), 11, 0);
        r.aio_lio_opcode = LIO_READ;
        let mut bad = cb(-1, back.as_mut_ptr(), 1, 0);
        bad.aio_lio_opcode = LIO_READ;
        let list = [&raw mut r, &raw mut bad];
        assert_eq!(unsafe { lio_listio(LIO_WAIT, list.as_ptr(), 2, core::ptr::null()) }, -1);
        assert_eq!(errno(), EAGAIN);
        assert_eq!(unsafe { aio_error(&bad) }, EBADF);
        assert_eq!(&back, b"firstsecond");
        assert_eq!(unsafe { lio_listio(7, list.as_ptr(), 2, core::ptr::null()) }, -1);
        assert_eq!(errno(), EINVAL);
        // aio_suspend with nothing to wait for times out.
        let t = Timespec { tv_sec: 0, tv_nsec: 1_000_000 };
        let empty: [*const Aiocb; 1] = [core::ptr::null()];
        assert_eq!(unsafe { aio_suspend(empty.as_ptr(), 1, &t) }, -1);
        assert_eq!(errno(), EAGAIN);
        limpet_syscall::unistd::close(fd);
    }
}
