//! limpet's build, dist, test and bench commands: `cargo xtask dist`, `cargo xtask test`,
//! `cargo xtask bench`.
mod bench;
mod config;
mod dist;
mod docs;
mod embed;
mod entrypoints;
mod graph;
mod harness;
mod mathdiff;
mod objects;
mod prereq;
mod rustlink;
mod rustcrates;
mod rustsuite;
mod util;

use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str = "usage:
  cargo xtask dist [--prefix DIR] [--profile release|release-size|dev] [--features LIST]
                   [--malloc fast|hardened] [--entrypoints FILE]
      build libc.so (also the dynamic linker), libc.a, the crt objects and limpet-gcc into
      DIR (default target/dist), then build and run examples/hello.c on them. What goes in
      is assemble/Cargo.toml's feature table: the profile's features, or --features LIST
      (comma-separated; `minimal` is the smallest build; the profile's allocator is added
      when LIST names none); --malloc: the allocator instead of the profile's (fast for
      release and dev, hardened for release-size); --entrypoints FILE: a list of C names,
      one per line: the build holds the components they need, and exports only them. A
      build other than the profile's own goes to target/dist-NAME (cargo: target/build-NAME)
  cargo xtask test [--profile P] [--features LIST] [--malloc M] [--filter NAME] [--c-only]
      run every component's cargo tests, then the C conformance harness in tests/c on the
      build those options name (the tests that need what it leaves out are listed as
      skipped), its malloc_* programs again on a dist with the other allocator, and the
      harness on the minimal build; --c-only: only the C harness (on the one build)
  cargo xtask bench [--quick] [--filter NAME]
      time the C benchmarks in bench/c and the SQLite insert benchmark on musl, limpet and
      glibc (dynamic and static), measure library sizes, and write bench/results/latest.{md,json,svg};
      --quick: fewer rounds and shorter batches; --filter: only the rows whose name contains NAME
  cargo xtask bench --rust [--quick] [--filter NAME]
      build the Rust workloads of bench/rust (OptiVorbis, rusqlite inserts, ripgrep) four
      ways (musl static, glibc, limpet static and dynamic), check their outputs against
      musl's, time them and write bench/results/rust.{md,json}
  cargo xtask crates [--filter NAME]
      run the test suites of crates.io crates (tests/rust-crates: rusqlite, nix) for
      x86_64-unknown-linux-musl on musl and on limpet, static and dynamic; every test that
      passes on musl must pass on limpet
  cargo xtask entrypoints [--bless | --missing]
      check assemble/entrypoints.txt against the sources and docs/functions.md against it;
      --bless: rewrite docs/functions.md; --missing: build the default dist and print table
      rows for the C names it exports that the table lacks
  cargo xtask embed COMPONENT
      build one component as a static archive of its C functions (target/embed/COMPONENT),
      check that it defines exactly the component's names and needs only what its README
      lists, and link and run components/COMPONENT/examples/embed.c against it
  cargo xtask check [--bless]
      check the components' graph (Cargo dependencies and src/imports.rs) for cycles and the
      sections generated from it (ARCHITECTURE.md's table, each README's \"Using it alone\",
      assemble/README.md's features), then that every path the documents name exists and
      every count they give (<!-- count: NAME -->) is right; --bless: rewrite those";

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
            "--rust" => opts.rust = true,
            "--c-only" => opts.c_only = true,
            "--features" => opts.features = Some(value("--features")),
            "--entrypoints" => opts.entrypoints = Some(PathBuf::from(value("--entrypoints"))),
            "--bless" => opts.bless = true,
            "--missing" => opts.missing = true,
            "--malloc" => opts.malloc = Some(value("--malloc")),
            // The component `embed` takes.
            other if cmd == "embed" && !other.starts_with('-') => {}
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
        "bench" if opts.rust => bench::rust::run(&opts),
        "bench" => bench::run(&opts),
        "entrypoints" => entrypoints_command(&opts),
        "crates" => rustcrates::run_all(&opts),
        "check" => graph::docs(opts.bless).and_then(|_| docs::check(opts.bless)),
        "embed" => match args.get(1).filter(|a| !a.starts_with("--")) {
            Some(c) => embed::embed(c).map(|_| ()),
            None => Err(format!("embed needs a component\n{USAGE}")),
        },
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
    /// `bench --rust`: the Rust workloads instead of the C rows.
    pub rust: bool,
    /// `--malloc`: the allocator (`fast` or `hardened`), when not the profile's own.
    pub malloc: Option<String>,
    /// `test --c-only`: skip the components' cargo tests.
    pub c_only: bool,
    /// `--features`: the build's features instead of the profile's.
    pub features: Option<String>,
    /// `--entrypoints`: a file of C names the build must hold, and only ones it exports.
    pub entrypoints: Option<PathBuf>,
    /// `entrypoints --bless`, `check --bless`: rewrite the generated files.
    pub bless: bool,
    /// `entrypoints --missing`: print rows the table lacks.
    pub missing: bool,
}

/// `cargo xtask entrypoints`.
fn entrypoints_command(opts: &Options) -> util::Result {
    let table = entrypoints::load()?;
    if opts.missing {
        // The objects of a fresh default build; the table check would stop it, so build the
        // archive through dist with the check reporting instead.
        let objs = dist::objects_of(opts)?;
        print!("{}", entrypoints::format_rows(&entrypoints::missing(&table, &objs)));
        return Ok(());
    }
    entrypoints::check_sources(&table)?;
    let index = util::root().join(entrypoints::INDEX);
    let want = entrypoints::index(&table);
    if opts.bless {
        std::fs::create_dir_all(index.parent().unwrap_or(&index)).map_err(|e| e.to_string())?;
        std::fs::write(&index, want).map_err(|e| e.to_string())?;
        println!("wrote {}", entrypoints::INDEX);
    } else if std::fs::read_to_string(&index).unwrap_or_default() != want {
        return Err(format!("{} is stale: run `cargo xtask entrypoints --bless`", entrypoints::INDEX));
    }
    println!("{}: {} names, consistent with the sources", entrypoints::TABLE, table.len());
    Ok(())
}

impl Default for Options {
    fn default() -> Self {
        Options {
            prefix: None,
            profile: "release".into(),
            filter: None,
            quick: false,
            rust: false,
            malloc: None,
            c_only: false,
            features: None,
            entrypoints: None,
            bless: false,
            missing: false,
        }
    }
}
