//! Locale objects (`locale_t`): one map per category.
//!
//! Four objects are built in and never freed, as in musl: the C locale, C.UTF-8 (the C
//! locale with UTF-8 `LC_CTYPE`), the environment's default locale and the C locale with
//! the default's `LC_CTYPE`; `newlocale` returns one of them whenever the result would equal
//! it, and allocates otherwise. The global locale, which `setlocale` changes, is one more
//! static object; a thread uses it unless `uselocale` gave it another.
use core::ptr;
use core::sync::atomic::{AtomicBool, AtomicPtr, Ordering};

use crate::abi::{CATEGORIES, LC_CTYPE, LC_GLOBAL_LOCALE};
use crate::locale_t;
use crate::map::{self, Map, MapRef, NoMemory};

/// A locale: the map of each category (null: the C locale's). The maps are atomic because
/// the global locale's change under [`map::LOCK`] while other threads read them.
#[repr(C)]
pub struct Locale {
    cat: [AtomicPtr<Map>; CATEGORIES],
}

/// A locale's maps, as plain values.
pub type Maps = [MapRef; CATEGORIES];

/// The pointer a map is stored as (null for the C locale's).
const fn stored(map: MapRef) -> *mut Map {
    match map {
        Some(m) => ptr::from_ref(m).cast_mut(),
        None => ptr::null_mut(),
    }
}

impl Locale {
    pub const fn new(maps: Maps) -> Locale {
        let mut cat = [const { AtomicPtr::new(ptr::null_mut()) }; CATEGORIES];
        let mut i = 0;
        while i < CATEGORIES {
            cat[i] = AtomicPtr::new(stored(maps[i]));
            i += 1;
        }
        Locale { cat }
    }

    /// The map of category `cat`.
    #[inline]
    pub fn map(&self, cat: usize) -> MapRef {
        // SAFETY: only `stored` maps are ever written: null, or maps that live for ever.
        unsafe { self.cat[cat].load(Ordering::Relaxed).as_ref() }
    }

    /// Every category's map.
    pub fn maps(&self) -> Maps {
        core::array::from_fn(|i| self.map(i))
    }

    /// Replaces every map.
    pub fn set(&self, maps: &Maps) {
        for (slot, &m) in self.cat.iter().zip(maps) {
            slot.store(stored(m), Ordering::Relaxed);
        }
    }

    /// Replaces the map of category `cat`.
    pub fn set_one(&self, cat: usize, map: MapRef) {
        self.cat[cat].store(stored(map), Ordering::Relaxed);
    }

    /// Whether the multibyte encoding is UTF-8 (else the C locale's bytes).
    #[inline]
    pub fn utf8(&self) -> bool {
        self.map(LC_CTYPE as usize).is_some()
    }
}

/// The C locale (`newlocale(LC_ALL_MASK, "C", 0)`).
pub static C_LOCALE: Locale = Locale::new([None; CATEGORIES]);

const fn utf8_maps() -> Maps {
    let mut maps = [None; CATEGORIES];
    maps[LC_CTYPE as usize] = Some(&map::C_UTF8_CTYPE);
    maps
}

/// C.UTF-8: the C locale with UTF-8 `LC_CTYPE`.
pub static UTF8_LOCALE: Locale = Locale::new(utf8_maps());

/// The environment's locale (`""` in every category), made on first need.
static DEFAULT_LOCALE: Locale = Locale::new([None; CATEGORIES]);
/// The C locale with the environment's `LC_CTYPE`.
static DEFAULT_CTYPE_LOCALE: Locale = Locale::new([None; CATEGORIES]);
static DEFAULTS_MADE: AtomicBool = AtomicBool::new(false);

/// The global locale: what `setlocale` sets, and what threads use by default. Every
/// program starts in the C locale.
pub static GLOBAL: Locale = Locale::new([None; CATEGORIES]);

/// The built-in object whose maps are `maps`, if there is one. The caller holds
/// [`map::LOCK`]. The default locales are made when first compared, which is after the
/// two fixed ones fail to match (as in musl: the environment read is the one of that moment).
pub fn builtin(maps: &Maps) -> Result<Option<locale_t>, NoMemory> {
    let as_ptr = |l: &'static Locale| Some(ptr::from_ref(l).cast_mut());
    if let Some(fixed) = [&C_LOCALE, &UTF8_LOCALE].into_iter().find(|l| l.maps() == *maps) {
        return Ok(as_ptr(fixed));
    }
    if !DEFAULTS_MADE.load(Ordering::Relaxed) {
        let mut d = [None; CATEGORIES];
        for (cat, m) in d.iter_mut().enumerate() {
            *m = map::resolve(cat, b"")?;
        }
        DEFAULT_LOCALE.set(&d);
        DEFAULT_CTYPE_LOCALE.set_one(LC_CTYPE as usize, d[LC_CTYPE as usize]);
        DEFAULTS_MADE.store(true, Ordering::Relaxed);
    }
    Ok([&DEFAULT_LOCALE, &DEFAULT_CTYPE_LOCALE].into_iter().find(|l| l.maps() == *maps).and_then(as_ptr))
}

/// Whether `loc` was allocated by `newlocale` or `duplocale` (so it may be changed in place
/// and freed), rather than being null, `LC_GLOBAL_LOCALE` or a static object.
pub fn is_allocated(loc: locale_t) -> bool {
    let statics = [&C_LOCALE, &UTF8_LOCALE, &DEFAULT_LOCALE, &DEFAULT_CTYPE_LOCALE, &GLOBAL];
    !loc.is_null() && loc != LC_GLOBAL_LOCALE && !statics.iter().any(|&s| ptr::eq(s, loc))
}

/// The object `loc` stands for: the global locale for `LC_GLOBAL_LOCALE`.
///
/// # Safety
/// `loc` is `LC_GLOBAL_LOCALE` or a live locale object.
pub unsafe fn resolve<'a>(loc: locale_t) -> &'a Locale {
    if loc == LC_GLOBAL_LOCALE {
        &GLOBAL
    } else {
        // SAFETY: by the caller's contract.
        unsafe { &*loc }
    }
}

/// The calling thread's current locale.
#[inline]
pub fn current() -> &'static Locale {
    let loc = crate::thread::get();
    if loc.is_null() {
        &GLOBAL
    } else {
        // SAFETY: `uselocale` installed a live object, which the program must not free while
        // it is in use.
        unsafe { &*loc }
    }
}
