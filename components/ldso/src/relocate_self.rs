//! A module's own relative relocations, applied before anything else has run.
//!
//! Shared by the dynamic linker's first stage and by `rcrt1.o` (static PIE), which includes
//! this file by path. Until it finishes, no pointer stored in the module's data is valid, so
//! it reads no static data, calls no function that could, and uses only wrapping
//! arithmetic and raw pointers (no bounds checks whose panic path would need relocations).
//! The `<elf.h>` values below repeat limpet-syscall's `elf` module for the same reason
//! `rcrt1.o` can include the file: it is compiled alone, with no crate to import them from.

const DT_NULL: usize = 0;
const DT_RELA: usize = 7;
const DT_RELASZ: usize = 8;
const DT_RELRSZ: usize = 35;
const DT_RELR: usize = 36;
const RELA_WORDS: usize = 3;
const WORD_BITS: usize = usize::BITS as usize;

#[cfg(target_arch = "x86_64")]
const R_RELATIVE: usize = 8;
#[cfg(target_arch = "aarch64")]
const R_RELATIVE: usize = 1027;
#[cfg(target_arch = "riscv64")]
const R_RELATIVE: usize = 3;

/// Applies the `R_*_RELATIVE` entries of `DT_RELA` and all of `DT_RELR` for a module
/// loaded at `base` whose dynamic section is at `dynv`.
///
/// # Safety
/// `base` and `dynv` must describe the running module itself (or one fully mapped and
/// writable), and this must run exactly once for the `DT_RELR` part, since RELR adds.
#[inline(always)]
pub unsafe fn relocate_relative(base: usize, dynv: *const usize) {
    // SAFETY: the dynamic section and the relocation tables it names are mapped; every
    // address written is one the static linker asked to relocate.
    unsafe {
        let (mut rela, mut relasz, mut relr, mut relrsz) = (0, 0, 0, 0);
        let mut d = dynv;
        while *d != DT_NULL {
            let v = *d.add(1);
            match *d {
                DT_RELA => rela = v,
                DT_RELASZ => relasz = v,
                DT_RELR => relr = v,
                DT_RELRSZ => relrsz = v,
                _ => {}
            }
            d = d.add(2);
        }
        let mut r = base.wrapping_add(rela) as *const usize;
        let end = r.wrapping_byte_add(relasz);
        while rela != 0 && r < end {
            if *r.add(1) & 0xffff_ffff == R_RELATIVE {
                *(base.wrapping_add(*r) as *mut usize) = base.wrapping_add(*r.add(2));
            }
            r = r.add(RELA_WORDS);
        }
        // RELR: an even entry is an address to relocate; an odd one is a bitmap over the
        // next 63 words after the last address.
        let mut e = base.wrapping_add(relr) as *const usize;
        let end = e.wrapping_byte_add(relrsz);
        let mut at: *mut usize = core::ptr::null_mut();
        while relr != 0 && e < end {
            let entry = *e;
            if entry & 1 == 0 {
                at = base.wrapping_add(entry) as *mut usize;
                *at = (*at).wrapping_add(base);
                at = at.add(1);
            } else {
                let mut bits = entry >> 1;
                let mut i = 0;
                while bits != 0 {
                    if bits & 1 != 0 {
                        *at.add(i) = (*at.add(i)).wrapping_add(base);
                    }
                    bits >>= 1;
                    i += 1;
                }
                at = at.add(WORD_BITS - 1);
            }
            e = e.add(1);
        }
    }
}
