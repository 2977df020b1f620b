//! `cargo xtask test`: every component's cargo tests, the string component's tests on
//! aarch64 and riscv64 under qemu-user, then the C conformance harness.
//!
//! Each `tests/c/NAME.c` is built and run in several ways, and each limpet run must match
//! the real musl's stdout and exit status (or `NAME.expected`, where musl is wrong, and
//! `NAME.status`, where musl cannot run the program at all):
//! - `musl`: compiled with musl-gcc, run on the real musl (the reference);
//! - `interp`: that same binary with its PT_INTERP pointed at limpet's libc.so;
//! - `direct`: that same binary run as `libc.so ./NAME`;
//! - `static`: compiled with limpet-gcc -static against libc.a;
//! - `static-pie`: compiled with limpet-gcc -static-pie.
//!
//! Side files: `NAME.lib.c` (a shared library the program links, or an object linked
//! before the program in static builds), `NAME.flags` (extra compiler flags for the program),
//! `NAME.args` (arguments), `NAME.libs` (shared libraries built before the program, one a
//! line: `OUTPUT SOURCE [FLAGS]`; such a program is dynamic only: it has no `static` and
//! `static-pie` runs, as musl's static dlopen loads nothing), `NAME.env` (`KEY=VALUE` lines
//! added to the environment of every run, the reference's too; runs happen in
//! `target/<work>/<way>`, so a relative path there is relative to that). Before the programs,
//! [`compile_locales`] compiles [`LOCALES`] with the dist's `limpet-localedef` into
//! `target/<work>/locale`: a program that uses them has `LIMPET_LOCPATH=../locale` in its
//! `NAME.env`. Only a `NAME.c` whose NAME
//! has no dot is a program: `NAME.PART.c` files are libraries' sources. tests/c/README.md
//! says more. After the programs come the loader's bad-input cases in [`loader_cases`] and
//! the cases no program's output can show in [`dl_loader_cases`] (AT_SECURE, the loader
//! command's options, the search path file and gdb; they also run under a `--filter` that
//! is part of their names: `dl_secure`, `dl_options`, `dl_pathfile`, `dl_gdb`), then
//! the `malloc_*` programs again on a dist with the other allocator, then every program the
//! minimal build can run, on it (`(minimal)` in the report).
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

/// The locales compiled for the programs (from Debian's sources, with the charmap UTF-8).
const LOCALES: &[&str] = &["de_DE", "fr_FR", "ja_JP", "ru_RU", "en_US"];

