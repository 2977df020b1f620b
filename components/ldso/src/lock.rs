//! The dynamic linker's lock: one for the module list, the loader's heap and the TLS
//! registry. It is recursive, because a constructor that `dlopen` runs may itself call
//! `dlopen`, `dlsym` or `dl_iterate_phdr` (and a `dl_iterate_phdr` callback may too).
//!
//! `fork` takes it (through a fork hook ranked above stdio and the allocator, whose locks a
//! constructor may take while it is held), so a child never finds it held by a thread that
//! does not exist there.
use core::sync::atomic::{AtomicUsize, Ordering};

use limpet_start::lock::Lock;

static LOCK: Lock = Lock::new();
/// The holder's descriptor address (0: free), and how deep it holds the lock.
static OWNER: AtomicUsize = AtomicUsize::new(0);
static mut DEPTH: usize = 0;

fn me() -> usize {
    limpet_start::descriptor::current() as usize
}

/// Proof that the calling thread holds the lock; releases one level when dropped.
pub struct Guard(());

/// Takes the lock (again, if the calling thread holds it).
pub fn lock() -> Guard {
    fork_hooks();
    let me = me();
    if OWNER.load(Ordering::Relaxed) != me {
        LOCK.lock();
        OWNER.store(me, Ordering::Relaxed);
    }
    // SAFETY: only the holder touches DEPTH.
    unsafe { DEPTH += 1 };
    Guard(())
}

impl Drop for Guard {
    fn drop(&mut self) {
        // SAFETY: a Guard exists only in the holder's hands, which alone touch DEPTH.
        unsafe {
            DEPTH -= 1;
            if DEPTH == 0 {
                OWNER.store(0, Ordering::Relaxed);
                LOCK.unlock();
            }
        }
    }
}

fn prepare() {
    core::mem::forget(lock());
}
fn parent() {
    // SAFETY: `prepare` left one level held by this thread.
    drop(Guard(()));
}
fn child() {
    // The forking thread is the child's only thread; its descriptor moved with it, so it
    // still owns the lock under the same address.
    // SAFETY: as in `parent`.
    drop(Guard(()));
}

limpet_start::on_fork!(fn fork_hooks, limpet_start::hooks::rank::LDSO, prepare, parent, child);
