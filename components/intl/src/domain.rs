//! The text domains: `textdomain`, `bindtextdomain`, `bind_textdomain_codeset`, and the
//! bindings the gettext functions read.
//!
//! Each domain name ever named gets one record, kept for the life of the process (as GNU's
//! libintl keeps them), holding a copy of the name and the directory it is bound to. The
//! strings these functions return are those copies, so they stay valid after later calls.
//! The records form a list, pushed under limpet-locale's lock and read without it.
use core::ffi::c_char;
use core::ptr;
use core::sync::atomic::{AtomicPtr, Ordering};

use limpet_abi::errno::{EINVAL, ENOMEM};
use limpet_abi::limits::{NAME_MAX, PATH_MAX};
use limpet_syscall::set_errno;

use crate::imports::malloc;
use limpet_locale::map::Guard;
use crate::text::{bytes, keep};

/// The domain `gettext` uses until `textdomain` names another.
const DEFAULT_DOMAIN: &core::ffi::CStr = c"messages";

/// One domain: its name (a NUL-terminated copy, and its length, which lookups compare
/// first) and its directory (null while unbound).
struct Domain {
    next: *mut Domain,
    name: *mut c_char,
    name_len: usize,
    dir: AtomicPtr<c_char>,
}

impl Domain {
    fn name(&self) -> &'static [u8] {
        // SAFETY: `name` is a copy of `name_len` bytes kept for ever.
        unsafe { core::slice::from_raw_parts(self.name.cast::<u8>(), self.name_len) }
    }
}

/// Every domain named so far, newest first.
static DOMAINS: AtomicPtr<Domain> = AtomicPtr::new(ptr::null_mut());

/// The current domain's record, null for [`DEFAULT_DOMAIN`].
static CURRENT: AtomicPtr<Domain> = AtomicPtr::new(ptr::null_mut());

/// The record of `name`, if it has one.
fn find(name: &[u8]) -> Option<&'static Domain> {
    let mut d = DOMAINS.load(Ordering::Acquire);
    while !d.is_null() {
        // SAFETY: records are published complete (release store) and never freed.
        let dom = unsafe { &*d };
        if dom.name() == name {
            return Some(dom);
        }
        d = dom.next;
    }
    None
}

/// The record of `name`, made if it has none. The caller holds the lock (`_guard`), so no
/// other thread adds the same name meanwhile.
fn find_or_add(name: &[u8], _guard: &Guard) -> Option<&'static Domain> {
    if let Some(d) = find(name) {
        return Some(d);
    }
    let copy = keep(name)?;
    // SAFETY: a plain allocation for one record.
    let rec = unsafe { malloc(size_of::<Domain>()) } as *mut Domain;
    if rec.is_null() {
        // SAFETY: `copy` was just allocated and is not published.
        unsafe { crate::imports::free(copy.cast()) };
        return None;
    }
    let head = DOMAINS.load(Ordering::Relaxed);
    // SAFETY: `rec` is a fresh allocation of the record's size and alignment (malloc's is
    // enough for pointers); it is published only after it is written.
    unsafe {
        rec.write(Domain { next: head, name: copy, name_len: name.len(), dir: AtomicPtr::new(ptr::null_mut()) });
        DOMAINS.store(rec, Ordering::Release);
        Some(&*rec)
    }
}

/// The current domain's name.
pub fn current() -> &'static [u8] {
    let cur = CURRENT.load(Ordering::Acquire);
    if cur.is_null() {
        DEFAULT_DOMAIN.to_bytes()
    } else {
        // SAFETY: `CURRENT` only holds published records, kept for ever.
        unsafe { (*cur).name() }
    }
}

/// The directory `domain` is bound to, if `bindtextdomain` bound it.
pub fn dir_of(domain: &[u8]) -> Option<&'static [u8]> {
    let dir = find(domain)?.dir.load(Ordering::Acquire);
    // SAFETY: a non-null directory is a copy kept for ever.
    (!dir.is_null()).then(|| unsafe { bytes(dir) })
}

