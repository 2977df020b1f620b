//! What each command needs from the machine, installed when it is missing.
//!
//! - Debian packages: installed with `apt-get update` then `apt-get install` when running
//!   as root, otherwise named in the error with the line to run.
//! - rustup targets and components: the ones `rust-toolchain.toml` names. rustup installs
//!   them by itself only when it installs the toolchain; a machine that already had the
//!   pinned toolchain has none of them, so the commands that need them add them here.
//!
//! Each command asks for what it uses and nothing more: `dist` builds for the host and
//! links with gcc against musl's headers, so it needs no cross compiler or qemu (but the
//! pinned targets: it ships the musl target's unwinder); `test` needs all of them.
use crate::util::{Result, have, output, root, run};
use std::process::Command;

/// One thing a command needs: a program on PATH, or an absolute path of a file, and the
/// Debian package that provides it.
type Need = (&'static str, &'static str);

/// Building and checking the installation: the compiler wrapper and the example.
const DIST: &[Need] = &[
    ("musl-gcc", "musl-tools"),
    ("gcc", "gcc"),
    ("ar", "binutils"),
    ("nm", "binutils"),
    ("objcopy", "binutils"),
];

/// The test command, on top of [`DIST`]: PT_INTERP rewriting for the C harness, and the
/// cross linkers, their C libraries and qemu-user for the aarch64 and riscv64 test runs.
const TEST: &[Need] = &[
    ("patchelf", "patchelf"),
    ("aarch64-linux-gnu-gcc", "gcc-aarch64-linux-gnu"),
    ("riscv64-linux-gnu-gcc", "gcc-riscv64-linux-gnu"),
    ("/usr/riscv64-linux-gnu/lib/libc.so", "libc6-dev-riscv64-cross"),
    ("qemu-aarch64", "qemu-user"),
    ("qemu-riscv64", "qemu-user"),
    // The differential math test's oracle.
    ("/usr/include/mpfr.h", "libmpfr-dev"),
    // And the complex functions' (MPC).
    ("/usr/include/mpc.h", "libmpc-dev"),
    // limpet-intl's tests and limpet-locale's MUSL_LOCPATH test write their .mo catalogs
    // with msgfmt (gencat is libc-bin's).
    ("msgfmt", "gettext"),
    // limpet-iconv's oracle for every charset it converts (Python's codecs); its other
    // oracle, glibc's `iconv` command, is in libc-bin, which every Debian has.
    ("python3", "python3"),
    // The locale sources limpet-localedef compiles for the C programs and its own tests,
    // and glibc's localedef, the oracle those tests compare with.
    ("/usr/share/i18n/locales/de_DE", "locales"),
    // limpet-crypt's oracle for $y$ and $7$: libxcrypt, called through Python's ctypes.
    ("/usr/lib/x86_64-linux-gnu/libcrypt.so.1", "libcrypt1"),
];

/// The benchmarks, on top of [`DIST`]: PT_INTERP rewriting, CPU pinning and time limits.
const BENCH: &[Need] = &[
    ("patchelf", "patchelf"),
    ("taskset", "util-linux"),
    ("timeout", "coreutils"),
    // The strftime_locale row compiles de_DE from Debian's sources (bench/locales.rs).
    ("/usr/share/i18n/locales/de_DE", "locales"),
    // The crypt_yescrypt row's glibc column opens libxcrypt.
    ("/usr/lib/x86_64-linux-gnu/libcrypt.so.1", "libcrypt1"),
];

/// The Rust workloads (`bench --rust`), on top of [`BENCH`]: the Ogg Vorbis files are made
/// from generated audio.
const BENCH_RUST: &[Need] = &[("oggenc", "vorbis-tools"), ("sox", "sox")];

/// The command a caller is about to run.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum For {
    Dist,
    Test,
    Bench,
    BenchRust,
}

