//! strftime's names and formats: the C locale's `LC_TIME` strings (what `nl_langinfo` gives
//! for them), and the locale's own through limpet-locale when `LC_TIME` is another.
use limpet_locale::abi::{ABDAY_1, ABMON_1, AM_STR, D_T_FMT, DAY_1, LC_TIME, MON_1, nl_item};
use limpet_locale::map::{Map, TIME_STRINGS};
use limpet_locale::object::Locale;

pub const ABDAY: [&[u8]; 7] = [b"Sun", b"Mon", b"Tue", b"Wed", b"Thu", b"Fri", b"Sat"];
pub const DAY: [&[u8]; 7] = [b"Sunday", b"Monday", b"Tuesday", b"Wednesday", b"Thursday", b"Friday", b"Saturday"];
pub const ABMON: [&[u8]; 12] =
    [b"Jan", b"Feb", b"Mar", b"Apr", b"May", b"Jun", b"Jul", b"Aug", b"Sep", b"Oct", b"Nov", b"Dec"];
pub const MON: [&[u8]; 12] = [
    b"January", b"February", b"March", b"April", b"May", b"June", b"July", b"August", b"September", b"October",
    b"November", b"December",
];
pub const AM: &[u8] = b"AM";
pub const PM: &[u8] = b"PM";
pub const D_T_FMT_C: &[u8] = b"%a %b %e %T %Y";
pub const D_FMT_C: &[u8] = b"%m/%d/%y";
pub const T_FMT_C: &[u8] = b"%H:%M:%S";
pub const T_FMT_AMPM_C: &[u8] = b"%I:%M:%S %p";

/// The `<langinfo.h>` items that follow `D_T_FMT` and `AM_STR`.
pub const PM_STR: nl_item = AM_STR + 1;
pub const D_FMT: nl_item = D_T_FMT + 1;
pub const T_FMT: nl_item = D_T_FMT + 2;
pub const T_FMT_AMPM: nl_item = D_T_FMT + 3;

/// One string of `LC_TIME`: `c` (the C locale's) when `loc`'s `LC_TIME` has neither a
/// compiled locale nor a `MUSL_LOCPATH` catalog (C, C.UTF-8, a name not installed), without
/// asking limpet-locale for it (the common case stays a static slice), else the locale's
/// item `item` (the compiled string, or the C locale's as the catalog translates it, as
/// musl's strftime reads `nl_langinfo`).
#[inline]
pub fn text(loc: &Locale, item: nl_item, c: &'static [u8]) -> &'static [u8] {
    #[cfg(test)]
    if let Some(f) = tests::STRINGS.get() {
        return f(item);
    }
    match loc.map(LC_TIME as usize) {
        Some(m) if m.compiled().is_some() || m.messages().is_some() => from_map(loc, m, item),
        _ => c,
    }
}

/// Item `item` of `loc`, whose `LC_TIME` map is `m` (compiled or translated): from the
/// strings limpet-locale measured once for the map.
#[cold]
#[inline(never)]
fn from_map(loc: &Locale, m: &'static Map, item: nl_item) -> &'static [u8] {
    match m.time_strings() {
        Some(t) if (ABDAY_1..ABDAY_1 + TIME_STRINGS as nl_item).contains(&item) => t.0[(item - ABDAY_1) as usize],
        _ => limpet_locale::langinfo::item(item, loc).to_bytes(),
    }
}

/// Which list of names a conversion takes from.
#[derive(Clone, Copy)]
pub enum List {
    AbDay,
    Day,
    AbMon,
    Mon,
}

/// Name `v` of `list` in `loc`, or `-` when `v` is out of range (as musl).
pub fn name(loc: &Locale, list: List, v: i32) -> &'static [u8] {
    let (first, table): (nl_item, &[&'static [u8]]) = match list {
        List::AbDay => (ABDAY_1, &ABDAY),
        List::Day => (DAY_1, &DAY),
        List::AbMon => (ABMON_1, &ABMON),
        List::Mon => (MON_1, &MON),
    };
    match table.get(v as u32 as usize) {
        Some(c) => text(loc, first + v, c),
        None => b"-",
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::cell::Cell;

    /// A locale's `LC_TIME` strings by item.
    pub(crate) type Strings = fn(nl_item) -> &'static [u8];

    thread_local! {
        /// Another locale's `LC_TIME` strings by item, which [`text`] gives instead of
        /// limpet's in this thread (the tests that compare strftime with glibc's in glibc's
        /// locales set it).
        pub(crate) static STRINGS: Cell<Option<Strings>> = const { Cell::new(None) };
    }
}
