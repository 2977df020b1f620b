//! A loaded module (the program, a library, or libc.so itself) and its dynamic section.
use core::ptr;

use limpet_abi::limits::PAGESIZE;
use limpet_start::tls::TlsModule;
use limpet_syscall::elf::*;

/// One loaded module. Modules loaded at start-up live for ever; those `dlopen` loads are
/// freed when `dlclose` unloads them ([`crate::unload`]).
///
/// The first five fields are `struct link_map` of `<link.h>`, in its order: debuggers walk
/// the modules through `_r_debug.r_map`, and `dlinfo(RTLD_DI_LINKMAP)` hands one out.
#[repr(C)]
pub struct Dso {
    /// Load bias: run-time address minus link-time address (`l_addr`).
    pub base: usize,
    /// The path it was opened from (`l_name`; what `--list` and debuggers show).
    pub path: *const u8,
    /// `l_ld`.
    pub dynv: *const Dyn,
    /// The next module in load order, which is also symbol-lookup order (`l_next`).
    pub next: *mut Dso,
    /// `l_prev`.
    pub prev: *mut Dso,
    /// The name it was asked for by (`DT_NEEDED`, `dlopen`'s argument, or the program's path).
    pub name: *const u8,
    /// The `d_val` of every dynamic tag below `DYNAMIC_TAGS`; 0 where absent.
    pub dynamic: [usize; DYNAMIC_TAGS],
    pub gnu_hash: *const u32,
    pub sysv_hash: *const u32,
    pub syms: *const Sym,
    pub strings: *const u8,
    pub versym: *const u16,
    pub verdef: *const u8,
    pub phdr: *const Phdr,
    pub phnum: usize,
    /// The `PT_TLS` image, registered with the pthread component when `has_tls`.
    pub tls: TlsModule,
    pub has_tls: bool,
    /// Page range to make read-only once relocated (`PT_GNU_RELRO`).
    pub relro_start: usize,
    pub relro_end: usize,
    /// The whole mapped span: for the modules the loader mapped, the reservation it unmaps;
    /// for the program and libc.so, the span of their `PT_LOAD` segments (for `dladdr`).
    pub map: usize,
    pub map_len: usize,
    pub dev: u64,
    pub ino: u64,
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
    /// `DT_FLAGS_1` (0 if not given).
    pub flags_1: usize,
    /// What keeps the module loaded (see [`crate::unload`]).
    pub life: Life,
    // Bounds proven by elf_check (set by map_library).
    /// Entries of the symbol table: every index its hash tables and relocations give is
    /// below it. For the program and libc.so, which the loader did not map or check, 0
    /// until `symbol::count` first counts them.
    pub nsyms: usize,
    /// `DT_STRSZ`: every string offset is below it, and the table ends with NUL (0 when
    /// not checked, as for `nsyms`).
    pub strsz: usize,
}

/// A module's place in the `dlopen` world.
#[repr(C)]
pub struct Life {
    /// Loaded at start-up (or `RTLD_NODELETE`, or with static TLS): never unloaded.
    pub permanent: bool,
    /// Its symbols are in the global scope (start-up modules and `RTLD_GLOBAL` ones).
    pub global: bool,
    /// Its relocations are applied.
    pub relocated: bool,
    /// Its constructors have run (it is on the destructor list).
    pub constructed: bool,
    /// `dlopen` calls not yet matched by `dlclose`.
    pub opens: usize,
    /// Holds that are not modules: thread-exit destructors registered in it.
    pub pins: usize,
    /// The modules it holds beyond `deps`: those its relocations bound symbols to.
    pub bound: *mut *mut Dso,
    pub nbound: usize,
    pub bound_cap: usize,
    /// Marks for the unloading sweep.
    pub mark: bool,
    /// Memory from the loader's heap (freed at unload): the descriptor itself is
    /// heap-allocated when this is set.
    pub on_heap: bool,
    /// Room in `deps` (its allocation, in entries).
    pub deps_cap: usize,
    /// Being unloaded: no longer found by name, handle or address.
    pub dying: bool,
}

/// How many dynamic tags the [`Dso::dynamic`] table keeps: every numbered one up to
/// `DT_RELRENT`, the highest the loader reads. An internal bound, not the ABI's `DT_NUM`
/// (musl 1.2.3's is 35, from before `DT_RELR`).
const DYNAMIC_TAGS: usize = DT_RELRENT as usize + 1;

/// `DT_RELACOUNT`: how many `R_X86_64_RELATIVE` entries open `DT_RELA` (the linker sorts
/// them first).
const DT_RELACOUNT: isize = 0x6fff_fff9;
/// `DT_FLAGS_1`: more flags (`DF_1_*`).
const DT_FLAGS_1: isize = 0x6fff_fffb;