/// Makes sure everything `what` needs is there, installing what is missing.
pub fn ensure(what: For) -> Result {
    let mut needs: Vec<Need> = DIST.to_vec();
    match what {
        For::Dist => {}
        For::Test => needs.extend_from_slice(TEST),
        For::Bench => needs.extend_from_slice(BENCH),
        For::BenchRust => {
            needs.extend_from_slice(BENCH);
            needs.extend_from_slice(BENCH_RUST);
        }
    }
    packages(&needs)?;
    // dist ships the musl target's libunwind.a for Rust programs; test cross-compiles.
    toolchain()?;
    Ok(())
}

fn exists(p: &str) -> bool {
    if p.starts_with('/') { std::path::Path::new(p).exists() } else { have(p) }
}

pub fn is_root() -> bool {
    Command::new("id").arg("-u").output().map(|o| o.stdout.starts_with(b"0\n")).unwrap_or(false)
}

/// Installs the Debian packages behind the missing needs.
fn packages(needs: &[Need]) -> Result {
    let mut missing: Vec<&str> = needs.iter().filter(|(p, _)| !exists(p)).map(|(_, pkg)| *pkg).collect();
    missing.sort();
    missing.dedup();
    if missing.is_empty() {
        return Ok(());
    }
    let install = format!("apt-get update && apt-get install -y {}", missing.join(" "));
    if !is_root() {
        return Err(format!("missing prerequisites; run as root:\n    {install}"));
    }
    eprintln!("xtask: installing {}", missing.join(" "));
    // The package lists of a fresh machine may be missing or stale.
    run(Command::new("apt-get").arg("update").arg("-qq"))?;
    run(Command::new("apt-get").args(["install", "-y", "-qq"]).args(&missing).env("DEBIAN_FRONTEND", "noninteractive"))?;
    Ok(())
}

/// The `targets` and `components` arrays of rust-toolchain.toml.
fn pinned() -> Result<(Vec<String>, Vec<String>)> {
    let path = root().join("rust-toolchain.toml");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let list = |key: &str| -> Vec<String> {
        text.lines()
            .find_map(|l| l.trim().strip_prefix(key).map(str::trim_start).and_then(|r| r.strip_prefix('=')))
            .map(|r| r.trim().trim_start_matches('[').trim_end_matches(']'))
            .map(|r| r.split(',').map(|s| s.trim().trim_matches('"').to_string()).filter(|s| !s.is_empty()).collect())
            .unwrap_or_default()
    };
    Ok((list("targets"), list("components")))
}

/// Adds the rustup targets and components rust-toolchain.toml names that are missing.
fn toolchain() -> Result {
    let (targets, components) = pinned()?;
    let installed = |kind: &str| -> Result<Vec<String>> {
        let out = output(Command::new("rustup").current_dir(root()).args([kind, "list", "--installed"]))?;
        Ok(String::from_utf8_lossy(&out.stdout).lines().map(|l| l.trim().to_string()).collect())
    };
    let have_targets = installed("target")?;
    let missing: Vec<&String> = targets.iter().filter(|t| !have_targets.contains(t)).collect();
    if !missing.is_empty() {
        run(Command::new("rustup").current_dir(root()).args(["target", "add"]).args(&missing))?;
    }
    // `rustup component list --installed` names components with the host triple appended.
    let have_components = installed("component")?;
    let missing: Vec<&String> =
        components.iter().filter(|c| !have_components.iter().any(|h| h == *c || h.starts_with(&format!("{c}-")))).collect();
    if !missing.is_empty() {
        run(Command::new("rustup").current_dir(root()).args(["component", "add"]).args(&missing))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn reads_the_pinned_targets_and_components() {
        let (targets, components) = super::pinned().unwrap();
        assert!(targets.iter().any(|t| t == "aarch64-unknown-linux-musl"), "{targets:?}");
        assert!(components.iter().any(|c| c == "rust-src"), "{components:?}");
    }
}
