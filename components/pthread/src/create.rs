//! `pthread_create`: a new thread on its own mapping.
//!
//! One anonymous mapping holds, from low to high addresses: the guard (no access), the
//! stack, and the thread's TLS area with its descriptor at the top ([`crate::tls::init_area`]
//! copies every registered module's PT_TLS image: the program's and each loaded library's).
//! With a caller-supplied stack (`pthread_attr_setstack`) the mapping holds only the TLS
//! area. The mapping is freed by the thread that joins, or by the thread itself when it is
//! detached ([`crate::exit`]); either keeps it in the stack cache ([`crate::cache`]) when
//! there is room, and a later `pthread_create` of the same layout takes it from there.
//!
//! The clone itself is the arch trampoline `clone_thread`: the kernel sets the new thread's
//! thread pointer, stores its id in the descriptor, and will clear that id and wake a futex
//! on it when the thread is gone, which is what `pthread_join` waits for.
use core::ffi::{c_int, c_void};
use core::sync::atomic::{AtomicI32, AtomicU32, Ordering};

use limpet_abi::mman::{MAP_ANONYMOUS, MAP_PRIVATE, MAP_STACK, PROT_NONE, PROT_READ, PROT_WRITE};
use limpet_abi::pthread::PthreadAttr;
use limpet_syscall::errno::EAGAIN;
use limpet_syscall::{nr, result, syscall2, syscall3, syscall6};

use crate::arch::clone_thread;
use crate::descriptor::{Pthread, SCHED_PENDING, StartRoutine};
use crate::futex::{self, Scope};
use crate::{cache, list, stack, tls};

// From <sched.h>: share memory, filesystem information, file descriptors, signal handlers
// and System V semaphore undo lists; be a thread of this process; set the thread pointer;
// store the thread id for the parent; clear it (and wake a futex) at exit.
const CLONE_VM: usize = 0x100;
const CLONE_FS: usize = 0x200;
const CLONE_FILES: usize = 0x400;
const CLONE_SIGHAND: usize = 0x800;
const CLONE_THREAD: usize = 0x10000;
const CLONE_SYSVSEM: usize = 0x40000;
const CLONE_SETTLS: usize = 0x80000;
const CLONE_PARENT_SETTID: usize = 0x100000;
const CLONE_CHILD_CLEARTID: usize = 0x200000;
const THREAD_FLAGS: usize = CLONE_VM
    | CLONE_FS
    | CLONE_FILES
    | CLONE_SIGHAND
    | CLONE_THREAD
    | CLONE_SYSVSEM
    | CLONE_SETTLS
    | CLONE_PARENT_SETTID
    | CLONE_CHILD_CLEARTID;

/// The stack ABI's alignment at a call.
const STACK_ALIGN: usize = 16;

/// Where a new thread's memory goes, computed before anything is mapped.
struct Plan {
    map_len: usize,
    /// Bytes of TLS area and descriptor, at the top of the mapping.
    area: usize,
    guard: usize,
    /// Lowest usable stack address and size; for a mapped stack the low end is only known
    /// once mapped, so it is an offset from the mapping's base.
    stack_low: usize,
    stack_size: usize,
    own_stack: bool,
}

fn plan(a: &PthreadAttr, area: usize, page: usize) -> Option<Plan> {
    if a.stack_low != 0 {
        return Some(Plan {
            map_len: stack::round_up(area, page)?,
            area,
            guard: 0,
            stack_low: a.stack_low,
            stack_size: a.stack_size,
            own_stack: false,
        });
    }
    let guard = stack::round_up(a.guard_size, page)?;
    let map_len = stack::round_up(guard.checked_add(a.stack_size)?.checked_add(area)?, page)?;
    // Rounding up leaves the stack at least the size asked for.
    Some(Plan { map_len, area, guard, stack_low: guard, stack_size: map_len - area - guard, own_stack: true })
}

/// Where a created thread starts: runs its start routine, then ends with its result.
///
/// # Safety
/// Entered only from `clone_thread`, on the new thread, with its descriptor.
unsafe extern "C" fn thread_entry(td: usize) -> ! {
    let td = td as *mut Pthread;
    // SAFETY: pthread_create filled the descriptor before the clone.
    unsafe {
        if (*td).unblock_cancel {
            crate::cancel::unblock_signal();
        }
        if let Some((policy, priority)) = (*td).explicit_sched {
            set_own_scheduling(td, policy, priority);
        }
        let result = match (*td).start {
            Some(start) => start((*td).start_arg),
            None => core::ptr::null_mut(),
        };
        crate::exit::pthread_exit(result)
    }
}

