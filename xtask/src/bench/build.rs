//! Builds each row's program the five ways of [`Variant`].
//!
//! A static link against limpet's libc.a that fails on `undefined reference to `NAME'` gives
//! [`Cell::Missing`] for that row only: every row is its own program, so a missing function
//! never takes other rows down. (The dynamic variant finds the same out when the loader
//! refuses to start the program; see the runner.)
//!
//! A row's shared libraries ([`Row::dl_libs`]) are built into the musl and glibc directories
//! by those compilers, musl's copied beside the limpet binary, before the row's programs;
//! the programs get the rpath `$ORIGIN`, so they find them wherever they run from.
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::rows::{DlLib, Row, Variant};
use super::{Cell, Program};
use crate::util::{Result, output};

/// Row programs are compiled like this: every libc call stays a call.
pub const CFLAGS: &[&str] = &["-O2", "-fno-builtin"];
/// A row's shared libraries are compiled with these besides [`CFLAGS`].
const LIB_FLAGS: &[&str] = &["-shared", "-fPIC"];
/// Programs and libraries of a row with shared libraries find them in their own directory.
const RPATH_ORIGIN: &str = "-Wl,-rpath,$ORIGIN";
/// Why a row with shared libraries has no static cells.
const NO_STATIC_LOADING: &str = "a static program has no dynamic loader, so it cannot load shared libraries";

/// limpet's installation, as `cargo xtask dist` made it.
pub struct Tools {
    pub libc_so: PathBuf,
    pub limpet_gcc: PathBuf,
}

/// A row's program for one variant, or the cell that says why there is none.
pub type Built = std::result::Result<Program, Cell>;

/// Builds every row (with its libraries and the program it starts) five ways under
/// `dir/<variant>/`, on as many threads as there are CPUs. Returns each row's five programs
/// in [`Variant::ALL`] order.
pub fn rows(root: &Path, dir: &Path, tools: &Tools, rows: &[&Row]) -> Result<Vec<Vec<Built>>> {
    for v in Variant::ALL {
        fs::create_dir_all(dir.join(v.key())).map_err(|e| e.to_string())?;
    }
    let src = root.join("bench/c");
    let next = AtomicUsize::new(0);
    let done: Mutex<Vec<Option<Vec<Built>>>> = Mutex::new((0..rows.len()).map(|_| None).collect());
    let threads = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(row) = rows.get(i) else { break };
                    let built = row_five_ways(tools, dir, &src, row);
                    done.lock().expect("no builder panics")[i] = Some(built);
                }
            });
        }
    });
    Ok(done.into_inner().expect("no builder panics").into_iter().map(|b| b.expect("every row is built")).collect())
}

/// One row's five programs: its libraries first, then its program and the child it starts.
/// Each child and each library belongs to one row, so no two builder threads write one file.
fn row_five_ways(tools: &Tools, dir: &Path, src: &Path, row: &Row) -> Vec<Built> {
    let libs = shared_libs(dir, src, row.dl_libs);
    let dynamic_only = row.dynamic_only();
    let mut built = if row.musl_lacks {
        beyond_debian_musl(tools, dir, &src.join(format!("{}.c", row.program)), row)
    } else {
        five_ways(tools, dir, &src.join(format!("{}.c", row.program)), row.id, row.libs, dynamic_only)
    };
    if let Some(child) = row.child {
        let child_src = src.join(format!("{}.c", child.name));
        let children = five_ways(tools, dir, &child_src, child.name, child.libs, dynamic_only);
        attach_children(&mut built, &children);
    }
    for (b, lib) in built.iter_mut().zip(libs) {
        if let Err(why) = lib {
            *b = Err(why);
        }
    }
    built
}

/// Builds `libs` in order into the musl and glibc directories, each with its variant's
/// compiler, and copies musl's beside the limpet binary (the same musl-gcc build, as the
/// program is). Returns, in [`Variant::ALL`] order, the cell of a variant that lacks one.
fn shared_libs(dir: &Path, src: &Path, libs: &[DlLib]) -> Vec<std::result::Result<(), Cell>> {
    let build = |cc: &str, v: Variant| -> std::result::Result<(), Cell> {
        let out = dir.join(v.key());
        for lib in libs {
            let mut cmd = Command::new(cc);
            cmd.args(CFLAGS).args(LIB_FLAGS).arg(format!("-L{}", out.display())).arg(RPATH_ORIGIN);
            compile_inputs(&mut cmd, &[&src.join(format!("{}.c", lib.src))], &out.join(lib.file), lib.flags)
                .map_err(|c| Cell::BuildFailed(format!("{}: {}", lib.file, describe(&c))))?;
        }
        Ok(())
    };
    let musl = build("musl-gcc", Variant::Musl);
    let limpet = match &musl {
        Ok(()) => libs.iter().try_for_each(|lib| {
            let to = dir.join(Variant::Limpet.key()).join(lib.file);
            let _ = fs::remove_file(&to);
            fs::copy(dir.join(Variant::Musl.key()).join(lib.file), &to)
                .map(|_| ())
                .map_err(|e| Cell::BuildFailed(format!("copy to {}: {e}", to.display())))
        }),
        Err(e) => Err(Cell::BuildFailed(format!("the musl build failed: {}", describe(e)))),
    };
    let glibc = build("gcc", Variant::Glibc);
    vec![musl, limpet, glibc, Ok(()), Ok(())]
}

