//! Applying a module's relocations (`DT_RELA`, `DT_JMPREL`, `DT_RELR`) against the global
//! symbol scope. Binding is always immediate: there is no lazy PLT resolution.
use core::ffi::CStr;

use limpet_syscall::elf::*;

use crate::diag::Msg;
use crate::dso::Dso;
use crate::symbol::{Def, lookup_global, lookup_in, Name};

/// Where symbol references are resolved.
#[derive(Clone, Copy)]
pub enum Scope {
    /// Only the module itself: libc.so binding to itself in the second stage.
    Own,
    /// The global list from `head`; `app` is skipped for copy relocations.
    Global { head: *mut Dso, app: *mut Dso },
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
        for (table, size) in [(DT_RELA, DT_RELASZ), (DT_JMPREL, DT_PLTRELSZ)] {
            let start = d.dynval(table);
            if start == 0 {
                continue;
            }
            let n = d.dynval(size) / size_of::<Rela>();
            let relas = core::slice::from_raw_parts((d.base + start) as *const Rela, n);
            let done = if table == DT_RELA && !relative_pending { d.relacount.min(n) } else { 0 };
            for r in &relas[done..] {
                ok &= apply(dso, r, scope);
            }
        }
        if relative_pending && d.dynval(DT_RELR) != 0 {
            // Only relative entries live in RELR; the shared first-stage code applies them.
            let only_relr = [DT_RELR as usize, d.dynval(DT_RELR), DT_RELRSZ as usize, d.dynval(DT_RELRSZ), 0, 0];
            crate::relocate_self::relocate_relative(d.base, only_relr.as_ptr());
        }
        ok
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
            lookup_global(head, name, skip, need_def)
        }
    }
}

/// Applies one relocation.
///
/// # Safety
/// As for [`relocate`].
unsafe fn apply(dso: *mut Dso, r: &Rela, scope: Scope) -> bool {
    // SAFETY: the relocation's target is inside the mapped, writable module.
    unsafe {
        let d = &*dso;
        let ty = r_type(r.r_info);
        let at = (d.base + r.r_offset) as *mut usize;
        let addend = r.r_addend as usize;
        match ty {
            R_X86_64_NONE => return true,
            R_X86_64_RELATIVE => {
                *at = d.base.wrapping_add(addend);
                return true;
            }
            R_X86_64_IRELATIVE => {
                let resolver: unsafe extern "C" fn() -> usize = core::mem::transmute(d.base.wrapping_add(addend));
                *at = resolver();
                return true;
            }
            _ => {}
        }
        let symi = r_sym(r.r_info);
        let sym = &*d.syms.add(symi);
        let name = CStr::from_ptr(d.string(sym.st_name as usize).cast()).to_bytes();
        let def = if symi == 0 { Some(Def { dso, sym }) } else { resolve(dso, sym, name, ty, scope) };
        let Some(def) = def else {
            if st_bind(sym.st_info) == STB_WEAK {
                // An unresolved weak reference is null.
                if ty != R_X86_64_COPY {
                    *at = 0;
                }
                return true;
            }
            if matches!(scope, Scope::Global { .. }) {
                Msg::new().bytes(b"Error relocating ").cstr(d.name).bytes(b": ").bytes(name).bytes(b": symbol not found\n").write(2);
            }
            return false;
        };
        let defsym = &*def.sym;
        let defdso = &*def.dso;
        let mut s = def.addr();
        if st_type(defsym.st_info) == STT_GNU_IFUNC && defsym.st_shndx != SHN_UNDEF {
            let resolver: unsafe extern "C" fn() -> usize = core::mem::transmute(s);
            s = resolver();
        }
        match ty {
            R_X86_64_64 => *at = s.wrapping_add(addend),
            R_X86_64_GLOB_DAT | R_X86_64_JUMP_SLOT => *at = s,
            R_X86_64_COPY => core::ptr::copy_nonoverlapping(s as *const u8, at as *mut u8, sym.st_size),
            R_X86_64_DTPMOD64 => *at = defdso.tls.id,
            R_X86_64_DTPOFF64 => *at = defsym.st_value.wrapping_add(addend),
            R_X86_64_TPOFF64 => *at = defsym.st_value.wrapping_add(addend).wrapping_sub(defdso.tls.offset),
            _ => {
                Msg::new().bytes(b"Error relocating ").cstr(d.name).bytes(b": unsupported relocation type ").dec(ty as usize).bytes(b"\n").write(2);
                return false;
            }
        }
        true
    }
}
