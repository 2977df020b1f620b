//! Runs the built programs: pinned to one CPU, in a fixed environment, in interleaved
//! rounds, and turns what each run printed or how it ended into a [`Cell`].
use std::fs;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use super::build::Built;
use super::{Cell, Program};
use crate::util::Result;

/// Every program runs with exactly this environment. The getenv row looks up USER, which
/// comes last (the environment reaches the program sorted by name).
pub const ENV: &[(&str, &str)] = &[
    ("HOME", "/root"),
    ("LANG", "C"),
    ("LOGNAME", "bench"),
    ("PATH", "/usr/bin:/bin"),
    ("PWD", "/"),
    ("SHELL", "/bin/sh"),
    ("TERM", "dumb"),
    ("TMPDIR", "/tmp"),
    ("USER", "bench"),
];

/// A run that takes longer than this is killed and shows as `crash` (timed out).
const TIMEOUT_SECS: &str = "120";
/// `timeout`'s exit status when it had to stop the program.
const TIMED_OUT: i32 = 124;
/// The loader's exit status when a library or symbol is missing (musl's, and limpet's).
const LOAD_FAILED: i32 = 127;

pub struct Runner {
    /// The CPU every run is pinned to.
    pub cpu: String,
    dir: PathBuf,
}

impl Runner {
    /// Runs programs in `dir`, pinned to CPU 1 (CPU 0 takes more of the machine's interrupts
    /// and housekeeping), or CPU 0 on a one-CPU machine.
    pub fn new(dir: &Path) -> Result<Runner> {
        fs::create_dir_all(dir).map_err(|e| e.to_string())?;
        let cpus = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
        Ok(Runner { cpu: if cpus > 1 { "1" } else { "0" }.into(), dir: dir.to_path_buf() })
    }

    /// Times each variant's program in batches of `ops` operations: first one short probe
    /// each (a program that cannot load or crashes is settled there), then `rounds` rounds,
    /// each running every remaining variant once, starting one variant later every round.
    /// Returns the cells in the programs' order.
    pub fn measure(&self, programs: &[Built], ops: u64, rounds: usize) -> Vec<Cell> {
        let mut cells: Vec<Option<Cell>> = programs.iter().map(|_| None).collect();
        let mut samples: Vec<Vec<f64>> = programs.iter().map(|_| Vec::new()).collect();
        for (i, p) in programs.iter().enumerate() {
            match p {
                Ok(prog) => {
                    if let Err(c) = self.once(prog, (ops / 10).max(1)) {
                        cells[i] = Some(c);
                    }
                }
                Err(c) => cells[i] = Some(clone_cell(c)),
            }
        }
        let n = programs.len();
        for round in 0..rounds {
            for k in 0..n {
                let i = (round + k) % n;
                if cells[i].is_some() {
                    continue;
                }
                let Ok(prog) = &programs[i] else { continue };
                match self.once(prog, ops) {
                    Ok(ns) => samples[i].push(ns),
                    Err(c) => cells[i] = Some(c),
                }
            }
        }
        cells
            .into_iter()
            .zip(samples)
            .map(|(c, s)| c.unwrap_or_else(|| Cell::Time { median: median(&s), samples: s }))
            .collect()
    }

    /// Runs `prog` for `ops` operations and returns the nanoseconds per operation.
    fn once(&self, prog: &Program, ops: u64) -> std::result::Result<f64, Cell> {
        let mut cmd = Command::new("timeout");
        cmd.args(["-k", "5", TIMEOUT_SECS, "taskset", "-c", &self.cpu])
            .arg(&prog.exe)
            .arg(ops.to_string())
            .args(prog.arg.iter())
            .current_dir(&self.dir)
            .env_clear()
            .envs(ENV.iter().copied())
            .stdin(Stdio::null());
        let out = cmd.output().map_err(|e| Cell::Crash(format!("cannot start {}: {e}", prog.exe.display())))?;
        classify(&out, ops)
    }
}

fn clone_cell(c: &Cell) -> Cell {
    match c {
        Cell::Time { median, samples } => Cell::Time { median: *median, samples: samples.clone() },
        Cell::Missing(n) => Cell::Missing(n.clone()),
        Cell::Crash(m) => Cell::Crash(m.clone()),
        Cell::BuildFailed(m) => Cell::BuildFailed(m.clone()),
        Cell::NotApplicable(why) => Cell::NotApplicable(why),
    }
}

