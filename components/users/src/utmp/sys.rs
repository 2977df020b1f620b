//! The file operations the utmp functions need, as raw system calls that return the errno
//! instead of setting it: opening (always close-on-exec, since a thread may `exec` while
//! the database is open), whole-record reads and writes at an offset (`pread`, `pwrite`:
//! no shared file position to keep in step), the size, and the record locks.
//!
//! The locks are open-file-description locks (`F_OFD_SETLK`) over the whole file: they
//! conflict with the classic `fcntl` locks glibc's programs take on the same files, but,
//! unlike those, they belong to the descriptor, so closing some other descriptor of the
//! file elsewhere in the process does not drop them. A lock is waited for a bounded time
//! ([`LOCK_WAIT_NS`]), so a process that hangs holding one cannot hang every `who` too (one
//! that dies releases its locks).
use core::ffi::{CStr, c_int};
use core::mem::MaybeUninit;

use limpet_abi::fcntl::{AT_FDCWD, F_OFD_SETLK, F_RDLCK, F_UNLCK, F_WRLCK, Flock, O_CLOEXEC};
use limpet_abi::stat::Stat;
use limpet_abi::time::Timespec;
use limpet_syscall::errno::{EACCES, EAGAIN, EINTR, EIO};
use limpet_syscall::{nr, result, syscall1, syscall2, syscall3, syscall4};

/// How long a lock is waited for in all: 10 s.
const LOCK_WAIT_NS: i64 = 10_000_000_000;
/// The first pause between two attempts at a lock: 1 ms, doubled each time up to
/// [`MAX_PAUSE_NS`].
const FIRST_PAUSE_NS: i64 = 1_000_000;
/// The longest pause between two attempts: 100 ms.
const MAX_PAUSE_NS: i64 = 100_000_000;
/// Nanoseconds in a second, to split a pause into a `timespec`.
const NS_PER_S: i64 = 1_000_000_000;

/// A descriptor this module opened, closed when dropped.
pub(crate) struct Fd(c_int);

impl Fd {
    /// Opens `path` with `flags` (and close-on-exec).
    pub(crate) fn open(path: &CStr, flags: c_int) -> Result<Fd, c_int> {
        // SAFETY: `path` is NUL-terminated; no file is created, so the mode is unused.
        let fd = result(unsafe {
            syscall4(nr::OPENAT, AT_FDCWD as usize, path.as_ptr() as usize, (flags | O_CLOEXEC) as usize, 0)
        })?;
        Ok(Fd(fd as c_int))
    }

    /// Reads `buf.len()` bytes at `offset`; `Ok(false)` when the file ends first (a partial
    /// record at the end of the file counts as none).
    pub(crate) fn read_at(&self, buf: &mut [u8], offset: u64) -> Result<bool, c_int> {
        let mut done = 0;
        while done < buf.len() {
            let rest = &mut buf[done..];
            // SAFETY: the kernel writes at most `rest.len()` bytes into `rest`.
            let n = match result(unsafe {
                syscall4(nr::PREAD64, self.0 as usize, rest.as_mut_ptr() as usize, rest.len(), (offset + done as u64) as usize)
            }) {
                Err(EINTR) => continue,
                r => r?,
            };
            if n == 0 {
                return Ok(false);
            }
            done += n;
        }
        Ok(true)
    }

    /// Writes all of `buf` at `offset`; a write that stops short (a full disk) is ENOSPC's
    /// or EIO's error, as the kernel says on the next attempt.
    pub(crate) fn write_at(&self, buf: &[u8], offset: u64) -> Result<(), c_int> {
        let mut done = 0;
        while done < buf.len() {
            let rest = &buf[done..];
            // SAFETY: the kernel reads at most `rest.len()` bytes from `rest`.
            let n = match result(unsafe {
                syscall4(nr::PWRITE64, self.0 as usize, rest.as_ptr() as usize, rest.len(), (offset + done as u64) as usize)
            }) {
                Err(EINTR) => continue,
                r => r?,
            };
            if n == 0 {
                return Err(EIO);
            }
            done += n;
        }
        Ok(())
    }

    /// The file's size in bytes.
    pub(crate) fn size(&self) -> Result<u64, c_int> {
        let mut st = MaybeUninit::<Stat>::uninit();
        // SAFETY: the kernel fills `st`, a `struct stat` of this target.
        result(unsafe { syscall2(nr::FSTAT, self.0 as usize, st.as_mut_ptr() as usize) })?;
        // SAFETY: `fstat` succeeded, so it wrote the whole struct.
        Ok(unsafe { st.assume_init() }.st_size as u64)
    }

    /// Cuts the file to `len` bytes (undoing a partly written record).
    pub(crate) fn truncate(&self, len: u64) -> Result<(), c_int> {
        // SAFETY: no memory is passed.
        result(unsafe { syscall2(nr::FTRUNCATE, self.0 as usize, len as usize) }).map(drop)
    }

