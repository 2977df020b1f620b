//! A locale source file as the categories limpet compiles: each one's keywords and
//! operands, with `copy` and `include` followed into the other files they name. The other
//! categories (`LC_CTYPE`, `LC_COLLATE`, `LC_PAPER`, `LC_NAME`, `LC_ADDRESS`,
//! `LC_TELEPHONE`, `LC_MEASUREMENT`, `LC_IDENTIFICATION` and any unknown `LC_*`) are read
//! only as far as their `END` line.
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use crate::source::{self, Error, Operand};

/// The categories compiled.
pub const COMPILED: [&str; 4] = ["LC_NUMERIC", "LC_MONETARY", "LC_TIME", "LC_MESSAGES"];

/// Where a definition was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Place {
    pub file: String,
    pub line: usize,
}

impl Place {
    /// An error at this place.
    pub fn error(&self, message: impl Into<String>) -> Error {
        Error { file: self.file.clone(), line: self.line, message: message.into() }
    }
}

/// A keyword's definition: its operands and where it was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Definition {
    pub place: Place,
    pub operands: Vec<Operand>,
}

/// A category: its keywords' definitions.
pub type Category = BTreeMap<String, Definition>;

/// A source file's compiled categories, by name (`"LC_TIME"`); a category the file does
/// not define is absent.
#[derive(Debug, Default)]
pub struct Source {
    pub categories: HashMap<&'static str, Category>,
}

/// How deep `copy` and `include` may nest: more means a cycle.
const MAX_DEPTH: usize = 16;

/// Reads source files, finding the ones `copy` and `include` name in its directories.
pub struct Reader {
    /// Searched in order for a name without a '/'.
    pub dirs: Vec<PathBuf>,
}

impl Reader {
    /// The path of the locale source `name`: itself when it holds a '/', else the first
    /// directory that has it.
    pub fn find(&self, name: &str) -> Option<PathBuf> {
        if name.contains('/') {
            return Some(PathBuf::from(name));
        }
        self.dirs.iter().map(|d| d.join(name)).find(|p| p.is_file())
    }

    /// Reads the source file at `path`.
    pub fn read(&self, path: &Path) -> Result<Source, Error> {
        self.read_at(path, None, 0)
    }

    /// Reads the file at `path`, every compiled category or only `only`: a `copy` reads
    /// only the category it copies, so two files may copy from each other category by
    /// category (Debian's tl_PH and fil_PH do).
    fn read_at(&self, path: &Path, only: Option<&str>, depth: usize) -> Result<Source, Error> {
        let file = path.display().to_string();
        let text = std::fs::read(path).map_err(|e| Error { file: file.clone(), line: 0, message: e.to_string() })?;
        let lines = source::lines(&text);
        let mut out = Source::default();
        let mut i = 0;
        while i < lines.len() {
            let place = Place { file: file.clone(), line: lines[i].number };
            let (key, _) = lines[i].split();
            let key = String::from_utf8_lossy(key).into_owned();
            i += 1;
            if key == "comment_char" || key == "escape_char" {
                continue;
            }
            if !key.starts_with("LC_") {
                return Err(place.error(format!("'{key}' outside a category")));
            }
            let end = lines[i..]
                .iter()
                .position(|l| matches!(l.split(), (b"END", rest) if rest == key.as_bytes()))
                .ok_or_else(|| place.error(format!("{key} has no 'END {key}'")))?;
            let body = &lines[i..i + end];
            i += end + 1;
            if let Some(&name) = COMPILED.iter().find(|&&c| c == key && only.is_none_or(|o| o == c)) {
                let cat = self.category(&file, name, body, depth)?;
                if out.categories.insert(name, cat).is_some() {
                    return Err(place.error(format!("{key} is defined twice")));
                }
            }
        }
        Ok(out)
    }

    /// Reads the lines of category `name`, following `copy` and `include`.
    fn category(&self, file: &str, name: &'static str, body: &[source::Line], depth: usize) -> Result<Category, Error> {
        let mut cat = Category::new();
        for line in body {
            let place = Place { file: file.to_string(), line: line.number };
            let (key, rest) = line.split();
            let key = String::from_utf8_lossy(key).into_owned();
            let operands = source::operands(rest, line.escape).map_err(|m| place.error(format!("{key}: {m}")))?;
            if key == "copy" || key == "include" {
                let Some(Operand::Text(other)) = operands.first() else {
                    return Err(place.error(format!("{key} needs a quoted file name")));
                };
                let other = String::from_utf8_lossy(other).into_owned();
                if depth >= MAX_DEPTH {
                    return Err(place.error(format!("{key} \"{other}\": nested too deep (a cycle?)")));
                }
                let path = self.find(&other).ok_or_else(|| place.error(format!("{key} \"{other}\": no such locale source")))?;
                let copied = self.read_at(&path, Some(name), depth + 1)?;
                let from = copied.categories.get(name).ok_or_else(|| place.error(format!("{key} \"{other}\": it has no {name}")))?;
                // Definitions after the copy override the copied ones.
                cat.extend(from.iter().map(|(k, v)| (k.clone(), v.clone())));
                continue;
            }
            cat.insert(key, Definition { place, operands });
        }
        Ok(cat)
    }
}
