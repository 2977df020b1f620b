//! A mutation fuzzer for the loader's ELF parsing (`limpet_ldso::map::map_library` and the
//! checks of `limpet_ldso::elf_check` it runs).
//!
//! Seeds are real ELF files: the host's C library, libm, libgcc_s and dynamic linker (for
//! this machine, or another one's with `e_machine` patched to this one), this test program
//! itself, and two libraries built here with `cc` when there is one. Each mutant is a seed
//! with a few mutations, aimed mostly at what the loader reads: the ELF and program
//! headers, the dynamic section, the hash, symbol, string, relocation and version tables
//! (found through the seed's own headers). A mutation flips bits, sets bytes, sets a field
//! to a boundary value (0, 1, the file size, a size from the file's own headers, all ones,
//! ...), or cuts the file short.
//!
//! Every mutant is mapped from a memfd. A refusal is fine; a crash, hang or panic is not.
//! What maps is then read the way the loader's consumers read it, without running any of
//! it: `DT_NEEDED` names, symbol lookups (plain and versioned), every relocation's target
//! and symbol, the `DT_RELR` targets, the symbol and version tables, the init arrays, the
//! TLS image and the program headers; then it is unmapped. No relocation is applied and no
//! code of the file runs.
//!
//! `LIMPET_ELF_FUZZ` sets the number of mutants (default 100000), `LIMPET_ELF_FUZZ_SECS`
//! a time budget after which the loop stops early with a warning (default 120),
//! `LIMPET_ELF_FUZZ_SEED` the generator's seed (printed, so that a failure can be
//! replayed with the same seed files).
use std::ffi::CStr;
use std::fs::File;
use std::hint::black_box;
use std::ops::Range;
use std::os::fd::{AsRawFd, FromRawFd};
use std::os::unix::fs::FileExt;
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use limpet_ldso::dso::Dso;
use limpet_ldso::elf_check::{EM_NATIVE, read};
use limpet_ldso::map::map_library;
use limpet_ldso::symbol::{Name, lookup_in, lookup_versioned};
use limpet_start::tls::TlsModule;
use limpet_syscall::elf::*;
use limpet_syscall::{nr, result, syscall2};

const DEFAULT_COUNT: u64 = 100_000;
const DEFAULT_SECS: u64 = 120;
/// The most bytes of one table a region covers, so that big tables do not crowd out the
/// small ones.
const REGION_CAP: usize = 64 * 1024;
/// The most entries of one table whose fields the field mutations know.
const FIELD_CAP: usize = 512;
/// `Ehdr` fields: (offset, width) of e_type, e_entry, e_phoff, e_phentsize, e_phnum,
/// e_version.
const EHDR_FIELDS: [(usize, usize); 6] = [(16, 2), (24, 8), (32, 8), (54, 2), (56, 2), (20, 4)];
/// `Phdr` fields: (offset, width).
const PHDR_FIELDS: [(usize, usize); 7] = [(0, 4), (4, 4), (8, 8), (16, 8), (32, 8), (40, 8), (48, 8)];
/// `Sym` fields.
const SYM_FIELDS: [(usize, usize); 5] = [(0, 4), (4, 1), (6, 2), (8, 8), (16, 8)];
/// `Rela` fields, and the symbol half of `r_info`.
const RELA_FIELDS: [(usize, usize); 4] = [(0, 8), (8, 8), (12, 4), (16, 8)];
/// `Verdef`/`Verneed` fields (counts, offsets, names).
const VER_FIELDS: [(usize, usize); 5] = [(2, 2), (6, 2), (8, 4), (12, 4), (16, 4)];
/// Where `e_machine` is in the ELF header.
const E_MACHINE: usize = 18;
/// The relocation type R_*_NONE, 0 on every machine.
const R_NONE: u32 = 0;
/// Names looked up in every mapped mutant, besides some from its own symbol table.
const NAMES: [&[u8]; 8] = [b"malloc", b"printf", b"cos", b"main", b"_init", b"__cxa_finalize", b"fuzz_f", b"fuzz_data"];
/// The most steps a walk of a version chain takes in the consumers below: the checks
/// guarantee far fewer, and a hang is a failure too.
const WALK_CAP: usize = 1 << 20;
/// Words a `DT_RELR` bitmap entry covers.
const RELR_BITS: usize = 63;
/// The unit of memory access.
const PAGE: usize = limpet_abi::limits::PAGESIZE;