/// Gives each variant of a row that starts a program the child built the same way; without
/// that child the row cannot run either.
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
        Cell::NotApplicable(why) => Cell::NotApplicable(why),
        Cell::Time { .. } => unreachable!("a build never yields a time"),
    }
}

/// Builds `src` as `dir/<variant>/<name>` for every variant. A `dynamic_only` program is
/// linked to find libraries in its own directory, and has no static builds.
fn five_ways(tools: &Tools, dir: &Path, src: &Path, name: &str, libs: &[&str], dynamic_only: bool) -> Vec<Built> {
    let out = |v: Variant| dir.join(v.key()).join(name);
    let cc = |compiler: &Path, v: Variant| {
        let mut cmd = Command::new(compiler);
        cmd.args(CFLAGS);
        if dynamic_only {
            cmd.arg(format!("-L{}", dir.join(v.key()).display())).arg(RPATH_ORIGIN);
        }
        cmd
    };
    let musl = compile(&mut cc(Path::new("musl-gcc"), Variant::Musl), src, &out(Variant::Musl), libs);
    let limpet = match &musl {
        Ok(p) => retarget(&p.exe, &out(Variant::Limpet), &tools.libc_so),
        Err(e) => Err(Cell::BuildFailed(format!("the musl build failed: {}", describe(e)))),
    };
    let glibc = compile(&mut cc(Path::new("gcc"), Variant::Glibc), src, &out(Variant::Glibc), libs);
    if dynamic_only {
        let none = || Err(Cell::NotApplicable(NO_STATIC_LOADING));
        return vec![musl, limpet, glibc, none(), none()];
    }
    let musl_static =
        compile(cc(Path::new("musl-gcc"), Variant::MuslStatic).arg("-static"), src, &out(Variant::MuslStatic), libs);
    let limpet_static =
        compile(cc(&tools.limpet_gcc, Variant::LimpetStatic).arg("-static"), src, &out(Variant::LimpetStatic), libs);
    vec![musl, limpet, glibc, musl_static, limpet_static]
}

/// Why a row that Debian's musl cannot link has no musl dynamic cell.
const DEBIAN_MUSL_LACKS: &str = "Debian's musl leaves these functions out (its static column is rustup's musl 1.2.5)";

/// The five builds of a row whose functions Debian's musl lacks ([`Row::musl_lacks`]): musl
/// static against rustup's self-contained musl, limpet dynamic linked by musl-gcc against
/// limpet's own libc.so (there is no musl binary to retarget), glibc with its extra flags.
fn beyond_debian_musl(tools: &Tools, dir: &Path, src: &Path, row: &Row) -> Vec<Built> {
    let out = |v: Variant| dir.join(v.key()).join(row.id);
    let cc = |compiler: &Path| {
        let mut cmd = Command::new(compiler);
        cmd.args(CFLAGS);
        cmd
    };
    let limpet_lib = tools.libc_so.parent().map(|d| format!("-L{}", d.display())).unwrap_or_default();
    let limpet = compile(cc(Path::new("musl-gcc")).arg(&limpet_lib), src, &out(Variant::Musl), row.libs)
        .and_then(|p| retarget(&p.exe, &out(Variant::Limpet), &tools.libc_so));
    let glibc_libs: Vec<&str> = row.libs.iter().chain(row.glibc_libs).copied().collect();
    let glibc = compile(&mut cc(Path::new("gcc")), src, &out(Variant::Glibc), &glibc_libs);
    let musl_static = match crate::rustlink::self_contained() {
        Ok(sc) => compile(
            cc(Path::new("musl-gcc")).arg("-static").arg(format!("-L{}", sc.display())),
            src,
            &out(Variant::MuslStatic),
            row.libs,
        ),
        Err(e) => Err(Cell::BuildFailed(format!("rustup's musl: {e}"))),
    };
    let limpet_static = compile(cc(&tools.limpet_gcc).arg("-static"), src, &out(Variant::LimpetStatic), row.libs);
    vec![Err(Cell::NotApplicable(DEBIAN_MUSL_LACKS)), limpet, glibc, musl_static, limpet_static]
}

fn describe(c: &Cell) -> String {
    match c {
        Cell::Missing(n) => format!("missing {}", n.join(", ")),
        Cell::Crash(m) | Cell::BuildFailed(m) => m.clone(),
        Cell::NotApplicable(why) => (*why).into(),
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
