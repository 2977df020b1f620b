//! Debian packages the commands need: installed when running as root, otherwise named.
use crate::util::{Result, have, run};
use std::process::Command;

/// (program on PATH, or absolute path of a file, that must exist; Debian package providing it)
const NEEDED: &[(&str, &str)] = &[
    ("musl-gcc", "musl-tools"),
    ("patchelf", "patchelf"),
    ("gcc", "gcc"),
    ("ar", "binutils"),
    // Cross linkers, their C libraries and qemu-user for the aarch64 and riscv64 test runs.
    ("aarch64-linux-gnu-gcc", "gcc-aarch64-linux-gnu"),
    ("riscv64-linux-gnu-gcc", "gcc-riscv64-linux-gnu"),
    ("/usr/riscv64-linux-gnu/lib/libc.so", "libc6-dev-riscv64-cross"),
    ("qemu-aarch64", "qemu-user"),
    ("qemu-riscv64", "qemu-user"),
];

/// Makes sure every needed program exists, installing the packages as root.
pub fn ensure() -> Result {
    let mut missing: Vec<&str> = NEEDED.iter().filter(|(p, _)| !have(p)).map(|(_, pkg)| *pkg).collect();
    missing.dedup();
    if missing.is_empty() {
        return Ok(());
    }
    let is_root = Command::new("id").arg("-u").output().map(|o| o.stdout.starts_with(b"0")).unwrap_or(false);
    let install = format!("apt-get update && apt-get install -y {}", missing.join(" "));
    if !is_root {
        return Err(format!("missing prerequisites; run as root:\n    {install}"));
    }
    eprintln!("xtask: installing {}", missing.join(" "));
    run(Command::new("apt-get").arg("update").arg("-qq"))?;
    run(Command::new("apt-get").args(["install", "-y", "-qq"]).args(&missing).env("DEBIAN_FRONTEND", "noninteractive"))?;
    Ok(())
}