/// xorshift64*: small, fast, and good enough to choose mutations.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        let mut x = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
        x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        Rng((x ^ (x >> 31)).max(1))
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number below `n` (`n` > 0).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn chance(&mut self, one_in: usize) -> bool {
        self.below(one_in) == 0
    }
}

/// A seed file, what the mutations aim at, and the memfd that holds it.
struct Seed {
    name: String,
    bytes: Vec<u8>,
    /// File ranges of the headers and of the tables the dynamic section names.
    regions: Vec<Range<usize>>,
    /// Fields, as (offset, width), that the field mutations set.
    fields: Vec<(usize, usize)>,
    /// Sizes and addresses from the file's own headers, worth planting elsewhere.
    values: Vec<u64>,
    /// A position-dependent program, which maps only where executables are admitted.
    exec: bool,
    file: File,
}

/// The seed's file offset of link-time address `v`.
fn file_off(phdrs: &[Phdr], v: usize) -> Option<usize> {
    phdrs
        .iter()
        .find(|p| p.p_type == PT_LOAD && v >= p.p_vaddr && v - p.p_vaddr < p.p_filesz)
        .map(|p| p.p_offset + (v - p.p_vaddr))
}

impl Seed {
    fn new(name: String, mut bytes: Vec<u8>) -> Option<Seed> {
        let eh: Ehdr = read(&bytes, 0)?;
        if eh.e_ident[..4] != ELFMAG || eh.e_ident[EI_CLASS] != ELFCLASS64 {
            return None;
        }
        if eh.e_machine != EM_NATIVE {
            // Another machine's file: the same structures, which is what is tested here.
            bytes[E_MACHINE..E_MACHINE + 2].copy_from_slice(&EM_NATIVE.to_le_bytes());
        }
        let len = bytes.len();
        let mut s = Seed {
            name,
            bytes,
            regions: vec![0..size_of::<Ehdr>()],
            fields: Vec::new(),
            values: vec![len as u64],
            exec: eh.e_type == ET_EXEC,
            file: memfd(),
        };
        s.fields.extend(EHDR_FIELDS);
        let ph = size_of::<Phdr>();
        let phdrs: Vec<Phdr> = (0..eh.e_phnum as usize).map_while(|i| read(&s.bytes, eh.e_phoff + i * ph)).collect();
        // A static program (the test itself, on some targets) is nothing the loader maps.
        phdrs.iter().find(|p| p.p_type == PT_DYNAMIC)?;
        s.regions.push(eh.e_phoff..eh.e_phoff + phdrs.len() * ph);
        for (i, p) in phdrs.iter().enumerate() {
            s.fields.extend(PHDR_FIELDS.iter().map(|&(o, w)| (eh.e_phoff + i * ph + o, w)));
            s.values.extend(
                [p.p_offset, p.p_vaddr, p.p_filesz, p.p_memsz, p.p_vaddr.wrapping_add(p.p_memsz)].map(|v| v as u64),
            );
        }
        if let Some(d) = phdrs.iter().find(|p| p.p_type == PT_DYNAMIC) {
            s.add_dynamic(&phdrs, d.p_offset, d.p_filesz);
        }
        s.regions.retain(|r| r.start < r.end && r.end <= len);
        s.fields.retain(|&(o, w)| o + w <= len);
        s.file.write_all_at(&s.bytes, 0).unwrap();
        Some(s)
    }

