//! Named semaphores: `sem_open`, `sem_close`, `sem_unlink`.
//!
//! As in musl, the semaphore named `/NAME` is the file `/dev/shm/NAME` holding one `sem_t`,
//! mapped shared by every process that opens it. A new semaphore is written whole into a
//! temporary file first and then linked under its name, so no process can ever map a
//! half-initialised one: the link either wins (this call created it) or fails with
//! `EEXIST` (someone else did; open theirs, unless `O_EXCL` was asked for).
//!
//! Each process keeps a table of its mappings keyed by the file's device and inode, so
//! opening one semaphore twice returns the same address, and `sem_close` unmaps it only
//! when the last of those opens is closed.
use core::ffi::{c_char, c_int, c_uint};
use core::sync::atomic::{AtomicU32, Ordering};

use limpet_abi::fcntl::{AT_FDCWD, O_CLOEXEC, O_CREAT, O_EXCL, O_NOFOLLOW, O_NONBLOCK, O_RDWR};
use limpet_abi::limits::NAME_MAX;
use limpet_abi::mman::{MAP_SHARED, PROT_READ, PROT_WRITE};
use limpet_abi::stat::Stat;
use limpet_abi::time::{CLOCK_MONOTONIC, Timespec};
use limpet_syscall::errno::{EEXIST, EINVAL, EMFILE, ENAMETOOLONG, ENOENT};
use limpet_syscall::{nr, result, set_errno, syscall2, syscall3, syscall4, syscall5, syscall6};

use crate::abi::{SEM_NSEMS_MAX, SEM_VALUE_MAX, Sem};
use crate::lock::Lock;

/// `SEM_FAILED`.
const SEM_FAILED: *mut Sem = core::ptr::null_mut();

/// How every semaphore file is opened: a symlink planted under the name is refused, and
/// opening never blocks (a FIFO there would hang `open`).
const OPEN_FLAGS: usize = (O_RDWR | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK) as usize;
const DIR: &[u8] = b"/dev/shm/";
/// Room for `DIR`, a name of `NAME_MAX` bytes and the terminating nul.
const SHM_PATH_MAX: usize = DIR.len() + NAME_MAX + 1;

/// One mapped semaphore. `sem` is 0 for a free slot and [`RESERVED`] while a `sem_open`
/// that claimed the slot is still creating or opening its file.
#[derive(Clone, Copy)]
struct Slot {
    sem: usize,
    dev: u64,
    ino: u64,
    refs: u32,
}

const RESERVED: usize = 1;

struct Table {
    lock: Lock,
    slots: core::cell::UnsafeCell<[Slot; SEM_NSEMS_MAX]>,
}

// SAFETY: `slots` is only touched with `lock` held.
unsafe impl Sync for Table {}

static TABLE: Table = Table {
    lock: Lock::new(),
    slots: core::cell::UnsafeCell::new([Slot { sem: 0, dev: 0, ino: 0, refs: 0 }; SEM_NSEMS_MAX]),
};


fn lock_table() {
    TABLE.lock.lock();
}

fn unlock_table() {
    // SAFETY: the fork hooks pair this with `lock_table` on the forking thread (the only
    // thread of the child).
    unsafe { TABLE.lock.unlock() };
}

// A fork while another thread holds the table lock would leave the child's copy locked for
// good; the forking thread holds it across the clone instead.
limpet_start::on_fork!(fn keep_fork_hooks, crate::hooks::rank::SEM_NAMED, lock_table, unlock_table, unlock_table);

/// Runs `f` on the table with its lock held.
fn with_table<R>(f: impl FnOnce(&mut [Slot; SEM_NSEMS_MAX]) -> R) -> R {
    keep_fork_hooks();
    lock_table();
    // SAFETY: the lock is held, so the slots are ours until it is released.
    let r = f(unsafe { &mut *TABLE.slots.get() });
    unlock_table();
    r
}

/// A nul-terminated path under `/dev/shm`.
struct Path {
    buf: [u8; SHM_PATH_MAX],
}

impl Path {
    fn as_ptr(&self) -> usize {
        self.buf.as_ptr() as usize
    }
}

