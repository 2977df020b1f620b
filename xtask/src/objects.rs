//! What each component's object in the assembled archive defines and needs, read with `nm`.
//!
//! Each component is one codegen unit, so one object (`limpet_<name>-<hash>...o`).
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::util::{Result, output};

/// One component's object.
pub struct Object {
    /// Global symbols it defines, with nm's kind letter.
    pub defined: BTreeMap<String, char>,
    /// Symbols it uses but does not define.
    pub undefined: BTreeSet<String>,
}

/// The memory routines Rust's core calls on its own (the `core` crate documents them as what
/// any target must provide): not imports of any component, but of Rust itself.
pub const CORE_NEEDS: &[&str] = &["memcpy", "memmove", "memset", "memcmp", "bcmp", "strlen"];

/// Whether `name` is one of the compiler's runtime helpers, libgcc's (`__udivti3`,
/// `__popcountdi2`): the C compiler's driver links them into every program by itself.
pub fn is_libgcc(name: &str) -> bool {
    name.starts_with("__") && name.ends_with(|c: char| c.is_ascii_digit()) && name[2..].chars().all(|c| c.is_ascii_alphanumeric())
}

/// Whether `name` is a C name, not a mangled Rust one.
pub fn is_c_name(name: &str) -> bool {
    !name.starts_with("_ZN") && !name.starts_with("_R")
}

/// Symbols the linker defines (section bounds, the dynamic section, the ELF header) rather
/// than any component.
pub fn is_linker_symbol(name: &str) -> bool {
    name.starts_with("__start_")
        || name.starts_with("__stop_")
        || ["_DYNAMIC", "__ehdr_start", "_GLOBAL_OFFSET_TABLE_", "__rela_iplt_start", "__rela_iplt_end"].contains(&name)
        || (name.starts_with("__") && name.contains("_array_"))
}

/// Global C names a component defines that are not its C interface: the labels its own
/// assembly shares across objects (`limpet_*`), and the unwinding personality Rust's core
/// refers to (see assemble/src/lib.rs).
pub fn is_internal(name: &str) -> bool {
    name.starts_with("limpet_") || name == "rust_eh_personality" || name.starts_with("DW.ref.")
}

/// The component an archive member belongs to (`limpet_stdio-…o` is `stdio`), if any.
pub fn component_of(path: &Path) -> Option<String> {
    let name = path.file_name()?.to_string_lossy().into_owned();
    let rest = name.strip_prefix("limpet_")?;
    let crate_name = rest.split('-').next()?;
    (crate_name != "assemble").then(|| crate_name.to_string())
}

fn nm(args: &[&str], path: &Path) -> Result<Vec<(String, char)>> {
    let out = output(Command::new("nm").args(args).arg("--format=posix").arg(path))?;
    let mut v = Vec::new();
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let mut f = line.split_whitespace();
        if let (Some(name), Some(kind)) = (f.next(), f.next())
            && kind.len() == 1
            && !name.ends_with(':')
        {
            v.push((name.to_string(), kind.chars().next().unwrap_or('?')));
        }
    }
    Ok(v)
}

/// Reads every component object among `objects`.
pub fn read(objects: &[PathBuf]) -> Result<BTreeMap<String, Object>> {
    let mut map = BTreeMap::new();
    for p in objects {
        let Some(c) = component_of(p) else { continue };
        let defined = nm(&["-g", "--defined-only"], p)?.into_iter().collect();
        let undefined = nm(&["-u"], p)?.into_iter().map(|(n, _)| n).collect();
        map.insert(c, Object { defined, undefined });
    }
    Ok(map)
}

/// Which component defines each global C name.
pub fn owners(objs: &BTreeMap<String, Object>) -> BTreeMap<String, String> {
    let mut m = BTreeMap::new();
    for (c, o) in objs {
        for n in o.defined.keys().filter(|n| is_c_name(n)) {
            m.insert(n.clone(), c.clone());
        }
    }
    m
}
