//! `cargo xtask bench --rust`: the Rust workloads of `bench/rust`, each built four ways and
//! timed side by side in one run:
//! - **musl static**: rustup's self-contained musl (`--target x86_64-unknown-linux-musl`),
//!   the way Rust's static Linux binaries are usually made;
//! - **glibc**: the host target, dynamically linked against the system's glibc;
//! - **limpet static** and **limpet dynamic**: `bin/limpet-cargo` and `--dynamic`.
//!
//! The workloads: OptiVorbis over Ogg Vorbis files that vorbis-tools makes from generated
//! audio; rusqlite inserting rows three ways (bundled SQLite, LTO); ripgrep searching a
//! generated source tree. Every way's output is compared with musl's before anything is
//! timed, so a wrong result never shows as a time. Each run is one whole process, pinned to
//! one CPU, timed from spawn to exit; rounds interleave the ways, starting one way later
//! each round. The table goes to `bench/results/rust.{md,json}`.
use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use super::runner::{ENV, median};
use crate::Options;
use crate::dist;
use crate::rustlink::RUST_TARGET;
use crate::util::{Result, output, root, run as run_cmd};

/// The ripgrep release built from crates.io (`cargo install --locked`).
const RIPGREP_VERSION: &str = "15.2.0";
/// The workspace packages whose programs the workloads run.
const PACKAGES: &[&str] = &["optivorbis-remux", "sqlite-inserts"];

#[derive(Clone, Copy, PartialEq, Eq)]
enum Way {
    Musl,
    Glibc,
    LimpetStatic,
    LimpetDynamic,
}

impl Way {
    const ALL: [Way; 4] = [Way::Musl, Way::Glibc, Way::LimpetStatic, Way::LimpetDynamic];

    fn key(self) -> &'static str {
        match self {
            Way::Musl => "musl",
            Way::Glibc => "glibc",
            Way::LimpetStatic => "limpet-static",
            Way::LimpetDynamic => "limpet-dynamic",
        }
    }

    fn label(self) -> &'static str {
        match self {
            Way::Musl => "musl static",
            Way::Glibc => "glibc",
            Way::LimpetStatic => "limpet static",
            Way::LimpetDynamic => "limpet dynamic",
        }
    }

    fn limpet(self) -> bool {
        matches!(self, Way::LimpetStatic | Way::LimpetDynamic)
    }

    /// `cargo ARGS` for this way, with its own target directory.
    fn cargo(self, limpet_cargo: &Path, target_dir: &Path, args: &[&str]) -> Command {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        let mut c = match self {
            Way::Musl | Way::Glibc => Command::new(&cargo),
            Way::LimpetStatic | Way::LimpetDynamic => Command::new(limpet_cargo),
        };
        if self == Way::LimpetDynamic {
            c.arg("--dynamic");
        }
        c.args(args);
        if self == Way::Musl {
            c.args(["--target", RUST_TARGET]);
        }
        // limpet's own build flags are not the workloads'.
        c.env_remove("RUSTFLAGS").env_remove("CARGO_ENCODED_RUSTFLAGS").env("CARGO", &cargo);
        c.env("CARGO_TARGET_DIR", target_dir);
        c
    }

    /// Where cargo puts the release programs of `target_dir`.
    fn release_dir(self, target_dir: &Path) -> PathBuf {
        match self {
            Way::Glibc => target_dir.join("release"),
            _ => target_dir.join(RUST_TARGET).join("release"),
        }
    }
}

/// A way's programs, by name.
struct Programs {
    dir: PathBuf,
    rg: PathBuf,
}

/// One timed workload: a program and its arguments.
struct Workload {
    id: String,
    label: String,
    program: &'static str,
    args: Vec<OsString>,
    /// Where it runs (the work directory when `None`).
    dir: Option<PathBuf>,
    /// Rounds, as a multiple of the run's.
    rounds: usize,
}

/// The outcome of one workload on one way.
enum Cell {
    Time { median: f64, samples: Vec<f64> },
    Failed(String),
}

