//! `cargo xtask test`: every component's cargo tests, the string component's tests on
//! aarch64 and riscv64 under qemu-user, then the C conformance harness.
//!
//! Each `tests/c/NAME.c` is built and run in several ways, and each limpet run must match
//! the real musl's stdout and exit status (or `NAME.expected`, where musl is wrong):
//! - `musl`: compiled with musl-gcc, run on the real musl (the reference);
//! - `interp`: that same binary with its PT_INTERP pointed at limpet's libc.so;
//! - `direct`: that same binary run as `libc.so ./NAME`;
//! - `static`: compiled with limpet-gcc -static against libc.a;
//! - `static-pie`: compiled with limpet-gcc -static-pie.
//!
//! Side files: `NAME.lib.c` (a shared library the program links, or an object linked
//! before the program in static builds), `NAME.flags` (extra compiler flags for the program),
//! `NAME.args` (arguments). After the
//! programs come the loader's bad-input cases in [`loader_cases`], then the `malloc_*`
//! programs again on a dist with the other allocator, then every program the minimal build
//! can run, on it (`(minimal)` in the report).
//!
//! A program whose musl build calls a C name the dist under test leaves out (a build of
//! fewer components, `--features` or `--entrypoints`) is not run: the report lists it as
//! skipped, with the names it needs and their headers.
//!
//! With the default dist (or a `--filter` naming math) the differential math test runs
//! too ([`crate::mathdiff`]).
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::Options;
use crate::dist::{self, Dist};
use crate::util::{Result, output, root, run};

/// The components whose C archive (`cargo xtask embed`) the test command builds, checks and
/// runs its example against.
const EMBEDDED: &[&str] = &["string", "malloc", "math"];

/// The ways each program runs: the musl reference, then limpet's four.
pub const WAYS: &[&str] = &["musl", "interp", "direct", "static", "static-pie"];

/// Every program runs with exactly this environment.
const ENV: &[(&str, &str)] = &[("LIMPET_TEST", "1"), ("HOME", "/root"), ("PATH", "/usr/bin:/bin")];
const TIMEOUT: Duration = Duration::from_secs(20);
/// Targets whose component tests run under qemu-user.
const CROSS_TARGETS: &[&str] = &["aarch64-unknown-linux-musl", "riscv64gc-unknown-linux-gnu"];

pub fn run_all(opts: &Options) -> Result {
    crate::prereq::ensure(crate::prereq::For::Test)?;
    let root = root();
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    if !opts.c_only {
        rust_tests(&root, &cargo)?;
        // The components people embed alone, as the C archives they would link.
        for c in EMBEDDED {
            crate::embed::embed(c)?;
        }
    }
    let d = dist::build(opts)?;
    let mut tally = Tally::default();
    let own = dist::build_malloc(opts)?;
    let filter = opts.filter.as_deref();
    c_programs(&root, &d, filter, &Run { malloc: &own, only_malloc: false, label: "", work: "ctest" }, &mut tally)?;
    if filter.is_none() && d.dynamic() {
        loader_cases(&root, &d, &mut tally)?;
    }
    // The differential math test, on the default build (which has math and the loader).
    if filter.is_none_or(|f| f.contains("math")) && d.dynamic() && d.components.contains("math") {
        tally.record("tests/math (differential)", crate::mathdiff::run(&d));
    }
    // The allocator programs again, on a dist with the other allocator.
    let other = if own == "fast" { "hardened" } else { "fast" };
    if programs(&root)?.iter().any(|n| n.starts_with("malloc_") && filter.is_none_or(|f| n.contains(f))) {
        let d = dist::build(&Options { prefix: None, malloc: Some(other.into()), ..opts.clone() })?;
        let label = format!(" (malloc-{other})");
        c_programs(&root, &d, filter, &Run { malloc: other, only_malloc: true, label: &label, work: &format!("ctest-{other}") }, &mut tally)?;
    }
    // The programs the minimal build can run, on it: the default command shows it works.
    if !opts.c_only && opts.features.is_none() && opts.entrypoints.is_none() {
        let d = dist::build(&Options { prefix: None, features: Some("minimal".into()), ..opts.clone() })?;
        c_programs(&root, &d, filter, &Run { malloc: &own, only_malloc: false, label: " (minimal)", work: "ctest-minimal" }, &mut tally)?;
    }
    for (name, why) in &tally.skipped {
        println!("skipped {name}: {why}");
    }
    if !tally.skipped.is_empty() {
        println!("{} program run(s) skipped: their build leaves out what they call", tally.skipped.len());
    }
    println!("{} passed, {} failed", tally.passed, tally.failed);
    if tally.failed > 0 { Err(format!("{} C test run(s) failed", tally.failed)) } else { Ok(()) }
}

