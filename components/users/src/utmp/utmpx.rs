//! The utmp database's C functions: `getutxent`, `getutxid`, `getutxline`, `pututxline`,
//! `setutxent`, `endutxent`, `utmpxname`, and their `<utmp.h>` names (`getutent`, ...,
//! `utmpname`), which take the same struct: musl's `struct utmp` is a macro for
//! `struct utmpx`. They share one open file and one static record, as in glibc.
use core::ffi::{CStr, c_char, c_int};
use core::ptr::null_mut;

use limpet_abi::utmp::Utmpx;
use limpet_start::lock::Mutex;
use limpet_syscall::errno::{EINVAL, ESRCH};
use limpet_syscall::set_errno;

use super::db::Db;
use super::record;

static DB: Mutex<Db> = Mutex::new(Db::new());

/// The static record after a search: its address when `found`, else null with errno set
/// (ESRCH when the file ended first, if `missing` says so, else errno left alone).
fn answer(db: &mut Db, found: Result<bool, c_int>, missing: Option<c_int>) -> *mut Utmpx {
    match found {
        Ok(true) => &mut db.rec,
        Ok(false) => {
            if let Some(e) = missing {
                set_errno(e);
            }
            null_mut()
        }
        Err(e) => {
            set_errno(e);
            null_mut()
        }
    }
}

/// `struct utmpx *getutxent(void)`—The next record of the database (/var/run/utmp unless
/// `utmpxname` chose another file), opening it on the first call, in a static record the
/// next call overwrites. Null at the end of the file (errno untouched), and null with errno
/// set when the file cannot be opened (ENOENT when missing) or read.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn getutxent() -> *mut Utmpx {
    let mut db = DB.lock();
    let found = db.find(&|_| true);
    answer(&mut db, found, None)
}

/// `struct utmpx *getutxid(const struct utmpx *ut)`—The next record, from the current
/// position on, that `ut` identifies: for `ut_type` `RUN_LVL`, `BOOT_TIME`, `NEW_TIME` or
/// `OLD_TIME`, one of that type; for `INIT_PROCESS`, `LOGIN_PROCESS`, `USER_PROCESS` or
/// `DEAD_PROCESS`, one of those four types with the same `ut_id`. Null with ESRCH when
/// there is none, EINVAL for another type or a null `ut`.
///
/// # Safety
/// `ut` must be null or point to a `struct utmpx` (the static record is allowed).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getutxid(ut: *const Utmpx) -> *mut Utmpx {
    // SAFETY: the caller's `ut` is null or a record, read before the search changes `rec`.
    let Some(want) = (unsafe { ut.as_ref() }).copied() else {
        set_errno(EINVAL);
        return null_mut();
    };
    let Some(key) = record::id_key(&want) else {
        set_errno(EINVAL);
        return null_mut();
    };
    let mut db = DB.lock();
    let found = db.find(&|have| record::id_matches(key, &want, have));
    answer(&mut db, found, Some(ESRCH))
}

/// `struct utmpx *getutxline(const struct utmpx *ut)`—The next record, from the current
/// position on, of type `LOGIN_PROCESS` or `USER_PROCESS` whose `ut_line` is `ut`'s. Null
/// with ESRCH when there is none, EINVAL for a null `ut`.
///
/// # Safety
/// `ut` must be null or point to a `struct utmpx` (the static record is allowed).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getutxline(ut: *const Utmpx) -> *mut Utmpx {
    // SAFETY: as in `getutxid`.
    let Some(want) = (unsafe { ut.as_ref() }).copied() else {
        set_errno(EINVAL);
        return null_mut();
    };
    let mut db = DB.lock();
    let found = db.find(&|have| record::line_matches(&want, have));
    answer(&mut db, found, Some(ESRCH))
}

/// `struct utmpx *pututxline(const struct utmpx *ut)`—Writes `ut` into the database: over
/// the record last read if `getutxid(ut)` would have found it, else over the next record
/// it finds, else at the end; under an exclusive lock. Returns `ut`, or null with errno set:
/// the open error (ENOENT: the file is not created), the reason the file could only be
/// opened for reading (EACCES, EROFS), a write error, EAGAIN when another process holds
/// the lock 10 s, EINVAL for a null `ut`.
///
/// # Safety
/// `ut` must be null or point to a `struct utmpx` (the static record is allowed).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pututxline(ut: *const Utmpx) -> *mut Utmpx {
    // SAFETY: as in `getutxid`.
    let Some(u) = (unsafe { ut.as_ref() }).copied() else {
        set_errno(EINVAL);
        return null_mut();
    };
    match DB.lock().put(&u) {
        Ok(()) => ut.cast_mut(),
        Err(e) => {
            set_errno(e);
            null_mut()
        }
    }
}

/// `void setutxent(void)`—Makes the next read start at the first record, opening the file
/// if it is not open (errno says why it could not be).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn setutxent() {
    if let Err(e) = DB.lock().rewind() {
        set_errno(e);
    }
}

/// `void endutxent(void)`—Closes the file; the next call opens it again.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn endutxent() {
    DB.lock().end();
}

