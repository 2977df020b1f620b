//! std::env: environment variables (and their view from libc and from
//! children), arguments, the executable path, directories and path lists.
//!
//! Every test uses its own variable names, and every test holds LOCK while
//! it runs: the environment and the working directory are process-wide, and
//! one test calls the C library's setenv directly, outside std's own lock.

use limpet_std_suite::{ScratchDir, text};
use std::env::{self, VarError};
use std::ffi::{CStr, CString, OsStr, OsString};
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

static LOCK: Mutex<()> = Mutex::new(());

fn serial() -> std::sync::MutexGuard<'static, ()> {
    LOCK.lock().unwrap_or_else(|e| e.into_inner())
}

fn libc_getenv(name: &str) -> Option<Vec<u8>> {
    let c = CString::new(name).unwrap();
    let p = unsafe { libc::getenv(c.as_ptr()) };
    if p.is_null() {
        None
    } else {
        Some(unsafe { CStr::from_ptr(p) }.to_bytes().to_vec())
    }
}

#[test]
fn set_get_remove_var() {
    let _g = serial();
    let k = "LIMPET_ENV_BASIC";
    assert_eq!(env::var(k), Err(VarError::NotPresent));
    unsafe { env::set_var(k, "value one") };
    assert_eq!(env::var(k).as_deref(), Ok("value one"));
    assert_eq!(env::var_os(k), Some(OsString::from("value one")));
    // std's setenv is what the C library sees.
    assert_eq!(libc_getenv(k).as_deref(), Some(&b"value one"[..]));

    unsafe { env::set_var(k, "") };
    assert_eq!(env::var(k).as_deref(), Ok(""));
    unsafe { env::set_var(k, "a=b=c") };
    assert_eq!(env::var(k).as_deref(), Ok("a=b=c"));

    unsafe { env::remove_var(k) };
    assert_eq!(env::var(k), Err(VarError::NotPresent));
    assert_eq!(libc_getenv(k), None);
    // Removing a missing variable is not an error.
    unsafe { env::remove_var(k) };

    // A long value.
    let long = "v".repeat(100_000);
    unsafe { env::set_var(k, &long) };
    assert_eq!(env::var(k).unwrap().len(), 100_000);
    unsafe { env::remove_var(k) };
}

#[test]
fn variables_set_through_libc_are_seen_by_std() {
    let _g = serial();
    let k = c"LIMPET_ENV_FROM_C";
    assert_eq!(
        unsafe { libc::setenv(k.as_ptr(), c"from setenv".as_ptr(), 1) },
        0
    );
    assert_eq!(env::var("LIMPET_ENV_FROM_C").as_deref(), Ok("from setenv"));
    // overwrite = 0 keeps the old value.
    assert_eq!(
        unsafe { libc::setenv(k.as_ptr(), c"ignored".as_ptr(), 0) },
        0
    );
    assert_eq!(env::var("LIMPET_ENV_FROM_C").as_deref(), Ok("from setenv"));
    assert_eq!(unsafe { libc::unsetenv(k.as_ptr()) }, 0);
    assert_eq!(env::var_os("LIMPET_ENV_FROM_C"), None);
    // Names with '=' are rejected by setenv with EINVAL.
    assert_eq!(
        unsafe { libc::setenv(c"BAD=NAME".as_ptr(), c"x".as_ptr(), 1) },
        -1
    );
    assert_eq!(
        std::io::Error::last_os_error().raw_os_error(),
        Some(libc::EINVAL)
    );
}

#[test]
fn non_unicode_values() {
    let _g = serial();
    let k = "LIMPET_ENV_BYTES";
    let raw = OsString::from_vec(b"caf\xe9".to_vec());
    unsafe { env::set_var(k, &raw) };
    match env::var(k) {
        Err(VarError::NotUnicode(v)) => assert_eq!(v, raw),
        other => panic!("expected NotUnicode, got {other:?}"),
    }
    assert_eq!(env::var_os(k), Some(raw.clone()));
    assert_eq!(libc_getenv(k).as_deref(), Some(&b"caf\xe9"[..]));
    let found = env::vars_os().find(|(n, _)| n == k).map(|(_, v)| v);
    assert_eq!(found, Some(raw));
    unsafe { env::remove_var(k) };
}

