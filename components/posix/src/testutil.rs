//! Test fixtures: a private scratch directory per test, and the last errno.
use std::ffi::CString;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard};

/// Held by tests that change process-wide state (the working directory, the umask).
static PROCESS_STATE: Mutex<()> = Mutex::new(());

/// Takes the process-state lock; one failed test does not poison it for the others.
pub fn process_state() -> MutexGuard<'static, ()> {
    PROCESS_STATE.lock().unwrap_or_else(|e| e.into_inner())
}

/// The calling thread's errno.
pub fn errno() -> i32 {
    std::io::Error::last_os_error().raw_os_error().unwrap()
}

/// A fresh directory under /tmp, removed with everything in it on drop.
pub struct TempDir(PathBuf);

impl TempDir {
    pub fn new() -> Self {
        static SEQ: AtomicUsize = AtomicUsize::new(0);
        let n = SEQ.fetch_add(1, Ordering::Relaxed);
        let p = std::env::temp_dir().join(format!("limpet-posix-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&p).unwrap();
        TempDir(p)
    }

    pub fn path(&self) -> &Path {
        &self.0
    }

    /// The NUL-terminated absolute name of `rel` inside the directory.
    pub fn c(&self, rel: &str) -> CString {
        let p = if rel.is_empty() {
            self.0.clone()
        } else {
            self.0.join(rel)
        };
        CString::new(p.into_os_string().into_encoded_bytes()).unwrap()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