/// Reads a run's result. Programs print `ELAPSED_NS OPS` (the SQLite driver adds the row
/// count it found, which must equal OPS).
fn classify(out: &Output, ops: u64) -> std::result::Result<f64, Cell> {
    let stderr = String::from_utf8_lossy(&out.stderr);
    let first_err = stderr.lines().next().unwrap_or("").trim().to_string();
    if let Some(sig) = out.status.signal() {
        return Err(Cell::Crash(format!("killed by signal {sig}")));
    }
    match out.status.code() {
        Some(0) => {}
        Some(TIMED_OUT) => return Err(Cell::Crash("timed out".into())),
        Some(LOAD_FAILED) => {
            let missing = missing_symbols(&stderr);
            return Err(if missing.is_empty() {
                Cell::Crash(format!("exit 127: {first_err}"))
            } else {
                Cell::Missing(missing)
            });
        }
        Some(code) if code > 128 => return Err(Cell::Crash(format!("killed by signal {}", code - 128))),
        Some(code) => return Err(Cell::Crash(format!("exit {code}: {first_err}"))),
        None => return Err(Cell::Crash("no exit status".into())),
    }
    let stdout = String::from_utf8_lossy(&out.stdout);
    let fields: Vec<u64> = stdout.split_whitespace().map(|f| f.parse().unwrap_or(u64::MAX)).collect();
    match fields[..] {
        [elapsed, n] | [elapsed, n, _] if n == ops && elapsed != u64::MAX => {
            if let [_, _, count] = fields[..]
                && count != ops
            {
                return Err(Cell::Crash(format!("counted {count} rows, expected {ops}")));
            }
            Ok(elapsed as f64 / ops as f64)
        }
        _ => Err(Cell::Crash(format!("unexpected output {:?}", stdout.trim()))),
    }
}

/// The names in the loader's "Error relocating PROG: NAME: symbol not found" lines, sorted.
fn missing_symbols(stderr: &str) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for line in stderr.lines() {
        if let Some((_, name)) = line.trim_end().strip_suffix(": symbol not found").and_then(|h| h.rsplit_once(": "))
            && !names.iter().any(|n| n == name)
        {
            names.push(name.to_string());
        }
    }
    names.sort();
    names
}

pub fn median(samples: &[f64]) -> f64 {
    let mut s = samples.to_vec();
    s.sort_by(f64::total_cmp);
    match s.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => s[n / 2],
        n => (s[n / 2 - 1] + s[n / 2]) / 2.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::process::ExitStatusExt;
    use std::process::ExitStatus;

    fn out(code: i32, stdout: &str, stderr: &str) -> Output {
        Output { status: ExitStatus::from_raw(code << 8), stdout: stdout.into(), stderr: stderr.into() }
    }

    #[test]
    fn a_good_run_gives_nanoseconds_per_op() {
        assert_eq!(classify(&out(0, "2000 1000\n", ""), 1000).ok(), Some(2.0));
        assert_eq!(classify(&out(0, "5000 10 10\n", ""), 10).ok(), Some(500.0));
    }

    #[test]
    fn missing_symbols_are_named() {
        let err =
            "Error relocating ./strstr: strstr: symbol not found\nError relocating ./strstr: fork: symbol not found\n";
        match classify(&out(127, "", err), 10) {
            Err(Cell::Missing(n)) => assert_eq!(n, ["fork", "strstr"]),
            _ => panic!("not missing"),
        }
    }

    #[test]
    fn failures_are_crashes() {
        let crash = |o: &Output| matches!(classify(o, 10), Err(Cell::Crash(_)));
        assert!(crash(&Output { status: ExitStatus::from_raw(11), stdout: vec![], stderr: vec![] }));
        assert!(crash(&out(124, "", "")));
        assert!(crash(&out(127, "", "Error loading shared library libx.so")));
        assert!(crash(&out(0, "garbage", "")));
        assert!(crash(&out(0, "100 9", "")));
        assert!(crash(&out(0, "100 10 9", "")));
        assert!(crash(&out(2, "", "strlen: wrong length")));
    }

    #[test]
    fn median_of_odd_and_even_counts() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&[4.0, 1.0, 2.0, 3.0]), 2.5);
    }
}
