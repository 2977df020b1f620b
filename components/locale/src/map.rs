//! Locale names to category maps, as musl resolves them without `MUSL_LOCPATH`.
//!
//! A map is what a locale holds for one category: null for the C locale ("C", "POSIX",
//! and "C.UTF-8" outside `LC_CTYPE`), [`C_UTF8`] for "C.UTF-8" in `LC_CTYPE`, or a named map
//! for any other name, which every category accepts: it behaves as C.UTF-8 and only keeps
//! the name. Named maps are allocated once per distinct name and never freed, so a map
//! pointer stays valid in every locale object that holds it and pointer equality is name
//! equality. [`LOCK`] guards the list of named maps and everything else locale-wide that
//! changes (the global locale's maps, the default locale objects).
use core::ffi::c_char;
use core::ptr;
use core::sync::atomic::{AtomicBool, AtomicPtr, Ordering};

use limpet_start::env::getenv;
use limpet_start::lock::Lock;

use crate::abi::{ABDAY_1, CATEGORIES, D_T_FMT, LC_CTYPE, LC_TIME, LOCALE_NAME_MAX, nl_item};
use crate::compiled::{self, Compiled};
use crate::mo::Catalog;
use crate::imports::{free, malloc};
use crate::object::Locale;

/// One category's map: its name, NUL-terminated, the compiled locale found for the name
/// when the map was made (if any), and the next named map.
pub struct Map {
    name: [u8; LOCALE_NAME_MAX + 1],
    compiled: Option<&'static Compiled>,
    /// The `MUSL_LOCPATH` catalog of this name (see [`crate::messages`]).
    messages: Option<Catalog<'static>>,
    /// [`Map::time_strings`], made on first use.
    time: AtomicPtr<TimeStrings>,
    next: *mut Map,
}

/// How many `LC_TIME` strings [`Map::time_strings`] holds: `ABDAY_1` to `T_FMT_AMPM`.
pub const TIME_STRINGS: usize = (D_T_FMT + 3 - ABDAY_1 + 1) as usize;

