//! Checks of an ELF file's structure, made before the loader relies on it.
//!
//! A file the loader maps may be truncated, corrupted or hostile. What the rest of the
//! loader reads without checking again is proven here first, so that a malformed file is
//! refused (`ENOEXEC`) instead of crashing or hanging the process:
//! - [`check_ehdr`] and [`check_phdrs`] look at the file's headers before anything is
//!   mapped, and give the [`Layout`] that [`crate::map`] maps;
//! - [`check_dynamic`] looks at the mapped module before
//!   [`Dso::parse_dynamic`](crate::dso::Dso::parse_dynamic) walks its dynamic section.
//!
//! After both, for the modules [`crate::map`] maps:
//! - the segments lie inside the file, in address order, without overlap, and their span
//!   is bounded, so no run-time address computed from them overflows; `PT_TLS` and
//!   `PT_GNU_RELRO` lie inside them;
//! - the dynamic section ends with `DT_NULL` inside `PT_DYNAMIC`, each tag the loader
//!   reads once appears once, and with a `DT_DEBUG` entry (which the loader fills in) the
//!   section is writable;
//! - every table the dynamic section names lies in readable memory of the module (an empty
//!   one at least in its span), aligned for its entries, with a size that is a whole
//!   number of them, and its address plus the load bias does not overflow;
//! - the string table ends with NUL, and every string offset (symbol, `DT_NEEDED`,
//!   `DT_SONAME`, `DT_RPATH`/`DT_RUNPATH`, version names) is below `DT_STRSZ`;
//! - the hash tables: no bucket or chain index leaves its table, every chain ends, and
//!   [`Tables::nsyms`] bounds every symbol index they or a relocation give;
//! - every relocation (`DT_RELA`, `DT_JMPREL`, `DT_RELR`) writes inside writable memory of
//!   the module (a copy relocation: its symbol's whole size);
//! - what the loader calls lies in an executable segment: `DT_INIT`, `DT_FINI`, IFUNC
//!   resolvers (defined `STT_GNU_IFUNC` symbols and `R_*_IRELATIVE` addends);
//! - the version tables' chains stay inside and end.
//!
//! This is plain computation, with no system call and no allocation. The mapped module is
//! a list of [`Range`]s at run-time addresses, so the same code checks a real mapping and an
//! image a test builds in a `Vec`. `tests/elf_fuzz.rs` runs it on mutated real files.
use core::mem::{align_of, size_of, size_of_val};

use limpet_abi::limits::PAGESIZE;
use limpet_syscall::elf::*;

/// This machine's `e_machine` and the relocation types the checks treat specially.
#[cfg(target_arch = "x86_64")]
mod native {
    use limpet_syscall::elf::*;
    pub const MACHINE: u16 = EM_X86_64;
    pub const R_NONE: u32 = R_X86_64_NONE;
    pub const R_COPY: u32 = R_X86_64_COPY;
    pub const R_IRELATIVE: u32 = R_X86_64_IRELATIVE;
}
#[cfg(target_arch = "aarch64")]
mod native {
    use limpet_syscall::elf::*;
    pub const MACHINE: u16 = EM_AARCH64;
    pub const R_NONE: u32 = R_AARCH64_NONE;
    pub const R_COPY: u32 = R_AARCH64_COPY;
    pub const R_IRELATIVE: u32 = R_AARCH64_IRELATIVE;
}
#[cfg(target_arch = "riscv64")]
mod native {
    use limpet_syscall::elf::*;
    pub const MACHINE: u16 = EM_RISCV;
    pub const R_NONE: u32 = R_RISCV_NONE;
    pub const R_COPY: u32 = R_RISCV_COPY;
    pub const R_IRELATIVE: u32 = R_RISCV_IRELATIVE;
}
pub use native::MACHINE as EM_NATIVE;

/// The most program headers a file may have. Real files have about a dozen; the bound
/// keeps the loader's copy of them small.
pub const MAX_PHNUM: usize = 512;
/// The most `PT_LOAD` segments (real files have two to five): [`load_ranges`] fills an
/// array this long.
pub const MAX_LOADS: usize = 64;
/// No segment may end above this link-time address (the top of a 4-level-paging user
/// address space), so that sums of addresses and sizes from the headers cannot overflow.
const MAX_VADDR: usize = 1 << 47;
/// The largest span the segments may cover.
const MAX_SPAN: usize = 1 << 40;
/// Bounds for `PT_TLS`, far above any real file's, so that the TLS layout's sums stay small.
const MAX_TLS_ALIGN: usize = 1 << 20;
const MAX_TLS_SIZE: usize = 1 << 30;
/// The most records and auxiliary entries the version chains may have together (version
/// indices are 16 bits).
const MAX_VERSION_ENTRIES: usize = u16::MAX as usize;
/// `PT_*` flags that say how a segment is mapped.
const PF_RWX: u32 = PF_R | PF_W | PF_X;
/// The size of a relocated word.
const WORD: usize = size_of::<usize>();
/// Words a `DT_RELR` bitmap entry covers (all its bits but the marker).
const RELR_BITMAP_WORDS: usize = usize::BITS as usize - 1;
/// The `DT_GNU_HASH` header: nbuckets, symoffset, bloom_size, bloom_shift.
const GNU_HASH_HEADER: usize = 4;
/// The `DT_HASH` header: nbucket, nchain.
const SYSV_HASH_HEADER: usize = 2;

/// Why a file was refused: one variant per rule, so that a test can tell which one fired.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bad {
    /// Not a 64-bit little-endian ELF file of the current version.
    Ident,
    /// Built for another machine.
    Machine,
    /// Not a shared object (or, where allowed, an executable).
    Type,
    /// The program headers' entry size, count, alignment or place in the file.
    Phdrs,
    /// A `PT_LOAD` reads past the end of the file, or has more file bytes than memory.
    LoadFile,
    /// A `PT_LOAD` whose address and file offset differ by a non-multiple of the page
    /// size, or whose alignment is not a power of two.
    LoadAlign,
    /// `PT_LOAD`s out of address order, or overlapping.
    LoadOrder,
    /// No `PT_LOAD`, too many, or a span that is empty, too large or too high.
    LoadSpan,
    /// An executable's entry point outside its executable segments.
    Entry,
    /// A second `PT_DYNAMIC`, `PT_TLS` or `PT_GNU_RELRO`.
    DuplicateHeader,
    /// No `PT_DYNAMIC`, or one that is misaligned, oddly sized, or not inside the
    /// file-backed bytes of a readable segment.
    Dynamic,
    /// A `PT_TLS` with a bad alignment or size, or an image outside the segments.
    Tls,
    /// A `PT_GNU_RELRO` outside the span.
    Relro,
    /// No `DT_NULL` inside `PT_DYNAMIC`.
    DynamicEnd,
    /// A second entry for a dynamic tag that may appear once.
    DuplicateTag,
    /// `DT_STRTAB`/`DT_STRSZ` missing or outside, or a string table not ending with NUL.
    Strings,
    /// A string offset at or past `DT_STRSZ`.
    StringOffset,
    /// `DT_SYMTAB` missing, misaligned or outside, or `DT_SYMENT` not a symbol's size.
    Symbols,
    /// No hash table, or one whose buckets or chains leave it or never end.
    Hash,
    /// A symbol the loader would read or call through (an object, an IFUNC) outside the
    /// module.
    SymbolValue,
    /// A relocation table outside, misaligned or oddly sized, or of the wrong kind
    /// (`DT_RELAENT`, `DT_PLTREL`).
    Relocs,
    /// A relocation that writes outside the module's writable memory.
    RelocTarget,
    /// A relocation whose symbol index is past the symbol table.
    RelocSymbol,
    /// Code the loader calls (`DT_INIT`, `DT_FINI`, an IFUNC resolver) outside the
    /// executable segments.
    Code,
    /// A `DT_RELR` table outside or oddly sized, a bitmap with no address before it, or a
    /// target outside the writable memory.
    Relr,
    /// An init, fini or preinit array outside, misaligned or oddly sized.
    InitArray,
    /// Version tables outside, misaligned, or with chains that do not end.
    Versions,
}

/// Types for which every bit pattern is a valid value: integers, and `repr(C)` structs of
/// integers. Only these are read from untrusted memory.
///
/// # Safety
/// Implement only for such types.
pub unsafe trait Plain: Copy {}

/// Implements [`Plain`] for each type listed.
macro_rules! plain {
    ($($t:ty),*) => {$(
        // SAFETY: the one invocation below lists only integers and the ELF structs, which
        // are `repr(C)` structs of integer fields (and `e_ident`, a byte array).
        unsafe impl Plain for $t {}
    )*};
}
plain!(u8, u16, u32, u64, usize, Ehdr, Phdr, Dyn, Sym, Rela, Verdef, Verdaux, Verneed, Vernaux);

/// The `T` at byte offset `off` of `bytes`, at any alignment, if it lies inside.
pub fn read<T: Plain>(bytes: &[u8], off: usize) -> Option<T> {
    let part = bytes.get(off..off.checked_add(size_of::<T>())?)?;
    // SAFETY: `part` holds `size_of::<T>()` bytes; `read_unaligned` needs no alignment;
    // any bytes are a valid `T` (`Plain`).
    Some(unsafe { part.as_ptr().cast::<T>().read_unaligned() })
}

