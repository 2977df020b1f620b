//! Stages two and three of start-up: libc.so binds to itself, then loads, lays out and
//! relocates the program and its libraries, and jumps to the program.
use core::ptr;

use limpet_syscall::auxv::{self, AT_BASE, AT_ENTRY, AT_PHDR, AT_PHNUM, AT_SECURE};
use limpet_syscall::elf::*;

use crate::diag::{Msg, errno_text};
use crate::dso::{Dso, new_dso};
use crate::load::{Loader, Mode};
use crate::reloc::{Scope, relocate};
use crate::search::{self, cstr};
use crate::state::State;

/// Stage two: binds libc.so's symbolic relocations to its own definitions, so that its
/// exported data and interposable functions work while the loader runs.
///
/// # Safety
/// Called once by the first stage.
#[inline(never)]
pub unsafe fn stage2(sp: *mut usize, base: usize, dynv: *const Dyn) -> ! {
    // SAFETY: the relative relocations are done; only own-module data is touched.
    unsafe {
        let ldso = crate::state::own_descriptor();
        (*ldso).tls = limpet_start::tls::TlsModule::empty();
        (*ldso).parse_dynamic(base, dynv);
        let eh = &*(base as *const Ehdr);
        (*ldso).parse_phdrs((base + eh.e_phoff) as *const Phdr, eh.e_phnum as usize);
        set_span(&mut *ldso);
        (*ldso).is_libc = true;
        (*ldso).life.permanent = true;
        (*ldso).life.global = true;
        relocate(ldso, Scope::Own, false);
        crate::state::get().ldso = ldso;
        let argc = *sp;
        let envp = sp.add(argc + 2) as *mut *mut u8;
        __dls2b(sp, auxv::after_envp(envp))
    }
}

/// `__dls2b(sp, auxv)`—Stage two's second half: the auxiliary vector, the early thread
/// pointer (errno needs one before anything can fail) and the environment. musl exports
/// its stages by these names; nothing outside the loader calls them.
///
/// # Safety
/// Called once by stage two, with the process's initial stack and auxiliary vector.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn __dls2b(sp: *mut usize, auxvp: *mut usize) -> ! {
    // SAFETY: the kernel's initial stack: argc, argv, NULL, envp, NULL, auxv.
    unsafe {
        auxv::init(auxvp);
        let _ = limpet_start::tls::init_early();
        let argv = sp.add(1) as *mut *mut u8;
        limpet_start::env::init(argv.add(*sp + 1).cast(), (*argv).cast());
        __dls3(sp, auxvp)
    }
}

/// Exits with the loader's failure status after a fatal start-up error.
fn die(m: &mut Msg) -> ! {
    m.write(2);
    limpet_start::exit::_Exit(127)
}

/// The loader command's options.
struct Options {
    ldd: bool,
    library_path: Option<&'static [u8]>,
    preload: Option<&'static [u8]>,
}

/// Reads the loader's own options when it is run as a command; returns them and the index
/// of the program's path in `argv`.
///
/// # Safety
/// `argv` holds `argc` valid strings.
unsafe fn parse_options(argc: usize, argv: *mut *mut u8) -> (Options, usize) {
    let mut o = Options { ldd: false, library_path: None, preload: None };
    let mut i = 1;
    // SAFETY: every index read is below argc.
    unsafe {
        while i < argc {
            let a = cstr(*argv.add(i));
            if a == b"--list" {
                o.ldd = true;
            } else if a == b"--library-path" && i + 1 < argc {
                i += 1;
                o.library_path = Some(cstr(*argv.add(i)));
            } else if a == b"--preload" && i + 1 < argc {
                i += 1;
                o.preload = Some(cstr(*argv.add(i)));
            } else if a == b"--" {
                i += 1;
                break;
            } else {
                break;
            }
            i += 1;
        }
        if i >= argc {
            let mut m = Msg::new();
            m.bytes(b"limpet ").cstr(*argv).bytes(
                b"\nUsage: LOADER [--list] [--library-path PATH] [--preload LIBS] PROGRAM [ARGS...]\n\
                  Runs PROGRAM (a dynamically linked musl program) on limpet, or with --list\n\
                  shows the libraries it loads. --library-path and --preload stand in for\n\
                  LD_LIBRARY_PATH and LD_PRELOAD.\n",
            );
            m.write(2);
            limpet_start::exit::_Exit(1)
        }
    }
    (o, i)
}

