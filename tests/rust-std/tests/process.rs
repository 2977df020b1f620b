//! std::process: spawning children with pipes, exit statuses and signals,
//! environment and working directory of children, kill/wait/try_wait, and
//! the errors of a failed exec.

use limpet_std_suite::{ScratchDir, text};
use std::fs;
use std::io::{ErrorKind, Read, Write};
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// Writes a file that a test will then execute, and gives it `mode`.
///
/// The file is written by a `cat` child, not by this process: while this
/// process holds a file open for writing, any child that another test forks
/// at that moment inherits the descriptor until its exec, and an exec of the
/// file in that window fails with ETXTBSY. A descriptor of the `cat` child is
/// never inherited by our other children.
fn write_program(path: &std::path::Path, contents: &[u8], mode: u32) {
    let mut child = Command::new("/bin/sh")
        .arg("-c")
        .arg("cat > \"$1\"")
        .arg("sh")
        .arg(path)
        .stdin(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(contents).unwrap();
    assert!(child.wait().unwrap().success());
    fs::set_permissions(path, fs::Permissions::from_mode(mode)).unwrap();
    assert_eq!(fs::read(path).unwrap(), contents);
}

fn sh(script: &str) -> Command {
    let mut c = Command::new("/bin/sh");
    c.arg("-c").arg(script);
    c
}

#[test]
fn cat_echoes_piped_stdin() {
    let mut child = Command::new("cat")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // More than a pipe buffer each way, so the writer must run concurrently.
    let data: Vec<u8> = (0..1_000_000u32).map(|i| (i % 251) as u8).collect();
    let mut stdin = child.stdin.take().unwrap();
    let d2 = data.clone();
    let writer = thread::spawn(move || {
        stdin.write_all(&d2).unwrap();
        // dropping stdin closes it, so cat sees EOF
    });
    let mut out = Vec::new();
    child.stdout.take().unwrap().read_to_end(&mut out).unwrap();
    writer.join().unwrap();
    let status = child.wait().unwrap();
    assert!(status.success());
    assert_eq!(status.code(), Some(0));
    assert_eq!(out.len(), data.len());
    assert!(out == data);
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert_eq!(err, "");
}

#[test]
fn output_captures_stdout_stderr_and_code() {
    let out = sh("echo out; echo err >&2; printf 'no newline'; exit 3")
        .output()
        .unwrap();
    assert_eq!(text(&out.stdout), "out\nno newline");
    assert_eq!(text(&out.stderr), "err\n");
    assert_eq!(out.status.code(), Some(3));
    assert!(!out.status.success());
    assert_eq!(out.status.signal(), None);
    assert_eq!(out.status.into_raw(), 3 << 8, "raw wait status");
    assert_eq!(out.status.to_string(), "exit status: 3");

    // Large output on both pipes at once (needs poll-based reading).
    let d = ScratchDir::new("proc-big");
    let big: String = (0..20_000).map(|i| format!("{i:08}\n")).collect();
    fs::write(d.join("big"), &big).unwrap();
    let out = sh("cat \"$1\"; cat \"$1\" >&2; cat \"$1\"")
        .arg("sh")
        .arg(d.join("big"))
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(out.stdout.len(), 2 * big.len());
    assert_eq!(text(&out.stdout), big.repeat(2));
    assert_eq!(text(&out.stderr), big);
}

#[test]
fn exit_codes_round_trip() {
    for code in [0, 1, 2, 42, 127, 128, 254, 255] {
        let st = sh(&format!("exit {code}")).status().unwrap();
        assert_eq!(st.code(), Some(code), "exit {code}");
        assert_eq!(st.success(), code == 0);
    }
    // Exit codes are taken modulo 256.
    assert_eq!(sh("exit 256").status().unwrap().code(), Some(0));
    assert_eq!(sh("exit 300").status().unwrap().code(), Some(44));
}

#[test]
fn killed_by_signal() {
    let st = sh("kill -9 $$").status().unwrap();
    assert_eq!(st.signal(), Some(9));
    assert_eq!(st.code(), None);
    assert!(!st.success());
    assert!(!st.core_dumped());
    assert_eq!(st.to_string(), "signal: 9 (SIGKILL)");

    let st = sh("kill -TERM $$").status().unwrap();
    assert_eq!(st.signal(), Some(libc::SIGTERM));
    let st = sh("kill -USR1 $$").status().unwrap();
    assert_eq!(st.signal(), Some(libc::SIGUSR1));
}

#[test]
fn child_environment_control() {
    let out = Command::new("/usr/bin/env")
        .env_clear()
        .env("FOO", "bar")
        .env("EMPTY", "")
        .env("WITH_EQ", "a=b=c")
        .output()
        .unwrap();
    assert!(out.status.success());
    let mut lines: Vec<String> = text(&out.stdout).lines().map(str::to_owned).collect();
    lines.sort();
    assert_eq!(lines, vec!["EMPTY=", "FOO=bar", "WITH_EQ=a=b=c"]);

    // Inherited environment plus additions and removals.
    let out = sh("echo \"[$HOME_OVERRIDE][${PATH:+path set}][${LIMPET_REMOVED-unset}]\"")
        .env("HOME_OVERRIDE", "/nowhere")
        .env("LIMPET_REMOVED", "x")
        .env_remove("LIMPET_REMOVED")
        .output()
        .unwrap();
    assert_eq!(text(&out.stdout), "[/nowhere][path set][unset]\n");

    // PATH lookup uses the child's PATH when one is set.
    let d = ScratchDir::new("proc-path");
    let tool = d.join("limpet-tool");
    write_program(&tool, b"#!/bin/sh\necho tool ran with \"$@\"\n", 0o755);
    let out = Command::new("limpet-tool")
        .arg("x y")
        .env("PATH", format!("{}:/usr/bin:/bin", d.path().display()))
        .output()
        .unwrap();
    assert_eq!(text(&out.stdout), "tool ran with x y\n");
}

#[test]
fn child_current_dir() {
    let d = ScratchDir::new("proc-cwd");
    let canon = fs::canonicalize(d.path()).unwrap();
    let out = sh("pwd -P").current_dir(d.path()).output().unwrap();
    assert_eq!(text(&out.stdout), format!("{}\n", canon.display()));

    // A relative program path is resolved against the new directory.
    write_program(&d.join("script"), b"#!/bin/sh\necho relative ok\n", 0o700);
    let out = Command::new("./script")
        .current_dir(d.path())
        .output()
        .unwrap();
    assert_eq!(text(&out.stdout), "relative ok\n");

    let err = sh("true")
        .current_dir(d.join("missing"))
        .spawn()
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::NotFound);
}