/// `int utmpxname(const char *file)`—Makes `file` the database the other functions use
/// (musl's `UTMP_FILE`, /dev/null/utmp, stands for /var/run/utmp), closing the current
/// one. 0, or -1 with ENOMEM, or EINVAL for a null `file`. The file need not exist yet.
///
/// # Safety
/// `file` must be null or a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn utmpxname(file: *const c_char) -> c_int {
    if file.is_null() {
        set_errno(EINVAL);
        return -1;
    }
    // SAFETY: the caller's `file` is NUL-terminated.
    let name = unsafe { CStr::from_ptr(file) };
    match DB.lock().set_name(name) {
        Ok(()) => 0,
        Err(e) => {
            set_errno(e);
            -1
        }
    }
}

/// `struct utmp *getutent(void)`—`getutxent` under `<utmp.h>`'s name.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn getutent() -> *mut Utmpx {
    getutxent()
}

/// `struct utmp *getutid(const struct utmp *ut)`—`getutxid` under `<utmp.h>`'s name.
///
/// # Safety
/// As for `getutxid`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getutid(ut: *const Utmpx) -> *mut Utmpx {
    // SAFETY: the same contract.
    unsafe { getutxid(ut) }
}

/// `struct utmp *getutline(const struct utmp *ut)`—`getutxline` under `<utmp.h>`'s name.
///
/// # Safety
/// As for `getutxline`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getutline(ut: *const Utmpx) -> *mut Utmpx {
    // SAFETY: the same contract.
    unsafe { getutxline(ut) }
}

/// `struct utmp *pututline(const struct utmp *ut)`—`pututxline` under `<utmp.h>`'s name.
///
/// # Safety
/// As for `pututxline`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pututline(ut: *const Utmpx) -> *mut Utmpx {
    // SAFETY: the same contract.
    unsafe { pututxline(ut) }
}

/// `void setutent(void)`—`setutxent` under `<utmp.h>`'s name.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn setutent() {
    setutxent()
}

/// `void endutent(void)`—`endutxent` under `<utmp.h>`'s name.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn endutent() {
    endutxent()
}

/// `int utmpname(const char *file)`—`utmpxname` under `<utmp.h>`'s name.
///
/// # Safety
/// As for `utmpxname`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn utmpname(file: *const c_char) -> c_int {
    // SAFETY: the same contract.
    unsafe { utmpxname(file) }
}

#[cfg(all(test, target_env = "gnu"))]
mod tests {
    //! Against glibc's own functions (the host C library of the test binary, so only where
    //! that is glibc: not on aarch64-unknown-linux-musl, whose musl does nothing): the same
    //! generated calls on two files, one through each, must give the same answers and
    //! leave the same bytes. One test only, since the functions share one database.
    use super::*;
    use crate::read::testfile::TempFile;
    use limpet_abi::utmp::{
        ACCOUNTING, BOOT_TIME, DEAD_PROCESS, DiskRecord, EMPTY, INIT_PROCESS, LOGIN_PROCESS, RUN_LVL, USER_PROCESS,
    };

    mod glibc {
        use core::ffi::{c_char, c_int};
        use limpet_abi::utmp::DiskRecord;
        unsafe extern "C" {
            pub fn utmpname(file: *const c_char) -> c_int;
            pub fn setutent();
            pub fn endutent();
            pub fn getutent() -> *mut DiskRecord;
            pub fn getutid(ut: *const DiskRecord) -> *mut DiskRecord;
            pub fn getutline(ut: *const DiskRecord) -> *mut DiskRecord;
            pub fn pututline(ut: *const DiskRecord) -> *mut DiskRecord;
            pub fn __errno_location() -> *mut c_int;
        }
    }

    fn glibc_errno() -> c_int {
        // SAFETY: the calling thread's errno word.
        unsafe { *glibc::__errno_location() }
    }

    /// A small generator (an LCG), so that a failure can be replayed.
    struct Gen(u64);

    impl Gen {
        fn below(&mut self, n: u64) -> u64 {
            self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (self.0 >> 33) % n
        }
    }

    fn field<const N: usize>(s: &[u8]) -> [c_char; N] {
        let mut f = [0; N];
        for (d, &b) in f.iter_mut().zip(s) {
            *d = b as c_char;
        }
        f
    }

    fn random_record(g: &mut Gen) -> Utmpx {
        const TYPES: [i16; 9] =
            [RUN_LVL, BOOT_TIME, INIT_PROCESS, LOGIN_PROCESS, USER_PROCESS, DEAD_PROCESS, EMPTY, ACCOUNTING, 42];
        const IDS: [&[u8]; 5] = [b"a", b"b", b"c", b"~~", b"abcd"];
        const LINES: [&[u8]; 4] = [b"pts/1", b"pts/2", b"tty1", b""];
        let n = g.below(1000);
        Utmpx {
            ut_type: TYPES[g.below(TYPES.len() as u64) as usize],
            ut_pid: n as i32,
            ut_id: field(IDS[g.below(IDS.len() as u64) as usize]),
            ut_line: field(LINES[g.below(LINES.len() as u64) as usize]),
            ut_user: field(format!("user{n}").as_bytes()),
            ut_tv: limpet_abi::time::Timeval { tv_sec: 1_600_000_000 + n as i64, tv_usec: n as i64 },
            ..Utmpx::ZERO
        }
    }