/// Sets the new thread's scheduling as `PTHREAD_EXPLICIT_SCHED` asked, before anything of
/// the program runs on it, and tells `pthread_create` how that went. On failure the thread
/// ends here, having run nothing, and `pthread_create` reclaims it and fails.
///
/// # Safety
/// On the new thread, with its descriptor.
unsafe fn set_own_scheduling(td: *mut Pthread, policy: i32, priority: i32) {
    let param = crate::abi::SchedParam::new(priority);
    // SAFETY: the kernel reads the local `param`; 0 is the calling thread.
    let r = unsafe { syscall3(nr::SCHED_SETSCHEDULER, 0, policy as usize, &raw const param as usize) };
    let err = result(r).err().unwrap_or(0);
    // SAFETY: the descriptor is this thread's own.
    let word = unsafe { &(*td).sched_result };
    word.store(err, Ordering::Release);
    futex::wake(word_u32(word), 1, Scope::Private);
    if err != 0 {
        // SAFETY: nothing of the thread is in use beyond this point; the kernel clears its
        // tid and wakes the creator, which waits for that before unmapping the stack.
        unsafe { limpet_syscall::syscall1_noreturn(nr::EXIT, 0) }
    }
}

/// `sched_result` as the futex word it is.
fn word_u32(w: &AtomicI32) -> &AtomicU32 {
    // SAFETY: same size and alignment; both are plain atomic 32-bit words.
    unsafe { &*(w as *const AtomicI32 as *const AtomicU32) }
}

/// Waits for a thread created with explicit scheduling to report whether it could set it;
/// on failure, waits for it to end, reclaims it, and returns the error.
///
/// # Safety
/// `td` is the descriptor of the thread just cloned, mapped at `base` for `len` bytes.
unsafe fn await_scheduling(td: *mut Pthread, base: usize, len: usize) -> c_int {
    // SAFETY: the descriptor stays mapped until this function unmaps it.
    let t = unsafe { &*td };
    let word = word_u32(&t.sched_result);
    loop {
        let v = word.load(Ordering::Acquire);
        if v as i32 != SCHED_PENDING {
            if v == 0 {
                return 0;
            }
            break;
        }
        let _ = futex::wait(word, v, None, Scope::Private);
    }
    // SAFETY: `tid` is an aligned 32-bit word, cleared and woken by the kernel at the exit.
    let tid = unsafe { AtomicU32::from_ptr(t.tid.as_ptr() as *mut u32) };
    loop {
        let v = tid.load(Ordering::Acquire);
        if v == 0 {
            break;
        }
        let _ = futex::wait(tid, v, None, Scope::Shared);
    }
    let err = t.sched_result.load(Ordering::Relaxed);
    // SAFETY: the thread is gone, and it was linked in by pthread_create.
    unsafe { list::lock().remove(td) };
    unmap(base, len);
    err
}

/// Frees a mapping that no thread runs on.
fn unmap(base: usize, len: usize) {
    // SAFETY: the range is a mapping this module made and nothing else uses.
    unsafe { syscall2(nr::MUNMAP, base, len) };
}

/// A mapping laid out as `p` says: one from the stack cache when one of the same length
/// and guard is free (only its TLS area is zeroed again, for [`tls::init_area`]), else a
/// fresh one with its guard made inaccessible.
fn map(p: &Plan) -> Option<usize> {
    if let Some(base) = cache::take(p.map_len, p.guard) {
        // SAFETY: the cached mapping is ours now, and the area is its top `p.area` bytes.
        unsafe { core::ptr::write_bytes((base + p.map_len - p.area) as *mut u8, 0, p.area) };
        return Some(base);
    }
    let (prot, flags) = ((PROT_READ | PROT_WRITE) as usize, (MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK) as usize);
    // SAFETY: a fresh anonymous mapping; the kernel checks the arguments.
    let base = result(unsafe { syscall6(nr::MMAP, 0, p.map_len, prot, flags, usize::MAX, 0) }).ok()?;
    // SAFETY: the guard is the bottom of the mapping just made.
    if p.guard != 0 && result(unsafe { syscall3(nr::MPROTECT, base, p.guard, PROT_NONE as usize) }).is_err() {
        unmap(base, p.map_len);
        return None;
    }
    Some(base)
}

