//! Keeps the project's documents true to the code: every repository path they name exists,
//! and every count they give is computed.
//!
//! A count is written between markers, `<!-- count: NAME -->996<!-- /count -->`, and
//! [`COUNTS`] says how each is computed; `cargo xtask check` fails when one is stale or a
//! marker names an unknown count, and `--bless` rewrites them. A path is a backquoted or
//! linked name that starts with one of the repository's top-level directories
//! (`components/string/src/memcpy.rs`) or, in a component's README, with `src/`,
//! `examples/` or `tests/`: it must exist. Install-tree paths (`lib/libc.so`) and system
//! paths are not checked.
use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use crate::util::{Result, root};

/// The counts documents may give, each computed from the repository.
pub const COUNTS: &[(&str, fn() -> Result<usize>)] = &[
    ("musl-names", || Ok(crate::entrypoints::musl_names()?.len())),
    ("exports", || {
        let musl = crate::entrypoints::musl_names()?;
        Ok(crate::entrypoints::load()?.iter().filter(|e| musl.contains(&e.name)).count())
    }),
    ("table-names", || Ok(crate::entrypoints::load()?.len())),
    ("table-headers", || Ok(crate::entrypoints::load()?.iter().map(|e| e.header.clone()).collect::<BTreeSet<_>>().len())),
    ("macro-names", || Ok(crate::entrypoints::load()?.iter().filter(|e| e.note.starts_with("macro")).count())),
    ("components", || Ok(crate::graph::components()?.len())),
    ("c-programs", || Ok(tests_c(|n| n.strip_suffix(".c").is_some_and(|stem| !stem.contains('.'))))),
    ("expected-files", || Ok(tests_c(|n| n.ends_with(".expected")))),
    ("harness-ways", || Ok(crate::harness::WAYS.len())),
    ("features", || Ok(crate::config::Table::load()?.features.keys().filter(|k| *k != "default").count())),
    ("rust-std-tests", rust_std_tests),
];

/// The tests of tests/rust-std: its `#[test]` functions, less the `#[ignore]`d child bodies.
fn rust_std_tests() -> Result<usize> {
    let dir = root().join("tests/rust-std/tests");
    let mut n = 0;
    for e in fs::read_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?.flatten() {
        let text = fs::read_to_string(e.path()).map_err(|e| e.to_string())?;
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        n += lines.windows(2).filter(|w| w[0] == "#[test]" && !w[1].starts_with("#[ignore")).count();
    }
    Ok(n)
}

fn tests_c(pick: fn(&str) -> bool) -> usize {
    fs::read_dir(root().join("tests/c"))
        .map(|d| d.filter_map(|e| e.ok()).filter(|e| pick(&e.file_name().to_string_lossy())).count())
        .unwrap_or(0)
}

/// The documents checked: the top-level ones, each component's README, and the READMEs of
/// assemble, bench, bench/rust, tests/c and tests/rust-std.
pub fn documents() -> Result<Vec<PathBuf>> {
    let root = root();
    let mut v: Vec<PathBuf> = [
        "README.md",
        "ARCHITECTURE.md",
        "assemble/README.md",
        "bench/README.md",
        "bench/rust/README.md",
        "tests/c/README.md",
        "tests/rust-std/README.md",
    ]
        .iter()
        .map(|p| root.join(p))
        .collect();
    for c in crate::graph::components()? {
        v.push(root.join("components").join(c).join("README.md"));
    }
    v.retain(|p| p.exists());
    Ok(v)
}

/// The repository's top-level directories, where a checked path may start.
fn top_dirs() -> BTreeSet<String> {
    fs::read_dir(root())
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| !n.starts_with('.') && n != "target")
        .collect()
}

/// The path-like names in `text`: backquoted spans and link targets.
fn candidates(text: &str) -> Vec<String> {
    let mut v = Vec::new();
    for (i, part) in text.split('`').enumerate() {
        if i % 2 == 1 && !part.contains(' ') {
            v.push(part.to_string());
        }
    }
    let mut rest = text;
    while let Some(i) = rest.find("](") {
        rest = &rest[i + 2..];
        if let Some(end) = rest.find(')') {
            v.push(rest[..end].to_string());
        }
    }
    v
}

/// The paths in `doc` that do not exist.
fn missing_paths(doc: &Path, text: &str, tops: &BTreeSet<String>) -> Vec<String> {
    let root = root();
    let dir = doc.parent().unwrap_or(&root);
    let component_readme = doc.parent().and_then(|p| p.parent()).is_some_and(|p| p.ends_with("components"));
    let mut bad = Vec::new();
    for c in candidates(text) {
        let p = c.split('#').next().unwrap_or("").trim_end_matches(['.', ',', ':', ';']);
        let p = p.split(':').next().unwrap_or(p);
        if p.is_empty() || p.contains("://") || p.contains(['*', '<', '>', '{', '$', '?']) || p.starts_with('/') {
            continue;
        }
        let first = p.split('/').next().unwrap_or("");
        let under_root = tops.contains(first) && p.contains('/');
        let local = component_readme && ["src", "examples", "tests", "gen", "benches"].contains(&first);
        let relative = p.starts_with("../") || p.starts_with("./");
        if !(under_root || local || relative) || relative && outside(&root, dir, p) {
            continue;
        }
        // A component README's `tests/c/...` or `examples/...` may be the repository's.
        let exists = dir.join(p).exists() && (relative || local) || root.join(p).exists() && !relative;
        if !exists {
            bad.push(p.to_string());
        }
    }
    bad.sort();
    bad.dedup();
    bad
}

