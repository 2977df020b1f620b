//! What a Rust program for `x86_64-unknown-linux-musl` needs from an installation beyond a
//! C program's, written by `cargo xtask dist`:
//! - `lib/libunwind.a`, the unwinder std links statically (`-lunwind`): LLVM's libunwind,
//!   as rustup ships it for the musl target (its self-contained copy), so the unwinder a
//!   limpet program gets is the one the Rust toolchain itself tests std with;
//! - `lib/libgcc_s.so.1` (and `libgcc_s.so`), the unwinder a dynamically linked std asks
//!   for (`-lgcc_s`): the same libunwind linked as a shared library against limpet's
//!   libc.so, exporting the `_Unwind_*` interface and `__register_frame*`;
//! - `bin/limpet-cargo`, cargo with the target, the linker, the C compiler for build
//!   scripts (the `cc` crate) and the flags that link against the installation.
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::util::{Result, output, run};

/// The Rust target limpet's x86_64 library serves.
pub const RUST_TARGET: &str = "x86_64-unknown-linux-musl";

/// What the shared unwinder exports: the unwinding interface, frame registration, and
/// libunwind's own `unw_*` API.
const UNWIND_EXPORTS: &[&str] = &["_Unwind_*", "__register_frame*", "__deregister_frame*", "unw_*", "__unw_*"];

/// The directory of rustup's self-contained objects for the musl target.
pub fn self_contained() -> Result<PathBuf> {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let out = output(Command::new(rustc).current_dir(crate::util::root()).args(["--print", "sysroot"]))?;
    let sysroot = String::from_utf8_lossy(&out.stdout).trim().to_string();
    Ok(Path::new(&sysroot).join("lib/rustlib").join(RUST_TARGET).join("lib/self-contained"))
}

/// Installs the unwinders and `limpet-cargo` into `prefix`. The shared unwinder is linked
/// only against a libc.so that exports every C name libunwind calls (`exports`, empty
/// without the dynamic linker): a minimal build has no threads or `<assert.h>`, and says so.
pub fn install(prefix: &Path, gcc: &Path, exports: &std::collections::BTreeSet<String>) -> Result {
    let lib = prefix.join("lib");
    let unwind = lib.join("libunwind.a");
    let from = self_contained()?.join("libunwind.a");
    fs::copy(&from, &unwind).map_err(|e| format!("{}: {e} (is the {RUST_TARGET} target installed?)", from.display()))?;
    for f in ["libgcc_s.so.1", "libgcc_s.so"] {
        let _ = fs::remove_file(lib.join(f));
    }
    let missing: Vec<String> = if exports.is_empty() {
        vec!["the dynamic linker".into()]
    } else {
        undefined(&unwind)?.into_iter().filter(|n| !exports.contains(n)).collect()
    };
    if !missing.is_empty() {
        println!("lib/libgcc_s.so.1 not built: this build lacks {}", missing.join(", "));
    } else {
        let dir = crate::util::root().join("target/limpet-link");
        fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        let vs = dir.join("libgcc_s.map");
        let globals: String = UNWIND_EXPORTS.iter().map(|p| format!("    {p};\n")).collect();
        fs::write(&vs, format!("{{\n  global:\n{globals}  local: *;\n}};\n")).map_err(|e| e.to_string())?;
        run(Command::new(gcc)
            .args(["-shared", "-Wl,-soname,libgcc_s.so.1", "-Wl,-z,defs", "-Wl,-z,now", "-Wl,-z,relro", "-Wl,--gc-sections"])
            .arg(format!("-Wl,--version-script={}", vs.display()))
            .arg("-o")
            .arg(lib.join("libgcc_s.so.1"))
            .args(["-Wl,--whole-archive"])
            .arg(&unwind)
            .args(["-Wl,--no-whole-archive"]))?;
        std::os::unix::fs::symlink("libgcc_s.so.1", lib.join("libgcc_s.so")).map_err(|e| e.to_string())?;
    }
    write_cargo(prefix, gcc)
}

/// The names `archive` needs from elsewhere: those its members refer to and none defines
/// (the linker's own `_GLOBAL_OFFSET_TABLE_` aside).
fn undefined(archive: &Path) -> Result<Vec<String>> {
    let names = |args: &[&str]| -> Result<std::collections::BTreeSet<String>> {
        let out = output(Command::new("nm").args(args).arg("--format=posix").arg(archive))?;
        Ok(String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter_map(|l| l.split_whitespace().next())
            .filter(|n| !n.ends_with(':'))
            .map(str::to_string)
            .collect())
    };
    let defined = names(&["-g", "--defined-only"])?;
    Ok(names(&["-u"])?.into_iter().filter(|n| !defined.contains(n) && n != "_GLOBAL_OFFSET_TABLE_").collect())
}

/// Writes `bin/limpet-cargo`.
fn write_cargo(prefix: &Path, gcc: &Path) -> Result {
    let triple = RUST_TARGET.to_uppercase().replace('-', "_");
    let cc_triple = RUST_TARGET.replace('-', "_");
    let script = format!(
        r#"#!/bin/sh
# cargo for {RUST_TARGET}, linked against limpet in {prefix}:
#   limpet-cargo build --release              a static program: libc.a, the crt objects, libunwind.a
#   limpet-cargo --dynamic build --release    a dynamic one: libc.so is its interpreter, libgcc_s.so.1 its unwinder
# Any cargo command works (run, test, install, ...). Build scripts that compile C with the
# cc crate compile it with limpet-gcc. RUSTFLAGS, when set, are kept and added to.
flags="-C link-self-contained=no"
if [ "$1" = --dynamic ]; then
    shift
    flags="$flags -C target-feature=-crt-static"
fi
export CARGO_BUILD_TARGET="${{CARGO_BUILD_TARGET:-{RUST_TARGET}}}"
export CARGO_TARGET_{triple}_LINKER="{gcc}"
export CC_{cc_triple}="${{CC_{cc_triple}:-{gcc}}}"
export AR_{cc_triple}="${{AR_{cc_triple}:-ar}}"
# rustdoc gets cargo's linker but not the target's rustflags: doctests need the flags too.
export RUSTDOCFLAGS="${{RUSTDOCFLAGS:+$RUSTDOCFLAGS }}$flags"
if [ -n "$RUSTFLAGS" ]; then
    export RUSTFLAGS="$RUSTFLAGS $flags"
else
    export CARGO_TARGET_{triple}_RUSTFLAGS="$flags${{CARGO_TARGET_{triple}_RUSTFLAGS:+ $CARGO_TARGET_{triple}_RUSTFLAGS}}"
fi
exec "${{CARGO:-cargo}}" "$@"
"#,
        prefix = prefix.display(),
        gcc = gcc.display(),
    );
    let path = prefix.join("bin/limpet-cargo");
    fs::write(&path, script).map_err(|e| e.to_string())?;
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).map_err(|e| e.to_string())
}
