//! Directory streams: `opendir`, `fdopendir`, `readdir`, `readdir_r`, `closedir`, `rewinddir`,
//! `seekdir`, `telldir`, `dirfd`, and the raw `getdents`.
//!
//! A `DIR` is one `malloc`ed block holding the descriptor and a buffer that `getdents64` fills;
//! `readdir` hands out records straight from the buffer, since musl's `struct dirent` is the
//! kernel's `linux_dirent64`.
use core::ffi::{c_char, c_int, c_long, c_void};
use core::sync::atomic::{AtomicBool, Ordering};

use limpet_abi::stdio::SEEK_SET;
use limpet_syscall::errno::{EINVAL, ENOENT, ENOTDIR};
use limpet_syscall::unistd::{close, fstat, lseek, open};
use limpet_syscall::{errno, nr, result, ret_errno, set_errno, syscall0, syscall3};

use crate::abi::{
    Dirent, F_SETFD, FD_CLOEXEC, O_CLOEXEC, O_DIRECTORY, O_RDONLY, S_IFDIR, S_IFMT, Stat,
};
use crate::imports::{free, malloc};

/// Bytes of directory records fetched per `getdents64` call.
const BUF_LEN: usize = 2048;
/// The kernel never lets a single `getdents64` call return more than this.
const INT_MAX: usize = c_int::MAX as usize;

/// The opaque `DIR`.
#[repr(C)]
pub struct Dir {
    fd: c_int,
    /// Taken by `readdir_r`, `rewinddir` and `seekdir`, which POSIX requires to be thread-safe
    /// on a shared stream; plain `readdir` on a shared stream is the caller's race, as in C.
    lock: AtomicBool,
    /// Next record in `buf`, and the end of what the kernel filled.
    pos: usize,
    end: usize,
    /// The `d_off` of the last record returned: the cookie `telldir` gives.
    tell: i64,
    buf: Buf,
}

/// Aligned like a `struct dirent`, so the records in it can be handed out as such.
#[repr(C, align(8))]
struct Buf([u8; BUF_LEN]);

/// Holds a stream's lock; a raw pointer, so that no reference to the whole `Dir` is alive
/// while the holder works on its other fields.
struct Guard(*const AtomicBool);

/// Takes `dir`'s lock.
///
/// # Safety
/// `dir` must be a live stream that outlives the guard.
unsafe fn lock(dir: *mut Dir) -> Guard {
    // SAFETY: the caller passes a live stream; only the lock field is referenced.
    let l = unsafe { &raw const (*dir).lock };
    // SAFETY: as above.
    while unsafe { (*l).swap(true, Ordering::Acquire) } {
        // A holder keeps the lock for one system call at most; let it run.
        // SAFETY: sched_yield takes no arguments.
        unsafe { syscall0(nr::SCHED_YIELD) };
    }
    Guard(l)
}

impl Drop for Guard {
    fn drop(&mut self) {
        // SAFETY: the stream outlives its guard.
        unsafe { (*self.0).store(false, Ordering::Release) };
    }
}

/// Wraps an open directory descriptor, or returns null with errno ENOMEM (from `malloc`).
fn new_dir(fd: c_int) -> *mut Dir {
    // SAFETY: malloc has no preconditions.
    let d = unsafe { malloc(core::mem::size_of::<Dir>()) } as *mut Dir;
    if !d.is_null() {
        // SAFETY: malloc's memory is aligned for any type, and `d` has room for a Dir; the
        // buffer needs no initial contents since `pos == end` says it is empty.
        unsafe {
            (&raw mut (*d).fd).write(fd);
            (&raw mut (*d).lock).write(AtomicBool::new(false));
            (&raw mut (*d).pos).write(0);
            (&raw mut (*d).end).write(0);
            (&raw mut (*d).tell).write(0);
        }
    }
    d
}