#[test]
fn vars_lists_what_was_set() {
    let _g = serial();
    let names: Vec<String> = (0..5).map(|i| format!("LIMPET_ENV_LIST_{i}")).collect();
    for (i, n) in names.iter().enumerate() {
        unsafe { env::set_var(n, format!("v{i}")) };
    }
    let all: Vec<(String, String)> = env::vars()
        .filter(|(k, _)| k.starts_with("LIMPET_ENV_LIST_"))
        .collect();
    let mut all = all;
    all.sort();
    let want: Vec<(String, String)> = names
        .iter()
        .enumerate()
        .map(|(i, n)| (n.clone(), format!("v{i}")))
        .collect();
    assert_eq!(all, want);
    // Every entry is well-formed and unique.
    let mut keys: Vec<OsString> = env::vars_os().map(|(k, _)| k).collect();
    let n = keys.len();
    keys.sort();
    keys.dedup();
    assert_eq!(keys.len(), n, "duplicate names in environ");
    assert!(
        keys.iter()
            .all(|k| !k.is_empty() && !k.as_bytes().contains(&b'='))
    );
    for n in &names {
        unsafe { env::remove_var(n) };
    }
    assert_eq!(
        env::vars()
            .filter(|(k, _)| k.starts_with("LIMPET_ENV_LIST_"))
            .count(),
        0
    );
}

#[test]
fn children_inherit_the_modified_environment() {
    let _g = serial();
    unsafe { env::set_var("LIMPET_ENV_CHILD", "inherited value") };
    unsafe { env::remove_var("LIMPET_ENV_NEVER") };
    let out = Command::new("/bin/sh")
        .arg("-c")
        .arg("echo \"$LIMPET_ENV_CHILD|${LIMPET_ENV_NEVER-none}\"")
        .output()
        .unwrap();
    assert_eq!(text(&out.stdout), "inherited value|none\n");
    unsafe { env::remove_var("LIMPET_ENV_CHILD") };
    let out = Command::new("/bin/sh")
        .arg("-c")
        .arg("echo \"${LIMPET_ENV_CHILD-gone}\"")
        .output()
        .unwrap();
    assert_eq!(text(&out.stdout), "gone\n");
}

#[test]
fn args_and_current_exe() {
    let _g = serial();
    let args: Vec<OsString> = env::args_os().collect();
    assert!(!args.is_empty());
    let exe = env::current_exe().unwrap();
    assert!(exe.is_absolute(), "{exe:?}");
    assert!(exe.is_file());
    assert_eq!(exe, std::fs::read_link("/proc/self/exe").unwrap());
    // argv[0] names the same program.
    let argv0 = Path::new(&args[0]);
    assert_eq!(argv0.file_name(), exe.file_name());
    assert_eq!(
        std::fs::canonicalize(argv0).ok(),
        Some(std::fs::canonicalize(&exe).unwrap())
    );
    // argv agrees with the kernel's record of it.
    let cmdline = std::fs::read("/proc/self/cmdline").unwrap();
    let kernel: Vec<OsString> = cmdline
        .split(|&b| b == 0)
        .filter(|s| !s.is_empty())
        .map(|s| OsStr::from_bytes(s).to_owned())
        .collect();
    let nonempty: Vec<OsString> = args.iter().filter(|a| !a.is_empty()).cloned().collect();
    assert_eq!(kernel, nonempty);
}

#[test]
fn temp_dir_follows_tmpdir() {
    let _g = serial();
    let t = env::temp_dir();
    assert!(t.is_absolute());
    assert!(t.is_dir());
    match env::var_os("TMPDIR") {
        Some(v) => assert_eq!(t, PathBuf::from(v)),
        None => assert_eq!(t, PathBuf::from("/tmp")),
    }
}