/// A map's `LC_TIME` strings from `ABDAY_1` to `T_FMT_AMPM`, as `nl_langinfo` gives them,
/// each already measured.
pub struct TimeStrings(pub [&'static [u8]; TIME_STRINGS]);

impl Map {
    /// The name as a C string.
    pub fn name_ptr(&self) -> *const c_char {
        self.name.as_ptr().cast()
    }

    /// The name's bytes, without the NUL.
    pub fn name(&self) -> &[u8] {
        let len = self.name.iter().position(|&b| b == 0).unwrap_or(LOCALE_NAME_MAX);
        &self.name[..len]
    }

    /// The compiled locale of this name, looked for once when the map was made.
    #[inline]
    pub fn compiled(&self) -> Option<&'static Compiled> {
        self.compiled
    }

    /// This map's `LC_TIME` strings from `ABDAY_1` to `T_FMT_AMPM` as `nl_langinfo` gives
    /// them (compiled, or the C locale's as its catalog translates them), measured on first
    /// use and kept with the map: strftime and strptime read them for every conversion.
    /// None for a map with neither (its strings are the C locale's) or when there is no
    /// memory for them.
    pub fn time_strings(&'static self) -> Option<&'static TimeStrings> {
        if self.compiled.is_none() && self.messages.is_none() {
            return None;
        }
        // SAFETY: the word is null or a published `TimeStrings`, never freed.
        match unsafe { self.time.load(Ordering::Acquire).as_ref() } {
            Some(t) => Some(t),
            None => self.make_time_strings(),
        }
    }

    #[cold]
    #[inline(never)]
    fn make_time_strings(&'static self) -> Option<&'static TimeStrings> {
        let mut maps = [None; CATEGORIES];
        maps[LC_TIME as usize] = Some(self);
        let loc = Locale::new(maps);
        let strings = TimeStrings(core::array::from_fn(|k| crate::langinfo::item(ABDAY_1 + k as nl_item, &loc).to_bytes()));
        // SAFETY: a plain allocation; a null result is handled.
        let new = unsafe { malloc(size_of::<TimeStrings>()) }.cast::<TimeStrings>();
        if new.is_null() {
            return None;
        }
        // SAFETY: a fresh allocation of a `TimeStrings`'s size (malloc aligns for any type).
        unsafe { new.write(strings) };
        match self.time.compare_exchange(ptr::null_mut(), new, Ordering::AcqRel, Ordering::Acquire) {
            // SAFETY: published now, never freed.
            Ok(_) => Some(unsafe { &*new }),
            Err(first) => {
                // SAFETY: another thread published its copy first; ours was never shared.
                unsafe { free(new.cast()) };
                // SAFETY: a published `TimeStrings`, never freed.
                Some(unsafe { &*first })
            }
        }
    }

    /// The `MUSL_LOCPATH` message catalog of this name, looked for once when the map was
    /// made.
    #[inline]
    pub fn messages(&self) -> Option<&Catalog<'static>> {
        self.messages.as_ref()
    }
}

/// Whether any map was ever made with a compiled locale. Until one is, every locale has the
/// C locale's numbers and names, so the hot paths (strtod's and printf's radix) answer
/// without reading the thread's locale.
static ANY_COMPILED: AtomicBool = AtomicBool::new(false);

/// Whether a compiled locale was ever loaded in this process (see [`ANY_COMPILED`]). A
/// thread can only hold a map that was published before it got it, so `false` here means
/// its locale's maps have no compiled data.
#[inline]
pub fn any_compiled() -> bool {
    ANY_COMPILED.load(Ordering::Acquire)
}

/// The compiled locale a category's map has: none for the C locale's, C.UTF-8's, or a name
/// no compiled file was found for.
#[inline]
pub fn compiled(map: MapRef) -> Option<&'static Compiled> {
    map.and_then(Map::compiled)
}

/// A category's map: `None` for the C locale's, else a built-in or named map, which live
/// for ever.
pub type MapRef = Option<&'static Map>;

/// A new named map could not be allocated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoMemory;

/// A map's name as a C string, "C" for the C locale's.
pub fn name_of(map: MapRef) -> *const c_char {
    map.map_or(c"C".as_ptr(), Map::name_ptr)
}

const fn builtin_name() -> [u8; LOCALE_NAME_MAX + 1] {
    let mut name = [0u8; LOCALE_NAME_MAX + 1];
    let src = b"C.UTF-8";
    let mut i = 0;
    while i < src.len() {
        name[i] = src[i];
        i += 1;
    }
    name
}

/// Maps are equal when they are the same map: there is one per name.
impl PartialEq for Map {
    fn eq(&self, other: &Map) -> bool {
        ptr::eq(self, other)
    }
}

impl core::fmt::Debug for Map {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Map({:?})", core::str::from_utf8(self.name()).unwrap_or("?"))
    }
}

// SAFETY: a map is never written once it is published (built in, or pushed on the list).
unsafe impl Sync for Map {}

/// The C.UTF-8 map of `LC_CTYPE`.
pub static C_UTF8_CTYPE: Map =
    Map { name: builtin_name(), compiled: None, messages: None, time: AtomicPtr::new(ptr::null_mut()), next: ptr::null_mut() };

/// The C.UTF-8 `LC_CTYPE` map.
pub fn c_utf8() -> MapRef {
    Some(&C_UTF8_CTYPE)
}

/// The named maps, newest first; pushed under [`LOCK`], never removed.
static NAMED: AtomicPtr<Map> = AtomicPtr::new(ptr::null_mut());

/// The lock over every locale-wide change: the named maps, the global locale, the default
/// locale objects. It may be held while `malloc` runs, never the other way round.
pub static LOCK: Lock = Lock::new();

/// The fork hooks' rank: above malloc's, since `malloc` is called with [`LOCK`] held.
const FORK_RANK: u32 = limpet_start::hooks::rank::MALLOC + 5;

fn lock_for_fork() {
    LOCK.lock();
}