/// Sets a kernel-mapped module's span (for `dladdr`) from its `PT_LOAD` segments.
fn set_span(d: &mut Dso) {
    // SAFETY: the module's program headers are mapped (the kernel mapped them with it).
    let phdrs = unsafe { core::slice::from_raw_parts(d.phdr, d.phnum) };
    let page = limpet_abi::limits::PAGESIZE;
    let (mut lo, mut hi) = (usize::MAX, 0);
    for p in phdrs.iter().filter(|p| p.p_type == PT_LOAD) {
        lo = lo.min(p.p_vaddr & !(page - 1));
        hi = hi.max((p.p_vaddr + p.p_memsz + page - 1) & !(page - 1));
    }
    if lo < hi {
        d.map = d.base.wrapping_add(lo);
        d.map_len = hi - lo;
    }
}

/// Run as a command (`libc.so [options] PROGRAM ARGS...`): maps the program, shows it its
/// own headers in the auxiliary vector, and drops the loader's arguments. Returns the
/// program's entry and its initial stack.
///
/// # Safety
/// Start-up only, with the kernel's initial stack at `sp`.
unsafe fn map_program(st: &mut State, sp: *mut usize, auxvp: *mut usize) -> (Options, usize, *mut usize) {
    // SAFETY: the kernel's initial stack; the program is mapped before it is described.
    unsafe {
        let (ldso, app) = (st.ldso, st.app);
        let argc = *sp;
        let argv = sp.add(1) as *mut *mut u8;
        let envp = argv.add(argc + 1);
        (*ldso).name = *argv;
        (*ldso).path = *argv;
        let (opts, i) = parse_options(argc, argv);
        let path = *argv.add(i);
        let fd = match search::open_path(core::slice::from_raw_parts(path, cstr(path).len() + 1)) {
            Ok(fd) => fd,
            Err(e) => die(Msg::new().cstr(*argv).bytes(b": cannot load ").cstr(path).bytes(b": ").bytes(errno_text(e)).bytes(b"\n")),
        };
        let mapped = crate::map::map_library(fd, &mut *app, true);
        crate::map::close(fd);
        let entry = match mapped {
            Ok(e) => e,
            Err(_) => die(Msg::new().cstr(*argv).bytes(b": ").cstr(path).bytes(b": Not a valid dynamic program\n")),
        };
        (*app).name = path;
        (*app).path = path;
        let mut a = auxvp;
        while *a != auxv::AT_NULL {
            match *a {
                AT_PHDR => *a.add(1) = (*app).phdr as usize,
                AT_PHNUM => *a.add(1) = (*app).phnum,
                AT_ENTRY => *a.add(1) = entry,
                _ => {}
            }
            a = a.add(2);
        }
        // The program's argc goes just below its argv.
        *argv.add(i - 1) = (argc - i) as *mut u8;
        limpet_start::env::init(envp.cast(), path.cast());
        (opts, entry, argv.add(i - 1) as *mut usize)
    }
}