    /// Regions and fields of the dynamic section at `off` and of the tables it names.
    fn add_dynamic(&mut self, phdrs: &[Phdr], off: usize, size: usize) {
        self.regions.push(off..off + size);
        let mut tags = std::collections::HashMap::new();
        let entry = size_of::<Dyn>();
        for k in 0..size / entry {
            let Some(d) = read::<Dyn>(&self.bytes, off + k * entry) else { break };
            self.fields.push((off + k * entry, 8));
            self.fields.push((off + k * entry + 8, 8));
            if d.d_tag == DT_NULL {
                break;
            }
            tags.insert(d.d_tag, d.d_val);
            self.values.push(d.d_val as u64);
        }
        let at = |tag| tags.get(&tag).and_then(|&v| file_off(phdrs, v));
        let val = |tag| tags.get(&tag).copied().unwrap_or(0);
        let table = |s: &mut Seed, start: Option<usize>, len: usize, entry: usize, fields: &[(usize, usize)]| {
            let Some(start) = start else { return };
            let len = len.min(REGION_CAP);
            s.regions.push(start..start + len);
            for k in 0..(len / entry.max(1)).min(FIELD_CAP) {
                s.fields.extend(fields.iter().map(|&(o, w)| (start + k * entry + o, w)));
            }
        };
        let strsz = val(DT_STRSZ);
        let syms_len = match (tags.get(&DT_SYMTAB), tags.get(&DT_STRTAB)) {
            (Some(&sy), Some(&st)) if st > sy => st - sy,
            _ => 64 * size_of::<Sym>(),
        };
        table(self, at(DT_SYMTAB), syms_len, size_of::<Sym>(), &SYM_FIELDS);
        table(self, at(DT_STRTAB), strsz, 1, &[]);
        table(self, at(DT_HASH), 4096, 4, &[(0, 4)]);
        table(self, at(DT_GNU_HASH), 4096, 4, &[(0, 4)]);
        table(self, at(DT_RELA), val(DT_RELASZ), size_of::<Rela>(), &RELA_FIELDS);
        table(self, at(DT_JMPREL), val(DT_PLTRELSZ), size_of::<Rela>(), &RELA_FIELDS);
        table(self, at(DT_RELR), val(DT_RELRSZ), 8, &[(0, 8)]);
        table(self, at(DT_VERSYM), 256, 2, &[(0, 2)]);
        table(self, at(DT_VERDEF), 512, 4, &VER_FIELDS);
        table(self, at(DT_VERNEED), 512, 4, &VER_FIELDS);
        table(self, at(DT_INIT_ARRAY), val(DT_INIT_ARRAYSZ), 8, &[(0, 8)]);
    }
}

/// A fresh memfd.
fn memfd() -> File {
    // SAFETY: memfd_create reads the NUL-terminated name; the descriptor it returns is ours.
    let fd = result(unsafe { syscall2(nr::MEMFD_CREATE, c"elf-fuzz".as_ptr() as usize, 0) }).expect("memfd_create");
    // SAFETY: `fd` is a new descriptor nothing else owns.
    unsafe { File::from_raw_fd(fd as i32) }
}

/// The seed files that exist here.
fn seeds(tmp: &Path) -> Vec<Seed> {
    let mut paths = vec![std::env::current_exe().unwrap()];
    let dirs = ["/lib/x86_64-linux-gnu", "/usr/aarch64-linux-gnu/lib", "/usr/riscv64-linux-gnu/lib"];
    let libs = [
        "libc.so.6",
        "libm.so.6",
        "libgcc_s.so.1",
        "ld-linux-x86-64.so.2",
        "ld-linux-aarch64.so.1",
        "ld-linux-riscv64-lp64d.so.1",
    ];
    for d in dirs {
        paths.extend(libs.iter().map(|l| Path::new(d).join(l)));
    }
    paths.extend(built_libs(tmp));
    let mut out: Vec<Seed> = Vec::new();
    for p in paths {
        let Ok(bytes) = std::fs::read(&p) else { continue };
        if out.iter().any(|s| s.bytes == bytes) {
            continue;
        }
        if let Some(s) = Seed::new(p.display().to_string(), bytes) {
            out.push(s);
        }
    }
    out
}

/// Two small libraries built with `cc`, if it is there (natively only: under qemu-user a
/// child process can hang), with the features the host's libraries may lack: SysV hash
/// only, version definitions, TLS, constructors; GNU hash only, `DT_RELR`, `-z now`.
fn built_libs(tmp: &Path) -> Vec<PathBuf> {
    if !cfg!(target_arch = "x86_64") {
        return Vec::new();
    }
    let src = tmp.join("fuzz_lib.c");
    let map = tmp.join("fuzz_lib.map");
    std::fs::write(
        &src,
        "#include <stdlib.h>\n__thread int fuzz_tls = 3;\nint fuzz_data = 5;\nint *fuzz_ptr = &fuzz_data;\n\
         static int inited;\n__attribute__((constructor)) static void fuzz_init(void) { inited = 1; }\n\
         int fuzz_f(int x) { return x + fuzz_data + fuzz_tls + inited + (int)(long)getenv(\"X\"); }\n",
    )
    .unwrap();
    std::fs::write(&map, "V1 { global: fuzz_f; fuzz_data; local: *; };\nV2 { global: fuzz_ptr; } V1;\n").unwrap();
    let variants: [(&str, &[&str]); 2] = [
        ("libfuzz_sysv.so", &["-Wl,--hash-style=sysv", "-Wl,--version-script"]),
        ("libfuzz_gnu.so", &["-Wl,--hash-style=gnu", "-Wl,-z,pack-relative-relocs", "-Wl,-z,now"]),
    ];
    let mut out = Vec::new();
    for (name, flags) in variants {
        let so = tmp.join(name);
        let mut c = Command::new("cc");
        c.args(["-shared", "-fPIC", "-O1", "-o"]).arg(&so).arg(&src);
        for f in flags {
            c.arg(f);
            if f.ends_with("version-script") {
                c.arg(&map);
            }
        }
        if c.output().is_ok_and(|o| o.status.success()) {
            out.push(so);
        }
    }
    out
}