/// `opendir(name)`—Opens the directory `name` for reading (close-on-exec); the stream, or
/// null with errno set.
///
/// # Safety
/// `name` must be a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn opendir(name: *const c_char) -> *mut Dir {
    // SAFETY: forwarded contract.
    let fd = unsafe { open(name, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0) };
    if fd < 0 {
        return core::ptr::null_mut();
    }
    let d = new_dir(fd);
    if d.is_null() {
        close(fd);
    }
    d
}

/// `fdopendir(fd)`—Makes a stream of the directory open on `fd`, which it then owns and marks
/// close-on-exec. Null with errno EBADF (not open) or ENOTDIR (not a directory) on failure.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn fdopendir(fd: c_int) -> *mut Dir {
    let mut st = Stat::default();
    // SAFETY: `st` is a local Stat.
    if unsafe { fstat(fd, &mut st) } < 0 {
        return core::ptr::null_mut();
    }
    if st.st_mode & S_IFMT != S_IFDIR {
        set_errno(ENOTDIR);
        return core::ptr::null_mut();
    }
    let d = new_dir(fd);
    if !d.is_null() {
        // SAFETY: F_SETFD takes an integer.
        unsafe {
            syscall3(
                nr::FCNTL,
                fd as usize,
                F_SETFD as usize,
                FD_CLOEXEC as usize,
            )
        };
    }
    d
}

/// `closedir(dir)`—Closes the stream and its descriptor; 0, or -1 with errno from `close`.
///
/// # Safety
/// `dir` must come from `opendir`/`fdopendir` and not be used again.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn closedir(dir: *mut Dir) -> c_int {
    // SAFETY: the caller passes a live stream.
    let fd = unsafe { (*dir).fd };
    // SAFETY: the stream was malloc'd by new_dir and is not used again.
    unsafe { free(dir.cast()) };
    close(fd)
}

/// `readdir(dir)`—The next entry of the stream, valid until the next call on it, or null at
/// the end (errno unchanged) or on error (errno set). A directory removed while open reads as
/// ended.
///
/// # Safety
/// `dir` must be a live stream not used concurrently by another thread.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn readdir(dir: *mut Dir) -> *mut Dirent {
    // The fields are reached through the raw pointer, never a `&mut Dir`, so that readdir_r
    // may call this while holding the stream's lock.
    // SAFETY: the caller gives us exclusive use of a live stream's buffer and cursor.
    unsafe {
        let buf = (&raw mut (*dir).buf.0) as *mut u8;
        if (*dir).pos >= (*dir).end {
            // SAFETY: the buffer is BUF_LEN bytes.
            let r = syscall3(nr::GETDENTS64, (*dir).fd as usize, buf as usize, BUF_LEN);
            match result(r) {
                Ok(0) | Err(ENOENT) => return core::ptr::null_mut(),
                Err(e) => {
                    set_errno(e);
                    return core::ptr::null_mut();
                }
                Ok(n) => {
                    (*dir).pos = 0;
                    (*dir).end = n;
                }
            }
        }
        // `pos` is the start of a whole record the kernel wrote, 8-aligned in an 8-aligned
        // buffer, with its header inside the filled part.
        let de = buf.add((*dir).pos) as *mut Dirent;
        (*dir).pos += (*de).d_reclen as usize;
        (*dir).tell = (*de).d_off;
        de
    }
}

/// `readdir_r(dir, entry, result)`—Copies the next entry into `entry` and points `*result` at
/// it, or sets `*result` to null at the end. Returns 0, or an error number (errno is left as
/// it was).
///
/// # Safety
/// `dir` must be a live stream; `entry` must have room for a `struct dirent`; `result` must be
/// valid for writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn readdir_r(
    dir: *mut Dir,
    entry: *mut Dirent,
    result: *mut *mut Dirent,
) -> c_int {
    // SAFETY: the caller passes a live stream; the lock serialises use of its buffer.
    let _g = unsafe { lock(dir) };
    let saved = errno();
    set_errno(0);
    // SAFETY: we hold the stream's lock.
    let de = unsafe { readdir(dir) };
    let e = errno();
    set_errno(saved);
    if e != 0 {
        return e;
    }
    if de.is_null() {
        // SAFETY: the caller vouches for `result`.
        unsafe { *result = core::ptr::null_mut() };
    } else {
        // SAFETY: the record is d_reclen bytes, never more than a struct dirent, and `entry`
        // has room for one.
        unsafe {
            core::ptr::copy_nonoverlapping(
                de as *const u8,
                entry as *mut u8,
                (*de).d_reclen as usize,
            );
            *result = entry;
        }
    }
    0
}

