//! A loaded module (the program, a library, or libc.so itself) and its dynamic section.
use core::ptr;

use limpet_abi::limits::PAGESIZE;
use limpet_start::tls::TlsModule;
use limpet_syscall::elf::*;

/// One loaded module. Allocated by the loader and never freed.
#[repr(C)]
pub struct Dso {
    /// Load bias: run-time address minus link-time address.
    pub base: usize,
    /// The name it was asked for by (`DT_NEEDED`, or the program's path).
    pub name: *const u8,
    /// The path it was opened from (what `--list` shows).
    pub path: *const u8,
    pub dynv: *const Dyn,
    /// The `d_val` of every dynamic tag below `DYNAMIC_TAGS`; 0 where absent.
    pub dynamic: [usize; DYNAMIC_TAGS],
    pub gnu_hash: *const u32,
    pub sysv_hash: *const u32,
    pub syms: *const Sym,
    pub strings: *const u8,
    pub versym: *const u16,
    pub phdr: *const Phdr,
    pub phnum: usize,
    /// The `PT_TLS` image, registered with the pthread component when `has_tls`.
    pub tls: TlsModule,
    pub has_tls: bool,
    /// Page range to make read-only once relocated (`PT_GNU_RELRO`).
    pub relro_start: usize,
    pub relro_end: usize,
    /// The whole mapped span (for the ones the loader mapped itself).
    pub map: usize,
    pub map_len: usize,
    pub dev: u64,
    pub ino: u64,
    /// The next module in load order, which is also symbol-lookup order.
    pub next: *mut Dso,
    /// Its direct dependencies, in `DT_NEEDED` order.
    pub deps: *mut *mut Dso,
    pub ndeps: usize,
    /// Constructor bookkeeping: visited by the init walk, and the next module to finalise.
    pub init_visited: bool,
    pub fini_next: *mut Dso,
    /// Whether this is libc.so itself.
    pub is_libc: bool,
    /// `DT_RELACOUNT`: how many relative relocations open `DT_RELA` (0 if not given).
    pub relacount: usize,
}

/// How many dynamic tags the [`Dso::dynamic`] table keeps: every numbered one up to
/// `DT_RELRENT`, the highest the loader reads. An internal bound, not the ABI's `DT_NUM`
/// (musl 1.2.3's is 35, from before `DT_RELR`).
const DYNAMIC_TAGS: usize = DT_RELRENT as usize + 1;

/// `DT_RELACOUNT`: how many `R_X86_64_RELATIVE` entries open `DT_RELA` (the linker sorts
/// them first).
const DT_RELACOUNT: isize = 0x6fff_fff9;

impl Dso {
    /// The value of dynamic tag `tag` (below `DYNAMIC_TAGS`).
    #[inline]
    pub fn dynval(&self, tag: isize) -> usize {
        self.dynamic[tag as usize]
    }

    /// Reads the dynamic section at `dynv` into the lookup tables.
    ///
    /// # Safety
    /// `dynv` must be this module's mapped dynamic section and `base` its bias.
    pub unsafe fn parse_dynamic(&mut self, base: usize, dynv: *const Dyn) {
        self.base = base;
        self.dynv = dynv;
        // SAFETY: the dynamic section ends with DT_NULL; the tables it names are mapped.
        unsafe {
            let mut d = dynv;
            while (*d).d_tag != DT_NULL {
                let (tag, val) = ((*d).d_tag, (*d).d_val);
                if (0..DYNAMIC_TAGS as isize).contains(&tag) {
                    // DT_NEEDED repeats; its entries are read from the section itself.
                    if tag != DT_NEEDED {
                        self.dynamic[tag as usize] = val;
                    }
                } else if tag == DT_GNU_HASH {
                    self.gnu_hash = (base + val) as *const u32;
                } else if tag == DT_VERSYM {
                    self.versym = (base + val) as *const u16;
                } else if tag == DT_RELACOUNT {
                    self.relacount = val;
                }
                d = d.add(1);
            }
        }
        if self.dynval(DT_HASH) != 0 {
            self.sysv_hash = (base + self.dynval(DT_HASH)) as *const u32;
        }
        self.syms = (base + self.dynval(DT_SYMTAB)) as *const Sym;
        self.strings = (base + self.dynval(DT_STRTAB)) as *const u8;
    }