/// Undo log of one mutant: (offset, original bytes, count).
type Undo = Vec<(usize, [u8; 8], usize)>;

/// Sets `new` at `off` of the seed's bytes, logging what was there.
fn set(bytes: &mut [u8], undo: &mut Undo, off: usize, new: &[u8]) {
    let Some(dst) = bytes.get_mut(off..off + new.len()) else { return };
    let mut old = [0u8; 8];
    old[..new.len()].copy_from_slice(dst);
    undo.push((off, old, new.len()));
    dst.copy_from_slice(new);
}

/// Applies one mutation to `s`, logging it in `undo`; may set `cut`, the length the file
/// is cut to.
fn mutate(rng: &mut Rng, s: &mut Seed, undo: &mut Undo, cut: &mut Option<usize>) {
    let len = s.bytes.len();
    let pick = |rng: &mut Rng, s: &Seed| -> usize {
        if s.regions.is_empty() || rng.chance(16) {
            return rng.below(len);
        }
        let r = &s.regions[rng.below(s.regions.len())];
        r.start + rng.below(r.end - r.start)
    };
    match rng.below(10) {
        0..=2 => {
            let at = pick(rng, s);
            let b = s.bytes[at] ^ (1 << rng.below(8));
            set(&mut s.bytes, undo, at, &[b]);
        }
        3 => {
            let at = pick(rng, s);
            let b = [0u8, 0xff, 0x7f, 0x80, 1, rng.next() as u8][rng.below(6)];
            set(&mut s.bytes, undo, at, &[b]);
        }
        4..=7 if !s.fields.is_empty() => {
            let (at, width) = s.fields[rng.below(s.fields.len())];
            let old = read::<u64>(&s.bytes, at).unwrap_or(0);
            let v = field_value(rng, s, old);
            set(&mut s.bytes, undo, at, &v.to_le_bytes()[..width]);
        }
        8 if !s.fields.is_empty() => {
            // Copy one field's value over another's.
            let (from, w) = s.fields[rng.below(s.fields.len())];
            let (to, w2) = s.fields[rng.below(s.fields.len())];
            let v = read::<u64>(&s.bytes, from).unwrap_or(0).to_le_bytes();
            set(&mut s.bytes, undo, to, &v[..w.min(w2)]);
        }
        _ => {
            // Cut the file short, mostly inside its headers and tables.
            let at = if rng.chance(4) { rng.below(len) } else { pick(rng, s) };
            *cut = Some(cut.map_or(at, |c| c.min(at)));
        }
    }
}

/// A value for a field whose value was `old`.
fn field_value(rng: &mut Rng, s: &Seed, old: u64) -> u64 {
    let len = s.bytes.len() as u64;
    match rng.below(12) {
        0 => 0,
        1 => 1,
        2 => len - 1,
        3 => len,
        4 => u64::MAX,
        5 => u64::MAX - rng.below(64) as u64,
        6 => 1 << rng.below(64),
        7 => s.values[rng.below(s.values.len())],
        8 => s.values[rng.below(s.values.len())].wrapping_add(rng.below(16) as u64).wrapping_sub(8),
        9 => old.wrapping_add(rng.below(64) as u64).wrapping_sub(32),
        10 => old ^ (1 << rng.below(64)),
        _ => rng.next(),
    }
}

/// Counts, for the report.
#[derive(Default)]
struct Stats {
    files: u64,
    accepted: u64,
    refused: std::collections::BTreeMap<i32, u64>,
    symbols_found: u64,
    relocations: u64,
}