/// `rewinddir(dir)`—Restarts the stream from the first entry.
///
/// # Safety
/// `dir` must be a live stream.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn rewinddir(dir: *mut Dir) {
    // SAFETY: forwarded contract.
    unsafe { seekdir(dir, 0) }
}

/// `seekdir(dir, pos)`—Resumes the stream at `pos`, a value `telldir` returned (0 is the start).
///
/// # Safety
/// `dir` must be a live stream.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn seekdir(dir: *mut Dir, pos: c_long) {
    // SAFETY: the caller passes a live stream; its fields are reached by raw place only.
    unsafe {
        let _g = lock(dir);
        (*dir).tell = lseek((*dir).fd, pos, SEEK_SET);
        (*dir).pos = 0;
        (*dir).end = 0;
    }
}

/// `telldir(dir)`—The stream's position, for `seekdir`.
///
/// # Safety
/// `dir` must be a live stream.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn telldir(dir: *mut Dir) -> c_long {
    // SAFETY: the caller passes a live stream.
    unsafe { (*dir).tell }
}

/// `dirfd(dir)`—The descriptor the stream reads.
///
/// # Safety
/// `dir` must be a live stream.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn dirfd(dir: *mut Dir) -> c_int {
    // SAFETY: the caller passes a live stream.
    unsafe { (*dir).fd }
}

/// `getdents(fd, buf, len)`—Reads raw directory records (`struct dirent`) into `buf`; the
/// number of bytes, 0 at the end, or -1 with errno. Lengths past `INT_MAX` are clamped, as the
/// kernel would otherwise refuse them.
///
/// # Safety
/// `buf` must be valid for `len` bytes of writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getdents(fd: c_int, buf: *mut Dirent, len: usize) -> c_int {
    // SAFETY: the caller vouches for the buffer.
    ret_errno(unsafe { syscall3(nr::GETDENTS64, fd as usize, buf as usize, len.min(INT_MAX)) })
        as c_int
}

