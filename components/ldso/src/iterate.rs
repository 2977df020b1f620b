//! `dl_iterate_phdr`: every loaded module's program headers, for unwinders (libgcc's, Rust's
//! backtraces) and other tools.
use core::ffi::{c_int, c_void};
use core::ptr;

use limpet_abi::dlfcn::DlPhdrInfo;
use limpet_syscall::auxv::{self, AT_PHDR, AT_PHNUM};
use limpet_syscall::elf::{PT_TLS, Phdr};

/// The callback's type.
pub type Callback = unsafe extern "C" fn(*mut DlPhdrInfo, usize, *mut c_void) -> c_int;

/// `dl_iterate_phdr(callback, data)`—Calls `callback(info, sizeof *info, data)` for each
/// loaded module, in load order (the program first), until a call returns nonzero; returns
/// the last call's value. `dlpi_adds` and `dlpi_subs` count the modules loaded and unloaded
/// so far; `dlpi_tls_data` is the calling thread's block of the module's TLS, or null when
/// it has none or none was made yet. In a static program the program is the only module.
///
/// The loader's lock is held during the calls, so the list does not change under them; a
/// callback may still call the dl functions.
///
/// # Safety
/// `callback` must be callable as its type says.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn dl_iterate_phdr(callback: Callback, data: *mut c_void) -> c_int {
    if !crate::state::is_dynamic() {
        // SAFETY: per the contract.
        return unsafe { static_program(callback, data) };
    }
    let _g = crate::lock::lock();
    // SAFETY: under the lock; the list's modules are live.
    unsafe {
        let st = crate::state::get();
        let (adds, subs) = (st.adds, st.subs);
        let mut ret = 0;
        let mut d = st.list.head;
        while !d.is_null() {
            let x = &*d;
            let next = x.next;
            if !x.life.dying {
                let mut info = DlPhdrInfo {
                    dlpi_addr: x.base,
                    dlpi_name: x.path.cast(),
                    dlpi_phdr: x.phdr.cast(),
                    dlpi_phnum: x.phnum as u16,
                    dlpi_adds: adds,
                    dlpi_subs: subs,
                    dlpi_tls_modid: if x.has_tls { x.tls.id } else { 0 },
                    dlpi_tls_data: crate::tls::current_block(x).cast(),
                };
                ret = callback(&mut info, size_of::<DlPhdrInfo>(), data);
                if ret != 0 {
                    break;
                }
            }
            d = next;
        }
        ret
    }
}

/// The static program's one entry, from the auxiliary vector.
///
/// # Safety
/// As for [`dl_iterate_phdr`].
unsafe fn static_program(callback: Callback, data: *mut c_void) -> c_int {
    let phdr = auxv::get(AT_PHDR).unwrap_or(0) as *const Phdr;
    let phnum = auxv::get(AT_PHNUM).unwrap_or(0);
    // SAFETY: the kernel's AT_PHDR points at the program's AT_PHNUM mapped headers.
    let phdrs = unsafe { core::slice::from_raw_parts(phdr, if phdr.is_null() { 0 } else { phnum }) };
    let base = limpet_start::libc_start::static_program_bias(phdr, phdrs);
    let has_tls = phdrs.iter().any(|p| p.p_type == PT_TLS);
    let tls_data = if has_tls {
        // The program is module 1, whose block the dtv holds.
        // SAFETY: a limpet thread's dtv has an entry for every start-up module.
        unsafe { *(*limpet_start::descriptor::current()).dtv.add(1) as *mut c_void }
    } else {
        ptr::null_mut()
    };
    let mut info = DlPhdrInfo {
        dlpi_addr: base,
        dlpi_name: c"".as_ptr(),
        dlpi_phdr: phdr.cast(),
        dlpi_phnum: phnum as u16,
        dlpi_adds: 1,
        dlpi_subs: 0,
        dlpi_tls_modid: has_tls as usize,
        dlpi_tls_data: tls_data,
    };
    // SAFETY: per the contract.
    unsafe { callback(&mut info, size_of::<DlPhdrInfo>(), data) }
}
