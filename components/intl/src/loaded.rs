//! The `.mo` catalogs loaded so far, one record per path looked at: the catalog and its
//! plural rule when the file was a valid catalog, nothing when it was missing or corrupt
//! (so each path is opened once in the life of the process, as GNU's libintl does; a
//! catalog installed later is not seen). Records are pushed under limpet-locale's lock and
//! never freed, nor their mappings unmapped, so the strings gettext returns stay valid.
use core::ffi::CStr;
use core::ptr;
use core::sync::atomic::{AtomicPtr, Ordering};

use limpet_locale::mo::{Catalog, Plural};

use crate::imports::{free, malloc};
use limpet_locale::map::Guard;
use crate::text::keep;

/// A catalog as the gettext functions use it.
#[derive(Clone, Copy)]
pub struct Loaded {
    pub catalog: Catalog<'static>,
    pub plural: Plural<'static>,
}

/// One path (its copy and length, which a lookup compares first) and what it held.
struct Record {
    next: *mut Record,
    path: *mut core::ffi::c_char,
    path_len: usize,
    loaded: Option<Loaded>,
}

/// Every record, newest first.
static RECORDS: AtomicPtr<Record> = AtomicPtr::new(ptr::null_mut());

/// The record of `path`, if there is one.
fn find(path: &[u8]) -> Option<&'static Record> {
    let mut r = RECORDS.load(Ordering::Acquire);
    while !r.is_null() {
        // SAFETY: records are published complete and never freed.
        let rec = unsafe { &*r };
        // SAFETY: a record's path is a copy of `path_len` bytes kept for ever.
        if rec.path_len == path.len() && unsafe { core::slice::from_raw_parts(rec.path.cast::<u8>(), rec.path_len) } == path {
            return Some(rec);
        }
        r = rec.next;
    }
    None
}

/// The catalog at `path`, loading it the first time the path is asked for. None when the
/// file is missing or is no valid catalog. When the record cannot be allocated, the
/// answer is None this time and the path is tried again next time.
pub fn catalog(path: &CStr) -> Option<Loaded> {
    if let Some(rec) = find(path.to_bytes()) {
        return rec.loaded;
    }
    let _guard = Guard::take();
    // Another thread may have loaded it while this one waited.
    if let Some(rec) = find(path.to_bytes()) {
        return rec.loaded;
    }
    let loaded = load(path);
    let unload = || {
        if let Some(l) = loaded {
            // SAFETY: the mapping was made by `load` and nothing else has seen it.
            unsafe { limpet_locale::file::unmap(l.catalog.bytes()) };
        }
    };
    let Some(copy) = keep(path.to_bytes()) else {
        unload();
        return None;
    };
    // SAFETY: a plain allocation for one record.
    let rec = unsafe { malloc(size_of::<Record>()) } as *mut Record;
    if rec.is_null() {
        // SAFETY: `copy` is ours and unpublished.
        unsafe { free(copy.cast()) };
        unload();
        return None;
    }
    // SAFETY: `rec` is a fresh allocation of a record's size (malloc's alignment is enough);
    // it is published only once written, under the lock, so there is one record per path.
    unsafe {
        rec.write(Record { next: RECORDS.load(Ordering::Relaxed), path: copy, path_len: path.to_bytes().len(), loaded });
        RECORDS.store(rec, Ordering::Release);
    }
    loaded
}

/// Maps and checks the file at `path`.
fn load(path: &CStr) -> Option<Loaded> {
    let bytes = limpet_locale::file::map(path).ok()?;
    match Catalog::parse(bytes) {
        Some(catalog) => Some(Loaded { catalog, plural: Plural::of(&catalog) }),
        None => {
            // SAFETY: the mapping was just made and nothing refers to it.
            unsafe { limpet_locale::file::unmap(bytes) };
            None
        }
    }
}

/// Every path with a record, for the tests to count.
#[cfg(test)]
pub fn paths() -> Vec<String> {
    let mut all = Vec::new();
    let mut r = RECORDS.load(Ordering::Acquire);
    while !r.is_null() {
        // SAFETY: records are published complete and never freed.
        let rec = unsafe { &*r };
        // SAFETY: as in `find`.
        let path = unsafe { core::slice::from_raw_parts(rec.path.cast::<u8>(), rec.path_len) };
        all.push(String::from_utf8_lossy(path).into_owned());
        r = rec.next;
    }
    all
}
