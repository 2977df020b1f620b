//! Variant II: the blocks below the thread pointer, the descriptor at it (see the parent
//! module).
use core::ptr;

use super::TlsModule;
use crate::descriptor::Pthread;

/// The registered modules and the layout they need. Only touched during single-threaded
/// start-up (and later, under the loader's lock), so plain statics suffice.
struct Layout {
    head: *mut TlsModule,
    tail: *mut TlsModule,
    count: usize,
    /// Total static TLS below the thread pointer.
    end: usize,
    /// `end` when the main thread's area was laid out (the surplus starts there), once it
    /// was.
    frozen_end: Option<usize>,
    max_align: usize,
}

static mut LAYOUT: Layout =
    Layout { head: ptr::null_mut(), tail: ptr::null_mut(), count: 0, end: 0, frozen_end: None, max_align: align_of::<Pthread>() };

impl Layout {
    /// Where the modules of start-up end (the surplus lies beyond).
    fn static_end(&self) -> usize {
        self.frozen_end.unwrap_or(self.end)
    }
}

const fn align_up(x: usize, a: usize) -> usize {
    (x + a - 1) & !(a - 1)
}

/// Registers a module, giving it the next ID and its static offset.
///
/// # Safety
/// Start-up only (single-threaded), before [`init_main_thread`]; `m` must live for ever and
/// have a power-of-two `align`.
pub unsafe fn add_module(m: *mut TlsModule) {
    // SAFETY: single-threaded start-up per the contract.
    unsafe {
        let l = &mut *(&raw mut LAYOUT);
        let m = &mut *m;
        let align = m.align.max(1);
        m.align = align;
        let want = l.end + m.size;
        // The block must be congruent to its image modulo `align`, measured downward from tp.
        m.offset = want + ((0usize.wrapping_sub(want).wrapping_sub(m.image as usize)) & (align - 1));
        l.end = m.offset;
        l.count += 1;
        m.id = l.count;
        if align > l.max_align {
            l.max_align = align;
        }
        m.next = ptr::null_mut();
        if l.tail.is_null() {
            l.head = m;
        } else {
            (*l.tail).next = m;
        }
        l.tail = m;
    }
}

/// Bytes a thread's area needs: the TLS blocks with the surplus, alignment
/// slack, the descriptor, the dtv and the thread's copy of the [`crate::slot`]s.
pub fn area_size() -> usize {
    // SAFETY: read-only use of the layout after start-up registration.
    let (l, surplus) = unsafe { (&*(&raw const LAYOUT), SURPLUS) };
    l.static_end() + surplus + l.max_align + size_of::<Pthread>() + (l.count + 1) * size_of::<usize>() + crate::slot::copy_size()
}

/// Builds a thread's area in `mem` (of [`area_size`] bytes, zeroed): copies every module's
/// image, fills the dtv, the self pointer and the slots pointer (the thread's own zeroed
/// copy, after the dtv). Returns the descriptor (the thread pointer).
///
/// # Safety
/// `mem` must be valid for writes of `area_size()` bytes and already zeroed.
pub unsafe fn init_area(mem: *mut u8) -> *mut Pthread {
    // SAFETY: all writes stay inside `mem[..area_size()]`, per the layout computed above.
    unsafe {
        let l = &*(&raw const LAYOUT);
        let tp = align_up(mem as usize + l.static_end() + SURPLUS, l.max_align);
        let td = tp as *mut Pthread;
        let dtv = (tp + size_of::<Pthread>()) as *mut usize;
        *dtv = l.count;
        let mut m = l.head;
        while !m.is_null() {
            let block = (tp - (*m).offset) as *mut u8;
            ptr::copy_nonoverlapping((*m).image, block, (*m).len);
            // Modules placed later in the surplus are numbered by the dynamic linker and
            // found through its slow path.
            if (*m).id <= l.count {
                *dtv.add((*m).id) = block as usize;
            }
            m = (*m).next;
        }
        (*td).self_ = td;
        (*td).dtv = dtv;
        (*td).prev = td;
        (*td).next = td;
        (*td).slots = dtv.add(l.count + 1).cast();
        td
    }
}

/// Room for the main thread's area when its TLS is small, so most programs need no mmap.
/// The descriptor alone takes about 1.7 KiB (mostly thread-specific data), which leaves
/// about 1.3 KiB for TLS blocks. It is kept that small so that, in a static program, the
/// whole of libc's writable data shares a page or two with the program's: every page a
/// process writes is a page fault at start-up, and a copy after `fork`.
const BUILTIN_SIZE: usize = 3072;
#[repr(C, align(64))]
struct Builtin([u8; BUILTIN_SIZE]);
static mut BUILTIN: Builtin = Builtin([0; BUILTIN_SIZE]);
/// The descriptor used before the TLS layout is known (the dynamic linker's early stage).
static mut EARLY: Pthread = Pthread::zeroed();

