//! What a build holds: assemble/Cargo.toml's feature table and profiles, resolved for the
//! command line's `--profile`, `--features`, `--malloc` and `--entrypoints`.
//!
//! The feature table is the one place that says which components and implementations a
//! build contains; this module only reads it. A build is:
//! - the profile's features (`[package.metadata.limpet.profiles.<profile>]`), or those
//!   `--features` names, to which the profile's allocator is added when they name none;
//! - with `--malloc NAME`, `malloc-NAME` in place of whichever allocator that gave;
//! - with `--entrypoints FILE`, the components the named C functions need (from the
//!   entrypoint table), the components those import from, and only those names exported.
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

use crate::util::{Result, root};

/// The feature table and the profiles, as assemble/Cargo.toml has them.
pub struct Table {
    /// Every feature: what it enables, and its doc line.
    pub features: BTreeMap<String, Feature>,
    /// Per cargo profile: its features and extra rustc flags.
    pub profiles: BTreeMap<String, Profile>,
    /// The allocator features; a build has exactly one.
    pub allocators: Vec<String>,
}

pub struct Feature {
    pub enables: Vec<String>,
    pub doc: String,
}

pub struct Profile {
    pub features: Vec<String>,
    pub rustflags: Vec<String>,
}

fn strings(v: Option<&toml::Value>) -> Vec<String> {
    v.and_then(|v| v.as_array())
        .map(|a| a.iter().filter_map(|x| x.as_str().map(str::to_string)).collect())
        .unwrap_or_default()
}

impl Table {
    pub fn load() -> Result<Table> {
        let path = root().join("assemble/Cargo.toml");
        let text = fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let doc: toml::Table = text.parse().map_err(|e| format!("{}: {e}", path.display()))?;
        let docs = feature_docs(&text);
        let mut features = BTreeMap::new();
        for (name, v) in doc.get("features").and_then(|f| f.as_table()).into_iter().flatten() {
            let doc = docs.get(name).cloned().unwrap_or_default();
            features.insert(name.clone(), Feature { enables: strings(Some(v)), doc });
        }
        let meta = doc.get("package").and_then(|p| p.get("metadata")).and_then(|m| m.get("limpet"));
        let mut profiles = BTreeMap::new();
        for (name, p) in meta.and_then(|m| m.get("profiles")).and_then(|p| p.as_table()).into_iter().flatten() {
            profiles.insert(
                name.clone(),
                Profile { features: strings(p.get("features")), rustflags: strings(p.get("rustflags")) },
            );
        }
        let allocators = strings(meta.and_then(|m| m.get("allocators")));
        Ok(Table { features, profiles, allocators })
    }

    /// The features `features` turns on, itself included, following the table (not the
    /// `dep:` and `crate/feature` entries, which are Cargo's business).
    pub fn closure(&self, features: &[String]) -> BTreeSet<String> {
        let mut on = BTreeSet::new();
        let mut todo: Vec<String> = features.to_vec();
        while let Some(f) = todo.pop() {
            if !on.insert(f.clone()) {
                continue;
            }
            if let Some(feat) = self.features.get(&f) {
                todo.extend(feat.enables.iter().filter(|e| !e.contains(':') && !e.contains('/')).cloned());
            }
        }
        on
    }

    /// The components a set of features (already closed) contains: syscall and start always,
    /// `malloc` for either allocator, and each feature that enables a `dep:limpet-*`.
    pub fn components(&self, on: &BTreeSet<String>) -> BTreeSet<String> {
        let mut c: BTreeSet<String> = ["syscall", "start"].iter().map(|s| s.to_string()).collect();
        for f in on {
            for e in self.features.get(f).map(|f| f.enables.as_slice()).unwrap_or(&[]) {
                if let Some(dep) = e.strip_prefix("dep:limpet-") {
                    c.insert(dep.to_string());
                }
            }
        }
        c
    }
}

/// The `## ` doc lines above each feature in the `[features]` table.
fn feature_docs(text: &str) -> BTreeMap<String, String> {
    let mut docs = BTreeMap::new();
    let mut in_features = false;
    let mut pending = String::new();
    for line in text.lines() {
        let t = line.trim();
        if t.starts_with('[') {
            in_features = t == "[features]";
            pending.clear();
            continue;
        }
        if !in_features {
            continue;
        }
        if let Some(d) = t.strip_prefix("##") {
            if !pending.is_empty() {
                pending.push(' ');
            }
            pending.push_str(d.trim());
        } else if let Some((name, _)) = t.split_once('=') {
            docs.insert(name.trim().to_string(), std::mem::take(&mut pending));
        } else if !t.starts_with('#') {
            pending.clear();
        }
    }
    docs
}

/// One build's choices, resolved.
#[derive(Clone, Debug)]
pub struct Build {
    pub profile: String,
    /// The features passed to cargo (with `--no-default-features`).
    pub features: Vec<String>,
    pub rustflags: Vec<String>,
    /// The C names to export, when `--entrypoints` limits them.
    pub entrypoints: Option<BTreeSet<String>>,
    /// Empty for the profile's own build; else a name for its directories (`hardened`,
    /// `minimal`, ...).
    pub variant: String,
}