/// The `n` program headers at offset `off` of `bytes`, if they lie inside and are aligned.
pub fn phdrs_in(bytes: &[u8], off: usize, n: usize) -> Option<&[Phdr]> {
    let part = bytes.get(off..off.checked_add(n.checked_mul(size_of::<Phdr>())?)?)?;
    if part.as_ptr().addr() % align_of::<Phdr>() != 0 {
        return None;
    }
    // SAFETY: `part` is exactly `n` headers' bytes, aligned for `Phdr`, borrowed from
    // `bytes` for the result's lifetime; any bytes are a valid `Phdr` (`Plain`).
    Some(unsafe { core::slice::from_raw_parts(part.as_ptr().cast::<Phdr>(), n) })
}

const fn page_down(x: usize) -> usize {
    x & !(PAGESIZE - 1)
}

/// Rounds up to a page; saturates (to a page boundary) instead of overflowing.
const fn page_up(x: usize) -> usize {
    page_down(x.saturating_add(PAGESIZE - 1))
}

/// Whether `[start, start + len)` lies inside `[lo, hi)` (for `len` 0: `start` in `[lo, hi]`).
fn within(start: usize, len: usize, lo: usize, hi: usize) -> bool {
    start >= lo && start.checked_add(len).is_some_and(|end| end <= hi)
}

fn loads(phdrs: &[Phdr]) -> impl Iterator<Item = &Phdr> {
    phdrs.iter().filter(|p| p.p_type == PT_LOAD)
}

/// A segment's file-backed bytes, at link-time addresses.
fn file_part(l: &Phdr) -> (usize, usize) {
    (l.p_vaddr, l.p_vaddr.saturating_add(l.p_filesz))
}

/// Checks the ELF header of a file of `file_size` bytes: identification, machine, type,
/// and that the program headers lie inside the file.
pub fn check_ehdr(eh: &Ehdr, file_size: usize, allow_exec: bool) -> Result<(), Bad> {
    let id = &eh.e_ident;
    if id[..ELFMAG.len()] != ELFMAG
        || id[EI_CLASS] != ELFCLASS64
        || id[EI_DATA] != ELFDATA2LSB
        || id[EI_VERSION] != EV_CURRENT
        || eh.e_version != EV_CURRENT as u32
    {
        return Err(Bad::Ident);
    }
    if eh.e_machine != EM_NATIVE {
        return Err(Bad::Machine);
    }
    if !(eh.e_type == ET_DYN || (allow_exec && eh.e_type == ET_EXEC)) {
        return Err(Bad::Type);
    }
    let phnum = eh.e_phnum as usize;
    let table_end = eh.e_phoff.checked_add(phnum * size_of::<Phdr>());
    if eh.e_phentsize as usize != size_of::<Phdr>()
        || phnum == 0
        || phnum > MAX_PHNUM
        || !eh.e_phoff.is_multiple_of(align_of::<Phdr>())
        || table_end.is_none_or(|end| end > file_size)
    {
        return Err(Bad::Phdrs);
    }
    Ok(())
}

/// What [`check_phdrs`] found, for the mapper.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The page-aligned link-time span of the `PT_LOAD` segments.
    pub lo: usize,
    pub hi: usize,
    /// `PT_DYNAMIC`'s link-time address and its number of entries.
    pub dynamic: usize,
    pub dynamic_entries: usize,
    /// The link-time address of the program headers, when a readable `PT_LOAD` maps them
    /// from the file.
    pub phdr_vaddr: Option<usize>,
}

/// Checks the program headers of a file of `file_size` bytes whose ELF header `eh` passed
/// [`check_ehdr`]: the `PT_LOAD` segments, `PT_DYNAMIC`, `PT_TLS` and `PT_GNU_RELRO`, and
/// (when `allow_exec`, for a program the loader will enter) the entry point.
pub fn check_phdrs(eh: &Ehdr, phdrs: &[Phdr], file_size: usize, allow_exec: bool) -> Result<Layout, Bad> {
    let (lo, hi) = check_loads(phdrs, file_size)?;
    let (mut dynamic, mut tls, mut relro) = (None, false, false);
    for ph in phdrs {
        match ph.p_type {
            PT_DYNAMIC => {
                if dynamic.replace(ph).is_some() {
                    return Err(Bad::DuplicateHeader);
                }
                check_dynamic_header(ph, phdrs)?;
            }
            PT_TLS => {
                if core::mem::replace(&mut tls, true) {
                    return Err(Bad::DuplicateHeader);
                }
                check_tls(ph, phdrs)?;
            }
            PT_GNU_RELRO => {
                if core::mem::replace(&mut relro, true) {
                    return Err(Bad::DuplicateHeader);
                }
                if !within(ph.p_vaddr, ph.p_memsz, lo, hi) {
                    return Err(Bad::Relro);
                }
            }
            _ => {}
        }
    }
    let dynamic = dynamic.ok_or(Bad::Dynamic)?;
    if allow_exec
        && !loads(phdrs).any(|l| l.p_flags & PF_X != 0 && within(eh.e_entry, 1, l.p_vaddr, l.p_vaddr + l.p_memsz))
    {
        return Err(Bad::Entry);
    }
    let table_len = size_of_val(phdrs);
    let phdr_vaddr = loads(phdrs)
        .find(|l| l.p_flags & PF_R != 0 && within(eh.e_phoff, table_len, l.p_offset, l.p_offset + l.p_filesz))
        // Inside that segment's file bytes, so below its end address: no overflow.
        .map(|l| l.p_vaddr + (eh.e_phoff - l.p_offset));
    Ok(Layout { lo, hi, dynamic: dynamic.p_vaddr, dynamic_entries: dynamic.p_memsz / size_of::<Dyn>(), phdr_vaddr })
}

/// The `PT_LOAD` rules; returns the page-aligned span. After it, every segment's
/// `p_vaddr + p_memsz` and `p_offset + p_filesz` are known not to overflow.
fn check_loads(phdrs: &[Phdr], file_size: usize) -> Result<(usize, usize), Bad> {
    let (mut count, mut lo, mut hi) = (0, 0, 0);
    let mut prev_end = None;
    for l in loads(phdrs) {
        count += 1;
        if count > MAX_LOADS {
            return Err(Bad::LoadSpan);
        }
        if l.p_filesz > l.p_memsz || l.p_offset.checked_add(l.p_filesz).is_none_or(|end| end > file_size) {
            return Err(Bad::LoadFile);
        }
        if !l.p_vaddr.wrapping_sub(l.p_offset).is_multiple_of(PAGESIZE)
            || (l.p_align > 1 && !l.p_align.is_power_of_two())
        {
            return Err(Bad::LoadAlign);
        }
        let end = l.p_vaddr.checked_add(l.p_memsz).filter(|&e| e <= MAX_VADDR).ok_or(Bad::LoadSpan)?;
        // Segments may share a page at their boundary (the linker lays them out so), but
        // not bytes.
        if prev_end.is_some_and(|prev| l.p_vaddr < prev) {
            return Err(Bad::LoadOrder);
        }
        if prev_end.is_none() {
            lo = page_down(l.p_vaddr);
        }
        prev_end = Some(end);
        hi = page_up(end);
    }
    if count == 0 || hi <= lo || hi - lo > MAX_SPAN {
        return Err(Bad::LoadSpan);
    }
    Ok((lo, hi))
}

/// `PT_DYNAMIC`: aligned, a whole number of entries, inside a readable segment's file
/// bytes (the mapper reads it before anything else).
fn check_dynamic_header(ph: &Phdr, phdrs: &[Phdr]) -> Result<(), Bad> {
    if !ph.p_vaddr.is_multiple_of(align_of::<Dyn>()) || !ph.p_memsz.is_multiple_of(size_of::<Dyn>()) || ph.p_memsz == 0
    {
        return Err(Bad::Dynamic);
    }
    let inside = loads(phdrs).any(|l| {
        let (lo, hi) = file_part(l);
        l.p_flags & PF_R != 0 && within(ph.p_vaddr, ph.p_memsz, lo, hi)
    });
    if inside { Ok(()) } else { Err(Bad::Dynamic) }
}

/// `PT_TLS`: a power-of-two alignment, bounded sizes, and an image inside a readable
/// segment's file bytes (an empty one at least inside a segment, since its address is
/// still computed).
fn check_tls(ph: &Phdr, phdrs: &[Phdr]) -> Result<(), Bad> {
    if ph.p_filesz > ph.p_memsz
        || ph.p_memsz > MAX_TLS_SIZE
        || ph.p_align > MAX_TLS_ALIGN
        || (ph.p_align > 1 && !ph.p_align.is_power_of_two())
    {
        return Err(Bad::Tls);
    }
    let inside = loads(phdrs).any(|l| {
        if ph.p_filesz == 0 {
            within(ph.p_vaddr, 0, l.p_vaddr, l.p_vaddr + l.p_memsz)
        } else {
            let (lo, hi) = file_part(l);
            l.p_flags & PF_R != 0 && within(ph.p_vaddr, ph.p_filesz, lo, hi)
        }
    });
    if inside { Ok(()) } else { Err(Bad::Tls) }
}

/// Part of a mapped module at run-time addresses, with the `PF_*` access it is mapped with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Range {
    pub start: usize,
    pub end: usize,
    pub flags: u32,
}

impl Range {
    pub const EMPTY: Range = Range { start: 0, end: 0, flags: 0 };
}

