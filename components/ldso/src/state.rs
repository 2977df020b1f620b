//! What the dynamic linker knows after start-up, for the dl API: the module list, the
//! program and libc.so, the search path, and the load and unload counts.
//!
//! Start-up fills it single-threaded; afterwards every access is under [`crate::lock`].
//!
//! Everything of the loader that every start-up writes lives in this one page-aligned
//! static (libc.so's own descriptor, the first block of loader memory, the destructor
//! list's head), followed in the link by the start component's early statics: a page of
//! `.bss` that a start-up touches costs it a page fault, so they are kept together.
use core::mem::MaybeUninit;
use core::ptr;

use limpet_syscall::elf::DT_SONAME;

use crate::dso::{Dso, List};
use crate::search::cstr;

/// The loader's bump allocator ([`crate::alloc`]): its current block and the first one.
#[repr(C)]
pub struct Bump {
    pub cur: usize,
    pub end: usize,
    pub first: [u8; crate::alloc::FIRST_BYTES],
}

#[repr(C, align(4096))]
pub struct State {
    /// Every loaded module, in load order.
    pub list: List,
    pub ldso: *mut Dso,
    pub app: *mut Dso,
    /// `LD_LIBRARY_PATH`, or the loader command's `--library-path`.
    pub env_path: Option<&'static [u8]>,
    /// The program's directory, for `$ORIGIN`: found when a library search first needs it.
    pub app_origin: Option<&'static [u8]>,
    /// The system path, read from the path file when a search first reaches it.
    pub sys_path: Option<&'static [u8]>,
    /// Modules loaded and unloaded since start-up (`dlpi_adds`, `dlpi_subs`).
    pub adds: u64,
    pub subs: u64,
    /// Whether this process was started by the dynamic linker (false in a static program).
    pub dynamic: bool,
    /// The most recently constructed module: the head of the destructor list
    /// ([`crate::init`]).
    pub fini_head: *mut Dso,
    /// libc.so's own descriptor.
    pub own: MaybeUninit<Dso>,
    pub bump: Bump,
}

static mut STATE: State = State {
    list: List::new(),
    ldso: ptr::null_mut(),
    app: ptr::null_mut(),
    env_path: None,
    app_origin: None,
    sys_path: None,
    adds: 0,
    subs: 0,
    dynamic: false,
    fini_head: ptr::null_mut(),
    own: MaybeUninit::zeroed(),
    bump: Bump { cur: 0, end: 0, first: [0; crate::alloc::FIRST_BYTES] },
};

/// libc.so's own descriptor.
pub fn own_descriptor() -> *mut Dso {
    // SAFETY: only the field's address is taken; no reference to the state is made.
    unsafe { (&raw mut (*(&raw mut STATE)).own).cast() }
}

/// The bump allocator's state, for [`crate::alloc`], which may run while a caller holds
/// the state (a loader appending a module), so it gets a raw pointer to its own field.
pub fn bump() -> *mut Bump {
    // SAFETY: as in `own_descriptor`.
    unsafe { &raw mut (*(&raw mut STATE)).bump }
}

/// The destructor list's head, for [`crate::init`].
pub fn fini_head() -> *mut *mut Dso {
    // SAFETY: as in `own_descriptor`.
    unsafe { &raw mut (*(&raw mut STATE)).fini_head }
}

/// The loader's state.
///
/// # Safety
/// Single-threaded start-up, or under [`crate::lock`]; no other reference to it may be live.
#[allow(clippy::mut_from_ref)]
pub unsafe fn get() -> &'static mut State {
    // SAFETY: the caller serialises access, per the contract.
    unsafe { &mut *(&raw mut STATE) }
}

/// Whether the dynamic linker started this process. Read without the lock: it is set once,
/// before the program runs.
pub fn is_dynamic() -> bool {
    // SAFETY: a plain read of a flag written only during single-threaded start-up.
    unsafe { (*(&raw const STATE)).dynamic }
}

impl State {
    /// The live module whose mapped span holds `addr`.
    pub fn module_at(&self, addr: usize) -> Option<*mut Dso> {
        self.list.iter().find(|&d| {
            // SAFETY: linked modules are live.
            let d = unsafe { &*d };
            !d.life.dying && addr >= d.map && addr - d.map < d.map_len
        })
    }

    /// The loaded module `name` stands for: the same path (for a name with a slash), or the
    /// same requested name or soname.
    pub fn by_name(&self, name: &[u8]) -> Option<*mut Dso> {
        let by_path = name.contains(&b'/');
        self.list.iter().find(|&d| {
            // SAFETY: linked modules are live, with NUL-terminated names.
            unsafe {
                let x = &*d;
                if x.life.dying || x.name.is_null() {
                    return false;
                }
                if by_path {
                    return !x.path.is_null() && cstr(x.path) == name;
                }
                if cstr(x.name) == name {
                    return true;
                }
                let so = x.dynval(DT_SONAME);
                so != 0 && !x.strings.is_null() && cstr(x.string(so)) == name
            }
        })
    }

    /// The loaded module mapped from the file with this device and inode (another name of
    /// a file already loaded).
    pub fn by_file(&self, dev: u64, ino: u64) -> Option<*mut Dso> {
        // SAFETY: linked modules are live.
        self.list.iter().find(|&d| unsafe { (*d).map != 0 && (*d).dev == dev && (*d).ino == ino && !(*d).life.dying })
    }

    /// Whether `h` is a live module (a handle `dlopen` could have returned).
    pub fn is_handle(&self, h: *const Dso) -> bool {
        // SAFETY: linked modules are live.
        self.list.iter().any(|d| d as *const Dso == h && unsafe { !(*d).life.dying })
    }
}
