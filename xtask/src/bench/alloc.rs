//! The allocators side by side: the malloc rows again on limpet built with its other
//! allocator (malloc-hardened, in target/dist-hardened), and the peak-RSS fragmentation
//! workload (bench/c/malloc_frag.c) on every libc and both of limpet's allocators.
use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};

use super::build::{self, Built, Tools};
use super::rows::{Row, Variant};
use super::{Cell, Program};
use crate::util::Result;

/// The group whose rows are also measured on the other allocator.
pub const GROUP: &str = "malloc";
/// The other allocator's name: `cargo xtask dist --malloc hardened`.
pub const OTHER: &str = "hardened";
/// The fragmentation workload's program in bench/c.
const FRAG: &str = "malloc_frag";
/// Runs of the workload per libc; the table shows the median.
const FRAG_RUNS: usize = 3;

/// The other allocator's two builds of a row, after the five of [`Variant::ALL`]: the musl
/// binary pointed at its libc.so, and a static link against its libc.a.
pub const TITLES: [&str; 2] = ["limpet hardened", "limpet hardened static"];
pub const KEYS: [&str; 2] = ["limpet-hardened", "limpet-hardened-static"];

/// Builds `row`'s other-allocator programs beside the five built ones (`five`, in
/// [`Variant::ALL`] order).
pub fn build_row(dir: &Path, other: &Tools, row: &Row, five: &[Built], src: &Path) -> Vec<Built> {
    for k in KEYS {
        let _ = fs::create_dir_all(dir.join(k));
    }
    let dynamic = match &five[Variant::Musl.index()] {
        Ok(p) => build::retarget(&p.exe, &dir.join(KEYS[0]).join(row.id), &other.libc_so),
        Err(_) => Err(Cell::BuildFailed("the musl build failed".into())),
    };
    let mut cc = Command::new(&other.limpet_gcc);
    cc.args(build::CFLAGS).arg("-static");
    let fixed = build::compile_inputs(&mut cc, &[&src.join(format!("{}.c", row.program))], &dir.join(KEYS[1]).join(row.id), row.libs);
    vec![dynamic, fixed]
}

/// One libc's peak RSS on the fragmentation workload.
pub struct Rss {
    pub title: &'static str,
    /// Peak resident set (KiB), or why there is none.
    pub peak_kib: std::result::Result<u64, String>,
}

/// The workload's result: each libc's peak, and the bytes the program held live at its peak.
pub struct RssTable {
    pub rows: Vec<Rss>,
    pub live_bytes: Option<u64>,
}

/// Builds and runs the fragmentation workload dynamically on musl, glibc, limpet and (when
/// built) limpet with the other allocator, `FRAG_RUNS` times each, pinned to `cpu`.
pub fn rss(root: &Path, dir: &Path, tools: &Tools, other: Option<&Tools>, cpu: &str) -> Result<RssTable> {
    fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    let src = root.join(format!("bench/c/{FRAG}.c"));
    let musl = build::compile_inputs(Command::new("musl-gcc").arg("-O2"), &[&src], &dir.join("musl"), &[]);
    let glibc = build::compile_inputs(Command::new("gcc").arg("-O2"), &[&src], &dir.join("glibc"), &[]);
    let on = |libc: &Path, name: &str| match &musl {
        Ok(p) => build::retarget(&p.exe, &dir.join(name), libc),
        Err(_) => Err(Cell::BuildFailed("the musl build failed".into())),
    };
    let limpet = on(&tools.libc_so, "limpet");
    let hardened = other.map(|o| on(&o.libc_so, "limpet-hardened"));
    let mut programs: Vec<(&'static str, Built)> = vec![("musl", musl), ("glibc", glibc), ("limpet", limpet)];
    programs.extend(hardened.map(|h| (TITLES[0], h)));
    let mut live = None;
    let rows = programs
        .into_iter()
        .map(|(title, built)| {
            let peak_kib = match built {
                Ok(p) => run_frag(&p, cpu).map(|(kib, bytes)| {
                    live = Some(bytes);
                    kib
                }),
                Err(c) => Err(super::report::short(&c)),
            };
            Rss { title, peak_kib }
        })
        .collect();
    Ok(RssTable { rows, live_bytes: live })
}

/// The median peak over the runs, and the live bytes the program reported.
fn run_frag(p: &Program, cpu: &str) -> std::result::Result<(u64, u64), String> {
    let mut peaks = Vec::new();
    let mut live = 0;
    for _ in 0..FRAG_RUNS {
        let out = Command::new("taskset")
            .args(["-c", cpu])
            .arg(&p.exe)
            .env_clear()
            .envs(super::runner::ENV.iter().copied())
            .stdin(Stdio::null())
            .output()
            .map_err(|e| e.to_string())?;
        let text = String::from_utf8_lossy(&out.stdout);
        let fields: Vec<u64> = text.split_whitespace().filter_map(|f| f.parse().ok()).collect();
        match (out.status.success(), &fields[..]) {
            (true, [kib, bytes]) => {
                peaks.push(*kib);
                live = *bytes;
            }
            _ => return Err(format!("failed: {} {}", out.status, String::from_utf8_lossy(&out.stderr).trim())),
        }
    }
    peaks.sort_unstable();
    Ok((peaks[peaks.len() / 2], live))
}
