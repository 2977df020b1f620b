//! `cargo xtask crates`: the test suites of real crates.io crates, run on limpet (static and
//! dynamic) and on musl, the reference. A test that passes on musl must pass on limpet.
//!
//! The crates and their versions are the dependencies of `tests/rust-crates/Cargo.toml`;
//! cargo fetches them, and each crate's directory is copied out of the registry and tested
//! there with the Cargo.lock it ships (`--locked`):
//! - **rusqlite** with `bundled-full` (SQLite compiled by the `cc` crate: with limpet-gcc in
//!   limpet's ways), its unit, integration and doc tests;
//! - **nix** with `--all-features`, which calls the C library directly and widely (file
//!   systems, aio, message queues, ptrace, terminals, signals, timers, sockets, scheduling,
//!   inotify, fork and exec): its unit and integration tests including the ones it ignores
//!   on musl targets, and its doc tests.
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::rustlink::RUST_TARGET;
use crate::util::{Result, output, root, run};

/// One crate's suite: the crate, the feature arguments, and the `cargo test` runs (each a
/// list of arguments after the features; `--` starts libtest's own).
struct Suite {
    name: &'static str,
    features: &'static [&'static str],
    runs: &'static [&'static [&'static str]],
}

const SUITES: &[Suite] = &[
    Suite { name: "rusqlite", features: &["--features", "bundled-full"], runs: &[&[]] },
    Suite {
        name: "nix",
        features: &["--all-features"],
        runs: &[
            // test_kmod builds and loads a kernel module (no headers or CAP_SYS_MODULE here);
            // test_recvmm2 and test_timestamping wait for a receive timestamp the kernel does
            // not always give, on every libc.
            &["--lib", "--tests", "--", "--include-ignored", "--skip", "test_kmod", "--skip", "test_recvmm2", "--skip", "test_timestamping"],
            &["--doc"],
        ],
    },
];

#[derive(Clone, Copy, PartialEq, Eq)]
enum Way {
    Musl,
    LimpetStatic,
    LimpetDynamic,
}

impl Way {
    const ALL: [Way; 3] = [Way::Musl, Way::LimpetStatic, Way::LimpetDynamic];
    fn key(self) -> &'static str {
        match self {
            Way::Musl => "musl",
            Way::LimpetStatic => "limpet-static",
            Way::LimpetDynamic => "limpet-dynamic",
        }
    }
}

pub fn run_all(opts: &crate::Options) -> Result {
    crate::prereq::ensure(crate::prereq::For::Test)?;
    let root = root();
    let d = crate::dist::build(&crate::Options { prefix: None, ..opts.clone() })?;
    let work = root.join("target/rust-crates");
    let sources = sources(&root, &work)?;
    let mut failed = 0;
    let mut summary = String::new();
    for suite in SUITES.iter().filter(|s| opts.filter.as_deref().is_none_or(|f| s.name.contains(f))) {
        let src = sources.get(suite.name).ok_or_else(|| format!("tests/rust-crates names no {}", suite.name))?;
        let mut results: Vec<BTreeMap<String, bool>> = Vec::new();
        for way in Way::ALL {
            let r = run_suite(&work, &d.prefix, src, suite, way)?;
            let passed = r.values().filter(|p| **p).count();
            summary.push_str(&format!("{} ({}): {} passed, {} failed\n", suite.name, way.key(), passed, r.len() - passed));
            results.push(r);
        }
        let musl = &results[0];
        let failing_on_musl: BTreeSet<&String> = musl.iter().filter(|(_, p)| !**p).map(|(k, _)| k).collect();
        for name in &failing_on_musl {
            println!("note: {} {name} fails on musl too", suite.name);
        }
        for (way, r) in Way::ALL.iter().zip(&results).skip(1) {
            for (test, _) in musl.iter().filter(|(_, p)| **p) {
                match r.get(test) {
                    Some(true) => {}
                    Some(false) => {
                        failed += 1;
                        println!("FAIL {} {test} ({}): passes on musl", suite.name, way.key());
                    }
                    None => {
                        failed += 1;
                        println!("FAIL {} {test} ({}): did not run (it runs on musl)", suite.name, way.key());
                    }
                }
            }
        }
    }
    print!("{summary}");
    if failed > 0 { Err(format!("{failed} crate test(s) fail on limpet and pass on musl")) } else { Ok(()) }
}