/// `pthread_create(thread, attr, start, arg)`—Starts a thread running `start(arg)`, with
/// `attr`'s stack, guard and detach state (the defaults when `attr` is null), and stores
/// its handle in `*thread`. The new thread inherits the signal mask; its errno and
/// thread-specific data start empty, its `__thread` variables at their initial values.
/// `EAGAIN` when memory or the kernel's thread limit runs out.
///
/// # Safety
/// `thread` must be valid for writes; `attr` null or initialised; `start` a function that
/// may run on another thread with `arg`. A caller-supplied stack must stay untouched by
/// anything else until the thread has been joined.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_create(
    thread: *mut *mut Pthread,
    attr: *const PthreadAttr,
    start: StartRoutine,
    arg: *mut c_void,
) -> c_int {
    let defaults;
    let a = if attr.is_null() {
        defaults = PthreadAttr::new(stack::default_stack_size(), stack::default_guard_size());
        &defaults
    } else {
        // SAFETY: per the contract.
        unsafe { &*attr }
    };
    let Some(p) = plan(a, tls::area_size(), stack::page_size()) else { return EAGAIN };
    let Some(base) = map(&p) else { return EAGAIN };
    let area = base + p.map_len - p.area;
    let stack_low = if p.own_stack { base + p.stack_low } else { p.stack_low };
    let top = (if p.own_stack { area } else { stack_low + p.stack_size }) & !(STACK_ALIGN - 1);
    // SAFETY: `area` starts `area_size()` zeroed bytes inside the new mapping; the
    // descriptor it returns is ours alone until the clone.
    unsafe {
        let td = tls::init_area(area as *mut u8);
        let t = &mut *td;
        t.canary = (*crate::current()).canary;
        t.detach_state.store(a.detach_state, Ordering::Relaxed);
        t.map_base = base;
        t.map_size = p.map_len;
        t.stack_low = stack_low;
        t.stack_size = p.stack_size;
        t.guard_size = p.guard;
        t.start = Some(start);
        t.start_arg = arg;
        if a.explicit_sched != 0 {
            t.explicit_sched = Some((a.sched_policy, a.sched_priority));
            t.sched_result.store(SCHED_PENDING, Ordering::Relaxed);
        }
        limpet_start::note_thread_created();
        // Before the second thread exists: see `cancel::install`.
        crate::cancel::install();
        t.unblock_cancel = crate::cancel::signal_held_back();
        // Stored before the thread runs, so it may read its own handle from where the
        // caller asked it to be put.
        *thread = td;
        // Linked in before it runs, so a thread that ends at once finds itself in the ring.
        // The lock is not held across the clone: a thread that ends at once would only
        // sleep on it until the clone returns, costing both a futex call.
        list::lock().insert_after(crate::current(), td);
        let tid = t.tid.as_ptr();
        let r = clone_thread(THREAD_FLAGS, top, tid, tid, td as usize, thread_entry);
        if r < 0 {
            list::lock().remove(td);
            unmap(base, p.map_len);
            return EAGAIN;
        }
        if a.explicit_sched != 0 {
            return await_scheduling(td, base, p.map_len);
        }
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plan_puts_guard_stack_and_area_in_one_mapping() {
        let (page, area) = (4096, 1800);
        let a = PthreadAttr::new(100_000, 1);
        let p = plan(&a, area, page).unwrap();
        assert_eq!(p.guard, page);
        assert_eq!(p.map_len % page, 0);
        assert!(p.stack_size >= 100_000);
        assert_eq!(p.guard + p.stack_size + area, p.map_len);
        assert!(p.own_stack);

        let mut no_guard = PthreadAttr::new(2048, 0);
        let p = plan(&no_guard, area, page).unwrap();
        assert_eq!(p.guard, 0);
        assert!(p.stack_size >= 2048);

        no_guard.stack_low = 0x7000_0000;
        no_guard.stack_size = 65536;
        let p = plan(&no_guard, area, page).unwrap();
        assert!(!p.own_stack);
        assert_eq!((p.stack_low, p.stack_size, p.guard), (0x7000_0000, 65536, 0));
        assert_eq!(p.map_len, stack::round_up(area, page).unwrap());

        assert!(plan(&PthreadAttr::new(usize::MAX / 4 + 2048, usize::MAX / 8), area, page).is_some());
        assert!(plan(&PthreadAttr::new(usize::MAX - 10, 0), area, page).is_none());
    }
}
