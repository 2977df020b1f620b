//! The requests in flight: each has a record on the heap, in a list under one lock, and a
//! detached thread that makes the system call (a cancellation point, so `aio_cancel` can stop
//! a read or write that blocks), records the result in the control block, wakes the waiters
//! and sends the notification.
//!
//! The control block's private fields hold the state, as musl's do: `__err` is
//! `EINPROGRESS` until the request ends, then its error (0 for success), and `__ret` the
//! result. Every completion also bumps `COMPLETIONS`, the futex word `aio_suspend` and the
//! others wait on.
//!
//! POSIX wants writes to a file open with `O_APPEND` to land in the order they were asked
//! for: those take a ticket per descriptor when submitted, and each waits for its turn
//! before writing (`Turns`).
use core::ffi::{c_int, c_void};
use core::ptr;
use core::sync::atomic::{AtomicI32, AtomicIsize, Ordering};

use limpet_abi::aio::Aiocb;
use limpet_abi::fcntl::{F_GETFL, O_APPEND};
use limpet_abi::pthread::{PTHREAD_CREATE_DETACHED, Ptcb, PthreadAttr};
use limpet_abi::signal::{SIGEV_SIGNAL, SIGEV_THREAD, Sigevent};
use limpet_syscall::cancel::syscall_cp;
use limpet_syscall::errno::{EAGAIN, ECANCELED, EINPROGRESS, EINVAL};
use limpet_syscall::{nr, result, syscall0, syscall3, syscall4};

use crate::imports::{
    _pthread_cleanup_pop, _pthread_cleanup_push, free, malloc, pthread_attr_init,
    pthread_attr_setdetachstate, pthread_attr_setstacksize, pthread_create, pthread_setcancelstate,
};

/// What a request does.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Op {
    Read,
    Write,
    Sync { data_only: bool },
}

/// Bumped and woken at every completion.
pub(crate) static COMPLETIONS: AtomicI32 = AtomicI32::new(0);

/// The stack of a request's thread when no `SIGEV_THREAD` function runs on it: it only makes
/// system calls.
const IO_STACK: usize = 64 * 1024;
const PTHREAD_CANCEL_DISABLE: c_int = 1;
const FUTEX_WAIT_PRIVATE: usize = 128;
const FUTEX_WAKE_PRIVATE: usize = 129;
/// `si_code` of a signal sent for an asynchronous I/O completion.
const SI_ASYNCIO: c_int = -4;

pub(crate) struct Request {
    cb: *mut Aiocb,
    op: Op,
    fd: c_int,
    /// The thread, once `pthread_create` has returned (the list lock is held until then).
    thread: usize,
    /// For appending writes, the ticket of this write on its descriptor.
    ticket: Option<u64>,
    /// Whether the transfer is at `aio_offset` (pread/pwrite) rather than where the
    /// descriptor stands (read/write: appending writes, and descriptors without an offset).
    positioned: bool,
    notify: Sigevent,
    next: *mut Request,
}

impl Request {
    /// The control block, descriptor and thread.
    pub(crate) fn parts(&self) -> (*mut Aiocb, c_int, usize) {
        (self.cb, self.fd, self.thread)
    }

    pub(crate) fn next_record(&self) -> *mut Request {
        self.next
    }
}

/// The list of requests in flight, and the appending writes' turns.
pub(crate) struct Registry {
    pub(crate) head: *mut Request,
    turns: Turns,
}

// SAFETY: the raw pointers are only followed under the lock.
unsafe impl Send for Registry {}

pub(crate) static REGISTRY: limpet_start::lock::Mutex<Registry> =
    limpet_start::lock::Mutex::new(Registry { head: ptr::null_mut(), turns: Turns { queues: [Turn::IDLE; TURNS] } });

/// How many descriptors can have appending writes in flight at once.
const TURNS: usize = 32;

#[derive(Clone, Copy)]
struct Turn {
    fd: c_int,
    next: u64,
    serving: u64,
    users: u32,
}