/// The pages each `PT_LOAD` of headers that passed [`check_phdrs`] occupies once mapped at
/// `bias`, in address order, in `out`.
///
/// The mapper maps the segments in order, each over whole pages, so where two share a
/// page the later one's mapping is what remains there: the earlier one's range stops
/// short of that page.
pub fn load_ranges<'r>(phdrs: &[Phdr], bias: usize, out: &'r mut [Range; MAX_LOADS]) -> &'r [Range] {
    let mut n = 0;
    let mut it = loads(phdrs).peekable();
    while let Some(l) = it.next() {
        let start = page_down(l.p_vaddr);
        let mut end = page_up(l.p_vaddr.saturating_add(l.p_memsz));
        if let Some(next) = it.peek() {
            end = end.min(page_down(next.p_vaddr).max(start));
        }
        if end > start {
            let Some(slot) = out.get_mut(n) else { break };
            *slot = Range { start: bias.wrapping_add(start), end: bias.wrapping_add(end), flags: l.p_flags & PF_RWX };
            n += 1;
        }
    }
    out.get(..n).unwrap_or(&[])
}

/// The memory of a mapped module, as [`Range`]s in ascending order: what the dynamic
/// checks may read, and where relocations may write and code may be.
pub struct Span<'a> {
    ranges: &'a [Range],
}

impl<'a> Span<'a> {
    /// # Safety
    /// `ranges` must be in ascending address order without overlap, and for as long as the
    /// `Span` or anything read from it lives, every range with `PF_R` must be readable
    /// memory that nothing writes.
    pub unsafe fn new(ranges: &'a [Range]) -> Span<'a> {
        Span { ranges }
    }

    /// Whether `[addr, addr + len)` lies in consecutive ranges that all allow `need` (a
    /// `PF_*` set). An empty extent needs only to touch a range, and no access.
    pub fn covers(&self, addr: usize, len: usize, need: u32) -> bool {
        if len == 0 {
            return self.ranges.iter().any(|r| r.start <= addr && addr <= r.end);
        }
        let Some(end) = addr.checked_add(len) else { return false };
        let mut at = addr;
        for r in self.ranges.iter().skip_while(|r| r.end <= addr) {
            if r.start > at || r.flags & need != need {
                return false;
            }
            if end <= r.end {
                return true;
            }
            at = r.end;
        }
        false
    }

    /// The `n` values of type `T` at `addr`, if they are aligned and readable.
    pub fn slice<T: Plain>(&self, addr: usize, n: usize) -> Option<&[T]> {
        // Even an empty table must be aligned and in the module: readers make slices and
        // pointers from its address.
        if !addr.is_multiple_of(align_of::<T>()) || addr == 0 {
            return None;
        }
        if n == 0 {
            return self.covers(addr, 0, 0).then_some(&[]);
        }
        if !self.covers(addr, n.checked_mul(size_of::<T>())?, PF_R) {
            return None;
        }
        // SAFETY: `covers` proved the bytes are in readable ranges, which `Span::new`'s
        // contract keeps readable and unwritten while this borrow lives; the address is
        // aligned for `T` and not null (a range holds it); any bytes are a valid `T`.
        Some(unsafe { core::slice::from_raw_parts(addr as *const T, n) })
    }

    /// The `T` at `addr`, at any alignment, if it is readable.
    pub fn read<T: Plain>(&self, addr: usize) -> Option<T> {
        if !self.covers(addr, size_of::<T>(), PF_R) {
            return None;
        }
        // SAFETY: `covers` proved the bytes readable (`Span::new`'s contract); the read is
        // unaligned; any bytes are a valid `T`.
        Some(unsafe { (addr as *const T).read_unaligned() })
    }
}

/// What [`check_dynamic`] proved, for the module's descriptor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tables {
    /// Entries of `DT_SYMTAB`: every symbol index the hash tables or the relocations give
    /// is below it, and `DT_VERSYM` has as many.
    pub nsyms: usize,
    /// `DT_STRSZ`: every string offset is below it, and the table's last byte is NUL.
    pub strsz: usize,
}

/// The dynamic tags that may appear once and that the loader reads: a second entry is
/// refused, so whichever one a reader keeps is the one checked.
const ONCE: [isize; 31] = [
    DT_PLTRELSZ,
    DT_HASH,
    DT_STRTAB,
    DT_SYMTAB,
    DT_RELA,
    DT_RELASZ,
    DT_RELAENT,
    DT_STRSZ,
    DT_SYMENT,
    DT_INIT,
    DT_FINI,
    DT_SONAME,
    DT_RPATH,
    DT_PLTREL,
    DT_JMPREL,
    DT_INIT_ARRAY,
    DT_FINI_ARRAY,
    DT_INIT_ARRAYSZ,
    DT_FINI_ARRAYSZ,
    DT_RUNPATH,
    DT_PREINIT_ARRAY,
    DT_PREINIT_ARRAYSZ,
    DT_RELRSZ,
    DT_RELR,
    DT_RELRENT,
    DT_GNU_HASH,
    DT_VERSYM,
    DT_VERDEF,
    DT_VERDEFNUM,
    DT_VERNEED,
    DT_VERNEEDNUM,
];

/// The values of the [`ONCE`] tags present.
struct Tags([Option<usize>; ONCE.len()]);

impl Tags {
    fn collect(dyns: &[Dyn]) -> Result<Tags, Bad> {
        let mut t = Tags([None; ONCE.len()]);
        for d in dyns {
            if let Some(slot) = ONCE.iter().position(|&o| o == d.d_tag).and_then(|k| t.0.get_mut(k))
                && slot.replace(d.d_val).is_some()
            {
                return Err(Bad::DuplicateTag);
            }
        }
        Ok(t)
    }

    fn get(&self, tag: isize) -> Option<usize> {
        ONCE.iter().position(|&o| o == tag).and_then(|k| self.0.get(k).copied().flatten())
    }
}

/// The state of one [`check_dynamic`] run.
struct Module<'s, 'a> {
    span: &'s Span<'a>,
    bias: usize,
    tags: Tags,
    strsz: usize,
}

impl Module<'_, '_> {
    /// The run-time address of link-time address `v`. The loader computes `base + v`
    /// without wrapping, so a sum that overflows is refused rather than wrapped.
    fn at(&self, v: usize) -> Option<usize> {
        self.bias.checked_add(v)
    }

    fn slice<T: Plain>(&self, v: usize, n: usize) -> Option<&[T]> {
        self.span.slice(self.at(v)?, n)
    }

    /// Whether link-time `[v, v + len)` may be written by a relocation.
    fn writable(&self, v: usize, len: usize) -> bool {
        self.at(v).is_some_and(|a| self.span.covers(a, len, PF_R | PF_W))
    }

    /// Whether the code at run-time address `a` is in an executable segment.
    fn code(&self, a: usize) -> bool {
        self.span.covers(a, 1, PF_X)
    }

    fn string(&self, off: usize) -> Result<(), Bad> {
        if off < self.strsz { Ok(()) } else { Err(Bad::StringOffset) }
    }

    /// A table of `size` bytes of entries of `T` at link-time address `table`.
    fn table<T: Plain>(&self, table: usize, size: usize, bad: Bad) -> Result<&[T], Bad> {
        if !size.is_multiple_of(size_of::<T>()) {
            return Err(bad);
        }
        self.slice(table, size / size_of::<T>()).ok_or(bad)
    }
}

/// Checks the dynamic section of a mapped module and every table it names. `span` is the
/// module's memory, `bias` its load bias (which the mapper keeps from wrapping), `dynamic`
/// and `entries` `PT_DYNAMIC`'s link-time address and size in entries.
pub fn check_dynamic(span: &Span, bias: usize, dynamic: usize, entries: usize) -> Result<Tables, Bad> {
    let dyn_at = bias.checked_add(dynamic).ok_or(Bad::Dynamic)?;
    let dyns: &[Dyn] = span.slice(dyn_at, entries).ok_or(Bad::Dynamic)?;
    let end = dyns.iter().position(|d| d.d_tag == DT_NULL).ok_or(Bad::DynamicEnd)?;
    let dyns = dyns.get(..end).unwrap_or(&[]);
    // The loader stores the debugger's address in a program's DT_DEBUG entry.
    if dyns.iter().any(|d| d.d_tag == DT_DEBUG) && !span.covers(dyn_at, (end + 1) * size_of::<Dyn>(), PF_R | PF_W) {
        return Err(Bad::Dynamic);
    }
    let mut m = Module { span, bias, tags: Tags::collect(dyns)?, strsz: 0 };
    m.strsz = check_strings(&m)?;
    for d in dyns.iter().filter(|d| d.d_tag == DT_NEEDED) {
        m.string(d.d_val)?;
    }
    for tag in [DT_SONAME, DT_RPATH, DT_RUNPATH] {
        if let Some(off) = m.tags.get(tag) {
            m.string(off)?;
        }
    }
    let relocs = reloc_tables(&m)?;
    // A symbol table with only a GNU hash table may hold more symbols than the hash
    // reaches (the undefined ones need not be hashed): relocations reach them too.
    let reach = relocs
        .iter()
        .flat_map(|t| t.iter())
        .filter(|r| r_type(r.r_info) != native::R_NONE)
        .map(|r| r_sym(r.r_info) + 1)
        .max()
        .unwrap_or(0);
    let syms = check_symbols(&m, reach)?;
    for r in relocs.iter().flat_map(|t| t.iter()) {
        check_rela(&m, syms, r)?;
    }
    check_relr(&m)?;
    for (array, size) in
        [(DT_INIT_ARRAY, DT_INIT_ARRAYSZ), (DT_FINI_ARRAY, DT_FINI_ARRAYSZ), (DT_PREINIT_ARRAY, DT_PREINIT_ARRAYSZ)]
    {
        if let Some(a) = m.tags.get(array) {
            m.table::<usize>(a, m.tags.get(size).unwrap_or(0), Bad::InitArray)?;
        }
    }
    for tag in [DT_INIT, DT_FINI] {
        // The loader skips a zero address, as for an absent tag.
        if let Some(f) = m.tags.get(tag).filter(|&f| f != 0)
            && !m.at(f).is_some_and(|a| m.code(a))
        {
            return Err(Bad::Code);
        }
    }
    check_versions(&m)?;
    Ok(Tables { nsyms: syms.len(), strsz: m.strsz })
}