/// Installs a descriptor without TLS, so errno works while libraries are still being loaded.
///
/// # Safety
/// Start-up only; replaced later by [`init_main_thread`].
pub unsafe fn init_early() -> Result<(), i32> {
    // SAFETY: single-threaded start-up; EARLY lives for ever.
    unsafe {
        let td = &raw mut EARLY;
        (*td).self_ = td;
        (*td).slots = crate::slot::section().0;
        limpet_syscall::arch::set_tp(td as usize)
    }
}

/// Lays out the main thread's TLS, installs its descriptor as the thread pointer and stores
/// the stack-protector `canary` in it.
///
/// # Safety
/// Start-up only, after every initial module was registered with [`add_module`].
pub unsafe fn init_main_thread(canary: usize) -> Result<*mut Pthread, i32> {
    // SAFETY: single-threaded start-up: nothing else reads the layout yet.
    unsafe {
        let l = &mut *(&raw mut LAYOUT);
        l.frozen_end = Some(l.end);
    }
    let need = area_size();
    // SAFETY: single-threaded start-up; the area lives for ever.
    unsafe {
        let mem = if need <= BUILTIN_SIZE {
            (&raw mut BUILTIN) as *mut u8
        } else {
            use limpet_abi::mman::{MAP_ANONYMOUS, MAP_PRIVATE, PROT_READ, PROT_WRITE};
            let (prot, flags) = ((PROT_READ | PROT_WRITE) as usize, (MAP_PRIVATE | MAP_ANONYMOUS) as usize);
            let r = limpet_syscall::syscall6(limpet_syscall::nr::MMAP, 0, need, prot, flags, usize::MAX, 0);
            limpet_syscall::result(r)? as *mut u8
        };
        let td = init_area(mem);
        // The main thread's slot words are the slots' own (see `crate::slot`).
        (*td).slots = crate::slot::section().0;
        (*td).canary = canary;
        (*td).tid.store(limpet_syscall::syscall0(limpet_syscall::nr::GETTID) as i32, core::sync::atomic::Ordering::Relaxed);
        limpet_syscall::arch::set_tp(td as usize)?;
        // limpet starts this process and knows it has one thread (see `single_threaded`).
        crate::SINGLE_THREADED.store(true, core::sync::atomic::Ordering::Relaxed);
        Ok(td)
    }
}

/// How many TLS modules are registered; the next dynamically loaded one gets this plus one.
pub fn module_count() -> usize {
    // SAFETY: read-only after start-up registration.
    unsafe { (*(&raw const LAYOUT)).count }
}

/// Static TLS kept free in every thread's area, in a dynamically linked process, for
/// libraries loaded later that use the initial-exec model (which addresses its block at a
/// fixed distance from the thread pointer, so the block cannot be allocated on first use).
/// Such a library is accepted only while its block fits; see [`add_late_module`].
pub const STATIC_SURPLUS: usize = 512;

/// The surplus this process keeps: [`STATIC_SURPLUS`] once the dynamic linker asked for it,
/// else none (a static program loads nothing later).
static mut SURPLUS: usize = 0;

/// Keeps [`STATIC_SURPLUS`] in every thread's area.
///
/// # Safety
/// Start-up only, before [`init_main_thread`].
pub unsafe fn reserve_surplus() {
    // SAFETY: single-threaded start-up.
    unsafe {
        SURPLUS = STATIC_SURPLUS;
        // Thread pointers aligned this much can take a late block aligned up to a cache line.
        let l = &mut *(&raw mut LAYOUT);
        l.max_align = l.max_align.max(SURPLUS_ALIGN);
    }
}

/// The alignment the thread pointer keeps for late initial-exec blocks.
const SURPLUS_ALIGN: usize = 64;

/// Places a module loaded after start-up in the static surplus, so that initial-exec
/// accesses reach it in every thread. Gives it no ID (the dynamic linker numbers every
/// late module). Fails when the block does not fit in what is left, or needs more alignment
/// than the thread pointer has.
///
/// The caller copies the image into the threads that exist ([`static_block`]); threads
/// created later get it from [`init_area`].
///
/// # Safety
/// Under the dynamic linker's lock, with the thread list's lock held (no thread is being
/// set up meanwhile); `m` must live as long as the process.
pub unsafe fn add_late_module(m: *mut TlsModule) -> bool {
    // SAFETY: the caller's locks serialise every access to the layout.
    unsafe {
        let l = &mut *(&raw mut LAYOUT);
        let m = &mut *m;
        let align = m.align.max(1);
        if align > l.max_align {
            return false;
        }
        let want = l.end + m.size;
        let offset = want + ((0usize.wrapping_sub(want).wrapping_sub(m.image as usize)) & (align - 1));
        if offset > l.static_end() + SURPLUS {
            return false;
        }
        m.align = align;
        m.offset = offset;
        l.end = offset;
        m.next = ptr::null_mut();
        if l.tail.is_null() {
            l.head = m;
        } else {
            (*l.tail).next = m;
        }
        l.tail = m;
        true
    }
}