#[test]
fn arguments_pass_through_unchanged() {
    let args = [
        "a", "b c", "", "é ü", "*", "$HOME", "'q'", "x\ty", "--flag=1",
    ];
    let out = sh("for a in \"$@\"; do printf '<%s>' \"$a\"; done")
        .arg("sh")
        .args(args)
        .output()
        .unwrap();
    let expect: String = args.iter().map(|a| format!("<{a}>")).collect();
    assert_eq!(text(&out.stdout), expect);
    let out = sh("echo $#").arg("zero").args(args).output().unwrap();
    assert_eq!(text(&out.stdout), format!("{}\n", args.len()));
}

#[test]
fn kill_wait_and_try_wait() {
    // cat with an open, never-written stdin blocks forever.
    let mut child = Command::new("cat")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    assert!(child.id() > 0);
    assert_eq!(child.try_wait().unwrap(), None);
    child.kill().unwrap();
    let st = child.wait().unwrap();
    assert_eq!(st.signal(), Some(libc::SIGKILL));
    // wait again returns the cached status; kill after reaping is fine.
    assert_eq!(child.wait().unwrap(), st);
    assert_eq!(child.try_wait().unwrap(), Some(st));
    child.kill().unwrap();

    // try_wait polling until a child exits on its own.
    let mut child = sh("read x; exit 7").stdin(Stdio::piped()).spawn().unwrap();
    assert_eq!(child.try_wait().unwrap(), None);
    child.stdin.take().unwrap().write_all(b"go\n").unwrap();
    let deadline = Instant::now() + Duration::from_secs(5);
    let st = loop {
        if let Some(st) = child.try_wait().unwrap() {
            break st;
        }
        assert!(Instant::now() < deadline, "child never exited");
        thread::sleep(Duration::from_millis(2));
    };
    assert_eq!(st.code(), Some(7));
}

