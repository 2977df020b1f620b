//! Thread-specific data: `pthread_key_create`, `pthread_key_delete`, `pthread_getspecific`,
//! `pthread_setspecific`, and the destructor rounds at thread exit.
//!
//! There are `PTHREAD_KEYS_MAX` slots. Each has a generation counter, odd while the slot is
//! in use, and a key names a slot and a generation (`generation << 7 | slot`), so a key is
//! never zero and a deleted key never matches its slot's next user. Each thread keeps, per
//! slot, the key its value was stored under ([`Tsd`], inside the thread descriptor): a value
//! stored under a deleted key simply stops matching. So `pthread_key_delete` need not visit
//! every thread, and a new key reads as NULL in every thread, as POSIX requires.
use core::ffi::c_void;
use core::ptr;
use core::sync::atomic::{AtomicU32, AtomicUsize, Ordering};

use limpet_syscall::errno::{EAGAIN, EINVAL};

use crate::abi::{PTHREAD_DESTRUCTOR_ITERATIONS, PTHREAD_KEYS_MAX, PthreadKey};
use crate::lock::Lock;

/// A key's destructor, `void (*)(void *)`.
pub type Destructor = unsafe extern "C" fn(*mut c_void);

const SLOT_BITS: u32 = 7;
const SLOT_MASK: u32 = (1 << SLOT_BITS) - 1;
const _: () = assert!(PTHREAD_KEYS_MAX == 1 << SLOT_BITS);

/// Per-slot generation: odd while the slot is in use.
static GENERATION: [AtomicU32; PTHREAD_KEYS_MAX] = [const { AtomicU32::new(0) }; PTHREAD_KEYS_MAX];
/// Per-slot destructor, as a function address (0 for none).
static DESTRUCTOR: [AtomicUsize; PTHREAD_KEYS_MAX] = [const { AtomicUsize::new(0) }; PTHREAD_KEYS_MAX];
/// Serialises creation and deletion; lookups need no lock.
static TABLE_LOCK: Lock = Lock::new();

fn key_of(slot: usize, generation: u32) -> PthreadKey {
    generation.wrapping_shl(SLOT_BITS) | slot as u32
}

fn slot_of(key: PthreadKey) -> usize {
    (key & SLOT_MASK) as usize
}

/// Whether `key` names a slot's current generation.
fn is_live(key: PthreadKey) -> bool {
    let g = GENERATION[slot_of(key)].load(Ordering::Acquire);
    g & 1 == 1 && key_of(slot_of(key), g) == key
}

pub use limpet_start::descriptor::Tsd;

/// The operations on a thread's [`Tsd`] (in its descriptor, limpet-start's).
pub trait TsdExt {
    /// The value stored under `key`, or null.
    fn get(&self, key: PthreadKey) -> *mut c_void;
    /// Stores `value` under `key`; `EINVAL` when `key` is not a live key.
    fn set(&mut self, key: PthreadKey, value: *mut c_void) -> Result<(), i32>;
    /// Runs the destructors of this thread's non-null values, in rounds: a destructor may
    /// store new values, which the next round handles, for at most
    /// `PTHREAD_DESTRUCTOR_ITERATIONS` rounds. Each value is cleared before its destructor
    /// is called with it.
    ///
    /// # Safety
    /// The destructors are the program's; they run on the calling thread.
    unsafe fn run_destructors(&mut self);
}

impl TsdExt for Tsd {
    fn get(&self, key: PthreadKey) -> *mut c_void {
        let s = slot_of(key);
        if self.keys[s] == key { self.values[s] } else { ptr::null_mut() }
    }

    fn set(&mut self, key: PthreadKey, value: *mut c_void) -> Result<(), i32> {
        if !is_live(key) {
            return Err(EINVAL);
        }
        let s = slot_of(key);
        self.keys[s] = key;
        self.values[s] = value;
        Ok(())
    }

    unsafe fn run_destructors(&mut self) {
        for _ in 0..PTHREAD_DESTRUCTOR_ITERATIONS {
            let mut ran = false;
            for (s, destructor) in DESTRUCTOR.iter().enumerate() {
                let (key, value) = (self.keys[s], self.values[s]);
                if value.is_null() || !is_live(key) {
                    continue;
                }
                self.values[s] = ptr::null_mut();
                let d = destructor.load(Ordering::Acquire);
                if d != 0 {
                    // SAFETY: only `Destructor` addresses are stored (key_create).
                    let d: Destructor = unsafe { core::mem::transmute::<usize, Destructor>(d) };
                    // SAFETY: the program registered it for this key's values.
                    unsafe { d(value) };
                    ran = true;
                }
            }
            if !ran {
                break;
            }
        }
    }
}

