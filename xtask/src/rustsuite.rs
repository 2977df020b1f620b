//! The Rust std conformance suite (`tests/rust-std`), run by `cargo xtask test`: the same
//! cargo test crate built three ways for `x86_64-unknown-linux-musl` and run on each:
//! - `musl`: rustup's self-contained musl, the reference;
//! - `limpet static`: `bin/limpet-cargo`, against libc.a;
//! - `limpet dynamic`: `bin/limpet-cargo --dynamic`, against libc.so and libgcc_s.so.1.
//!
//! Every test must pass on musl (the suite asserts what std promises) and then on both
//! limpet builds. The report has one entry per build and test file, naming the tests that
//! failed.
use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use crate::dist::Dist;
use crate::rustlink::RUST_TARGET;
use crate::util::Result;

/// The package the suite is, as its Cargo.toml names it.
const PACKAGE: &str = "limpet-std-suite";

/// One build of the suite: its label, its target directory under target/rust-std, and
/// whether it links against limpet (and how).
struct Way {
    label: &'static str,
    dir: &'static str,
    limpet: Option<&'static [&'static str]>,
}

const WAYS: &[Way] = &[
    Way { label: "musl", dir: "musl", limpet: None },
    Way { label: "limpet static", dir: "limpet-static", limpet: Some(&[]) },
    Way { label: "limpet dynamic", dir: "limpet-dynamic", limpet: Some(&["--dynamic"]) },
];

/// A test file's outcome: the names of its tests that passed and of those that failed.
#[derive(Default)]
pub struct FileResult {
    pub passed: Vec<String>,
    pub failed: Vec<String>,
}

/// Builds and runs the suite each way; returns, per way and test file, what happened
/// (an `Err` for a build that failed or a file whose tests failed).
pub fn run(root: &Path, d: &Dist) -> Vec<(String, std::result::Result<(), String>)> {
    let mut report = Vec::new();
    for way in WAYS {
        match run_way(root, d, way) {
            Ok(files) => {
                for (file, r) in files {
                    let name = format!("rust std suite: {file} ({})", way.label);
                    let ok = if r.failed.is_empty() && !r.passed.is_empty() {
                        Ok(())
                    } else if r.passed.is_empty() && r.failed.is_empty() {
                        Err("no test ran".into())
                    } else {
                        Err(format!("{} of {} failed: {}", r.failed.len(), r.failed.len() + r.passed.len(), r.failed.join(", ")))
                    };
                    report.push((name, ok));
                }
            }
            Err(e) => report.push((format!("rust std suite ({})", way.label), Err(e))),
        }
    }
    report
}

/// One way: `cargo test --no-fail-fast` in the suite's directory, its output parsed.
fn run_way(root: &Path, d: &Dist, way: &Way) -> Result<BTreeMap<String, FileResult>> {
    let suite = root.join("tests/rust-std");
    let target_dir = root.join("target/rust-std").join(way.dir);
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut cmd = match way.limpet {
        None => {
            let mut c = Command::new(&cargo);
            c.args(["test", "--target", RUST_TARGET]);
            c
        }
        Some(flags) => {
            // Cargo does not see a change of libc.a or the crt objects, which it never
            // names: clean the suite's own units so its test programs are linked again.
            let mut clean = Command::new(&cargo);
            clean.current_dir(&suite).args(["clean", "-q", "-p", PACKAGE, "--target", RUST_TARGET]);
            crate::util::output(clean.env("CARGO_TARGET_DIR", &target_dir))?;
            let mut c = Command::new(d.prefix.join("bin/limpet-cargo"));
            c.args(flags.iter()).arg("test");
            c
        }
    };
    cmd.current_dir(&suite).env("CARGO_TARGET_DIR", &target_dir).env("CARGO", &cargo);
    // The RUSTFLAGS of the command that runs xtask are for limpet's own build.
    cmd.env_remove("RUSTFLAGS").env_remove("CARGO_ENCODED_RUSTFLAGS").env_remove("RUST_BACKTRACE");
    cmd.args(["--no-fail-fast", "--", "--color", "never"]);
    eprintln!("+ rust std suite, {}: {:?}", way.label, cmd);
    let out = cmd.output().map_err(|e| format!("{cmd:?}: {e}"))?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let files = parse(&stdout, &String::from_utf8_lossy(&out.stderr));
    if files.is_empty() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        let tail: Vec<&str> = stderr.lines().rev().take(30).collect();
        return Err(format!("the build failed ({}):\n{}", out.status, tail.into_iter().rev().collect::<Vec<_>>().join("\n")));
    }
    for (file, r) in &files {
        if !r.failed.is_empty() {
            // What the failures printed: libtest's "failures:" section.
            if let Some(at) = stdout.find("failures:\n") {
                println!("--- rust std suite {file} ({}):\n{}", way.label, &stdout[at..stdout.len().min(at + 4000)]);
            }
        }
    }
    Ok(files)
}

/// Reads libtest's report: cargo names each test program on stderr (`Running tests/fs.rs
/// (...)`, or `Doc-tests CRATE`) before it runs, and libtest prints `test NAME ... ok` or `... FAILED` on stdout.
/// The two streams are matched by order: the programs run one after another.
pub fn parse(stdout: &str, stderr: &str) -> BTreeMap<String, FileResult> {
    let programs: Vec<String> = stderr
        .lines()
        .filter_map(|l| {
            let l = l.trim();
            match l.strip_prefix("Running ") {
                Some(r) => Some(r.split(" (").next().unwrap_or(r).to_string()),
                None => l.starts_with("Doc-tests ").then(|| l.to_string()),
            }
        })
        .collect();
    let mut files: BTreeMap<String, FileResult> = BTreeMap::new();
    let mut current = None;
    let mut seen = 0;
    for line in stdout.lines() {
        if line.starts_with("running ") && line.ends_with(" tests") || line == "running 1 test" {
            current = programs.get(seen).cloned();
            seen += 1;
            continue;
        }
        let Some(rest) = line.strip_prefix("test ") else { continue };
        let Some((name, verdict)) = rest.rsplit_once(" ... ") else { continue };
        let file = current.clone().unwrap_or_else(|| "?".into());
        let r = files.entry(file).or_default();
        match verdict {
            "ok" => r.passed.push(name.to_string()),
            // `ignored`, or `ignored, REASON`.
            v if v.starts_with("ignored") => {}
            _ => r.failed.push(name.to_string()),
        }
    }
    files
}

#[cfg(test)]
mod tests {
    #[test]
    fn reads_libtests_report() {
        let stderr = "   Compiling x\n     Running unittests src/lib.rs (target/a)\n     Running tests/fs.rs (target/b)\n   Doc-tests x\n";
        let stdout = "\nrunning 0 tests\n\ntest result: ok.\n\nrunning 2 tests\ntest meta ... ok\ntest dir::walk ... FAILED\ntest child ... ignored, a child's body\n\
                      \nrunning 1 test\ntest src/lib.rs - f (line 3) ... ok\n";
        let files = super::parse(stdout, stderr);
        assert_eq!(files.len(), 2);
        assert_eq!(files["Doc-tests x"].passed, ["src/lib.rs - f (line 3)"]);
        let fs = &files["tests/fs.rs"];
        assert_eq!(fs.passed, ["meta"]);
        assert_eq!(fs.failed, ["dir::walk"]);
    }
}