/// Whether `p`, relative to `dir`, leaves the repository at `root` (`../shared/DESIGN.md`
/// from the top names the workplace beside the clone, which a clone elsewhere lacks).
fn outside(root: &Path, dir: &Path, p: &str) -> bool {
    let Ok(rel) = dir.strip_prefix(root) else { return true };
    let mut depth = rel.components().count() as isize;
    for part in p.split('/') {
        match part {
            ".." => depth -= 1,
            "." | "" => {}
            _ => depth += 1,
        }
        if depth < 0 {
            return true;
        }
    }
    false
}

/// `text` with each count marker's number made what it computes; the names of unknown
/// markers.
fn with_counts(text: &str, values: &[(&str, usize)]) -> (String, Vec<String>) {
    const OPEN: &str = "<!-- count: ";
    const CLOSE: &str = "<!-- /count -->";
    let mut out = String::new();
    let mut unknown = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find(OPEN) {
        out.push_str(&rest[..i]);
        let after = &rest[i + OPEN.len()..];
        let (Some(name_end), Some(close)) = (after.find(" -->"), after.find(CLOSE)) else {
            out.push_str(&rest[i..]);
            return (out, unknown);
        };
        let name = &after[..name_end];
        match values.iter().find(|(n, _)| *n == name) {
            Some((_, v)) => out.push_str(&format!("{OPEN}{name} -->{}{CLOSE}", group(*v))),
            None => {
                unknown.push(name.to_string());
                out.push_str(&rest[i..i + OPEN.len() + close + CLOSE.len()]);
            }
        }
        rest = &after[close + CLOSE.len()..];
    }
    out.push_str(rest);
    (out, unknown)
}

/// `1710` as `1,710`, as the documents write numbers.
fn group(v: usize) -> String {
    let s = v.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Checks every document (with `bless`, rewrites the counts).
pub fn check(bless: bool) -> Result {
    let mut values = Vec::new();
    for (name, f) in COUNTS {
        values.push((*name, f()?));
    }
    let tops = top_dirs();
    let root = root();
    let mut problems = Vec::new();
    for doc in documents()? {
        let rel = doc.strip_prefix(&root).unwrap_or(&doc).display().to_string();
        let text = fs::read_to_string(&doc).map_err(|e| format!("{rel}: {e}"))?;
        for p in missing_paths(&doc, &text, &tops) {
            problems.push(format!("{rel} names {p}, which does not exist"));
        }
        let (fixed, unknown) = with_counts(&text, &values);
        for u in unknown {
            problems.push(format!("{rel}: no count named {u} (xtask/src/docs.rs, COUNTS)"));
        }
        if fixed != text {
            if bless {
                fs::write(&doc, &fixed).map_err(|e| format!("{rel}: {e}"))?;
            } else {
                problems.push(format!("{rel}: a count is stale (`cargo xtask check --bless`)"));
            }
        }
    }
    if problems.is_empty() { Ok(()) } else { Err(format!("the documents:\n  {}", problems.join("\n  "))) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_rewritten_and_unknown_ones_named() {
        let (t, u) = with_counts("a <!-- count: x -->3<!-- /count --> b <!-- count: y -->1<!-- /count -->", &[("x", 1710)]);
        assert_eq!(t, "a <!-- count: x -->1,710<!-- /count --> b <!-- count: y -->1<!-- /count -->");
        assert_eq!(u, ["y"]);
        assert_eq!(group(996), "996");
    }

    #[test]
    fn paths_are_found_and_checked() {
        let tops = top_dirs();
        let doc = root().join("ARCHITECTURE.md");
        let bad = missing_paths(&doc, "see `components/string/src/memcpy.rs` and `assemble/src/aliases.rs` and `lib/libc.so`", &tops);
        assert_eq!(bad, ["assemble/src/aliases.rs"]);
        // Beside the clone is not the repository's to check; inside it, `../` is.
        let readme = root().join("components/string/README.md");
        let bad = missing_paths(&readme, "`../../../shared/DESIGN.md`, `../malloc/README.md`, `../nothing/README.md`", &tops);
        assert_eq!(bad, ["../nothing/README.md"]);
    }

    #[test]
    fn the_documents_are_true() {
        check(false).unwrap();
    }
}