/// Started as the program's interpreter: describes the program the kernel mapped.
///
/// # Safety
/// Start-up only.
unsafe fn describe_program(st: &mut State, argv0: *mut u8) -> usize {
    // SAFETY: the kernel mapped the program and gave its headers in the auxiliary vector.
    unsafe {
        let (ldso, app) = (st.ldso, st.app);
        let phdr = auxv::get(AT_PHDR).unwrap_or(0) as *const Phdr;
        let phnum = auxv::get(AT_PHNUM).unwrap_or(0);
        let phdrs = core::slice::from_raw_parts(phdr, phnum);
        let bias = phdrs.iter().find(|p| p.p_type == PT_PHDR).map_or(0, |p| phdr as usize - p.p_vaddr);
        (*app).base = bias;
        if let Some(p) = phdrs.iter().find(|p| p.p_type == PT_DYNAMIC) {
            (*app).parse_dynamic(bias, (bias + p.p_vaddr) as *const Dyn);
        }
        (*app).parse_phdrs(phdr, phnum);
        set_span(&mut *app);
        (*ldso).name = match phdrs.iter().find(|p| p.p_type == PT_INTERP) {
            Some(p) => (bias + p.p_vaddr) as *const u8,
            None => c"libc.so".as_ptr().cast(),
        };
        (*ldso).path = (*ldso).name;
        (*app).name = argv0;
        (*app).path = argv0;
        auxv::get(AT_ENTRY).unwrap_or(0)
    }
}

/// Relocates every module of start-up: dependencies before their users, so that a copy
/// relocation in the program copies data its library has already relocated; the program
/// last. Returns whether every relocation succeeded.
///
/// # Safety
/// Start-up only, with every module loaded and its TLS registered.
unsafe fn relocate_startup(st: &State) -> bool {
    let app = st.app;
    let n = st.list.iter().count();
    // SAFETY: loader memory; single-threaded start-up.
    let order = unsafe { crate::alloc::alloc(n * size_of::<*mut Dso>(), align_of::<*mut Dso>()) as *mut *mut Dso };
    if order.is_null() {
        die(Msg::new().bytes(b"limpet: out of memory\n"));
    }
    let mut ok = true;
    // SAFETY: `order` holds `n` entries; every module is mapped and writable where its
    // relocations point.
    unsafe {
        for (i, d) in st.list.iter().enumerate() {
            *order.add(i) = d;
        }
        let scope = Scope::Global { head: st.list.head, app };
        for i in (0..n).rev() {
            let d = *order.add(i);
            if d == app {
                continue;
            }
            ok &= relocate(d, scope, !(*d).is_libc);
            (*d).life.relocated = true;
            crate::map::protect_relro(&*d);
        }
        ok &= relocate(app, scope, true);
        (*app).life.relocated = true;
        crate::debug::attach(app);
        crate::map::protect_relro(&*app);
    }
    ok
}

/// Loads the `LD_PRELOAD` (or `--preload`) libraries, separated by colons or white space,
/// right after the program, so that their definitions come before every other library's.
///
/// # Safety
/// Start-up only, with the program in the list.
unsafe fn preload_all(l: &mut Loader, list: &[u8]) {
    for name in list.split(|&c| c == b':' || c == b' ' || c == b'\t' || c == b'\n').filter(|n| !n.is_empty()) {
        // SAFETY: loader memory lives for ever; the copy is NUL-terminated.
        unsafe {
            let kept = crate::alloc::dup_bytes(name);
            if kept.is_null() {
                die(Msg::new().bytes(b"limpet: out of memory\n"));
            }
            let app = l.st.app;
            // A preload is nobody's dependency: its failure names no requester.
            l.top = kept;
            l.load(kept, app);
        }
    }
}

/// Puts the preloaded modules (from the program's successor to `last`) before the
/// program's own dependencies, so that their constructors run first, as if the program
/// needed them before its own libraries.
///
/// # Safety
/// Start-up only, after the program's dependencies were loaded.
unsafe fn construct_preloads_first(app: *mut Dso, last: *mut Dso) {
    // SAFETY: list nodes live for ever; the new array holds both lists.
    unsafe {
        let mut npre = 0;
        let mut d = (*app).next;
        loop {
            npre += 1;
            if d == last {
                break;
            }
            d = (*d).next;
        }
        let n = npre + (*app).ndeps;
        let deps = crate::alloc::alloc(n * size_of::<*mut Dso>(), align_of::<*mut Dso>()) as *mut *mut Dso;
        if deps.is_null() {
            die(Msg::new().bytes(b"limpet: out of memory\n"));
        }
        let mut d = (*app).next;
        for i in 0..npre {
            *deps.add(i) = d;
            d = (*d).next;
        }
        for i in 0..(*app).ndeps {
            *deps.add(npre + i) = *(*app).deps.add(i);
        }
        (*app).deps = deps;
        (*app).ndeps = n;
        (*app).life.deps_cap = n;
    }
}

