//! Compiled locales: the data `limpet-localedef` writes, found and mapped when a named
//! category map is made ([`crate::map`]), and read by `nl_langinfo` and `localeconv`.
//!
//! - [`format`]: the file format (shared with the tool, which writes it with the `writer`
//!   feature);
//! - [`path`]: the directories searched and the file names a locale name may have;
//! - [`load`]: mapping a file and checking it; the [`Compiled`] locale it gives.
pub mod format;
pub mod load;
pub mod path;

pub use load::{Compiled, find};

#[cfg(test)]
mod tests;
