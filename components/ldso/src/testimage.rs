//! Test support: a module built in memory, as a linker would lay it out, without a file.
//!
//! An [`Image`] is one writable buffer that stands for a whole module mapped at its load
//! bias: link-time address `a` is `buf[a]`. It holds a symbol table, a string table, GNU
//! and SysV hash tables, `DT_RELA` and `DT_JMPREL` tables and a dynamic section, so that
//! [`Dso::parse_dynamic`] reads it as it reads a real one; the tests then run the lookups
//! and the relocation code on it.
use limpet_syscall::elf::*;

use crate::dso::Dso;

/// A symbol to define (or reference, with `shndx` 0).
#[derive(Clone)]
pub struct SymDef {
    pub name: &'static str,
    pub value: usize,
    pub size: usize,
    pub ty: u8,
    pub bind: u8,
    pub shndx: u16,
    /// A `DT_VERSYM` entry (0: none given).
    pub versym: u16,
}

impl SymDef {
    /// A global function defined at `value`.
    pub fn func(name: &'static str, value: usize) -> Self {
        SymDef { name, value, size: 16, ty: STT_FUNC, bind: STB_GLOBAL, shndx: 1, versym: 0 }
    }
    /// A global object defined at `value`.
    pub fn object(name: &'static str, value: usize, size: usize) -> Self {
        SymDef { name, value, size, ty: STT_OBJECT, bind: STB_GLOBAL, shndx: 1, versym: 0 }
    }
    /// An undefined reference.
    pub fn undef(name: &'static str, bind: u8) -> Self {
        SymDef { name, value: 0, size: 0, ty: STT_NOTYPE, bind, shndx: SHN_UNDEF, versym: 0 }
    }
}

/// A relocation: where (link-time address), its type, symbol index (1-based among the
/// `SymDef`s given, 0 for none) and addend.
#[derive(Clone, Copy)]
pub struct Reloc {
    pub at: usize,
    pub ty: u32,
    pub sym: usize,
    pub addend: isize,
}

/// Tests that use the loader's global state (the heap, the kept relocation error) take
/// turns.
pub static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Where things sit in the image.
const SYMTAB: usize = 0x100;
/// Room for data the tests address (relocation targets, objects) from here.
pub const DATA: usize = 0x4000;
pub const SIZE: usize = 0x8000;

/// A module in memory; the buffer must outlive every use of its descriptor.
pub struct Image {
    pub buf: Box<[u64]>,
    pub dso: Box<Dso>,
}

