//! limpet-localedef: compiles POSIX localedef sources (Debian's /usr/share/i18n/locales,
//! or any user's) into the compiled locale files limpet-locale maps (the format is
//! `limpet_locale::compiled::format`'s).
//!
//! - [`source`]: the text: logical lines, comments, escapes, operands;
//! - [`parse`]: categories, `copy` and `include`;
//! - [`compile`]: the compiled categories' slots and numbers, checked, written as a file.
pub mod compile;
pub mod parse;
pub mod source;

use std::path::{Path, PathBuf};

pub use source::Error;

/// Where locale sources are looked for after the `-I` directories (Debian's `locales`).
pub const SOURCE_DIR: &str = "/usr/share/i18n/locales";

/// Compiles the locale source at `input`, finding the files its `copy` and `include` name
/// in `input`'s own directory, then `dirs`.
pub fn compile_file(input: &Path, dirs: &[PathBuf]) -> Result<Vec<u8>, Error> {
    let mut search: Vec<PathBuf> = input.parent().filter(|p| !p.as_os_str().is_empty()).map(Path::to_path_buf).into_iter().collect();
    search.extend(dirs.iter().cloned());
    let reader = parse::Reader { dirs: search };
    compile::compile(&reader.read(input)?)
}
