//! Finding a symbol's definition: GNU and SysV hash tables, and the global search order.
use core::ffi::CStr;

use limpet_syscall::elf::*;

use crate::dso::Dso;

/// A name and its two hashes, computed once per lookup.
pub struct Name<'a> {
    pub bytes: &'a [u8],
    gnu: u32,
    sysv: Option<u32>,
}

impl<'a> Name<'a> {
    pub fn new(bytes: &'a [u8]) -> Self {
        Name { bytes, gnu: gnu_hash(bytes), sysv: None }
    }

    fn sysv(&mut self) -> u32 {
        *self.sysv.get_or_insert_with(|| sysv_hash(self.bytes))
    }
}

/// Symbol types a relocation may bind to.
const OK_TYPES: u32 = (1 << STT_NOTYPE)
    | (1 << STT_OBJECT)
    | (1 << STT_FUNC)
    | (1 << STT_COMMON)
    | (1 << STT_TLS)
    | (1 << STT_GNU_IFUNC);
/// Symbol bindings a relocation may bind to.
const OK_BINDS: u32 = (1 << STB_GLOBAL) | (1 << STB_WEAK) | (1 << STB_GNU_UNIQUE);
/// A `DT_VERSYM` entry with this bit is a hidden (non-default) version.
const VERSYM_HIDDEN: u16 = 0x8000;

/// Whether symbol `i` of `dso` is a definition named `name` that others may bind to.
///
/// An undefined symbol with a value is a position-dependent program's canonical PLT entry:
/// taking the function's address must give that entry everywhere, so it counts, except for
/// `need_def` lookups (PLT slots and copies), which need the real definition.
///
/// # Safety
/// `i` must index the module's symbol table.
unsafe fn matches(dso: &Dso, i: usize, name: &[u8], need_def: bool) -> bool {
    // SAFETY: `i` is a valid index; names in the string table are NUL-terminated.
    unsafe {
        let s = &*dso.syms.add(i);
        if s.st_shndx == SHN_UNDEF && (need_def || st_type(s.st_info) == STT_TLS) {
            return false;
        }
        if s.st_value == 0 && st_type(s.st_info) != STT_TLS {
            return false;
        }
        if OK_TYPES & (1 << st_type(s.st_info)) == 0 || OK_BINDS & (1 << st_bind(s.st_info)) == 0 {
            return false;
        }
        if !dso.versym.is_null() && *dso.versym.add(i) & VERSYM_HIDDEN != 0 {
            return false;
        }
        CStr::from_ptr(dso.string(s.st_name as usize).cast()).to_bytes() == name
    }
}

/// Looks `name` up in one module's own hash table; returns the symbol's index.
pub fn lookup_in(dso: &Dso, name: &mut Name, need_def: bool) -> Option<usize> {
    // SAFETY: the hash tables and symbol table are those of a mapped module.
    unsafe {
        if !dso.gnu_hash.is_null() {
            let t = dso.gnu_hash;
            let nbuckets = *t as usize;
            let symoffset = *t.add(1) as usize;
            let bloom_size = *t.add(2) as usize;
            let bloom_shift = *t.add(3);
            let bloom = t.add(4) as *const usize;
            let buckets = bloom.add(bloom_size) as *const u32;
            let chain = buckets.add(nbuckets);
            let h = name.gnu;
            let bits = usize::BITS;
            // `checked_rem`: a zero size (refused when the loader maps a file) must not
            // divide by zero in the modules it did not check.
            let Some(w) = ((h / bits) as usize).checked_rem(bloom_size) else { return None };
            let word = *bloom.add(w);
            let mask = (1usize << (h % bits)) | (1usize << ((h >> bloom_shift) % bits));
            if word & mask != mask {
                return None;
            }
            let Some(b) = (h as usize).checked_rem(nbuckets) else { return None };
            let mut i = *buckets.add(b) as usize;
            if i == 0 {
                return None;
            }
            loop {
                let h2 = *chain.add(i - symoffset);
                if (h | 1) == (h2 | 1) && matches(dso, i, name.bytes, need_def) {
                    return Some(i);
                }
                if h2 & 1 != 0 {
                    return None;
                }
                i += 1;
            }
        }
        if !dso.sysv_hash.is_null() {
            let t = dso.sysv_hash;
            let nbucket = *t as usize;
            let buckets = t.add(2);
            let chain = buckets.add(nbucket);
            let Some(b) = (name.sysv() as usize).checked_rem(nbucket) else { return None };
            let mut i = *buckets.add(b) as usize;
            while i != 0 {
                if matches(dso, i, name.bytes, need_def) {
                    return Some(i);
                }
                i = *chain.add(i) as usize;
            }
        }
        None
    }
}

/// A definition: the module and the symbol.
#[derive(Clone, Copy)]
pub struct Def {
    pub dso: *mut Dso,
    pub sym: *const Sym,
}

