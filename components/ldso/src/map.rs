//! Mapping an ELF file's `PT_LOAD` segments into memory.
use core::ffi::c_int;

use limpet_abi::limits::PAGESIZE;
use limpet_abi::mman::{MAP_ANONYMOUS, MAP_FIXED, MAP_PRIVATE, PROT_EXEC, PROT_NONE, PROT_READ, PROT_WRITE};
use limpet_abi::stat::Stat;
use limpet_syscall::elf::*;
use limpet_syscall::errno::{ENOEXEC, ENOMEM};
use limpet_syscall::{nr, result, syscall2, syscall3, syscall4, syscall6};

use crate::dso::Dso;

#[cfg(target_arch = "x86_64")]
const EM_NATIVE: u16 = 62;
#[cfg(target_arch = "aarch64")]
const EM_NATIVE: u16 = 183;
#[cfg(target_arch = "riscv64")]
const EM_NATIVE: u16 = 243;

/// Enough for the ELF header and the program headers of any ordinary file; larger header
/// tables are read separately.
const HEAD_BYTES: usize = 1024;

#[repr(C, align(8))]
struct Head([u8; HEAD_BYTES]);

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

/// Reads exactly `len` bytes at `off`, or fails.
///
/// # Safety
/// `buf` must be valid for `len` bytes of writes.
unsafe fn pread_exact(fd: i32, buf: *mut u8, len: usize, off: usize) -> Result<(), i32> {
    let mut done = 0;
    while done < len {
        // SAFETY: the destination stays within `buf[..len]`.
        let n = result(unsafe {
            limpet_syscall::syscall4(nr::PREAD64, fd as usize, buf as usize + done, len - done, off + done)
        })?;
        if n == 0 {
            return Err(ENOEXEC);
        }
        done += n;
    }
    Ok(())
}

