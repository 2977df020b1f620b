//! The size table: limpet's libraries in both cargo profiles, and a static hello linked
//! against each, beside musl's.
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::dist::Dist;
use crate::util::{Result, output};

/// One line of the table, in bytes.
pub struct SizeRow {
    pub what: &'static str,
    pub limpet_release: u64,
    pub limpet_size: u64,
    pub musl: u64,
}

/// Measures libc.so, libc.a and examples/hello.c linked statically with --gc-sections
/// (limpet-gcc adds it to static links; musl-gcc is given it), as linked and stripped.
pub fn measure(dir: &Path, root: &Path, release: &Dist, small: &Dist) -> Result<Vec<SizeRow>> {
    fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    let musl = musl_lib_dir()?;
    let musl_lib = |name: &str| -> Result<PathBuf> { Ok(musl.join(name)) };
    let hello = root.join("examples/hello.c");
    let link = |cc: &mut Command, name: &str, strip: bool| -> Result<u64> {
        let out = dir.join(name);
        cc.args(["-O2", "-static", "-Wl,--gc-sections"]).args(strip.then_some("-s")).arg("-o").arg(&out).arg(&hello);
        output(cc)?;
        size(&out)
    };
    let mut rows = vec![
        SizeRow {
            what: "libc.so",
            limpet_release: size(&release.libc_so())?,
            limpet_size: size(&small.libc_so())?,
            musl: size(&musl_lib("libc.so")?)?,
        },
        SizeRow {
            what: "libc.a",
            limpet_release: size(&release.lib.join("libc.a"))?,
            limpet_size: size(&small.lib.join("libc.a"))?,
            musl: size(&musl_lib("libc.a")?)?,
        },
    ];
    for (what, strip) in [("static hello", false), ("static hello, stripped", true)] {
        let tag = if strip { "-stripped" } else { "" };
        rows.push(SizeRow {
            what,
            limpet_release: link(&mut Command::new(&release.gcc), &format!("hello-limpet{tag}"), strip)?,
            limpet_size: link(&mut Command::new(&small.gcc), &format!("hello-limpet-size{tag}"), strip)?,
            musl: link(&mut Command::new("musl-gcc"), &format!("hello-musl{tag}"), strip)?,
        });
    }
    rows.push(SizeRow {
        what: "iconv's charset tables (read-only data)",
        limpet_release: rodata(&release.lib.join("libc.a"), "limpet_iconv-")?,
        limpet_size: rodata(&small.lib.join("libc.a"), "limpet_iconv-")?,
        musl: rodata(&musl_lib("libc.a")?, "iconv.")?,
    });
    Ok(rows)
}

/// The read-only data (`.rodata*` and `.data.rel.ro*` sections) of the members of
/// `archive` whose names start with `member`, from `size -A`: iconv's tables are nearly all
/// of it, in limpet's objects and in musl's `iconv.lo`.
fn rodata(archive: &Path, member: &str) -> Result<u64> {
    let out = output(Command::new("size").arg("-A").arg(archive))?;
    let text = String::from_utf8_lossy(&out.stdout);
    let mut total = 0;
    let mut inside = false;
    for line in text.lines() {
        if line.contains("(ex ") {
            inside = line.starts_with(member);
            continue;
        }
        let mut fields = line.split_whitespace();
        if let (true, Some(name), Some(bytes)) = (inside, fields.next(), fields.next())
            && (name.starts_with(".rodata") || name.starts_with(".data.rel.ro"))
        {
            total += bytes.parse::<u64>().map_err(|e| format!("size -A {}: {line}: {e}", archive.display()))?;
        }
    }
    if total == 0 {
        return Err(format!("{}: no read-only data in members named {member}*", archive.display()));
    }
    Ok(total)
}

/// musl's library directory, where musl installs musl-gcc.specs beside libc.a: the wrapper
/// script names the specs file. (`musl-gcc -print-file-name=libc.a` would find glibc's.)
pub fn musl_lib_dir() -> Result<PathBuf> {
    let wrapper = std::env::var_os("PATH")
        .and_then(|p| std::env::split_paths(&p).map(|d| d.join("musl-gcc")).find(|f| f.is_file()))
        .ok_or("musl-gcc is not on PATH")?;
    let text = fs::read_to_string(&wrapper).map_err(|e| format!("{}: {e}", wrapper.display()))?;
    let specs = text
        .split_once("-specs")
        .map(|(_, rest)| rest.trim_start().trim_start_matches('"'))
        .and_then(|rest| rest.split(|c: char| c == '"' || c.is_whitespace()).next())
        .map(PathBuf::from)
        .ok_or_else(|| format!("{} names no -specs file", wrapper.display()))?;
    let dir = specs.parent().map(Path::to_path_buf).unwrap_or_default();
    if dir.join("libc.a").is_file() { Ok(dir) } else { Err(format!("no musl libc.a in {}", dir.display())) }
}

fn size(p: &Path) -> Result<u64> {
    fs::metadata(p).map(|m| m.len()).map_err(|e| format!("{}: {e}", p.display()))
}
