//! The entrypoint table, `assemble/entrypoints.txt`: every C name limpet exports, grouped by
//! the header that declares it, with the component that provides it and the file that
//! defines it.
//!
//! From it come the version script of libc.so and the checks of every dist build: the
//! archive exports no C name the table lacks, and every name the table gives a component of
//! the build is defined by that component. `docs/functions.md` is generated from it
//! ([`index`]); `cargo xtask entrypoints` checks the table against the sources and the index,
//! `--bless` rewrites the index, and `--missing` prints rows for names a build exports that
//! the table lacks.
use std::collections::{BTreeMap, BTreeSet};
use std::fs;

use crate::objects::{self, Object};
use crate::util::{Result, root};

pub const TABLE: &str = "assemble/entrypoints.txt";
pub const INDEX: &str = "docs/functions.md";
/// The group of names no public header declares: what compiled code calls by itself
/// (`__libc_start_main`, `__stack_chk_fail`, ...), and internal names musl exports.
pub const NO_HEADER: &str = "none";

/// One row of the table.
#[derive(Clone, Debug)]
pub struct Entry {
    pub name: String,
    pub header: String,
    pub component: String,
    pub file: String,
    /// How it is defined when not as a plain `fn` or `static` of its name: `macro NAME!`,
    /// `alias of NAME`, ...; and `exported` for a name musl lacks that libc.so exports all
    /// the same (glibc's names that programs and runtimes look for: `dlvsym`,
    /// `__cxa_thread_atexit_impl`, ...).
    pub note: String,
}

impl Entry {
    /// Whether libc.so exports this name although musl does not.
    pub fn exported_beyond_musl(&self) -> bool {
        self.note.split(|c: char| c == ' ' || c == ';').any(|w| w == "exported")
    }
}

/// Parses the table.
pub fn load() -> Result<Vec<Entry>> {
    let path = root().join(TABLE);
    let text = fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    parse(&text)
}

fn parse(text: &str) -> Result<Vec<Entry>> {
    let mut v = Vec::new();
    let mut header: Option<String> = None;
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        if let Some(h) = t.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
            header = Some(h.trim_start_matches('<').trim_end_matches('>').to_string());
            continue;
        }
        let mut f = t.split_whitespace();
        let (Some(name), Some(component), Some(file)) = (f.next(), f.next(), f.next()) else {
            return Err(format!("{TABLE}:{}: want `name component file [note]`: {t}", i + 1));
        };
        let Some(h) = &header else { return Err(format!("{TABLE}:{}: a row before any [<header>]", i + 1)) };
        v.push(Entry {
            name: name.into(),
            header: h.clone(),
            component: component.into(),
            file: file.into(),
            note: f.collect::<Vec<_>>().join(" "),
        });
    }
    Ok(v)
}

/// The components that the C names `names` need: those that define them, and what those
/// import from, transitively (their C imports, through the table).
pub fn components_for(names: &BTreeSet<String>) -> Result<BTreeSet<String>> {
    let table = load()?;
    let owner: BTreeMap<&str, &str> = table.iter().map(|e| (e.name.as_str(), e.component.as_str())).collect();
    let mut todo: Vec<String> = Vec::new();
    for n in names {
        match owner.get(n.as_str()) {
            Some(c) => todo.push(c.to_string()),
            None => return Err(format!("--entrypoints: {n} is not in {TABLE}")),
        }
    }
    let mut need = BTreeSet::new();
    while let Some(c) = todo.pop() {
        if !need.insert(c.clone()) {
            continue;
        }
        for import in crate::graph::imports(&c)? {
            if let Some(o) = owner.get(import.as_str()) {
                todo.push(o.to_string());
            }
        }
        for dep in crate::graph::cargo_deps(&c)? {
            // A Rust dependency is compiled in without its C names; only its own imports
            // must be met.
            for import in crate::graph::imports(&dep)? {
                if let Some(o) = owner.get(import.as_str()) {
                    todo.push(o.to_string());
                }
            }
        }
    }
    Ok(need)
}

/// The names a build exports from libc.so: the table's rows of the build's components that
/// are in musl's list, limited to `only` (and start-up's own names, which every program
/// calls) when given.
pub fn exports(table: &[Entry], components: &BTreeSet<String>, musl: &BTreeSet<String>, only: Option<&BTreeSet<String>>) -> BTreeSet<String> {
    table
        .iter()
        .filter(|e| components.contains(&e.component) && (musl.contains(&e.name) || e.exported_beyond_musl()))
        .filter(|e| only.is_none_or(|o| o.contains(&e.name) || e.component == "start"))
        .map(|e| e.name.clone())
        .collect()
}

