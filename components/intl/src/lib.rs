//! `<libintl.h>` and `<nl_types.h>`: message translation through GNU `.mo` catalogs
//! (gettext and its relatives) and through X/Open message catalogs (catopen, catgets).
//!
//! - `domain`: `textdomain`, `bindtextdomain`, `bind_textdomain_codeset`, and the
//!   bindings they keep for the life of the process;
//! - `gettext`: the six lookups (`gettext` .. `dcngettext`), over `names` (the locale
//!   name's variants, in GNU's order) and `loaded` (each catalog path mapped once and
//!   kept); the `.mo` reader and the Plural-Forms evaluator are limpet-locale's `mo`
//!   module, which the locale's message translations share;
//! - `catopen` (the `NLSPATH` search and the handle), `catgets` (`catgets`, `catclose`),
//!   over `catfile`, the two binary catalog formats (NetBSD's, which musl reads, and
//!   glibc's, which Debian's gencat writes);
//! - `text`: C strings and kept copies. Catalog files are mapped with limpet-locale's
//!   `file`, their paths built with its `pathbuf`, and the lists changed under its lock
//!   (`limpet_locale::map::Guard`, the one lock over locale state).
//!
//! Catalogs and strings come from the allocator and from the kernel (`imports`,
//! `limpet_locale::file`).
#![cfg_attr(not(test), no_std)]

pub mod abi;
mod catfile;
pub mod catgets;
pub mod catopen;
pub mod domain;
pub mod gettext;
mod imports;
mod loaded;
pub mod names;
mod text;

#[cfg(test)]
mod tests;