    /// Reads the program headers: TLS image and RELRO range. The dynamic section must be
    /// parsed separately.
    ///
    /// # Safety
    /// `phdr` must point at `phnum` mapped program headers of this module.
    pub unsafe fn parse_phdrs(&mut self, phdr: *const Phdr, phnum: usize) {
        self.phdr = phdr;
        self.phnum = phnum;
        // SAFETY: per the contract.
        let phdrs = unsafe { core::slice::from_raw_parts(phdr, phnum) };
        for ph in phdrs {
            match ph.p_type {
                PT_TLS => {
                    self.has_tls = true;
                    self.tls.image = (self.base + ph.p_vaddr) as *const u8;
                    self.tls.len = ph.p_filesz;
                    self.tls.size = ph.p_memsz;
                    self.tls.align = ph.p_align;
                }
                PT_GNU_RELRO => {
                    self.relro_start = (self.base + ph.p_vaddr) & !(PAGESIZE - 1);
                    self.relro_end = (self.base + ph.p_vaddr + ph.p_memsz) & !(PAGESIZE - 1);
                }
                _ => {}
            }
        }
    }

    /// The string at offset `off` of the dynamic string table.
    pub fn string(&self, off: usize) -> *const u8 {
        self.strings.wrapping_add(off)
    }

    /// Iterates over the `DT_NEEDED` names.
    pub fn needed(&self) -> impl Iterator<Item = *const u8> + '_ {
        let mut d = self.dynv;
        core::iter::from_fn(move || {
            // SAFETY: the dynamic section ends with DT_NULL.
            unsafe {
                while (*d).d_tag != DT_NULL {
                    let e = *d;
                    d = d.add(1);
                    if e.d_tag == DT_NEEDED {
                        return Some(self.string(e.d_val));
                    }
                }
            }
            None
        })
    }
}

/// A zeroed descriptor, as the loader allocates them.
///
/// # Safety
/// Single-threaded loader use, as for [`crate::alloc::alloc`].
pub unsafe fn new_dso() -> *mut Dso {
    // SAFETY: an all-zero Dso is valid: null pointers, zero numbers, false flags.
    let d = unsafe { crate::alloc::alloc_zeroed::<Dso>() };
    if !d.is_null() {
        // SAFETY: freshly allocated.
        unsafe { (*d).tls = TlsModule::empty() };
    }
    d
}

/// The end of the global module list, for appending.
pub struct List {
    pub head: *mut Dso,
    pub tail: *mut Dso,
}

impl List {
    pub const fn new() -> Self {
        List { head: ptr::null_mut(), tail: ptr::null_mut() }
    }

    /// Appends `d` to the end of the list.
    ///
    /// # Safety
    /// `d` must be a live descriptor not yet in any list.
    pub unsafe fn push(&mut self, d: *mut Dso) {
        // SAFETY: per the contract; the list owns its nodes.
        unsafe {
            (*d).next = ptr::null_mut();
            if self.tail.is_null() {
                self.head = d;
            } else {
                (*self.tail).next = d;
            }
        }
        self.tail = d;
    }

    /// Iterates in load order.
    pub fn iter(&self) -> impl Iterator<Item = *mut Dso> {
        let mut d = self.head;
        core::iter::from_fn(move || {
            if d.is_null() {
                return None;
            }
            let cur = d;
            // SAFETY: list nodes are live for ever.
            d = unsafe { (*d).next };
            Some(cur)
        })
    }
}

impl Default for List {
    fn default() -> Self {
        Self::new()
    }
}