/// The build's checks: every C name a component object defines is in the table under that
/// component, and every row of a component in the build (`components`: those with their C
/// names on; the others are only Rust dependencies) is defined by its object.
pub fn check(table: &[Entry], objs: &BTreeMap<String, Object>, components: &BTreeSet<String>) -> Result {
    let rows: BTreeMap<&str, &Entry> = table.iter().map(|e| (e.name.as_str(), e)).collect();
    let mut problems = Vec::new();
    for (c, o) in objs {
        for n in o.defined.keys().filter(|n| objects::is_c_name(n) && !objects::is_internal(n)) {
            match rows.get(n.as_str()) {
                None => problems.push(format!("the archive exports {n} (component {c}), which {TABLE} lacks")),
                Some(e) if e.component != *c => {
                    problems.push(format!("{TABLE} gives {n} to {}, but component {c} defines it", e.component))
                }
                _ => {}
            }
        }
    }
    for e in table.iter().filter(|e| components.contains(&e.component)) {
        if let Some(o) = objs.get(&e.component)
            && !o.defined.contains_key(&e.name)
        {
            problems.push(format!("{TABLE} names {} (component {}), which that component does not define", e.name, e.component));
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "the entrypoint table and the archive disagree ({} problems; `cargo xtask entrypoints --missing` prints rows to add):\n  {}",
            problems.len(),
            problems.join("\n  ")
        ))
    }
}

/// Checks the table against the sources: no name twice, every component a directory, every
/// file there, and every name written in its file as a word (`fn NAME`, `static NAME`, or
/// in a macro call), so that `grep NAME FILE` finds it.
pub fn check_sources(table: &[Entry]) -> Result {
    let root = root();
    let mut problems = Vec::new();
    let mut seen = BTreeSet::new();
    let mut texts: BTreeMap<&str, String> = BTreeMap::new();
    for e in table {
        if !seen.insert(&e.name) {
            problems.push(format!("{} is listed twice", e.name));
        }
        if !root.join("components").join(&e.component).is_dir() {
            problems.push(format!("{}: no component {}", e.name, e.component));
        }
        if !e.file.starts_with(&format!("components/{}/", e.component)) {
            problems.push(format!("{}: {} is not in components/{}/", e.name, e.file, e.component));
        }
        let text = texts.entry(&e.file).or_insert_with(|| fs::read_to_string(root.join(&e.file)).unwrap_or_default());
        if text.is_empty() {
            problems.push(format!("{}: no file {}", e.name, e.file));
        } else if !has_word(text, &e.name) {
            problems.push(format!("{}: the name is not written in {}", e.name, e.file));
        }
    }
    if problems.is_empty() { Ok(()) } else { Err(format!("{TABLE}:\n  {}", problems.join("\n  "))) }
}

/// Whether `word` occurs in `text` delimited by non-identifier characters.
fn has_word(text: &str, word: &str) -> bool {
    let is_id = |c: char| c.is_ascii_alphanumeric() || c == '_';
    text.match_indices(word).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + word.len()..].chars().next();
        !before.is_some_and(is_id) && !after.is_some_and(is_id)
    })
}

/// The generated index: for each header, each name with its component and file.
pub fn index(table: &[Entry]) -> String {
    let mut by_header: BTreeMap<&str, Vec<&Entry>> = BTreeMap::new();
    for e in table {
        by_header.entry(&e.header).or_default().push(e);
    }
    let mut s = String::from(
        "# Where each C function is\n\n\
         Generated from `assemble/entrypoints.txt` by `cargo xtask entrypoints --bless`; do not edit.\n\
         Every C name limpet exports, by the header that declares it: the component that provides it\n\
         and the file that defines it. Names marked *libc.a only* are not musl's, so libc.so does not\n\
         export them.\n\n",
    );
    let musl = musl_names().unwrap_or_default();
    let total = table.len();
    let components: BTreeSet<&str> = table.iter().map(|e| e.component.as_str()).collect();
    s.push_str(&format!("{total} names in {} headers, from {} components.\n\n", by_header.len(), components.len()));
    // A line of links to the headers, then one table each.
    let anchors: Vec<String> = by_header.keys().map(|h| format!("[{}](#{})", title(h), anchor(h))).collect();
    s.push_str(&anchors.join(" · "));
    s.push_str("\n\n");
    for (h, rows) in &by_header {
        s.push_str(&format!("## {}\n\n| name | component | file | |\n|---|---|---|---|\n", title(h)));
        let mut rows = rows.clone();
        rows.sort_by(|a, b| a.name.cmp(&b.name));
        for e in rows {
            let mut note = e.note.clone();
            if !musl.is_empty() && !musl.contains(&e.name) && !e.exported_beyond_musl() {
                note = if note.is_empty() { "*libc.a only*".into() } else { format!("{note}; *libc.a only*") };
            }
            s.push_str(&format!("| `{}` | {} | [{}](../{}) | {} |\n", e.name, e.component, e.file, e.file, note));
        }
        s.push('\n');
    }
    s
}