impl Def {
    /// The definition's run-time address.
    pub fn addr(&self) -> usize {
        // SAFETY: a Def always names a live module and one of its symbols.
        unsafe { (*self.dso).base.wrapping_add((*self.sym).st_value) }
    }
}

/// Searches the global modules from `head` in list order; the first definition wins, weak
/// or not (as in musl and modern glibc). With `skip` set, that module is passed over (a copy
/// relocation must find the library's original, not the program's copy). `need_def` is as
/// for [`matches`].
pub fn lookup_global(head: *mut Dso, name: &[u8], skip: *mut Dso, need_def: bool) -> Option<Def> {
    let mut n = Name::new(name);
    lookup_chain(head, &mut n, skip, need_def, true)
}

/// The walk of [`lookup_global`] from `d` on, over the global modules only or over all.
pub fn lookup_chain(mut d: *mut Dso, n: &mut Name, skip: *mut Dso, need_def: bool, global_only: bool) -> Option<Def> {
    while !d.is_null() {
        // SAFETY: linked modules are live.
        let dso = unsafe { &*d };
        if d != skip && (dso.life.global || !global_only) && !dso.life.dying {
            if let Some(i) = lookup_in(dso, n, need_def) {
                // SAFETY: `i` indexes the symbol table.
                return Some(Def { dso: d, sym: unsafe { dso.syms.add(i) } });
            }
        }
        d = dso.next;
    }
    None
}

/// Searches `mods` in order (a module's own scope: itself, then its dependencies breadth
/// first).
pub fn lookup_list(mods: &[*mut Dso], n: &mut Name, need_def: bool) -> Option<Def> {
    for &d in mods {
        // SAFETY: the scope's modules are live.
        let dso = unsafe { &*d };
        if let Some(i) = lookup_in(dso, n, need_def) {
            // SAFETY: `i` indexes the symbol table.
            return Some(Def { dso: d, sym: unsafe { dso.syms.add(i) } });
        }
    }
    None
}

/// How many entries the module's symbol table has: `DT_HASH`'s chain count, or, with only
/// a GNU hash table, one past the last chain's end. The loader's checks proved it for the
/// modules it mapped; for the program and libc.so it is counted on first need, and kept.
pub fn count(dso: &mut Dso) -> usize {
    if dso.nsyms != 0 {
        return dso.nsyms;
    }
    // SAFETY: the hash tables are those of a mapped module.
    let n = unsafe {
        if !dso.sysv_hash.is_null() {
            *dso.sysv_hash.add(1) as usize
        } else if !dso.gnu_hash.is_null() {
            let t = dso.gnu_hash;
            let nbuckets = *t as usize;
            let symoffset = *t.add(1) as usize;
            let buckets = (t.add(4) as *const usize).add(*t.add(2) as usize) as *const u32;
            let chain = buckets.add(nbuckets);
            let last = (0..nbuckets).map(|b| *buckets.add(b) as usize).max().unwrap_or(0);
            if last < symoffset {
                symoffset
            } else {
                let mut i = last;
                while *chain.add(i - symoffset) & 1 == 0 {
                    i += 1;
                }
                i + 1
            }
        } else {
            0
        }
    };
    dso.nsyms = n;
    n
}

/// The name of version index `ndx` in the module's `DT_VERDEF` table, if it defines it.
///
/// # Safety
/// The module's version tables are mapped.
unsafe fn version_name(dso: &Dso, ndx: u16) -> Option<&[u8]> {
    /// `Elf64_Verdef`: vd_version, vd_flags, vd_ndx, vd_cnt (u16 each), vd_hash, vd_aux,
    /// vd_next (u32 each).
    const VD_NDX: usize = 4;
    const VD_AUX: usize = 12;
    const VD_NEXT: usize = 16;
    let mut v = dso.verdef;
    if v.is_null() {
        return None;
    }
    // SAFETY: per the contract; each entry's offsets lead to the next entry and its first
    // auxiliary entry (`vda_name`, a string offset, then `vda_next`).
    unsafe {
        loop {
            let ndx_here = (v.add(VD_NDX) as *const u16).read_unaligned();
            if ndx_here & 0x7fff == ndx {
                let aux = v.add((v.add(VD_AUX) as *const u32).read_unaligned() as usize);
                let name = (aux as *const u32).read_unaligned() as usize;
                return Some(CStr::from_ptr(dso.string(name).cast()).to_bytes());
            }
            let next = (v.add(VD_NEXT) as *const u32).read_unaligned() as usize;
            if next == 0 {
                return None;
            }
            v = v.add(next);
        }
    }
}