/// `DT_STRTAB`/`DT_STRSZ`: present, inside, ending with NUL. Returns the size.
fn check_strings(m: &Module) -> Result<usize, Bad> {
    let (Some(table), Some(size)) = (m.tags.get(DT_STRTAB), m.tags.get(DT_STRSZ)) else {
        return Err(Bad::Strings);
    };
    let strings: &[u8] = m.slice(table, size).ok_or(Bad::Strings)?;
    if strings.last() != Some(&0) {
        return Err(Bad::Strings);
    }
    Ok(size)
}

/// The symbol table, as long as the hash tables say or the relocations `reach`, with every
/// name inside the string table and every value the loader uses inside the module.
fn check_symbols<'m>(m: &'m Module, reach: usize) -> Result<&'m [Sym], Bad> {
    let table = m.tags.get(DT_SYMTAB).ok_or(Bad::Symbols)?;
    if m.tags.get(DT_SYMENT).is_some_and(|e| e != size_of::<Sym>()) {
        return Err(Bad::Symbols);
    }
    let sysv = m.tags.get(DT_HASH).map(|t| check_sysv_hash(m, t)).transpose()?;
    let gnu = m.tags.get(DT_GNU_HASH).map(|t| check_gnu_hash(m, t)).transpose()?;
    if sysv.is_none() && gnu.is_none() {
        return Err(Bad::Hash);
    }
    let hashed = sysv.unwrap_or(0).max(gnu.unwrap_or(0));
    let mut syms: &[Sym] = m.slice(table, hashed).ok_or(Bad::Symbols)?;
    if reach > hashed {
        syms = m.slice(table, reach).ok_or(Bad::RelocSymbol)?;
    }
    let nsyms = syms.len();
    for s in syms {
        m.string(s.st_name as usize)?;
        if s.st_shndx == SHN_UNDEF {
            continue;
        }
        let ty = st_type(s.st_info);
        // The loader calls an IFUNC's resolver, and a copy relocation reads a data object.
        let ok = match ty {
            STT_GNU_IFUNC => m.code(m.bias.wrapping_add(s.st_value)),
            STT_OBJECT | STT_COMMON if s.st_shndx < SHN_LORESERVE => {
                m.at(s.st_value).is_some_and(|a| m.span.covers(a, s.st_size, PF_R))
            }
            _ => true,
        };
        if !ok {
            return Err(Bad::SymbolValue);
        }
    }
    if let Some(versym) = m.tags.get(DT_VERSYM) {
        m.slice::<u16>(versym, nsyms).ok_or(Bad::Versions)?;
    }
    Ok(syms)
}

/// `DT_HASH`: every bucket and chain entry indexes the chain, and following the chains
/// from all the buckets visits at most `nchain` entries (a symbol sits in one chain), so
/// every chain ends. Returns `nchain`, the number of symbols.
fn check_sysv_hash(m: &Module, at: usize) -> Result<usize, Bad> {
    let head: &[u32] = m.slice(at, SYSV_HASH_HEADER).ok_or(Bad::Hash)?;
    let &[nbucket, nchain] = head else { return Err(Bad::Hash) };
    let (nbucket, nchain) = (nbucket as usize, nchain as usize);
    if nbucket == 0 {
        return Err(Bad::Hash);
    }
    let words = nbucket.checked_add(nchain).and_then(|n| n.checked_add(SYSV_HASH_HEADER)).ok_or(Bad::Hash)?;
    let table: &[u32] = m.slice(at, words).ok_or(Bad::Hash)?;
    let (buckets, chain) = table.get(SYSV_HASH_HEADER..).and_then(|t| t.split_at_checked(nbucket)).ok_or(Bad::Hash)?;
    let mut steps = nchain;
    for &b in buckets {
        let mut i = b as usize;
        while i != 0 {
            steps = steps.checked_sub(1).ok_or(Bad::Hash)?;
            i = *chain.get(i).ok_or(Bad::Hash)? as usize;
        }
    }
    Ok(nchain)
}

/// `DT_GNU_HASH`: a header the lookup can divide and shift by, a bloom filter and buckets
/// inside, no bucket below `symoffset`, and a chain that ends. A lookup walks from its
/// bucket upwards to the first entry with the low bit set; a walk from a lower bucket
/// passes through the highest bucket's chain, so all walks end where that one does.
/// Returns the number of symbols: one past that end (`symoffset` when every bucket is
/// empty).
fn check_gnu_hash(m: &Module, at: usize) -> Result<usize, Bad> {
    let head: &[u32] = m.slice(at, GNU_HASH_HEADER).ok_or(Bad::Hash)?;
    let &[nbuckets, symoffset, bloom_size, bloom_shift] = head else { return Err(Bad::Hash) };
    let (nbuckets, symoffset, bloom_size) = (nbuckets as usize, symoffset as usize, bloom_size as usize);
    if nbuckets == 0 || bloom_size == 0 || bloom_shift >= u32::BITS {
        return Err(Bad::Hash);
    }
    let bloom = at.checked_add(GNU_HASH_HEADER * size_of::<u32>()).ok_or(Bad::Hash)?;
    m.slice::<usize>(bloom, bloom_size).ok_or(Bad::Hash)?;
    let buckets_at = bloom_size.checked_mul(WORD).and_then(|n| bloom.checked_add(n)).ok_or(Bad::Hash)?;
    let buckets: &[u32] = m.slice(buckets_at, nbuckets).ok_or(Bad::Hash)?;
    let chain = buckets_at.checked_add(nbuckets * size_of::<u32>()).ok_or(Bad::Hash)?;
    let mut top = 0;
    for &b in buckets {
        let b = b as usize;
        if b != 0 && b < symoffset {
            return Err(Bad::Hash);
        }
        top = top.max(b);
    }
    if top == 0 {
        return Ok(symoffset);
    }
    let mut i = top;
    loop {
        let word = (i - symoffset).checked_mul(size_of::<u32>()).and_then(|o| chain.checked_add(o)).ok_or(Bad::Hash)?;
        let h: u32 = m.at(word).and_then(|a| m.span.read(a)).ok_or(Bad::Hash)?;
        if h & 1 != 0 {
            return i.checked_add(1).ok_or(Bad::Hash);
        }
        i += 1;
    }
}

/// `DT_RELA` and `DT_JMPREL`: inside, aligned, whole entries, of the one kind supported.
fn reloc_tables<'m>(m: &'m Module) -> Result<[&'m [Rela]; 2], Bad> {
    if m.tags.get(DT_RELAENT).is_some_and(|e| e != size_of::<Rela>()) {
        return Err(Bad::Relocs);
    }
    if m.tags.get(DT_JMPREL).is_some() && m.tags.get(DT_PLTREL) != Some(DT_RELA as usize) {
        return Err(Bad::Relocs);
    }
    let mut tables: [&[Rela]; 2] = [&[], &[]];
    for ((table, size), out) in [(DT_RELA, DT_RELASZ), (DT_JMPREL, DT_PLTRELSZ)].into_iter().zip(&mut tables) {
        if let Some(t) = m.tags.get(table) {
            *out = m.table::<Rela>(t, m.tags.get(size).unwrap_or(0), Bad::Relocs)?;
        }
    }
    Ok(tables)
}

/// One relocation: its symbol in the table, its target writable.
fn check_rela(m: &Module, syms: &[Sym], r: &Rela) -> Result<(), Bad> {
    let ty = r_type(r.r_info);
    // The loader passes over R_*_NONE (linkers leave some, at offset 0).
    if ty == native::R_NONE {
        return Ok(());
    }
    let sym = syms.get(r_sym(r.r_info)).ok_or(Bad::RelocSymbol)?;
    let len = if ty == native::R_COPY { sym.st_size } else { WORD };
    if !m.writable(r.r_offset, len) {
        return Err(Bad::RelocTarget);
    }
    if ty == native::R_IRELATIVE && !m.code(m.bias.wrapping_add(r.r_addend as usize)) {
        return Err(Bad::Code);
    }
    Ok(())
}

/// `DT_RELR`: an even entry is the address of a word to relocate; an odd one a bitmap of
/// the next [`RELR_BITMAP_WORDS`] words after the last word relocated. Every word must be
/// aligned and writable, and a bitmap needs an address before it.
fn check_relr(m: &Module) -> Result<(), Bad> {
    let Some(t) = m.tags.get(DT_RELR) else { return Ok(()) };
    if m.tags.get(DT_RELRENT).is_some_and(|e| e != WORD) {
        return Err(Bad::Relr);
    }
    let mut next: Option<usize> = None;
    for &e in m.table::<usize>(t, m.tags.get(DT_RELRSZ).unwrap_or(0), Bad::Relr)? {
        if e & 1 == 0 {
            if !e.is_multiple_of(WORD) || !m.writable(e, WORD) {
                return Err(Bad::Relr);
            }
            next = e.checked_add(WORD);
            continue;
        }
        let base = next.ok_or(Bad::Relr)?;
        let mut bits = e >> 1;
        let mut word = base;
        while bits != 0 {
            if bits & 1 != 0 && !m.writable(word, WORD) {
                return Err(Bad::Relr);
            }
            bits >>= 1;
            word = word.checked_add(WORD).ok_or(Bad::Relr)?;
        }
        next = base.checked_add(RELR_BITMAP_WORDS * WORD);
    }
    Ok(())
}

