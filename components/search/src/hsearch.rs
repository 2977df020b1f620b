//! `hcreate`, `hsearch` and `hdestroy` over one process-wide table, and their `_r` forms over
//! the caller's `struct hsearch_data`, whose first word points at the table
//! (`crate::table`: the slots, the sizing and the growth).
//!
//! The process-wide table is kept under a lock, which costs no atomic operation while the
//! process has one thread: POSIX lets these three be unsafe in threads, but with the lock
//! concurrent calls at least leave the table whole.
use core::ffi::c_int;
use core::ptr::null_mut;

use limpet_abi::errno::EINVAL;
use limpet_abi::search::{ACTION, Entry, HsearchData};
use limpet_start::lock::Mutex;
use limpet_syscall::set_errno;

use crate::table::Table;

/// The process-wide table, or `None` before `hcreate` and after `hdestroy`.
static GLOBAL: Mutex<Option<Table>> = Mutex::new(None);

/// Finds or enters `item` in the table `*tab`, which is replaced when it grows.
///
/// # Safety
/// `*tab` must be `None` or a live table; `item.key` null or a NUL-terminated string, as
/// every key in the table must be.
unsafe fn search(tab: &mut Option<Table>, item: Entry, action: ACTION) -> Result<*mut Entry, c_int> {
    let Some(t) = *tab else { return Err(EINVAL) };
    if item.key.is_null() {
        return Err(EINVAL);
    }
    // SAFETY: `t` is live and the keys NUL-terminated (the caller's contract).
    let (e, t) = unsafe { t.search(item, action) }?;
    *tab = Some(t);
    Ok(e)
}

/// The table a `struct hsearch_data` holds.
///
/// # Safety
/// `htab` must point at a `struct hsearch_data` that `hcreate_r` filled, or that holds a
/// null pointer.
unsafe fn table_of(htab: *const HsearchData) -> Option<Table> {
    // SAFETY: the pointer it holds is null or one `hcreate_r` stored (the caller's contract).
    let p = unsafe { (*htab).tab };
    // SAFETY: a non-null one is a live table's.
    (!p.is_null()).then(|| unsafe { Table::from_ptr(p) })
}

/// `hcreate(nel)`—Creates the process-wide table, for about `nel` entries: the smallest
/// power of two of at least `nel` slots, 8 at least, as in musl; it grows as entries come.
/// Returns 1, or 0 with ENOMEM when there is not the memory (`hcreate(SIZE_MAX)`). A table
/// already there is freed first (musl drops it without freeing it).
///
/// # Safety
/// No entry pointer into an earlier table may be used afterwards.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn hcreate(nel: usize) -> c_int {
    let mut g = GLOBAL.lock();
    if let Some(old) = g.take() {
        // SAFETY: the caller uses nothing of the old table again.
        unsafe { old.free() };
    }
    match Table::new(nel) {
        Ok(t) => {
            *g = Some(t);
            1
        }
        Err(e) => {
            set_errno(e);
            0
        }
    }
}

/// `hdestroy()`—Frees the process-wide table (not its keys, which are the caller's). Does
/// nothing when there is none.
///
/// # Safety
/// No entry pointer into the table may be used afterwards.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn hdestroy() {
    if let Some(t) = GLOBAL.lock().take() {
        // SAFETY: the caller uses nothing of the table again.
        unsafe { t.free() };
    }
}

/// `hsearch(item, action)`—Looks `item.key` up in the process-wide table. Returns its
/// entry (whose data is left as it was), or, when the key is missing and `action` is
/// `ENTER` (or any value but `FIND`, as in musl), a new entry holding `item` (the key
/// pointer itself, not a copy). Errors, as null with errno: ESRCH when `FIND` finds
/// nothing (glibc's; musl 1.2.3 leaves errno alone), ENOMEM when the table had to grow and
/// could not (nothing is entered), EINVAL without a table (`hcreate` first) or with a null
/// key (both crash musl).
///
/// The table grows when an insertion would fill more than three quarters of its slots,
/// which moves every entry: a returned pointer is valid until the table grows, as in musl.
///
/// # Safety
/// `item.key` must be null or a NUL-terminated string, and every entered key must stay
/// unchanged while the table holds it.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn hsearch(item: Entry, action: ACTION) -> *mut Entry {
    // SAFETY: the lock holds the table still; the keys are the caller's contract.
    match unsafe { search(&mut GLOBAL.lock(), item, action) } {
        Ok(e) => e,
        Err(e) => {
            set_errno(e);
            null_mut()
        }
    }
}

/// `hcreate_r(nel, htab)`—Creates a table in `*htab`, sized as `hcreate`'s. Returns 1, or
/// 0 with ENOMEM (no memory) or EINVAL (`htab` null). What `*htab` held is not looked at,
/// as in musl: a table it held is not freed (`hdestroy_r` first).
///
/// # Safety
/// `htab` must be null or point at a writable `struct hsearch_data`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn hcreate_r(nel: usize, htab: *mut HsearchData) -> c_int {
    if htab.is_null() {
        set_errno(EINVAL);
        return 0;
    }
    match Table::new(nel) {
        Ok(t) => {
            // SAFETY: `htab` points at a writable struct (the caller's contract).
            unsafe { (*htab).tab = t.as_ptr() };
            1
        }
        Err(e) => {
            set_errno(e);
            0
        }
    }
}

