//! `dladdr`, `dladdr1` and `dlinfo`: from an address or a handle to what the loader knows.
use core::ffi::{c_char, c_int, c_void};
use core::ptr;

use limpet_abi::dlfcn::{DlInfo, RTLD_DI_LINKMAP};
use limpet_syscall::elf::*;

use crate::dso::Dso;

/// `dladdr1`'s request for the symbol's `Elf64_Sym` (glibc's `<dlfcn.h>`).
const RTLD_DL_SYMENT: c_int = 1;
/// `dladdr1`'s request for the module's `struct link_map`.
const RTLD_DL_LINKMAP: c_int = 2;
/// `dlinfo` requests beyond musl's (glibc's `<dlfcn.h>` values): the module's directory,
/// its TLS module ID, and the calling thread's TLS block.
const RTLD_DI_ORIGIN: c_int = 6;
const RTLD_DI_TLS_MODID: c_int = 9;
const RTLD_DI_TLS_DATA: c_int = 10;

/// The symbol of `d` whose extent holds `addr` (or that starts exactly there, when it has no
/// size): its index.
fn symbol_at(d: &mut Dso, addr: usize) -> Option<usize> {
    let n = crate::symbol::count(d);
    let mut best: Option<(usize, usize)> = None;
    for i in 1..n {
        // SAFETY: `i` is below the symbol count.
        let s = unsafe { &*d.syms.add(i) };
        let ty = st_type(s.st_info);
        if s.st_shndx == SHN_UNDEF || s.st_value == 0 || !matches!(ty, STT_NOTYPE | STT_OBJECT | STT_FUNC | STT_GNU_IFUNC) {
            continue;
        }
        let start = d.base.wrapping_add(s.st_value);
        let inside = addr >= start && (addr - start < s.st_size || (s.st_size == 0 && addr == start));
        if inside && best.is_none_or(|(_, b)| start > b) {
            best = Some((i, start));
        }
    }
    best.map(|(i, _)| i)
}

/// Fills `info` for `addr`; returns the module and symbol index.
///
/// # Safety
/// Under the dynamic linker's lock; `info` is writable.
unsafe fn lookup(addr: usize, info: *mut DlInfo) -> Option<(*mut Dso, Option<usize>)> {
    // SAFETY: per the contract; linked modules are live.
    unsafe {
        let st = crate::state::get();
        let d = st.module_at(addr)?;
        let sym = symbol_at(&mut *d, addr);
        let x = &*d;
        let (sname, saddr) = match sym {
            Some(i) => {
                let s = &*x.syms.add(i);
                (x.string(s.st_name as usize) as *const c_char, x.base.wrapping_add(s.st_value) as *mut c_void)
            }
            None => (ptr::null(), ptr::null_mut()),
        };
        info.write(DlInfo { dli_fname: x.path.cast(), dli_fbase: x.map as *mut c_void, dli_sname: sname, dli_saddr: saddr });
        Some((d, sym))
    }
}

/// `dladdr(addr, info)`—Which module holds `addr`, and which of its exported symbols (the
/// one whose extent holds it); nonzero when a module holds it. In a static program there is
/// no module table, and it returns 0.
///
/// # Safety
/// `info` is writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn dladdr(addr: *const c_void, info: *mut DlInfo) -> c_int {
    if !crate::state::is_dynamic() {
        return 0;
    }
    let _g = crate::lock::lock();
    // SAFETY: under the lock; `info` per the contract.
    unsafe { lookup(addr as usize, info).is_some() as c_int }
}

/// `dladdr1(addr, info, extra, flags)`—As [`dladdr`], also storing in `*extra` the symbol's
/// `Elf64_Sym` (`RTLD_DL_SYMENT`; null when no symbol matched) or the module's
/// `struct link_map` (`RTLD_DL_LINKMAP`).
///
/// # Safety
/// `info` and `extra` are writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn dladdr1(addr: *const c_void, info: *mut DlInfo, extra: *mut *mut c_void, flags: c_int) -> c_int {
    if !crate::state::is_dynamic() {
        return 0;
    }
    let _g = crate::lock::lock();
    // SAFETY: under the lock; `info` and `extra` per the contract.
    unsafe {
        let Some((d, sym)) = lookup(addr as usize, info) else { return 0 };
        match flags {
            RTLD_DL_SYMENT => *extra = sym.map_or(ptr::null_mut(), |i| (*d).syms.add(i) as *mut c_void),
            RTLD_DL_LINKMAP => *extra = d.cast(),
            _ => {}
        }
        1
    }
}

/// `dlinfo(handle, request, arg)`—What the loader knows of a module: `RTLD_DI_LINKMAP`
/// stores its `struct link_map *` in `*arg`; `RTLD_DI_ORIGIN` copies its directory into the
/// buffer `arg`; `RTLD_DI_TLS_MODID` stores its TLS module ID (0 without TLS);
/// `RTLD_DI_TLS_DATA` the calling thread's block (null if not yet made). 0 on success, -1
/// with the reason for `dlerror` otherwise.
///
/// # Safety
/// `arg` is valid for the request's result.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn dlinfo(handle: *mut c_void, request: c_int, arg: *mut c_void) -> c_int {
    if !crate::state::is_dynamic() {
        crate::dlerror::set_parts(&[b"Invalid library handle"]);
        return -1;
    }
    let _g = crate::lock::lock();
    // SAFETY: under the lock; the handle is checked first; `arg` per the contract.
    unsafe {
        let st = crate::state::get();
        let d = handle as *mut Dso;
        if !st.is_handle(d) {
            crate::dlerror::set_parts(&[b"Invalid library handle"]);
            return -1;
        }
        match request {
            RTLD_DI_LINKMAP => *(arg as *mut *mut c_void) = d.cast(),
            RTLD_DI_ORIGIN => {
                let dir = crate::search::dirname(crate::search::cstr((*d).path));
                ptr::copy_nonoverlapping(dir.as_ptr(), arg as *mut u8, dir.len());
                *(arg as *mut u8).add(dir.len()) = 0;
            }
            RTLD_DI_TLS_MODID => *(arg as *mut usize) = if (*d).has_tls { (*d).tls.id } else { 0 },
            RTLD_DI_TLS_DATA => *(arg as *mut *mut u8) = crate::tls::current_block(&*d),
            _ => {
                let mut m = crate::diag::Msg::new();
                m.bytes(b"Unsupported request ");
                if request < 0 {
                    m.bytes(b"-");
                }
                m.dec(request.unsigned_abs() as usize);
                crate::dlerror::set(&m);
                return -1;
            }
        }
        0
    }
}