/// `DT_VERSYM` is checked with the symbols; here the `DT_VERDEF` and `DT_VERNEED` chains:
/// each record and auxiliary entry aligned and readable, names in the string table, at
/// least one auxiliary entry (the first names the version), and at most
/// [`MAX_VERSION_ENTRIES`] entries in all, so that every walk ends.
fn check_versions(m: &Module) -> Result<(), Bad> {
    let mut budget = MAX_VERSION_ENTRIES;
    if let Some(v) = m.tags.get(DT_VERDEF) {
        walk_versions(
            m,
            v,
            &mut budget,
            |vd: Verdef| (vd.vd_cnt, vd.vd_aux, vd.vd_next, None),
            |a: Verdaux| (a.vda_name, a.vda_next),
        )?;
    }
    if let Some(v) = m.tags.get(DT_VERNEED) {
        walk_versions(
            m,
            v,
            &mut budget,
            |vn: Verneed| (vn.vn_cnt, vn.vn_aux, vn.vn_next, Some(vn.vn_file)),
            |a: Vernaux| (a.vna_name, a.vna_next),
        )?;
    }
    Ok(())
}

/// Walks one version chain starting at link-time address `v`. `record` gives a record's
/// (count, aux offset, next offset, file name); `aux` an auxiliary entry's (name, next
/// offset). Offsets are in bytes from the entry that holds them; 0 ends a chain.
fn walk_versions<R: Plain, A: Plain>(
    m: &Module,
    v: usize,
    budget: &mut usize,
    record: impl Fn(R) -> (u16, u32, u32, Option<u32>),
    aux: impl Fn(A) -> (u32, u32),
) -> Result<(), Bad> {
    let mut at = m.at(v).ok_or(Bad::Versions)?;
    loop {
        *budget = budget.checked_sub(1).ok_or(Bad::Versions)?;
        let r: R = entry(m, at)?;
        let (count, aux_off, next, file) = record(r);
        if let Some(f) = file {
            m.string(f as usize)?;
        }
        if count == 0 {
            return Err(Bad::Versions);
        }
        let mut a = at.checked_add(aux_off as usize).ok_or(Bad::Versions)?;
        for _ in 0..count {
            *budget = budget.checked_sub(1).ok_or(Bad::Versions)?;
            let (name, next_aux) = aux(entry(m, a)?);
            m.string(name as usize)?;
            if next_aux == 0 {
                break;
            }
            a = a.checked_add(next_aux as usize).ok_or(Bad::Versions)?;
        }
        if next == 0 {
            return Ok(());
        }
        at = at.checked_add(next as usize).ok_or(Bad::Versions)?;
    }
}

/// A version table entry at run-time address `at`: aligned (readers use it in place) and
/// readable.
fn entry<T: Plain>(m: &Module, at: usize) -> Result<T, Bad> {
    m.span.slice::<T>(at, 1).and_then(|s| s.first().copied()).ok_or(Bad::Versions)
}

#[cfg(test)]
mod tests {
    use super::*;

    // A small synthetic shared object, every file offset equal to its address: a read-only
    // segment with the headers and tables, an executable one, and a writable one whose
    // memory is twice its file bytes. Each test below breaks one rule of a valid copy.
    const TEXT: usize = 0x1000;
    const DATA: usize = 0x2000;
    const FILE_LEN: usize = 0x3000;
    const DATA_MEM: usize = 0x2000;
    const PHOFF: usize = size_of::<Ehdr>();
    const HASH: usize = 0x200;
    const GNU: usize = 0x240;
    const SYMTAB: usize = 0x300;
    const STRTAB: usize = 0x400;
    const VERSYM: usize = 0x500;
    const VERDEF: usize = 0x540;
    const VERNEED: usize = 0x5a0;
    const RELA: usize = 0x600;
    const JMPREL: usize = 0x680;
    const RELR: usize = 0x6c0;
    const INIT_FN: usize = TEXT + 0x10;
    const INIT_ARRAY: usize = DATA;
    const FINI_ARRAY: usize = DATA + 8;
    const TARGETS: usize = DATA + 0x100;
    const OBJECT: usize = DATA + 0x180;
    const DYNAMIC: usize = DATA + 0x200;
    const TLS: usize = DATA + 0x800;
    const RELRO_LEN: usize = 0x100;
    const STRINGS: &[u8] = b"\0foo\0bar\0libdep.so\0libsyn.so\0V1\0D1\0";
    /// A relocation type none of the checks treats specially, on any of the machines.
    const R_PLAIN: u32 = 8;
    const VER_FLG_BASE: u16 = 1;
    /// Program header indices.
    const PH_TEXT: usize = 1;
    const PH_DATA: usize = 2;
    const PH_DYNAMIC: usize = 3;
    const PH_TLS: usize = 4;
    const PH_RELRO: usize = 5;

    /// The offset of `s` in [`STRINGS`].
    fn name(s: &[u8]) -> usize {
        STRINGS.windows(s.len() + 2).position(|w| w[0] == 0 && &w[1..=s.len()] == s && w[s.len() + 1] == 0).unwrap() + 1
    }

    fn put<T: Plain>(f: &mut [u8], off: usize, v: T) {
        assert!(off + size_of::<T>() <= f.len());
        // SAFETY: checked just above that the bytes lie inside `f`; the write is unaligned.
        unsafe { f.as_mut_ptr().add(off).cast::<T>().write_unaligned(v) }
    }

    fn rela(offset: usize, sym: usize, ty: u32, addend: isize) -> Rela {
        Rela { r_offset: offset, r_info: (sym << 32) | ty as usize, r_addend: addend }
    }

    fn load_ph(flags: u32, at: usize, filesz: usize, memsz: usize) -> Phdr {
        Phdr {
            p_type: PT_LOAD,
            p_flags: flags,
            p_offset: at,
            p_vaddr: at,
            p_paddr: at,
            p_filesz: filesz,
            p_memsz: memsz,
            p_align: PAGESIZE,
        }
    }

    fn dyn_entries() -> Vec<(isize, usize)> {
        vec![
            (DT_NEEDED, name(b"libdep.so")),
            (DT_SONAME, name(b"libsyn.so")),
            (DT_HASH, HASH),
            (DT_GNU_HASH, GNU),
            (DT_STRTAB, STRTAB),
            (DT_STRSZ, STRINGS.len()),
            (DT_SYMTAB, SYMTAB),
            (DT_SYMENT, size_of::<Sym>()),
            (DT_RELA, RELA),
            (DT_RELASZ, 2 * size_of::<Rela>()),
            (DT_RELAENT, size_of::<Rela>()),
            (DT_JMPREL, JMPREL),
            (DT_PLTRELSZ, size_of::<Rela>()),
            (DT_PLTREL, DT_RELA as usize),
            (DT_RELR, RELR),
            (DT_RELRSZ, 2 * WORD),
            (DT_RELRENT, WORD),
            (DT_INIT, INIT_FN),
            (DT_INIT_ARRAY, INIT_ARRAY),
            (DT_INIT_ARRAYSZ, WORD),
            (DT_FINI_ARRAY, FINI_ARRAY),
            (DT_FINI_ARRAYSZ, WORD),
            (DT_VERSYM, VERSYM),
            (DT_VERDEF, VERDEF),
            (DT_VERDEFNUM, 2),
            (DT_VERNEED, VERNEED),
            (DT_VERNEEDNUM, 1),
            // A spare entry for the tests to turn into something else.
            (DT_DEBUG, 0),
            (DT_NULL, 0),
        ]
    }