/// `char *textdomain(const char *domainname)`—Makes `domainname` the domain `gettext`,
/// `ngettext` and a null domain argument mean, and returns the current domain; a null
/// argument only returns it ("messages" until set). As in musl, "" is a domain like any
/// other (GNU's resets to "messages").
///
/// Fails with EINVAL for a name longer than `NAME_MAX`, ENOMEM when it cannot be copied,
/// returning null.
///
/// # Safety
/// `domainname` is null or a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn textdomain(domainname: *const c_char) -> *mut c_char {
    if domainname.is_null() {
        let cur = CURRENT.load(Ordering::Acquire);
        // SAFETY: `CURRENT` only holds published records, kept for ever.
        return if cur.is_null() { DEFAULT_DOMAIN.as_ptr().cast_mut() } else { unsafe { (*cur).name } };
    }
    // SAFETY: the caller passes a NUL-terminated string.
    let name = unsafe { bytes(domainname) };
    if name.len() > NAME_MAX {
        set_errno(EINVAL);
        return ptr::null_mut();
    }
    let guard = Guard::take();
    let Some(d) = find_or_add(name, &guard) else {
        set_errno(ENOMEM);
        return ptr::null_mut();
    };
    CURRENT.store(ptr::from_ref(d).cast_mut(), Ordering::Release);
    d.name
}

/// `char *bindtextdomain(const char *domainname, const char *dirname)`—Makes the catalogs
/// of `domainname` come from `dirname` (`dirname/LOCALE/CATEGORY/DOMAIN.mo`) and returns
/// the directory now bound; a null `dirname` only returns the bound one, or null when the
/// domain is unbound (musl's answer; such a domain's catalogs are looked for in
/// `/usr/share/locale`, GNU's default). The returned copy stays valid after a rebinding.
///
/// Fails with EINVAL for a null domain, a domain name longer than `NAME_MAX` or a directory
/// of `PATH_MAX` bytes or more, ENOMEM when a copy cannot be made, returning null.
///
/// # Safety
/// Each argument is null or a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn bindtextdomain(domainname: *const c_char, dirname: *const c_char) -> *mut c_char {
    if domainname.is_null() {
        set_errno(EINVAL);
        return ptr::null_mut();
    }
    // SAFETY: the caller passes NUL-terminated strings.
    let name = unsafe { bytes(domainname) };
    if name.len() > NAME_MAX {
        set_errno(EINVAL);
        return ptr::null_mut();
    }
    if dirname.is_null() {
        return find(name).map_or(ptr::null_mut(), |d| d.dir.load(Ordering::Acquire));
    }
    // SAFETY: as above.
    let dir = unsafe { bytes(dirname) };
    if dir.len() >= PATH_MAX {
        set_errno(EINVAL);
        return ptr::null_mut();
    }
    let guard = Guard::take();
    let Some(d) = find_or_add(name, &guard) else {
        set_errno(ENOMEM);
        return ptr::null_mut();
    };
    let old = d.dir.load(Ordering::Relaxed);
    // SAFETY: a non-null directory is a copy kept for ever.
    if !old.is_null() && unsafe { bytes(old) } == dir {
        return old;
    }
    let Some(copy) = keep(dir) else {
        set_errno(ENOMEM);
        return ptr::null_mut();
    };
    d.dir.store(copy, Ordering::Release);
    copy
}

/// `char *bind_textdomain_codeset(const char *domainname, const char *codeset)`—Would ask
/// for the messages of `domainname` converted to `codeset`. limpet, like musl, hands out
/// messages as their catalog stores them and converts nothing, so no codeset is ever bound
/// and the answer is always null, the value that means "the catalog's own" (measured on
/// musl 1.2.3: null for "UTF-8", for another codeset and for a query alike). A null domain
/// also sets EINVAL.
///
/// # Safety
/// Each argument is null or a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn bind_textdomain_codeset(domainname: *const c_char, _codeset: *const c_char) -> *mut c_char {
    if domainname.is_null() {
        set_errno(EINVAL);
    }
    ptr::null_mut()
}