#[test]
fn exec_failures_map_to_error_kinds() {
    let err = Command::new("limpet-no-such-program-xyz")
        .output()
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::NotFound);
    let err = Command::new("/nonexistent/dir/prog").spawn().unwrap_err();
    assert_eq!(err.kind(), ErrorKind::NotFound);
    assert_eq!(err.raw_os_error(), Some(libc::ENOENT));

    let d = ScratchDir::new("proc-exec");
    // No execute bit at all: EACCES even for root.
    write_program(&d.join("noexec"), b"#!/bin/sh\nexit 0\n", 0o644);
    let err = Command::new(d.join("noexec")).spawn().unwrap_err();
    assert_eq!(err.kind(), ErrorKind::PermissionDenied, "{err}");
    // A directory: EACCES.
    let err = Command::new(d.path()).spawn().unwrap_err();
    assert_eq!(err.kind(), ErrorKind::PermissionDenied, "{err}");
    // An executable with garbage contents: ENOEXEC.
    write_program(&d.join("garbage"), b"\x7fELF but not really", 0o755);
    let err = Command::new(d.join("garbage")).spawn().unwrap_err();
    assert_eq!(err.raw_os_error(), Some(libc::ENOEXEC), "{err}");

    // The same through the fork+exec path (a pre_exec hook disables posix_spawn).
    let mut cmd = Command::new("limpet-no-such-program-xyz");
    unsafe { cmd.pre_exec(|| Ok(())) };
    assert_eq!(cmd.spawn().unwrap_err().kind(), ErrorKind::NotFound);
    // An error returned by the hook itself is reported by spawn.
    let mut cmd = Command::new("/bin/sh");
    unsafe { cmd.pre_exec(|| Err(std::io::Error::from_raw_os_error(libc::EDOM))) };
    assert_eq!(cmd.spawn().unwrap_err().raw_os_error(), Some(libc::EDOM));
}

#[test]
fn pre_exec_hook_runs_in_the_child() {
    let mut cmd = sh("cat /proc/self/stat");
    cmd.stdout(Stdio::piped());
    unsafe {
        cmd.pre_exec(|| {
            // Only async-signal-safe work belongs here; setpgid is, and
            // its effect is visible through /proc.
            if libc::setpgid(0, 0) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        })
    };
    let child = cmd.spawn().unwrap();
    let pid = child.id();
    let out = child.wait_with_output().unwrap();
    let s = text(&out.stdout);
    let stat = s.lines().next().unwrap();
    // The fields after the ")" are: state ppid pgrp ...
    let after = &stat[stat.rfind(')').unwrap() + 2..];
    let fields: Vec<&str> = after.split(' ').collect();
    let pgrp: u32 = fields[2].parse().unwrap();
    // cat runs in sh's process group, the one the hook made: sh's pid.
    assert_eq!(
        pgrp, pid,
        "setpgid(0,0) in the hook made the child a group leader"
    );
}

#[test]
fn process_group_and_signal_state_of_children() {
    // process_group(0) uses posix_spawnattr_setpgroup where possible.
    let child = sh("read -r a b c d e rest < /proc/self/stat; echo $e")
        .process_group(0)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        text(&out.stdout).trim(),
        pid.to_string(),
        "pgrp of the child"
    );

    // std ignores SIGPIPE in this process, but children get the default
    // disposition back, and an empty signal mask.
    let out = Command::new("cat")
        .arg("/proc/self/status")
        .output()
        .unwrap();
    let status = text(&out.stdout);
    let field = |name: &str| -> u64 {
        let line = status.lines().find(|l| l.starts_with(name)).unwrap();
        u64::from_str_radix(line[name.len()..].trim(), 16).unwrap()
    };
    let sigpipe_bit = 1u64 << (libc::SIGPIPE - 1);
    assert_eq!(
        field("SigIgn:") & sigpipe_bit,
        0,
        "SIGPIPE is not ignored in the child"
    );
    assert_eq!(field("SigBlk:"), 0, "no signal blocked in the child");
}

