//! ELF64 structures and constants shared by the vDSO reader and the dynamic linker.
#![allow(missing_docs)]

#[repr(C)]
#[derive(Clone, Copy)]
pub struct Ehdr {
    pub e_ident: [u8; 16],
    pub e_type: u16,
    pub e_machine: u16,
    pub e_version: u32,
    pub e_entry: usize,
    pub e_phoff: usize,
    pub e_shoff: usize,
    pub e_flags: u32,
    pub e_ehsize: u16,
    pub e_phentsize: u16,
    pub e_phnum: u16,
    pub e_shentsize: u16,
    pub e_shnum: u16,
    pub e_shstrndx: u16,
}

#[repr(C)]
#[derive(Clone, Copy)]
pub struct Phdr {
    pub p_type: u32,
    pub p_flags: u32,
    pub p_offset: usize,
    pub p_vaddr: usize,
    pub p_paddr: usize,
    pub p_filesz: usize,
    pub p_memsz: usize,
    pub p_align: usize,
}

#[repr(C)]
#[derive(Clone, Copy)]
pub struct Dyn {
    pub d_tag: isize,
    pub d_val: usize,
}

#[repr(C)]
#[derive(Clone, Copy)]
pub struct Sym {
    pub st_name: u32,
    pub st_info: u8,
    pub st_other: u8,
    pub st_shndx: u16,
    pub st_value: usize,
    pub st_size: usize,
}

#[repr(C)]
#[derive(Clone, Copy)]
pub struct Rela {
    pub r_offset: usize,
    pub r_info: usize,
    pub r_addend: isize,
}

pub const ELFMAG: [u8; 4] = [0x7f, b'E', b'L', b'F'];
pub const ELFCLASS64: u8 = 2;
pub const ET_EXEC: u16 = 2;
pub const ET_DYN: u16 = 3;

pub const PT_NULL: u32 = 0;
pub const PT_LOAD: u32 = 1;
pub const PT_DYNAMIC: u32 = 2;
pub const PT_INTERP: u32 = 3;
pub const PT_PHDR: u32 = 6;
pub const PT_TLS: u32 = 7;
pub const PT_GNU_STACK: u32 = 0x6474_e551;
pub const PT_GNU_RELRO: u32 = 0x6474_e552;

pub const PF_X: u32 = 1;
pub const PF_W: u32 = 2;
pub const PF_R: u32 = 4;

pub const DT_NULL: isize = 0;
pub const DT_NEEDED: isize = 1;
pub const DT_PLTRELSZ: isize = 2;
pub const DT_HASH: isize = 4;
pub const DT_STRTAB: isize = 5;
pub const DT_SYMTAB: isize = 6;
pub const DT_RELA: isize = 7;
pub const DT_RELASZ: isize = 8;
pub const DT_RELAENT: isize = 9;
pub const DT_STRSZ: isize = 10;
pub const DT_INIT: isize = 12;
pub const DT_FINI: isize = 13;
pub const DT_SONAME: isize = 14;
pub const DT_RPATH: isize = 15;
pub const DT_SYMBOLIC: isize = 16;
pub const DT_PLTREL: isize = 20;
pub const DT_DEBUG: isize = 21;
pub const DT_TEXTREL: isize = 22;
pub const DT_JMPREL: isize = 23;
pub const DT_BIND_NOW: isize = 24;
pub const DT_INIT_ARRAY: isize = 25;
pub const DT_FINI_ARRAY: isize = 26;
pub const DT_INIT_ARRAYSZ: isize = 27;
pub const DT_FINI_ARRAYSZ: isize = 28;
pub const DT_RUNPATH: isize = 29;
pub const DT_FLAGS: isize = 30;
pub const DT_PREINIT_ARRAY: isize = 32;
pub const DT_PREINIT_ARRAYSZ: isize = 33;
pub const DT_RELRSZ: isize = 35;
pub const DT_RELR: isize = 36;
pub const DT_RELRENT: isize = 37;
pub const DT_GNU_HASH: isize = 0x6fff_fef5;
pub const DT_VERSYM: isize = 0x6fff_fff0;
pub const DT_VERDEF: isize = 0x6fff_fffc;
pub const DT_VERDEFNUM: isize = 0x6fff_fffd;

pub const STB_LOCAL: u8 = 0;
pub const STB_GLOBAL: u8 = 1;
pub const STB_WEAK: u8 = 2;
pub const STB_GNU_UNIQUE: u8 = 10;
pub const STT_NOTYPE: u8 = 0;
pub const STT_OBJECT: u8 = 1;
pub const STT_FUNC: u8 = 2;
pub const STT_SECTION: u8 = 3;
pub const STT_COMMON: u8 = 5;
pub const STT_TLS: u8 = 6;
pub const STT_GNU_IFUNC: u8 = 10;
pub const SHN_UNDEF: u16 = 0;

