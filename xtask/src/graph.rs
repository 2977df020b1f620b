//! The graph of components: each one's Cargo dependencies and the C symbols it imports
//! (`src/imports.rs`), checked to have no cycle, to match ARCHITECTURE.md's table, and to
//! give each component README its list of what an embedder must supply.
//!
//! A component reaches another either through a Rust path (a Cargo dependency: the callee
//! is compiled in, with or without its C names) or through a C symbol it imports (the callee
//! must be in the build with its C names, or the embedder must supply it: the allocator, so
//! that a program's own malloc replaces it everywhere). [`check`] holds both to what the
//! assembled archive's objects actually use.
use std::collections::{BTreeMap, BTreeSet};
use std::fs;

use crate::objects::{self, CORE_NEEDS, Object};
use crate::util::{Result, root};

/// Every crate under components/, sorted.
pub fn components() -> Result<Vec<String>> {
    let mut v: Vec<String> = fs::read_dir(root().join("components"))
        .map_err(|e| e.to_string())?
        .filter_map(|e| e.ok())
        .filter(|e| e.path().join("Cargo.toml").exists())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    Ok(v)
}

/// The limpet crates `c` depends on (`[dependencies]`, not dev-dependencies).
pub fn cargo_deps(c: &str) -> Result<Vec<String>> {
    let path = root().join("components").join(c).join("Cargo.toml");
    let text = fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let doc: toml::Table = text.parse().map_err(|e| format!("{}: {e}", path.display()))?;
    let mut v: Vec<String> = doc
        .get("dependencies")
        .and_then(|d| d.as_table())
        .into_iter()
        .flatten()
        .filter_map(|(k, _)| k.strip_prefix("limpet-").map(str::to_string))
        .collect();
    v.sort();
    Ok(v)
}

/// The C symbols `c` imports from other components: the names its `src/imports.rs`
/// declares in `extern "C"` blocks, less the linker's and its own assembly's.
pub fn imports(c: &str) -> Result<Vec<String>> {
    Ok(declared(c)?.into_iter().filter(|n| !objects::is_linker_symbol(n) && !objects::is_internal(n)).collect())
}

/// Every name `c`'s `src/imports.rs` declares in an `extern "C"` block (a `#[link_name]`
/// gives the C name).
fn declared(c: &str) -> Result<Vec<String>> {
    let path = root().join("components").join(c).join("src/imports.rs");
    let Ok(text) = fs::read_to_string(&path) else { return Ok(Vec::new()) };
    let mut names = BTreeSet::new();
    let mut depth = 0usize;
    let mut in_block = false;
    let mut link_name: Option<String> = None;
    for line in text.lines() {
        let t = line.trim();
        if t.starts_with("//") {
            continue;
        }
        if !in_block && t.contains("extern \"C\"") && t.ends_with('{') {
            in_block = true;
            depth = 1;
            continue;
        }
        if !in_block {
            continue;
        }
        if let Some(rest) = t.strip_prefix("#[link_name = \"") {
            link_name = rest.split('"').next().map(str::to_string);
            continue;
        }
        for kw in ["fn ", "static mut ", "static "] {
            if let Some(i) = t.find(kw)
                && (i == 0 || t[..i].split_whitespace().all(|w| ["pub", "pub(crate)", "safe", "unsafe"].contains(&w)))
            {
                let rest = &t[i + kw.len()..];
                let name: String = rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
                if !name.is_empty() {
                    names.insert(link_name.take().unwrap_or(name));
                }
                break;
            }
        }
        depth += t.matches('{').count();
        depth = depth.saturating_sub(t.matches('}').count());
        if depth == 0 {
            in_block = false;
        }
    }
    Ok(names.into_iter().collect())
}

/// The crates `c` depends on, directly or not.
pub fn all_deps(c: &str) -> Result<BTreeSet<String>> {
    let mut seen = BTreeSet::new();
    let mut todo = cargo_deps(c)?;
    while let Some(d) = todo.pop() {
        if seen.insert(d.clone()) {
            todo.extend(cargo_deps(&d)?);
        }
    }
    Ok(seen)
}