/// Looks `name` up in `dso` with version `version`, default or hidden (for `dlvsym`).
/// A module without version tables matches any version, as glibc does.
pub fn lookup_versioned(dso: &mut Dso, name: &[u8], version: &[u8]) -> Option<usize> {
    let n = count(dso);
    for i in 1..n {
        // SAFETY: `i` is below the symbol count; names are NUL-terminated.
        unsafe {
            let s = &*dso.syms.add(i);
            if s.st_shndx == SHN_UNDEF || OK_BINDS & (1 << st_bind(s.st_info)) == 0 {
                continue;
            }
            if CStr::from_ptr(dso.string(s.st_name as usize).cast()).to_bytes() != name {
                continue;
            }
            if dso.versym.is_null() {
                return Some(i);
            }
            let ndx = *dso.versym.add(i) & !VERSYM_HIDDEN;
            if version_name(dso, ndx) == Some(version) {
                return Some(i);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testimage::{Image, SymDef};

    fn names() -> Vec<SymDef> {
        vec![
            SymDef::func("alpha", 0x4100),
            SymDef::object("beta", 0x4200, 8),
            SymDef::undef("gamma", STB_GLOBAL),
            SymDef { bind: STB_WEAK, ..SymDef::func("delta", 0x4300) },
            SymDef { versym: VERSYM_HIDDEN | 2, ..SymDef::func("hidden", 0x4400) },
            SymDef { bind: STB_LOCAL, ..SymDef::func("local", 0x4500) },
        ]
    }

    #[test]
    fn both_hash_tables_find_the_same_definitions() {
        for (gnu, sysv) in [(true, false), (false, true), (true, true)] {
            let img = Image::new(&names(), &[], &[], gnu, sysv);
            let d = &*img.dso;
            let find = |n: &str, need_def| lookup_in(d, &mut Name::new(n.as_bytes()), need_def);
            assert_eq!(find("alpha", false), Some(1), "gnu {gnu} sysv {sysv}");
            assert_eq!(find("beta", true), Some(2));
            assert_eq!(find("delta", false), Some(4), "a weak definition binds");
            assert_eq!(find("gamma", false), None, "an undefined symbol without a value is no definition");
            assert_eq!(find("hidden", false), None, "a hidden version is not found by plain name");
            assert_eq!(find("local", false), None, "a local symbol is not exported");
            assert_eq!(find("epsilon", false), None);
            assert_eq!(find("", false), None);
        }
    }

    #[test]
    fn symbol_count_from_either_table() {
        for (gnu, sysv) in [(true, false), (false, true)] {
            let mut img = Image::new(&names(), &[], &[], gnu, sysv);
            assert_eq!(count(&mut img.dso), 7, "gnu {gnu}");
        }
        let mut empty = Image::new(&[], &[], &[], true, false);
        assert_eq!(count(&mut empty.dso), 1);
    }

    #[test]
    fn global_order_first_definition_wins_and_skips() {
        let mut a = Image::new(&[SymDef::func("f", 0x4100)], &[], &[], true, false);
        let mut b = Image::new(&[SymDef::func("f", 0x4200), SymDef::func("g", 0x4300)], &[], &[], false, true);
        let (pa, pb) = (a.dso_ptr(), b.dso_ptr());
        unsafe { (*pa).next = pb };
        let got = lookup_global(pa, b"f", core::ptr::null_mut(), false).unwrap();
        assert_eq!(got.addr(), a.base() + 0x4100);
        let skipped = lookup_global(pa, b"f", pa, false).unwrap();
        assert_eq!(skipped.addr(), b.base() + 0x4200);
        unsafe { (*pa).life.global = false };
        assert_eq!(lookup_global(pa, b"f", core::ptr::null_mut(), false).unwrap().addr(), b.base() + 0x4200, "non-global modules are passed over");
        let mut n = Name::new(b"f");
        assert_eq!(lookup_chain(pa, &mut n, core::ptr::null_mut(), false, false).unwrap().addr(), a.base() + 0x4100);
        assert_eq!(lookup_list(&[pb, pa], &mut n, false).unwrap().addr(), b.base() + 0x4200);
        unsafe { (*pb).life.dying = true };
        assert!(lookup_global(pa, b"g", core::ptr::null_mut(), false).is_none(), "a dying module is gone");
    }

    #[test]
    fn versioned_lookup_without_tables_matches_any_version() {
        let mut img = Image::new(&names(), &[], &[], true, false);
        // The image has DT_VERSYM but no DT_VERDEF: no version names exist.
        assert_eq!(lookup_versioned(&mut img.dso, b"hidden", b"V2"), None);
        let mut plain = Image::new(&[SymDef::func("f", 0x4100)], &[], &[], true, false);
        assert_eq!(lookup_versioned(&mut plain.dso, b"f", b"ANY"), Some(1));
        assert_eq!(lookup_versioned(&mut plain.dso, b"g", b"ANY"), None);
    }
}
