//! Constructors and destructors of the loaded modules.
//!
//! Constructors run dependencies first (a depth-first walk of `DT_NEEDED`, the program
//! last), preceded by the program's `DT_PREINIT_ARRAY`. Each module's `DT_INIT` runs before
//! its `DT_INIT_ARRAY`. Destructors run in the reverse order of construction: each
//! module's `DT_FINI_ARRAY` backwards, then its `DT_FINI`.
use core::ptr;

use limpet_syscall::elf::*;

use crate::dso::Dso;

type Hook = unsafe extern "C" fn();

/// The most recently constructed module, the head of the destructor list, lives in the
/// loader's state ([`crate::state::fini_head`]).

/// Calls the functions of a module's array at `(tag, size tag)`, optionally backwards.
///
/// # Safety
/// The array must hold valid function pointers (already relocated).
unsafe fn run_array(d: &Dso, tag: isize, size_tag: isize, backwards: bool) {
    let start = d.dynval(tag);
    if start == 0 {
        return;
    }
    let n = d.dynval(size_tag) / size_of::<usize>();
    let arr = (d.base + start) as *const usize;
    for i in 0..n {
        let i = if backwards { n - 1 - i } else { i };
        // SAFETY: `i < n`; entries 0 and -1 mean "nothing", as some linkers emit them.
        unsafe {
            let f = *arr.add(i);
            if f != 0 && f != usize::MAX {
                core::mem::transmute::<usize, Hook>(f)();
            }
        }
    }
}

/// Constructs `d` after its dependencies (those not constructed yet).
///
/// # Safety
/// Start-up, or `dlopen` under the dynamic linker's lock; `d` and its dependencies are
/// relocated.
pub unsafe fn construct(d: *mut Dso) {
    // SAFETY: per the contract; the walk marks each module once, so cycles end.
    unsafe {
        if (*d).init_visited {
            return;
        }
        (*d).init_visited = true;
        for i in 0..(*d).ndeps {
            construct(*(*d).deps.add(i));
        }
        let dso = &*d;
        if dso.is_libc {
            return;
        }
        if dso.dynval(DT_INIT) != 0 {
            core::mem::transmute::<usize, Hook>(dso.base + dso.dynval(DT_INIT))();
        }
        run_array(dso, DT_INIT_ARRAY, DT_INIT_ARRAYSZ, false);
        let head = crate::state::fini_head();
        (*d).fini_next = *head;
        *head = d;
        (*d).life.constructed = true;
    }
}

/// Runs a module's destructors: first the exit handlers registered from its code or with
/// its `__dso_handle` (which would otherwise run after it is gone), then `DT_FINI_ARRAY`
/// backwards and `DT_FINI`.
///
/// # Safety
/// The module is relocated and constructed, and off the destructor list.
unsafe fn destruct(d: *mut Dso) {
    // SAFETY: per the contract.
    unsafe {
        let dso = &*d;
        if dso.map_len != 0 {
            limpet_start::exit::finalize(&|h| limpet_start::exit::handler_in(h, dso.map, dso.map + dso.map_len));
        }
        run_array(dso, DT_FINI_ARRAY, DT_FINI_ARRAYSZ, true);
        if dso.dynval(DT_FINI) != 0 {
            core::mem::transmute::<usize, Hook>(dso.base + dso.dynval(DT_FINI))();
        }
    }
}

/// Runs the destructors of the modules being unloaded (`life.dying`), the last constructed
/// first, taking each off the destructor list before its destructors run.
///
/// # Safety
/// Under the dynamic linker's lock.
pub unsafe fn destruct_dying() {
    // SAFETY: the list's modules are live; a destructor may change the list (a nested
    // dlclose), so the walk restarts from the head after each one.
    unsafe {
        loop {
            let head = crate::state::fini_head();
            let mut prev: *mut Dso = ptr::null_mut();
            let mut d = *head;
            while !d.is_null() && !(*d).life.dying {
                prev = d;
                d = (*d).fini_next;
            }
            if d.is_null() {
                return;
            }
            if prev.is_null() {
                *head = (*d).fini_next;
            } else {
                (*prev).fini_next = (*d).fini_next;
            }
            (*d).fini_next = ptr::null_mut();
            (*d).life.constructed = false;
            destruct(d);
        }
    }
}

/// Runs every constructor; `__libc_start_main` calls it through the start component's hook.
unsafe extern "C" fn run_init() {
    // SAFETY: called once, before main, after the loader finished.
    unsafe {
        let app = crate::state::get().app;
        if app.is_null() {
            return;
        }
        run_array(&*app, DT_PREINIT_ARRAY, DT_PREINIT_ARRAYSZ, false);
        construct(app);
    }
}

/// Runs the destructors of every constructed module, the last constructed first.
unsafe extern "C" fn run_fini() {
    // SAFETY: called from exit; each module is taken off the list before its destructors run,
    // so a destructor that calls exit does not run them twice.
    unsafe {
        let head = crate::state::fini_head();
        while !(*head).is_null() {
            let d = *head;
            *head = (*d).fini_next;
            let dso = &*d;
            run_array(dso, DT_FINI_ARRAY, DT_FINI_ARRAYSZ, true);
            if dso.dynval(DT_FINI) != 0 {
                core::mem::transmute::<usize, Hook>(dso.base + dso.dynval(DT_FINI))();
            }
        }
    }
}

/// Registers the runners with the start component (the program, where the init walk
/// starts, is the loader state's).
///
/// # Safety
/// Start-up only, after all initial modules are loaded and relocated.
pub unsafe fn install() {
    limpet_start::libc_start::set_dynamic(run_init, run_fini);
}