/// `hdestroy_r(htab)`—Frees the table in `*htab` (not its keys) and leaves `*htab` without
/// one, so a second call does nothing. EINVAL when `htab` is null.
///
/// # Safety
/// `htab` must be null or point at a `struct hsearch_data` that `hcreate_r` filled, or
/// that holds a null pointer; no entry pointer into the table may be used afterwards.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn hdestroy_r(htab: *mut HsearchData) {
    if htab.is_null() {
        set_errno(EINVAL);
        return;
    }
    // SAFETY: `htab` holds null or a live table (the caller's contract), which it gives up.
    unsafe {
        if let Some(t) = table_of(htab) {
            t.free();
        }
        (*htab).tab = null_mut();
    }
}

/// `hsearch_r(item, action, retval, htab)`—`hsearch` over the table in `*htab`: stores the
/// entry in `*retval` and returns 1, or stores null and returns 0 with errno as `hsearch`
/// sets it (EINVAL also for a null `retval` or `htab`, or an `htab` without a table).
///
/// # Safety
/// As for [`hsearch`] and [`hdestroy_r`]; `retval` must be null or writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn hsearch_r(item: Entry, action: ACTION, retval: *mut *mut Entry, htab: *mut HsearchData) -> c_int {
    if retval.is_null() || htab.is_null() {
        set_errno(EINVAL);
        return 0;
    }
    // SAFETY: `htab` holds null or a live table (the caller's contract).
    let mut tab = unsafe { table_of(htab) };
    // SAFETY: the keys are the caller's contract.
    let r = unsafe { search(&mut tab, item, action) };
    // SAFETY: `htab` and `retval` are writable (the caller's contract); the table may have
    // moved when it grew.
    unsafe {
        (*htab).tab = tab.map_or(null_mut(), Table::as_ptr);
        match r {
            Ok(e) => {
                *retval = e;
                1
            }
            Err(e) => {
                *retval = null_mut();
                set_errno(e);
                0
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::Rng;
    use core::ffi::c_void;
    use limpet_abi::search::{ENTER, FIND};
    use limpet_syscall::{errno, set_errno};
    use std::collections::HashMap;
    use std::ffi::CString;

    fn no_table() -> HsearchData {
        HsearchData { tab: null_mut(), unused1: 0, unused2: 0 }
    }

    fn item(key: &CString, data: usize) -> Entry {
        Entry { key: key.as_ptr().cast_mut(), data: data as *mut c_void }
    }

    /// `hsearch_r`'s result as an option, and errno when it failed.
    fn search_r(key: &CString, data: usize, action: ACTION, htab: &mut HsearchData) -> Result<*mut Entry, c_int> {
        let mut e = null_mut();
        set_errno(0);
        match unsafe { hsearch_r(item(key, data), action, &mut e, htab) } {
            1 => Ok(e),
            _ => {
                assert!(e.is_null());
                Err(errno())
            }
        }
    }

    #[test]
    fn random_operations_agree_with_a_hashmap() {
        let mut rng = Rng::new(0xa5a5_1234);
        let mut htab = no_table();
        assert_eq!(unsafe { hcreate_r(0, &mut htab) }, 1);
        // Keys from a pool twice the size of what gets entered, so that FIND misses too.
        let pool: Vec<CString> = (0..40_000).map(|i| CString::new(format!("key-{i}-{}", i * 7 % 13)).unwrap()).collect();
        let mut model: HashMap<usize, usize> = HashMap::new();
        for op in 0..100_000usize {
            let k = rng.below(pool.len());
            if rng.below(2) == 0 {
                let e = search_r(&pool[k], op, ENTER, &mut htab).unwrap();
                let data = *model.entry(k).or_insert(op);
                assert_eq!(unsafe { (*e).data } as usize, data);
                assert_eq!(unsafe { (*e).key }.cast_const(), pool[k].as_ptr());
            } else {
                match (search_r(&pool[k], 0, FIND, &mut htab), model.get(&k)) {
                    (Ok(e), Some(&data)) => assert_eq!(unsafe { (*e).data } as usize, data),
                    (Err(e), None) => assert_eq!(e, limpet_abi::errno::ESRCH),
                    (r, m) => panic!("key {k}: table {r:?}, model {m:?}"),
                }
            }
        }
        // Every key, by an equal string at another address.
        for (&k, &data) in &model {
            let copy = pool[k].clone();
            let e = search_r(&copy, 0, FIND, &mut htab).unwrap();
            assert_eq!(unsafe { (*e).data } as usize, data);
        }
        unsafe { hdestroy_r(&mut htab) };
        assert!(htab.tab.is_null());
        unsafe { hdestroy_r(&mut htab) };
    }

    #[test]
    fn the_table_grows_where_musls_does() {
        // The first key's entry moves exactly when the table grows: musl's counts, from
        // `hcreate_r(n)` to n's power of two (8 at least), growing past three quarters.
        for (n, moves) in [(0, [7, 13, 25, 49]), (9, [13, 25, 49, 97]), (100, [97, 193, 385, 769])] {
            let mut htab = no_table();
            assert_eq!(unsafe { hcreate_r(n, &mut htab) }, 1);
            let keys: Vec<CString> = (0..800).map(|i| CString::new(format!("k{i}")).unwrap()).collect();
            let mut first = search_r(&keys[0], 0, ENTER, &mut htab).unwrap();
            let mut seen = Vec::new();
            for (i, k) in keys.iter().enumerate().skip(1) {
                search_r(k, i, ENTER, &mut htab).unwrap();
                let now = search_r(&keys[0], 0, FIND, &mut htab).unwrap();
                if now != first {
                    seen.push(i + 1);
                    first = now;
                }
            }
            assert_eq!(seen[..4], moves, "hcreate_r({n})");
            unsafe { hdestroy_r(&mut htab) };
        }
    }

    #[test]
    fn entering_an_entered_key_keeps_its_data_and_any_action_but_find_enters() {
        let mut htab = no_table();
        assert_eq!(unsafe { hcreate_r(4, &mut htab) }, 1);
        let (a, b) = (CString::new("a").unwrap(), CString::new("b").unwrap());
        let e = search_r(&a, 1, ENTER, &mut htab).unwrap();
        assert_eq!(search_r(&a, 2, ENTER, &mut htab).unwrap(), e);
        assert_eq!(unsafe { (*e).data } as usize, 1);
        assert!(search_r(&b, 3, 7, &mut htab).is_ok());
        assert!(search_r(&b, 0, FIND, &mut htab).is_ok());
        unsafe { hdestroy_r(&mut htab) };
    }

    #[test]
    fn errors_set_errno() {
        let mut htab = no_table();
        let a = CString::new("a").unwrap();
        // No table yet.
        assert_eq!(search_r(&a, 0, FIND, &mut htab), Err(EINVAL));
        for n in [usize::MAX, usize::MAX / 2 + 1, 1 << 60] {
            set_errno(0);
            assert_eq!(unsafe { hcreate_r(n, &mut htab) }, 0);
            assert_eq!(errno(), limpet_abi::errno::ENOMEM);
            assert!(htab.tab.is_null());
        }
        set_errno(0);
        assert_eq!(unsafe { hcreate_r(1, null_mut()) }, 0);
        assert_eq!(errno(), EINVAL);
        assert_eq!(unsafe { hcreate_r(1, &mut htab) }, 1);
        let null_key = Entry { key: null_mut(), data: null_mut() };
        let mut e = null_mut();
        set_errno(0);
        assert_eq!(unsafe { hsearch_r(null_key, ENTER, &mut e, &mut htab) }, 0);
        assert_eq!(errno(), EINVAL);
        set_errno(0);
        assert_eq!(unsafe { hsearch_r(item(&a, 0), ENTER, null_mut(), &mut htab) }, 0);
        assert_eq!(errno(), EINVAL);
        set_errno(0);
        assert_eq!(unsafe { hsearch_r(item(&a, 0), ENTER, &mut e, null_mut()) }, 0);
        assert_eq!(errno(), EINVAL);
        set_errno(0);
        unsafe { hdestroy_r(null_mut()) };
        assert_eq!(errno(), EINVAL);
        unsafe { hdestroy_r(&mut htab) };
    }

    /// The only test of the process-wide table, which the tests' threads would share.
    #[test]
    fn the_process_wide_table() {
        let keys: Vec<CString> = (0..1000).map(|i| CString::new(format!("{i}")).unwrap()).collect();
        set_errno(0);
        assert!(unsafe { hsearch(item(&keys[0], 0), FIND) }.is_null());
        assert_eq!(errno(), EINVAL);
        assert_eq!(unsafe { hcreate(10) }, 1);
        for (i, k) in keys.iter().enumerate() {
            assert!(!unsafe { hsearch(item(k, i), ENTER) }.is_null());
        }
        for (i, k) in keys.iter().enumerate() {
            assert_eq!(unsafe { (*hsearch(item(k, 0), FIND)).data } as usize, i);
        }
        set_errno(0);
        assert!(unsafe { hsearch(item(&CString::new("x").unwrap(), 0), FIND) }.is_null());
        assert_eq!(errno(), limpet_abi::errno::ESRCH);
        // A second hcreate starts afresh.
        assert_eq!(unsafe { hcreate(0) }, 1);
        assert!(unsafe { hsearch(item(&keys[1], 0), FIND) }.is_null());
        unsafe { hdestroy() };
        unsafe { hdestroy() };
        set_errno(0);
        assert_eq!(unsafe { hcreate(usize::MAX) }, 0);
        assert_eq!(errno(), limpet_abi::errno::ENOMEM);
        assert!(unsafe { hsearch(item(&keys[0], 0), ENTER) }.is_null());
    }
}