impl Image {
    /// Builds a module with these symbols (after the null symbol, in order: symbol `i + 1`
    /// is `syms[i]`), these `DT_RELA` and `DT_JMPREL` relocations, and the hash tables
    /// chosen (`gnu`, `sysv`).
    pub fn new(syms: &[SymDef], rela: &[Reloc], jmprel: &[Reloc], gnu: bool, sysv: bool) -> Image {
        let mut buf = vec![0u64; SIZE / 8].into_boxed_slice();
        let base = buf.as_mut_ptr() as usize;
        let mut w = Writer { base, at: SYMTAB };
        // Symbol and string tables. The GNU table needs the symbols of each bucket together,
        // which the order given here already is when there is one bucket.
        let nsyms = syms.len() + 1;
        let symtab = w.at;
        w.at += nsyms * size_of::<Sym>();
        let strtab = w.at;
        let mut strings = vec![0u8];
        let mut names = Vec::new();
        for s in syms {
            names.push(strings.len());
            strings.extend_from_slice(s.name.as_bytes());
            strings.push(0);
        }
        w.bytes(&strings);
        w.align(8);
        for (i, s) in syms.iter().enumerate() {
            let sym = Sym {
                st_name: names[i] as u32,
                st_info: (s.bind << 4) | s.ty,
                st_other: 0,
                st_shndx: s.shndx,
                st_value: s.value,
                st_size: s.size,
            };
            // SAFETY: the table lies inside the buffer, aligned to 8.
            unsafe { ((base + symtab) as *mut Sym).add(i + 1).write(sym) };
        }
        let versym = if syms.iter().any(|s| s.versym != 0) {
            let at = w.at;
            for (i, s) in syms.iter().enumerate() {
                // SAFETY: inside the buffer.
                unsafe { ((base + at) as *mut u16).add(i + 1).write(s.versym) };
            }
            w.at += nsyms * 2;
            w.align(8);
            Some(at)
        } else {
            None
        };
        let gnu_at = gnu.then(|| {
            // One bucket, bloom of one word with every bit set: simple, and every lookup
            // walks the chain, which is what is being tested.
            let at = w.at;
            let words: [u32; 4] = [1, 1, 1, 0];
            for v in words {
                w.u32(v);
            }
            w.u64(u64::MAX);
            w.u32(if syms.is_empty() { 0 } else { 1 });
            for (i, s) in syms.iter().enumerate() {
                let h = gnu_hash(s.name.as_bytes()) & !1;
                w.u32(if i + 1 == syms.len() { h | 1 } else { h });
            }
            w.align(8);
            at
        });
        let sysv_at = sysv.then(|| {
            let at = w.at;
            let nbucket = 3;
            let mut buckets = vec![0u32; nbucket];
            let mut chain = vec![0u32; nsyms];
            for (i, s) in syms.iter().enumerate() {
                let b = sysv_hash(s.name.as_bytes()) as usize % nbucket;
                chain[i + 1] = buckets[b];
                buckets[b] = (i + 1) as u32;
            }
            w.u32(nbucket as u32);
            w.u32(nsyms as u32);
            for b in buckets {
                w.u32(b);
            }
            for c in chain {
                w.u32(c);
            }
            w.align(8);
            at
        });
        let mut table = |relocs: &[Reloc]| {
            let at = w.at;
            for r in relocs {
                w.u64(r.at as u64);
                w.u64(((r.sym as u64) << 32) | r.ty as u64);
                w.u64(r.addend as u64);
            }
            at
        };
        let rela_at = table(rela);
        let jmprel_at = table(jmprel);
        let mut dynamic = vec![
            (DT_SYMTAB, symtab),
            (DT_STRTAB, strtab),
            (DT_STRSZ, strings.len()),
            (DT_SYMENT, size_of::<Sym>()),
        ];
        if !rela.is_empty() {
            dynamic.extend([(DT_RELA, rela_at), (DT_RELASZ, rela.len() * 24), (DT_RELAENT, 24)]);
        }
        if !jmprel.is_empty() {
            dynamic.extend([(DT_JMPREL, jmprel_at), (DT_PLTRELSZ, jmprel.len() * 24), (DT_PLTREL, DT_RELA as usize)]);
        }
        if let Some(a) = gnu_at {
            dynamic.push((DT_GNU_HASH, a));
        }
        if let Some(a) = sysv_at {
            dynamic.push((DT_HASH, a));
        }
        if let Some(a) = versym {
            dynamic.push((DT_VERSYM, a));
        }
        let dyn_at = w.at;
        for (tag, val) in dynamic {
            w.u64(tag as u64);
            w.u64(val as u64);
        }
        w.u64(DT_NULL as u64);
        w.u64(0);
        assert!(w.at < DATA, "tables overflow into the data area");
        // SAFETY: an all-zero Dso is valid (null pointers, zero numbers, false flags).
        let mut dso: Box<Dso> = Box::new(unsafe { core::mem::zeroed() });
        dso.tls = limpet_start::tls::TlsModule::empty();
        // SAFETY: the dynamic section just written ends with DT_NULL; its tables are inside
        // the buffer.
        unsafe { dso.parse_dynamic(base, (base + dyn_at) as *const Dyn) };
        dso.name = c"test-module".as_ptr().cast();
        dso.path = dso.name;
        dso.map = base;
        dso.map_len = SIZE;
        dso.life.global = true;
        Image { buf, dso }
    }

    pub fn base(&self) -> usize {
        self.buf.as_ptr() as usize
    }

    /// The word at link-time address `at`.
    pub fn word(&self, at: usize) -> usize {
        self.buf[at / 8] as usize
    }

    pub fn set_word(&mut self, at: usize, v: usize) {
        self.buf[at / 8] = v as u64;
    }

    pub fn dso_ptr(&mut self) -> *mut Dso {
        &mut *self.dso
    }

    /// Changes the addend of `DT_RELA` entry `i` (for addends that depend on the base).
    pub fn set_addend(&mut self, i: usize, addend: isize) {
        let at = self.dso.dynval(DT_RELA) + i * size_of::<Rela>() + 16;
        self.set_word(at, addend as usize);
    }

    /// Changes symbol `i`'s value.
    pub fn set_symbol_value(&mut self, i: usize, value: usize) {
        // SAFETY: the symbol table lies in the buffer; `i` is one of its entries.
        unsafe { (*(self.dso.syms as *mut Sym).add(i)).st_value = value };
    }
}

/// Appends little-endian values at `at`, inside the buffer.
struct Writer {
    base: usize,
    at: usize,
}

impl Writer {
    fn bytes(&mut self, b: &[u8]) {
        // SAFETY: the layout keeps every table below DATA, inside the buffer.
        unsafe { core::ptr::copy_nonoverlapping(b.as_ptr(), (self.base + self.at) as *mut u8, b.len()) };
        self.at += b.len();
    }
    fn u32(&mut self, v: u32) {
        self.bytes(&v.to_le_bytes());
    }
    fn u64(&mut self, v: u64) {
        self.bytes(&v.to_le_bytes());
    }
    fn align(&mut self, a: usize) {
        self.at = (self.at + a - 1) & !(a - 1);
    }
}