/// A zeroed descriptor, as the loader makes them.
fn fresh(d: &mut Dso) {
    // SAFETY: an all-zero Dso is valid (null pointers, zero numbers, false flags), and it
    // owns nothing that a drop would have to release.
    unsafe { std::ptr::write_bytes(d as *mut Dso, 0, 1) };
    d.tls = TlsModule::empty();
}

/// Maps the file on `fd` and, when it maps, reads it as the loader's consumers would.
fn run(fd: i32, allow_exec: bool, rng: &mut Rng, d: &mut Dso, stats: &mut Stats) {
    fresh(d);
    stats.files += 1;
    // SAFETY: `d` is fresh; the test's one thread is the only loader user.
    match unsafe { map_library(fd, d, allow_exec) } {
        Ok(_) => {
            stats.accepted += 1;
            consume(d, rng, stats);
            // SAFETY: the module's whole reservation, which nothing else uses.
            unsafe { syscall2(nr::MUNMAP, d.map, d.map_len) };
        }
        Err(e) => *stats.refused.entry(e).or_default() += 1,
    }
}

/// Asserts that `[p, p + len)` lies inside the module's mapping, then reads a byte of each
/// page of it and its last byte (a fault is on the page, not the byte).
fn touch(d: &Dso, p: usize, len: usize) -> u64 {
    assert!(p >= d.map && p.checked_add(len).is_some_and(|e| e <= d.map + d.map_len), "read outside the module");
    let read = |a: usize| {
        // SAFETY: inside the mapping (asserted), which the checks say is readable here.
        unsafe { std::ptr::read_volatile(a as *const u8) as u64 }
    };
    let mut sum = 0u64;
    if len > 0 {
        for a in (p..p + len).step_by(PAGE) {
            sum += read(a);
        }
        sum += read(p + len - 1);
    }
    sum
}

/// The NUL-terminated name at string offset `off`, which must be in the string table.
fn string(d: &Dso, off: usize) -> &[u8] {
    assert!(off < d.strsz, "string offset past DT_STRSZ");
    // SAFETY: the checks proved the table ends with NUL and `off` is below its size.
    let s = unsafe { CStr::from_ptr(d.string(off).cast()) }.to_bytes();
    touch(d, s.as_ptr() as usize, s.len() + 1);
    s
}

fn consume(d: &mut Dso, rng: &mut Rng, stats: &mut Stats) {
    let mut sum = 0u64;
    for n in d.needed() {
        sum += touch(d, n as usize, 1);
        // SAFETY: DT_NEEDED offsets are below DT_STRSZ and the table ends with NUL.
        sum += unsafe { CStr::from_ptr(n.cast()) }.to_bytes().len() as u64;
    }
    // SAFETY: the checks proved the symbol table has `nsyms` readable entries.
    let syms = unsafe { std::slice::from_raw_parts(d.syms, d.nsyms) };
    touch(d, d.syms as usize, d.nsyms * size_of::<Sym>());
    for s in syms {
        sum += string(d, s.st_name as usize).len() as u64;
    }
    if !d.versym.is_null() {
        sum += touch(d, d.versym as usize, d.nsyms * 2);
    }
    let mut names: Vec<Vec<u8>> = NAMES.iter().map(|n| n.to_vec()).collect();
    for _ in 0..3 {
        if d.nsyms > 0 {
            names.push(string(d, syms[rng.below(d.nsyms)].st_name as usize).to_vec());
        }
    }
    for n in &names {
        if let Some(i) = lookup_in(d, &mut Name::new(n), rng.chance(2)) {
            assert!(i < d.nsyms, "a lookup found a symbol past the table");
            stats.symbols_found += 1;
        }
    }
    // The versioned lookup walks the whole table: a name or two is enough.
    for n in names.iter().rev().take(2) {
        if let Some(i) = lookup_versioned(d, n, b"V1") {
            assert!(i < d.nsyms);
        }
    }
    sum += relocations(d, stats);
    for (array, size) in
        [(DT_INIT_ARRAY, DT_INIT_ARRAYSZ), (DT_FINI_ARRAY, DT_FINI_ARRAYSZ), (DT_PREINIT_ARRAY, DT_PREINIT_ARRAYSZ)]
    {
        if d.dynval(array) != 0 {
            sum += touch(d, d.base + d.dynval(array), d.dynval(size));
        }
    }
    if d.has_tls {
        sum += touch(d, d.tls.image as usize, d.tls.len);
        assert!(d.tls.align == 0 || d.tls.align.is_power_of_two());
    }
    if d.relro_end > d.relro_start {
        assert!(d.relro_start >= d.map && d.relro_end <= d.map + d.map_len);
    }
    // The program headers stay readable (a copy when the file does not map them).
    // SAFETY: `phdr` points at `phnum` headers, in the module or in loader memory.
    let phdrs = unsafe { std::slice::from_raw_parts(d.phdr, d.phnum) };
    sum += phdrs.iter().map(|p| p.p_type as u64).sum::<u64>();
    sum += versions(d);
    black_box(sum);
}