#[test]
fn current_dir_round_trip() {
    let _g = serial();
    let orig = env::current_dir().unwrap();
    assert!(orig.is_absolute());
    let d = ScratchDir::new("env-cwd");
    let canon = std::fs::canonicalize(d.path()).unwrap();
    std::fs::create_dir(d.join("sub")).unwrap();

    env::set_current_dir(d.path()).unwrap();
    let result = std::panic::catch_unwind(|| {
        assert_eq!(env::current_dir().unwrap(), canon);
        // Relative paths now resolve against the new directory.
        std::fs::write("relative.txt", b"here").unwrap();
        assert_eq!(std::fs::read(canon.join("relative.txt")).unwrap(), b"here");
        env::set_current_dir("sub").unwrap();
        assert_eq!(env::current_dir().unwrap(), canon.join("sub"));
        env::set_current_dir("..").unwrap();
        assert_eq!(env::current_dir().unwrap(), canon);
        // A deep directory whose path is longer than a small buffer.
        let mut deep = canon.clone();
        for i in 0..20 {
            deep.push(format!("level-{i:02}-{}", "d".repeat(30)));
        }
        std::fs::create_dir_all(&deep).unwrap();
        env::set_current_dir(&deep).unwrap();
        assert_eq!(env::current_dir().unwrap(), deep);
        // Children start in it too.
        let out = Command::new("/bin/sh")
            .arg("-c")
            .arg("pwd -P")
            .output()
            .unwrap();
        assert_eq!(text(&out.stdout), format!("{}\n", deep.display()));
        let err = env::set_current_dir("no-such-dir").unwrap_err();
        assert_eq!(err.kind(), std::io::ErrorKind::NotFound);
        std::fs::write("a-file", b"").unwrap();
        let err = env::set_current_dir("a-file").unwrap_err();
        assert_eq!(err.kind(), std::io::ErrorKind::NotADirectory);
    });
    env::set_current_dir(&orig).unwrap();
    assert_eq!(env::current_dir().unwrap(), orig);
    if let Err(p) = result {
        std::panic::resume_unwind(p);
    }
}

#[test]
fn split_and_join_paths() {
    let _g = serial();
    let joined = env::join_paths(["/usr/bin", "/opt/x y/bin", ""]).unwrap();
    assert_eq!(joined, OsString::from("/usr/bin:/opt/x y/bin:"));
    let parts: Vec<PathBuf> = env::split_paths(&joined).collect();
    assert_eq!(
        parts,
        vec![
            PathBuf::from("/usr/bin"),
            PathBuf::from("/opt/x y/bin"),
            PathBuf::new()
        ]
    );
    assert!(env::join_paths(["/has:colon"]).is_err());
    let parts: Vec<PathBuf> = env::split_paths("a::b").collect();
    assert_eq!(
        parts,
        vec![PathBuf::from("a"), PathBuf::new(), PathBuf::from("b")]
    );
    if let Some(path) = env::var_os("PATH") {
        let round = env::join_paths(env::split_paths(&path)).unwrap();
        assert_eq!(round, path);
    }
}

#[test]
fn consts_describe_the_target() {
    let _g = serial();
    assert_eq!(env::consts::OS, "linux");
    assert_eq!(env::consts::FAMILY, "unix");
    assert_eq!(env::consts::ARCH, "x86_64");
    assert_eq!(env::consts::EXE_SUFFIX, "");
    assert_eq!(env::consts::DLL_EXTENSION, "so");
}

#[test]
#[ignore = "child process for home_dir_without_home_comes_from_passwd"]
fn child_prints_home_dir() {
    if !limpet_std_suite::is_child_for("child_prints_home_dir") {
        return;
    }
    #[allow(deprecated)]
    let home = env::home_dir();
    println!("HOME_DIR={:?}", home);
}

fn passwd_home(uid: u32) -> Option<String> {
    let passwd = std::fs::read_to_string("/etc/passwd").ok()?;
    passwd.lines().find_map(|l| {
        let f: Vec<&str> = l.split(':').collect();
        (f.len() >= 7 && f[2] == uid.to_string()).then(|| f[5].to_string())
    })
}

#[test]
fn home_dir_without_home_comes_from_passwd() {
    let _g = serial();
    // With HOME set, home_dir is HOME.
    let out = limpet_std_suite::child_test_command("child_prints_home_dir")
        .env("HOME", "/limpet/custom/home")
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(
        text(&out.stdout).contains("HOME_DIR=Some(\"/limpet/custom/home\")"),
        "{}",
        text(&out.stdout)
    );

    // Without it, std asks getpwuid_r for our passwd entry.
    let uid = unsafe { libc::geteuid() };
    let expected = passwd_home(uid).expect("our uid has an /etc/passwd entry");
    let out = limpet_std_suite::child_test_command("child_prints_home_dir")
        .env_remove("HOME")
        .output()
        .unwrap();
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains(&format!("HOME_DIR=Some({expected:?})")),
        "expected {expected:?}, got:\n{stdout}"
    );
}