/// The components' cargo tests, natively and for the other targets under qemu-user.
fn rust_tests(root: &Path, cargo: &str) -> Result {
    let root = root.to_path_buf();
    // The components' own tests (never together with assemble, see Cargo.toml).
    run(Command::new(&cargo).current_dir(&root).args(["test", "--workspace", "--exclude", "limpet-assemble"]))?;
    // The allocator crate's default feature is malloc-hardened; its other allocator too.
    run(Command::new(&cargo).current_dir(&root).args([
        "test",
        "-p",
        "limpet-malloc",
        "--no-default-features",
        "--features",
        "malloc-fast",
    ]))?;
    // Every component built for the other targets and its tests run there under qemu-user
    // (the linkers and runners are in .cargo/config.toml): the portable backends, the
    // per-architecture ABI values and assembly. Their own target directory keeps the native
    // build's artifacts. LIMPET_STRING_QUICK trims the string component's exhaustive loops,
    // and LIMPET_DNS_FUZZ the net component's fuzz loop (200,000 packets natively), which
    // qemu would otherwise run for minutes. One test at a time: qemu-user's `fork` does
    // not take the locks of its own translator, so a child forked while another thread is
    // translating code can hang for ever (seen in malloc's corruption tests: the child stuck
    // in glib's g_slice_alloc under tcg_tb_insert).
    for target in CROSS_TARGETS {
        run(Command::new(&cargo)
            .current_dir(&root)
            .args(["test", "--workspace", "--exclude", "limpet-assemble", "--exclude", "xtask", "--target", target])
            .env("CARGO_TARGET_DIR", root.join("target/cross"))
            .env("RUST_TEST_THREADS", "1")
            .env("LIMPET_STRING_QUICK", "1")
            .env("LIMPET_DNS_FUZZ", "20000"))?;
    }
    Ok(())
}

#[derive(Default)]
struct Tally {
    passed: usize,
    failed: usize,
    /// Programs not run, and why.
    skipped: Vec<(String, String)>,
}

/// One pass of the C programs over a dist.
struct Run<'a> {
    /// The dist's allocator (`malloc_hardened_*` programs check what only the hardened one
    /// catches).
    malloc: &'a str,
    /// Only the `malloc_*` programs (a second dist, built with `--malloc`).
    only_malloc: bool,
    /// Appended to each program's name in the report.
    label: &'a str,
    /// The work directory under target/.
    work: &'a str,
}

impl Tally {
    fn record(&mut self, name: &str, ok: std::result::Result<(), String>) {
        match ok {
            Ok(()) => self.passed += 1,
            Err(why) => {
                self.failed += 1;
                println!("FAIL {name}: {why}");
            }
        }
    }
}

/// What a run produced: stdout, stderr and how it ended.
#[derive(PartialEq, Eq, Debug)]
struct Outcome {
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    status: String,
}

/// Runs `cmd` in `dir` with the fixed environment, stdin closed, under a time limit.
fn execute(cmd: &mut Command, dir: &Path) -> Outcome {
    use std::os::unix::process::ExitStatusExt;
    cmd.current_dir(dir).env_clear().envs(ENV.iter().copied()).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => return Outcome { stdout: vec![], stderr: e.to_string().into_bytes(), status: "spawn failed".into() },
    };
    // Drain both pipes while the program runs: a program that writes more than a pipe holds
    // would otherwise block until the time limit, and only what fitted would be compared.
    let drain = |pipe: Option<Box<dyn std::io::Read + Send>>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut p) = pipe {
                let _ = p.read_to_end(&mut bytes);
            }
            bytes
        })
    };
    let stdout = drain(child.stdout.take().map(|p| Box::new(p) as Box<dyn std::io::Read + Send>));
    let stderr = drain(child.stderr.take().map(|p| Box::new(p) as Box<dyn std::io::Read + Send>));
    let start = Instant::now();
    let mut timed_out = false;
    let exit = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if start.elapsed() > TIMEOUT => {
                timed_out = true;
                let _ = child.kill();
                break child.wait().ok();
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(2)),
            Err(_) => break None,
        }
    };
    let status = match exit {
        _ if timed_out => "timed out".to_string(),
        Some(st) => match st.signal() {
            Some(sig) => format!("killed by signal {sig}"),
            None => format!("exit {}", st.code().unwrap_or(-1)),
        },
        None => "wait failed".to_string(),
    };
    let stdout = stdout.join().unwrap_or_default();
    let stderr = stderr.join().unwrap_or_default();
    Outcome { stdout, stderr, status }
}

