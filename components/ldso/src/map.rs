//! Mapping an ELF file's `PT_LOAD` segments into memory.
//!
//! Nothing from the file is trusted before [`crate::elf_check`] has seen it: the headers
//! before anything is mapped, the dynamic section and its tables after mapping and before
//! the descriptor reads them. A refused file is unmapped again and fails with `ENOEXEC`.
use core::ffi::c_int;

use limpet_abi::limits::PAGESIZE;
use limpet_abi::mman::{
    MAP_ANONYMOUS, MAP_FIXED, MAP_FIXED_NOREPLACE, MAP_PRIVATE, PROT_EXEC, PROT_NONE, PROT_READ, PROT_WRITE,
};
use limpet_abi::stat::Stat;
use limpet_syscall::elf::*;
use limpet_syscall::errno::{ENOEXEC, ENOMEM};
use limpet_syscall::{nr, result, syscall2, syscall3, syscall4, syscall6};

use crate::dso::Dso;
use crate::elf_check::{self, Layout, MAX_LOADS, MAX_PHNUM, Range, Span, Tables};

/// Enough for the ELF header and the program headers of any ordinary file; larger header
/// tables are read into [`PH_SPILL`].
const HEAD_BYTES: usize = 1024;

#[repr(C, align(8))]
struct Head([u8; HEAD_BYTES]);

/// Room for the largest program header table [`elf_check`] admits, for files whose table
/// is not within [`HEAD_BYTES`]. Static rather than loader memory, which is never given
/// back: a refused file would leak it.
#[repr(C, align(8))]
struct Spill([u8; MAX_PHNUM * size_of::<Phdr>()]);
static mut PH_SPILL: Spill = Spill([0; MAX_PHNUM * size_of::<Phdr>()]);

const fn page_down(x: usize) -> usize {
    x & !(PAGESIZE - 1)
}
const fn page_up(x: usize) -> usize {
    (x + PAGESIZE - 1) & !(PAGESIZE - 1)
}

fn prot_of(flags: u32) -> c_int {
    let mut p = 0;
    if flags & PF_R != 0 {
        p |= PROT_READ;
    }
    if flags & PF_W != 0 {
        p |= PROT_WRITE;
    }
    if flags & PF_X != 0 {
        p |= PROT_EXEC;
    }
    p
}

/// A refusal by [`elf_check`]: the file is not a loadable ELF file for this machine.
fn malformed(_: elf_check::Bad) -> i32 {
    ENOEXEC
}

/// Reads up to `len` bytes at `off`; returns how many (fewer only at the end of the file).
///
/// # Safety
/// `buf` must be valid for `len` bytes of writes.
unsafe fn pread(fd: i32, buf: *mut u8, len: usize, off: usize) -> Result<usize, i32> {
    let mut done = 0;
    while done < len {
        // SAFETY: the destination stays within `buf[..len]`.
        let n = result(unsafe { syscall4(nr::PREAD64, fd as usize, buf as usize + done, len - done, off + done) })?;
        if n == 0 {
            break;
        }
        done += n;
    }
    Ok(done)
}

fn munmap(addr: usize, len: usize) {
    // SAFETY: only ever called on a reservation this module made and nothing else uses.
    unsafe { syscall2(nr::MUNMAP, addr, len) };
}

/// Maps the ELF file open on `fd` into `dso`: segments, bias, dynamic section, TLS and
/// RELRO. `allow_exec` admits a position-dependent executable (the program itself, when the
/// loader is run as a command). Fails with `ENOEXEC` for anything that is not a well-formed
/// loadable ELF file for this machine (see [`elf_check`]), including a truncated one; `dso`
/// is then left as it was, and nothing stays mapped.
///
/// # Safety
/// `dso` must be a fresh descriptor; single-threaded loader use.
pub unsafe fn map_library(fd: i32, dso: &mut Dso, allow_exec: bool) -> Result<usize, i32> {
    // SAFETY: forwarded.
    unsafe { map_library_with(fd, &stat(fd)?, dso, allow_exec) }
}