#[test]
fn process_id_matches_proc() {
    let id = std::process::id();
    let stat = fs::read_to_string("/proc/self/stat").unwrap();
    let first: u32 = stat.split(' ').next().unwrap().parse().unwrap();
    assert_eq!(id, first);
    assert_eq!(id as i32, unsafe { libc::getpid() });
    let link = fs::read_link("/proc/self").unwrap();
    assert_eq!(link.to_str().unwrap(), id.to_string());
    assert_eq!(std::os::unix::process::parent_id() as i32, unsafe {
        libc::getppid()
    });
    // A child's parent is us.
    let out = sh("echo $PPID").output().unwrap();
    assert_eq!(text(&out.stdout).trim(), id.to_string());
}

#[test]
fn stdio_null_file_and_inherit_redirection() {
    let out = Command::new("cat").stdin(Stdio::null()).output().unwrap();
    assert!(out.status.success());
    assert!(out.stdout.is_empty());

    let d = ScratchDir::new("proc-redir");
    let f = fs::File::create(d.join("out")).unwrap();
    let f2 = f.try_clone().unwrap();
    let st = sh("echo to-file; echo also-err >&2")
        .stdout(f)
        .stderr(f2)
        .status()
        .unwrap();
    assert!(st.success());
    assert_eq!(
        fs::read_to_string(d.join("out")).unwrap(),
        "to-file\nalso-err\n"
    );

    fs::write(d.join("in"), "line from a file\n").unwrap();
    let out = Command::new("cat")
        .stdin(fs::File::open(d.join("in")).unwrap())
        .output()
        .unwrap();
    assert_eq!(text(&out.stdout), "line from a file\n");

    // A pipe between two children.
    let mut first = sh("echo piped between children")
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let second = Command::new("cat")
        .stdin(Stdio::from(first.stdout.take().unwrap()))
        .output()
        .unwrap();
    first.wait().unwrap();
    assert_eq!(text(&second.stdout), "piped between children\n");

    // Descriptors std opens (O_CLOEXEC) are not leaked into children.
    use std::os::fd::AsRawFd;
    let keep = fs::File::open(d.join("in")).unwrap();
    let fd = keep.as_raw_fd();
    let out = sh("if [ /proc/$$/fd/$1 -ef \"$2\" ]; then echo leaked; else echo clean; fi")
        .arg("sh")
        .arg(fd.to_string())
        .arg(d.join("in"))
        .output()
        .unwrap();
    assert_eq!(
        text(&out.stdout),
        "clean\n",
        "fd {fd} leaked into the child"
    );
    // ... while one without FD_CLOEXEC is inherited.
    unsafe { assert_eq!(libc::fcntl(fd, libc::F_SETFD, 0), 0) };
    let out = sh("if [ /proc/$$/fd/$1 -ef \"$2\" ]; then echo inherited; else echo missing; fi")
        .arg("sh")
        .arg(fd.to_string())
        .arg(d.join("in"))
        .output()
        .unwrap();
    unsafe { libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC) };
    assert_eq!(text(&out.stdout), "inherited\n");
}

#[test]
fn many_children_in_a_loop() {
    for i in 0..150u32 {
        let st = sh(&format!("exit {}", i % 256)).status().unwrap();
        assert_eq!(st.code(), Some((i % 256) as i32));
    }
    // And concurrently from several threads.
    let hs: Vec<_> = (0..4)
        .map(|t| {
            thread::spawn(move || {
                for i in 0..25 {
                    let out = sh("echo $1-$2")
                        .arg("sh")
                        .arg(t.to_string())
                        .arg(i.to_string())
                        .output()
                        .unwrap();
                    assert_eq!(text(&out.stdout), format!("{t}-{i}\n"));
                }
            })
        })
        .collect();
    for h in hs {
        h.join().unwrap();
    }
}

#[test]
fn wait_with_output_and_stdin_closed() {
    let mut child = Command::new("cat")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .as_mut()
        .unwrap()
        .write_all(b"hello through wait_with_output")
        .unwrap();
    // wait_with_output drops stdin first so cat terminates.
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    assert_eq!(text(&out.stdout), "hello through wait_with_output");

    // output() gives the child a null stdin, so cat ends at once.
    let out = Command::new("cat").output().unwrap();
    assert!(out.status.success());
    assert!(out.stdout.is_empty() && out.stderr.is_empty());
}