/// Maps the ELF file open on `fd` into `dso`: segments, bias, dynamic section, TLS and
/// RELRO. `allow_exec` admits a position-dependent executable (the program itself, when the
/// loader is run as a command). Fails with `ENOEXEC` for anything that is not a loadable
/// ELF file for this machine, including a truncated one.
///
/// # Safety
/// `dso` must be a fresh descriptor; single-threaded loader use.
pub unsafe fn map_library(fd: i32, dso: &mut Dso, allow_exec: bool) -> Result<usize, i32> {
    let mut head = Head([0; HEAD_BYTES]);
    // SAFETY: reading into a local buffer.
    let n = result(unsafe { syscall3(nr::READ, fd as usize, head.0.as_mut_ptr() as usize, HEAD_BYTES) })?;
    if n < size_of::<Ehdr>() {
        return Err(ENOEXEC);
    }
    // SAFETY: the buffer holds at least a whole, suitably aligned header.
    let eh = unsafe { *(head.0.as_ptr() as *const Ehdr) };
    let type_ok = eh.e_type == ET_DYN || (allow_exec && eh.e_type == ET_EXEC);
    if eh.e_ident[..4] != ELFMAG
        || eh.e_ident[4] != ELFCLASS64
        || eh.e_machine != EM_NATIVE
        || !type_ok
        || eh.e_phentsize as usize != size_of::<Phdr>()
        || eh.e_phnum == 0
    {
        return Err(ENOEXEC);
    }
    let mut st = Stat::default();
    // SAFETY: `st` is a local of the kernel's layout.
    result(unsafe { syscall2(nr::FSTAT, fd as usize, &raw mut st as usize) })?;
    let phnum = eh.e_phnum as usize;
    let ph_bytes = phnum * size_of::<Phdr>();
    let phdrs_ptr = if eh.e_phoff + ph_bytes <= n {
        head.0.as_ptr().wrapping_add(eh.e_phoff) as *const Phdr
    } else {
        // SAFETY: a loader allocation of the right size.
        let buf = unsafe { crate::alloc::alloc(ph_bytes, 8) };
        if buf.is_null() {
            return Err(ENOMEM);
        }
        // SAFETY: `buf` holds `ph_bytes`.
        unsafe { pread_exact(fd, buf, ph_bytes, eh.e_phoff)? };
        buf as *const Phdr
    };
    // SAFETY: `phdrs_ptr` points at `phnum` headers, read above.
    let phdrs = unsafe { core::slice::from_raw_parts(phdrs_ptr, phnum) };

    let (mut lo, mut hi) = (usize::MAX, 0);
    let mut dynamic = None;
    for ph in phdrs.iter().filter(|p| p.p_type == PT_LOAD) {
        if ph.p_offset.checked_add(ph.p_filesz).is_none_or(|end| end as u64 > st.st_size as u64)
            || ph.p_filesz > ph.p_memsz
            || (ph.p_vaddr.wrapping_sub(ph.p_offset)) % PAGESIZE != 0
        {
            return Err(ENOEXEC);
        }
        lo = lo.min(page_down(ph.p_vaddr));
        hi = hi.max(page_up(ph.p_vaddr + ph.p_memsz));
    }
    for ph in phdrs {
        if ph.p_type == PT_DYNAMIC {
            dynamic = Some(ph.p_vaddr);
        }
    }
    if lo >= hi {
        return Err(ENOEXEC);
    }
    let dynamic = dynamic.ok_or(ENOEXEC)?;

    // Reserve the whole span first, so the segments land at the right distances from each
    // other and the gaps stay inaccessible.
    let fixed = if eh.e_type == ET_EXEC { MAP_FIXED } else { 0 };
    // SAFETY: a fresh anonymous mapping (or the executable's fixed addresses).
    let span = result(unsafe {
        syscall6(nr::MMAP, lo, hi - lo, PROT_NONE as usize, (MAP_PRIVATE | MAP_ANONYMOUS | fixed) as usize, usize::MAX, 0)
    })?;
    let bias = span.wrapping_sub(lo);
    for ph in phdrs.iter().filter(|p| p.p_type == PT_LOAD) {
        let prot = prot_of(ph.p_flags);
        let (file_flags, anon_flags) = ((MAP_PRIVATE | MAP_FIXED) as usize, (MAP_PRIVATE | MAP_FIXED | MAP_ANONYMOUS) as usize);
        let start = page_down(ph.p_vaddr);
        let file_end = ph.p_vaddr + ph.p_filesz;
        let mem_end = page_up(ph.p_vaddr + ph.p_memsz);
        let mut mapped_end = start;
        if ph.p_filesz > 0 {
            mapped_end = page_up(file_end);
            // SAFETY: inside our reservation.
            result(unsafe {
                syscall6(nr::MMAP, bias + start, mapped_end - start, prot as usize, file_flags, fd as usize, page_down(ph.p_offset))
            })?;
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
    }
    dso.map = span;
    dso.map_len = hi - lo;
    dso.dev = st.st_dev;
    dso.ino = st.st_ino;
    // SAFETY: the dynamic section and program headers are now mapped.
    unsafe {
        dso.parse_dynamic(bias, (bias + dynamic) as *const Dyn);
        let phdr_addr = phdrs
            .iter()
            .find(|p| p.p_type == PT_LOAD && p.p_offset <= eh.e_phoff && eh.e_phoff + ph_bytes <= p.p_offset + p.p_filesz)
            .map(|p| (bias + p.p_vaddr + (eh.e_phoff - p.p_offset)) as *const Phdr);
        // A file whose headers are not in a loaded segment still has them in our copy.
        let phdr_src = phdr_addr.unwrap_or(phdrs_ptr);
        dso.parse_phdrs(phdr_src, phnum);
        if phdr_addr.is_none() {
            // The copy in `head` is about to go away: keep the run-time view pointing at memory
            // that lives on.
            let keep = crate::alloc::alloc(ph_bytes, 8);
            if keep.is_null() {
                return Err(ENOMEM);
            }
            core::ptr::copy_nonoverlapping(phdrs_ptr as *const u8, keep, ph_bytes);
            dso.phdr = keep as *const Phdr;
        }
    }
    Ok(bias.wrapping_add(eh.e_entry))
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
