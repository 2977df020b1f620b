//! Applying a module's relocations (`DT_RELA`, `DT_JMPREL`, `DT_RELR`) against its symbol
//! scope. Binding is always immediate: there is no lazy PLT resolution.
//!
//! IFUNC resolvers of the module itself (`R_X86_64_IRELATIVE`, and symbolic references to
//! its own `STT_GNU_IFUNC` symbols) run in a second pass, after its other relocations, so
//! that a resolver finds the module's data relocated. A module's resolvers for other
//! modules' IFUNCs find those relocated already: dependencies are relocated first.
//!
//! When a relocation binds to a module that `dlclose` could unload, the binding is recorded
//! in the relocated module's `life.bound` list: that module then keeps the other loaded.
use core::ffi::CStr;

use limpet_syscall::elf::*;

use crate::diag::Msg;
use crate::dso::Dso;
use crate::symbol::{Def, Name, lookup_chain, lookup_in, lookup_list};

/// Where symbol references are resolved.
#[derive(Clone, Copy)]
pub enum Scope {
    /// Only the module itself: libc.so binding to itself in the second stage.
    Own,
    /// The global modules of the list from `head`; `app` is skipped for copy relocations.
    Global { head: *mut Dso, app: *mut Dso },
    /// The global modules, then the `dlopen`ed module's own scope (itself and its
    /// dependencies, breadth first): `local[..nlocal]`.
    Local { head: *mut Dso, app: *mut Dso, local: *const *mut Dso, nlocal: usize },
}

/// Which relocations a pass applies.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pass {
    /// Everything but the module's own IFUNC resolvers.
    Main,
    /// Only those.
    Resolvers,
}

/// Applies every relocation of `dso`. Unresolvable symbols are reported on stderr, as
/// musl's loader reports them; the return value says whether all succeeded.
///
/// `relative_pending` is false for libc.so itself, whose relative relocations the first
/// stage applied: its `DT_RELR` table and the leading `DT_RELACOUNT` entries of `DT_RELA`
/// are skipped (hundreds of entries, which every start-up would otherwise walk twice more).
///
/// # Safety
/// `dso` must be mapped with its relocation targets writable, and every module in `scope`
/// loaded; TLS modules must already have their offsets.
pub unsafe fn relocate(dso: *mut Dso, scope: Scope, relative_pending: bool) -> bool {
    // SAFETY: the tables are the module's own, per the contract.
    unsafe {
        let d = &*dso;
        let mut ok = true;
        for pass in [Pass::Main, Pass::Resolvers] {
            for (table, size) in [(DT_RELA, DT_RELASZ), (DT_JMPREL, DT_PLTRELSZ)] {
                let start = d.dynval(table);
                if start == 0 {
                    continue;
                }
                let n = d.dynval(size) / size_of::<Rela>();
                let relas = core::slice::from_raw_parts((d.base + start) as *const Rela, n);
                let done = if table == DT_RELA && !relative_pending { d.relacount.min(n) } else { 0 };
                for r in relas.get(done..).unwrap_or(&[]) {
                    ok &= apply(dso, r, scope, pass);
                }
            }
            if pass == Pass::Main && relative_pending && d.dynval(DT_RELR) != 0 {
                // Only relative entries live in RELR; the shared first-stage code applies them.
                let only_relr = [DT_RELR as usize, d.dynval(DT_RELR), DT_RELRSZ as usize, d.dynval(DT_RELRSZ), 0, 0];
                crate::relocate_self::relocate_relative(d.base, only_relr.as_ptr());
            }
        }
        ok
    }
}

/// Where the current `dlopen` keeps its first relocation failure, for `dlerror` (null at
/// start-up, when failures go to stderr).
static mut ERROR_SINK: *mut Option<Msg> = core::ptr::null_mut();

/// Reports a relocation failure: on stderr at start-up, kept for `dlerror` in `dlopen`.
#[cold]
fn report(m: Msg, scope: Scope) {
    // SAFETY: `dlopen` relocates under the dynamic linker's lock, with the sink set to a
    // local of its own for the duration (see `collect_errors`).
    let sink = unsafe { ERROR_SINK };
    if matches!(scope, Scope::Local { .. }) && !sink.is_null() {
        // SAFETY: as above.
        unsafe {
            if (*sink).is_none() {
                *sink = Some(m);
            }
        }
    } else {
        let mut line = m;
        line.bytes(b"\n").write(2);
    }
}