#[test]
fn child_with_other_uid_and_gid() {
    // As root, the child drops to nobody-style ids (setgroups, setgid, setuid
    // in the forked child).
    let out = Command::new("cat")
        .arg("/proc/self/status")
        .uid(65534)
        .gid(65533)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let status = text(&out.stdout);
    let field = |name: &str| -> String {
        status.lines().find(|l| l.starts_with(name)).unwrap()[name.len()..]
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(field("Uid:"), "65534 65534 65534 65534");
    assert_eq!(field("Gid:"), "65533 65533 65533 65533");
    assert_eq!(field("Groups:"), "", "supplementary groups are dropped");
}

#[test]
fn arg0_and_program_lookup_without_path() {
    let out = Command::new("/bin/sh")
        .arg0("custom-argv0")
        .arg("-c")
        .arg("echo $0")
        .output()
        .unwrap();
    assert_eq!(text(&out.stdout), "custom-argv0\n");

    // With the environment cleared there is no PATH: a bare name is still
    // found in the default search path.
    let out = Command::new("sh")
        .env_clear()
        .arg("-c")
        .arg("echo found; env")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let mut lines = stdout.lines();
    assert_eq!(lines.next(), Some("found"));
    // Only what sh itself exports (dash: PWD) remains.
    let vars: Vec<&str> = lines.filter(|l| !l.starts_with("PWD=")).collect();
    assert!(vars.is_empty(), "environment was not cleared: {vars:?}");
}

#[test]
fn oversized_argument_is_e2big() {
    // A single argument above MAX_ARG_STRLEN (32 pages) makes execve fail.
    let huge = "x".repeat(200_000);
    let err = Command::new("/bin/sh")
        .arg("-c")
        .arg("true")
        .arg(&huge)
        .spawn()
        .unwrap_err();
    assert_eq!(err.raw_os_error(), Some(libc::E2BIG), "{err}");
    assert_eq!(err.kind(), ErrorKind::ArgumentListTooLong);
    // The same size split into smaller pieces is fine.
    let pieces: Vec<String> = (0..10).map(|_| "y".repeat(20_000)).collect();
    let out = sh("echo $#").arg("sh").args(&pieces).output().unwrap();
    assert_eq!(text(&out.stdout), "10\n");
}

#[test]
#[ignore = "child process for exec_replaces_the_process"]
fn child_execs_sh() {
    if !limpet_std_suite::is_child_for("child_execs_sh") {
        return;
    }
    let err = Command::new("/bin/sh")
        .arg("-c")
        .arg("echo \"exec'd with $LIMPET_EXEC_VAR\"; exit 5")
        .env("LIMPET_EXEC_VAR", "its env")
        .exec();
    panic!("exec returned: {err}");
}

#[test]
fn exec_replaces_the_process() {
    let out = limpet_std_suite::run_child_test("child_execs_sh", &[]);
    assert_eq!(out.status.code(), Some(5), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("exec'd with its env\n"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
#[ignore = "child process for children_get_distinct_hash_seeds"]
fn child_prints_a_random_hash() {
    if !limpet_std_suite::is_child_for("child_prints_a_random_hash") {
        return;
    }
    use std::hash::{BuildHasher, RandomState};
    let h = RandomState::new().hash_one("fixed input");
    println!("HASH={h:016x}");
}

#[test]
fn children_get_distinct_hash_seeds() {
    // HashMap's RandomState seeds come from getrandom: two processes must
    // (with overwhelming probability) get different keys.
    let hash = || {
        let out = limpet_std_suite::run_child_test("child_prints_a_random_hash", &[]);
        assert!(out.status.success());
        let s = text(&out.stdout);
        let i = s.find("HASH=").expect("child printed a hash");
        s[i + 5..i + 21].to_string()
    };
    let a = hash();
    let b = hash();
    let c = hash();
    assert!(a != b || b != c, "three children hashed identically: {a}");
    // Within one process, getrandom gives fresh bytes on every call.
    let mut x = [0u8; 32];
    let mut y = [0u8; 32];
    unsafe {
        assert_eq!(libc::getrandom(x.as_mut_ptr().cast(), 32, 0), 32);
        assert_eq!(libc::getrandom(y.as_mut_ptr().cast(), 32, 0), 32);
    }
    assert_ne!(x, y);
}