/// The file of semaphore `name`: leading slashes are skipped, and what remains must be a
/// non-empty single component other than `.` and `..` (else `EINVAL`), at most `NAME_MAX`
/// bytes (else `ENAMETOOLONG`).
///
/// # Safety
/// `name` must be a readable C string.
unsafe fn path_of(name: *const c_char) -> Result<Path, i32> {
    // SAFETY: per the contract.
    let mut s = unsafe { core::ffi::CStr::from_ptr(name) }.to_bytes();
    while let [b'/', rest @ ..] = s {
        s = rest;
    }
    if s.is_empty() || s.contains(&b'/') || s == b"." || s == b".." {
        return Err(EINVAL);
    }
    if s.len() > NAME_MAX {
        return Err(ENAMETOOLONG);
    }
    let mut p = Path { buf: [0; SHM_PATH_MAX] };
    p.buf[..DIR.len()].copy_from_slice(DIR);
    p.buf[DIR.len()..DIR.len() + s.len()].copy_from_slice(s);
    Ok(p)
}

/// A fresh temporary name in `/dev/shm`, from the pid, a counter and the clock.
fn temp_path() -> Path {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let mut ts = Timespec::default();
    // SAFETY: the kernel writes the live local.
    let pid = unsafe {
        syscall2(nr::CLOCK_GETTIME, CLOCK_MONOTONIC as usize, &raw mut ts as usize);
        limpet_syscall::syscall0(nr::GETPID)
    };
    let mut p = Path { buf: [0; SHM_PATH_MAX] };
    let mut n = DIR.len();
    p.buf[..n].copy_from_slice(DIR);
    const PREFIX: &[u8] = b"sem-tmp-";
    p.buf[n..n + PREFIX.len()].copy_from_slice(PREFIX);
    n += PREFIX.len();
    for v in [pid as u64, COUNTER.fetch_add(1, Ordering::Relaxed) as u64, ts.tv_nsec as u64] {
        n += write_decimal(&mut p.buf[n..], v);
        p.buf[n] = b'-';
        n += 1;
    }
    p.buf[n - 1] = 0;
    p
}