fn title(h: &str) -> String {
    if h == NO_HEADER { "no header (called by compiled code, or musl-internal)".into() } else { format!("`<{h}>`") }
}

fn anchor(h: &str) -> String {
    title(h).chars().filter_map(|c| if c.is_ascii_alphanumeric() { Some(c.to_ascii_lowercase()) } else if c == ' ' || c == '-' { Some('-') } else { None }).collect()
}

/// musl's export list (`assemble/musl-symbols.txt`).
pub fn musl_names() -> Result<BTreeSet<String>> {
    let p = root().join("assemble/musl-symbols.txt");
    Ok(fs::read_to_string(&p).map_err(|e| format!("{}: {e}", p.display()))?.lines().map(str::to_string).collect())
}

/// Rows for the C names `objs` define that the table lacks, with the header guessed from
/// musl's headers and the file from the component's sources.
pub fn missing(table: &[Entry], objs: &BTreeMap<String, Object>) -> Vec<Entry> {
    let known: BTreeSet<&str> = table.iter().map(|e| e.name.as_str()).collect();
    let headers = MuslHeaders::load();
    let mut v = Vec::new();
    for (c, o) in objs {
        for n in o.defined.keys().filter(|n| objects::is_c_name(n) && !objects::is_internal(n) && !known.contains(n.as_str())) {
            let (file, note) = guess_file(c, n);
            v.push(Entry { name: n.clone(), header: headers.header_of(n), component: c.clone(), file, note });
        }
    }
    v
}

/// Formats rows as the table has them, grouped by header.
pub fn format_rows(rows: &[Entry]) -> String {
    let mut by_header: BTreeMap<&str, Vec<&Entry>> = BTreeMap::new();
    for e in rows {
        by_header.entry(&e.header).or_default().push(e);
    }
    let mut s = String::new();
    for (h, rows) in by_header {
        s.push_str(&if h == NO_HEADER { format!("[{h}]\n") } else { format!("[<{h}>]\n") });
        for e in rows {
            s.push_str(&format!("{:<28} {:<8} {}{}\n", e.name, e.component, e.file, if e.note.is_empty() { String::new() } else { format!("  {}", e.note) }));
        }
        s.push('\n');
    }
    s
}

/// The source file of component `c` that defines `name`, and a note when it is not a plain
/// `fn`/`static` of that name.
fn guess_file(c: &str, name: &str) -> (String, String) {
    let dir = root().join("components").join(c).join("src");
    let mut files = Vec::new();
    walk(&dir, &mut files);
    files.sort();
    let rel = |p: &std::path::Path| p.strip_prefix(root()).unwrap_or(p).to_string_lossy().into_owned();
    let mut word_hit = None;
    let mut quoted_hit = None;
    for f in &files {
        let Ok(text) = fs::read_to_string(f) else { continue };
        // Test code does not define exports.
        let text = &text[..test_start(&text)];
        for pat in [format!("fn {name}("), format!("static mut {name}:"), format!("static {name}:")] {
            if let Some(at) = text.find(&pat) {
                let note = macro_around(text, &text[..at + pat.len()], pat.len()).map(|m| format!("macro {m}!")).unwrap_or_default();
                return (rel(f), note);
            }
        }
        // Code only: a comment may name what another file defines.
        let code: String = text.lines().filter(|l| !l.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n");
        if quoted_hit.is_none() && code.contains(&format!("\"{name}\"")) {
            quoted_hit = Some((rel(f), "alias".to_string()));
        }
        if word_hit.is_none() && has_word(&code, name) {
            let at = code.find(name).unwrap_or(0);
            let note = macro_around(&code, &code[..at + name.len()], name.len()).map(|m| format!("macro {m}!")).unwrap_or_default();
            word_hit = Some((rel(f), note));
        }
    }
    quoted_hit.or(word_hit).unwrap_or_else(|| ("?".into(), "not found".into()))
}

/// The macro whose call holds the text that `upto` ends with (its last `len` bytes), if any:
/// the nearest `NAME! {` or `NAME!(` before it, unless that call is closed by then.
fn macro_around(_text: &str, upto: &str, len: usize) -> Option<String> {
    let before = &upto[..upto.len() - len];
    let call = before.rfind("! {").max(before.rfind("!("))?;
    // Still open at the text: more opening than closing brackets of the call's kind since.
    let inside = &before[call..];
    let (open, close) = if inside.starts_with("! {") { ('{', '}') } else { ('(', ')') };
    if inside.matches(open).count() <= inside.matches(close).count() {
        return None;
    }
    let start = before[..call].rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':')).map_or(0, |i| i + 1);
    let name = before[start..call].rsplit("::").next()?;
    // Not a macro call when nothing names it (`!(a && b)`), nor std's own.
    const STD: &[&str] = &["assert", "assert_eq", "assert_ne", "concat", "offset_of", "global_asm", "naked_asm", "asm", "matches", "cfg"];
    (!name.is_empty() && !STD.contains(&name)).then(|| name.to_string())
}