    fn valid() -> Vec<u8> {
        let mut f = vec![0u8; FILE_LEN];
        let mut ident = [0u8; 16];
        ident[..4].copy_from_slice(&ELFMAG);
        ident[EI_CLASS] = ELFCLASS64;
        ident[EI_DATA] = ELFDATA2LSB;
        ident[EI_VERSION] = EV_CURRENT;
        let dyns = dyn_entries();
        let dyn_len = dyns.len() * size_of::<Dyn>();
        let phdrs = [
            load_ph(PF_R, 0, TEXT, TEXT),
            load_ph(PF_R | PF_X, TEXT, PAGESIZE, PAGESIZE),
            load_ph(PF_R | PF_W, DATA, PAGESIZE, DATA_MEM),
            Phdr {
                p_type: PT_DYNAMIC,
                p_flags: PF_R | PF_W,
                p_offset: DYNAMIC,
                p_vaddr: DYNAMIC,
                p_paddr: 0,
                p_filesz: dyn_len,
                p_memsz: dyn_len,
                p_align: 8,
            },
            Phdr {
                p_type: PT_TLS,
                p_flags: PF_R,
                p_offset: TLS,
                p_vaddr: TLS,
                p_paddr: 0,
                p_filesz: 8,
                p_memsz: 16,
                p_align: 8,
            },
            Phdr {
                p_type: PT_GNU_RELRO,
                p_flags: PF_R,
                p_offset: DATA,
                p_vaddr: DATA,
                p_paddr: 0,
                p_filesz: RELRO_LEN,
                p_memsz: RELRO_LEN,
                p_align: 1,
            },
        ];
        put(
            &mut f,
            0,
            Ehdr {
                e_ident: ident,
                e_type: ET_DYN,
                e_machine: EM_NATIVE,
                e_version: EV_CURRENT as u32,
                e_entry: TEXT,
                e_phoff: PHOFF,
                e_shoff: 0,
                e_flags: 0,
                e_ehsize: size_of::<Ehdr>() as u16,
                e_phentsize: size_of::<Phdr>() as u16,
                e_phnum: phdrs.len() as u16,
                e_shentsize: 0,
                e_shnum: 0,
                e_shstrndx: 0,
            },
        );
        for (i, p) in phdrs.iter().enumerate() {
            put(&mut f, PHOFF + i * size_of::<Phdr>(), *p);
        }
        // SysV hash: one bucket, chain 2 -> 1 -> end.
        for (i, w) in [1u32, 3, 2, 0, 0, 1].iter().enumerate() {
            put(&mut f, HASH + i * 4, *w);
        }
        // GNU hash: one bucket from symbol 1, a bloom filter that lets everything through.
        for (i, w) in [1u32, 1, 1, 6].iter().enumerate() {
            put(&mut f, GNU + i * 4, *w);
        }
        put(&mut f, GNU + 16, u64::MAX);
        put(&mut f, GNU + 24, 1u32);
        put(&mut f, GNU + 28, gnu_hash(b"foo") & !1);
        put(&mut f, GNU + 32, gnu_hash(b"bar") | 1);
        let global = STB_GLOBAL << 4;
        let syms = [
            Sym { st_name: 0, st_info: 0, st_other: 0, st_shndx: 0, st_value: 0, st_size: 0 },
            Sym {
                st_name: name(b"foo") as u32,
                st_info: global | STT_FUNC,
                st_other: 0,
                st_shndx: 1,
                st_value: TEXT,
                st_size: 1,
            },
            Sym {
                st_name: name(b"bar") as u32,
                st_info: global | STT_OBJECT,
                st_other: 0,
                st_shndx: 2,
                st_value: OBJECT,
                st_size: 8,
            },
        ];
        for (i, s) in syms.iter().enumerate() {
            put(&mut f, SYMTAB + i * size_of::<Sym>(), *s);
        }
        f[STRTAB..STRTAB + STRINGS.len()].copy_from_slice(STRINGS);
        for (i, v) in [0u16, 1, 2].iter().enumerate() {
            put(&mut f, VERSYM + i * 2, *v);
        }
        let vd_len = size_of::<Verdef>() as u32;
        let vd_step = vd_len + size_of::<Verdaux>() as u32;
        put(
            &mut f,
            VERDEF,
            Verdef {
                vd_version: 1,
                vd_flags: VER_FLG_BASE,
                vd_ndx: 1,
                vd_cnt: 1,
                vd_hash: 0,
                vd_aux: vd_len,
                vd_next: vd_step,
            },
        );
        put(&mut f, VERDEF + vd_len as usize, Verdaux { vda_name: name(b"libsyn.so") as u32, vda_next: 0 });
        let second = VERDEF + vd_step as usize;
        put(
            &mut f,
            second,
            Verdef { vd_version: 1, vd_flags: 0, vd_ndx: 2, vd_cnt: 1, vd_hash: 0, vd_aux: vd_len, vd_next: 0 },
        );
        put(&mut f, second + vd_len as usize, Verdaux { vda_name: name(b"V1") as u32, vda_next: 0 });
        let vn_len = size_of::<Verneed>() as u32;
        put(
            &mut f,
            VERNEED,
            Verneed { vn_version: 1, vn_cnt: 1, vn_file: name(b"libdep.so") as u32, vn_aux: vn_len, vn_next: 0 },
        );
        put(
            &mut f,
            VERNEED + vn_len as usize,
            Vernaux { vna_hash: 0, vna_flags: 0, vna_other: 3, vna_name: name(b"D1") as u32, vna_next: 0 },
        );
        put(&mut f, RELA, rela(TARGETS, 0, R_PLAIN, TEXT as isize));
        put(&mut f, RELA + size_of::<Rela>(), rela(TARGETS + 8, 2, R_PLAIN, 0));
        put(&mut f, JMPREL, rela(TARGETS + 16, 1, R_PLAIN, 0));
        // An address, then a bitmap relocating the word after it.
        put(&mut f, RELR, TARGETS + 24);
        put(&mut f, RELR + WORD, 0b11usize);
        f[TEXT] = 0xc3;
        put(&mut f, INIT_ARRAY, INIT_FN);
        put(&mut f, FINI_ARRAY, INIT_FN);
        for (i, (tag, val)) in dyns.iter().enumerate() {
            put(&mut f, DYNAMIC + i * size_of::<Dyn>(), Dyn { d_tag: *tag, d_val: *val });
        }
        f
    }

    fn phdr(f: &mut [u8], i: usize, edit: impl FnOnce(&mut Phdr)) {
        let off = PHOFF + i * size_of::<Phdr>();
        let mut p: Phdr = read(f, off).unwrap();
        edit(&mut p);
        put(f, off, p);
    }

    fn ehdr_edit(f: &mut [u8], edit: impl FnOnce(&mut Ehdr)) {
        let mut e: Ehdr = read(f, 0).unwrap();
        edit(&mut e);
        put(f, 0, e);
    }

    /// The dynamic entry with tag `tag`.
    fn dyn_slot(f: &[u8], tag: isize) -> usize {
        (0..).map(|i| DYNAMIC + i * size_of::<Dyn>()).find(|&o| read::<Dyn>(f, o).unwrap().d_tag == tag).unwrap()
    }

    fn set_dyn(f: &mut [u8], tag: isize, val: usize) {
        let o = dyn_slot(f, tag);
        put(f, o, Dyn { d_tag: tag, d_val: val });
    }

    fn retag(f: &mut [u8], from: isize, to: isize) {
        let o = dyn_slot(f, from);
        let d: Dyn = read(f, o).unwrap();
        put(f, o, Dyn { d_tag: to, d_val: d.d_val });
    }

    fn sym(f: &mut [u8], i: usize, edit: impl FnOnce(&mut Sym)) {
        let off = SYMTAB + i * size_of::<Sym>();
        let mut s: Sym = read(f, off).unwrap();
        edit(&mut s);
        put(f, off, s);
    }

    /// Maps `file` as the mapper would, into a `Vec`, and runs every check.
    fn load(file: &[u8], allow_exec: bool) -> Result<Tables, Bad> {
        let eh: Ehdr = read(file, 0).ok_or(Bad::Ident)?;
        check_ehdr(&eh, file.len(), allow_exec)?;
        let phdrs: Vec<Phdr> =
            (0..eh.e_phnum as usize).map(|i| read(file, eh.e_phoff + i * size_of::<Phdr>()).unwrap()).collect();
        let layout = check_phdrs(&eh, &phdrs, file.len(), allow_exec)?;
        let len = layout.hi - layout.lo;
        let mut image = vec![0u64; len / 8];
        // SAFETY: the vector's `len` bytes, viewed as bytes (which need no alignment).
        let bytes = unsafe { core::slice::from_raw_parts_mut(image.as_mut_ptr().cast::<u8>(), len) };
        for l in loads(&phdrs) {
            let at = l.p_vaddr - layout.lo;
            bytes[at..at + l.p_filesz].copy_from_slice(&file[l.p_offset..l.p_offset + l.p_filesz]);
        }
        let bias = (bytes.as_ptr() as usize).wrapping_sub(layout.lo);
        let mut buf = [Range::EMPTY; MAX_LOADS];
        let ranges = load_ranges(&phdrs, bias, &mut buf);
        // SAFETY: the ranges lie inside `image`, which lives, unwritten, until the checks
        // return.
        let span = unsafe { Span::new(ranges) };
        check_dynamic(&span, bias, layout.dynamic, layout.dynamic_entries)
    }

    fn refused(edit: impl FnOnce(&mut Vec<u8>)) -> Bad {
        let mut f = valid();
        edit(&mut f);
        load(&f, false).expect_err("a malformed file was accepted")
    }

    #[test]
    fn synthetic_file_is_accepted() {
        assert_eq!(load(&valid(), false), Ok(Tables { nsyms: 3, strsz: STRINGS.len() }));
        assert_eq!(load(&valid(), true), Ok(Tables { nsyms: 3, strsz: STRINGS.len() }));
    }

    #[test]
    fn elf_header() {
        assert_eq!(refused(|f| f[1] = b'X'), Bad::Ident);
        assert_eq!(refused(|f| f[EI_CLASS] = 1), Bad::Ident);
        assert_eq!(refused(|f| f[EI_DATA] = 2), Bad::Ident);
        assert_eq!(refused(|f| f[EI_VERSION] = 0), Bad::Ident);
        assert_eq!(refused(|f| ehdr_edit(f, |e| e.e_version = 2)), Bad::Ident);
        assert_eq!(refused(|f| ehdr_edit(f, |e| e.e_machine = EM_NATIVE ^ 1)), Bad::Machine);
        assert_eq!(refused(|f| ehdr_edit(f, |e| e.e_type = ET_EXEC)), Bad::Type);
        assert_eq!(refused(|f| ehdr_edit(f, |e| e.e_type = 1)), Bad::Type);
        assert_eq!(refused(|f| ehdr_edit(f, |e| e.e_phentsize = 32)), Bad::Phdrs);
        assert_eq!(refused(|f| ehdr_edit(f, |e| e.e_phnum = 0)), Bad::Phdrs);
        assert_eq!(refused(|f| ehdr_edit(f, |e| e.e_phnum = MAX_PHNUM as u16 + 1)), Bad::Phdrs);
        assert_eq!(refused(|f| ehdr_edit(f, |e| e.e_phoff = FILE_LEN - 8)), Bad::Phdrs);
        assert_eq!(refused(|f| ehdr_edit(f, |e| e.e_phoff = usize::MAX - 7)), Bad::Phdrs);
        assert_eq!(refused(|f| ehdr_edit(f, |e| e.e_phoff = PHOFF + 4)), Bad::Phdrs);
        // An executable is admitted when asked for, with its entry in executable code.
        let mut f = valid();
        ehdr_edit(&mut f, |e| e.e_type = ET_EXEC);
        assert!(load(&f, true).is_ok());
        ehdr_edit(&mut f, |e| e.e_entry = DATA);
        assert_eq!(load(&f, true), Err(Bad::Entry));
    }