pub fn run(opts: &Options) -> Result {
    crate::prereq::ensure(crate::prereq::For::BenchRust)?;
    let root = root();
    let work = root.join("target/bench/rust");
    fs::create_dir_all(&work).map_err(|e| e.to_string())?;
    let d = dist::build(&Options::default())?;
    let limpet_cargo = d.prefix.join("bin/limpet-cargo");
    let mut built = Vec::new();
    for way in Way::ALL {
        eprintln!("bench: building the Rust workloads, {}", way.label());
        built.push(build(&root, &work, &limpet_cargo, way));
    }
    let inputs = inputs(&root, &work)?;
    let quick = opts.quick;
    let rounds = if quick { 2 } else { 7 };
    let workloads: Vec<Workload> =
        workloads(&inputs, &work, quick).into_iter().filter(|w| opts.filter.as_deref().is_none_or(|f| w.id.contains(f))).collect();
    let cpu = if std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1) > 1 { "1" } else { "0" };
    let mut table = Vec::new();
    for w in &workloads {
        let cells = measure(w, &built, rounds, cpu, &work);
        eprintln!("bench: {}: {}", w.label, cells.iter().map(short).collect::<Vec<_>>().join(" | "));
        table.push((w, cells));
    }
    let md = markdown(&table, rounds, &root, quick);
    let out = root.join("bench/results");
    fs::write(out.join("rust.md"), &md).map_err(|e| e.to_string())?;
    fs::write(out.join("rust.json"), json(&table)).map_err(|e| e.to_string())?;
    println!("{md}");
    println!("bench: wrote {}/rust.{{md,json}}", out.display());
    Ok(())
}

/// Builds bench/rust's programs and ripgrep one way. limpet's ways first drop their final
/// programs: cargo never sees libc.a or the crt objects change, so it would not link again.
fn build(root: &Path, work: &Path, limpet_cargo: &Path, way: Way) -> std::result::Result<Programs, String> {
    let target_dir = work.join("build").join(way.key());
    let release = way.release_dir(&target_dir);
    let rg_target = work.join("build").join(format!("{}-rg", way.key()));
    let rg_root = work.join("rg").join(way.key());
    if way.limpet() {
        for (dir, names) in [(&release, PACKAGES), (&way.release_dir(&rg_target), &["rg"][..])] {
            for name in names {
                let stem = name.replace('-', "_");
                let _ = fs::remove_file(dir.join(name));
                if let Ok(entries) = fs::read_dir(dir.join("deps")) {
                    for e in entries.flatten() {
                        let f = e.file_name().to_string_lossy().into_owned();
                        if f.starts_with(&format!("{stem}-")) && !f.contains('.') {
                            let _ = fs::remove_file(e.path());
                        }
                    }
                }
            }
        }
    }
    let mut args = vec!["build", "--release", "--locked"];
    for p in PACKAGES {
        args.extend(["-p", p]);
    }
    run_cmd(way.cargo(limpet_cargo, &target_dir, &args).current_dir(root.join("bench/rust")))?;
    let rg_root_s = rg_root.to_string_lossy().into_owned();
    run_cmd(way
        .cargo(limpet_cargo, &rg_target, &["install", "--locked", "--force", "--quiet", "ripgrep", "--version", RIPGREP_VERSION, "--root", &rg_root_s])
        .current_dir(work))?;
    Ok(Programs { dir: release, rg: rg_root.join("bin/rg") })
}

/// The generated inputs: Ogg Vorbis files and a source tree, made once and kept.
struct Inputs {
    audio: Vec<PathBuf>,
    tree: PathBuf,
}

fn inputs(root: &Path, work: &Path) -> Result<Inputs> {
    let audio = work.join("audio");
    let done = audio.join(".done");
    if !done.is_file() {
        let _ = fs::remove_dir_all(&audio);
        run_cmd(Command::new(root.join("bench/rust/gen-audio.sh")).arg(&audio))?;
        fs::write(&done, "").map_err(|e| e.to_string())?;
    }
    let mut files: Vec<PathBuf> = fs::read_dir(&audio)
        .map_err(|e| e.to_string())?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "ogg"))
        .collect();
    files.sort();
    let tree = work.join("tree");
    let done = work.join("tree.done");
    if !done.is_file() {
        let _ = fs::remove_dir_all(&tree);
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
        run_cmd(Command::new(&cargo)
            .current_dir(root.join("bench/rust"))
            .env("CARGO_TARGET_DIR", work.join("build/gen"))
            .args(["run", "--release", "--locked", "-q", "-p", "gen-tree", "--"])
            .arg(&tree))?;
        fs::write(&done, "").map_err(|e| e.to_string())?;
    }
    Ok(Inputs { audio: files, tree })
}