fn unlock_after_fork() {
    // SAFETY: `lock_for_fork` took it in this thread before the fork.
    unsafe { LOCK.unlock() }
}

limpet_start::on_fork!(fn keep_fork_hooks, FORK_RANK, lock_for_fork, unlock_after_fork, unlock_after_fork);

/// Holds [`LOCK`] for its lifetime.
pub struct Guard(());

impl Guard {
    pub fn take() -> Guard {
        keep_fork_hooks();
        LOCK.lock();
        Guard(())
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        // SAFETY: `take` took the lock and this guard is its only release.
        unsafe { LOCK.unlock() }
    }
}

/// The environment variable each category is named by, after `LC_ALL` and before `LANG`.
const CATEGORY_VARS: [&core::ffi::CStr; CATEGORIES] =
    [c"LC_CTYPE", c"LC_NUMERIC", c"LC_TIME", c"LC_COLLATE", c"LC_MONETARY", c"LC_MESSAGES"];

/// The bytes of a C string.
///
/// # Safety
/// `s` is a valid NUL-terminated string that outlives the result.
unsafe fn bytes<'a>(s: *const c_char) -> &'a [u8] {
    // SAFETY: by the caller's contract.
    unsafe { core::ffi::CStr::from_ptr(s).to_bytes() }
}

/// The value of the environment variable `var`, unless unset or empty.
fn env(var: &core::ffi::CStr) -> Option<&'static [u8]> {
    // SAFETY: getenv returns null or a string of the environment.
    let v = unsafe { getenv(var.as_ptr()) };
    // SAFETY: non-null, it is such a string; the environment keeps it while it is unchanged.
    (!v.is_null()).then(|| unsafe { bytes(v) }).filter(|v| !v.is_empty())
}

/// What locale name `""` means for category `cat`: `LC_ALL`, then the category's own
/// variable, then `LANG`, the first one set and non-empty; else C.UTF-8.
fn from_environment(cat: usize) -> &'static [u8] {
    env(c"LC_ALL").or_else(|| env(CATEGORY_VARS[cat])).or_else(|| env(c"LANG")).unwrap_or(b"C.UTF-8")
}

/// The map category `cat` gets for the locale `name` (`""`: from the environment), as
/// musl resolves it: a name that starts with '.', holds a '/' or is longer than
/// [`LOCALE_NAME_MAX`] means C.UTF-8; "C", "POSIX" and "C.UTF-8" are built in; any other
/// name gets a named map. Fails only when a new named map cannot be allocated.
///
/// The caller holds [`LOCK`].
pub fn resolve(cat: usize, name: &[u8]) -> Result<MapRef, NoMemory> {
    let mut name = if name.is_empty() { from_environment(cat) } else { name };
    if name[0] == b'.' || name.len() > LOCALE_NAME_MAX || name.contains(&b'/') {
        name = b"C.UTF-8";
    }
    match name {
        b"C.UTF-8" if cat == LC_CTYPE as usize => Ok(c_utf8()),
        b"C" | b"POSIX" | b"C.UTF-8" => Ok(None),
        _ => named(name).map(Some),
    }
}