/// Claims a free slot for a new key with destructor `d`.
pub fn create(d: Option<Destructor>) -> Result<PthreadKey, i32> {
    keep_fork_hooks();
    TABLE_LOCK.lock();
    let mut found = Err(EAGAIN);
    for s in 0..PTHREAD_KEYS_MAX {
        let g = GENERATION[s].load(Ordering::Relaxed);
        if g & 1 == 0 {
            DESTRUCTOR[s].store(d.map_or(0, |f| f as usize), Ordering::Relaxed);
            // Release: a thread that sees the key live also sees its destructor.
            GENERATION[s].store(g.wrapping_add(1), Ordering::Release);
            found = Ok(key_of(s, g.wrapping_add(1)));
            break;
        }
    }
    // SAFETY: taken above.
    unsafe { TABLE_LOCK.unlock() };
    found
}

/// Frees `key`'s slot; values stored under it are forgotten, without destructors.
pub fn delete(key: PthreadKey) -> Result<(), i32> {
    keep_fork_hooks();
    TABLE_LOCK.lock();
    let r = if is_live(key) {
        let s = slot_of(key);
        GENERATION[s].fetch_add(1, Ordering::Release);
        Ok(())
    } else {
        Err(EINVAL)
    };
    // SAFETY: taken above.
    unsafe { TABLE_LOCK.unlock() };
    r
}

/// Before `fork`: a child must not inherit the table locked by another thread.
fn lock_table_for_fork() {
    TABLE_LOCK.lock();
}

fn unlock_table_after_fork() {
    // SAFETY: the fork hooks run this only after lock_table_for_fork, on the forking thread.
    unsafe { TABLE_LOCK.unlock() };
}

limpet_start::on_fork!(fn keep_fork_hooks, crate::hooks::rank::PTHREAD, lock_table_for_fork, unlock_table_after_fork, unlock_table_after_fork);

/// The calling thread's values.
fn my_tsd() -> *mut Tsd {
    // SAFETY: the thread pointer points at a live descriptor once start-up has run.
    unsafe { &raw mut (*crate::current()).tsd }
}

/// `pthread_key_create(key, destructor)`—Creates a key, stores it in `*key`; every thread's
/// value for it starts as NULL. At thread exit, `destructor` (if not null) is called with
/// each non-null value. `EAGAIN` when all `PTHREAD_KEYS_MAX` keys are in use.
///
/// # Safety
/// `key` must be valid for writes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn pthread_key_create(key: *mut PthreadKey, destructor: Option<Destructor>) -> core::ffi::c_int {
    match create(destructor) {
        Ok(k) => {
            // SAFETY: per the contract.
            unsafe { *key = k };
            0
        }
        Err(e) => e,
    }
}

/// `pthread_key_delete(key)`—Deletes `key` without calling any destructor. `EINVAL` when
/// `key` is not a live key.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn pthread_key_delete(key: PthreadKey) -> core::ffi::c_int {
    match delete(key) {
        Ok(()) => 0,
        Err(e) => e,
    }
}

/// `pthread_getspecific(key)`—The calling thread's value for `key`, or NULL if it stored
/// none (or `key` is not live).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn pthread_getspecific(key: PthreadKey) -> *mut c_void {
    // SAFETY: the descriptor's data is only touched by its own thread.
    unsafe { (*my_tsd()).get(key) }
}

/// `pthread_setspecific(key, value)`—Sets the calling thread's value for `key`. `EINVAL`
/// when `key` is not a live key.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn pthread_setspecific(key: PthreadKey, value: *const c_void) -> core::ffi::c_int {
    // SAFETY: the descriptor's data is only touched by its own thread.
    match unsafe { (*my_tsd()).set(key, value as *mut c_void) } {
        Ok(()) => 0,
        Err(e) => e,
    }
}

#[cfg(test)]
mod tests {
    //! The exported functions reach the calling thread's limpet descriptor, which a std test
    //! binary does not have; these tests drive the same logic on private [`Tsd`]s, and the C
    //! programs `tests/c/pthread_key*.c` test the exported functions.
    use super::*;
    use std::cell::RefCell;
    use std::sync::Mutex;

