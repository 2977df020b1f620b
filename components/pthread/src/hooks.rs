//! Thread-exit hooks: how other components run code when a thread ends.
//!
//! A component that keeps per-thread state (a malloc thread cache, a stdio or locale
//! per-thread buffer) registers a hook once with [`on_thread_exit`]. Every thread that ends
//! through `pthread_exit` (or by returning from its start routine, or the main thread
//! calling `pthread_exit`) then calls each hook, in registration order, on its own stack,
//! after the program's thread-specific-data destructors have run; the thread's TLS and
//! descriptor are still intact. Hooks do not run when the whole process ends through
//! `exit`, `_Exit` or a signal.
//!
//! The registry is a fixed array, so registering never allocates and hooks cannot be
//! removed.
//!
//! **Fork hooks.** A component with a lock that a child of `fork` must find whole (the
//! allocator's heap lock, the stdio stream locks) declares a [`ForkHooks`] with the
//! [`on_fork!`](crate::on_fork) macro: `prepare` takes its locks, `parent` and `child`
//! release them (in the child, only the forking thread is left, and it holds them). The
//! process component's `fork` calls [`fork_prepare`] before the clone and [`fork_parent`] or
//! [`fork_child`] after it, which run, in order:
//! 1. the `pthread_atfork` prepare handlers, last registered first ([`crate::atfork`]);
//! 2. the linked components' `prepare` hooks, highest [`rank`] first (skipped while the
//!    process has one thread: no other thread can hold a lock); `_Fork` then takes the
//!    thread list's lock around the clone itself;
//!
//! and after the clone the same in reverse: the `parent` or `child` hooks lowest rank
//! first, then the `parent` or `child` handlers in registration order.
//!
//! The hooks live in the linker section `limpet_fork_hooks`, which `fork` walks: nothing
//! runs at start-up, and no thread can take a lock before its hooks exist. `on_fork!` also
//! defines a function that names the hooks, which the component calls on the way to its
//! lock: it costs nothing at run time, but it is the reference that keeps the hooks in a
//! static program exactly when the program uses the component. The section's statics are
//! not marked retained, and `limpet-gcc` links static programs with `-z start-stop-gc`, so
//! the linker's `__start_`/`__stop_` symbols do not keep every hook alive by themselves:
//! otherwise each static program would carry the allocator, stdio and the
//! named-semaphore table whether it used them or not. (libc.so keeps them all, as it must.)
use core::sync::atomic::{AtomicUsize, Ordering};

/// How many hooks can be registered.
pub const MAX_HOOKS: usize = 8;

static HOOKS: [AtomicUsize; MAX_HOOKS] = [const { AtomicUsize::new(0) }; MAX_HOOKS];

/// [`on_thread_exit`] found every slot taken.
#[derive(Debug, PartialEq, Eq)]
pub struct RegistryFull;

/// Registers `hook` to run on every thread that ends from now on (see the module docs).
/// Safe to call from any thread, at any time.
pub fn on_thread_exit(hook: fn()) -> Result<(), RegistryFull> {
    for slot in &HOOKS {
        if slot.compare_exchange(0, hook as usize, Ordering::AcqRel, Ordering::Relaxed).is_ok() {
            return Ok(());
        }
    }
    Err(RegistryFull)
}

/// Calls every registered hook, in registration order.
// Only thread exit calls it, and threads are created on x86_64 only so far.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(crate) fn run() {
    for slot in &HOOKS {
        let h = slot.load(Ordering::Acquire);
        if h == 0 {
            // Slots fill in order and are never emptied: the rest are free too.
            break;
        }
        // SAFETY: only `fn()` addresses are stored (on_thread_exit).
        let hook: fn() = unsafe { core::mem::transmute::<usize, fn()>(h) };
        hook();
    }
}

/// What one component does around `fork` (see the module docs). Declared with
/// [`on_fork!`](crate::on_fork).
#[repr(C)]
pub struct ForkHooks {
    /// The order the locks are taken in: see [`rank`].
    pub rank: u32,
    /// Takes the component's locks, before the clone.
    pub prepare: fn(),
    /// Releases them in the parent.
    pub parent: fn(),
    /// Releases or resets them in the child, where the forking thread is the only thread.
    pub child: fn(),
}

