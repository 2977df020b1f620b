//! Shared helpers for the limpet std conformance suite.
//!
//! The tests themselves live in `tests/*.rs`, one file per area of std. This
//! crate only offers small utilities that several areas need: a scratch
//! directory that cleans up after itself, a way to re-run the current test
//! binary as a child running one chosen test, and a few assertion helpers.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

static NEXT_ID: AtomicU64 = AtomicU64::new(0);

/// A directory made fresh under `std::env::temp_dir()`, removed (with all its
/// contents) when dropped. Its name holds the process id, a per-process
/// counter, a timestamp and a caller-chosen tag, so tests running in parallel
/// (and several test binaries at once) never share one.
pub struct ScratchDir {
    path: PathBuf,
}

impl ScratchDir {
    pub fn new(tag: &str) -> ScratchDir {
        let n = NEXT_ID.fetch_add(1, Ordering::Relaxed);
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.subsec_nanos())
            .unwrap_or(0);
        let name = format!("limpet-std-{}-{}-{}-{}", tag, std::process::id(), n, nanos);
        let path = std::env::temp_dir().join(name);
        std::fs::create_dir(&path)
            .unwrap_or_else(|e| panic!("creating scratch dir {}: {e}", path.display()));
        ScratchDir { path }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// `self.path().join(rel)`.
    pub fn join<P: AsRef<Path>>(&self, rel: P) -> PathBuf {
        self.path.join(rel)
    }
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
        // Make everything writable again first, so a test that left a
        // read-only directory behind does not leak it (as root this hardly
        // matters, but the suite should not depend on running as root here).
        fn relax(p: &Path) {
            use std::os::unix::fs::PermissionsExt;
            if let Ok(md) = std::fs::symlink_metadata(p) {
                if md.is_dir() {
                    let _ = std::fs::set_permissions(p, std::fs::Permissions::from_mode(0o755));
                    if let Ok(rd) = std::fs::read_dir(p) {
                        for e in rd.flatten() {
                            relax(&e.path());
                        }
                    }
                }
            }
        }
        relax(&self.path);
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

/// Environment variable that marks a process as a child started by
/// [`run_child_test`]. Child-only tests (marked `#[ignore]`) return at once
/// when it is not set to their own name.
pub const CHILD_MARKER: &str = "LIMPET_STD_SUITE_CHILD";

/// True when this process was started by [`run_child_test`] for `name`.
pub fn is_child_for(name: &str) -> bool {
    std::env::var_os(CHILD_MARKER).as_deref() == Some(OsStr::new(name))
}

/// A command that re-runs the current test binary so that it runs only the
/// ignored test `name` (which must check [`is_child_for`]).
pub fn child_test_command(name: &str) -> Command {
    let exe = std::env::current_exe().expect("current_exe");
    let mut cmd = Command::new(exe);
    cmd.args([
        "--exact",
        name,
        "--ignored",
        "--nocapture",
        "--test-threads=1",
    ])
    .env(CHILD_MARKER, name)
    .env("RUST_BACKTRACE", "0");
    cmd
}

/// Run [`child_test_command`] with extra environment variables and collect
/// its output (its stdin is null).
pub fn run_child_test(name: &str, extra_env: &[(&str, &str)]) -> Output {
    let mut cmd = child_test_command(name);
    for (k, v) in extra_env {
        cmd.env(k, v);
    }
    cmd.output().expect("spawning child test process")
}

/// Lossy text of a byte buffer, for messages and `contains` checks.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Assert that `hay` contains `needle`, printing both when it does not.
#[track_caller]
pub fn assert_contains(hay: &str, needle: &str) {
    assert!(hay.contains(needle), "expected {needle:?} in:\n{hay}");
}
