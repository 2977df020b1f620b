//! Test fixtures: a private scratch directory per test, and the last errno.
use std::ffi::CString;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard};

/// Held by tests that change process-wide state (the working directory, the umask, the
/// environment).
static PROCESS_STATE: Mutex<()> = Mutex::new(());

/// Takes the process-state lock; one failed test does not poison it for the others.
pub fn process_state() -> MutexGuard<'static, ()> {
    PROCESS_STATE.lock().unwrap_or_else(|e| e.into_inner())
}

/// Sets (`Some`) or removes (`None`) the environment variable `name` in the host C library's
/// environment, and points limpet-start's `environ`, which the code under test reads, at the
/// result: without `export` that is a variable of its own, which only limpet's start-up sets.
///
/// # Safety
/// No other thread may use the environment meanwhile ([`process_state`] keeps this crate's out).
pub unsafe fn set_env(name: &str, value: Option<&std::ffi::OsStr>) {
    unsafe extern "C" {
        #[link_name = "environ"]
        static host_environ: *mut *mut core::ffi::c_char;
    }
    // SAFETY: the caller keeps other users of the environment out; glibc's `environ` is a
    // valid environment array whenever no one is changing it.
    unsafe {
        match value {
            Some(v) => std::env::set_var(name, v),
            None => std::env::remove_var(name),
        }
        limpet_start::env::environ = host_environ;
    }
}

/// Gives limpet-syscall the auxiliary vector, as limpet's start-up would: a copy of the
/// kernel's, from `/proc/self/auxv`, kept for the rest of the process.
pub fn record_auxv() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let bytes = std::fs::read("/proc/self/auxv").unwrap();
        let words: Vec<usize> =
            bytes.chunks_exact(size_of::<usize>()).map(|c| usize::from_ne_bytes(c.try_into().unwrap())).collect();
        // SAFETY: the copy ends with the kernel's AT_NULL entry and is never freed.
        unsafe { limpet_syscall::auxv::init(words.leak().as_mut_ptr()) };
    });
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