    #[test]
    fn truncated_files_are_refused() {
        let f = valid();
        assert!(read::<Ehdr>(&f[..size_of::<Ehdr>() - 1], 0).is_none());
        for len in size_of::<Ehdr>()..FILE_LEN {
            assert!(load(&f[..len], false).is_err(), "cut at {len}");
        }
    }

    #[test]
    fn load_segments() {
        assert_eq!(refused(|f| phdr(f, PH_DATA, |p| p.p_filesz = DATA_MEM + 8)), Bad::LoadFile);
        assert_eq!(refused(|f| phdr(f, PH_DATA, |p| p.p_offset = usize::MAX - 4)), Bad::LoadFile);
        assert_eq!(refused(|f| phdr(f, PH_TEXT, |p| p.p_offset = TEXT + 8)), Bad::LoadAlign);
        assert_eq!(refused(|f| phdr(f, PH_TEXT, |p| p.p_align = 3)), Bad::LoadAlign);
        assert_eq!(refused(|f| phdr(f, 0, |p| p.p_memsz = TEXT + 1)), Bad::LoadOrder);
        assert_eq!(
            refused(|f| {
                phdr(f, PH_TEXT, |p| *p = load_ph(PF_R | PF_W, DATA, PAGESIZE, DATA_MEM));
                phdr(f, PH_DATA, |p| *p = load_ph(PF_R | PF_X, TEXT, PAGESIZE, PAGESIZE));
            }),
            Bad::LoadOrder
        );
        assert_eq!(refused(|f| phdr(f, PH_DATA, |p| p.p_memsz = usize::MAX - DATA)), Bad::LoadSpan);
        assert_eq!(refused(|f| phdr(f, PH_DATA, |p| p.p_memsz = MAX_SPAN)), Bad::LoadSpan);
        assert_eq!(refused(|f| (0..3).for_each(|i| phdr(f, i, |p| p.p_type = PT_NULL))), Bad::LoadSpan);
    }

    #[test]
    fn program_headers() {
        assert_eq!(refused(|f| phdr(f, PH_DYNAMIC, |p| p.p_type = PT_NULL)), Bad::Dynamic);
        assert_eq!(refused(|f| phdr(f, PH_TLS, |p| p.p_type = PT_DYNAMIC)), Bad::DuplicateHeader);
        assert_eq!(refused(|f| phdr(f, PH_RELRO, |p| p.p_type = PT_TLS)), Bad::DuplicateHeader);
        assert_eq!(refused(|f| phdr(f, PH_DYNAMIC, |p| p.p_vaddr += 4)), Bad::Dynamic);
        assert_eq!(refused(|f| phdr(f, PH_DYNAMIC, |p| p.p_memsz += 8)), Bad::Dynamic);
        // In the writable segment's memory, but past its file bytes.
        assert_eq!(refused(|f| phdr(f, PH_DYNAMIC, |p| p.p_vaddr = DATA + PAGESIZE)), Bad::Dynamic);
        assert_eq!(refused(|f| phdr(f, PH_TLS, |p| p.p_align = 24)), Bad::Tls);
        assert_eq!(refused(|f| phdr(f, PH_TLS, |p| p.p_filesz = 32)), Bad::Tls);
        assert_eq!(refused(|f| phdr(f, PH_TLS, |p| p.p_vaddr = DATA + PAGESIZE - 4)), Bad::Tls);
        assert_eq!(refused(|f| phdr(f, PH_TLS, |p| p.p_memsz = MAX_TLS_SIZE + 1)), Bad::Tls);
        assert_eq!(refused(|f| phdr(f, PH_RELRO, |p| p.p_memsz = DATA_MEM + 1)), Bad::Relro);
    }

    #[test]
    fn dynamic_section() {
        // DT_DEBUG (which the loader writes) in read-only memory.
        assert_eq!(
            refused(|f| {
                phdr(f, PH_DATA, |p| p.p_flags = PF_R);
                phdr(f, PH_RELRO, |p| p.p_type = PT_NULL);
            }),
            Bad::Dynamic
        );
        assert_eq!(refused(|f| retag(f, DT_NULL, DT_DEBUG)), Bad::DynamicEnd);
        assert_eq!(refused(|f| retag(f, DT_DEBUG, DT_STRTAB)), Bad::DuplicateTag);
        assert_eq!(refused(|f| retag(f, DT_STRTAB, DT_DEBUG)), Bad::Strings);
        assert_eq!(refused(|f| set_dyn(f, DT_STRSZ, STRINGS.len() - 1)), Bad::Strings);
        assert_eq!(refused(|f| set_dyn(f, DT_STRSZ, 0)), Bad::Strings);
        assert_eq!(refused(|f| set_dyn(f, DT_STRSZ, usize::MAX)), Bad::Strings);
        assert_eq!(refused(|f| set_dyn(f, DT_STRTAB, usize::MAX - 2)), Bad::Strings);
        assert_eq!(refused(|f| set_dyn(f, DT_NEEDED, STRINGS.len())), Bad::StringOffset);
        assert_eq!(refused(|f| set_dyn(f, DT_SONAME, usize::MAX)), Bad::StringOffset);
        assert_eq!(
            refused(|f| {
                retag(f, DT_DEBUG, DT_RUNPATH);
                set_dyn(f, DT_RUNPATH, STRINGS.len());
            }),
            Bad::StringOffset
        );
    }

    #[test]
    fn symbols_and_hash_tables() {
        assert_eq!(refused(|f| retag(f, DT_SYMTAB, DT_DEBUG)), Bad::Symbols);
        assert_eq!(refused(|f| set_dyn(f, DT_SYMENT, 16)), Bad::Symbols);
        assert_eq!(refused(|f| set_dyn(f, DT_SYMTAB, SYMTAB + 4)), Bad::Symbols);
        assert_eq!(refused(|f| set_dyn(f, DT_SYMTAB, DATA + DATA_MEM - 2 * size_of::<Sym>())), Bad::Symbols);
        assert_eq!(refused(|f| sym(f, 1, |s| s.st_name = STRINGS.len() as u32)), Bad::StringOffset);
        assert_eq!(refused(|f| sym(f, 2, |s| s.st_info = (STB_GLOBAL << 4) | STT_GNU_IFUNC)), Bad::SymbolValue);
        let mut f = valid();
        sym(&mut f, 1, |s| s.st_info = (STB_GLOBAL << 4) | STT_GNU_IFUNC);
        assert!(load(&f, false).is_ok());
        assert_eq!(refused(|f| sym(f, 2, |s| s.st_size = DATA_MEM)), Bad::SymbolValue);
        assert_eq!(
            refused(|f| {
                retag(f, DT_HASH, DT_DEBUG);
                retag(f, DT_GNU_HASH, DT_FLAGS);
            }),
            Bad::Hash
        );
        // SysV: no buckets, a bucket past the chain, a cycle, a table past the segment.
        assert_eq!(refused(|f| put(f, HASH, 0u32)), Bad::Hash);
        assert_eq!(refused(|f| put(f, HASH + 8, 3u32)), Bad::Hash);
        assert_eq!(refused(|f| put(f, HASH + 12 + 4, 2u32)), Bad::Hash);
        assert_eq!(refused(|f| put(f, HASH + 4, 0x1000_0000u32)), Bad::Hash);
        // GNU: no buckets, no bloom words, a shift past the word, a bucket below
        // symoffset, a bucket far past the table, a misaligned table.
        assert_eq!(refused(|f| put(f, GNU, 0u32)), Bad::Hash);
        assert_eq!(refused(|f| put(f, GNU + 8, 0u32)), Bad::Hash);
        assert_eq!(refused(|f| put(f, GNU + 12, 32u32)), Bad::Hash);
        assert_eq!(refused(|f| put(f, GNU + 4, 2u32)), Bad::Hash);
        assert_eq!(refused(|f| put(f, GNU + 24, 0x1000_0000u32)), Bad::Hash);
        assert_eq!(refused(|f| set_dyn(f, DT_GNU_HASH, GNU + 4)), Bad::Hash);
        // Fewer symbols in DT_HASH than the GNU table reaches is fine: the larger counts.
        let mut f = valid();
        put(&mut f, HASH + 4, 2u32);
        put(&mut f, HASH + 8, 1u32);
        assert_eq!(load(&f, false).map(|t| t.nsyms), Ok(3));
    }

    #[test]
    fn gnu_chain_without_end_is_refused() {
        // Header, one bloom word, one bucket at symbol 1, chain words with the end bit
        // clear up to the end of the memory.
        let mut mem = vec![0u64; 8];
        let words: [u32; 8] = [1, 1, 1, 6, u32::MAX, u32::MAX, 1, 2];
        // SAFETY: the vector's bytes viewed as u32s, which its alignment suits.
        let as_u32 = unsafe { core::slice::from_raw_parts_mut(mem.as_mut_ptr().cast::<u32>(), 16) };
        as_u32[..8].copy_from_slice(&words);
        let start = mem.as_ptr() as usize;
        let ranges = [Range { start, end: start + 64, flags: PF_R }];
        // SAFETY: the range is `mem`, alive and unwritten while the checks run.
        let span = unsafe { Span::new(&ranges) };
        let m = Module { span: &span, bias: start, tags: Tags([None; ONCE.len()]), strsz: 1 };
        assert_eq!(check_gnu_hash(&m, 0), Err(Bad::Hash));
        as_u32[10] = 3;
        assert_eq!(check_gnu_hash(&m, 0), Ok(5));
    }

