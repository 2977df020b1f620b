//! The application benchmark: bench/sqlite/insert.c over SQLite, built the five ways.
//!
//! SQLite's amalgamation is the one the libsqlite3-sys crate bundles: cargo fetches the crate
//! for bench/sqlite/Cargo.toml and `cargo metadata` says where it is. sqlite3.c is compiled
//! once per compiler (musl-gcc, gcc) and cached under target/bench/sqlite/obj; the musl
//! object serves the musl, limpet and both static builds, as the row programs' binaries do.
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use super::Cell;
use super::build::{Built, Tools, compile_inputs, retarget};
use super::rows::Variant;
use crate::util::{Result, output, run};

/// Fewer libc functions needed: no locking, no dlopen.
const SQLITE_FLAGS: &[&str] = &["-O2", "-DSQLITE_THREADSAFE=0", "-DSQLITE_OMIT_LOAD_EXTENSION"];
/// The crate whose bundled sources we compile.
const CRATE: &str = "libsqlite3-sys";

/// Builds the driver five ways, in [`Variant::ALL`] order; also returns SQLite's version.
pub fn build(root: &Path, dir: &Path, tools: &Tools) -> Result<(Vec<Built>, String)> {
    let src = amalgamation(root)?;
    let version = version(&src)?;
    // The two compilers run side by side: each takes a CPU for about 20 s.
    let (musl_obj, glibc_obj) = std::thread::scope(|s| {
        let musl = s.spawn(|| cached_object(&dir.join("obj/musl"), "musl-gcc", &src));
        let glibc = s.spawn(|| cached_object(&dir.join("obj/glibc"), "gcc", &src));
        (musl.join().expect("no compile thread panics"), glibc.join().expect("no compile thread panics"))
    });
    let (musl_obj, glibc_obj) = (musl_obj?, glibc_obj?);
    for v in Variant::ALL {
        fs::create_dir_all(dir.join(v.key())).map_err(|e| e.to_string())?;
    }
    let driver = root.join("bench/sqlite/insert.c");
    let include = format!("-I{}", src.display());
    let out = |v: Variant| dir.join(v.key()).join("insert");
    let link = |cc: &mut Command, obj: &Path, v: Variant| {
        compile_inputs(cc.args(["-O2", &include]), &[driver.as_path(), obj], &out(v), &["-lm"])
    };
    eprintln!("bench: linking the SQLite driver five ways");
    let musl = link(&mut Command::new("musl-gcc"), &musl_obj, Variant::Musl);
    let limpet = match &musl {
        Ok(p) => retarget(&p.exe, &out(Variant::Limpet), &tools.libc_so),
        Err(_) => Err(Cell::BuildFailed("the musl build failed".into())),
    };
    let glibc = link(&mut Command::new("gcc"), &glibc_obj, Variant::Glibc);
    let musl_static = link(Command::new("musl-gcc").arg("-static"), &musl_obj, Variant::MuslStatic);
    let limpet_static = link(Command::new(&tools.limpet_gcc).arg("-static"), &musl_obj, Variant::LimpetStatic);
    Ok((vec![musl, limpet, glibc, musl_static, limpet_static], version))
}

/// The SQLITE_VERSION that sqlite3.h defines.
fn version(src: &Path) -> Result<String> {
    let header = fs::read_to_string(src.join("sqlite3.h")).map_err(|e| e.to_string())?;
    header
        .lines()
        .find_map(|l| l.strip_prefix("#define SQLITE_VERSION ").map(|v| v.trim().trim_matches('"').to_string()))
        .ok_or_else(|| "sqlite3.h defines no SQLITE_VERSION".into())
}

/// The directory holding sqlite3.c and sqlite3.h.
fn amalgamation(root: &Path) -> Result<PathBuf> {
    let [krate] = fetched_crates(&root.join("bench/sqlite/Cargo.toml"), &[CRATE])?;
    let dir = krate.join("sqlite3");
    if !dir.join("sqlite3.c").is_file() {
        return Err(format!("{} has no sqlite3.c", dir.display()));
    }
    Ok(dir)
}

/// Fetches what `manifest` depends on (`cargo fetch --locked`) and returns the registry
/// directories of the crates `names`, in that order.
pub fn fetched_crates<const N: usize>(manifest: &Path, names: &[&str; N]) -> Result<[PathBuf; N]> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    run(Command::new(&cargo).args(["fetch", "--locked", "--quiet", "--manifest-path"]).arg(manifest))?;
    let meta = output(
        Command::new(&cargo).args(["metadata", "--format-version", "1", "--locked", "--manifest-path"]).arg(manifest),
    )?;
    let dirs: Vec<PathBuf> = manifest_paths(&String::from_utf8_lossy(&meta.stdout))
        .into_iter()
        .filter_map(|p| Path::new(&p).parent().map(Path::to_path_buf))
        .collect();
    let mut found = Vec::new();
    for name in names {
        let dir = dirs
            .iter()
            .find(|d| d.file_name().is_some_and(|n| n.to_string_lossy().starts_with(&format!("{name}-"))))
            .ok_or_else(|| format!("cargo metadata of {} does not list {name}", manifest.display()))?;
        found.push(dir.clone());
    }
    Ok(found.try_into().unwrap_or_else(|_| unreachable!("one directory per name")))
}

/// Every `"manifest_path":"..."` value in cargo metadata's JSON.
fn manifest_paths(json: &str) -> Vec<String> {
    const KEY: &str = "\"manifest_path\":\"";
    let mut v = Vec::new();
    let mut rest = json;
    while let Some(at) = rest.find(KEY) {
        rest = &rest[at + KEY.len()..];
        let mut value = String::new();
        let mut chars = rest.char_indices();
        let mut end = rest.len();
        while let Some((i, c)) = chars.next() {
            match c {
                '"' => {
                    end = i;
                    break;
                }
                '\\' => {
                    if let Some((_, e)) = chars.next() {
                        value.push(e);
                    }
                }
                c => value.push(c),
            }
        }
        v.push(value);
        rest = &rest[end..];
    }
    v
}

/// `dir/sqlite3.o`, compiled by `cc` unless a previous run compiled the same source with the
/// same flags (the key file records both).
fn cached_object(dir: &Path, cc: &str, src: &Path) -> Result<PathBuf> {
    fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    let obj = dir.join("sqlite3.o");
    let key_file = dir.join("sqlite3.o.key");
    let version = output(Command::new(cc).arg("-dumpfullversion"))
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())?;
    let key = format!("{cc} {version} {} {}\n", SQLITE_FLAGS.join(" "), src.join("sqlite3.c").display());
    if obj.is_file() && fs::read_to_string(&key_file).is_ok_and(|k| k == key) {
        return Ok(obj);
    }
    eprintln!("bench: compiling SQLite with {cc} (about 20 s; cached in {})", dir.display());
    let _ = fs::remove_file(&key_file);
    run(Command::new(cc).args(SQLITE_FLAGS).arg("-c").arg("-o").arg(&obj).arg(src.join("sqlite3.c")))?;
    fs::write(&key_file, key).map_err(|e| e.to_string())?;
    Ok(obj)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn manifest_paths_are_read_from_metadata() {
        let json = r#"{"packages":[{"name":"a","manifest_path":"/x/a-1.0/Cargo.toml"},{"name":"b","manifest_path":"/y/q\"z/Cargo.toml"}]}"#;
        assert_eq!(manifest_paths(json), ["/x/a-1.0/Cargo.toml", "/y/q\"z/Cargo.toml"]);
    }
}