/// Which component provides each C name, from the entrypoint table.
fn providers() -> Result<BTreeMap<String, String>> {
    Ok(crate::entrypoints::load()?.into_iter().map(|e| (e.name, e.component)).collect())
}

/// Each component's edges: its Cargo dependencies, and the components its imports come from.
pub struct Node {
    pub deps: Vec<String>,
    /// Imported name, and the component that provides it.
    pub imports: Vec<(String, String)>,
}

pub fn nodes() -> Result<BTreeMap<String, Node>> {
    let prov = providers()?;
    let mut m = BTreeMap::new();
    for c in components()? {
        let imports = imports(&c)?.into_iter().map(|n| {
            let p = prov.get(&n).cloned().unwrap_or_else(|| "?".into());
            (n, p)
        });
        m.insert(c.clone(), Node { deps: cargo_deps(&c)?, imports: imports.collect() });
    }
    Ok(m)
}

/// Fails with the cycle when the graph of dependencies plus imports has one.
pub fn acyclic(nodes: &BTreeMap<String, Node>) -> Result {
    fn visit<'a>(
        n: &'a str,
        nodes: &'a BTreeMap<String, Node>,
        state: &mut BTreeMap<&'a str, u8>,
        path: &mut Vec<&'a str>,
    ) -> Result {
        match state.get(n) {
            Some(2) => return Ok(()),
            Some(1) => {
                let from = path.iter().position(|p| *p == n).unwrap_or(0);
                let mut cycle: Vec<&str> = path[from..].to_vec();
                cycle.push(n);
                return Err(format!("the components' graph (Cargo dependencies and C imports) has a cycle: {}", cycle.join(" -> ")));
            }
            _ => {}
        }
        state.insert(n, 1);
        path.push(n);
        if let Some(node) = nodes.get(n) {
            let targets: BTreeSet<&str> =
                node.deps.iter().map(String::as_str).chain(node.imports.iter().map(|(_, p)| p.as_str())).filter(|t| *t != n).collect();
            for t in targets {
                visit(t, nodes, state, path)?;
            }
        }
        path.pop();
        state.insert(n, 2);
        Ok(())
    }
    let mut state = BTreeMap::new();
    for n in nodes.keys() {
        visit(n, nodes, &mut state, &mut Vec::new())?;
    }
    Ok(())
}

/// Holds the imports to what the archive's objects use: a C name a component takes from
/// another component it does not depend on must be in its imports, and every import must be
/// provided by some component.
pub fn check(objs: &BTreeMap<String, Object>) -> Result {
    let nodes = nodes()?;
    acyclic(&nodes)?;
    let owners = objects::owners(objs);
    let mut problems = Vec::new();
    for (c, o) in objs {
        let deps = all_deps(c)?;
        let declared: BTreeSet<String> = imports(c)?.into_iter().collect();
        for n in &o.undefined {
            if !objects::is_c_name(n) || CORE_NEEDS.contains(&n.as_str()) || objects::is_linker_symbol(n) {
                continue;
            }
            let Some(owner) = owners.get(n) else { continue };
            if owner != c && !deps.contains(owner) && !declared.contains(n) {
                problems.push(format!(
                    "{c} uses {n} of {owner} through its C symbol, but neither depends on {owner} nor lists {n} in components/{c}/src/imports.rs"
                ));
            }
        }
        for (n, p) in &nodes[c].imports {
            if p == "?" {
                problems.push(format!("components/{c}/src/imports.rs imports {n}, which no component provides (assemble/entrypoints.txt)"));
            }
        }
    }
    if problems.is_empty() { Ok(()) } else { Err(format!("the components' imports:\n  {}", problems.join("\n  "))) }
}

/// ARCHITECTURE.md's table of components, as the sources say it.
pub fn architecture_table() -> Result<String> {
    let nodes = nodes()?;
    let mut s = String::from("| component | Rust dependencies | C imports, by provider |\n|---|---|---|\n");
    for (c, n) in &nodes {
        let deps = if n.deps.is_empty() { "—".to_string() } else { n.deps.join(", ") };
        // limpet-syscall's import of its own `__errno_location` is the host's, without `export`.
        let imports: Vec<(String, String)> = n.imports.iter().filter(|(_, p)| p != c).cloned().collect();
        s.push_str(&format!("| {c} | {deps} | {} |\n", imports_by_provider(&imports)));
    }
    Ok(s)
}