/// The named map for `name`, made on first use, with the compiled locale and the
/// `MUSL_LOCPATH` catalog found for the name then (see [`crate::compiled::path`]): the map is made once and kept for ever, and
/// so is what it found, so a locale compiled later is seen by a process only for names it
/// had not used yet.
fn named(name: &[u8]) -> Result<&'static Map, NoMemory> {
    let mut m = NAMED.load(Ordering::Acquire);
    // SAFETY: named maps are never freed or changed once pushed.
    while let Some(map) = unsafe { m.as_ref() } {
        if map.name() == name {
            return Ok(map);
        }
        m = map.next;
    }
    // SAFETY: plain allocation; a null result is handled.
    let new = unsafe { malloc(size_of::<Map>()) }.cast::<Map>();
    if new.is_null() {
        return Err(NoMemory);
    }
    let mut full = [0u8; LOCALE_NAME_MAX + 1];
    full[..name.len()].copy_from_slice(name);
    let compiled = compiled::find(name);
    let messages = crate::messages::find(name);
    if compiled.is_some() {
        ANY_COMPILED.store(true, Ordering::Release);
    }
    // SAFETY: `new` is a fresh allocation of a `Map`'s size (malloc aligns for any type).
    unsafe {
        new.write(Map { name: full, compiled, messages, time: AtomicPtr::new(ptr::null_mut()), next: NAMED.load(Ordering::Relaxed) })
    };
    NAMED.store(new, Ordering::Release);
    // SAFETY: initialised above, and never freed.
    Ok(unsafe { &*new })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::abi::{LC_MESSAGES, LC_NUMERIC, LC_TIME};

    fn name(m: MapRef) -> Vec<u8> {
        // SAFETY: `name_of` returns a C string that lives for ever.
        unsafe { bytes(name_of(m)) }.to_vec()
    }

    #[test]
    fn builtin_names() {
        let _g = Guard::take();
        let ct = LC_CTYPE as usize;
        assert_eq!(resolve(ct, b"C"), Ok(None));
        assert_eq!(resolve(ct, b"POSIX"), Ok(None));
        assert_eq!(resolve(ct, b"C.UTF-8"), Ok(c_utf8()));
        assert_eq!(resolve(LC_NUMERIC as usize, b"C.UTF-8"), Ok(None));
        assert_eq!(name(c_utf8()), b"C.UTF-8");
        assert_eq!(name(None), b"C");
    }

    #[test]
    fn bad_names_mean_c_utf8() {
        let _g = Guard::take();
        for bad in [&b".x"[..], b"a/b", b"/", b"abcdefghijklmnopqrstuvwx"] {
            assert_eq!(resolve(0, bad), Ok(c_utf8()), "{:?}", bad);
            assert_eq!(resolve(LC_TIME as usize, bad), Ok(None));
        }
    }

    #[test]
    fn named_maps_are_shared_and_kept() {
        let _g = Guard::take();
        let longest = b"abcdefghijklmnopqrstuvw";
        let a = resolve(0, longest).unwrap();
        assert_eq!(name(a), longest);
        assert_eq!(resolve(LC_MESSAGES as usize, longest), Ok(a));
        let b = resolve(0, b"C.utf8").unwrap();
        assert_ne!(a, b);
        assert_eq!(name(b), b"C.utf8");
        assert_eq!(resolve(3, b"C.utf8"), Ok(b));
    }

    #[test]
    fn empty_name_reads_the_environment() {
        let _t = crate::test_lock();
        let _g = Guard::take();
        // SAFETY: the test lock keeps this crate's other environment users out.
        unsafe {
            crate::set_env("LC_ALL", None);
            crate::set_env("LC_TIME", None);
            crate::set_env("LANG", None);
        }
        assert_eq!(resolve(0, b""), Ok(c_utf8()));
        assert_eq!(resolve(LC_TIME as usize, b""), Ok(None));
        unsafe { crate::set_env("LANG", Some("de_DE")) };
        assert_eq!(name(resolve(LC_TIME as usize, b"").unwrap()), b"de_DE");
        unsafe { crate::set_env("LC_TIME", Some("ja_JP")) };
        assert_eq!(name(resolve(LC_TIME as usize, b"").unwrap()), b"ja_JP");
        assert_eq!(name(resolve(0, b"").unwrap()), b"de_DE");
        unsafe { crate::set_env("LC_ALL", Some("")) };
        assert_eq!(name(resolve(LC_TIME as usize, b"").unwrap()), b"ja_JP");
        unsafe { crate::set_env("LC_ALL", Some("POSIX")) };
        assert_eq!(resolve(LC_TIME as usize, b""), Ok(None));
        unsafe { crate::set_env("LC_ALL", Some("x/y")) };
        assert_eq!(resolve(0, b""), Ok(c_utf8()));
        unsafe {
            crate::set_env("LC_ALL", None);
            crate::set_env("LC_TIME", None);
            crate::set_env("LANG", None);
        }
    }
}