    // The slot table is global and tests run in parallel: they take turns.
    static SERIAL: Mutex<()> = Mutex::new(());
    fn serial() -> std::sync::MutexGuard<'static, ()> {
        SERIAL.lock().unwrap_or_else(|e| e.into_inner())
    }
    static LOG: Mutex<Vec<usize>> = Mutex::new(Vec::new());
    thread_local! {
        static CURRENT: RefCell<*mut Tsd> = const { RefCell::new(ptr::null_mut()) };
        static RESET_KEY: RefCell<PthreadKey> = const { RefCell::new(0) };
    }

    unsafe extern "C" fn log_value(v: *mut c_void) {
        LOG.lock().unwrap().push(v as usize);
    }

    /// Stores its value + 1 again until it reaches 1005.
    unsafe extern "C" fn store_again(v: *mut c_void) {
        LOG.lock().unwrap().push(v as usize);
        let next = v as usize + 1;
        if next <= 1005 {
            let key = RESET_KEY.with(|k| *k.borrow());
            CURRENT.with(|c| unsafe { (**c.borrow()).set(key, next as *mut c_void) }).unwrap();
        }
    }

    #[test]
    fn values_are_per_key_and_start_null() {
        let _g = serial();
        let a = create(None).unwrap();
        let b = create(None).unwrap();
        assert_ne!(a, b);
        assert_ne!(a, 0);
        let mut t1 = Tsd::new();
        let mut t2 = Tsd::new();
        assert!(t1.get(a).is_null());
        t1.set(a, 10 as *mut c_void).unwrap();
        t1.set(b, 20 as *mut c_void).unwrap();
        t2.set(a, 30 as *mut c_void).unwrap();
        assert_eq!((t1.get(a) as usize, t1.get(b) as usize, t2.get(a) as usize, t2.get(b) as usize), (10, 20, 30, 0));
        delete(a).unwrap();
        assert_eq!(delete(a), Err(EINVAL));
        assert_eq!(t1.set(a, ptr::dangling_mut()), Err(EINVAL));
        delete(b).unwrap();
    }

    #[test]
    fn slot_reuse_reads_null() {
        let _g = serial();
        let a = create(None).unwrap();
        let mut t = Tsd::new();
        t.set(a, 5 as *mut c_void).unwrap();
        delete(a).unwrap();
        // Slots are handed out lowest first, so the freed one comes back at once.
        let k = create(None).unwrap();
        assert_eq!(slot_of(k), slot_of(a));
        assert_ne!(k, a);
        assert!(t.get(k).is_null());
        delete(k).unwrap();
    }

    #[test]
    fn all_keys_can_be_used_then_eagain() {
        let _g = serial();
        let mut made = vec![];
        let err = loop {
            match create(None) {
                Ok(k) => made.push(k),
                Err(e) => break e,
            }
        };
        assert_eq!(err, EAGAIN);
        assert!(made.len() <= PTHREAD_KEYS_MAX);
        for k in made {
            delete(k).unwrap();
        }
    }

    #[test]
    fn destructors_run_in_at_most_four_rounds() {
        let _g = serial();
        let logged = create(Some(log_value)).unwrap();
        let silent = create(None).unwrap();
        let again = create(Some(store_again)).unwrap();
        let deleted = create(Some(log_value)).unwrap();
        let mut t = Tsd::new();
        t.set(logged, 7 as *mut c_void).unwrap();
        t.set(silent, 8 as *mut c_void).unwrap();
        t.set(again, 1000 as *mut c_void).unwrap();
        t.set(deleted, 9 as *mut c_void).unwrap();
        delete(deleted).unwrap();
        RESET_KEY.with(|k| *k.borrow_mut() = again);
        CURRENT.with(|c| *c.borrow_mut() = &raw mut t);
        LOG.lock().unwrap().clear();
        unsafe { t.run_destructors() };
        let mut log = LOG.lock().unwrap().clone();
        log.sort();
        // Round 1: 7 and 1000; rounds 2..4: 1001, 1002, 1003; 1004 is left behind.
        assert_eq!(log, vec![7, 1000, 1001, 1002, 1003]);
        assert_eq!(t.get(again) as usize, 1004);
        assert!(t.get(logged).is_null());
        assert!(t.get(silent).is_null());
        for k in [logged, silent, again] {
            delete(k).unwrap();
        }
    }
}
