//! `updwtmpx` and `updwtmp`: one record appended to a login history (/var/log/wtmp), in
//! the files' format, under an exclusive lock.
use core::ffi::{CStr, c_char, c_int};

use limpet_abi::fcntl::O_WRONLY;
use limpet_abi::utmp::Utmpx;
use limpet_syscall::errno::EINVAL;
use limpet_syscall::set_errno;

use super::path;
use super::record::{self, RECORD_SIZE};
use super::sys::Fd;

/// Appends `u` to the file `name` after its last whole record (a partial record a writer
/// that died left is replaced); the file is not created.
fn append(name: &CStr, u: &Utmpx) -> Result<(), c_int> {
    let fd = Fd::open(path::resolve(name), O_WRONLY)?;
    let _lock = fd.lock(true)?;
    let step = RECORD_SIZE as u64;
    let end = fd.size()? / step * step;
    let disk = record::to_disk(u);
    fd.write_at(record::bytes(&disk), end).inspect_err(|_| {
        // Leave no partial record behind.
        let _ = fd.truncate(end);
    })
}

/// `void updwtmpx(const char *file, const struct utmpx *ut)`—Appends `ut` to the history
/// `file` (musl's `WTMP_FILE`, /dev/null/wtmp, stands for /var/log/wtmp). It returns
/// nothing; errno says what failed: ENOENT when the file does not exist (it is not
/// created), EAGAIN when another process holds the lock 10 s, a write error, EINVAL for a
/// null argument.
///
/// # Safety
/// `file` must be null or a NUL-terminated string, `ut` null or a `struct utmpx`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn updwtmpx(file: *const c_char, ut: *const Utmpx) {
    // SAFETY: the caller's `ut` is null or a record.
    let Some(u) = (unsafe { ut.as_ref() }) else {
        set_errno(EINVAL);
        return;
    };
    if file.is_null() {
        set_errno(EINVAL);
        return;
    }
    // SAFETY: the caller's `file` is NUL-terminated.
    if let Err(e) = append(unsafe { CStr::from_ptr(file) }, u) {
        set_errno(e);
    }
}

/// `void updwtmp(const char *file, const struct utmp *ut)`—`updwtmpx` under `<utmp.h>`'s
/// name (musl's `struct utmp` is `struct utmpx`).
///
/// # Safety
/// As for `updwtmpx`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn updwtmp(file: *const c_char, ut: *const Utmpx) {
    // SAFETY: the same contract.
    unsafe { updwtmpx(file, ut) }
}