/// Reads every relocation's target and symbol, as `reloc.rs` and `relocate_self.rs` find
/// them, without applying any.
fn relocations(d: &Dso, stats: &mut Stats) -> u64 {
    let mut sum = 0;
    for (table, size) in [(DT_RELA, DT_RELASZ), (DT_JMPREL, DT_PLTRELSZ)] {
        if d.dynval(table) == 0 {
            continue;
        }
        let n = d.dynval(size) / size_of::<Rela>();
        let at = d.base + d.dynval(table);
        touch(d, at, n * size_of::<Rela>());
        // SAFETY: inside the module (just touched), aligned (checked by the loader).
        let relas = unsafe { std::slice::from_raw_parts(at as *const Rela, n) };
        for r in relas {
            if r_type(r.r_info) == R_NONE {
                continue;
            }
            stats.relocations += 1;
            sum += touch(d, d.base + r.r_offset, 8);
            assert!(r_sym(r.r_info) < d.nsyms, "relocation symbol past the table");
            // SAFETY: the index is below `nsyms`.
            let s = unsafe { &*d.syms.add(r_sym(r.r_info)) };
            sum += string(d, s.st_name as usize).len() as u64;
        }
    }
    if d.dynval(DT_RELR) != 0 {
        let n = d.dynval(DT_RELRSZ) / 8;
        let at = d.base + d.dynval(DT_RELR);
        touch(d, at, n * 8);
        // SAFETY: inside the module (just touched), aligned (checked by the loader).
        let entries = unsafe { std::slice::from_raw_parts(at as *const usize, n) };
        let mut next = 0;
        for &e in entries {
            if e & 1 == 0 {
                sum += touch(d, d.base + e, 8);
                next = d.base + e + 8;
            } else {
                assert!(next != 0, "a RELR bitmap with no address before it");
                for k in 0..RELR_BITS {
                    if (e >> (k + 1)) & 1 != 0 {
                        sum += touch(d, next + 8 * k, 8);
                    }
                }
                next += RELR_BITS * 8;
            }
        }
    }
    sum
}

/// Walks the version definition and requirement chains found in the dynamic section.
fn versions(d: &Dso) -> u64 {
    let mut sum = 0;
    let (mut verdef, mut verneed) = (0, 0);
    let mut p = d.dynv;
    // SAFETY: the dynamic section ends with DT_NULL (checked).
    unsafe {
        while (*p).d_tag != DT_NULL {
            match (*p).d_tag {
                DT_VERDEF => verdef = d.base + (*p).d_val,
                DT_VERNEED => verneed = d.base + (*p).d_val,
                _ => {}
            }
            p = p.add(1);
        }
    }
    for (mut at, is_def) in [(verdef, true), (verneed, false)] {
        if at == 0 {
            continue;
        }
        for _ in 0..WALK_CAP {
            let (cnt, aux, next) = if is_def {
                touch(d, at, size_of::<Verdef>());
                // SAFETY: inside the module (just touched), aligned (checked).
                let v = unsafe { *(at as *const Verdef) };
                (v.vd_cnt, v.vd_aux, v.vd_next)
            } else {
                touch(d, at, size_of::<Verneed>());
                // SAFETY: inside the module (just touched), aligned (checked).
                let v = unsafe { *(at as *const Verneed) };
                sum += string(d, v.vn_file as usize).len() as u64;
                (v.vn_cnt, v.vn_aux, v.vn_next)
            };
            let mut a = at + aux as usize;
            for _ in 0..cnt {
                let (name, next_aux) = if is_def {
                    touch(d, a, size_of::<Verdaux>());
                    // SAFETY: inside the module (just touched), aligned (checked).
                    let x = unsafe { *(a as *const Verdaux) };
                    (x.vda_name, x.vda_next)
                } else {
                    touch(d, a, size_of::<Vernaux>());
                    // SAFETY: inside the module (just touched), aligned (checked).
                    let x = unsafe { *(a as *const Vernaux) };
                    (x.vna_name, x.vna_next)
                };
                sum += string(d, name as usize).len() as u64;
                if next_aux == 0 {
                    break;
                }
                a += next_aux as usize;
            }
            if next == 0 {
                break;
            }
            at += next as usize;
        }
    }
    sum
}