/// Compiles [`LOCALES`] as `NAME.UTF-8` into `work/locale` with the dist's
/// `limpet-localedef`: where a program's `LIMPET_LOCPATH=../locale` finds them from each
/// run's directory.
fn compile_locales(d: &Dist, work: &Path) -> Result {
    let dir = work.join("locale");
    fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let tool = d.prefix.join("bin/limpet-localedef");
    for l in LOCALES {
        output(Command::new(&tool).args(["-i", l, "-f", "UTF-8", "--path"]).arg(&dir).arg(format!("{l}.UTF-8")))?;
    }
    Ok(())
}

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
    if d.dynamic() {
        dl_loader_cases(&root, &d, filter, &mut tally)?;
    }
    // Rust's std on limpet, static and dynamic, against the same suite on musl.
    if filter.is_none_or(|f| f.contains("rust")) && d.dynamic() && opts.features.is_none() {
        for (name, ok) in crate::rustsuite::run(&root, &d) {
            tally.record(&name, ok);
        }
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
    // in glib's g_slice_alloc under tcg_tb_insert). limpet-localedef is a host tool (its
    // tests run the built program, which qemu does not run for them), tested natively.
    for target in CROSS_TARGETS {
        run(Command::new(&cargo)
            .current_dir(&root)
            .args(["test", "--workspace", "--exclude", "limpet-assemble", "--exclude", "xtask"])
            .args(["--exclude", "limpet-localedef", "--target", target])
            .env("CARGO_TARGET_DIR", root.join("target/cross"))
            .env("RUST_TEST_THREADS", "1")
            .env("LIMPET_STRING_QUICK", "1")
            .env("LIMPET_DNS_FUZZ", "20000")
            .env("LIMPET_ELF_FUZZ", "20000"))?;
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
    execute_with(cmd, dir, &[])
}

/// [`execute`], with `extra` added to the fixed environment (a program's `NAME.env`).
fn execute_with(cmd: &mut Command, dir: &Path, extra: &[(String, String)]) -> Outcome {
    use std::os::unix::process::ExitStatusExt;
    cmd.current_dir(dir)
        .env_clear()
        .envs(ENV.iter().copied())
        .envs(extra.iter().map(|(k, v)| (k, v)))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
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

/// The C programs under tests/c, sorted by name: every `NAME.c` whose NAME has no dot.
/// A `NAME.PART.c` is a library's source (`NAME.lib.c`, or one a `.libs` file names).
fn programs(root: &Path) -> Result<Vec<String>> {
    let mut v: Vec<String> = fs::read_dir(root.join("tests/c"))
        .map_err(|e| e.to_string())?
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter_map(|n| n.strip_suffix(".c").filter(|stem| !stem.contains('.')).map(String::from))
        .collect();
    v.sort();
    Ok(v)
}

/// One line of a `NAME.libs` file: a shared library built before the program.
struct ExtraLib {
    /// The file name it is built as, in the build directory (`libdl_chain_a.so`).
    out: String,
    /// Its source, in tests/c.
    src: PathBuf,
    /// Extra flags (`-ldl_chain_b`), with `$SRC` standing for tests/c.
    flags: Vec<String>,
}

/// The non-empty lines of a side file that are not `#` comments; none when it is absent.
fn side_lines(path: &Path) -> Vec<String> {
    fs::read_to_string(path)
        .map(|s| s.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).map(String::from).collect())
        .unwrap_or_default()
}

/// The libraries `NAME.libs` lists, in build order.
fn extra_libs(src_dir: &Path, name: &str) -> Result<Vec<ExtraLib>> {
    let tests = src_dir.to_string_lossy();
    side_lines(&src_dir.join(format!("{name}.libs")))
        .iter()
        .map(|line| {
            let mut words = line.split_whitespace();
            match (words.next(), words.next()) {
                (Some(out), Some(src)) => Ok(ExtraLib {
                    out: out.to_string(),
                    src: src_dir.join(src),
                    flags: words.map(|w| w.replace("$SRC", &tests)).collect(),
                }),
                _ => Err(format!("{name}.libs: {line:?} is not `OUTPUT SOURCE [FLAGS]`")),
            }
        })
        .collect()
}

/// The variables `NAME.env` adds to the program's environment (`KEY=VALUE` lines).
fn extra_env(src_dir: &Path, name: &str) -> Result<Vec<(String, String)>> {
    side_lines(&src_dir.join(format!("{name}.env")))
        .iter()
        .map(|line| match line.split_once('=') {
            Some((k, v)) if !k.is_empty() => Ok((k.to_string(), v.to_string())),
            _ => Err(format!("{name}.env: {line:?} is not `KEY=VALUE`")),
        })
        .collect()
}

/// Builds `libs` in order into `dir` (the same commands for every build directory): the
/// later ones may link the earlier ones (`-L.`) and find them at run time (`$ORIGIN`).
fn build_extra_libs(libs: &[ExtraLib], dir: &Path) -> Result {
    for lib in libs {
        output(
            Command::new("musl-gcc")
                .current_dir(dir)
                .args(["-O2", "-shared", "-fPIC", "-o", &lib.out])
                .arg(&lib.src)
                .args(&lib.flags)
                .args(["-L.", "-Wl,-rpath,$ORIGIN"]),
        )?;
    }
    Ok(())
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
    compile_locales(d, &work)?;
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
        let (libs, env) = match (extra_libs(&src_dir, &name), extra_env(&src_dir, &name)) {
            (Ok(l), Ok(e)) => (l, e),
            (Err(e), _) | (_, Err(e)) => {
                tally.record(&label, Err(e));
                continue;
            }
        };
        // A program with a `.libs` file runs only dynamically: musl's static dlopen cannot
        // load anything, so there is no static reference to compare with.
        let dynamic_only = !libs.is_empty();
        // `NAME.rustupmusl`: the program calls what Debian's musl leaves out (crypt), so the
        // reference is rustup's self-contained musl, linked statically, and limpet's dynamic
        // runs use the program linked by musl-gcc against limpet's own libc.so.
        let rustup_musl = src_dir.join(format!("{name}.rustupmusl")).is_file();
        if dynamic_only && !d.dynamic() {
            tally.skipped.push((label, "runs only through the dynamic linker, which this build leaves out".into()));
            continue;
        }
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
            for dir in [musl_dir, interp_dir] {
                build_extra_libs(&libs, dir)?;
            }
            let mut cc = Command::new("musl-gcc");
            cc.args(["-O2", "-o"]).arg(musl_dir.join(&name)).arg(&src).args(&flags);
            if rustup_musl {
                cc.arg("-static").arg(format!("-L{}", crate::rustlink::self_contained()?.display()));
            }
            if has_lib {
                cc.arg(format!("-L{}", musl_dir.display())).arg(format!("-l{name}")).arg("-Wl,-rpath,$ORIGIN");
            } else if dynamic_only {
                cc.arg(format!("-L{}", musl_dir.display())).arg("-Wl,-rpath,$ORIGIN");
            }
            output(&mut cc)?;
            Ok(())
        })();
        if let Err(e) = build {
            tally.record(&label, Err(format!("build failed: {e}")));
            continue;
        }
        let mut files = vec![name.clone()];
        if rustup_musl {
            // The reference is static, so it names no C library function: what the program
            // calls comes from a dynamic link that leaves them undefined (and exported, so
            // they stay in its dynamic symbol table).
            let probe = format!("{name}.calls");
            let probed = output(
                Command::new("musl-gcc")
                    .args(["-O2", "-o"])
                    .arg(musl_dir.join(&probe))
                    .arg(&src)
                    .args(&flags)
                    .args(["-Wl,--unresolved-symbols=ignore-all", "-Wl,--export-dynamic"]),
            );
            if let Err(e) = probed {
                tally.record(&label, Err(format!("build failed: {e}")));
                continue;
            }
            files = vec![probe];
        }
        if has_lib {
            files.push(libname.clone());
        }
        files.extend(libs.iter().map(|l| l.out.clone()));
        if let Some(why) = lacks(d, musl_dir, &files, &headers)? {
            tally.skipped.push((label, why));
            continue;
        }
        let build = (|| -> Result {
            if d.dynamic() && rustup_musl {
                let lib_dir = so.parent().ok_or("libc.so has no directory")?;
                output(
                    Command::new("musl-gcc")
                        .args(["-O2", "-o"])
                        .arg(interp_dir.join(&name))
                        .arg(&src)
                        .args(&flags)
                        .arg(format!("-L{}", lib_dir.display())),
                )?;
                output(Command::new("patchelf").arg("--set-interpreter").arg(&so).arg(interp_dir.join(&name)))?;
            } else if d.dynamic() {
                fs::copy(musl_dir.join(&name), interp_dir.join(&name)).map_err(|e| e.to_string())?;
                output(Command::new("patchelf").arg("--set-interpreter").arg(&so).arg(interp_dir.join(&name)))?;
            }
            let static_builds = if dynamic_only { vec![] } else { vec![(static_dir, "-static"), (spie_dir, "-static-pie")] };
            for (dir, mode) in static_builds {
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
        let reference = execute_with(Command::new(&exe).args(&args), musl_dir, &env);
        let want_stdout = match fs::read(src_dir.join(format!("{name}.expected"))) {
            Ok(b) => b,
            Err(_) => reference.stdout.clone(),
        };
        // `NAME.status`: the expected status where musl cannot run the program at all.
        let want_status = match fs::read_to_string(src_dir.join(format!("{name}.status"))) {
            Ok(s) => s.trim().to_string(),
            Err(_) => reference.status.clone(),
        };
        let mut runs = Vec::new();
        // Without the dynamic linker there is no libc.so to run the musl binary on.
        if d.dynamic() {
            runs.push(("interp", execute_with(Command::new(&exe).args(&args), interp_dir, &env)));
            runs.push(("direct", execute_with(Command::new(&so).arg(&exe).args(&args), interp_dir, &env)));
        }
        if !dynamic_only {
            runs.push(("static", execute_with(Command::new(&exe).args(&args), static_dir, &env)));
            runs.push(("static-pie", execute_with(Command::new(&exe).args(&args), spie_dir, &env)));
        }
        for (variant, got) in runs {
            let verdict = if got.stdout != want_stdout {
                Err(format!("stdout differs ({}); stderr: {}", first_difference(&want_stdout, &got.stdout), String::from_utf8_lossy(&got.stderr).trim()))
            } else if got.status != want_status {
                Err(format!("{} (expected: {want_status}); stderr: {}", got.status, String::from_utf8_lossy(&got.stderr).trim()))
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

/// The dynamic linker's cases that a program's output alone cannot show, each run when the
/// filter is absent or part of its name: `dl_secure` ([`secure_case`]), `dl_options`
/// ([`options_case`]), `dl_pathfile` ([`pathfile_case`]) and `dl_gdb` ([`gdb_case`]). Each
/// first runs its program on the real musl: when that does not behave (setuid without
/// effect, a gdb that cannot trace), the machine cannot run the case and it is skipped
/// with a note, as it is without root or without gdb.
fn dl_loader_cases(root: &Path, d: &Dist, filter: Option<&str>, tally: &mut Tally) -> Result {
    let wanted = |name: &str| filter.is_none_or(|f| name.contains(f));
    if wanted("dl_secure") {
        secure_case(d, tally)?;
    }
    if wanted("dl_options") {
        options_case(root, d, tally)?;
    }
    if wanted("dl_pathfile") {
        pathfile_case(root, d, tally)?;
    }
    if wanted("dl_gdb") {
        gdb_case(root, d, tally)?;
    }
    Ok(())
}

/// Where musl's dynamic linker is, and the search path file both loaders read.
const MUSL_LDSO: &str = "/lib/ld-musl-x86_64.so.1";
const PATH_FILE: &str = "/etc/ld-musl-x86_64.path";

/// Builds, in a fresh `dir`, a program that prints what `who()` of its library
/// `libwho.so` says: `liba/libwho.so` says "a". The program has no rpath, so only a
/// search path the loader is given finds the library. `libpre.so`'s constructor prints
/// "preload constructor ran".
fn who_program(dir: &Path) -> Result {
    let _ = fs::remove_dir_all(dir);
    fs::create_dir_all(dir.join("liba")).map_err(|e| e.to_string())?;
    let w = |file: &str, text: &str| fs::write(dir.join(file), text).map_err(|e| e.to_string());
    w("pre.c", "#include <stdio.h>\n__attribute__((constructor)) static void ctor(void) { printf(\"preload constructor ran\\n\"); }\n")?;
    w("a.c", "const char *who(void) { return \"a\"; }\n")?;
    w("main.c", "#include <stdio.h>\nconst char *who(void);\nint main(void) { printf(\"libwho.so from %s\\n\", who()); return 0; }\n")?;
    let cc = |args: &[&str]| output(Command::new("musl-gcc").current_dir(dir).args(args));
    cc(&["-shared", "-fPIC", "-o", "libpre.so", "pre.c"])?;
    cc(&["-shared", "-fPIC", "-o", "liba/libwho.so", "a.c"])?;
    cc(&["-o", "prog", "main.c", "-Lliba", "-lwho"])?;
    Ok(())
}

/// Checks that a run ended with exit 0 and printed `want`.
fn expect_stdout(got: &Outcome, want: &str) -> std::result::Result<(), String> {
    if got.status == "exit 0" && got.stdout == want.as_bytes() {
        Ok(())
    } else {
        Err(format!(
            "{}: stdout {:?} (expected {want:?}); stderr: {}",
            got.status,
            String::from_utf8_lossy(&got.stdout),
            String::from_utf8_lossy(&got.stderr).trim()
        ))
    }
}

/// The loader command's options, as musl's has them: `libc.so --library-path DIR --preload
/// LIB ./prog` finds the program's library in DIR and runs LIB's constructor first.
fn options_case(root: &Path, d: &Dist, tally: &mut Tally) -> Result {
    let dir = root.join("target/ctest/dl-options");
    who_program(&dir)?;
    let want = "preload constructor ran\nlibwho.so from a\n";
    let args = ["--library-path", "liba", "--preload", "./libpre.so", "./prog"];
    let musl = execute(Command::new(MUSL_LDSO).args(args), &dir);
    if let Err(e) = expect_stdout(&musl, want) {
        println!("note: loader options case skipped: musl's loader does not do it here: {e}");
        return Ok(());
    }
    tally.record("loader: --library-path and --preload", expect_stdout(&execute(Command::new(d.libc_so()).args(args), &dir), want));
    Ok(())
}

/// The search path file: a library found only in a directory that the path file lists
/// (`/etc/ld-musl-x86_64.path` for musl's loader in /lib, the one under the installation's
/// prefix for limpet's). As root, the file is replaced, for the run only, by a bind mount in
/// a private mount namespace (`unshare -m`), so no file is written.
fn pathfile_case(root: &Path, d: &Dist, tally: &mut Tally) -> Result {
    if !crate::prereq::is_root() || !crate::util::have("unshare") || !Path::new(PATH_FILE).exists() {
        println!("note: loader path file case skipped: it needs root, unshare and an existing {PATH_FILE} to mount over");
        return Ok(());
    }
    let dir = root.join("target/ctest/dl-pathfile");
    who_program(&dir)?;
    fs::write(dir.join("path"), format!("{}\n", dir.join("liba").display())).map_err(|e| e.to_string())?;
    fs::copy(dir.join("prog"), dir.join("prog-limpet")).map_err(|e| e.to_string())?;
    output(Command::new("patchelf").arg("--set-interpreter").arg(d.libc_so()).arg(dir.join("prog-limpet")))?;
    let run = |prog: &str, file: &Path| {
        let mut c = Command::new("unshare");
        c.args(["-m", "sh", "-c", "mount --bind path \"$0\" && exec \"$1\""]).arg(file).arg(prog);
        execute(&mut c, &dir)
    };
    let want = "libwho.so from a\n";
    if let Err(e) = expect_stdout(&run("./prog", Path::new(PATH_FILE)), want) {
        println!("note: loader path file case skipped: musl's loader does not do it here: {e}");
        return Ok(());
    }
    // limpet's loader, installed under target/dist/lib, reads the file under its prefix, as
    // musl's would there; `cargo xtask dist` writes it.
    let own = d.prefix.join("etc/ld-musl-x86_64.path");
    tally.record("loader: a library found through PREFIX/etc/ld-musl-x86_64.path", expect_stdout(&run("./prog-limpet", &own), want));
    Ok(())
}

/// The user the AT_SECURE case runs its programs as.
const NOBODY: u32 = 65534;

/// A command that runs `args` as [`NOBODY`]: setpriv (util-linux), else su.
fn as_nobody(args: &[String]) -> Command {
    if crate::util::have("setpriv") {
        let mut c = Command::new("setpriv");
        c.args([format!("--reuid={NOBODY}"), format!("--regid={NOBODY}"), "--clear-groups".into()]).args(args);
        c
    } else {
        let mut c = Command::new("su");
        c.args(["nobody", "-s", "/bin/sh", "-c", "exec \"$0\" \"$@\""]).args(args);
        c
    }
}

/// AT_SECURE: a setuid-root program run by another user gets AT_SECURE, and the loader
/// must then ignore LD_PRELOAD and LD_LIBRARY_PATH (they would let the user run code as
/// root), yet still run the program. Without setuid the same run applies both. The
/// program links `libsecwho.so`, found through its absolute rpath unless LD_LIBRARY_PATH
/// points to the other copy; the preloaded library's constructor prints a line. Needs
/// root (to make a setuid-root file); everything lives in a directory under /tmp that
/// everyone can read, with its own copy of libc.so as the interpreter.
fn secure_case(d: &Dist, tally: &mut Tally) -> Result {
    use std::os::unix::fs::PermissionsExt;
    if !crate::prereq::is_root() {
        println!("note: loader AT_SECURE case skipped: it needs root to make a setuid program");
        return Ok(());
    }
    let dir = Path::new("/tmp").join(format!("limpet-secure-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    for sub in ["", "lib", "env"] {
        fs::create_dir_all(dir.join(sub)).map_err(|e| e.to_string())?;
        fs::set_permissions(dir.join(sub), fs::Permissions::from_mode(0o755)).map_err(|e| e.to_string())?;
    }
    let result = (|| -> Result {
        let w = |file: &str, text: &str| fs::write(dir.join(file), text).map_err(|e| e.to_string());
        w("pre.c", "#include <stdio.h>\n__attribute__((constructor)) static void ctor(void) { printf(\"preload constructor ran\\n\"); }\n")?;
        w("who_rpath.c", "const char *secure_who(void) { return \"rpath\"; }\n")?;
        w("who_env.c", "const char *secure_who(void) { return \"LD_LIBRARY_PATH\"; }\n")?;
        w(
            "main.c",
            "#include <stdio.h>\n#include <sys/auxv.h>\nconst char *secure_who(void);\n\
             int main(void) {\n\tprintf(\"AT_SECURE %lu\\n\", getauxval(AT_SECURE));\n\
             \tprintf(\"libsecwho.so from %s\\n\", secure_who());\n\treturn 0;\n}\n",
        )?;
        let cc = |args: &[&str]| output(Command::new("musl-gcc").current_dir(&dir).args(args));
        cc(&["-shared", "-fPIC", "-o", "libsecpre.so", "pre.c"])?;
        cc(&["-shared", "-fPIC", "-o", "lib/libsecwho.so", "who_rpath.c"])?;
        cc(&["-shared", "-fPIC", "-o", "env/libsecwho.so", "who_env.c"])?;
        // An absolute rpath: a secure program's own $ORIGIN is not trusted.
        let rpath = format!("-Wl,-rpath,{}", dir.join("lib").display());
        cc(&["-o", "prog-musl", "main.c", "-Llib", "-lsecwho", &rpath])?;
        fs::copy(d.libc_so(), dir.join("libc.so")).map_err(|e| e.to_string())?;
        fs::copy(dir.join("prog-musl"), dir.join("prog")).map_err(|e| e.to_string())?;
        output(Command::new("patchelf").arg("--set-interpreter").arg(dir.join("libc.so")).arg(dir.join("prog")))?;
        for (plain, setuid) in [("prog-musl", "suid-musl"), ("prog", "suid")] {
            fs::copy(dir.join(plain), dir.join(setuid)).map_err(|e| e.to_string())?;
            // The copies are root's (we are root): setuid makes them run as root.
            fs::set_permissions(dir.join(setuid), fs::Permissions::from_mode(0o4755)).map_err(|e| e.to_string())?;
        }
        for f in ["libc.so", "libsecpre.so", "lib/libsecwho.so", "env/libsecwho.so", "prog", "prog-musl"] {
            fs::set_permissions(dir.join(f), fs::Permissions::from_mode(0o755)).map_err(|e| e.to_string())?;
        }
        let run = |prog: &str| {
            let args = [
                "/usr/bin/env".to_string(),
                format!("LD_PRELOAD={}", dir.join("libsecpre.so").display()),
                format!("LD_LIBRARY_PATH={}", dir.join("env").display()),
                dir.join(prog).display().to_string(),
            ];
            execute(&mut as_nobody(&args), &dir)
        };
        let applied = "preload constructor ran\nAT_SECURE 0\nlibsecwho.so from LD_LIBRARY_PATH\n";
        let ignored = "AT_SECURE 1\nlibsecwho.so from rpath\n";
        let (musl_plain, musl_suid) = (run("prog-musl"), run("suid-musl"));
        if musl_plain.stdout != applied.as_bytes() || musl_suid.stdout != ignored.as_bytes() {
            println!(
                "note: loader AT_SECURE case skipped: on musl the runs as uid {NOBODY} printed {:?} and (setuid) {:?}; stderr {:?}",
                String::from_utf8_lossy(&musl_plain.stdout),
                String::from_utf8_lossy(&musl_suid.stdout),
                String::from_utf8_lossy(&musl_suid.stderr).trim()
            );
            return Ok(());
        }
        tally.record("loader: LD_PRELOAD and LD_LIBRARY_PATH apply to a program run as another user", expect_stdout(&run("prog"), applied));
        tally.record("loader: a setuid program (AT_SECURE) ignores LD_PRELOAD and LD_LIBRARY_PATH", expect_stdout(&run("suid"), ignored));
        Ok(())
    })();
    let _ = fs::remove_dir_all(&dir);
    result
}

/// gdb finds the libraries through the loader's debugger interface (DT_DEBUG, r_debug and
/// the breakpoint at r_brk): a pending breakpoint in a dlopen'd library is hit, `info
/// sharedlibrary` lists the linked library, the dlopen'd one and libc.so, and the backtrace
/// reaches main.
fn gdb_case(root: &Path, d: &Dist, tally: &mut Tally) -> Result {
    if !crate::util::have("gdb") {
        println!("note: loader gdb case skipped: gdb is not installed");
        return Ok(());
    }
    let dir = root.join("target/ctest/gdb");
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let w = |file: &str, text: &str| fs::write(dir.join(file), text).map_err(|e| e.to_string());
    w("a.c", "int gdb_a_value(void) { return 3; }\n")?;
    w("b.c", "int marker_in_dlopened_lib(int x) { return x + 1; }\n")?;
    w(
        "main.c",
        "#include <dlfcn.h>\n#include <stdio.h>\nint gdb_a_value(void);\nint main(void) {\n\
         \tvoid *h = dlopen(\"./libgdbb.so\", RTLD_NOW);\n\
         \tint (*m)(int) = h ? (int (*)(int))dlsym(h, \"marker_in_dlopened_lib\") : 0;\n\
         \tprintf(\"%d\\n\", m ? m(gdb_a_value()) : -1);\n\treturn 0;\n}\n",
    )?;
    let cc = |args: &[&str]| output(Command::new("musl-gcc").current_dir(&dir).args(args));
    cc(&["-g", "-shared", "-fPIC", "-o", "libgdba.so", "a.c"])?;
    cc(&["-g", "-shared", "-fPIC", "-o", "libgdbb.so", "b.c"])?;
    cc(&["-g", "-o", "prog-musl", "main.c", "-L.", "-lgdba", "-Wl,-rpath,$ORIGIN"])?;
    fs::copy(dir.join("prog-musl"), dir.join("prog")).map_err(|e| e.to_string())?;
    let so = d.libc_so();
    output(Command::new("patchelf").arg("--set-interpreter").arg(&so).arg(dir.join("prog")))?;
    let debug = |prog: &str| {
        let mut c = Command::new("gdb");
        c.args(["-batch", "-nx", "-ex", "set breakpoint pending on", "-ex", "break marker_in_dlopened_lib", "-ex", "run"])
            .args(["-ex", "info sharedlibrary", "-ex", "bt", prog]);
        execute(&mut c, &dir)
    };
    // What a good session shows; `libc` is the loader's name in `info sharedlibrary`.
    let verdict = |got: &Outcome, libc: &str| -> std::result::Result<(), String> {
        let text = String::from_utf8_lossy(&got.stdout);
        let mut missing: Vec<&str> = Vec::new();
        let libs = text.lines().skip_while(|l| !l.starts_with("From")).collect::<Vec<_>>();
        for lib in ["/libgdba.so", "/libgdbb.so", libc] {
            if !libs.iter().any(|l| l.ends_with(lib)) {
                missing.push(lib);
            }
        }
        if !text.lines().any(|l| l.starts_with("Breakpoint 1, ") && l.contains("marker_in_dlopened_lib")) {
            missing.push("the breakpoint hit");
        }
        if !text.lines().any(|l| l.starts_with('#') && l.contains(" main (")) {
            missing.push("main in the backtrace");
        }
        if missing.is_empty() {
            Ok(())
        } else {
            Err(format!("no {}; gdb said:\n{}{}", missing.join(", no "), text, String::from_utf8_lossy(&got.stderr)))
        }
    };
    if let Err(e) = verdict(&debug("./prog-musl"), "ld-musl-x86_64.so.1") {
        println!("note: loader gdb case skipped: gdb does not work with the musl build here: {e}");
        return Ok(());
    }
    let libc = format!("/{}", so.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default());
    tally.record("loader: gdb breaks in a dlopen'd library and lists the libraries", verdict(&debug("./prog"), &libc));
    Ok(())
}