impl Build {
    /// Resolves the command line's choices against the table.
    pub fn resolve(
        table: &Table,
        profile: &str,
        features: Option<&str>,
        malloc: Option<&str>,
        entrypoints: Option<&Path>,
    ) -> Result<Build> {
        let prof = table.profiles.get(profile).ok_or_else(|| format!("assemble/Cargo.toml has no profile {profile}"))?;
        let mut variant = Vec::new();
        let mut chosen: Vec<String> = match features {
            Some(list) => {
                let list: Vec<String> = list.split(',').map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect();
                for f in &list {
                    if !table.features.contains_key(f) {
                        return Err(format!("--features: no feature {f} in assemble/Cargo.toml ({})", table.feature_names()));
                    }
                }
                variant.push(list.join("+"));
                list
            }
            None => prof.features.clone(),
        };
        let names: BTreeSet<String> = match entrypoints {
            Some(file) => {
                let text = fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
                let stem = file.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
                variant.push(format!("entrypoints-{stem}"));
                let names: BTreeSet<String> = text
                    .lines()
                    .map(|l| l.split('#').next().unwrap_or("").trim().to_string())
                    .filter(|l| !l.is_empty())
                    .collect();
                let needed = crate::entrypoints::components_for(&names)?;
                // A list of names replaces the profile's components, not its implementations
                // nor the dynamic linker, which is what makes libc.so.
                if features.is_none() {
                    chosen.retain(|f| {
                        f == "ldso"
                            || !table.components(&table.closure(std::slice::from_ref(f))).iter().any(|c| c != "syscall" && c != "start")
                    });
                    if table.closure(&prof.features).contains("ldso") && !chosen.iter().any(|f| f == "ldso") {
                        chosen.push("ldso".into());
                    }
                }
                for c in needed {
                    if table.features.contains_key(&c) && !chosen.contains(&c) {
                        chosen.push(c);
                    }
                }
                names
            }
            None => BTreeSet::new(),
        };
        let closed = table.closure(&chosen);
        let alloc_of = |set: &BTreeSet<String>| table.allocators.iter().filter(|a| set.contains(*a)).cloned().collect::<Vec<_>>();
        let mut allocs = alloc_of(&closed);
        if allocs.is_empty() {
            allocs = alloc_of(&table.closure(&prof.features));
            chosen.extend(allocs.iter().cloned());
        }
        if let Some(m) = malloc {
            let want = format!("malloc-{m}");
            if !table.allocators.contains(&want) {
                return Err(format!("--malloc {m}: no allocator feature {want} ({})", table.allocators.join(", ")));
            }
            if !allocs.contains(&want) {
                chosen.retain(|f| !table.allocators.contains(f));
                chosen.push(want);
                variant.push(m.to_string());
            }
        }
        let closed = table.closure(&chosen);
        let n = table.allocators.iter().filter(|a| closed.contains(*a)).count();
        if n != 1 {
            return Err(format!("a build needs exactly one allocator feature ({}); these features have {n}", table.allocators.join(", ")));
        }
        let rustflags = prof.rustflags.clone();
        Ok(Build {
            profile: profile.to_string(),
            features: chosen,
            rustflags,
            entrypoints: entrypoints.map(|_| names),
            variant: variant.join("-"),
        })
    }

    /// The components this build contains.
    pub fn components(&self, table: &Table) -> BTreeSet<String> {
        table.components(&table.closure(&self.features))
    }
}

impl Table {
    fn feature_names(&self) -> String {
        self.features.keys().filter(|k| *k != "default").cloned().collect::<Vec<_>>().join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_feature_has_a_doc_line_and_every_component_a_feature() {
        let t = Table::load().unwrap();
        for (name, f) in &t.features {
            assert!(name == "default" || !f.doc.is_empty(), "feature {name} has no `##` doc line");
        }
        let all = t.components(&t.closure(&["full".to_string(), "malloc-fast".to_string()]));
        let dirs: BTreeSet<String> = fs::read_dir(root().join("components"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            // The two crates without C names of their own.
            .filter(|n| n != "abi" && n != "va")
            .collect();
        assert_eq!(all, dirs, "`full` and the components/ directory disagree");
    }

    #[test]
    fn profiles_resolve_with_one_allocator() {
        let t = Table::load().unwrap();
        let b = Build::resolve(&t, "release-size", None, None, None).unwrap();
        assert!(b.features.contains(&"malloc-hardened".to_string()) && b.variant.is_empty());
        let b = Build::resolve(&t, "release", Some("minimal"), None, None).unwrap();
        assert_eq!(b.features, ["minimal", "malloc-fast"]);
        assert_eq!(b.components(&t).into_iter().collect::<Vec<_>>(), ["ldso", "malloc", "start", "stdio", "string", "syscall"]);
        let b = Build::resolve(&t, "release", None, Some("hardened"), None).unwrap();
        assert_eq!((b.features.last().unwrap().as_str(), b.variant.as_str()), ("malloc-hardened", "hardened"));
        assert!(Build::resolve(&t, "release", Some("full,malloc-fast,malloc-hardened"), None, None).is_err());
        assert!(Build::resolve(&t, "release", Some("no-such"), None, None).is_err());
        let list = std::env::temp_dir().join("limpet-entrypoints-test.txt");
        fs::write(&list, "printf\nstrdup # a comment\n\nfree\natexit\n").unwrap();
        let b = Build::resolve(&t, "release", None, None, Some(&list)).unwrap();
        assert_eq!(b.components(&t).into_iter().collect::<Vec<_>>(), ["ldso", "malloc", "start", "stdio", "string", "syscall"]);
        assert_eq!(b.entrypoints.as_ref().map(|e| e.len()), Some(4));
    }
}