/// The file status of `fd`.
pub fn stat(fd: i32) -> Result<Stat, i32> {
    let mut st = Stat::default();
    // SAFETY: `st` is a local of the kernel's layout.
    result(unsafe { syscall2(nr::FSTAT, fd as usize, &raw mut st as usize) })?;
    Ok(st)
}

/// [`map_library`] for a caller that has the file's status already (to see whether the
/// file is loaded under another name before mapping it).
///
/// # Safety
/// As for [`map_library`]; `st` is `fd`'s status.
pub unsafe fn map_library_with(fd: i32, st: &Stat, dso: &mut Dso, allow_exec: bool) -> Result<usize, i32> {
    let mut head = Head([0; HEAD_BYTES]);
    // SAFETY: `head` is a local buffer of HEAD_BYTES.
    let n = unsafe { pread(fd, head.0.as_mut_ptr(), HEAD_BYTES, 0)? };
    let head = head.0.get(..n).ok_or(ENOEXEC)?;
    let eh: Ehdr = elf_check::read(head, 0).ok_or(ENOEXEC)?;
    let file_size = usize::try_from(st.st_size).map_err(|_| ENOEXEC)?;
    elf_check::check_ehdr(&eh, file_size, allow_exec).map_err(malformed)?;
    let phnum = eh.e_phnum as usize;
    let phdrs = match elf_check::phdrs_in(head, eh.e_phoff, phnum) {
        Some(p) => p,
        // SAFETY: single-threaded loader use (the contract); the spill buffer is only used
        // until this call returns.
        None => unsafe { read_spilled(fd, eh.e_phoff, phnum)? },
    };
    let layout = elf_check::check_phdrs(&eh, phdrs, file_size, allow_exec).map_err(malformed)?;
    let first =
        phdrs.iter().find(|p| p.p_type == PT_LOAD && p.p_filesz > 0).filter(|p| page_down(p.p_vaddr) == layout.lo);
    let (span, first_mapped) = match first {
        // A library's reservation is its first segment's file mapping stretched over the
        // whole span, as glibc's is: one mapping fewer than a blank reservation.
        Some(ph) if eh.e_type != ET_EXEC => (reserve_with_first(fd, ph, &layout)?, true),
        _ => (reserve(&layout, eh.e_type == ET_EXEC)?, false),
    };
    let bias = span - layout.lo;
    // SAFETY: `span` is the fresh reservation for `layout`, which `phdrs` passed.
    match unsafe { fill(fd, phdrs, &layout, bias, first_mapped) } {
        Ok((tables, phdr)) => {
            dso.map = span;
            dso.map_len = layout.hi - layout.lo;
            dso.dev = st.st_dev;
            dso.ino = st.st_ino;
            dso.nsyms = tables.nsyms;
            dso.strsz = tables.strsz;
            // SAFETY: `check_dynamic` proved the dynamic section ends inside the mapping
            // and every table it names lies there; `phdrs` is the checked copy of the
            // headers, and `phdr` their lasting copy.
            unsafe {
                dso.parse_dynamic(bias, (bias + layout.dynamic) as *const Dyn);
                dso.parse_phdrs(phdrs.as_ptr(), phnum);
            }
            dso.phdr = phdr;
            Ok(bias.wrapping_add(eh.e_entry))
        }
        Err(e) => {
            munmap(span, layout.hi - layout.lo);
            Err(e)
        }
    }
}

/// Reads a program header table that is not within the first [`HEAD_BYTES`] of the file.
///
/// # Safety
/// Single-threaded loader use: the result borrows [`PH_SPILL`] until the next call.
unsafe fn read_spilled(fd: i32, off: usize, phnum: usize) -> Result<&'static [Phdr], i32> {
    // SAFETY: exactly the static's bytes; the loader is single-threaded here (the
    // contract), and the previous call's borrow of them has ended.
    let spill = unsafe { core::slice::from_raw_parts_mut((&raw mut PH_SPILL).cast::<u8>(), size_of::<Spill>()) };
    let len = phnum * size_of::<Phdr>();
    // `check_ehdr` bounds phnum by MAX_PHNUM, so the table fits.
    let buf = spill.get_mut(..len).ok_or(ENOEXEC)?;
    // SAFETY: `buf` holds `len` bytes.
    if unsafe { pread(fd, buf.as_mut_ptr(), len, off)? } != len {
        return Err(ENOEXEC);
    }
    elf_check::phdrs_in(buf, 0, phnum).ok_or(ENOEXEC)
}

