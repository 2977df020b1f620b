//! Hooks: how other components take part in `fork` and in `exit` without this crate
//! naming them.
//!
//! Per-thread state and what runs when a thread ends are [`crate::slot`]s.
//!
//! **Exit hooks.** A component with work to finish when the process exits (stdio's flush)
//! links a static [`ExitHook`] in with [`at_exit`] the first time it has such work; `exit`
//! runs the linked hooks after the atexit handlers and the fini arrays, last linked first.
//! The list is intrusive, so there is no limit and nothing is allocated, and a program that
//! never needs the work never touches the component at exit.
//!
//! **Fork hooks.** A component with a lock that a child of `fork` must find whole (the
//! allocator's heap lock, the stdio stream locks) declares a [`ForkHooks`] with the
//! [`on_fork!`](crate::on_fork) macro: `prepare` takes its locks, `parent` and `child`
//! release them (in the child, only the forking thread is left, and it holds them). The
//! process component's `fork` calls [`fork_prepare`] before the clone and [`fork_parent`] or
//! [`fork_child`] after it, which run, in order:
//! 1. the hooks ranked [`rank::UNCONDITIONAL`] or above (limpet-pthread's `pthread_atfork`
//!    prepare handlers), highest rank first, whether or not the process has one thread;
//! 2. the other hooks, highest [`rank`] first, skipped while the process has one thread (no
//!    other thread can hold a lock); `_Fork` then takes the thread list's lock around the
//!    clone itself;
//!
//! and after the clone the same in reverse: the `parent` or `child` hooks lowest rank
//! first.
//!
//! The hooks live in the linker section `limpet_fork_hooks`, which `fork` walks: nothing
//! runs at start-up, no thread can take a lock before its hooks exist, and there is no limit
//! on their number. `on_fork!` also
//! defines a function that names the hooks, which the component calls on the way to its
//! lock: it costs nothing at run time, but it is the reference that keeps the hooks in a
//! static program exactly when the program uses the component. The section's statics are
//! not marked retained, and `limpet-gcc` links static programs with `-z start-stop-gc`, so
//! the linker's `__start_`/`__stop_` symbols do not keep every hook alive by themselves:
//! otherwise each static program would carry the allocator, stdio and the
//! named-semaphore table whether it used them or not. (libc.so keeps them all, as it must.)
use core::ptr;
use core::sync::atomic::{AtomicBool, AtomicPtr, Ordering};

use crate::imports::{__start_limpet_fork_hooks, __stop_limpet_fork_hooks};

/// Work for `exit` to do (see the module docs): a static, linked in by [`at_exit`].
pub struct ExitHook {
    run: fn(),
    next: AtomicPtr<ExitHook>,
    linked: AtomicBool,
}

impl ExitHook {
    pub const fn new(run: fn()) -> Self {
        ExitHook { run, next: AtomicPtr::new(ptr::null_mut()), linked: AtomicBool::new(false) }
    }
}

/// The most recently linked exit hook.
static EXIT_HOOKS: AtomicPtr<ExitHook> = AtomicPtr::new(ptr::null_mut());
/// The most recently linked hook of [`at_exit_first`].
static EXIT_FIRST_HOOKS: AtomicPtr<ExitHook> = AtomicPtr::new(ptr::null_mut());

/// Makes `exit` run `hook`; linking it again does nothing. Safe from any thread.
pub fn at_exit(hook: &'static ExitHook) {
    link(&EXIT_HOOKS, hook);
}

/// Makes `exit` run `hook` before anything else, before the atexit handlers: the calling
/// thread's thread-exit destructors run there (as glibc runs them), while stdio and every
/// module are still whole.
pub fn at_exit_first(hook: &'static ExitHook) {
    link(&EXIT_FIRST_HOOKS, hook);
}