/// Where thread `td`'s block of static module `m` is.
pub fn static_block(td: *mut Pthread, m: &TlsModule) -> *mut u8 {
    (td as usize).wrapping_sub(m.offset) as *mut u8
}

/// The dtv that [`init_area`] built inside thread `td`'s area, which holds the entries of
/// the modules loaded at start-up. A thread whose `dtv` is elsewhere has a grown copy.
pub fn area_dtv(td: *mut Pthread) -> *mut usize {
    (td as usize + size_of::<Pthread>()) as *mut usize
}

/// What `__tls_get_addr` calls for a module whose block the calling thread's dtv lacks: the
/// dynamic linker's allocator of blocks for modules loaded at run time.
pub type SlowPath = unsafe extern "C" fn(*const usize) -> *mut u8;
static SLOW_PATH: core::sync::atomic::AtomicPtr<()> = core::sync::atomic::AtomicPtr::new(ptr::null_mut());

/// Installs the dynamic linker's [`SlowPath`].
pub fn set_slow_path(f: SlowPath) {
    SLOW_PATH.store(f as *mut (), core::sync::atomic::Ordering::Release);
}

/// `__tls_get_addr(v)`—The address of offset `v[1]` in TLS module `v[0]` for the calling
/// thread (the general-dynamic TLS model).
///
/// A module loaded at start-up, or one whose block this thread already has, is found in
/// the thread's dtv (entry 0 holds how many entries follow). Otherwise the dynamic linker
/// allocates the block, initialises it from the module's image, and grows the dtv.
///
/// # Safety
/// `v` must point at a `{module id, offset}` pair of a loaded module.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn __tls_get_addr(v: *const usize) -> *mut u8 {
    // SAFETY: the dtv's entry 0 bounds the entries read; the caller's pair names a module.
    unsafe {
        let dtv = (*crate::descriptor::current()).dtv;
        let id = *v;
        if id <= *dtv {
            let block = *dtv.add(id);
            if block != 0 {
                return (block + *v.add(1)) as *mut u8;
            }
        }
        tls_get_slow(v)
    }
}

/// The rest of [`__tls_get_addr`].
///
/// # Safety
/// As for [`__tls_get_addr`].
#[cold]
#[inline(never)]
unsafe fn tls_get_slow(v: *const usize) -> *mut u8 {
    let f = SLOW_PATH.load(core::sync::atomic::Ordering::Acquire);
    if f.is_null() {
        // No module outside the dtv can exist without the dynamic linker.
        crate::abort::abort();
    }
    // SAFETY: only `set_slow_path` stores here, always a `SlowPath`.
    unsafe { core::mem::transmute::<*mut (), SlowPath>(f)(v) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_area_leaves_room_for_a_small_tls() {
        assert!(size_of::<crate::descriptor::Pthread>() + 1024 <= BUILTIN_SIZE);
    }

    /// Exercises the layout on a private area; it never installs the thread pointer, which
    /// belongs to the host's libc inside a test binary.
    #[test]
    fn layout_respects_alignment_and_copies_images() {
        #[repr(align(8))]
        struct A8([u8; 5]);
        static IMG1: A8 = A8([1, 2, 3, 4, 5]);
        #[repr(align(64))]
        struct A([u8; 3]);
        static IMG2: A = A([9, 8, 7]);
        let m1 = Box::leak(Box::new(TlsModule { image: IMG1.0.as_ptr(), len: 5, size: 40, align: 8, ..TlsModule::empty() }));
        let m2 = Box::leak(Box::new(TlsModule { image: IMG2.0.as_ptr(), len: 3, size: 100, align: 64, ..TlsModule::empty() }));
        unsafe {
            add_module(m1);
            add_module(m2);
        }
        assert_eq!((m1.id, m2.id), (1, 2));
        assert_eq!(m1.offset, 40);
        assert!(m2.offset >= m1.offset + 100);
        let mut mem = vec![0u8; area_size()];
        let td = unsafe { init_area(mem.as_mut_ptr()) };
        let tp = td as usize;
        assert_eq!(tp % 64, 0);
        let b1 = tp - m1.offset;
        let b2 = tp - m2.offset;
        assert_eq!(b2 % 64, IMG2.0.as_ptr() as usize % 64);
        assert!(b2 + 100 <= b1, "blocks overlap");
        unsafe {
            assert_eq!(core::slice::from_raw_parts(b1 as *const u8, 6), &[1, 2, 3, 4, 5, 0]);
            assert_eq!(core::slice::from_raw_parts(b2 as *const u8, 4), &[9, 8, 7, 0]);
            assert_eq!((*td).self_, td);
            let dtv = (*td).dtv;
            assert_eq!(*dtv, 2);
            assert_eq!(*dtv.add(1), b1);
            assert_eq!(*dtv.add(2), b2);
            assert!((dtv.add(3) as usize) <= mem.as_ptr() as usize + mem.len());
        }
    }
}