/// Fork hook ranks. `prepare` hooks run from the highest rank down, so a component whose
/// lock may be taken while another component's lock is held must rank below that one: the
/// stdio stream locks are held while a stream's buffer is allocated, so stdio ranks above
/// the allocator.
pub mod rank {
    /// This component's own tables (keys, the stack cache), which call nothing while locked.
    pub const PTHREAD: u32 = 0;
    /// The named-semaphore table: a leaf (nothing else is locked while it is held).
    pub const SEM_NAMED: u32 = 5;
    pub const MALLOC: u32 = 10;
    pub const STDIO: u32 = 20;
}

/// Declares a component's fork hooks: `on_fork!(fn name, rank, prepare, parent, child)` with
/// a function name, a [`rank`] and three `fn()` paths. The hooks go into the
/// `limpet_fork_hooks` section, which [`fork_prepare`] and its partners walk; `fn name()`
/// refers to them, and the component calls it on the way to the locks they take, so that a
/// static link keeps them whenever it keeps that code (see the module docs).
#[macro_export]
macro_rules! on_fork {
    ($vis:vis fn $name:ident, $rank:expr, $prepare:path, $parent:path, $child:path) => {
        /// Keeps this component's fork hooks in a static link (see `limpet_pthread::hooks`).
        #[inline(always)]
        $vis fn $name() {
            // Not `#[used]`, which would mark the section retained: this function's
            // reference is what keeps it.
            #[unsafe(link_section = "limpet_fork_hooks")]
            static HOOKS: $crate::hooks::ForkHooks =
                $crate::hooks::ForkHooks { rank: $rank, prepare: $prepare, parent: $parent, child: $child };
            core::hint::black_box(&HOOKS);
        }
    };
}

// The linker defines these around the section when some object has it; when none does,
// they are weak and null.
core::arch::global_asm!(".weak __start_limpet_fork_hooks", ".weak __stop_limpet_fork_hooks");

unsafe extern "C" {
    // Bytes: `ForkHooks` holds Rust `fn` pointers, which are not C types.
    static __start_limpet_fork_hooks: [u8; 0];
    static __stop_limpet_fork_hooks: [u8; 0];
}

/// Every linked component's fork hooks, in link order.
fn fork_hooks() -> impl Iterator<Item = &'static ForkHooks> {
    // SAFETY: the linker bounds the section, which holds only `ForkHooks` statics (each a
    // multiple of its alignment in size, so they lie back to back); both are null without it.
    let all: &'static [ForkHooks] = unsafe {
        let start = __start_limpet_fork_hooks.as_ptr() as *const ForkHooks;
        let stop = __stop_limpet_fork_hooks.as_ptr() as *const ForkHooks;
        if start.is_null() || stop <= start {
            &[]
        } else {
            core::slice::from_raw_parts(start, stop.offset_from(start) as usize)
        }
    };
    all.iter()
}

/// Ranks in use, lowest first, without duplicates (few hooks: a quadratic walk is fine).
fn for_each_by_rank(descending: bool, mut f: impl FnMut(&ForkHooks)) {
    let mut last: Option<u32> = None;
    loop {
        let next = fork_hooks()
            .map(|h| h.rank)
            .filter(|&r| match last {
                None => true,
                Some(l) if descending => r < l,
                Some(l) => r > l,
            })
            .reduce(|a, b| if descending { a.max(b) } else { a.min(b) });
        let Some(r) = next else { return };
        fork_hooks().filter(|h| h.rank == r).for_each(&mut f);
        last = Some(r);
    }
}

/// What [`fork_prepare`] took, which [`fork_parent`] or [`fork_child`] must release.
#[derive(Clone, Copy)]
pub struct Forking {
    /// The `pthread_atfork` registry's lock, and with it the handlers to run after.
    handlers: bool,
    /// The components' locks.
    components: bool,
}