/// Runs `f` (relocations of a `dlopen`) with their failures kept rather than printed;
/// returns `f`'s result and the first failure.
///
/// # Safety
/// Under the dynamic linker's lock.
pub unsafe fn collect_errors<T>(f: impl FnOnce() -> T) -> (T, Option<Msg>) {
    let mut kept: Option<Msg> = None;
    // SAFETY: under the lock (the contract); the sink points at `kept` only while `f` runs.
    unsafe {
        let outer = ERROR_SINK;
        ERROR_SINK = &raw mut kept;
        let r = f();
        ERROR_SINK = outer;
        (r, kept)
    }
}

/// Records that `user` bound a symbol of `def`, which then stays loaded while `user` is.
///
/// # Safety
/// Under the dynamic linker's lock; both modules are live.
unsafe fn note_binding(user: *mut Dso, def: *mut Dso) {
    // SAFETY: per the contract; the list grows in the loader's heap.
    unsafe {
        if def == user || (*def).life.permanent {
            return;
        }
        let l = &mut (*user).life;
        if (0..l.nbound).any(|i| *l.bound.add(i) == def) {
            return;
        }
        if l.nbound == l.bound_cap {
            let cap = (l.bound_cap * 2).max(4);
            let word = size_of::<*mut Dso>();
            let grown = crate::heap::alloc(cap * word, word) as *mut *mut Dso;
            if grown.is_null() {
                // Without room to record it, keep the module for ever instead.
                (*def).life.permanent = true;
                return;
            }
            if l.nbound > 0 {
                core::ptr::copy_nonoverlapping(l.bound, grown, l.nbound);
            }
            crate::heap::free(l.bound.cast(), l.bound_cap * word, word);
            l.bound = grown;
            l.bound_cap = cap;
        }
        *l.bound.add(l.nbound) = def;
        l.nbound += 1;
    }
}

/// Resolves the symbol of relocation `r` in `dso`.
///
/// # Safety
/// As for [`relocate`].
unsafe fn resolve(dso: *mut Dso, sym: &Sym, name: &[u8], ty: u32, scope: Scope) -> Option<Def> {
    let this = Def { dso, sym };
    if st_bind(sym.st_info) == STB_LOCAL {
        return Some(this);
    }
    let need_def = ty == R_X86_64_JUMP_SLOT || ty == R_X86_64_COPY;
    match scope {
        Scope::Own => {
            // SAFETY: `dso` is live.
            let d = unsafe { &*dso };
            lookup_in(d, &mut Name::new(name), need_def).map(|i| Def { dso, sym: d.syms.wrapping_add(i) })
        }
        Scope::Global { head, app } => {
            let skip = if ty == R_X86_64_COPY { app } else { core::ptr::null_mut() };
            lookup_chain(head, &mut Name::new(name), skip, need_def, true)
        }
        Scope::Local { head, app, local, nlocal } => {
            let skip = if ty == R_X86_64_COPY { app } else { core::ptr::null_mut() };
            let mut n = Name::new(name);
            // SAFETY: the scope's list holds `nlocal` live modules.
            lookup_chain(head, &mut n, skip, need_def, true)
                .or_else(|| lookup_list(unsafe { core::slice::from_raw_parts(local, nlocal) }, &mut n, need_def))
        }
    }
}

