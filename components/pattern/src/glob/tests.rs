//! glob's tests, on a tree under the temporary directory (absolute patterns: the tests run
//! in parallel, so none changes directory). The imports reach the host's C library here.
use std::ffi::{CStr, CString, c_char, c_int};
use std::os::unix::fs::symlink;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::*;
use limpet_abi::limits::PATH_MAX;

/// A directory tree, removed when dropped.
struct Tree(PathBuf);

impl Tree {
    fn new() -> Tree {
        static N: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir()
            .join(format!("limpet-glob-{}-{}", std::process::id(), N.fetch_add(1, Ordering::Relaxed)));
        std::fs::create_dir(&dir).unwrap();
        for d in ["d1", "d1/sub", "d2", ".hid"] {
            std::fs::create_dir(dir.join(d)).unwrap();
        }
        for f in ["a", "b", "c.c", "c.h", ".dot", "d1/x", "d1/.y", "d2/z", "sp ace", "*star", "back\\slash"] {
            std::fs::write(dir.join(f), b"").unwrap();
        }
        symlink("d1", dir.join("ln")).unwrap();
        symlink("nowhere", dir.join("dangle")).unwrap();
        symlink("loop", dir.join("loop")).unwrap();
        Tree(dir)
    }

    fn pat(&self, rest: &str) -> String {
        format!("{}/{rest}", self.0.display())
    }

    /// `glob`'s result and paths, the tree's prefix removed.
    fn glob(&self, rest: &str, flags: c_int) -> (c_int, Vec<String>) {
        self.glob_with(rest, flags, None)
    }

    fn glob_with(&self, rest: &str, flags: c_int, errfunc: Option<ErrFn>) -> (c_int, Vec<String>) {
        let p = CString::new(self.pat(rest)).unwrap();
        let mut g = blank();
        // SAFETY: a C string and a zeroed glob_t.
        let r = unsafe { glob(p.as_ptr(), flags, errfunc, &mut g) };
        let paths = self.paths(&g);
        // SAFETY: the glob_t glob filled.
        unsafe { globfree(&mut g) };
        (r, paths)
    }

    fn paths(&self, g: &Glob) -> Vec<String> {
        let prefix = format!("{}/", self.0.display());
        let offs = g.gl_offs;
        (0..g.gl_pathc)
            .map(|i| {
                // SAFETY: glob stored gl_pathc strings after gl_offs slots.
                let s = unsafe { CStr::from_ptr(*g.gl_pathv.add(offs + i)) }.to_str().unwrap().to_string();
                s.strip_prefix(&prefix).map(str::to_string).unwrap_or(s)
            })
            .collect()
    }
}