/// Writes `v` in decimal at the start of `out`, returning the digit count.
fn write_decimal(out: &mut [u8], mut v: u64) -> usize {
    let mut digits = [0u8; 20];
    let mut k = digits.len();
    loop {
        k -= 1;
        digits[k] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    let len = digits.len() - k;
    out[..len].copy_from_slice(&digits[k..]);
    len
}

/// An open descriptor, closed when dropped.
struct Fd(usize);

impl Drop for Fd {
    fn drop(&mut self) {
        // SAFETY: the descriptor is ours.
        unsafe { limpet_syscall::syscall1(nr::CLOSE, self.0) };
    }
}

fn open(path: &Path, flags: usize, mode: usize) -> Result<Fd, i32> {
    // SAFETY: the path is nul-terminated.
    result(unsafe { syscall4(nr::OPENAT, AT_FDCWD as usize, path.as_ptr(), flags, mode) }).map(Fd)
}

fn unlink(path: &Path) -> Result<(), i32> {
    // SAFETY: the path is nul-terminated.
    result(unsafe { syscall3(nr::UNLINKAT, AT_FDCWD as usize, path.as_ptr(), 0) }).map(|_| ())
}

/// Maps the semaphore in `fd`, returning it with the file's identity.
fn map(fd: &Fd) -> Result<(usize, u64, u64), i32> {
    let mut st = Stat::default();
    // SAFETY: the kernel fills the live local; the mapping is fresh.
    unsafe {
        result(syscall2(nr::FSTAT, fd.0, &raw mut st as usize))?;
        let m = result(syscall6(nr::MMAP, 0, size_of::<Sem>(), (PROT_READ | PROT_WRITE) as usize, MAP_SHARED as usize, fd.0, 0))?;
        Ok((m, st.st_dev, st.st_ino))
    }
}

fn unmap(sem: usize) {
    // SAFETY: `sem` is a mapping of one `sem_t` made by `map` and no longer used.
    unsafe { syscall2(nr::MUNMAP, sem, size_of::<Sem>()) };
}

/// Creates semaphore `path` holding `value`, or finds it already there (`EEXIST`).
fn create(path: &Path, mode: usize, value: u32) -> Result<(usize, u64, u64), i32> {
    let (tmp, fd) = loop {
        let tmp = temp_path();
        match open(&tmp, OPEN_FLAGS | O_CREAT as usize | O_EXCL as usize, mode) {
            Ok(fd) => break (tmp, fd),
            Err(EEXIST) => continue,
            Err(e) => return Err(e),
        }
    };
    let init = Sem::new(value, 1);
    // SAFETY: writes the bytes of a live local.
    let wrote = result(unsafe { syscall3(nr::WRITE, fd.0, &raw const init as usize, size_of::<Sem>()) });
    let mapped = match wrote {
        Ok(n) if n == size_of::<Sem>() => map(&fd),
        Ok(_) => Err(limpet_syscall::errno::ENOSPC),
        Err(e) => Err(e),
    };
    drop(fd);
    let linked = mapped.and_then(|m| {
        // SAFETY: both paths are nul-terminated.
        match result(unsafe {
            syscall5(nr::LINKAT, AT_FDCWD as usize, tmp.as_ptr(), AT_FDCWD as usize, path.as_ptr(), 0)
        }) {
            Ok(_) => Ok(m),
            Err(e) => {
                unmap(m.0);
                Err(e)
            }
        }
    });
    let _ = unlink(&tmp);
    linked
}

/// Opens (or, per `oflag`, creates) semaphore `name` and maps it.
///
/// # Safety
/// `name` must be a readable C string.
unsafe fn open_sem(name: *const c_char, oflag: c_int, mode: c_uint, value: c_uint) -> Result<(usize, u64, u64), i32> {
    // SAFETY: per the contract.
    let path = unsafe { path_of(name) }?;
    let exclusive = oflag & (O_CREAT | O_EXCL) == O_CREAT | O_EXCL;
    loop {
        if !exclusive {
            match open(&path, OPEN_FLAGS, 0) {
                Ok(fd) => return map(&fd),
                Err(ENOENT) if oflag & O_CREAT != 0 => {}
                Err(e) => return Err(e),
            }
        }
        if value > SEM_VALUE_MAX {
            return Err(EINVAL);
        }
        match create(&path, (mode & 0o666) as usize, value) {
            // Someone else created it first: open theirs.
            Err(EEXIST) if !exclusive => continue,
            r => return r,
        }
    }
}

/// `sem_open(name, oflag, ...)`—Opens the named semaphore `name` (`/NAME`, in
/// `/dev/shm/NAME`), creating it with `O_CREAT` (then the third and fourth arguments are
/// its `mode_t` permissions and `unsigned` initial value) if it does not exist; with
/// `O_CREAT | O_EXCL` it must not exist yet (`EEXIST`). Returns its address, the same one
/// for every open of the same semaphore in this process, or `SEM_FAILED` with errno set
/// (`ENOENT`, `EEXIST`, `EINVAL` for a bad name or a value above `SEM_VALUE_MAX`,
/// `ENAMETOOLONG`, `EMFILE` with `SEM_NSEMS_MAX` semaphores open, or what `open` says).
///
/// The C function is variadic; `mode` and `value` are read as ordinary parameters, which
/// on x86_64, aarch64 and riscv64 is where a variadic integer travels, and only when
/// `O_CREAT` is set.
///
/// # Safety
/// `name` must be a readable C string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn sem_open(name: *const c_char, oflag: c_int, mode: c_uint, value: c_uint) -> *mut Sem {
    // Claim a slot first: once a file is created, failing for want of one would leave it
    // behind for nothing.
    let Some(slot) = with_table(|t| {
        let i = t.iter().position(|s| s.sem == 0)?;
        t[i].sem = RESERVED;
        Some(i)
    }) else {
        set_errno(EMFILE);
        return SEM_FAILED;
    };
    // SAFETY: per the contract.
    let opened = unsafe { open_sem(name, oflag, mode, value) };
    with_table(|t| match opened {
        Ok((sem, dev, ino)) => {
            if let Some(i) = t.iter().position(|s| s.sem > RESERVED && s.dev == dev && s.ino == ino) {
                t[slot].sem = 0;
                unmap(sem);
                t[i].refs += 1;
                t[i].sem as *mut Sem
            } else {
                t[slot] = Slot { sem, dev, ino, refs: 1 };
                sem as *mut Sem
            }
        }
        Err(e) => {
            t[slot].sem = 0;
            set_errno(e);
            SEM_FAILED
        }
    })
}

/// `sem_close(s)`—Closes one `sem_open` of `s`; the last close unmaps it (the semaphore
/// itself lives on until unlinked). -1 with `EINVAL` if `s` is not an open named semaphore.
///
/// # Safety
/// `s` must not be used through this open afterwards.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn sem_close(s: *mut Sem) -> c_int {
    let found = with_table(|t| {
        let i = t.iter().position(|x| x.sem > RESERVED && x.sem == s as usize)?;
        t[i].refs -= 1;
        if t[i].refs == 0 {
            t[i] = Slot { sem: 0, dev: 0, ino: 0, refs: 0 };
            return Some(true);
        }
        Some(false)
    });
    match found {
        None => {
            set_errno(EINVAL);
            -1
        }
        Some(last) => {
            if last {
                unmap(s as usize);
            }
            0
        }
    }
}

