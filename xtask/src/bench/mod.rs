//! `cargo xtask bench`: limpet against musl and glibc, on the same C programs.
//!
//! Each row of [`rows::ROWS`] is a C program in bench/c (the timing harness is
//! bench/c/bench.h), built five ways by [`build`]: with musl-gcc (run on musl), that same
//! binary with its PT_INTERP pointed at limpet's libc.so, with gcc (glibc), and statically
//! against musl's and limpet's libc.a (except the rows that load shared libraries).
//! [`runner`] times them in interleaved rounds pinned to one CPU and keeps the median;
//! [`sqlite`] adds an application benchmark; [`sizes`] measures the libraries; [`report`]
//! and [`svg`] write bench/results/latest.{md,json,svg}.
mod alloc;
mod build;
mod locales;
mod report;
mod rows;
mod runner;
pub mod rust;
mod sizes;
mod sqlite;
pub use sqlite::fetched_crates;
mod svg;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::Options;
use crate::dist;
use crate::util::{Result, have, output, root, run as run_cmd};
use rows::{ROWS, Variant};

/// What one variant of one row gave.
pub enum Cell {
    /// Nanoseconds per operation: the median and every sample, in the order they were taken.
    Time { median: f64, samples: Vec<f64> },
    /// The libc lacks these functions: the loader or the static link named them.
    Missing(Vec<String>),
    /// The program died, failed, timed out or printed nonsense.
    Crash(String),
    /// The program could not be built for a reason other than a missing function.
    BuildFailed(String),
    /// The row has no such build, for the reason given (a static program loads no shared
    /// libraries). Not a failure: shown as `n/a` and left out of every ratio.
    NotApplicable(&'static str),
}

impl Cell {
    pub fn time(&self) -> Option<f64> {
        match self {
            Cell::Time { median, .. } => Some(*median),
            _ => None,
        }
    }
}

/// A built program: run as `exe OPS [arg]`.
#[derive(Clone)]
pub struct Program {
    pub exe: PathBuf,
    pub arg: Option<PathBuf>,
}

/// One measured row: the five variants' cells, in [`Variant::ALL`] order.
pub struct Measured {
    pub id: String,
    pub group: String,
    pub label: String,
    /// Operations per timed batch.
    pub ops: u64,
    pub cells: Vec<Cell>,
    /// The malloc rows' cells on limpet's other allocator ([`alloc::KEYS`] order); empty
    /// for the other rows.
    pub other: Vec<Cell>,
}

impl Measured {
    pub fn cell(&self, v: Variant) -> &Cell {
        &self.cells[v.index()]
    }