fn read_opt(p: &Path) -> Option<String> {
    fs::read_to_string(p).ok().map(|s| s.trim().to_string())
}

/// The C programs under tests/c, sorted by name.
fn programs(root: &Path) -> Result<Vec<String>> {
    let mut v: Vec<String> = fs::read_dir(root.join("tests/c"))
        .map_err(|e| e.to_string())?
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".c") && !n.ends_with(".lib.c"))
        .map(|n| n.trim_end_matches(".c").to_string())
        .collect();
    v.sort();
    Ok(v)
}

/// Shows the first differing line of two outputs.
fn first_difference(want: &[u8], got: &[u8]) -> String {
    let (w, g) = (String::from_utf8_lossy(want), String::from_utf8_lossy(got));
    for (i, (a, b)) in w.lines().zip(g.lines()).enumerate() {
        if a != b {
            return format!("line {}: expected {a:?}, got {b:?}", i + 1);
        }
    }
    format!("expected {} lines, got {} lines", w.lines().count(), g.lines().count())
}

/// The C library names a musl-built program (or library) calls: its undefined dynamic
/// symbols that are not weak.
fn calls(path: &Path) -> Result<Vec<String>> {
    let out = output(Command::new("nm").args(["-D", "--undefined-only", "--format=posix"]).arg(path))?;
    Ok(String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| {
            let mut f = l.split_whitespace();
            let (n, k) = (f.next()?, f.next()?);
            (k == "U").then(|| n.split('@').next().unwrap_or(n).to_string())
        })
        .collect())
}

/// What `run` of dist `d` leaves out that the musl build in `dir` calls, with each name's
/// header; `None` when it has everything.
fn lacks(d: &Dist, dir: &Path, files: &[String], headers: &std::collections::BTreeMap<String, String>) -> Result<Option<String>> {
    // What the program's own library defines is not the C library's to provide.
    let mut own = std::collections::BTreeSet::new();
    for f in files {
        let out = output(Command::new("nm").args(["-D", "--defined-only", "--format=posix"]).arg(dir.join(f)))?;
        own.extend(String::from_utf8_lossy(&out.stdout).lines().filter_map(|l| l.split_whitespace().next().map(str::to_string)));
    }
    let mut missing = std::collections::BTreeSet::new();
    for f in files {
        for n in calls(&dir.join(f))? {
            let have = if d.dynamic() { d.exports.contains(&n) } else { d.names.contains(&n) };
            if !have && !own.contains(&n) {
                missing.insert(n);
            }
        }
    }
    Ok((!missing.is_empty()).then(|| {
        let named: Vec<String> = missing
            .iter()
            .map(|n| match headers.get(n) {
                Some(h) if h != crate::entrypoints::NO_HEADER => format!("{n} (<{h}>)"),
                _ => n.clone(),
            })
            .collect();
        format!("needs {}", named.join(", "))
    }))
}