    /// An answer as bytes of the file's record, or the errno of a null one (`None`: errno
    /// not compared, for a `getutxent` at the end).
    fn ours(p: *mut Utmpx, errno_counts: bool) -> Result<Vec<u8>, Option<c_int>> {
        if p.is_null() {
            return Err(errno_counts.then(limpet_syscall::errno));
        }
        // SAFETY: a non-null answer is the static record.
        Ok(record::bytes(&record::to_disk(unsafe { &*p })).to_vec())
    }

    fn theirs(p: *mut DiskRecord, errno_counts: bool) -> Result<Vec<u8>, Option<c_int>> {
        if p.is_null() {
            return Err(errno_counts.then(glibc_errno));
        }
        // SAFETY: a non-null answer is glibc's static record.
        Ok(record::bytes(unsafe { &*p }).to_vec())
    }

    /// Runs `steps` generated calls from `seed` on a fresh file through each library, and
    /// returns the bytes both files end with.
    fn differential(seed: u64, steps: usize) -> Vec<u8> {
        let mine = TempFile::new(b"");
        let gl = TempFile::new(b"");
        // SAFETY: both names are NUL-terminated.
        unsafe {
            assert_eq!(utmpxname(mine.path.as_ptr()), 0);
            assert_eq!(glibc::utmpname(gl.path.as_ptr()), 0);
        }
        let mut g = Gen(seed);
        for step in 0..steps {
            let op = g.below(20);
            let r = random_record(&mut g);
            let d = record::to_disk(&r);
            // SAFETY: every record passed is a local; every answer is read before the next call.
            let (a, b) = unsafe {
                match op {
                    0 => {
                        setutxent();
                        glibc::setutent();
                        continue;
                    }
                    1 => {
                        endutxent();
                        glibc::endutent();
                        continue;
                    }
                    2..=6 => (ours(getutxent(), false), theirs(glibc::getutent(), false)),
                    7..=9 => (ours(getutxid(&r), true), theirs(glibc::getutid(&d), true)),
                    10..=11 => (ours(getutxline(&r), true), theirs(glibc::getutline(&d), true)),
                    _ => {
                        let p = pututxline(&r);
                        let q = glibc::pututline(&d);
                        (Ok(vec![p.is_null() as u8]), Ok(vec![q.is_null() as u8]))
                    }
                }
            };
            assert_eq!(a, b, "seed {seed}, step {step}, operation {op}");
        }
        let (x, y) = (std::fs::read(mine.path.to_str().unwrap()).unwrap(), std::fs::read(gl.path.to_str().unwrap()).unwrap());
        assert!(x.len() > 10 * record::RECORD_SIZE, "the file grew to {} bytes", x.len());
        assert!(x == y, "seed {seed}: the files differ ({} and {} bytes)", x.len(), y.len());
        endutxent();
        // SAFETY: no argument.
        unsafe { glibc::endutent() };
        x
    }

    #[test]
    fn generated_calls_agree_with_glibc() {
        for seed in 1..8 {
            differential(seed, 3000);
        }
        let x = differential(21, 4000);
        let mine = TempFile::new(b"");
        let mut g = Gen(22);
        // A missing file: null with ENOENT, and pututxline does not create it.
        let gone = std::ffi::CString::new(format!("{}.missing", mine.path.to_str().unwrap())).unwrap();
        // SAFETY: NUL-terminated names and a local record.
        unsafe {
            assert_eq!(utmpxname(gone.as_ptr()), 0);
            assert!(getutxent().is_null());
            assert_eq!(limpet_syscall::errno(), limpet_syscall::errno::ENOENT);
            assert!(pututxline(&random_record(&mut g)).is_null());
            assert_eq!(limpet_syscall::errno(), limpet_syscall::errno::ENOENT);
            assert!(std::fs::metadata(gone.to_str().unwrap()).is_err());
            assert!(getutxid(core::ptr::null()).is_null());
            assert_eq!(limpet_syscall::errno(), EINVAL);
            assert_eq!(utmpxname(core::ptr::null()), -1);
        }

        // A partial record at the end reads as none, and an append replaces it.
        let mut text = x.clone();
        text.extend_from_slice(b"partial");
        let torn = TempFile::new(&text);
        // SAFETY: as above.
        unsafe {
            assert_eq!(utmpxname(torn.path.as_ptr()), 0);
            let mut n = 0;
            while !getutxent().is_null() {
                n += 1;
            }
            assert_eq!(n * record::RECORD_SIZE, x.len());
            let extra = Utmpx { ut_type: USER_PROCESS, ut_id: field(b"new!"), ..Utmpx::ZERO };
            assert!(!pututxline(&extra).is_null());
        }
        let after = std::fs::read(torn.path.to_str().unwrap()).unwrap();
        assert_eq!(after.len(), x.len() + record::RECORD_SIZE);
        assert_eq!(&after[..x.len()], &x[..]);
        endutxent();
    }
}