/// Reserves the whole span first, so the segments land at the right distances from each
/// other and the gaps stay inaccessible. Returns its address.
fn reserve(layout: &Layout, exec: bool) -> Result<usize, i32> {
    let len = layout.hi - layout.lo;
    let flags = MAP_PRIVATE | MAP_ANONYMOUS | if exec { MAP_FIXED_NOREPLACE } else { 0 };
    // SAFETY: a fresh anonymous mapping; at the executable's own addresses it may not
    // replace anything there (the loader itself, say).
    let span =
        result(unsafe { syscall6(nr::MMAP, layout.lo, len, PROT_NONE as usize, flags as usize, usize::MAX, 0) })?;
    // A kernel older than MAP_FIXED_NOREPLACE takes the address as a hint. A library
    // placed below its link address would have a bias that wraps, which the loader's
    // address sums do not allow for.
    if (exec && span != layout.lo) || span < layout.lo {
        munmap(span, len);
        return Err(if exec { ENOEXEC } else { ENOMEM });
    }
    Ok(span)
}

/// Reserves a library's span by mapping its first segment's file pages over all of it,
/// with that segment's access. The other segments are mapped over the rest later; the gaps
/// between segments, if any, are made inaccessible then.
fn reserve_with_first(fd: i32, first: &Phdr, layout: &Layout) -> Result<usize, i32> {
    let len = layout.hi - layout.lo;
    let flags = MAP_PRIVATE as usize;
    // SAFETY: a fresh mapping where the kernel chooses; pages past the file's end are never
    // touched before a later segment or `PROT_NONE` replaces them.
    let span = result(unsafe {
        syscall6(nr::MMAP, 0, len, prot_of(first.p_flags) as usize, flags, fd as usize, page_down(first.p_offset))
    })?;
    if span < layout.lo {
        munmap(span, len);
        return Err(ENOMEM);
    }
    Ok(span)
}

/// Makes the pages of the span that no segment covers inaccessible (after
/// [`reserve_with_first`], they still map the file).
///
/// # Safety
/// The span at `bias` is ours; `phdrs` passed [`elf_check::check_phdrs`].
unsafe fn close_gaps(phdrs: &[Phdr], layout: &Layout, bias: usize) {
    let mut covered_to = layout.lo;
    for ph in phdrs.iter().filter(|p| p.p_type == PT_LOAD) {
        let start = page_down(ph.p_vaddr);
        if start > covered_to {
            // SAFETY: pages of our own span that no segment uses.
            unsafe { syscall3(nr::MPROTECT, bias + covered_to, start - covered_to, PROT_NONE as usize) };
        }
        covered_to = covered_to.max(page_up(ph.p_vaddr + ph.p_memsz));
    }
}

