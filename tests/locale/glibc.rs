//! glibc's locales as an oracle for the Rust tests of the components that format in a
//! locale (limpet-time's strftime, limpet-stdio's printf and strfmon, limpet-stdlib's
//! strtod). Each of those crates includes this file in its tests (`#[path]`); the test
//! binaries are linked to the host's glibc, whose `newlocale`, `uselocale`, `localeconv`
//! and `nl_langinfo_l` these wrap (limpet's own functions of those names have Rust symbols
//! in a test build, so nothing clashes).
//!
//! glibc's compiled locales are made on first use with the host's `localedef -i NAME -f
//! UTF-8` (Debian's `locales` package has the sources) into `target/glibc-locales`, each
//! into a directory of its own first and then renamed, so test binaries running at once do
//! not see half a locale; `LOCPATH` points glibc there. When that cannot be done (no
//! `localedef`, no sources), [`open`] returns None and the caller prints why it skips.
#![allow(dead_code)]
use std::ffi::{CStr, CString, c_char, c_int, c_void};
use std::path::PathBuf;
use std::sync::Mutex;

/// The locales issue 20 names.
pub const LOCALES: [&str; 4] = ["de_DE.UTF-8", "fr_FR.UTF-8", "ja_JP.UTF-8", "ru_RU.UTF-8"];

/// glibc's `LC_ALL_MASK`.
const GLIBC_LC_ALL_MASK: c_int = 0x1fbf;

unsafe extern "C" {
    fn newlocale(mask: c_int, name: *const c_char, base: *mut c_void) -> *mut c_void;
    fn uselocale(loc: *mut c_void) -> *mut c_void;
    fn localeconv() -> *const c_void;
    fn nl_langinfo_l(item: c_int, loc: *mut c_void) -> *const c_char;
}

/// Where the compiled locales go: the workspace's target directory.
fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/glibc-locales")
}

static MADE: Mutex<()> = Mutex::new(());

/// Compiles `name` (`de_DE.UTF-8`) for glibc unless it is there; the reason when it cannot.
fn compile(name: &str) -> Result<(), String> {
    let _guard = MADE.lock().unwrap_or_else(|e| e.into_inner());
    let dir = dir();
    let out = dir.join(name);
    if out.join("LC_TIME").exists() {
        return Ok(());
    }
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let src = name.split('.').next().unwrap_or(name);
    let tmp = dir.join(format!(".{name}.{}", std::process::id()));
    let status = std::process::Command::new("localedef")
        .args(["-i", src, "-f", "UTF-8"])
        .arg(&tmp)
        .stderr(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .status()
        .map_err(|e| format!("localedef: {e} (Debian: libc-bin, locales)"))?;
    // localedef warns (exit 1) on some of Debian's sources and still writes the locale.
    if !tmp.join("LC_TIME").exists() {
        return Err(format!("localedef -i {src} -f UTF-8 failed ({status}); is /usr/share/i18n/locales/{src} there?"));
    }
    if std::fs::rename(&tmp, &out).is_err() {
        // Another test binary made it meanwhile.
        let _ = std::fs::remove_dir_all(&tmp);
    }
    Ok(())
}

/// A glibc locale object for `name`, made (and compiled) on first use; Err says why not.
pub fn open(name: &str) -> Result<*mut c_void, String> {
    // Under qemu the test binary's C library is the target's (musl for aarch64, which takes
    // any name as C.UTF-8), not the host glibc whose locales `compile` makes.
    if !cfg!(all(target_env = "gnu", target_arch = "x86_64")) {
        return Err("the oracle is the host's glibc; this test binary is built for another target".into());
    }
    compile(name)?;
    // SAFETY: setting LOCPATH while other threads may read the environment is what every
    // caller of this helper does with the same value; glibc reads it in newlocale.
    unsafe { std::env::set_var("LOCPATH", dir()) };
    let c = CString::new(name).unwrap();
    // SAFETY: a valid name; a null base.
    let loc = unsafe { newlocale(GLIBC_LC_ALL_MASK, c.as_ptr(), std::ptr::null_mut()) };
    if loc.is_null() { Err(format!("glibc's newlocale({name}) failed")) } else { Ok(loc) }
}

/// Runs `f` with `loc` as the calling thread's glibc locale.
pub fn with<R>(loc: *mut c_void, f: impl FnOnce() -> R) -> R {
    // SAFETY: `loc` is a live glibc locale object.
    let old = unsafe { uselocale(loc) };
    let r = f();
    // SAFETY: the previous locale.
    unsafe { uselocale(old) };
    r
}

/// Serialises `localeconv`, whose struct glibc shares between all threads.
static LCONV: Mutex<()> = Mutex::new(());

/// A copy of glibc's `struct lconv` for `loc`, read as `T` (limpet-locale's `Lconv`, whose
/// layout is musl's and glibc's). Its strings live as long as the locale object, which the
/// tests never free.
///
/// # Safety
/// `T` is a `struct lconv` of the C layout.
pub unsafe fn lconv<T>(loc: *mut c_void) -> T {
    let _guard = LCONV.lock().unwrap_or_else(|e| e.into_inner());
    // SAFETY: localeconv of the thread's (glibc) locale, copied before any other call.
    with(loc, || unsafe { localeconv().cast::<T>().read() })
}

/// glibc's `nl_langinfo_l(item, loc)`.
pub fn langinfo(item: c_int, loc: *mut c_void) -> &'static CStr {
    // SAFETY: a live locale; the string lives as long as it.
    unsafe { CStr::from_ptr(nl_langinfo_l(item, loc)) }
}