fn link(list: &AtomicPtr<ExitHook>, hook: &'static ExitHook) {
    if hook.linked.swap(true, Ordering::AcqRel) {
        return;
    }
    let me = hook as *const ExitHook as *mut ExitHook;
    let mut head = list.load(Ordering::Acquire);
    loop {
        hook.next.store(head, Ordering::Relaxed);
        match list.compare_exchange_weak(head, me, Ordering::AcqRel, Ordering::Acquire) {
            Ok(_) => return,
            Err(now) => head = now,
        }
    }
}

/// Runs the hooks of [`at_exit_first`], last linked first.
pub(crate) fn run_exit_first_hooks() {
    run_list(&EXIT_FIRST_HOOKS);
}

/// Runs the linked exit hooks, last linked first.
pub(crate) fn run_exit_hooks() {
    run_list(&EXIT_HOOKS);
}

fn run_list(list: &AtomicPtr<ExitHook>) {
    let mut h = list.load(Ordering::Acquire);
    while !h.is_null() {
        // SAFETY: only `&'static ExitHook`s are linked.
        let hook = unsafe { &*h };
        (hook.run)();
        h = hook.next.load(Ordering::Relaxed);
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
    /// limpet-pthread's own tables (keys, the stack cache), which call nothing while locked.
    pub const PTHREAD: u32 = 0;
    /// The named-semaphore table: a leaf (nothing else is locked while it is held).
    pub const SEM_NAMED: u32 = 5;
    pub const MALLOC: u32 = 10;
    pub const STDIO: u32 = 20;
    /// The dynamic linker's lock, held while constructors run (which may use stdio).
    pub const LDSO: u32 = 30;
    /// Hooks at or above this rank run even while the process has one thread.
    pub const UNCONDITIONAL: u32 = 1000;
    /// The program's `pthread_atfork` handlers: their prepare handlers run before anything
    /// else (and may create threads), their parent and child handlers after everything.
    pub const ATFORK: u32 = UNCONDITIONAL;
}

/// Declares a component's fork hooks: `on_fork!(fn name, rank, prepare, parent, child)` with
/// a function name, a [`rank`] and three `fn()` paths. The hooks go into the
/// `limpet_fork_hooks` section, which [`fork_prepare`] and its partners walk; `fn name()`
/// refers to them, and the component calls it on the way to the locks they take, so that a
/// static link keeps them whenever it keeps that code (see the module docs).
#[macro_export]
macro_rules! on_fork {
    ($vis:vis fn $name:ident, $rank:expr, $prepare:path, $parent:path, $child:path) => {
        /// Keeps this component's fork hooks in a static link (see `limpet_start::hooks`).
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

// The linker defines the section's bounds (`crate::imports`) when some object has it; when
// none does, they are weak and null. The directive stays beside their one use, so that it is
// in the object that refers to them.
core::arch::global_asm!(".weak __start_limpet_fork_hooks", ".weak __stop_limpet_fork_hooks");

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

/// Calls `f` on the hooks whose rank `keep` accepts, by rank (highest first when
/// `descending`) and, within a rank, in link order. Few hooks: a quadratic walk is fine.
fn for_each_by_rank(descending: bool, keep: impl Fn(u32) -> bool, mut f: impl FnMut(&ForkHooks)) {
    let mut last: Option<u32> = None;
    loop {
        let next = fork_hooks()
            .map(|h| h.rank)
            .filter(|&r| keep(r))
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

fn unconditional(r: u32) -> bool {
    r >= rank::UNCONDITIONAL
}

/// What [`fork_prepare`] took, which [`fork_parent`] or [`fork_child`] must release.
#[derive(Clone, Copy)]
pub struct Forking {
    /// Whether the ordinary hooks ran (the process had other threads).
    components: bool,
}

/// Before `fork`'s clone: the unconditional hooks (the `pthread_atfork` prepare handlers),
/// then every component's lock (see the module docs). [`fork_parent`] or [`fork_child`] must
/// follow, given what this returns. While the process has one thread
/// ([`crate::single_threaded`]) the components' locks are not taken (no other thread can hold
/// one): leaving them unwritten spares parent and child a page copy for each page they lie
/// on, which is much of what `fork` costs a small process (musl skips them too).
pub fn fork_prepare() -> Forking {
    for_each_by_rank(true, unconditional, |h| (h.prepare)());
    // After the prepare handlers, which may create threads.
    let components = !crate::single_threaded();
    if components {
        for_each_by_rank(true, |r| !unconditional(r), |h| (h.prepare)());
    }
    Forking { components }
}

/// After `fork`'s clone in the parent (also when it failed): releases what
/// [`fork_prepare`] took, then runs the unconditional hooks' `parent`.
///
/// # Safety
/// Must follow [`fork_prepare`] on this thread, with what it returned.
pub unsafe fn fork_parent(f: Forking) {
    if f.components {
        for_each_by_rank(false, |r| !unconditional(r), |h| (h.parent)());
    }
    for_each_by_rank(false, unconditional, |h| (h.parent)());
}

/// After `fork`'s clone in the child: resets what [`fork_prepare`] took, then runs the
/// unconditional hooks' `child`.
///
/// # Safety
/// Must follow [`fork_prepare`] in the parent, on the thread that forked, with what it
/// returned, and run in the child before anything else uses the locks.
pub unsafe fn fork_child(f: Forking) {
    if f.components {
        for_each_by_rank(false, |r| !unconditional(r), |h| (h.child)());
    }
    for_each_by_rank(false, unconditional, |h| (h.child)());
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    static FORK_LOG: Mutex<Vec<&str>> = Mutex::new(Vec::new());
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
    fn always_prepare() {
        FORK_LOG.lock().unwrap().push("always prepare");
    }
    fn always_after() {
        FORK_LOG.lock().unwrap().push("always after");
    }
    crate::on_fork!(fn keep_low, rank::MALLOC, low_prepare, low_after, low_after);
    crate::on_fork!(fn keep_high, rank::STDIO, high_prepare, high_after, high_after);
    crate::on_fork!(fn keep_always, rank::ATFORK, always_prepare, always_after, always_after);

    #[test]
    fn fork_hooks_come_from_the_section_in_rank_order() {
        // Declared low rank first, so section order alone would run them the wrong way round.
        keep_low();
        keep_high();
        keep_always();
        let ours = [rank::MALLOC, rank::STDIO, rank::ATFORK];
        assert_eq!(fork_hooks().filter(|h| ours.contains(&h.rank)).count(), 3);
        // Hooks other tests keep are left alone: their locks are in use.
        let only_ours = |r: u32| ours.contains(&r);
        for_each_by_rank(true, |r| only_ours(r) && unconditional(r), |h| (h.prepare)());
        for_each_by_rank(true, |r| only_ours(r) && !unconditional(r), |h| (h.prepare)());
        for_each_by_rank(false, |r| only_ours(r) && !unconditional(r), |h| (h.parent)());
        for_each_by_rank(false, |r| only_ours(r) && unconditional(r), |h| (h.parent)());
        assert_eq!(
            *FORK_LOG.lock().unwrap(),
            ["always prepare", "high prepare", "low prepare", "low after", "high after", "always after"]
        );
    }

    static EXIT_LOG: Mutex<Vec<u8>> = Mutex::new(Vec::new());
    fn first() {
        EXIT_LOG.lock().unwrap().push(1);
    }
    fn second() {
        EXIT_LOG.lock().unwrap().push(2);
    }
    static FIRST: ExitHook = ExitHook::new(first);
    static SECOND: ExitHook = ExitHook::new(second);

    #[test]
    fn exit_hooks_run_last_linked_first_and_link_once() {
        at_exit(&FIRST);
        at_exit(&SECOND);
        at_exit(&FIRST);
        run_exit_hooks();
        assert_eq!(*EXIT_LOG.lock().unwrap(), [2, 1]);
    }
}