impl Dso {
    /// The value of dynamic tag `tag` (below `DYNAMIC_TAGS`).
    #[inline]
    pub fn dynval(&self, tag: isize) -> usize {
        // Callers pass the constants below DYNAMIC_TAGS; `get` keeps a panic out regardless.
        self.dynamic.get(tag as usize).copied().unwrap_or(0)
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
                } else if tag == DT_VERDEF {
                    self.verdef = (base + val) as *const u8;
                } else if tag == DT_RELACOUNT {
                    self.relacount = val;
                } else if tag == DT_FLAGS_1 {
                    self.flags_1 = val;
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

/// A zeroed descriptor for a module of start-up, which lives for ever.
///
/// # Safety
/// Single-threaded loader use, as for [`crate::alloc::alloc`].
pub unsafe fn new_dso() -> *mut Dso {
    // SAFETY: an all-zero Dso is valid: null pointers, zero numbers, false flags.
    let d = unsafe { crate::alloc::alloc_zeroed::<Dso>() };
    if !d.is_null() {
        // SAFETY: freshly allocated.
        unsafe {
            (*d).tls = TlsModule::empty();
            (*d).life.permanent = true;
        }
    }
    d
}

/// A zeroed descriptor from the loader's heap, for a module `dlopen` loads; [`free_dso`]
/// gives it back.
///
/// # Safety
/// Under the dynamic linker's lock.
pub unsafe fn new_heap_dso() -> *mut Dso {
    // SAFETY: the heap gives zeroed memory; an all-zero Dso is valid.
    let d = unsafe { crate::heap::alloc(size_of::<Dso>(), align_of::<Dso>()) as *mut Dso };
    if !d.is_null() {
        // SAFETY: freshly allocated.
        unsafe {
            (*d).tls = TlsModule::empty();
            (*d).life.on_heap = true;
        }
    }
    d
}

/// Frees a heap descriptor and what it owns: its name and path copies, its dependency and
/// binding lists.
///
/// # Safety
/// Under the dynamic linker's lock; `d` came from [`new_heap_dso`], is unlinked and unmapped,
/// and nothing refers to it any more.
pub unsafe fn free_dso(d: *mut Dso) {
    // SAFETY: every pointer freed here was allocated from the heap with these sizes when the
    // module was loaded (`crate::load`), and only this descriptor refers to it.
    unsafe {
        let x = &mut *d;
        for s in [x.name, x.path] {
            if !s.is_null() {
                crate::heap::free(s as *mut u8, crate::search::cstr(s).len() + 1, 1);
            }
        }
        crate::heap::free(x.deps.cast(), x.life.deps_cap * size_of::<*mut Dso>(), align_of::<*mut Dso>());
        crate::heap::free(x.life.bound.cast(), x.life.bound_cap * size_of::<*mut Dso>(), align_of::<*mut Dso>());
        crate::heap::free(d.cast(), size_of::<Dso>(), align_of::<Dso>());
    }
}

/// The module list, in load order (which is symbol-lookup order): both ends, for appending
/// and for unlinking a module `dlclose` unloads.
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
        // SAFETY: `d` is live and unlinked; the list owns the links of its nodes.
        unsafe {
            (*d).next = ptr::null_mut();
            (*d).prev = self.tail;
            if self.tail.is_null() {
                self.head = d;
            } else {
                (*self.tail).next = d;
            }
        }
        self.tail = d;
    }

    /// Unlinks `d`.
    ///
    /// # Safety
    /// `d` must be in this list.
    pub unsafe fn remove(&mut self, d: *mut Dso) {
        // SAFETY: `d` and its neighbours are live nodes of this list.
        unsafe {
            let (prev, next) = ((*d).prev, (*d).next);
            if prev.is_null() {
                self.head = next;
            } else {
                (*prev).next = next;
            }
            if next.is_null() {
                self.tail = prev;
            } else {
                (*next).prev = prev;
            }
            (*d).next = ptr::null_mut();
            (*d).prev = ptr::null_mut();
        }
    }

    /// Iterates in load order. The list must not change meanwhile.
    pub fn iter(&self) -> impl Iterator<Item = *mut Dso> {
        let mut d = self.head;
        core::iter::from_fn(move || {
            if d.is_null() {
                return None;
            }
            let cur = d;
            // SAFETY: list nodes stay live while they are linked.
            d = unsafe { (*d).next };
            Some(cur)
        })
    }

    /// Whether `d` is one of the list's modules (a valid handle).
    pub fn contains(&self, d: *const Dso) -> bool {
        self.iter().any(|x| x as *const Dso == d)
    }
}

impl Default for List {
    fn default() -> Self {
        Self::new()
    }
}
