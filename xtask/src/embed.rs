//! `cargo xtask embed COMPONENT`: one component as a static archive of C functions, for a C
//! project that wants only that piece (limpet's memcpy, or its allocator, in a program on
//! another C library).
//!
//! The archive is a tiny `staticlib` crate written to `target/embed/COMPONENT/`, outside the
//! workspace (turning `export` on inside it would give the components' std test binaries C
//! symbols): it depends on the component with `export` and adds only a panic handler, which
//! calls the C library's `abort`, and the unwinding personality symbol Rust's precompiled
//! `core` refers to. Then:
//! - the archive's C names must be exactly the component's rows of the entrypoint table
//!   (the crates it depends on come in without theirs), besides the compiler's runtime
//!   helpers (`__popcountdi2`, ...) and limpet's internal `limpet_*` labels;
//! - what it leaves undefined must be what the component's README says an embedder
//!   supplies ([`crate::graph::embedder_needs`]): its imports, errno, Rust core's memory
//!   routines, and `abort`;
//! - `components/COMPONENT/examples/embed.c`, when there is one, is linked against it and
//!   the host C library, and run.
use std::collections::BTreeSet;
use std::fs;
use std::path::Path;
use std::process::Command;

use crate::objects;
use crate::util::{Result, output, root, run};

/// Builds, checks and demonstrates component `c`'s archive; returns its path.
pub fn embed(c: &str) -> Result<std::path::PathBuf> {
    let root = root();
    let dir = root.join("components").join(c);
    if !dir.join("Cargo.toml").exists() {
        return Err(format!("no component {c}"));
    }
    let work = root.join("target/embed").join(c);
    fs::create_dir_all(&work).map_err(|e| e.to_string())?;
    let krate = format!("limpet_{c}_embed");
    let mut features = vec!["export".to_string()];
    if c == "malloc" {
        // The allocator's choice, as limpet-malloc's default has it.
        features.push("malloc-hardened".into());
    }
    fs::write(
        work.join("Cargo.toml"),
        format!(
            "# Written by `cargo xtask embed {c}`.\n[package]\nname = \"{krate}\"\nversion = \"0.1.0\"\nedition = \"2024\"\npublish = false\n\n\
             [lib]\ncrate-type = [\"staticlib\"]\npath = \"lib.rs\"\n\n\
             [dependencies]\nlimpet-{c} = {{ path = \"{}\", default-features = false, features = [{}] }}\n\n\
             [profile.release]\npanic = \"abort\"\ncodegen-units = 1\n\n[workspace]\n",
            dir.display(),
            features.iter().map(|f| format!("\"{f}\"")).collect::<Vec<_>>().join(", ")
        ),
    )
    .map_err(|e| e.to_string())?;
    fs::write(
        work.join("lib.rs"),
        format!(
            "//! limpet-{c}'s C functions as a static library (written by `cargo xtask embed {c}`).\n\
             #![no_std]\n\nextern crate limpet_{c};\n\n\
             unsafe extern \"C\" {{\n    /// The C library's `abort`, from whatever libc the final program links.\n    fn abort() -> !;\n}}\n\n\
             /// A panic in limpet is a bug: stop the process.\n#[panic_handler]\nfn panic(_: &core::panic::PanicInfo) -> ! {{\n    \
             // SAFETY: abort takes no arguments and never returns.\n    unsafe {{ abort() }}\n}}\n\n\
             /// Referenced by the precompiled `core` even with `panic = \"abort\"`, never called.\n\
             #[unsafe(no_mangle)]\npub extern \"C\" fn rust_eh_personality() {{}}\n"
        ),
    )
    .map_err(|e| e.to_string())?;
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let target = work.join("target");
    run(Command::new(&cargo)
        .args(["build", "--release", "--quiet", "--manifest-path"])
        .arg(work.join("Cargo.toml"))
        .arg("--target-dir")
        .arg(&target)
        .env_remove("CARGO_TARGET_DIR"))?;
    let archive = target.join("release").join(format!("lib{krate}.a"));
    check(c, &archive)?;
    let demo = dir.join("examples/embed.c");
    if demo.exists() {
        let exe = work.join("embed-demo");
        run(Command::new("cc").args(["-O2", "-fno-builtin", "-o"]).arg(&exe).arg(&demo).arg(&archive).arg("-lm"))?;
        let out = output(&mut Command::new(&exe))?;
        print!("{}", String::from_utf8_lossy(&out.stdout));
    }
    println!("limpet-{c} as a C archive: {}", archive.display());
    Ok(archive)
}

/// The archive's C names and what it leaves undefined, held to the table and the README.
fn check(c: &str, archive: &Path) -> Result {
    let out = output(Command::new("nm").args(["-A", "-g", "--format=posix"]).arg(archive))?;
    // Every name the archive defines, and those of the component's own object.
    let (mut defined, mut ours, mut undefined) = (BTreeSet::new(), BTreeSet::new(), BTreeSet::new());
    let mut runtime = 0;
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        // `archive[member]: name kind ...`
        let Some((path, rest)) = line.rsplit_once("]: ") else { continue };
        let member = path.rsplit_once('[').map_or(path, |(_, m)| m);
        let mut f = rest.split_whitespace();
        let (Some(name), Some(kind)) = (f.next(), f.next()) else { continue };
        if !objects::is_c_name(name) || name.starts_with("anon.") {
            continue;
        }
        if kind == "U" {
            undefined.insert(name.to_string());
            continue;
        }
        if kind == "w" || kind == "v" {
            // Weak and undefined (limpet-start's `_DYNAMIC` and init-array bounds): null
            // unless the link defines them, so nobody has to.
            continue;
        }
        defined.insert(name.to_string());
        if !member.starts_with("limpet_") {
            // compiler_builtins' members (`<hash>-popcountdi2.o`, ...).
            runtime += 1;
        } else if objects::is_internal(name) {
        } else if member.starts_with(&format!("limpet_{c}-")) {
            ours.insert(name.to_string());
        } else if !member.starts_with(&format!("limpet_{c}_embed")) {
            return Err(format!("limpet-{c}'s archive: {name} comes from {member}, a crate it depends on, which should bring no C names"));
        }
    }
    let table: BTreeSet<String> =
        crate::entrypoints::load()?.into_iter().filter(|e| e.component == c).map(|e| e.name).collect();
    if ours != table {
        let extra: Vec<&String> = ours.difference(&table).collect();
        let lacking: Vec<&String> = table.difference(&ours).collect();
        return Err(format!("limpet-{c}'s archive and its rows of the entrypoint table differ: missing {lacking:?}, extra {extra:?}"));
    }
    let mut allowed: BTreeSet<String> = crate::graph::embedder_imports(c)?.into_iter().collect();
    allowed.extend(objects::CORE_NEEDS.iter().map(|s| s.to_string()));
    allowed.insert("__errno_location".into());
    allowed.insert("abort".into());
    let stray: Vec<&String> = undefined
        .iter()
        .filter(|n| !defined.contains(*n) && !allowed.contains(*n) && !objects::is_linker_symbol(n) && !objects::is_libgcc(n))
        .collect();
    if !stray.is_empty() {
        return Err(format!("limpet-{c}'s archive needs {stray:?}, which its README does not list among what an embedder supplies"));
    }
    println!("limpet-{c}: {} C functions and data, the table's; {runtime} compiler runtime helpers; needs only what its README lists", table.len());
    Ok(())
}