    #[test]
    fn relocations() {
        assert_eq!(refused(|f| set_dyn(f, DT_RELASZ, 30)), Bad::Relocs);
        assert_eq!(refused(|f| set_dyn(f, DT_RELAENT, 16)), Bad::Relocs);
        assert_eq!(refused(|f| set_dyn(f, DT_PLTREL, 17)), Bad::Relocs);
        assert_eq!(refused(|f| retag(f, DT_PLTREL, DT_DEBUG)), Bad::Relocs);
        assert_eq!(refused(|f| set_dyn(f, DT_RELA, DATA + DATA_MEM - 8)), Bad::Relocs);
        assert_eq!(refused(|f| set_dyn(f, DT_JMPREL, JMPREL + 4)), Bad::Relocs);
        assert_eq!(refused(|f| set_dyn(f, DT_RELASZ, usize::MAX - 7)), Bad::Relocs);
        // Targets: read-only memory, past the end, wrapping around, a word that straddles
        // the end of the writable memory.
        assert_eq!(refused(|f| put(f, RELA, rela(0x100, 0, R_PLAIN, 0))), Bad::RelocTarget);
        assert_eq!(refused(|f| put(f, RELA, rela(DATA + DATA_MEM, 0, R_PLAIN, 0))), Bad::RelocTarget);
        assert_eq!(refused(|f| put(f, RELA, rela(usize::MAX - 3, 0, R_PLAIN, 0))), Bad::RelocTarget);
        assert_eq!(refused(|f| put(f, JMPREL, rela(DATA + DATA_MEM - 4, 1, R_PLAIN, 0))), Bad::RelocTarget);
        assert_eq!(refused(|f| put(f, RELA, rela(TARGETS, usize::MAX >> 32, R_PLAIN, 0))), Bad::RelocSymbol);
        assert_eq!(refused(|f| put(f, JMPREL, rela(TARGETS, 0x8000, R_PLAIN, 0))), Bad::RelocSymbol);
        // Symbols past what the hash tables reach (undefined ones, say) are checked too.
        let mut f = valid();
        put(&mut f, JMPREL, rela(TARGETS, 3, R_PLAIN, 0));
        assert_eq!(load(&f, false).map(|t| t.nsyms), Ok(4));
        put(&mut f, SYMTAB + 3 * size_of::<Sym>(), STRINGS.len() as u32);
        assert_eq!(load(&f, false), Err(Bad::StringOffset));
        // A copy writes its symbol's whole size; an IRELATIVE resolver must be code.
        let mut f = valid();
        put(&mut f, JMPREL, rela(DATA + DATA_MEM - 8, 2, native::R_COPY, 0));
        assert!(load(&f, false).is_ok());
        sym(&mut f, 2, |s| s.st_size = 16);
        assert_eq!(load(&f, false), Err(Bad::RelocTarget));
        sym(&mut f, 2, |s| s.st_size = 8);
        put(&mut f, JMPREL, rela(TARGETS, 0, native::R_IRELATIVE, DATA as isize));
        assert_eq!(load(&f, false), Err(Bad::Code));
        put(&mut f, JMPREL, rela(TARGETS, 0, native::R_IRELATIVE, TEXT as isize));
        assert!(load(&f, false).is_ok());
        // R_*_NONE is passed over wherever it points.
        put(&mut f, JMPREL, rela(0, 99, native::R_NONE, 0));
        assert!(load(&f, false).is_ok());
    }

    #[test]
    fn relr() {
        assert_eq!(refused(|f| set_dyn(f, DT_RELRSZ, 12)), Bad::Relr);
        assert_eq!(refused(|f| set_dyn(f, DT_RELRENT, 4)), Bad::Relr);
        assert_eq!(refused(|f| put(f, RELR, 0b101usize)), Bad::Relr);
        assert_eq!(refused(|f| put(f, RELR, 0x100usize)), Bad::Relr);
        assert_eq!(refused(|f| put(f, RELR, TARGETS + 2)), Bad::Relr);
        // A bitmap bit past the writable memory.
        assert_eq!(refused(|f| put(f, RELR, DATA + DATA_MEM - 8)), Bad::Relr);
        assert_eq!(
            refused(|f| {
                put(f, RELR, DATA + DATA_MEM - 8 * WORD);
                put(f, RELR + WORD, 1usize | (1 << 9));
            }),
            Bad::Relr
        );
    }

    #[test]
    fn arrays_code_and_versions() {
        assert_eq!(refused(|f| set_dyn(f, DT_INIT_ARRAYSZ, 7)), Bad::InitArray);
        assert_eq!(refused(|f| set_dyn(f, DT_FINI_ARRAY, DATA + DATA_MEM)), Bad::InitArray);
        assert_eq!(refused(|f| set_dyn(f, DT_INIT_ARRAY, DATA + 4)), Bad::InitArray);
        assert_eq!(refused(|f| set_dyn(f, DT_INIT, DATA)), Bad::Code);
        assert_eq!(refused(|f| set_dyn(f, DT_INIT, usize::MAX)), Bad::Code);
        assert_eq!(refused(|f| set_dyn(f, DT_VERSYM, DATA + DATA_MEM - 4)), Bad::Versions);
        assert_eq!(refused(|f| set_dyn(f, DT_VERSYM, VERSYM + 1)), Bad::Versions);
        assert_eq!(refused(|f| set_dyn(f, DT_VERDEF, VERDEF + 2)), Bad::Versions);
        assert_eq!(refused(|f| set_dyn(f, DT_VERNEED, DATA + DATA_MEM - 8)), Bad::Versions);
        // vd_cnt 0, vd_next past the memory, a name past the strings.
        assert_eq!(refused(|f| put(f, VERDEF + 6, 0u16)), Bad::Versions);
        assert_eq!(refused(|f| put(f, VERDEF + 16, 0x4000_0000u32)), Bad::Versions);
        assert_eq!(refused(|f| put(f, VERDEF + size_of::<Verdef>(), STRINGS.len() as u32)), Bad::StringOffset);
        assert_eq!(refused(|f| put(f, VERNEED + 4, STRINGS.len() as u32)), Bad::StringOffset);
        assert_eq!(refused(|f| put(f, VERNEED + 2, 0u16)), Bad::Versions);
    }

    #[test]
    fn span_and_ranges() {
        let r = |start, end, flags| Range { start, end, flags };
        let ranges = [r(0x1000, 0x2000, PF_R), r(0x2000, 0x3000, PF_R | PF_W), r(0x4000, 0x5000, PF_R | PF_X)];
        // SAFETY: only `covers` is called, which reads no memory.
        let span = unsafe { Span::new(&ranges) };
        assert!(span.covers(0x1ff8, 16, PF_R));
        assert!(!span.covers(0x1ff8, 16, PF_R | PF_W));
        assert!(span.covers(0x2ff8, 8, PF_W));
        assert!(!span.covers(0x2ff8, 16, PF_R));
        assert!(!span.covers(0x3800, 1, 0));
        assert!(span.covers(0x4000, 0x1000, PF_X));
        assert!(!span.covers(0xfff, 2, 0));
        assert!(!span.covers(usize::MAX, 2, 0));
        assert!(span.covers(0x3000, 0, PF_W));
        assert!(!span.covers(0x3001, 0, 0));
        // Two segments that share a page: the later one's mapping is what that page holds.
        let phdrs = [load_ph(PF_R | PF_X, 0, 0x1800, 0x1800), load_ph(PF_R | PF_W, 0x1900, 0x100, 0x2000)];
        let mut buf = [Range::EMPTY; MAX_LOADS];
        assert_eq!(
            load_ranges(&phdrs, 0x10000, &mut buf),
            [r(0x10000, 0x11000, PF_R | PF_X), r(0x11000, 0x14000, PF_R | PF_W)]
        );
    }

    /// Real shared objects and executables pass: the host's libraries (for this machine,
    /// those a cross compiler brought), and the test program itself when it is dynamic.
    #[test]
    fn real_files_are_accepted() {
        let mut paths = vec![std::env::current_exe().unwrap()];
        let dirs = ["/lib/x86_64-linux-gnu", "/usr/aarch64-linux-gnu/lib", "/usr/riscv64-linux-gnu/lib"];
        for dir in dirs {
            for lib in ["libc.so.6", "libm.so.6", "libgcc_s.so.1", "libstdc++.so.6", "libz.so.1"] {
                paths.push(std::path::Path::new(dir).join(lib));
            }
        }
        let mut checked = 0;
        for p in &paths {
            let Ok(file) = std::fs::read(p) else { continue };
            let Some(eh) = read::<Ehdr>(&file, 0).filter(|e| e.e_machine == EM_NATIVE) else { continue };
            let dynamic = (0..eh.e_phnum as usize).any(|i| {
                read::<Phdr>(&file, eh.e_phoff + i * size_of::<Phdr>()).is_some_and(|p| p.p_type == PT_DYNAMIC)
            });
            if !dynamic {
                continue;
            }
            let t = load(&file, eh.e_type == ET_EXEC).unwrap_or_else(|e| panic!("{}: refused: {e:?}", p.display()));
            assert!(t.nsyms > 0 && t.strsz > 0, "{}", p.display());
            checked += 1;
        }
        assert!(checked >= 1);
    }
}