/// Where a file's test module starts (a `#[cfg(...test...)]` attribute on a `mod`), or its end.
fn test_start(text: &str) -> usize {
    let mut offset = 0;
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    for (i, l) in lines.iter().enumerate() {
        let t = l.trim_start();
        if t.starts_with("#[cfg(") && t.contains("test") && lines[i + 1..].iter().take(2).any(|n| n.trim_start().starts_with("mod ")) {
            return offset;
        }
        offset += l.len();
    }
    text.len()
}

fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    for e in fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = e.path();
        if p.is_dir() {
            walk(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// musl's installed headers, for guessing where a name is declared.
struct MuslHeaders {
    files: Vec<(String, String)>,
}

impl MuslHeaders {
    const DIR: &'static str = "/usr/include/x86_64-linux-musl";

    fn load() -> Self {
        let mut files = Vec::new();
        let mut paths = Vec::new();
        walk_h(std::path::Path::new(Self::DIR), &mut paths);
        // Public headers before the bits/ they include.
        paths.sort_by_key(|p| (p.contains("bits/"), p.matches('/').count(), p.clone()));
        for p in paths {
            if let Ok(t) = fs::read_to_string(format!("{}/{p}", Self::DIR)) {
                files.push((p, t));
            }
        }
        MuslHeaders { files }
    }

    fn header_of(&self, name: &str) -> String {
        let decl = |t: &str| {
            t.lines().any(|l| {
                let l = l.trim();
                !l.starts_with("#define") && !l.starts_with("//") && {
                    let mut rest = l;
                    let mut hit = false;
                    while let Some(i) = rest.find(name) {
                        let before = rest[..i].chars().next_back();
                        let after = rest[i + name.len()..].trim_start().chars().next();
                        if !before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
                            && matches!(after, Some('(' | ';' | '[' | ','))
                        {
                            hit = true;
                            break;
                        }
                        rest = &rest[i + name.len()..];
                    }
                    hit
                }
            })
        };
        let macro_def = |t: &str| t.lines().any(|l| l.trim_start().starts_with(&format!("#define {name} ")) || l.trim_start().starts_with(&format!("#define {name}(")));
        for (p, t) in &self.files {
            if decl(t) {
                return p.clone();
            }
        }
        for (p, t) in &self.files {
            if macro_def(t) {
                return p.clone();
            }
        }
        NO_HEADER.into()
    }
}

fn walk_h(dir: &std::path::Path, out: &mut Vec<String>) {
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "h") {
                out.push(p.strip_prefix(dir).unwrap_or(&p).to_string_lossy().into_owned());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_rows_under_headers() {
        let t = parse("# c\n[<stdio.h>]\nfileno stdio components/stdio/src/fileno.rs\nfeof  stdio  components/stdio/src/feof.rs macro state_query!\n[none]\n__libc_start_main start components/start/src/libc_start.rs\n").unwrap();
        assert_eq!(t.len(), 3);
        assert_eq!((t[1].header.as_str(), t[1].note.as_str()), ("stdio.h", "macro state_query!"));
        assert_eq!(t[2].header, NO_HEADER);
        assert!(parse("fileno stdio x\n").is_err());
        assert!(parse("[<a.h>]\nfileno stdio\n").is_err());
    }

    #[test]
    fn words_and_macros() {
        assert!(has_word("fn isalpha(c: c_int)", "isalpha"));
        assert!(!has_word("fn isalpha_l(c: c_int)", "isalpha"));
        let t = "classes! {\n    alpha: isalpha isalpha_l;\n}\nfn isascii() {}";
        let upto = |w: &str| &t[..t.find(w).unwrap() + w.len()];
        assert_eq!(macro_around(t, upto("isalpha_l"), 9).as_deref(), Some("classes"));
        assert_eq!(macro_around(t, upto("isascii"), 7), None);
    }

    #[test]
    fn the_table_matches_the_sources() {
        check_sources(&load().unwrap()).unwrap();
    }

    #[test]
    fn the_index_is_current() {
        let want = index(&load().unwrap());
        let got = fs::read_to_string(root().join(INDEX)).unwrap_or_default();
        assert!(got == want, "{INDEX} is stale: run `cargo xtask entrypoints --bless`");
    }
}