/// The four locales as glibc objects, or None after printing why the caller skips.
pub fn all(test: &str) -> Option<Vec<(&'static str, *mut c_void)>> {
    let mut v = Vec::new();
    for name in LOCALES {
        match open(name) {
            Ok(l) => v.push((name, l)),
            Err(why) => {
                eprintln!("SKIPPED {test}: glibc's {name} is not available: {why}");
                return None;
            }
        }
    }
    Some(v)
}

/// A small deterministic generator for the differential tests.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The workspace's root.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

static LIMPET_MADE: Mutex<Option<Result<PathBuf, String>>> = Mutex::new(None);

/// limpet's compilations of [`LOCALES`], made on first use with limpet-localedef (built by
/// `cargo build -p limpet-localedef --release`, unless `LIMPET_LOCALEDEF` names a binary)
/// into `target/limpet-locales`, each written beside and renamed by the tool itself; the
/// directory, or why there is none.
fn limpet_dir() -> Result<PathBuf, String> {
    let mut made = LIMPET_MADE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(r) = made.as_ref() {
        return r.clone();
    }
    let r = (|| {
        let tool = match std::env::var_os("LIMPET_LOCALEDEF") {
            Some(t) => PathBuf::from(t),
            None => {
                let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
                let ok = std::process::Command::new(cargo)
                    .args(["build", "-q", "-p", "limpet-localedef", "--release"])
                    .current_dir(root())
                    .status()
                    .map_err(|e| format!("cargo build -p limpet-localedef: {e}"))?;
                if !ok.success() {
                    return Err(format!("cargo build -p limpet-localedef: {ok}"));
                }
                root().join("target/release/limpet-localedef")
            }
        };
        let dir = root().join("target/limpet-locales");
        for name in LOCALES {
            let src = name.split('.').next().unwrap_or(name);
            let out = std::process::Command::new(&tool)
                .args(["-i", src, "-f", "UTF-8", "--path"])
                .arg(&dir)
                .arg(name)
                .output()
                .map_err(|e| format!("{}: {e}", tool.display()))?;
            if !out.status.success() {
                return Err(format!("limpet-localedef {name}: {}", String::from_utf8_lossy(&out.stderr)));
            }
        }
        Ok(dir)
    })();
    *made = Some(r.clone());
    r
}

/// limpet's locale objects for [`LOCALES`] (from its compiled files, `LIMPET_LOCPATH`
/// pointing at them), with glibc's for the same names; None after printing why the caller
/// skips. limpet reads the environment through limpet-start's `environ`, which is pointed
/// at the host's.
pub fn both(test: &str) -> Option<Vec<(&'static str, *mut c_void, &'static limpet_locale::object::Locale)>> {
    let glibc = all(test)?;
    let dir = match limpet_dir() {
        Ok(d) => d,
        Err(why) => {
            eprintln!("SKIPPED {test}: limpet's compiled locales are not available: {why}");
            return None;
        }
    };
    unsafe extern "C" {
        #[link_name = "environ"]
        static host_environ: *mut *mut c_char;
    }
    // SAFETY: every caller sets the same value; limpet reads glibc's environment array,
    // which is valid while no one changes it.
    unsafe {
        std::env::set_var("LIMPET_LOCPATH", &dir);
        limpet_start::env::environ = host_environ;
    }
    let mut v = Vec::new();
    for (name, g) in glibc {
        let c = CString::new(name).unwrap();
        // SAFETY: a valid name, a null base.
        let l = unsafe { limpet_locale::newlocale::newlocale(limpet_locale::abi::LC_ALL_MASK, c.as_ptr(), std::ptr::null_mut()) };
        if l.is_null() {
            eprintln!("SKIPPED {test}: limpet's newlocale({name}) failed");
            return None;
        }
        // SAFETY: a live locale object, never freed.
        let l: &'static limpet_locale::object::Locale = unsafe { &*l.cast_const() };
        if limpet_locale::map::compiled(l.map(limpet_locale::abi::LC_TIME as usize)).is_none() {
            eprintln!("SKIPPED {test}: limpet found no compiled {name} in {}", dir.display());
            return None;
        }
        v.push((name, g, l));
    }
    Some(v)
}

/// `n` rounds in an optimised test build, a tenth of them in a debug one (where each
/// conversion costs ten times as much).
pub fn rounds(n: usize) -> usize {
    if cfg!(debug_assertions) { n / 10 } else { n }
}