/// Maps the segments into the reservation at `bias` and checks the mapped dynamic section.
/// Returns what the checks proved and where the program headers will stay.
///
/// # Safety
/// The reservation for `layout` must be fresh at `bias`, and `phdrs` have passed
/// [`elf_check::check_phdrs`].
unsafe fn fill(
    fd: i32,
    phdrs: &[Phdr],
    layout: &Layout,
    bias: usize,
    first_mapped: bool,
) -> Result<(Tables, *const Phdr), i32> {
    for (i, ph) in phdrs.iter().filter(|p| p.p_type == PT_LOAD).enumerate() {
        // SAFETY: checked segments inside the fresh reservation (the contract).
        unsafe { map_segment(fd, ph, bias, first_mapped && i == 0)? };
    }
    if first_mapped {
        // SAFETY: as above.
        unsafe { close_gaps(phdrs, layout, bias) };
    }
    let mut buf = [Range::EMPTY; MAX_LOADS];
    let ranges = elf_check::load_ranges(phdrs, bias, &mut buf);
    // SAFETY: each range is pages just mapped with its segment's access, as `load_ranges`
    // reckons with later segments over shared pages; the mapping stays until the caller
    // unmaps it, after `span`'s last use, and nothing writes to it meanwhile.
    let span = unsafe { Span::new(ranges) };
    let tables = elf_check::check_dynamic(&span, bias, layout.dynamic, layout.dynamic_entries).map_err(malformed)?;
    let table_len = size_of_val(phdrs);
    let mapped = layout.phdr_vaddr.map(|v| bias + v).filter(|&a| span.covers(a, table_len, PF_R));
    let phdr = match mapped {
        Some(a) => a as *const Phdr,
        None => {
            // The headers are not in a loaded segment: keep a copy in loader memory (the
            // one read here goes away).
            // SAFETY: single-threaded loader use.
            let keep = unsafe { crate::alloc::alloc(table_len, align_of::<Phdr>()) };
            if keep.is_null() {
                return Err(ENOMEM);
            }
            // SAFETY: `keep` is a fresh block of `table_len` bytes; `phdrs` has as many.
            unsafe { core::ptr::copy_nonoverlapping(phdrs.as_ptr().cast::<u8>(), keep, table_len) };
            keep as *const Phdr
        }
    };
    Ok((tables, phdr))
}

/// Maps one `PT_LOAD` segment: its file pages, the zeroed rest of its last file page
/// when writable, and anonymous pages for the rest of its memory.
///
/// # Safety
/// `ph` passed [`elf_check::check_phdrs`] and lies in a reservation of ours at `bias`.
unsafe fn map_segment(fd: i32, ph: &Phdr, bias: usize, file_mapped: bool) -> Result<(), i32> {
    let prot = prot_of(ph.p_flags);
    let (file_flags, anon_flags) =
        ((MAP_PRIVATE | MAP_FIXED) as usize, (MAP_PRIVATE | MAP_FIXED | MAP_ANONYMOUS) as usize);
    // `check_phdrs` bounded every segment's end well below overflow.
    let start = page_down(ph.p_vaddr);
    let file_end = ph.p_vaddr + ph.p_filesz;
    let mem_end = page_up(ph.p_vaddr + ph.p_memsz);
    let mut mapped_end = start;
    if ph.p_filesz > 0 {
        mapped_end = page_up(file_end);
        // SAFETY: inside our reservation (the contract); the last page holds file bytes,
        // since the segment's file range ends inside the file. With `file_mapped`, the
        // reservation already maps these pages so.
        if !file_mapped {
            result(unsafe {
                syscall6(
                    nr::MMAP,
                    bias + start,
                    mapped_end - start,
                    prot as usize,
                    file_flags,
                    fd as usize,
                    page_down(ph.p_offset),
                )
            })?;
        }
        if ph.p_memsz > ph.p_filesz && prot & PROT_WRITE != 0 {
            // The tail of the last file page belongs to .bss and must read as zero.
            // SAFETY: the page is mapped writable just above.
            unsafe { core::ptr::write_bytes((bias + file_end) as *mut u8, 0, mapped_end - file_end) };
        }
    }
    if mem_end > mapped_end {
        // SAFETY: inside our reservation.
        result(unsafe {
            syscall6(nr::MMAP, bias + mapped_end, mem_end - mapped_end, prot as usize, anon_flags, usize::MAX, 0)
        })?;
    }
    Ok(())
}

/// Makes the module's RELRO range read-only after relocation.
///
/// # Safety
/// The module must be fully relocated.
pub unsafe fn protect_relro(dso: &Dso) {
    if dso.relro_end > dso.relro_start {
        // SAFETY: the range is inside the module's own mapping and no longer written.
        unsafe { syscall3(nr::MPROTECT, dso.relro_start, dso.relro_end - dso.relro_start, PROT_READ as usize) };
    }
}

/// Closes a file descriptor the loader opened.
pub fn close(fd: i32) {
    // SAFETY: close takes no pointers.
    unsafe { syscall4(nr::CLOSE, fd as usize, 0, 0, 0) };
}