impl Turn {
    const IDLE: Turn = Turn { fd: -1, next: 0, serving: 0, users: 0 };
}

struct Turns {
    queues: [Turn; TURNS],
}

impl Turns {
    /// A ticket for an appending write to `fd`, or None when every queue is busy.
    fn take(&mut self, fd: c_int) -> Option<u64> {
        let slot = match self.queues.iter().position(|t| t.users > 0 && t.fd == fd) {
            Some(i) => i,
            None => {
                let i = self.queues.iter().position(|t| t.users == 0)?;
                self.queues[i] = Turn { fd, next: 0, serving: 0, users: 0 };
                i
            }
        };
        let t = &mut self.queues[slot];
        t.users += 1;
        t.next += 1;
        Some(t.next - 1)
    }

    fn serving(&self, fd: c_int) -> u64 {
        self.queues.iter().find(|t| t.users > 0 && t.fd == fd).map_or(0, |t| t.serving)
    }

    /// The write with the current ticket on `fd` is done: the next may go.
    fn done(&mut self, fd: c_int) {
        if let Some(t) = self.queues.iter_mut().find(|t| t.users > 0 && t.fd == fd) {
            t.serving += 1;
            t.users -= 1;
        }
    }
}

/// Wakes every waiter on `word`.
fn wake_all(word: &AtomicI32) {
    // SAFETY: a private futex wake on a live word.
    unsafe { syscall3(nr::FUTEX, word.as_ptr() as usize, FUTEX_WAKE_PRIVATE, i32::MAX as usize) };
}

/// Waits while `word` holds `seen`, up to `timeout` (null: forever); the kernel's error.
/// A cancellation point.
pub(crate) fn wait(word: &AtomicI32, seen: i32, timeout: *const limpet_abi::time::Timespec) -> Result<(), c_int> {
    // SAFETY: a private futex wait on a live word; `timeout` null or valid (the caller's).
    result(unsafe { syscall_cp(nr::FUTEX, word.as_ptr() as usize, FUTEX_WAIT_PRIVATE, seen as u32 as usize, timeout as usize, 0, 0) })
        .map(|_| ())
}

/// The control block's state word.
///
/// # Safety
/// `cb` must be a live control block.
pub(crate) unsafe fn state(cb: *const Aiocb) -> &'static AtomicI32 {
    // SAFETY: `err` is an aligned int the control block owns; AtomicI32 has its layout.
    unsafe { AtomicI32::from_ptr(&raw const (*cb).err as *mut i32) }
}

