//! The compiled locales of the rows that format in one (`rows::NEEDS_LOCALES`): de_DE.UTF-8
//! from Debian's sources, compiled for limpet by the dist's `limpet-localedef` into
//! `DIR/limpet` and for glibc by glibc's `localedef` into `DIR/glibc`. DIR is
//! `target/bench/locale`, and the runs' directory is `target/bench`, so a row program
//! points `LIMPET_LOCPATH` at `locale/limpet` and `LOCPATH` at `locale/glibc` in its set-up
//! (the runs' environment stays the fixed one of `runner::ENV`). musl has no compiled
//! locales; it runs the C locale's names.
use std::fs;
use std::path::Path;
use std::process::Command;

use crate::util::{Result, output};

/// The locales compiled.
const LOCALES: &[&str] = &["de_DE"];

/// glibc's `localedef` exits with 1 when it compiled the locale with warnings.
const COMPILED_WITH_WARNINGS: i32 = 1;

/// Compiles [`LOCALES`] into `dir/limpet` with `tool` (limpet-localedef) and into
/// `dir/glibc` with glibc's localedef.
pub fn compile(tool: &Path, dir: &Path) -> Result {
    let (limpet, glibc) = (dir.join("limpet"), dir.join("glibc"));
    for d in [&limpet, &glibc] {
        fs::create_dir_all(d).map_err(|e| format!("{}: {e}", d.display()))?;
    }
    for l in LOCALES {
        let name = format!("{l}.UTF-8");
        output(Command::new(tool).args(["-i", l, "-f", "UTF-8", "--path"]).arg(&limpet).arg(&name))?;
        let status = Command::new("localedef")
            .args(["-i", l, "-f", "UTF-8"])
            .arg(glibc.join(&name))
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status()
            .map_err(|e| format!("localedef: {e}"))?;
        if !status.success() && status.code() != Some(COMPILED_WITH_WARNINGS) {
            return Err(format!("localedef -i {l} -f UTF-8 {}: {status}", glibc.join(&name).display()));
        }
    }
    Ok(())
}
