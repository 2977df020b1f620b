//! Unloading: which modules `dlclose` may remove, and the removal.
//!
//! A module stays loaded while any of these holds it:
//! - it was loaded at start-up, with `RTLD_NODELETE` (or linked `-z nodelete`), or it has
//!   initial-exec TLS in the static surplus (`life.permanent`);
//! - a `dlopen` of it has no matching `dlclose` yet (`life.opens`);
//! - a thread-exit destructor registered from it has not run yet (`life.pins`);
//! - a module that stays loaded needs it (`DT_NEEDED`) or bound one of its symbols when it
//!   was relocated (`life.bound`).
//!
//! After each `dlclose` (and when a pin is released), [`sweep`] marks what these hold, from
//! the modules held directly along the needed and bound edges, so cycles between modules
//! do not keep them alive, and removes the rest: first every destructor, the last
//! constructed module first (a module before what it depends on), then their TLS blocks in
//! every thread, their mappings and their descriptors.
use limpet_abi::dlfcn::{RT_CONSISTENT, RT_DELETE};
use limpet_syscall::{nr, syscall2};

use crate::dso::Dso;

/// The modules a module holds: its dependencies and the modules it bound to.
///
/// # Safety
/// `d` is live.
unsafe fn held(d: *mut Dso) -> impl Iterator<Item = *mut Dso> {
    // SAFETY: both arrays hold as many live entries as their counts say.
    unsafe {
        let x = &*d;
        let deps = (0..x.ndeps).map(move |i| *x.deps.add(i));
        let bound = (0..x.life.nbound).map(move |i| *x.life.bound.add(i));
        deps.chain(bound)
    }
}

/// Removes every module nothing holds any more.
///
/// # Safety
/// Under the dynamic linker's lock, in a dynamically linked process.
pub unsafe fn sweep() {
    // SAFETY: under the lock, the list and its modules are ours to read and change.
    unsafe {
        let st = crate::state::get();
        let mut any = false;
        for d in st.list.iter() {
            let l = &mut (*d).life;
            l.mark = l.permanent || l.opens > 0 || l.pins > 0 || l.dying;
            any |= !l.mark;
        }
        if !any {
            return;
        }
        loop {
            let mut changed = false;
            for d in st.list.iter() {
                if !(*d).life.mark {
                    continue;
                }
                for h in held(d) {
                    if !(*h).life.mark {
                        (*h).life.mark = true;
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
        crate::debug::changed(RT_DELETE);
        for d in st.list.iter() {
            if !(*d).life.mark {
                (*d).life.dying = true;
            }
        }
        crate::init::destruct_dying();
        // A destructor may have run a nested sweep, which removed its own victims; what is
        // still dying here is this sweep's.
        let mut d = st.list.head;
        while !d.is_null() {
            let next = (*d).next;
            if (*d).life.dying && !(*d).life.constructed {
                remove(d);
                st.subs += 1;
            }
            d = next;
        }
        crate::debug::changed(RT_CONSISTENT);
    }
}

/// Takes a module out of the process: its TLS, its mapping, its list entry, its memory
/// (start-up's descriptors are the loader's for ever; only `dlopen`'s are freed).
///
/// # Safety
/// Under the dynamic linker's lock; `d` is dying and its destructors have run.
unsafe fn remove(d: *mut Dso) {
    // SAFETY: per the contract, nothing refers to the module any more.
    unsafe {
        if (*d).has_tls {
            crate::tls::unregister(d);
        }
        syscall2(nr::MUNMAP, (*d).map, (*d).map_len);
        crate::state::get().list.remove(d);
        if (*d).life.on_heap {
            crate::dso::free_dso(d);
        }
    }
}

/// Undoes a `dlopen` that failed: removes the modules it added (from `first` to the end of
/// the list), whose constructors never ran.
///
/// # Safety
/// Under the dynamic linker's lock; `first` is in the list.
pub unsafe fn discard_from(first: *mut Dso) {
    // SAFETY: the modules from `first` on are this dlopen's, referred to by no one else.
    unsafe {
        let mut d = first;
        while !d.is_null() {
            let next = (*d).next;
            (*d).life.dying = true;
            remove(d);
            d = next;
        }
    }
}