/// `posix_getdents(fd, buf, len, flags)`—POSIX.1-2024's `getdents`: reads raw directory
/// records into `buf`, returning the number of bytes, 0 at the end, or -1 with errno. No flags
/// are defined yet, so any gives EINVAL.
///
/// # Safety
/// `buf` must be valid for `len` bytes of writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn posix_getdents(
    fd: c_int,
    buf: *mut c_void,
    len: usize,
    flags: c_int,
) -> isize {
    if flags != 0 {
        set_errno(EINVAL);
        return -1;
    }
    // SAFETY: the caller vouches for the buffer.
    ret_errno(unsafe { syscall3(nr::GETDENTS64, fd as usize, buf as usize, len.min(INT_MAX)) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::{TempDir, errno};
    use limpet_syscall::errno::EBADF;
    use std::ffi::CStr;

    fn name(de: *const Dirent) -> String {
        unsafe { CStr::from_ptr((*de).d_name.as_ptr()) }
            .to_str()
            .unwrap()
            .to_owned()
    }

    fn drain(d: *mut Dir) -> Vec<String> {
        let mut v = Vec::new();
        loop {
            let de = unsafe { readdir(d) };
            if de.is_null() {
                break;
            }
            v.push(name(de));
        }
        v.sort();
        v
    }

    fn make_tree(n: usize) -> (TempDir, Vec<String>) {
        let t = TempDir::new();
        let mut want = vec![".".to_owned(), "..".to_owned()];
        for i in 0..n {
            // Long names, so the entries span several getdents64 buffers.
            let s = format!("entry-{i:04}-{}", "x".repeat(40));
            std::fs::write(t.path().join(&s), b"").unwrap();
            want.push(s);
        }
        want.sort();
        (t, want)
    }

    #[test]
    fn lists_every_entry_across_refills() {
        let (t, want) = make_tree(200);
        let d = unsafe { opendir(t.c("").as_ptr()) };
        assert!(!d.is_null());
        assert_eq!(drain(d), want);
        // Past the end it stays at the end and leaves errno alone.
        limpet_syscall::set_errno(0);
        assert!(unsafe { readdir(d) }.is_null());
        assert_eq!(errno(), 0);
        unsafe { rewinddir(d) };
        assert_eq!(drain(d), want);
        assert_eq!(unsafe { closedir(d) }, 0);
    }

    #[test]
    fn telldir_seekdir_resume() {
        let (t, _) = make_tree(100);
        let d = unsafe { opendir(t.c("").as_ptr()) };
        for _ in 0..37 {
            unsafe { readdir(d) };
        }
        let pos = unsafe { telldir(d) };
        let next = name(unsafe { readdir(d) });
        for _ in 0..20 {
            unsafe { readdir(d) };
        }
        unsafe { seekdir(d, pos) };
        assert_eq!(name(unsafe { readdir(d) }), next);
        unsafe { closedir(d) };
    }

    #[test]
    fn readdir_r_copies_and_fdopendir_checks() {
        let (t, want) = make_tree(3);
        let fd = unsafe { open(t.c("").as_ptr(), O_RDONLY | O_DIRECTORY, 0) };
        let d = fdopendir(fd);
        assert!(!d.is_null());
        assert_eq!(unsafe { dirfd(d) }, fd);
        assert_eq!(
            unsafe { syscall3(nr::FCNTL, fd as usize, 1, 0) },
            FD_CLOEXEC as usize
        );
        let mut entry: Dirent = unsafe { core::mem::zeroed() };
        let mut res: *mut Dirent = core::ptr::null_mut();
        let mut got = Vec::new();
        loop {
            assert_eq!(unsafe { readdir_r(d, &mut entry, &mut res) }, 0);
            if res.is_null() {
                break;
            }
            assert_eq!(res, &raw mut entry);
            got.push(name(res));
        }
        got.sort();
        assert_eq!(got, want);
        unsafe { closedir(d) };
        assert!(fdopendir(fd).is_null());
        assert_eq!(errno(), EBADF);
        let f = std::fs::File::open(t.path().join(&want[2])).unwrap();
        assert!(fdopendir(std::os::fd::AsRawFd::as_raw_fd(&f)).is_null());
        assert_eq!(errno(), ENOTDIR);
        assert!(unsafe { opendir(t.c("none").as_ptr()) }.is_null());
        assert_eq!(errno(), ENOENT);
        assert!(unsafe { opendir(t.c(&want[2]).as_ptr()) }.is_null());
        assert_eq!(errno(), ENOTDIR);
    }

    #[test]
    fn getdents_reads_records() {
        let (t, _) = make_tree(2);
        let fd = unsafe { open(t.c("").as_ptr(), O_RDONLY | O_DIRECTORY, 0) };
        let mut buf = Buf([0; BUF_LEN]);
        let n = unsafe { getdents(fd, buf.0.as_mut_ptr().cast(), BUF_LEN) };
        assert!(n > 0);
        let mut count = 0;
        let mut p = 0;
        while p < n as usize {
            let de = unsafe { buf.0.as_ptr().add(p) } as *const Dirent;
            p += unsafe { (*de).d_reclen } as usize;
            count += 1;
        }
        assert_eq!(count, 4);
        close(fd);
        assert_eq!(
            unsafe { getdents(fd, buf.0.as_mut_ptr().cast(), BUF_LEN) },
            -1
        );
        assert_eq!(errno(), EBADF);
    }
}