/// `sem_unlink(name)`—Removes the name; processes that have the semaphore open keep using
/// it. -1 with errno set (`ENOENT`, `EINVAL`, `ENAMETOOLONG`, `EACCES`, ...) on failure.
///
/// # Safety
/// `name` must be a readable C string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn sem_unlink(name: *const c_char) -> c_int {
    // SAFETY: per the contract.
    match unsafe { path_of(name) }.and_then(|p| unlink(&p)) {
        Ok(()) => 0,
        Err(e) => {
            set_errno(e);
            -1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sem::{sem_getvalue, sem_post, sem_trywait};

    fn errno() -> i32 {
        std::io::Error::last_os_error().raw_os_error().unwrap()
    }

    fn name(tag: &str) -> std::ffi::CString {
        std::ffi::CString::new(format!("/limpet-test-{}-{}", tag, std::process::id())).unwrap()
    }

    #[test]
    fn names_map_under_dev_shm() {
        let p = unsafe { path_of(c"//abc".as_ptr()) }.unwrap();
        assert_eq!(unsafe { core::ffi::CStr::from_ptr(p.buf.as_ptr() as *const c_char) }, c"/dev/shm/abc");
        for bad in [c"/", c"", c"/a/b", c"/.", c"/.."] {
            assert_eq!(unsafe { path_of(bad.as_ptr()) }.err(), Some(EINVAL));
        }
        let long = std::ffi::CString::new("x".repeat(NAME_MAX + 1)).unwrap();
        assert_eq!(unsafe { path_of(long.as_ptr()) }.err(), Some(ENAMETOOLONG));
        let t = temp_path();
        assert!(
            unsafe { core::ffi::CStr::from_ptr(t.buf.as_ptr() as *const c_char) }
                .to_bytes()
                .starts_with(b"/dev/shm/sem-tmp-")
        );
    }

    #[test]
    fn open_create_exclusive_share_close_unlink() {
        let n = name("a");
        unsafe {
            assert_eq!(sem_open(n.as_ptr(), 0, 0, 0), SEM_FAILED);
            assert_eq!(errno(), ENOENT);
            let s = sem_open(n.as_ptr(), O_CREAT, 0o600, 2);
            assert_ne!(s, SEM_FAILED);
            assert_eq!(sem_open(n.as_ptr(), O_CREAT | O_EXCL, 0o600, 2), SEM_FAILED);
            assert_eq!(errno(), EEXIST);
            // The value of an existing semaphore is kept; the same address comes back.
            let t = sem_open(n.as_ptr(), O_CREAT, 0o600, 7);
            assert_eq!(s, t);
            let mut v = 0;
            sem_getvalue(t, &mut v);
            assert_eq!(v, 2);
            assert_eq!(sem_trywait(s), 0);
            assert_eq!(sem_post(t), 0);
            assert_eq!(sem_close(s), 0);
            // Still mapped: one open remains.
            sem_getvalue(t, &mut v);
            assert_eq!(v, 2);
            assert_eq!(sem_close(t), 0);
            assert_eq!(sem_close(t), -1);
            assert_eq!(errno(), EINVAL);
            assert_eq!(sem_unlink(n.as_ptr()), 0);
            assert_eq!(sem_unlink(n.as_ptr()), -1);
            assert_eq!(errno(), ENOENT);
            assert_eq!(sem_open(n.as_ptr(), O_CREAT, 0o600, SEM_VALUE_MAX + 1), SEM_FAILED);
            assert_eq!(errno(), EINVAL);
            assert_eq!(sem_open(c"/a/b".as_ptr(), O_CREAT, 0o600, 1), SEM_FAILED);
            assert_eq!(errno(), EINVAL);
        }
    }

    #[test]
    fn exclusive_create_gives_a_fresh_semaphore() {
        let n = name("b");
        unsafe {
            let s = sem_open(n.as_ptr(), O_CREAT | O_EXCL, 0o600, 5);
            assert_ne!(s, SEM_FAILED);
            let mut v = 0;
            sem_getvalue(s, &mut v);
            assert_eq!(v, 5);
            assert_eq!((*s).pshared, 1);
            assert_eq!(sem_unlink(n.as_ptr()), 0);
            assert_eq!(sem_close(s), 0);
        }
    }
}
