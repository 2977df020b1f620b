//! Running commands and locating the workspace.
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub type Result<T = ()> = std::result::Result<T, String>;

/// Echoed commands are cut here: the libc.so link names hundreds of objects.
const ECHO_MAX: usize = 300;

/// The workspace root (the parent of xtask/).
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask lives in the workspace").to_path_buf()
}

/// Runs `cmd`, echoing it, and fails with its output if it fails.
pub fn run(cmd: &mut Command) -> Result {
    let shown = show(cmd);
    match shown.char_indices().nth(ECHO_MAX) {
        Some((cut, _)) => eprintln!("+ {} ...", &shown[..cut]),
        None => eprintln!("+ {shown}"),
    }
    let st = cmd.status().map_err(|e| format!("{}: {e}", show(cmd)))?;
    if st.success() { Ok(()) } else { Err(format!("command failed ({st}): {}", show(cmd))) }
}

/// Runs `cmd` quietly and returns its output; fails if it cannot start or exits non-zero.
pub fn output(cmd: &mut Command) -> Result<Output> {
    let out = cmd.output().map_err(|e| format!("{}: {e}", show(cmd)))?;
    if out.status.success() {
        Ok(out)
    } else {
        Err(format!(
            "command failed ({}): {}\n{}{}",
            out.status,
            show(cmd),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ))
    }
}

pub fn show(cmd: &Command) -> String {
    let mut s = cmd.get_program().to_string_lossy().into_owned();
    for a in cmd.get_args() {
        s.push(' ');
        s.push_str(&a.to_string_lossy());
    }
    s
}

/// Whether `prog` is on PATH.
pub fn have(prog: &str) -> bool {
    std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).any(|d| d.join(prog).is_file()))
        .unwrap_or(false)
}