pub const R_X86_64_NONE: u32 = 0;
pub const R_X86_64_64: u32 = 1;
pub const R_X86_64_PC32: u32 = 2;
pub const R_X86_64_COPY: u32 = 5;
pub const R_X86_64_GLOB_DAT: u32 = 6;
pub const R_X86_64_JUMP_SLOT: u32 = 7;
pub const R_X86_64_RELATIVE: u32 = 8;
pub const R_X86_64_DTPMOD64: u32 = 16;
pub const R_X86_64_DTPOFF64: u32 = 17;
pub const R_X86_64_TPOFF64: u32 = 18;
pub const R_X86_64_IRELATIVE: u32 = 37;

#[inline(always)]
pub const fn r_type(info: usize) -> u32 {
    (info & 0xffff_ffff) as u32
}
#[inline(always)]
pub const fn r_sym(info: usize) -> usize {
    info >> 32
}
#[inline(always)]
pub const fn st_bind(info: u8) -> u8 {
    info >> 4
}
#[inline(always)]
pub const fn st_type(info: u8) -> u8 {
    info & 0xf
}

/// The SysV ELF hash (`DT_HASH`).
pub fn sysv_hash(name: &[u8]) -> u32 {
    let mut h: u32 = 0;
    for &c in name {
        h = (h << 4).wrapping_add(c as u32);
        let g = h & 0xf000_0000;
        h ^= g >> 24;
        h &= !g;
    }
    h
}

/// The GNU hash (`DT_GNU_HASH`): djb2 with 33 as the multiplier.
pub fn gnu_hash(name: &[u8]) -> u32 {
    let mut h: u32 = 5381;
    for &c in name {
        h = h.wrapping_mul(33).wrapping_add(c as u32);
    }
    h
}

/// `e_ident` indices and values, `e_version`, and the machines limpet runs on.
pub const EI_CLASS: usize = 4;
pub const EI_DATA: usize = 5;
pub const EI_VERSION: usize = 6;
pub const ELFDATA2LSB: u8 = 1;
pub const EV_CURRENT: u8 = 1;
pub const EM_X86_64: u16 = 62;
pub const EM_AARCH64: u16 = 183;
pub const EM_RISCV: u16 = 243;

pub const DT_SYMENT: isize = 11;
pub const DT_VERNEED: isize = 0x6fff_fffe;
pub const DT_VERNEEDNUM: isize = 0x6fff_ffff;
/// Section indices from here up are special (`SHN_ABS`, `SHN_COMMON`, ...), not sections.
pub const SHN_LORESERVE: u16 = 0xff00;

pub const R_AARCH64_NONE: u32 = 0;
pub const R_AARCH64_COPY: u32 = 1024;
pub const R_AARCH64_IRELATIVE: u32 = 1032;
pub const R_RISCV_NONE: u32 = 0;
pub const R_RISCV_COPY: u32 = 4;
pub const R_RISCV_IRELATIVE: u32 = 58;

/// A version definition (`DT_VERDEF`); `vd_aux` and `vd_next` are byte offsets from it.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct Verdef {
    pub vd_version: u16,
    pub vd_flags: u16,
    pub vd_ndx: u16,
    pub vd_cnt: u16,
    pub vd_hash: u32,
    pub vd_aux: u32,
    pub vd_next: u32,
}

#[repr(C)]
#[derive(Clone, Copy)]
pub struct Verdaux {
    pub vda_name: u32,
    pub vda_next: u32,
}

/// A needed-version record (`DT_VERNEED`); `vn_aux` and `vn_next` are byte offsets from it.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct Verneed {
    pub vn_version: u16,
    pub vn_cnt: u16,
    pub vn_file: u32,
    pub vn_aux: u32,
    pub vn_next: u32,
}

#[repr(C)]
#[derive(Clone, Copy)]
pub struct Vernaux {
    pub vna_hash: u32,
    pub vna_flags: u16,
    pub vna_other: u16,
    pub vna_name: u32,
    pub vna_next: u32,
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn hashes_match_published_values() {
        // Values from the System V ABI and from binutils' test vectors.
        assert_eq!(gnu_hash(b""), 0x0000_1505);
        assert_eq!(gnu_hash(b"printf"), 0x156b_2bb8);
        assert_eq!(gnu_hash(b"exit"), 0x7c96_7e3f);
        assert_eq!(sysv_hash(b""), 0);
        assert_eq!(sysv_hash(b"printf"), 0x077905a6);
        assert_eq!(sysv_hash(b"exit"), 0x0006cf04);
    }
    #[test]
    fn struct_sizes() {
        assert_eq!(core::mem::size_of::<Ehdr>(), 64);
        assert_eq!(core::mem::size_of::<Phdr>(), 56);
        assert_eq!(core::mem::size_of::<Sym>(), 24);
        assert_eq!(core::mem::size_of::<Rela>(), 24);
        assert_eq!(core::mem::size_of::<Dyn>(), 16);
        assert_eq!(core::mem::size_of::<Verdef>(), 20);
        assert_eq!(core::mem::size_of::<Verdaux>(), 8);
        assert_eq!(core::mem::size_of::<Verneed>(), 16);
        assert_eq!(core::mem::size_of::<Vernaux>(), 16);
    }
}
