//! Finding functions in the vDSO the kernel maps into every process (`AT_SYSINFO_EHDR`).
use crate::elf::*;

/// Looks `name` up in the vDSO's dynamic symbol table.
///
/// Returns `None` where there is no vDSO or it lacks the symbol; callers then fall back to
/// the real system call.
pub fn lookup(name: &[u8]) -> Option<usize> {
    let ehdr = crate::auxv::get(crate::auxv::AT_SYSINFO_EHDR)?;
    // SAFETY: the kernel maps a complete ELF image at AT_SYSINFO_EHDR.
    unsafe { lookup_in_image(ehdr, name) }
}

/// Looks `name` up in the dynamic symbol table of an ELF image mapped whole at `base`.
///
/// # Safety
/// `base` must be the start of a fully mapped, well-formed ELF image with a hash table.
pub unsafe fn lookup_in_image(base: usize, name: &[u8]) -> Option<usize> {
    // SAFETY: per the contract, every header and table read here is mapped.
    unsafe {
        let eh = &*(base as *const Ehdr);
        let phdrs = core::slice::from_raw_parts(
            (base + eh.e_phoff) as *const Phdr,
            eh.e_phnum as usize,
        );
        let mut bias = None;
        let mut dynamic = None;
        for ph in phdrs {
            match ph.p_type {
                PT_LOAD if bias.is_none() => bias = Some(base + ph.p_offset - ph.p_vaddr),
                PT_DYNAMIC => dynamic = Some(ph.p_vaddr),
                _ => {}
            }
        }
        let bias = bias?;
        let mut d = (bias + dynamic?) as *const Dyn;
        let (mut symtab, mut strtab, mut hash) = (0, 0, 0);
        while (*d).d_tag != DT_NULL {
            match (*d).d_tag {
                DT_SYMTAB => symtab = bias + (*d).d_val,
                DT_STRTAB => strtab = bias + (*d).d_val,
                DT_HASH => hash = bias + (*d).d_val,
                _ => {}
            }
            d = d.add(1);
        }
        if symtab == 0 || strtab == 0 || hash == 0 {
            return None;
        }
        let nsyms = *((hash + 4) as *const u32) as usize;
        let syms = core::slice::from_raw_parts(symtab as *const Sym, nsyms);
        for s in syms {
            if s.st_shndx == SHN_UNDEF || st_type(s.st_info) != STT_FUNC {
                continue;
            }
            let sname = (strtab + s.st_name as usize) as *const u8;
            if cstr_eq(sname, name) {
                return Some(bias + s.st_value);
            }
        }
        None
    }
}

/// Whether the NUL-terminated string at `s` equals `name`.
///
/// # Safety
/// `s` must be NUL-terminated.
unsafe fn cstr_eq(s: *const u8, name: &[u8]) -> bool {
    for (i, &c) in name.iter().enumerate() {
        // SAFETY: we stop at the first mismatch, which a NUL always is before the end.
        if unsafe { *s.add(i) } != c {
            return false;
        }
    }
    // SAFETY: all of `name` matched, so index `name.len()` is still inside the string.
    unsafe { *s.add(name.len()) == 0 }
}

#[cfg(test)]
mod tests {
    #[test]
    fn finds_clock_gettime_in_the_real_vdso() {
        // Read AT_SYSINFO_EHDR from the host's auxv (std's libc is the host's).
        let auxv = std::fs::read("/proc/self/auxv").unwrap();
        let words: Vec<usize> = auxv.chunks(8).map(|c| usize::from_ne_bytes(c.try_into().unwrap())).collect();
        let base = words.chunks(2).find(|p| p[0] == crate::auxv::AT_SYSINFO_EHDR).map(|p| p[1]);
        let Some(base) = base else { return };
        let f = unsafe { super::lookup_in_image(base, b"__vdso_clock_gettime") };
        assert!(f.is_some());
        assert!(unsafe { super::lookup_in_image(base, b"__vdso_no_such_function") }.is_none());
    }
}