    /// `num`'s time over `den`'s, where both exist.
    pub fn ratio(&self, num: Variant, den: Variant) -> Option<f64> {
        Some(self.cell(num).time()? / self.cell(den).time()?)
    }
}

/// How long and how often to measure.
pub struct Mode {
    pub quick: bool,
    /// Timed runs of each variant per row.
    pub rounds: usize,
    /// Divides each row's batch size.
    pub batch_divisor: u64,
    pub sqlite_rows: u64,
    pub sqlite_rounds: usize,
}

impl Mode {
    fn new(quick: bool) -> Mode {
        if quick {
            Mode { quick, rounds: 5, batch_divisor: 4, sqlite_rows: 200_000, sqlite_rounds: 1 }
        } else {
            Mode { quick, rounds: 25, batch_divisor: 1, sqlite_rows: 1_000_000, sqlite_rounds: 5 }
        }
    }
}

/// The facts about the run that the report's header gives.
pub struct RunInfo {
    pub date: String,
    pub commit: String,
    pub quick: bool,
    pub filter: Option<String>,
    pub rounds: usize,
    pub cpu_model: String,
    pub pinned_cpu: String,
    pub kernel: String,
    pub versions: Vec<(String, String)>,
    pub load_before: String,
    pub load_after: String,
}

/// Everything the report shows.
pub struct Results {
    pub info: RunInfo,
    pub rows: Vec<Measured>,
    pub sqlite: Option<Measured>,
    /// Why the SQLite benchmark could not be built, when it was wanted.
    pub sqlite_error: Option<String>,
    pub sizes: Vec<sizes::SizeRow>,
    /// The fragmentation workload's peak RSS per libc, when it was wanted.
    pub rss: Option<alloc::RssTable>,
    /// Why limpet's other allocator was left out, when it was.
    pub other_error: Option<String>,
}

pub fn run(opts: &Options) -> Result {
    if opts.prefix.is_some() || opts.profile != "release" {
        return Err("bench measures the release profile in target/dist and builds release-size into target/dist-size \
                    for the size table; it takes no --prefix or --profile"
            .into());
    }
    crate::prereq::ensure(crate::prereq::For::Bench)?;
    let root = root();
    let mode = Mode::new(opts.quick);
    let filter = opts.filter.as_deref();
    let rows: Vec<&rows::Row> = ROWS.iter().filter(|r| rows::selected(filter, r.id, r.group, r.label)).collect();
    let want_sqlite = rows::selected(filter, "sqlite", "application", "SQLite insert");
    if rows.is_empty() && !want_sqlite {
        return Err(format!("--filter {}: no benchmark matches", filter.unwrap_or("")));
    }
    let release = dist::build(&Options::default())?;
    let small = dist::build(&Options {
        prefix: Some(root.join("target/dist-size")),
        profile: "release-size".into(),
        ..Options::default()
    })?;
    let work = root.join("target/bench");
    let tools = build::Tools { libc_so: release.libc_so(), limpet_gcc: release.gcc.clone() };
    let want_alloc = rows.iter().any(|r| r.group == alloc::GROUP);
    // The malloc rows also run on limpet's other allocator; without it the rest still runs.
    let (mut other, mut other_error) = (None, None);
    if want_alloc {
        match dist::build(&Options { malloc: Some(alloc::OTHER.into()), ..Options::default() }) {
            Ok(d) => other = Some(build::Tools { libc_so: d.libc_so(), limpet_gcc: d.gcc.clone() }),
            Err(e) => {
                eprintln!("bench: the {} allocator is left out: {e}", alloc::OTHER);
                other_error = Some(e);
            }
        }
    }

    eprintln!("bench: building {} row program(s) five ways", rows.len());
    let built = build::rows(&root, &work.join("bin"), &tools, &rows)?;
    let built_other: Vec<Vec<build::Built>> = rows
        .iter()
        .zip(&built)
        .map(|(r, five)| match &other {
            Some(o) if r.group == alloc::GROUP => alloc::build_row(&work.join("bin"), o, r, five, &root.join("bench/c")),
            _ => Vec::new(),
        })
        .collect();
    // Without SQLite's sources (no network for the first fetch, say) the rest still runs.
    let (mut sqlite_programs, mut sqlite_version, mut sqlite_error) = (None, None, None);
    if want_sqlite {
        match sqlite::build(&root, &work.join("sqlite"), &tools) {
            Ok((programs, version)) => (sqlite_programs, sqlite_version) = (Some(programs), Some(version)),
            Err(e) => {
                eprintln!("bench: SQLite is left out: {e}");
                sqlite_error = Some(e);
            }
        }
    }

    if rows.iter().any(|r| rows::NEEDS_LOCALES.contains(&r.id)) {
        locales::compile(&release.prefix.join("bin/limpet-localedef"), &work.join("locale"))?;
    }
    let runner = runner::Runner::new(&work)?;
    let load_before = loadavg();
    eprintln!("bench: load average {load_before}; {} rounds, pinned to CPU {}", mode.rounds, runner.cpu);
    let mut measured = Vec::new();
    for ((row, mut programs), others) in rows.iter().zip(built).zip(built_other) {
        let ops = (row.iters / mode.batch_divisor).max(1);
        // The other allocator's builds take part in the same interleaved rounds.
        programs.extend(others);
        let mut cells = runner.measure(&programs, ops, mode.rounds);
        let other = cells.split_off(Variant::ALL.len());
        let m = Measured { id: row.id.into(), group: row.group.into(), label: row.label.into(), ops, cells, other };
        eprintln!("{}", report::progress_line(&m));
        measured.push(m);
    }
    let sqlite = match sqlite_programs {
        Some(programs) => {
            let cells = runner.measure(&programs, mode.sqlite_rows, mode.sqlite_rounds);
            let m = Measured {
                id: "sqlite_insert".into(),
                group: "application".into(),
                label: format!("SQLite insert ({} rows)", report::grouped(mode.sqlite_rows)),
                ops: mode.sqlite_rows,
                cells,
                other: Vec::new(),
            };
            eprintln!("{}", report::progress_line(&m));
            Some(m)
        }
        None => None,
    };
    let rss = if want_alloc {
        eprintln!("bench: the fragmentation workload's peak RSS");
        Some(alloc::rss(&root, &work.join("frag"), &tools, other.as_ref(), &runner.cpu)?)
    } else {
        None
    };
    let load_after = loadavg();
    let sizes = sizes::measure(&work.join("sizes"), &root, &release, &small)?;

    let info = RunInfo {
        date: text_of(Command::new("date").args(["-u", "+%Y-%m-%d %H:%M UTC"])),
        commit: text_of(Command::new("git").current_dir(&root).args(["describe", "--always", "--dirty"])),
        quick: mode.quick,
        filter: opts.filter.clone(),
        rounds: mode.rounds,
        cpu_model: cpu_model(),
        pinned_cpu: runner.cpu.clone(),
        kernel: text_of(Command::new("uname").arg("-r")),
        versions: versions(sqlite_version),
        load_before,
        load_after,
    };
    let results = Results { info, rows: measured, sqlite, sqlite_error, sizes, rss, other_error };
    let out = root.join("bench/results");
    fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    let md = report::markdown(&results);
    write(&out.join("latest.md"), &md)?;
    write(&out.join("latest.json"), &report::json(&results))?;
    let svg_path = out.join("latest.svg");
    write(&svg_path, &svg::chart(&results))?;
    render_png(&svg_path, &work.join("latest.png"));
    println!("{md}");
    println!("bench: wrote {}/latest.{{md,json,svg}}", out.display());
    Ok(())
}

fn write(path: &Path, text: &str) -> Result {
    fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Renders the chart to PNG for a look, when a renderer is installed (Debian: librsvg2-bin).
fn render_png(svg: &Path, png: &Path) {
    if have("rsvg-convert") && run_cmd(Command::new("rsvg-convert").arg("-o").arg(png).arg(svg)).is_ok() {
        eprintln!("bench: rendered {}", png.display());
    }
}

/// A command's first line of output, or "unknown".
fn text_of(cmd: &mut Command) -> String {
    output(cmd)
        .ok()
        .and_then(|o| String::from_utf8_lossy(&o.stdout).lines().next().map(|l| l.trim().to_string()))
        .filter(|l| !l.is_empty())
        .unwrap_or_else(|| "unknown".into())
}

fn loadavg() -> String {
    fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

fn cpu_model() -> String {
    fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, m)| m.trim().to_string())
        })
        .unwrap_or_else(|| "unknown".into())
}

/// The versions of the libcs, the compiler and (when it ran) SQLite.
fn versions(sqlite: Option<String>) -> Vec<(String, String)> {
    // musl's loader names its version when run with no program.
    let musl = sizes::musl_lib_dir()
        .ok()
        .and_then(|d| Command::new(d.join("libc.so")).output().ok())
        .and_then(|o| {
            String::from_utf8_lossy(&o.stderr).lines().find_map(|l| l.strip_prefix("Version ").map(str::to_string))
        })
        .unwrap_or_else(|| "unknown".into());
    let glibc = text_of(Command::new("getconf").arg("GNU_LIBC_VERSION"));
    let gcc = text_of(Command::new("gcc").arg("-dumpfullversion"));
    let mut v = vec![
        ("musl".into(), musl),
        ("glibc".into(), glibc.trim_start_matches("glibc ").to_string()),
        ("gcc".into(), gcc),
    ];
    v.extend(sqlite.map(|s| ("SQLite".to_string(), s)));
    v
}