fn workloads(inputs: &Inputs, work: &Path, quick: bool) -> Vec<Workload> {
    let rows: u64 = if quick { 200_000 } else { 1_000_000 };
    let db = work.join("run/insert.db");
    let mut v = Vec::new();
    let mut ov_args: Vec<OsString> = vec![work.join("run/ov-out").into()];
    ov_args.extend(inputs.audio.iter().map(|p| p.clone().into_os_string()));
    v.push(Workload {
        id: "optivorbis".into(),
        label: format!("OptiVorbis, {} Ogg Vorbis files", inputs.audio.len()),
        program: "optivorbis-remux",
        args: ov_args,
        dir: None,
        rounds: 1,
    });
    for variant in ["basic", "basic_prep", "basic_batched"] {
        v.push(Workload {
            id: format!("sqlite_{variant}"),
            label: format!("rusqlite {variant}, {} rows", super::report::grouped(rows)),
            program: "sqlite-inserts",
            args: vec![variant.into(), rows.to_string().into(), db.clone().into()],
            dir: None,
            rounds: 1,
        });
    }
    // Searches of the generated tree, from its root (bench/rust/README.md gives their
    // outputs). They run for tens of milliseconds, so they get more rounds.
    for (id, label, args) in [
        ("rg_literal", "ripgrep, a literal", &["-n", "frobnicate_widget"][..]),
        ("rg_ignore_case", "ripgrep, a literal, -i", &["-n", "-i", "frobnicate_widget"][..]),
        ("rg_regex", "ripgrep, a regex", &["-n", r"\b(get|set)_[a-z]+_[0-9]{3}\b"][..]),
        ("rg_count", "ripgrep, counts of an alternation", &["-c", "TODO|FIXME|XXX"][..]),
    ] {
        v.push(Workload {
            id: id.into(),
            label: label.into(),
            program: "rg",
            args: args.iter().map(OsString::from).collect(),
            dir: Some(inputs.tree.clone()),
            rounds: 3,
        });
    }
    v
}

/// One run of `w` with `prog`: its stdout and the seconds from spawn to exit.
fn once(w: &Workload, prog: &Path, cpu: &str, work: &Path) -> std::result::Result<(Vec<u8>, f64), String> {
    let mut cmd = Command::new("taskset");
    cmd.args(["-c", cpu])
        .arg(prog)
        .args(&w.args)
        .current_dir(w.dir.as_deref().unwrap_or(work))
        .env_clear()
        .envs(ENV.iter().copied())
        .stdin(Stdio::null());
    let t = Instant::now();
    let out = cmd.output().map_err(|e| format!("cannot start {}: {e}", prog.display()))?;
    let secs = t.elapsed().as_secs_f64();
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        return Err(format!("{}: {}", out.status, err.lines().last().unwrap_or("")));
    }
    // ripgrep prints files in the order its threads finish them: compare sorted lines.
    let mut lines: Vec<&[u8]> = out.stdout.split(|&b| b == b'\n').collect();
    lines.sort_unstable();
    Ok((lines.join(&b'\n'), secs))
}

/// Checks each way's output against musl's, then times `rounds` interleaved rounds.
fn measure(w: &Workload, built: &[std::result::Result<Programs, String>], rounds: usize, cpu: &str, work: &Path) -> Vec<Cell> {
    let _ = fs::create_dir_all(work.join("run"));
    let progs: Vec<std::result::Result<PathBuf, String>> = built
        .iter()
        .map(|b| match b {
            Ok(p) if w.program == "rg" => Ok(p.rg.clone()),
            Ok(p) => Ok(p.dir.join(w.program)),
            Err(e) => Err(format!("build failed: {e}")),
        })
        .collect();
    let mut cells: Vec<Option<Cell>> = Way::ALL.iter().map(|_| None).collect();
    let mut reference: Option<Vec<u8>> = None;
    for (i, p) in progs.iter().enumerate() {
        let r = p.clone().and_then(|p| once(w, &p, cpu, work));
        match r {
            Err(e) => cells[i] = Some(Cell::Failed(e)),
            Ok((out, _)) => match &reference {
                None if Way::ALL[i] == Way::Musl => reference = Some(out),
                Some(r) if *r != out => cells[i] = Some(Cell::Failed("output differs from musl's".into())),
                _ => {}
            },
        }
    }
    let mut samples: Vec<Vec<f64>> = Way::ALL.iter().map(|_| Vec::new()).collect();
    for round in 0..rounds * w.rounds {
        for k in 0..Way::ALL.len() {
            let i = (round + k) % Way::ALL.len();
            if cells[i].is_some() {
                continue;
            }
            let Ok(p) = &progs[i] else { continue };
            match once(w, p, cpu, work) {
                Ok((_, s)) => samples[i].push(s),
                Err(e) => cells[i] = Some(Cell::Failed(e)),
            }
        }
    }
    cells.into_iter().zip(samples).map(|(c, s)| c.unwrap_or_else(|| Cell::Time { median: median(&s), samples: s })).collect()
}