fn imports_by_provider(imports: &[(String, String)]) -> String {
    let mut by: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (n, p) in imports {
        by.entry(p).or_default().push(n);
    }
    if by.is_empty() {
        return "—".into();
    }
    by.iter().map(|(p, ns)| format!("{p}: `{}`", ns.join("` `"))).collect::<Vec<_>>().join("; ")
}

/// What an embedder must supply to use component `c` alone: the C symbols it and the crates
/// it depends on import, the errno of the C library around it, and the memory routines
/// Rust's core needs.
pub fn embedder_needs(c: &str) -> Result<String> {
    let mut crates = all_deps(c)?;
    crates.insert(c.to_string());
    let imports = embedder_imports_by_provider(c)?;
    let mut s = String::from(
        "Generated by `cargo xtask check --bless` from the crates' import lists and Cargo dependencies; checked by `cargo xtask test`.\n\n",
    );
    let deps: Vec<&String> = crates.iter().filter(|k| *k != c).collect();
    if deps.is_empty() {
        s.push_str("It depends on no other limpet crate.\n");
    } else {
        s.push_str(&format!(
            "It brings these limpet crates in as Rust dependencies (their C names stay off): {}.\n",
            deps.iter().map(|d| format!("limpet-{d}")).collect::<Vec<_>>().join(", ")
        ));
    }
    s.push_str("A program that uses it alone supplies these C symbols:\n");
    if imports.is_empty() {
        s.push_str("- none of other limpet components;\n");
    } else {
        for (n, p) in &imports {
            s.push_str(&format!("- `{n}` (limpet-{p}'s);\n"));
        }
    }
    if crates.contains("syscall") {
        s.push_str("- `__errno_location`: errno is the surrounding C library's (limpet-syscall defines it only with `export`);\n");
    }
    s.push_str(&format!("- what Rust's core itself calls: `{}`;\n", CORE_NEEDS.join("` `")));
    s.push_str("- and the compiler's runtime helpers (libgcc's `__udivti3` and the like), which the C compiler links by itself.\n");
    Ok(s)
}

/// assemble/README.md's table of features, with their doc lines, and the profiles.
pub fn features_table() -> Result<String> {
    let t = crate::config::Table::load()?;
    let mut s = String::from("Generated from `Cargo.toml`'s `[features]` table by `cargo xtask check --bless`.\n\n| feature | what it is |\n|---|---|\n");
    for (name, f) in &t.features {
        if name != "default" {
            s.push_str(&format!("| `{name}` | {} |\n", code_headers(&f.doc)));
        }
    }
    s.push_str("\n| profile | features | rustc flags |\n|---|---|---|\n");
    for (name, p) in &t.profiles {
        let flags = if p.rustflags.is_empty() { "—".to_string() } else { format!("`{}`", p.rustflags.join(" ")) };
        s.push_str(&format!("| `{name}` | {} | {flags} |\n", p.features.join(", ")));
    }
    Ok(s)
}

/// The C symbols of other components that component `c` and the crates it depends on
/// import, with their providers: what a program that embeds `c` alone supplies. (A crate it
/// depends on comes in without its C names, so what `c` imports from one is needed too.)
fn embedder_imports_by_provider(c: &str) -> Result<Vec<(String, String)>> {
    let nodes = nodes()?;
    let mut crates = all_deps(c)?;
    crates.insert(c.to_string());
    let mut imports: Vec<(String, String)> = Vec::new();
    for k in &crates {
        // A crate's import of its own name is the host's errno (limpet-syscall without
        // `export`), which the list names apart.
        for (n, p) in &nodes[k].imports {
            if p != c && p != k {
                imports.push((n.clone(), p.clone()));
            }
        }
    }
    imports.sort();
    imports.dedup();
    Ok(imports)
}

