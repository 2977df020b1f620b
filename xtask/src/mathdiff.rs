//! The differential math test (`tests/math`): `run.c` evaluates every function of
//! `funcs.h` on generated inputs in all four rounding modes, built four ways (on musl, on
//! limpet statically and through limpet's loader, on glibc), and `compare.c` (glibc and
//! MPFR) reads the four streams side by side and judges limpet's records against musl's
//! and MPFR's exact values. It also writes the accuracy table (largest error in ulps per
//! function for limpet, musl and glibc) to `target/mathdiff/accuracy.md`.
//!
//! `LIMPET_MATH_COUNT` sets the number of inputs per function and mode (default 25,000, so
//! 100,000 evaluations per function).
use std::fs;
use std::process::Command;

use crate::dist::Dist;
use crate::util::{Result, output, root};

const DEFAULT_COUNT: u32 = 25_000;

/// Builds and runs the differential test against the dist `d` (which must include math and
/// the loader).
pub fn run(d: &Dist) -> Result {
    let root = root();
    let src = root.join("tests/math");
    let work = root.join("target/mathdiff");
    fs::create_dir_all(&work).map_err(|e| e.to_string())?;
    let run_c = src.join("run.c");
    let count = std::env::var("LIMPET_MATH_COUNT").ok().and_then(|v| v.parse().ok()).unwrap_or(DEFAULT_COUNT);

    // The reference, and the same binary through limpet's loader.
    output(Command::new("musl-gcc").args(["-O2", "-static", "-o"]).arg(work.join("run-musl")).arg(&run_c).arg("-lm"))?;
    output(Command::new("musl-gcc").args(["-O2", "-o"]).arg(work.join("run-limpet-dynamic")).arg(&run_c).arg("-lm"))?;
    output(Command::new("patchelf").arg("--set-interpreter").arg(d.libc_so()).arg(work.join("run-limpet-dynamic")))?;
    output(Command::new(&d.gcc).args(["-O2", "-static", "-o"]).arg(work.join("run-limpet-static")).arg(&run_c).arg("-lm"))?;
    output(Command::new("gcc").args(["-O2", "-o"]).arg(work.join("run-glibc")).arg(&run_c).arg("-lm"))?;
    output(
        Command::new("gcc")
            .args(["-O2", "-o"])
            .arg(work.join("compare"))
            .arg(src.join("compare.c"))
            .args(["-lmpc", "-lmpfr", "-lgmp", "-lm"]),
    )?;
    let table = work.join("accuracy.md");
    let status = Command::new(work.join("compare"))
        .current_dir(&work)
        .arg(count.to_string())
        .arg(work.join("run-musl"))
        .arg(work.join("run-limpet-static"))
        .arg(work.join("run-limpet-dynamic"))
        .arg("--glibc")
        .arg(work.join("run-glibc"))
        .arg("--table")
        .arg(&table)
        .arg("--pending")
        .arg(src.join("pending.txt"))
        .status()
        .map_err(|e| format!("compare: {e}"))?;
    println!("accuracy table: {}", table.display());
    if status.success() { Ok(()) } else { Err("the differential math test found results worse than musl's".into()) }
}
