//! Builds each row's program the five ways of [`Variant`].
//!
//! A static link against limpet's libc.a that fails on `undefined reference to `NAME'` gives
//! [`Cell::Missing`] for that row only: every row is its own program, so a missing function
//! never takes other rows down. (The dynamic variant finds the same out when the loader
//! refuses to start the program; see the runner.)
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::rows::{CHILD, Row, Variant};
use super::{Cell, Program};
use crate::util::{Result, output};

/// Row programs are compiled like this: every libc call stays a call.
pub const CFLAGS: &[&str] = &["-O2", "-fno-builtin"];

/// limpet's installation, as `cargo xtask dist` made it.
pub struct Tools {
    pub libc_so: PathBuf,
    pub limpet_gcc: PathBuf,
}

/// A row's program for one variant, or the cell that says why there is none.
pub type Built = std::result::Result<Program, Cell>;

/// Builds every row (and the fork_exec row's child) five ways under `dir/<variant>/`,
/// on as many threads as there are CPUs. Returns each row's five programs in
/// [`Variant::ALL`] order.
pub fn rows(root: &Path, dir: &Path, tools: &Tools, rows: &[&Row]) -> Result<Vec<Vec<Built>>> {
    for v in Variant::ALL {
        fs::create_dir_all(dir.join(v.key())).map_err(|e| e.to_string())?;
    }
    let src = root.join("bench/c");
    let children = if rows.iter().any(|r| r.spawns_child) {
        Some(five_ways(tools, dir, &src.join(format!("{CHILD}.c")), CHILD, &[]))
    } else {
        None
    };
    let next = AtomicUsize::new(0);
    let done: Mutex<Vec<Option<Vec<Built>>>> = Mutex::new((0..rows.len()).map(|_| None).collect());
    let threads = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(row) = rows.get(i) else { break };
                    let mut built = five_ways(tools, dir, &src.join(format!("{}.c", row.id)), row.id, row.libs);
                    if row.spawns_child {
                        attach_children(&mut built, children.as_ref().expect("children are built when a row spawns"));
                    }
                    done.lock().expect("no builder panics")[i] = Some(built);
                }
            });
        }
    });
    Ok(done.into_inner().expect("no builder panics").into_iter().map(|b| b.expect("every row is built")).collect())
}

/// Gives each variant of the fork_exec row the child built the same way; without that
/// child the row cannot run either.
fn attach_children(built: &mut [Built], children: &[Built]) {
    for (b, child) in built.iter_mut().zip(children) {
        match (b.as_mut(), child) {
            (Ok(p), Ok(c)) => p.arg = Some(c.exe.clone()),
            (Ok(_), Err(why)) => *b = Err(child_failure(why)),
            (Err(_), _) => {}
        }
    }
}

fn child_failure(why: &Cell) -> Cell {
    match why {
        Cell::Missing(names) => Cell::Missing(names.clone()),
        Cell::BuildFailed(m) => Cell::BuildFailed(format!("the child program: {m}")),
        Cell::Crash(m) => Cell::Crash(format!("the child program: {m}")),
        Cell::Time { .. } => unreachable!("a build never yields a time"),
    }
}

/// Builds `src` as `dir/<variant>/<name>` for every variant.
fn five_ways(tools: &Tools, dir: &Path, src: &Path, name: &str, libs: &[&str]) -> Vec<Built> {
    let out = |v: Variant| dir.join(v.key()).join(name);
    let musl = compile(Command::new("musl-gcc").args(CFLAGS), src, &out(Variant::Musl), libs);
    let limpet = match &musl {
        Ok(p) => retarget(&p.exe, &out(Variant::Limpet), &tools.libc_so),
        Err(e) => Err(Cell::BuildFailed(format!("the musl build failed: {}", describe(e)))),
    };
    let glibc = compile(Command::new("gcc").args(CFLAGS), src, &out(Variant::Glibc), libs);
    let musl_static =
        compile(Command::new("musl-gcc").args(CFLAGS).arg("-static"), src, &out(Variant::MuslStatic), libs);
    let limpet_static =
        compile(Command::new(&tools.limpet_gcc).args(CFLAGS).arg("-static"), src, &out(Variant::LimpetStatic), libs);
    vec![musl, limpet, glibc, musl_static, limpet_static]
}

fn describe(c: &Cell) -> String {
    match c {
        Cell::Missing(n) => format!("missing {}", n.join(", ")),
        Cell::Crash(m) | Cell::BuildFailed(m) => m.clone(),
        Cell::Time { .. } => "ran".into(),
    }
}

/// Runs the compiler `cc` on `inputs` (sources and objects) with `libs` after them.
pub fn compile_inputs(cc: &mut Command, inputs: &[&Path], out: &Path, libs: &[&str]) -> Built {
    let _ = fs::remove_file(out);
    cc.arg("-o").arg(out).args(inputs).args(libs);
    match output(cc) {
        Ok(_) => Ok(Program { exe: out.to_path_buf(), arg: None }),
        Err(text) => {
            let missing = undefined_references(&text);
            if missing.is_empty() {
                Err(Cell::BuildFailed(text.lines().take(6).collect::<Vec<_>>().join(" | ")))
            } else {
                Err(Cell::Missing(missing))
            }
        }
    }
}

fn compile(cc: &mut Command, src: &Path, out: &Path, libs: &[&str]) -> Built {
    compile_inputs(cc, &[src], out, libs)
}

/// Copies the musl binary and points its PT_INTERP at limpet's libc.so.
pub fn retarget(musl_exe: &Path, out: &Path, libc_so: &Path) -> Built {
    let _ = fs::remove_file(out);
    fs::copy(musl_exe, out).map_err(|e| Cell::BuildFailed(format!("copy to {}: {e}", out.display())))?;
    output(Command::new("patchelf").arg("--set-interpreter").arg(libc_so).arg(out))
        .map_err(|e| Cell::BuildFailed(format!("patchelf: {e}")))?;
    Ok(Program { exe: out.to_path_buf(), arg: None })
}

/// The names of ld's "undefined reference to `NAME'" errors, each once, sorted.
pub fn undefined_references(text: &str) -> Vec<String> {
    const MARK: &str = "undefined reference to `";
    let mut names: Vec<String> = Vec::new();
    for line in text.lines() {
        let mut rest = line;
        while let Some(at) = rest.find(MARK) {
            rest = &rest[at + MARK.len()..];
            let Some(end) = rest.find('\'') else { break };
            let name = &rest[..end];
            if !names.iter().any(|n| n == name) {
                names.push(name.to_string());
            }
            rest = &rest[end..];
        }
    }
    names.sort();
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn undefined_references_are_collected_once_each() {
        let text = "/usr/bin/ld: /tmp/cc.o: in function `main':\n\
                    x.c:(.text+0x1): undefined reference to `strstr'\n\
                    /usr/bin/ld: x.c:(.text+0x9): undefined reference to `strstr'\n\
                    /usr/bin/ld: x.c:(.text+0x9): undefined reference to `fork'\n\
                    collect2: error: ld returned 1 exit status\n";
        assert_eq!(undefined_references(text), ["fork", "strstr"]);
        assert!(undefined_references("collect2: error: ld returned 1 exit status").is_empty());
    }
}
