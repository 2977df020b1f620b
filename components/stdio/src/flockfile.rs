//! `flockfile`, `ftrylockfile`, `funlockfile`: holding a stream across calls.
use core::ffi::c_int;

use crate::file::FILE;

/// `flockfile(f)`—Takes `f`'s lock for the calling thread, waiting while another thread
/// holds it; a thread may take it again, and must release it as often.
///
/// # Safety
/// `f` must point to a live `FILE`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn flockfile(f: *mut FILE) {
    // SAFETY: the caller vouches for `f`.
    unsafe { &*f }.lock.lock();
}

/// `ftrylockfile(f)`—`flockfile` without waiting: 0 if the calling thread now holds `f`,
/// nonzero if another thread does.
///
/// # Safety
/// `f` must point to a live `FILE`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn ftrylockfile(f: *mut FILE) -> c_int {
    // SAFETY: the caller vouches for `f`.
    if unsafe { &*f }.lock.try_lock() { 0 } else { -1 }
}

/// `funlockfile(f)`—Releases one `flockfile` (or successful `ftrylockfile`) of `f`.
///
/// # Safety
/// `f` must point to a live `FILE` that the calling thread holds.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn funlockfile(f: *mut FILE) {
    // SAFETY: the caller holds `f`.
    unsafe { (*f).lock.unlock() };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::TmpFile;

    #[test]
    fn another_thread_cannot_take_a_held_stream() {
        let t = TmpFile::new("flock", None);
        let f = t.open(c"w");
        let addr = f as usize;
        unsafe {
            flockfile(f);
            assert_eq!(ftrylockfile(f), 0);
            let other = std::thread::spawn(move || ftrylockfile(addr as *mut FILE)).join().unwrap();
            assert_ne!(other, 0);
            funlockfile(f);
            funlockfile(f);
            let other = std::thread::spawn(move || {
                let r = ftrylockfile(addr as *mut FILE);
                funlockfile(addr as *mut FILE);
                r
            })
            .join()
            .unwrap();
            assert_eq!(other, 0);
            crate::fclose::fclose(f);
        }
    }
}