/// `__dls3(sp, auxv)`—Stage three: everything from the auxiliary vector to the jump into
/// the program.
///
/// # Safety
/// Called once by [`__dls2b`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn __dls3(sp: *mut usize, auxvp: *mut usize) -> ! {
    // SAFETY: single-threaded start-up; all pointers come from the kernel or the loader.
    unsafe {
        let st = crate::state::get();
        st.dynamic = true;
        // A set-user-ID (or otherwise secure) program ignores the LD_ variables.
        let secure = auxv::get(AT_SECURE).unwrap_or(0) != 0;
        let env = |name: &core::ffi::CStr| {
            let v = if secure { ptr::null() } else { limpet_start::env::getenv(name.as_ptr()) };
            (!v.is_null()).then(|| cstr(v.cast()))
        };
        st.env_path = env(c"LD_LIBRARY_PATH");
        let mut preload = env(c"LD_PRELOAD");
        st.app = new_dso();
        let (ldso, app) = (st.ldso, st.app);
        if app.is_null() {
            die(Msg::new().bytes(b"limpet: out of memory\n"));
        }
        (*app).life.global = true;
        let (ldd, entry, sp) = if auxv::get(AT_BASE).unwrap_or(0) == 0 {
            let (opts, entry, sp) = map_program(st, sp, auxvp);
            if opts.library_path.is_some() {
                st.env_path = opts.library_path;
            }
            if opts.preload.is_some() {
                preload = opts.preload;
            }
            (opts.ldd, entry, sp)
        } else {
            (false, describe_program(st, *(sp.add(1) as *mut *mut u8)), sp)
        };
        if (*app).dynv.is_null() {
            die(Msg::new().cstr((*app).name).bytes(b": Not a valid dynamic program\n"));
        }
        let mut l = Loader::new(st, Mode::Startup { ldd });
        if ldd {
            l.list_line((*ldso).name, ptr::null(), (*ldso).base);
        }
        l.st.list.push(app);
        if let Some(list) = preload {
            preload_all(&mut l, list);
        }
        let last_preload = l.st.list.tail;
        l.load_deps(app);
        if last_preload != app {
            construct_preloads_first(app, last_preload);
        }
        if !l.st.list.contains(ldso) {
            l.st.list.push(ldso);
        }
        let mut failed = l.failed;
        for d in st.list.iter() {
            (*d).life.global = true;
            (*d).life.permanent = true;
            if (*d).has_tls {
                limpet_start::tls::add_module(&raw mut (*d).tls);
            }
        }
        failed |= !relocate_startup(st);

        // Only now are the TLS images relocated, so only now can they be copied.
        limpet_start::tls::reserve_surplus();
        let canary = limpet_start::libc_start::canary_from_auxv();
        if let Err(e) = limpet_start::tls::init_main_thread(canary) {
            die(Msg::new().bytes(b"limpet: cannot set up thread-local storage: ").bytes(errno_text(e)).bytes(b"\n"));
        }
        limpet_start::abort::__stack_chk_guard = canary;

        if failed {
            limpet_start::exit::_Exit(127);
        }
        if ldd {
            limpet_start::exit::_Exit(0);
        }
        crate::tls::install();
        crate::init::install();
        crate::debug::changed(limpet_abi::dlfcn::RT_CONSISTENT);
        crate::dlstart::enter(sp, entry)
    }
}