/// Before `fork`'s clone: the `pthread_atfork` prepare handlers, then every component's
/// lock (see the module docs). [`fork_parent`] or [`fork_child`] must follow, given what
/// this returns. While the process has one thread ([`crate::single_threaded`]) the
/// components' locks are not taken (no other thread can hold one), nor the handler
/// registry's when it is empty: leaving them unwritten spares parent and child a page copy
/// for each page they lie on, which is much of what `fork` costs a small process (musl skips
/// them too).
pub fn fork_prepare() -> Forking {
    let handlers = crate::atfork::run_prepare();
    // After the prepare handlers, which may create threads.
    let components = !crate::single_threaded();
    if components {
        for_each_by_rank(true, |h| (h.prepare)());
    }
    Forking { handlers, components }
}

/// After `fork`'s clone in the parent (also when it failed): releases what
/// [`fork_prepare`] took and runs the `pthread_atfork` parent handlers.
///
/// # Safety
/// Must follow [`fork_prepare`] on this thread, with what it returned.
pub unsafe fn fork_parent(f: Forking) {
    // SAFETY: per the contract, fork_prepare took these.
    unsafe {
        if f.components {
            for_each_by_rank(false, |h| (h.parent)());
        }
        crate::atfork::run_parent(f.handlers);
    }
}

/// After `fork`'s clone in the child: resets what [`fork_prepare`] took and runs the
/// `pthread_atfork` child handlers.
///
/// # Safety
/// Must follow [`fork_prepare`] in the parent, on the thread that forked, with what it
/// returned, and run in the child before anything else uses the locks.
pub unsafe fn fork_child(f: Forking) {
    // SAFETY: per the contract, fork_prepare took these in the forking thread, the only one here.
    unsafe {
        if f.components {
            for_each_by_rank(false, |h| (h.child)());
        }
        crate::atfork::run_child(f.handlers);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicU32;

    static A: AtomicU32 = AtomicU32::new(0);
    static B: AtomicU32 = AtomicU32::new(0);
    fn hook_a() {
        A.fetch_add(1, Ordering::Relaxed);
    }
    fn hook_b() {
        // Runs after hook_a, which was registered first.
        B.store(A.load(Ordering::Relaxed) * 10, Ordering::Relaxed);
    }

    static FORK_LOG: std::sync::Mutex<Vec<&str>> = std::sync::Mutex::new(Vec::new());
    fn low_prepare() {
        FORK_LOG.lock().unwrap().push("low prepare");
    }
    fn low_after() {
        FORK_LOG.lock().unwrap().push("low after");
    }
    fn high_prepare() {
        FORK_LOG.lock().unwrap().push("high prepare");
    }
    fn high_after() {
        FORK_LOG.lock().unwrap().push("high after");
    }
    crate::on_fork!(fn keep_low, rank::MALLOC, low_prepare, low_after, low_after);
    crate::on_fork!(fn keep_high, rank::STDIO, high_prepare, high_after, high_after);

    #[test]
    fn fork_hooks_come_from_the_section_in_rank_order() {
        // Declared low rank first, so section order alone would run them the wrong way round.
        keep_low();
        keep_high();
        let is_test_hook = |h: &ForkHooks| h.rank == rank::MALLOC || h.rank == rank::STDIO;
        assert_eq!(fork_hooks().filter(|h| is_test_hook(h)).count(), 2);
        // Hooks other tests keep are left alone: their locks are in use.
        let tests_only = |run: fn(&ForkHooks) -> fn()| {
            move |h: &ForkHooks| {
                if is_test_hook(h) {
                    run(h)()
                }
            }
        };
        for_each_by_rank(true, tests_only(|h| h.prepare));
        for_each_by_rank(false, tests_only(|h| h.parent));
        assert_eq!(*FORK_LOG.lock().unwrap(), ["high prepare", "low prepare", "low after", "high after"]);
    }

    #[test]
    fn hooks_run_in_order_until_the_registry_is_full() {
        on_thread_exit(hook_a).unwrap();
        on_thread_exit(hook_b).unwrap();
        run();
        assert_eq!((A.load(Ordering::Relaxed), B.load(Ordering::Relaxed)), (1, 10));
        for _ in 2..MAX_HOOKS {
            on_thread_exit(hook_a).unwrap();
        }
        assert_eq!(on_thread_exit(hook_a), Err(RegistryFull));
    }
}