/// The names of [`embedder_imports_by_provider`].
pub fn embedder_imports(c: &str) -> Result<Vec<String>> {
    Ok(embedder_imports_by_provider(c)?.into_iter().map(|(n, _)| n).collect())
}

/// `text` with each `<header.h>` in backquotes, which Markdown would otherwise take for a tag.
fn code_headers(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find('<') {
        match rest[i..].find('>') {
            Some(j) if rest[i..i + j].ends_with(".h") && !rest[i + 1..i + j].contains(' ') => {
                out.push_str(&rest[..i]);
                out.push_str(&format!("`{}`", &rest[i..=i + j]));
                rest = &rest[i + j + 1..];
            }
            _ => {
                out.push_str(&rest[..=i]);
                rest = &rest[i + 1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The markers around a generated block in a Markdown file.
pub fn markers(what: &str) -> (String, String) {
    (format!("<!-- generated: {what} -->"), format!("<!-- end: {what} -->"))
}

/// The text between `what`'s markers in `text`, if they are there.
pub fn block<'a>(text: &'a str, what: &str) -> Option<&'a str> {
    let (b, e) = markers(what);
    let start = text.find(&b)? + b.len();
    let end = text[start..].find(&e)? + start;
    Some(text[start..end].trim_matches('\n'))
}

/// `text` with `what`'s block replaced by `body` (appended under `heading` when absent).
pub fn with_block(text: &str, what: &str, heading: &str, body: &str) -> String {
    let (b, e) = markers(what);
    match (text.find(&b), text.find(&e)) {
        (Some(s), Some(t)) if t > s => format!("{}{b}\n{}\n{}", &text[..s], body.trim_matches('\n'), &text[t..]),
        _ => format!("{}\n\n{heading}\n{b}\n{}\n{e}\n", text.trim_end(), body.trim_matches('\n')),
    }
}

/// The generated blocks: ARCHITECTURE.md's table and each component README's section. With
/// `bless`, rewrites them; otherwise fails when one is stale.
pub fn docs(bless: bool) -> Result {
    let root = root();
    let mut stale = Vec::new();
    let mut files: Vec<(std::path::PathBuf, &str, &str, String)> =
        vec![(root.join("ARCHITECTURE.md"), "components", "### The components' graph", architecture_table()?)];
    for c in components()? {
        files.push((root.join("components").join(&c).join("README.md"), "embedding", "## Using it alone", embedder_needs(&c)?));
    }
    files.push((root.join("assemble/README.md"), "features", "## Features", features_table()?));
    for (path, what, heading, body) in files {
        let text = fs::read_to_string(&path).unwrap_or_default();
        if block(&text, what) == Some(body.trim_matches('\n')) {
            continue;
        }
        if bless {
            fs::write(&path, with_block(&text, what, heading, &body)).map_err(|e| format!("{}: {e}", path.display()))?;
        } else {
            stale.push(path.strip_prefix(&root).unwrap_or(&path).display().to_string());
        }
    }
    if stale.is_empty() {
        Ok(())
    } else {
        Err(format!("stale generated sections in {}: run `cargo xtask check --bless`", stale.join(", ")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_cycle_and_the_documents_are_current() {
        acyclic(&nodes().unwrap()).unwrap();
        docs(false).unwrap();
    }

    #[test]
    fn blocks_are_found_and_replaced() {
        let t = with_block("# T\n", "x", "## X", "a");
        assert_eq!(block(&t, "x"), Some("a"));
        let t2 = with_block(&t, "x", "## X", "b\n");
        assert_eq!(block(&t2, "x"), Some("b"));
        assert_eq!(t2.matches("## X").count(), 1);
    }

    #[test]
    fn a_cycle_is_named() {
        let mut m = BTreeMap::new();
        m.insert("a".to_string(), Node { deps: vec!["b".into()], imports: vec![] });
        m.insert("b".to_string(), Node { deps: vec![], imports: vec![("f".into(), "a".into())] });
        let e = acyclic(&m).unwrap_err();
        assert!(e.contains("a -> b -> a"), "{e}");
    }
}