/// Queues `cb` for `op`: 0, or the errno to fail with (EBADF, EINVAL, EAGAIN).
///
/// # Safety
/// `cb` must be a valid control block that stays alive until the request ends.
pub(crate) unsafe fn submit(cb: *mut Aiocb, op: Op) -> Result<(), c_int> {
    // SAFETY: the caller's control block.
    let (fd, notify, offset) = unsafe { ((*cb).aio_fildes, (*cb).aio_sigevent, (*cb).aio_offset) };
    // SAFETY: F_GETFL takes no pointer.
    let flags = result(unsafe { syscall3(nr::FCNTL, fd as usize, F_GETFL as usize, 0) })? as c_int;
    let append = op == Op::Write && flags & O_APPEND != 0;
    // A pipe, socket or terminal has no offset: read and write it where it stands.
    // SAFETY: lseek takes no pointer; SEEK_CUR (1) with 0 only asks.
    let seekable = result(unsafe { syscall3(nr::LSEEK, fd as usize, 0, 1) }).is_ok();
    // A read or a positioned write needs a file offset; an appending write ignores it.
    if seekable && (op == Op::Read || op == Op::Write && !append) && offset < 0 {
        return Err(EINVAL);
    }
    // SAFETY: the control block is the caller's to hand over.
    unsafe {
        (*cb).ret = 0;
        state(cb).store(EINPROGRESS, Ordering::Release);
    }
    let rec = unsafe { malloc(size_of::<Request>()) }.cast::<Request>();
    if rec.is_null() {
        return Err(EAGAIN);
    }
    let mut attr = PthreadAttr::new(0, 0);
    let custom = notify.sigev_notify == SIGEV_THREAD && notify.sigev_un[1] != 0;
    // SAFETY: `attr` has a pthread_attr_t's size; a given one is the caller's, copied.
    unsafe {
        if custom {
            attr = *(notify.sigev_un[1] as *const PthreadAttr);
        } else {
            pthread_attr_init(&mut attr);
            if notify.sigev_notify != SIGEV_THREAD {
                pthread_attr_setstacksize(&mut attr, IO_STACK);
            }
        }
        pthread_attr_setdetachstate(&mut attr, PTHREAD_CREATE_DETACHED);
    }
    let mut reg = REGISTRY.lock();
    let ticket = if append {
        match reg.turns.take(fd) {
            Some(t) => Some(t),
            None => {
                // SAFETY: the record was never shared.
                unsafe { free(rec.cast()) };
                return Err(EAGAIN);
            }
        }
    } else {
        None
    };
    // SAFETY: `rec` is fresh; the lock keeps the thread from finishing before it is listed.
    unsafe {
        rec.write(Request { cb, op, fd, thread: 0, ticket, positioned: seekable && !append, notify, next: reg.head });
        reg.head = rec;
        let mut th = 0usize;
        let r = pthread_create(&mut th, &attr, io_thread, rec.cast());
        if r != 0 {
            reg.head = (*rec).next;
            if ticket.is_some() {
                reg.turns.done(fd);
            }
            free(rec.cast());
            state(cb).store(EAGAIN, Ordering::Release);
            return Err(EAGAIN);
        }
        (*rec).thread = th;
    }
    Ok(())
}

/// A request's thread.
unsafe extern "C" fn io_thread(arg: *mut c_void) -> *mut c_void {
    let rec = arg.cast::<Request>();
    // SAFETY: the record is this thread's until `complete` frees it.
    let (cb, op, fd, ticket, positioned) = unsafe { ((*rec).cb, (*rec).op, (*rec).fd, (*rec).ticket, (*rec).positioned) };
    if let Some(t) = ticket {
        await_turn(fd, t);
    }
    // The cleanup record, with room to spare: the unit tests run on glibc, whose record
    // behind the same name is 32 bytes.
    let mut room = [0u64; 8];
    let guard = room.as_mut_ptr().cast::<Ptcb>();
    // SAFETY: a cleanup record on this thread's stack, popped below unless the thread is
    // cancelled inside the system call (then the handler completes the request).
    unsafe { _pthread_cleanup_push(guard, Some(cancelled), arg) };
    // SAFETY: the control block is live while the request is in flight.
    let (buf, len, off) = unsafe { ((*cb).aio_buf as usize, (*cb).aio_nbytes, (*cb).aio_offset as usize) };
    // SAFETY: the caller of aio_read/aio_write vouched for the buffer; each call is a
    // cancellation point.
    let raw = unsafe {
        match op {
            Op::Read if positioned => syscall_cp(nr::PREAD64, fd as usize, buf, len, off, 0, 0),
            Op::Read => syscall_cp(nr::READ, fd as usize, buf, len, 0, 0, 0),
            Op::Write if positioned => syscall_cp(nr::PWRITE64, fd as usize, buf, len, off, 0, 0),
            Op::Write => syscall_cp(nr::WRITE, fd as usize, buf, len, 0, 0, 0),
            Op::Sync { data_only: true } => syscall_cp(nr::FDATASYNC, fd as usize, 0, 0, 0, 0, 0),
            Op::Sync { data_only: false } => syscall_cp(nr::FSYNC, fd as usize, 0, 0, 0, 0, 0),
        }
    };
    // From here on the request is finished: no cancellation may cut the bookkeeping.
    // SAFETY: no old state wanted.
    unsafe {
        pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, ptr::null_mut());
        _pthread_cleanup_pop(guard, 0);
        complete(rec, raw as isize);
    }
    ptr::null_mut()
}