/// Builds and runs the C programs that `filter` selects on dist `d`, as `run` says. A
/// program that calls a C function the dist leaves out is skipped, and the report says
/// which.
fn c_programs(root: &Path, d: &Dist, filter: Option<&str>, run: &Run, tally: &mut Tally) -> Result {
    let src_dir = root.join("tests/c");
    let work = root.join("target").join(run.work);
    let so = d.libc_so();
    let headers: std::collections::BTreeMap<String, String> =
        crate::entrypoints::load()?.into_iter().map(|e| (e.name, e.header)).collect();
    for name in programs(root)? {
        if filter.is_some_and(|f| !name.contains(f))
            || run.only_malloc && !name.starts_with("malloc_")
            || run.malloc != "hardened" && name.starts_with("malloc_hardened_")
        {
            continue;
        }
        let label = format!("{name}{}", run.label);
        let src = src_dir.join(format!("{name}.c"));
        let lib_src = src_dir.join(format!("{name}.lib.c"));
        let has_lib = lib_src.exists();
        let flags: Vec<String> = read_opt(&src_dir.join(format!("{name}.flags")))
            .map(|s| s.split_whitespace().map(String::from).collect())
            .unwrap_or_default();
        let args: Vec<String> = read_opt(&src_dir.join(format!("{name}.args")))
            .map(|s| s.split_whitespace().map(String::from).collect())
            .unwrap_or_default();
        let dirs: Vec<PathBuf> = ["musl", "interp", "static", "static-pie"].iter().map(|v| work.join(v)).collect();
        for dir in &dirs {
            fs::create_dir_all(dir).map_err(|e| e.to_string())?;
        }
        let (musl_dir, interp_dir, static_dir, spie_dir) = (&dirs[0], &dirs[1], &dirs[2], &dirs[3]);
        let exe = format!("./{name}");

        // The reference build: one musl-gcc binary (and library) shared by three runs.
        let libname = format!("lib{name}.so");
        let build = (|| -> Result {
            if has_lib {
                for dir in [musl_dir, interp_dir] {
                    output(Command::new("musl-gcc").args(["-O2", "-shared", "-fPIC", "-o"]).arg(dir.join(&libname)).arg(&lib_src))?;
                }
            }
            let mut cc = Command::new("musl-gcc");
            cc.args(["-O2", "-o"]).arg(musl_dir.join(&name)).arg(&src).args(&flags);
            if has_lib {
                cc.arg(format!("-L{}", musl_dir.display())).arg(format!("-l{name}")).arg("-Wl,-rpath,$ORIGIN");
            }
            output(&mut cc)?;
            Ok(())
        })();
        if let Err(e) = build {
            tally.record(&label, Err(format!("build failed: {e}")));
            continue;
        }
        let mut files = vec![name.clone()];
        if has_lib {
            files.push(libname.clone());
        }
        if let Some(why) = lacks(d, musl_dir, &files, &headers)? {
            tally.skipped.push((label, why));
            continue;
        }
        let build = (|| -> Result {
            if d.dynamic() {
                fs::copy(musl_dir.join(&name), interp_dir.join(&name)).map_err(|e| e.to_string())?;
                output(Command::new("patchelf").arg("--set-interpreter").arg(&so).arg(interp_dir.join(&name)))?;
            }
            for (dir, mode) in [(static_dir, "-static"), (spie_dir, "-static-pie")] {
                // The library's object goes first, where a shared library's constructors
                // would run: before the program's.
                let mut cc = Command::new(&d.gcc);
                cc.args(["-O2", mode, "-o"]).arg(dir.join(&name));
                if has_lib {
                    cc.arg(&lib_src);
                }
                cc.arg(&src).args(&flags);
                output(&mut cc)?;
            }
            Ok(())
        })();
        if let Err(e) = build {
            tally.record(&label, Err(format!("build failed: {e}")));
            continue;
        }
        let reference = execute(Command::new(&exe).args(&args), musl_dir);
        let want_stdout = match fs::read(src_dir.join(format!("{name}.expected"))) {
            Ok(b) => b,
            Err(_) => reference.stdout.clone(),
        };
        let mut runs = Vec::new();
        // Without the dynamic linker there is no libc.so to run the musl binary on.
        if d.dynamic() {
            runs.push(("interp", execute(Command::new(&exe).args(&args), interp_dir)));
            runs.push(("direct", execute(Command::new(&so).arg(&exe).args(&args), interp_dir)));
        }
        runs.push(("static", execute(Command::new(&exe).args(&args), static_dir)));
        runs.push(("static-pie", execute(Command::new(&exe).args(&args), spie_dir)));
        for (variant, got) in runs {
            let verdict = if got.stdout != want_stdout {
                Err(format!("stdout differs ({}); stderr: {}", first_difference(&want_stdout, &got.stdout), String::from_utf8_lossy(&got.stderr).trim()))
            } else if got.status != reference.status {
                Err(format!("{} (musl: {}); stderr: {}", got.status, reference.status, String::from_utf8_lossy(&got.stderr).trim()))
            } else {
                Ok(())
            };
            tally.record(&format!("{label} [{variant}]"), verdict);
        }
    }
    Ok(())
}