impl Drop for Tree {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn blank() -> Glob {
    Glob { gl_pathc: 0, gl_pathv: null_mut(), gl_offs: 0, dummy1: 0, dummy2: [null_mut(); 5] }
}

fn v(s: &[&str]) -> Vec<String> {
    s.iter().map(|s| s.to_string()).collect()
}

#[test]
fn wildcards_sorted_without_dotfiles() {
    let t = Tree::new();
    assert_eq!(
        t.glob("*", 0),
        (0, v(&["*star", "a", "b", "back\\slash", "c.c", "c.h", "d1", "d2", "dangle", "ln", "loop", "sp ace"]))
    );
    assert_eq!(t.glob("*.[ch]", 0), (0, v(&["c.c", "c.h"])));
    assert_eq!(t.glob("?", 0), (0, v(&["a", "b"])));
    assert_eq!(t.glob(".*", 0), (0, v(&[".", "..", ".dot", ".hid"])));
    assert_eq!(t.glob("*/*", 0), (0, v(&["d1/sub", "d1/x", "d2/z", "ln/sub", "ln/x"])));
    assert_eq!(t.glob("*/.*", 0), (0, v(&["d1/.", "d1/..", "d1/.y", "d2/.", "d2/..", "ln/.", "ln/..", "ln/.y"])));
    assert_eq!(t.glob("nomatch*", 0), (GLOB_NOMATCH, v(&[])));
}

#[test]
fn literals_and_escapes() {
    let t = Tree::new();
    assert_eq!(t.glob("a", 0), (0, v(&["a"])));
    assert_eq!(t.glob("\\a", 0), (0, v(&["a"])));
    assert_eq!(t.glob("\\*star", 0), (0, v(&["*star"])));
    assert_eq!(t.glob("back\\\\slash", 0), (0, v(&["back\\slash"])));
    assert_eq!(t.glob("back\\slash", GLOB_NOESCAPE), (0, v(&["back\\slash"])));
    assert_eq!(t.glob("dangle", 0), (0, v(&["dangle"])));
    assert_eq!(t.glob("nope", 0), (GLOB_NOMATCH, v(&[])));
    assert_eq!(t.glob("a\\", 0), (GLOB_NOMATCH, v(&[])));
    assert_eq!(t.glob("d1\\/x", 0), (0, v(&["d1/x"])));
    assert_eq!(t.glob("d1\\/x", GLOB_NOESCAPE), (GLOB_NOMATCH, v(&[])));
    assert_eq!(t.glob("d1//x", 0), (0, v(&["d1//x"])));
    assert_eq!(t.glob("[a", 0), (GLOB_NOMATCH, v(&[])));
    assert_eq!(t.glob("d[1]/[x]", 0), (0, v(&["d1/x"])));
}

#[test]
fn flags() {
    let t = Tree::new();
    assert_eq!(t.glob("*", GLOB_MARK).1, v(&["*star", "a", "b", "back\\slash", "c.c", "c.h", "d1/", "d2/", "dangle", "ln/", "loop", "sp ace"]));
    assert_eq!(t.glob("d1/", GLOB_MARK), (0, v(&["d1/"])));
    assert_eq!(t.glob("ln", GLOB_MARK), (0, v(&["ln/"])));
    assert_eq!(t.glob("*/", 0), (0, v(&["d1/", "d2/", "ln/"])));
    assert_eq!(t.glob("d*", GLOB_PERIOD), (0, v(&["d1", "d2", "dangle"])));
    let all = t.glob("*", GLOB_PERIOD).1;
    assert_eq!(&all[..5], &v(&["*star", ".", "..", ".dot", ".hid"])[..]);
    // `.` and `..` are not walked through unless the part asks for a `.`.
    assert_eq!(t.glob("*/z", GLOB_PERIOD), (0, v(&["d2/z"])));
    assert_eq!(t.glob(".*/z", GLOB_PERIOD), (GLOB_NOMATCH, v(&[])));
    assert_eq!(t.glob("*/.", GLOB_PERIOD), (0, v(&[".hid/.", "d1/.", "d2/.", "ln/."])));
    assert_eq!(t.glob("nope*", GLOB_NOCHECK), (0, v(&["nope*"])));
    let (r, mut paths) = t.glob("[ab]", GLOB_NOSORT);
    paths.sort();
    assert_eq!((r, paths), (0, v(&["a", "b"])));
}

#[test]
fn offsets_and_append() {
    let t = Tree::new();
    let mut g = blank();
    g.gl_offs = 2;
    let p1 = CString::new(t.pat("[ab]")).unwrap();
    let p2 = CString::new(t.pat("c.*")).unwrap();
    // SAFETY: C strings and a glob_t glob fills, then frees.
    unsafe {
        assert_eq!(glob(p1.as_ptr(), GLOB_DOOFFS, None, &mut g), 0);
        assert!((*g.gl_pathv).is_null() && (*g.gl_pathv.add(1)).is_null());
        assert_eq!(glob(p2.as_ptr(), GLOB_DOOFFS | GLOB_APPEND, None, &mut g), 0);
        assert_eq!(g.gl_pathc, 4);
        assert_eq!(t.paths(&g), v(&["a", "b", "c.c", "c.h"]));
        assert!((*g.gl_pathv.add(6)).is_null());
        // A failed append leaves what was there.
        let p3 = CString::new(t.pat("none*")).unwrap();
        assert_eq!(glob(p3.as_ptr(), GLOB_DOOFFS | GLOB_APPEND, None, &mut g), GLOB_NOMATCH);
        assert_eq!(g.gl_pathc, 4);
        globfree(&mut g);
        assert!(g.gl_pathv.is_null() && g.gl_pathc == 0);
    }
}

/// What the error function saw, across the tests that use it (one at a time).
static CALLS: Mutex<Vec<(String, c_int)>> = Mutex::new(Vec::new());
static SERIAL: Mutex<()> = Mutex::new(());

unsafe extern "C" fn record(path: *const c_char, err: c_int) -> c_int {
    // SAFETY: glob passes a C string.
    let p = unsafe { CStr::from_ptr(path) }.to_string_lossy().into_owned();
    CALLS.lock().unwrap().push((p, err));
    0
}

unsafe extern "C" fn stop(path: *const c_char, err: c_int) -> c_int {
    // SAFETY: as for record.
    unsafe { record(path, err) };
    1
}

fn calls(t: &Tree) -> Vec<(String, c_int)> {
    let prefix = format!("{}/", t.0.display());
    CALLS.lock().unwrap().drain(..).map(|(p, e)| (p.strip_prefix(&prefix).unwrap_or(&p).to_string(), e)).collect()
}

#[test]
fn errors() {
    let _one = SERIAL.lock().unwrap();
    let t = Tree::new();
    let eloop = limpet_abi::errno::ELOOP;
    let enotdir = limpet_abi::errno::ENOTDIR;
    let enoent = limpet_abi::errno::ENOENT;
    assert_eq!(t.glob_with("a/*", 0, Some(record)), (GLOB_NOMATCH, v(&[])));
    assert_eq!(calls(&t), vec![("a/".to_string(), enotdir)]);
    assert_eq!(t.glob_with("nope/*", 0, Some(record)), (GLOB_NOMATCH, v(&[])));
    assert_eq!(calls(&t), vec![("nope/".to_string(), enoent)]);
    // A missing file named literally is no match, not an error; a loop is an error.
    assert_eq!(t.glob_with("*/nope", 0, Some(record)), (GLOB_NOMATCH, v(&[])));
    assert_eq!(calls(&t), vec![("loop/nope".to_string(), eloop)]);
    // Stopping: GLOB_ABORTED with what was found before (musl: GLOB_NOMATCH when nothing was).
    let (r, paths) = t.glob_with("*/*", 0, Some(stop));
    assert_eq!(r, GLOB_ABORTED);
    assert!(paths.len() <= 5);
    assert_eq!(calls(&t).len(), 1);
    assert_eq!(t.glob_with("a/*", GLOB_ERR, Some(record)), (GLOB_ABORTED, v(&[])));
    assert_eq!(calls(&t).len(), 1);
    assert_eq!(t.glob_with("a/*", GLOB_ERR | GLOB_NOCHECK, None).1, v(&["a/*"]));
    assert_eq!(t.glob_with("loop/", GLOB_ERR, Some(record)).0, GLOB_ABORTED);
    calls(&t);
}

#[test]
fn tilde() {
    let t = Tree::new();
    let home = std::env::var("HOME").unwrap_or_default();
    let g = |p: &str, flags: c_int| {
        let p = CString::new(p).unwrap();
        let mut g = blank();
        // SAFETY: a C string and a zeroed glob_t, freed after.
        unsafe {
            let r = glob(p.as_ptr(), flags, None, &mut g);
            let paths = t.paths(&g);
            globfree(&mut g);
            (r, paths)
        }
    };
    if !home.is_empty() && std::path::Path::new(&home).exists() {
        assert_eq!(g("~", GLOB_TILDE), (0, v(&[&home])));
        assert_eq!(g("~", GLOB_TILDE_CHECK), (0, v(&[&home])));
    }
    assert_eq!(g("~", 0).0, GLOB_NOMATCH);
    assert_eq!(g("~root", GLOB_TILDE).0, 0);
    assert_eq!(g("~limpet-no-such-user/x", GLOB_TILDE), (GLOB_NOMATCH, v(&[])));
    assert_eq!(g("~limpet-no-such-user/x", GLOB_TILDE | GLOB_NOCHECK), (GLOB_NOMATCH, v(&["~limpet-no-such-user/x"])));
}

#[test]
fn hostile_patterns() {
    let t = Tree::new();
    // Longer than a path can be: no match, no overflow.
    let long = "x".repeat(3 * PATH_MAX);
    assert_eq!(t.glob(&long, 0).0, GLOB_NOMATCH);
    assert_eq!(t.glob(&format!("[{long}"), 0).0, GLOB_NOMATCH);
    assert_eq!(t.glob(&format!("*{long}"), 0).0, GLOB_NOMATCH);
    let parts = "*/".repeat(50_000);
    assert_eq!(t.glob(&parts, 0).0, GLOB_NOMATCH);
    let slashes = "/".repeat(2 * PATH_MAX);
    assert_eq!(t.glob(&slashes, 0).0, GLOB_NOMATCH);
    assert_eq!(t.glob(&format!("{}a", "./".repeat(PATH_MAX)), 0).0, GLOB_NOMATCH);
    // The link loop is followed only as deep as the kernel allows.
    std::fs::create_dir(t.0.join("deep")).unwrap();
    symlink(".", t.0.join("deep/self")).unwrap();
    let (r, paths) = t.glob(&format!("deep/{}", "*/".repeat(100)), 0);
    assert!(r == 0 || r == GLOB_NOMATCH);
    assert!(paths.len() <= 1);
}