/// The cleanup handler: the thread was cancelled in its system call.
unsafe extern "C" fn cancelled(arg: *mut c_void) {
    // SAFETY: the record is this thread's.
    unsafe { complete(arg.cast(), -(ECANCELED as isize)) };
}

/// Waits until it is ticket `t`'s turn on `fd`.
fn await_turn(fd: c_int, t: u64) {
    loop {
        let seen = COMPLETIONS.load(Ordering::Acquire);
        if REGISTRY.lock().turns.serving(fd) == t {
            return;
        }
        // Not a cancellation point: a cancelled write acts when its turn comes.
        // SAFETY: a private futex wait on a live word.
        unsafe { syscall4(nr::FUTEX, COMPLETIONS.as_ptr() as usize, FUTEX_WAIT_PRIVATE, seen as u32 as usize, 0) };
    }
}

/// Ends a request with the kernel's raw result `raw` (a negated errno on failure): records it
/// in the control block, unlists and frees the record, wakes the waiters, then notifies.
///
/// # Safety
/// `rec` must be a listed record, owned by the calling thread.
unsafe fn complete(rec: *mut Request, raw: isize) {
    // SAFETY: the caller owns the record; the lock guards the list.
    let (cb, notify) = unsafe {
        let mut reg = REGISTRY.lock();
        let mut link: *mut *mut Request = &mut reg.head;
        while !(*link).is_null() && *link != rec {
            link = &mut (**link).next;
        }
        if !(*link).is_null() {
            *link = (*rec).next;
        }
        if (*rec).ticket.is_some() {
            reg.turns.done((*rec).fd);
        }
        let cb = (*rec).cb;
        let (err, ret) = if raw < 0 { (-raw as c_int, -1) } else { (0, raw) };
        AtomicIsize::from_ptr(&raw mut (*cb).ret).store(ret, Ordering::Relaxed);
        state(cb).store(err, Ordering::Release);
        ((*rec).cb, (*rec).notify)
    };
    // SAFETY: the record is unlisted and no longer used.
    unsafe { free(rec.cast()) };
    // SAFETY: `cb` stays live until the program sees the state change, which it may only
    // after this wake; the word is the control block's.
    wake_all(unsafe { state(cb) });
    COMPLETIONS.fetch_add(1, Ordering::Release);
    wake_all(&COMPLETIONS);
    // SAFETY: the caller vouched for the notification when it submitted.
    unsafe { send_notification(&notify) };
}

/// Sends the notification `sev` asks for: a queued signal with the value (`SI_ASYNCIO`), or
/// the function run on this thread.
///
/// # Safety
/// A `SIGEV_THREAD` function must be callable with its value.
pub(crate) unsafe fn send_notification(sev: &Sigevent) {
    if sev.sigev_notify == SIGEV_SIGNAL {
        // The first fields of a siginfo_t: signo, errno, code, then (for a queued signal)
        // pid, uid and the value.
        let mut info = [0u64; 16];
        // SAFETY: getpid and getuid take no arguments.
        let (pid, uid) = unsafe { (syscall0(nr::GETPID), syscall0(nr::GETUID)) };
        info[0] = u64::from(sev.sigev_signo as u32);
        info[1] = u64::from(SI_ASYNCIO as u32);
        info[2] = (pid as u64 & 0xffff_ffff) | ((uid as u64) << 32);
        info[3] = sev.sigev_value as u64;
        // SAFETY: a siginfo_t-sized record for this very process.
        unsafe { syscall3(nr::RT_SIGQUEUEINFO, pid, sev.sigev_signo as usize, info.as_ptr() as usize) };
    } else if sev.sigev_notify == SIGEV_THREAD && sev.sigev_un[0] != 0 {
        // SAFETY: the function pointer is the sigevent's first union word (musl's layout).
        let f = unsafe { core::mem::transmute::<u64, unsafe extern "C" fn(usize)>(sev.sigev_un[0]) };
        // SAFETY: the caller vouched for the function.
        unsafe { f(sev.sigev_value) };
    }
}