fn short(c: &Cell) -> String {
    match c {
        Cell::Time { median, .. } => format!("{median:.3} s"),
        Cell::Failed(e) => format!("failed: {e}"),
    }
}

fn ratio(cells: &[Cell], num: Way, den: Way) -> Option<f64> {
    let at = |w: Way| Way::ALL.iter().position(|x| *x == w).and_then(|i| cells.get(i));
    match (at(num), at(den)) {
        (Some(Cell::Time { median: a, .. }), Some(Cell::Time { median: b, .. })) if *b > 0.0 => Some(a / b),
        _ => None,
    }
}

/// The pairs of the table's ratio columns.
const RATIOS: &[(Way, Way)] = &[
    (Way::LimpetStatic, Way::Musl),
    (Way::LimpetStatic, Way::Glibc),
    (Way::LimpetDynamic, Way::Musl),
    (Way::LimpetDynamic, Way::Glibc),
];

fn markdown(table: &[(&Workload, Vec<Cell>)], rounds: usize, root: &Path, quick: bool) -> String {
    let text = |c: &mut Command| output(c).map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string()).unwrap_or_default();
    let mut s = String::new();
    s.push_str("# limpet Rust workloads\n\n");
    s.push_str(&format!(
        "{}, commit {}{}; {rounds} rounds, each the whole program's wall time (median), pinned to one CPU.\n\n",
        text(Command::new("date").args(["-u", "+%Y-%m-%d %H:%M UTC"])),
        text(Command::new("git").current_dir(root).args(["describe", "--always", "--dirty"])),
        if quick { ", **--quick**" } else { "" },
    ));
    s.push_str("| workload | musl static | glibc | limpet static | limpet dynamic | static/musl | static/glibc | dynamic/musl | dynamic/glibc |\n");
    s.push_str("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    let mut logs: Vec<Vec<f64>> = vec![Vec::new(); RATIOS.len()];
    for (w, cells) in table {
        s.push_str(&format!("| {} |", w.label));
        for c in cells {
            s.push_str(&format!(" {} |", short(c)));
        }
        for (k, (a, b)) in RATIOS.iter().enumerate() {
            match ratio(cells, *a, *b) {
                Some(r) => {
                    logs[k].push(r.ln());
                    s.push_str(&format!(" {r:.2} |"));
                }
                None => s.push_str(" — |"),
            }
        }
        s.push('\n');
    }
    s.push_str("| **geometric mean** | | | | |");
    for l in &logs {
        if l.is_empty() {
            s.push_str(" — |");
        } else {
            s.push_str(&format!(" **{:.2}** |", (l.iter().sum::<f64>() / l.len() as f64).exp()));
        }
    }
    s.push_str("\n\nBuilt by `cargo xtask bench --rust`; bench/README.md says how each way is built.\n");
    s
}

fn json(table: &[(&Workload, Vec<Cell>)]) -> String {
    let mut s = String::from("{\"workloads\":[");
    for (n, (w, cells)) in table.iter().enumerate() {
        if n > 0 {
            s.push(',');
        }
        s.push_str(&format!("{{\"id\":\"{}\",\"label\":\"{}\",\"cells\":{{", w.id, w.label));
        for (i, (way, c)) in Way::ALL.iter().zip(cells).enumerate() {
            if i > 0 {
                s.push(',');
            }
            match c {
                Cell::Time { median, samples } => s.push_str(&format!(
                    "\"{}\":{{\"median_s\":{median},\"samples_s\":[{}]}}",
                    way.key(),
                    samples.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(",")
                )),
                Cell::Failed(e) => s.push_str(&format!("\"{}\":{{\"failed\":{:?}}}", way.key(), e)),
            }
        }
        s.push_str("}}");
    }
    s.push_str("]}\n");
    s
}