/// Lines of /proc/self/maps: the loop must leave no mapping behind.
fn mappings() -> usize {
    std::fs::read_to_string("/proc/self/maps").map_or(0, |m| m.lines().count())
}

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

#[test]
fn elf_fuzz() {
    let count = env_u64("LIMPET_ELF_FUZZ", DEFAULT_COUNT);
    let budget = Duration::from_secs(env_u64("LIMPET_ELF_FUZZ_SECS", DEFAULT_SECS));
    let rng_seed = env_u64("LIMPET_ELF_FUZZ_SEED", 1);
    let tmp = std::env::temp_dir().join(format!("limpet-elf-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let mut seeds = seeds(&tmp);
    assert!(!seeds.is_empty(), "no seed files");
    let mut rng = Rng::new(rng_seed);
    let mut d: Box<Dso> = Box::new(
        // SAFETY: an all-zero Dso is a valid value (see `fresh`).
        unsafe { std::mem::zeroed() },
    );
    let mut stats = Stats::default();
    let maps_before = mappings();
    // Every seed maps as it is.
    for s in &seeds {
        let before = stats.accepted;
        run(s.file.as_raw_fd(), s.exec, &mut rng, &mut d, &mut stats);
        assert_eq!(stats.accepted, before + 1, "seed {} is refused", s.name);
    }
    eprintln!(
        "elf_fuzz: seed {rng_seed}, {} seed files: {}",
        seeds.len(),
        seeds.iter().map(|s| s.name.as_str()).collect::<Vec<_>>().join(", ")
    );
    let start = Instant::now();
    let mut undo = Undo::new();
    let mut i = 0;
    while i < count && start.elapsed() < budget {
        let si = rng.below(seeds.len());
        let s = &mut seeds[si];
        let mut cut = None;
        undo.clear();
        // One mutation half the time, two a quarter, ...
        for _ in 0..1 + (rng.next().trailing_zeros() as usize).min(5) {
            mutate(&mut rng, s, &mut undo, &mut cut);
        }
        for &(off, _, n) in &undo {
            s.file.write_all_at(&s.bytes[off..off + n], off as u64).unwrap();
        }
        if let Some(c) = cut {
            s.file.set_len(c as u64).unwrap();
        }
        let allow_exec = s.exec || rng.chance(8);
        let r = catch_unwind(AssertUnwindSafe(|| run(s.file.as_raw_fd(), allow_exec, &mut rng, &mut d, &mut stats)));
        if let Err(e) = r {
            let dump = tmp.join("crash.so");
            let end = cut.unwrap_or(s.bytes.len());
            let _ = std::fs::write(&dump, &s.bytes[..end]);
            eprintln!("elf_fuzz: mutant {i} of {} (seed {rng_seed}) fails; written to {}", s.name, dump.display());
            resume_unwind(e);
        }
        for &(off, old, n) in undo.iter().rev() {
            s.bytes[off..off + n].copy_from_slice(&old[..n]);
        }
        for &(off, _, n) in &undo {
            s.file.write_all_at(&s.bytes[off..off + n], off as u64).unwrap();
        }
        if let Some(c) = cut {
            s.file.set_len(s.bytes.len() as u64).unwrap();
            s.file.write_all_at(&s.bytes[c..], c as u64).unwrap();
        }
        i += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    let refused: u64 = stats.refused.values().sum();
    eprintln!(
        "elf_fuzz: {i} mutants in {secs:.1} s: {} files mapped, {} accepted, {refused} refused (by errno: {:?}); {} relocations read, {} symbols found",
        stats.files, stats.accepted, stats.refused, stats.relocations, stats.symbols_found
    );
    let _ = std::fs::remove_dir_all(&tmp);
    let maps_after = mappings();
    assert!(maps_after <= maps_before + 16, "mappings left behind: {maps_before} before, {maps_after} after");
    if i < count {
        eprintln!("elf_fuzz: WARNING: the time budget ran out after {i} of {count} mutants");
    }
    assert!(stats.accepted > i / 50, "the mutants are too broken to reach the dynamic checks");
}