    /// Takes a lock on the whole file, for reading (shared) or writing (exclusive); the lock
    /// is released when the guard drops, which must be before this descriptor closes (the
    /// guard names the descriptor by number, so that the caller may go on using the `Fd`).
    /// Fails with EAGAIN when another holder keeps a conflicting lock for [`LOCK_WAIT_NS`].
    pub(crate) fn lock(&self, write: bool) -> Result<Locked, c_int> {
        let kind = if write { F_WRLCK } else { F_RDLCK };
        let mut waited = 0;
        let mut pause = FIRST_PAUSE_NS;
        loop {
            match set_lock(self.0, kind) {
                Ok(()) => return Ok(Locked(self.0)),
                Err(EAGAIN | EACCES) if waited < LOCK_WAIT_NS => {
                    sleep_ns(pause);
                    waited += pause;
                    pause = (pause * 2).min(MAX_PAUSE_NS);
                }
                Err(EACCES) => return Err(EAGAIN),
                Err(e) => return Err(e),
            }
        }
    }
}

impl Drop for Fd {
    fn drop(&mut self) {
        // SAFETY: the descriptor is ours and dropped with `self`; `close` releases our locks.
        unsafe { syscall1(nr::CLOSE, self.0 as usize) };
    }
}

/// A lock held on an open file's whole length, by descriptor, released when dropped.
pub(crate) struct Locked(c_int);

impl Drop for Locked {
    fn drop(&mut self) {
        // Unlocking a lock we hold cannot fail but for a bad descriptor, which ours is not.
        let _ = set_lock(self.0, F_UNLCK);
    }
}

/// Sets or clears a lock of `kind` over the whole file of `fd`, without waiting.
fn set_lock(fd: c_int, kind: i16) -> Result<(), c_int> {
    // Whole file: from offset 0, length 0 (to the end, however far it grows); an OFD
    // lock's `l_pid` must be 0.
    let mut fl = Flock { l_type: kind, ..Flock::default() };
    // SAFETY: `fl` is a `struct flock` the kernel reads (and may write) for the call.
    result(unsafe { syscall3(nr::FCNTL, fd as usize, F_OFD_SETLK as usize, &mut fl as *mut Flock as usize) }).map(drop)
}

/// Sleeps about `ns` nanoseconds (an interrupted sleep ends early, which only makes the next
/// attempt at the lock come sooner).
fn sleep_ns(ns: i64) {
    let ts = Timespec { tv_sec: ns / NS_PER_S, tv_nsec: (ns % NS_PER_S) as _ };
    // SAFETY: the kernel reads `ts`; no remainder is asked for.
    unsafe { syscall2(nr::NANOSLEEP, &ts as *const Timespec as usize, 0) };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::testfile::TempFile;
    use limpet_abi::fcntl::O_RDWR;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};

    #[test]
    fn locks_exclude_each_other_until_released() {
        let file = TempFile::new(b"");
        let holder = Fd::open(&file.path, O_RDWR).unwrap();
        let waiter = Fd::open(&file.path, O_RDWR).unwrap();
        let held = holder.lock(true).unwrap();
        // Two descriptors of one process conflict: the locks belong to the descriptions.
        assert_eq!(set_lock(waiter.0, F_RDLCK), Err(EAGAIN));
        let released = Arc::new(AtomicBool::new(false));
        let flag = released.clone();
        let t = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(50));
            flag.store(true, Ordering::SeqCst);
            drop(held);
            holder
        });
        let got = waiter.lock(false).unwrap();
        assert!(released.load(Ordering::SeqCst), "the shared lock came before the exclusive one was released");
        let holder = t.join().unwrap();
        // Two shared locks coexist; an exclusive one waits for both.
        let both = holder.lock(false).unwrap();
        assert_eq!(set_lock(holder.0, F_WRLCK), Err(EAGAIN));
        drop((got, both));
        assert_eq!(set_lock(holder.0, F_WRLCK), Ok(()));
    }

    #[test]
    fn whole_records_only() {
        let file = TempFile::new(b"0123456789");
        let fd = Fd::open(&file.path, O_RDWR).unwrap();
        let mut b = [0u8; 4];
        assert_eq!(fd.read_at(&mut b, 4), Ok(true));
        assert_eq!(&b, b"4567");
        assert_eq!(fd.read_at(&mut b, 8), Ok(false));
        fd.write_at(b"ab", 10).unwrap();
        assert_eq!(fd.size(), Ok(12));
        fd.truncate(3).unwrap();
        assert_eq!(fd.size(), Ok(3));
        assert!(Fd::open(c"/nonexistent/limpet-utmp", O_RDWR).is_err());
    }
}
