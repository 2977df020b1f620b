//! `__libc_start_main`: what runs between a program's `_start` and its `main`.
#[cfg(target_arch = "x86_64")]
use core::ffi::{c_char, c_int};
use core::sync::atomic::{AtomicUsize, Ordering};

use limpet_syscall::auxv::{self, AT_RANDOM};
#[cfg(target_arch = "x86_64")]
use limpet_syscall::auxv::{AT_PHDR, AT_PHNUM};
#[cfg(target_arch = "x86_64")]
use limpet_syscall::elf::{PT_DYNAMIC, PT_PHDR, PT_TLS, Phdr};

use crate::imports::{__fini_array_end, __fini_array_start};
#[cfg(target_arch = "x86_64")]
use crate::imports::{
    _DYNAMIC, __init_array_end, __rela_iplt_end, __rela_iplt_start, __init_array_start, __preinit_array_end, __preinit_array_start,
};

#[cfg(target_arch = "x86_64")]
type Main = unsafe extern "C" fn(c_int, *mut *mut c_char, *mut *mut c_char) -> c_int;
pub(crate) type Hook = unsafe extern "C" fn();

/// The loader's constructor runner, or 0 in a static program.
static DYN_INIT: AtomicUsize = AtomicUsize::new(0);
/// The loader's destructor runner, or 0 in a static program.
static DYN_FINI: AtomicUsize = AtomicUsize::new(0);
/// A static program's `_fini`, from `__libc_start_main`'s arguments.
static STATIC_FINI: AtomicUsize = AtomicUsize::new(0);

/// Called by the dynamic linker before it jumps to the program: from then on
/// `__libc_start_main` runs `init` (every module's constructors, dependencies first) and
/// `exit` runs `fini`.
pub fn set_dynamic(init: Hook, fini: Hook) {
    DYN_INIT.store(init as usize, Ordering::Relaxed);
    DYN_FINI.store(fini as usize, Ordering::Relaxed);
}

// The static linker defines these (`crate::imports`) around a program's arrays; a shared
// link does not, so they are weak: in libc.so they are null and the dynamic linker runs the
// arrays instead. The directives stay beside the uses, so that they are in the object that
// refers to the names.
core::arch::global_asm!(
    ".weak __preinit_array_start",
    ".weak __preinit_array_end",
    ".weak __init_array_start",
    ".weak __init_array_end",
    ".weak __fini_array_start",
    ".weak __fini_array_end",
    ".weak _DYNAMIC",
    ".weak __rela_iplt_start",
    ".weak __rela_iplt_end",
);

/// Calls every function in `[start, end)`, forwards or backwards.
///
/// # Safety
/// The range must be an array of valid function pointers.
unsafe fn run_array(start: *const Hook, end: *const Hook, backwards: bool) {
    let n = (end as usize - start as usize) / size_of::<Hook>();
    for i in 0..n {
        let i = if backwards { n - 1 - i } else { i };
        // SAFETY: `i < n`, inside the array.
        unsafe { (*start.add(i))() }
    }
}

/// The stack-protector canary: AT_RANDOM's first word with its low byte cleared, so a
/// string overflow that copies the canary stops at its NUL.
pub fn canary_from_auxv() -> usize {
    match auxv::get(AT_RANDOM) {
        // SAFETY: AT_RANDOM points at 16 random bytes; they may be unaligned.
        Some(p) if p != 0 => (unsafe { (p as *const usize).read_unaligned() }) & !0xff,
        _ => 0,
    }
}

/// Static start-up: the auxiliary vector, the environment, and the main thread with the
/// program's TLS and the canary.
///
/// # Safety
/// Called once, from `__libc_start_main`, with the kernel's argv.
// The main thread's TLS is laid out for variant II (x86_64) only so far: elsewhere there is
// no start-up yet, so no `__libc_start_main` for a program to link against.
#[cfg(target_arch = "x86_64")]
unsafe fn init_static(argv: *mut *mut c_char, envp: *mut *mut c_char) {
    static mut MAIN_TLS: crate::tls::TlsModule = crate::tls::TlsModule::empty();
    // SAFETY: single-threaded start-up; every pointer comes from the kernel.
    unsafe {
        auxv::init(auxv::after_envp(envp.cast()));
        crate::env::init(envp, *argv);
        let phdr = auxv::get(AT_PHDR).unwrap_or(0) as *const Phdr;
        let phnum = auxv::get(AT_PHNUM).unwrap_or(0);
        let mut bias = 0;
        if !phdr.is_null() {
            let phdrs = core::slice::from_raw_parts(phdr, phnum);
            bias = static_program_bias(phdr, phdrs);
            if let Some(t) = phdrs.iter().find(|p| p.p_type == PT_TLS) {
                let m = &mut *(&raw mut MAIN_TLS);
                m.image = (bias + t.p_vaddr) as *const u8;
                m.len = t.p_filesz;
                m.size = t.p_memsz;
                m.align = t.p_align;
                crate::tls::add_module(m);
            }
        }
        let canary = canary_from_auxv();
        if crate::tls::init_main_thread(canary).is_err() {
            crate::abort::crash();
        }
        crate::abort::__stack_chk_guard = canary;
        // IFUNC resolvers run last: after the program's other relocations (done by rcrt1 in
        // a static PIE), with the thread pointer and the stack guard in place.
        apply_irelative(bias);
    }
}