/// Fetches the crates tests/rust-crates names and copies each out of the registry into
/// `work/src` (once per version); returns their directories by crate name.
fn sources(root: &Path, work: &Path) -> Result<BTreeMap<String, PathBuf>> {
    let names: [&str; SUITES.len()] = std::array::from_fn(|i| SUITES[i].name);
    let registry = crate::bench::fetched_crates(&root.join("tests/rust-crates/Cargo.toml"), &names)?;
    let mut dirs = BTreeMap::new();
    for (name, registry) in names.iter().zip(registry) {
        let copy = work.join("src").join(registry.file_name().unwrap_or_default());
        if !copy.join("Cargo.toml").is_file() {
            let _ = fs::remove_dir_all(&copy);
            fs::create_dir_all(work.join("src")).map_err(|e| e.to_string())?;
            run(Command::new("cp").arg("-r").arg(&registry).arg(&copy))?;
        }
        dirs.insert(name.to_string(), copy);
    }
    Ok(dirs)
}

/// Runs `suite` one way; returns each test's verdict, keyed by test program and name.
fn run_suite(work: &Path, prefix: &Path, src: &Path, suite: &Suite, way: Way) -> Result<BTreeMap<String, bool>> {
    let target_dir = work.join("target").join(way.key());
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    if way != Way::Musl {
        // Cargo never sees libc.a change: make the crate's own test programs link again.
        let mut clean = Command::new(&cargo);
        clean.current_dir(src).args(["clean", "-q", "-p", suite.name, "--target", RUST_TARGET]);
        output(clean.env("CARGO_TARGET_DIR", &target_dir))?;
    }
    let mut verdicts = BTreeMap::new();
    for args in suite.runs {
        let mut cmd = match way {
            Way::Musl => {
                let mut c = Command::new(&cargo);
                c.args(["test", "--target", RUST_TARGET]);
                c
            }
            Way::LimpetStatic => {
                let mut c = Command::new(prefix.join("bin/limpet-cargo"));
                c.arg("test");
                c
            }
            Way::LimpetDynamic => {
                let mut c = Command::new(prefix.join("bin/limpet-cargo"));
                c.args(["--dynamic", "test"]);
                c
            }
        };
        cmd.current_dir(src).env("CARGO_TARGET_DIR", &target_dir).env("CARGO", &cargo);
        cmd.env_remove("RUSTFLAGS").env_remove("CARGO_ENCODED_RUSTFLAGS").env_remove("RUSTDOCFLAGS");
        cmd.args(["--locked", "--no-fail-fast"]).args(suite.features);
        let (before, after) = match args.iter().position(|a| *a == "--") {
            Some(i) => (&args[..i], &args[i + 1..]),
            None => (&args[..], &[][..]),
        };
        cmd.args(before).arg("--").args(["--color", "never"]).args(after);
        eprintln!("+ {} ({}): cargo test {}", suite.name, way.key(), args.join(" "));
        // Piped, never a file: nix's epoll tests register standard output with epoll.
        let out = cmd.output().map_err(|e| format!("{cmd:?}: {e}"))?;
        let files = crate::rustsuite::parse(&String::from_utf8_lossy(&out.stdout), &String::from_utf8_lossy(&out.stderr));
        if files.is_empty() {
            let stderr = String::from_utf8_lossy(&out.stderr);
            let tail: Vec<&str> = stderr.lines().rev().take(30).collect();
            return Err(format!(
                "{} ({}): no test ran ({}):\n{}",
                suite.name,
                way.key(),
                out.status,
                tail.into_iter().rev().collect::<Vec<_>>().join("\n")
            ));
        }
        for (file, r) in files {
            // Test programs are named by their path and a hash that differs between ways.
            let program = file.split(" (").next().unwrap_or(&file).to_string();
            for t in r.passed {
                verdicts.insert(format!("{program} {t}"), true);
            }
            for t in r.failed {
                verdicts.insert(format!("{program} {t}"), false);
            }
        }
    }
    Ok(verdicts)
}