/// Checks that a run ended with `status` and printed `needle` on stderr.
fn expect_error(got: &Outcome, status: &str, needle: &str) -> std::result::Result<(), String> {
    let err = String::from_utf8_lossy(&got.stderr);
    if got.status != status {
        return Err(format!("{} instead of {status}; stderr: {}", got.status, err.trim()));
    }
    if !err.contains(needle) {
        return Err(format!("stderr {:?} does not contain {needle:?}", err.trim()));
    }
    Ok(())
}

/// The loader's behaviour on bad input: missing libraries and symbols, files that are not
/// programs, and `--list`.
fn loader_cases(root: &Path, d: &Dist, tally: &mut Tally) -> Result {
    let dir = root.join("target/ctest/loader");
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let so = d.libc_so();
    let w = |file: &str, text: &str| fs::write(dir.join(file), text).map_err(|e| e.to_string());
    w("dep.c", "int dep_value(void) { return 7; }\nint dep_extra(void) { return 8; }\n")?;
    w("dep2.c", "int dep_value(void) { return 7; }\n")?;
    w("main.c", "#include <stdio.h>\nint dep_value(void); int dep_extra(void);\nint main(void) { printf(\"%d %d\\n\", dep_value(), dep_extra()); return 0; }\n")?;
    let cc = |args: &[&str]| output(Command::new("musl-gcc").current_dir(&dir).args(args));
    cc(&["-shared", "-fPIC", "-o", "libdep.so", "dep.c"])?;
    cc(&["-o", "prog", "main.c", "-L.", "-ldep", "-Wl,-rpath,$ORIGIN"])?;
    output(Command::new("patchelf").arg("--set-interpreter").arg(&so).arg(dir.join("prog")))?;

    let ok = execute(&mut Command::new("./prog"), &dir);
    tally.record("loader: runs a program with a DT_NEEDED library", expect_error(&ok, "exit 0", "").and_then(|_| {
        if ok.stdout == b"7 8\n" { Ok(()) } else { Err(format!("stdout {:?}", String::from_utf8_lossy(&ok.stdout))) }
    }));

    let list = execute(Command::new(&so).args(["--list", "./prog"]), &dir);
    let text = String::from_utf8_lossy(&list.stdout).into_owned();
    tally.record("loader: --list names the libraries", if list.status == "exit 0" && text.contains("libdep.so => ") && text.contains("libc.so") {
        Ok(())
    } else {
        Err(format!("{}: {text:?}", list.status))
    });

    // The library loses a symbol the program needs.
    cc(&["-shared", "-fPIC", "-o", "libdep.so", "dep2.c"])?;
    let missing_sym = execute(&mut Command::new("./prog"), &dir);
    tally.record("loader: missing symbol", expect_error(&missing_sym, "exit 127", "Error relocating ./prog: dep_extra: symbol not found"));

    fs::remove_file(dir.join("libdep.so")).map_err(|e| e.to_string())?;
    let missing_lib = execute(&mut Command::new("./prog"), &dir);
    tally.record(
        "loader: missing library",
        expect_error(&missing_lib, "exit 127", "Error loading shared library libdep.so: No such file or directory (needed by ./prog)"),
    );

    w("notelf", "#!/bin/sh\necho not an ELF file\n")?;
    let not_elf = execute(Command::new(&so).arg("./notelf"), &dir);
    tally.record("loader: a non-ELF file", expect_error(&not_elf, "exit 127", "Not a valid dynamic program"));

    let whole = fs::read(dir.join("prog")).map_err(|e| e.to_string())?;
    for cut in [10, 64, 200, whole.len() / 2] {
        fs::write(dir.join("truncated"), &whole[..cut]).map_err(|e| e.to_string())?;
        let t = execute(Command::new(&so).arg("./truncated"), &dir);
        tally.record(&format!("loader: an ELF file truncated to {cut} bytes"), expect_error(&t, "exit 127", "Not a valid dynamic program"));
    }

    let absent = execute(Command::new(&so).arg("./no-such-program"), &dir);
    tally.record("loader: a program that does not exist", expect_error(&absent, "exit 127", "cannot load ./no-such-program: No such file or directory"));
    Ok(())
}