/// Applies one relocation.
///
/// # Safety
/// As for [`relocate`].
unsafe fn apply(dso: *mut Dso, r: &Rela, scope: Scope, pass: Pass) -> bool {
    // SAFETY: the relocation's target is inside the mapped, writable module.
    unsafe {
        let d = &*dso;
        let ty = r_type(r.r_info);
        // Targets of RELA entries need not be aligned (data packed by the program).
        let at = (d.base + r.r_offset) as *mut usize;
        let addend = r.r_addend as usize;
        match ty {
            R_X86_64_NONE => return true,
            R_X86_64_RELATIVE => {
                if pass == Pass::Main {
                    at.write_unaligned(d.base.wrapping_add(addend));
                }
                return true;
            }
            R_X86_64_IRELATIVE => {
                if pass == Pass::Resolvers {
                    let resolver: unsafe extern "C" fn() -> usize = core::mem::transmute(d.base.wrapping_add(addend));
                    at.write_unaligned(resolver());
                }
                return true;
            }
            _ => {}
        }
        let symi = r_sym(r.r_info);
        let sym = &*d.syms.add(symi);
        if pass == Pass::Resolvers && !(st_type(sym.st_info) == STT_GNU_IFUNC && sym.st_shndx != SHN_UNDEF) {
            // Only a reference to an IFUNC the module defines can have been deferred: the
            // rest were done in the first pass, without a second lookup.
            return true;
        }
        let name = CStr::from_ptr(d.string(sym.st_name as usize).cast()).to_bytes();
        let def = if symi == 0 { Some(Def { dso, sym }) } else { resolve(dso, sym, name, ty, scope) };
        let Some(def) = def else {
            if pass == Pass::Resolvers {
                // Reported (or nulled) by the first pass.
                return true;
            }
            if st_bind(sym.st_info) == STB_WEAK {
                // An unresolved weak reference is null.
                if ty != R_X86_64_COPY {
                    at.write_unaligned(0);
                }
                return true;
            }
            if !matches!(scope, Scope::Own) {
                let mut m = Msg::new();
                m.bytes(b"Error relocating ").cstr(d.name).bytes(b": ").bytes(name).bytes(b": symbol not found");
                report(m, scope);
            }
            return false;
        };
        let defsym = &*def.sym;
        let own_ifunc = def.dso == dso && st_type(defsym.st_info) == STT_GNU_IFUNC && defsym.st_shndx != SHN_UNDEF;
        if own_ifunc != (pass == Pass::Resolvers) {
            return true;
        }
        if matches!(scope, Scope::Local { .. }) {
            note_binding(dso, def.dso);
        }
        let defdso = &*def.dso;
        let mut s = def.addr();
        if st_type(defsym.st_info) == STT_GNU_IFUNC && defsym.st_shndx != SHN_UNDEF {
            let resolver: unsafe extern "C" fn() -> usize = core::mem::transmute(s);
            s = resolver();
        }
        match ty {
            R_X86_64_64 => at.write_unaligned(s.wrapping_add(addend)),
            R_X86_64_GLOB_DAT | R_X86_64_JUMP_SLOT => at.write_unaligned(s),
            // The smaller of the two sizes: a program linked against an older, smaller object
            // gets no more than it has room for.
            R_X86_64_COPY => core::ptr::copy_nonoverlapping(s as *const u8, at as *mut u8, sym.st_size.min(defsym.st_size)),
            R_X86_64_DTPMOD64 => at.write_unaligned(defdso.tls.id),
            R_X86_64_DTPOFF64 => at.write_unaligned(defsym.st_value.wrapping_add(addend)),
            R_X86_64_TPOFF64 => {
                if defdso.tls.offset == 0 {
                    let mut m = Msg::new();
                    m.bytes(b"Error relocating ").cstr(d.name).bytes(b": ").bytes(name);
                    m.bytes(b": initial-exec TLS resolves to dynamic definition in ").cstr(defdso.name);
                    report(m, scope);
                    return false;
                }
                at.write_unaligned(defsym.st_value.wrapping_add(addend).wrapping_sub(defdso.tls.offset))
            }
            _ => {
                let mut m = Msg::new();
                m.bytes(b"Error relocating ").cstr(d.name).bytes(b": unsupported relocation type ").dec(ty as usize);
                report(m, scope);
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use core::sync::atomic::{AtomicUsize, Ordering};

    use super::*;
    use crate::testimage::{DATA, Image, Reloc, SymDef};

    fn rel(at: usize, ty: u32, sym: usize, addend: isize) -> Reloc {
        Reloc { at, ty, sym, addend }
    }

    fn global(img: &mut Image) -> Scope {
        let d = img.dso_ptr();
        Scope::Global { head: d, app: core::ptr::null_mut() }
    }

    #[test]
    fn data_and_function_relocations() {
        let syms = [SymDef::func("f", 0x4100), SymDef::object("obj", 0x4200, 8), SymDef::undef("w", STB_WEAK)];
        let rela = [
            rel(DATA, R_X86_64_RELATIVE, 0, 0x4100),
            rel(DATA + 8, R_X86_64_64, 2, 4),
            rel(DATA + 16, R_X86_64_GLOB_DAT, 1, 0),
            rel(DATA + 32, R_X86_64_GLOB_DAT, 3, 0),
            rel(DATA + 40, R_X86_64_NONE, 0, 0),
        ];
        let jmprel = [rel(DATA + 24, R_X86_64_JUMP_SLOT, 1, 0)];
        let mut img = Image::new(&syms, &rela, &jmprel, true, false);
        img.set_word(DATA + 32, 0x55);
        img.set_word(DATA + 40, 0x66);
        let scope = global(&mut img);
        assert!(unsafe { relocate(img.dso_ptr(), scope, true) });
        let b = img.base();
        assert_eq!(img.word(DATA), b + 0x4100);
        assert_eq!(img.word(DATA + 8), b + 0x4204);
        assert_eq!(img.word(DATA + 16), b + 0x4100);
        assert_eq!(img.word(DATA + 24), b + 0x4100);
        assert_eq!(img.word(DATA + 32), 0, "an unresolved weak reference is null");
        assert_eq!(img.word(DATA + 40), 0x66, "R_X86_64_NONE writes nothing");
    }

    #[test]
    fn a_missing_strong_symbol_fails_with_a_message_for_dlerror() {
        let syms = [SymDef::undef("absent_symbol", STB_GLOBAL)];
        let mut img = Image::new(&syms, &[rel(DATA, R_X86_64_GLOB_DAT, 1, 0)], &[], false, true);
        let d = img.dso_ptr();
        let scope = Scope::Local { head: d, app: core::ptr::null_mut(), local: &d, nlocal: 1 };
        let _g = crate::testimage::SERIAL.lock().unwrap();
        let (ok, m) = unsafe { collect_errors(|| relocate(d, scope, true)) };
        assert!(!ok);
        let m = m.expect("the failure is kept");
        assert_eq!(m.as_bytes(), b"Error relocating test-module: absent_symbol: symbol not found");
    }

    static IMAGE_BASE: AtomicUsize = AtomicUsize::new(0);

    /// An IFUNC resolver that checks the module's other relocations were applied first.
    extern "C" fn resolver() -> usize {
        let base = IMAGE_BASE.load(Ordering::SeqCst);
        // SAFETY: the test's image is live while it relocates.
        let relocated = unsafe { *((base + DATA + 8) as *const usize) } == base + 0x4100;
        if relocated { 0x1111 } else { 0xbad }
    }

    #[test]
    fn resolvers_run_after_the_other_relocations() {
        let _g = crate::testimage::SERIAL.lock().unwrap();
        let resolver_addr = resolver as extern "C" fn() -> usize as usize;
        // The IRELATIVE entry and a reference to the module's own IFUNC symbol come first in
        // the table, before the relative entry their resolver reads.
        let syms = [SymDef { ty: STT_GNU_IFUNC, ..SymDef::func("chosen", 0) }];
        let rela = [
            rel(DATA, R_X86_64_IRELATIVE, 0, 0),
            rel(DATA + 16, R_X86_64_GLOB_DAT, 1, 0),
            rel(DATA + 8, R_X86_64_RELATIVE, 0, 0x4100),
        ];
        let mut img = Image::new(&syms, &rela, &[], true, false);
        let b = img.base();
        img.set_addend(0, resolver_addr.wrapping_sub(b) as isize);
        img.set_symbol_value(1, resolver_addr.wrapping_sub(b));
        IMAGE_BASE.store(b, Ordering::SeqCst);
        let scope = global(&mut img);
        assert!(unsafe { relocate(img.dso_ptr(), scope, true) });
        assert_eq!(img.word(DATA + 8), b + 0x4100);
        assert_eq!(img.word(DATA), 0x1111, "IRELATIVE's resolver ran before the relative entry");
        assert_eq!(img.word(DATA + 16), 0x1111, "the own IFUNC's resolver ran before the relative entry");
    }

    #[test]
    fn copy_relocations_and_lookup_order_across_modules() {
        // The library defines `shared`; the program copies it and its own definition wins.
        let mut lib = Image::new(
            &[SymDef::object("shared", 0x4300, 8), SymDef::undef("shared", STB_GLOBAL)],
            &[rel(DATA, R_X86_64_GLOB_DAT, 2, 0)],
            &[],
            true,
            true,
        );
        lib.set_word(0x4300, 0x1234_5678);
        let mut app = Image::new(&[SymDef::object("shared", 0x4400, 8)], &[rel(0x4400, R_X86_64_COPY, 1, 0)], &[], true, false);
        let (a, l) = (app.dso_ptr(), lib.dso_ptr());
        unsafe { (*a).next = l };
        let scope = Scope::Global { head: a, app: a };
        assert!(unsafe { relocate(l, scope, true) });
        assert_eq!(lib.word(DATA), app.base() + 0x4400, "the library binds to the program's copy");
        assert!(unsafe { relocate(a, scope, true) });
        assert_eq!(app.word(0x4400), 0x1234_5678, "the copy holds the library's initial value");
    }

    #[test]
    fn tls_relocations() {
        let tls = SymDef { ty: STT_TLS, ..SymDef::object("tv", 0x10, 4) };
        let rela = [rel(DATA, R_X86_64_DTPMOD64, 1, 0), rel(DATA + 8, R_X86_64_DTPOFF64, 1, 4), rel(DATA + 16, R_X86_64_TPOFF64, 1, 4)];
        let mut img = Image::new(&[tls], &rela, &[], true, false);
        img.dso.tls.id = 7;
        img.dso.tls.offset = 0x100;
        let scope = global(&mut img);
        assert!(unsafe { relocate(img.dso_ptr(), scope, true) });
        assert_eq!(img.word(DATA), 7);
        assert_eq!(img.word(DATA + 8), 0x14);
        assert_eq!(img.word(DATA + 16), 0x14usize.wrapping_sub(0x100));
    }

    #[test]
    fn initial_exec_tls_in_a_dynamic_module_is_refused() {
        let _g = crate::testimage::SERIAL.lock().unwrap();
        let tls = SymDef { ty: STT_TLS, ..SymDef::object("tv", 0x10, 4) };
        let mut img = Image::new(&[tls], &[rel(DATA, R_X86_64_TPOFF64, 1, 0)], &[], true, false);
        img.dso.tls.id = 9;
        let d = img.dso_ptr();
        let scope = Scope::Local { head: d, app: core::ptr::null_mut(), local: &d, nlocal: 1 };
        let (ok, m) = unsafe { collect_errors(|| relocate(d, scope, true)) };
        assert!(!ok);
        let m = m.unwrap();
        assert!(m.as_bytes().ends_with(b"tv: initial-exec TLS resolves to dynamic definition in test-module"));
    }

    #[test]
    fn dlopen_scope_records_bindings_to_unloadable_modules() {
        let _g = crate::testimage::SERIAL.lock().unwrap();
        let mut provider = Image::new(&[SymDef::func("provided", 0x4100)], &[], &[], true, false);
        let mut user = Image::new(&[SymDef::undef("provided", STB_GLOBAL)], &[rel(DATA, R_X86_64_GLOB_DAT, 1, 0)], &[], false, true);
        let (p, u) = (provider.dso_ptr(), user.dso_ptr());
        unsafe { (*u).life.global = false };
        let local = [u, p];
        unsafe { (*p).life.global = false };
        let scope = Scope::Local { head: u, app: core::ptr::null_mut(), local: local.as_ptr(), nlocal: 2 };
        assert!(unsafe { relocate(u, scope, true) });
        assert_eq!(user.word(DATA), provider.base() + 0x4100, "found in the module's own scope");
        unsafe {
            assert_eq!((*u).life.nbound, 1);
            assert_eq!(*(*u).life.bound, p);
            // A permanent module is not recorded: it never goes.
            (*p).life.permanent = true;
            (*u).life.nbound = 0;
            assert!(relocate(u, scope, true));
            assert_eq!((*u).life.nbound, 0);
            let _h = crate::lock::lock();
            crate::heap::free((*u).life.bound.cast(), (*u).life.bound_cap * 8, 8);
        }
    }
}