/// A static program's load bias, from its program headers at `phdr` (the auxiliary
/// vector's): through `PT_PHDR`, or, in a static PIE without one, through its own dynamic
/// section; 0 for a program that is not position-independent.
#[cfg(target_arch = "x86_64")]
pub fn static_program_bias(phdr: *const Phdr, phdrs: &[Phdr]) -> usize {
    // `_DYNAMIC` is weak: null without a dynamic section. Rust assumes a static's address is
    // never null, so it goes through `black_box` before it is tested.
    // SAFETY: only the address is taken.
    let dynamic = core::hint::black_box(unsafe { _DYNAMIC.as_ptr() }) as usize;
    match (phdrs.iter().find(|p| p.p_type == PT_PHDR), phdrs.iter().find(|p| p.p_type == PT_DYNAMIC)) {
        (Some(p), _) => (phdr as usize).wrapping_sub(p.p_vaddr),
        (None, Some(d)) if dynamic != 0 => dynamic.wrapping_sub(d.p_vaddr),
        _ => 0,
    }
}

/// `R_X86_64_IRELATIVE`: the target gets what the resolver at the addend returns.
#[cfg(target_arch = "x86_64")]
const R_X86_64_IRELATIVE: u32 = 37;

/// Applies a static program's IFUNC relocations: a static PIE's (loaded at `bias`) are
/// among its dynamic section's `DT_RELA` and `DT_JMPREL` entries; another static program's
/// lie between `__rela_iplt_start` and `__rela_iplt_end`.
///
/// # Safety
/// Static start-up only, once.
#[cfg(target_arch = "x86_64")]
unsafe fn apply_irelative(bias: usize) {
    use limpet_syscall::elf::{DT_JMPREL, DT_NULL, DT_PLTRELSZ, DT_RELA, DT_RELASZ, Dyn, Rela, r_type};
    // SAFETY: the linker's tables describe this program's own mapped relocations; each
    // resolver is the program's, and returns the function to store.
    unsafe {
        let apply = |bias: usize, relas: &[Rela]| {
            for r in relas.iter().filter(|r| r_type(r.r_info) == R_X86_64_IRELATIVE) {
                let resolver: unsafe extern "C" fn() -> usize = core::mem::transmute(bias.wrapping_add(r.r_addend as usize));
                ((bias + r.r_offset) as *mut usize).write_unaligned(resolver());
            }
        };
        // The names are weak: null when the linker defines nothing. Rust assumes a static's
        // address is never null, so each goes through `black_box` before it is tested.
        let dynamic = core::hint::black_box(_DYNAMIC.as_ptr()) as *const Dyn;
        if dynamic.is_null() {
            let start = core::hint::black_box(__rela_iplt_start.as_ptr());
            let end = core::hint::black_box(__rela_iplt_end.as_ptr());
            if !start.is_null() && end > start {
                apply(0, core::slice::from_raw_parts(start, end.offset_from(start) as usize));
            }
            return;
        }
        let mut tables = [(0usize, 0usize); 2];
        let mut d = dynamic;
        while (*d).d_tag != DT_NULL {
            match (*d).d_tag {
                DT_RELA => tables[0].0 = (*d).d_val,
                DT_RELASZ => tables[0].1 = (*d).d_val,
                DT_JMPREL => tables[1].0 = (*d).d_val,
                DT_PLTRELSZ => tables[1].1 = (*d).d_val,
                _ => {}
            }
            d = d.add(1);
        }
        for (at, size) in tables {
            if at != 0 {
                apply(bias, core::slice::from_raw_parts((bias + at) as *const Rela, size / size_of::<Rela>()));
            }
        }
    }
}

/// `__libc_start_main(main, argc, argv, init, fini, ldso_fini)`—Sets up the C library, runs
/// the constructors, calls `main` and passes its result to `exit`. `init` is ignored, as in
/// musl: the init arrays are run directly.
///
/// # Safety
/// Called once, by `_start`, with the kernel's `argc` and `argv`.
#[cfg(target_arch = "x86_64")]
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn __libc_start_main(
    main: Main,
    argc: c_int,
    argv: *mut *mut c_char,
    _init: Option<Hook>,
    fini: Option<Hook>,
    _ldso_fini: Option<Hook>,
) -> c_int {
    // SAFETY: the kernel's stack layout: argv, NULL, envp.
    let envp = unsafe { argv.add(argc as usize + 1) };
    let dyn_init = DYN_INIT.load(Ordering::Relaxed);
    // SAFETY: start-up runs once, single-threaded; the hooks are the loader's.
    unsafe {
        if dyn_init != 0 {
            core::mem::transmute::<usize, Hook>(dyn_init)();
        } else {
            init_static(argv, envp);
            STATIC_FINI.store(fini.map_or(0, |f| f as usize), Ordering::Relaxed);
            run_array(__preinit_array_start.as_ptr(), __preinit_array_end.as_ptr(), false);
            // crti/crtn's `_init` comes first, as the ELF ABI orders DT_INIT before DT_INIT_ARRAY.
            if let Some(i) = _init {
                i();
            }
            run_array(__init_array_start.as_ptr(), __init_array_end.as_ptr(), false);
        }
        crate::exit::exit(main(argc, argv, envp))
    }
}

/// Runs the destructors: the loader's runner, or a static program's fini array (last entry
/// first) followed by its `_fini`.
pub fn run_fini() {
    let dyn_fini = DYN_FINI.load(Ordering::Relaxed);
    // SAFETY: these are the loader's hook or the program's own fini code.
    unsafe {
        if dyn_fini != 0 {
            core::mem::transmute::<usize, Hook>(dyn_fini)();
            return;
        }
        run_array(__fini_array_start.as_ptr(), __fini_array_end.as_ptr(), true);
        let f = STATIC_FINI.swap(0, Ordering::Relaxed);
        if f != 0 {
            core::mem::transmute::<usize, Hook>(f)();
        }
    }
}
