//! Debian packages the commands need: installed when running as root, otherwise named.
use crate::util::{Result, have, run};
use std::process::Command;

/// (program that must exist, Debian package providing it)
const NEEDED: &[(&str, &str)] = &[("musl-gcc", "musl-tools"), ("patchelf", "patchelf"), ("gcc", "gcc"), ("ar", "binutils")];

/// Makes sure every needed program exists, installing the packages as root.
pub fn ensure() -> Result {
    let missing: Vec<&str> = NEEDED.iter().filter(|(p, _)| !have(p)).map(|(_, pkg)| *pkg).collect();
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
