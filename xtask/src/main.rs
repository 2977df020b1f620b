//! limpet's build, dist, test and bench commands: `cargo xtask dist`, `cargo xtask test`,
//! `cargo xtask bench`.
mod bench;
mod dist;
mod harness;
mod prereq;
mod util;

use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str = "usage:
  cargo xtask dist [--prefix DIR] [--profile release|release-size|dev] [--malloc fast|hardened]
      build libc.so (also the dynamic linker), libc.a, the crt objects and limpet-gcc into
      DIR (default target/dist), then build and run examples/hello.c on them; --malloc: the
      allocator, when not the profile's own (fast for release and dev, hardened for
      release-size): then DIR defaults to target/dist-NAME, and cargo builds in target/malloc-NAME
  cargo xtask test [--profile release|release-size|dev] [--filter NAME] [--c-only]
      run every component's cargo tests, then the C conformance harness in tests/c, and its
      malloc_* programs again on a dist with the profile's other allocator (--malloc);
      --c-only: only the C harness
  cargo xtask bench [--quick] [--filter NAME]
      time the C benchmarks in bench/c and the SQLite insert benchmark on musl, limpet and
      glibc (dynamic and static), measure library sizes, and write bench/results/latest.{md,json,svg};
      --quick: fewer rounds and shorter batches; --filter: only the rows whose name contains NAME";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(cmd) = args.first() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let mut opts = Options::default();
    let mut it = args[1..].iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| match it.next() {
            Some(v) => v.clone(),
            None => {
                eprintln!("xtask: {name} needs a value\n{USAGE}");
                std::process::exit(2)
            }
        };
        match a.as_str() {
            "--prefix" => opts.prefix = Some(PathBuf::from(value("--prefix"))),
            "--profile" => opts.profile = value("--profile"),
            "--filter" => opts.filter = Some(value("--filter")),
            "--quick" => opts.quick = true,
            "--c-only" => opts.c_only = true,
            "--malloc" => opts.malloc = Some(value("--malloc")),
            other => {
                eprintln!("xtask: unknown option {other}\n{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    if opts.malloc.as_deref().is_some_and(|m| !["fast", "hardened"].contains(&m)) {
        eprintln!("xtask: unknown allocator {}\n{USAGE}", opts.malloc.as_deref().unwrap_or(""));
        return ExitCode::from(2);
    }
    if !["release", "release-size", "dev"].contains(&opts.profile.as_str()) {
        eprintln!("xtask: unknown profile {}\n{USAGE}", opts.profile);
        return ExitCode::from(2);
    }
    let result = match cmd.as_str() {
        "dist" => dist::build(&opts).map(|_| ()),
        "test" => harness::run_all(&opts),
        "bench" => bench::run(&opts),
        _ => {
            eprintln!("xtask: unknown command {cmd}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Command-line options shared by the commands.
#[derive(Clone)]
pub struct Options {
    pub prefix: Option<PathBuf>,
    pub profile: String,
    pub filter: Option<String>,
    /// `bench --quick`: fewer rounds, shorter batches, fewer SQLite rows.
    pub quick: bool,
    /// `--malloc`: the allocator (`fast` or `hardened`), when not the profile's own.
    pub malloc: Option<String>,
    /// `test --c-only`: skip the components' cargo tests.
    pub c_only: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options { prefix: None, profile: "release".into(), filter: None, quick: false, malloc: None, c_only: false }
    }
}
