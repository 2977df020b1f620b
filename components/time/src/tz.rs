//! The current time zone: `tzset`, the `timezone`/`daylight`/`tzname` globals, and the
//! lookups the conversions make ([`secs_to_zone`], [`tm_to_tzname`]).
//!
//! Like musl, every lookup re-reads `TZ` and re-parses it only when it changed, so
//! `localtime` follows `TZ` without an explicit `tzset`. `TZ` unset means
//! `/etc/localtime`; empty means UTC. A value that looks like a POSIX TZ string (a name
//! and then an offset, or the name UTC or GMT) is parsed as one, however malformed the
//! rest. Anything else (after an optional `:`) names a TZif file: an absolute or
//! `.`-relative path, or a name looked up under the zoneinfo directories; if it cannot
//! be loaded the zone is UTC.
use limpet_abi::fcntl::{AT_FDCWD, O_CLOEXEC, O_NONBLOCK};
use limpet_abi::limits::{NAME_MAX, PATH_MAX};
use core::cell::UnsafeCell;
use core::ffi::{c_char, c_int, c_long};
use core::ptr;
use core::sync::atomic::{AtomicBool, Ordering};

use limpet_start::env::getenv;
use limpet_syscall::{nr, syscall1, syscall3, syscall4};

use crate::abi::Tm;
use crate::calendar::year_to_secs;
use crate::tzfile::{self, Layout};
use crate::tzrule::{get_name, get_off, get_rule, rule_to_secs, Cursor, Rule, TZNAME_MAX};

/// `extern long timezone`—Seconds west of UTC of the zone's standard time. musl also
/// exports it as `__timezone` (an ELF alias).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub static mut timezone: c_long = 0;

/// `extern int daylight`—Nonzero if the zone has a daylight-saving time (`__daylight`).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub static mut daylight: c_int = 0;

/// `extern char *tzname[2]`—The standard and daylight-saving abbreviations (`__tzname`).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub static mut tzname: [*mut c_char; 2] = [ptr::null_mut(); 2];

// ELF aliases: one address, so a copy relocation of either name moves both.
limpet_syscall::object_alias!("__timezone" => "timezone", 8);
limpet_syscall::object_alias!("__daylight" => "daylight", 4);
limpet_syscall::object_alias!("__tzname" => "tzname", 16);

pub static UTC: &[u8; 4] = b"UTC\0";
const SEARCH: [&[u8]; 3] = [b"/usr/share/zoneinfo/", b"/share/zoneinfo/", b"/etc/zoneinfo/"];
const ETC_LOCALTIME: &[u8] = b"/etc/localtime";
/// Larger than any zone file shipped (the biggest is under 4 KiB).
const FILE_MAX: usize = 64 * 1024;
const OLD_MAX: usize = 256;

struct State {
    /// The TZ value last parsed (`old_len == 0`: none yet, or too long to keep; a TZ value is
    /// never empty, as an empty `TZ` means UTC). Zero, so the whole state starts zero and
    /// sits in .bss: 66 KB that a program not asking for local time never maps in.
    old: [u8; OLD_MAX],
    old_len: usize,
    file: [u8; FILE_MAX],
    file_len: usize,
    zi: Option<Layout>,
    std_name: [u8; TZNAME_MAX + 1],
    dst_name: [u8; TZNAME_MAX + 1],
    dst_off: i64,
    r0: Rule,
    r1: Rule,
}

struct Locked(UnsafeCell<State>, AtomicBool);

// SAFETY: the state is reached only through `with_state`, which holds the spin lock.
unsafe impl Sync for Locked {}

impl State {
    const fn new() -> State {
        State {
            old: [0; OLD_MAX],
            old_len: 0,
            file: [0; FILE_MAX],
            file_len: 0,
            zi: None,
            std_name: [0; TZNAME_MAX + 1],
            dst_name: [0; TZNAME_MAX + 1],
            dst_off: 0,
            r0: Rule { day: crate::tzrule::Day::Unset, time: 0 },
            r1: Rule { day: crate::tzrule::Day::Unset, time: 0 },
        }
    }
}

static STATE: Locked = Locked(UnsafeCell::new(State::new()), AtomicBool::new(false));

/// Runs `f` on the zone state, brought up to date with `TZ`, under the lock.
fn with_state<R>(f: impl FnOnce(&mut State) -> R) -> R {
    while STATE.1.compare_exchange_weak(false, true, Ordering::Acquire, Ordering::Relaxed).is_err() {
        core::hint::spin_loop();
    }
    // SAFETY: the lock gives us the only reference.
    let st = unsafe { &mut *STATE.0.get() };
    st.update();
    let r = f(st);
    STATE.1.store(false, Ordering::Release);
    r
}

/// The bytes of a C string.
///
/// # Safety
/// `s` must be a valid NUL-terminated string that outlives the slice.
unsafe fn cstr<'a>(s: *const u8) -> &'a [u8] {
    let mut n = 0;
    // SAFETY: we stop at the terminator.
    unsafe {
        while *s.add(n) != 0 {
            n += 1;
        }
        core::slice::from_raw_parts(s, n)
    }
}

/// Reads the file at `path` into `buf`; its length, or `None` if it cannot be read whole.
fn read_file(path: &[u8], buf: &mut [u8]) -> Option<usize> {
    let mut p = [0u8; PATH_MAX];
    if path.len() >= PATH_MAX {
        return None;
    }
    p[..path.len()].copy_from_slice(path);
    // Raw syscalls: a zone lookup must not disturb errno.
    // SAFETY: `p` is NUL-terminated.
    let fd = unsafe {
        syscall4(nr::OPENAT, AT_FDCWD as isize as usize, p.as_ptr() as usize, (O_CLOEXEC | O_NONBLOCK) as usize, 0)
    };
    limpet_syscall::result(fd).ok()?;
    let mut len = 0;
    let ok = loop {
        if len == buf.len() {
            break false;
        }
        // SAFETY: the destination is the unfilled tail of `buf`.
        let r = unsafe { syscall3(nr::READ, fd, buf.as_mut_ptr().add(len) as usize, buf.len() - len) };
        match limpet_syscall::result(r) {
            Ok(0) => break true,
            Ok(n) => len += n,
            Err(_) => break false,
        }
    };
    // SAFETY: `fd` is ours.
    unsafe { syscall1(nr::CLOSE, fd) };
    ok.then_some(len)
}

impl State {
    /// Re-reads `TZ` and re-parses the zone if it changed.
    fn update(&mut self) {
        // SAFETY: getenv returns null or a valid string from the environment.
        let env = unsafe { getenv(c"TZ".as_ptr()) };
        let s: &[u8] = if env.is_null() {
            ETC_LOCALTIME
        } else {
            // SAFETY: see above.
            let s = unsafe { cstr(env as *const u8) };
            if s.is_empty() { &UTC[..3] } else { s }
        };
        if self.old_len == s.len() && self.old[..s.len()] == *s {
            return;
        }
        if s.len() <= OLD_MAX {
            self.old[..s.len()].copy_from_slice(s);
            self.old_len = s.len();
        } else {
            self.old_len = 0;
        }
        self.parse(s);
    }

    fn load(&mut self, s: &[u8]) -> bool {
        let n = if s.first() == Some(&b'/') || s.first() == Some(&b'.') {
            read_file(s, &mut self.file)
        } else if s.len() <= NAME_MAX && !s.contains(&b'.') {
            let mut path = [0u8; 32 + NAME_MAX];
            SEARCH.iter().find_map(|dir| {
                path[..dir.len()].copy_from_slice(dir);
                path[dir.len()..dir.len() + s.len()].copy_from_slice(s);
                read_file(&path[..dir.len() + s.len()], &mut self.file)
            })
        } else {
            None
        };
        self.file_len = n.unwrap_or(0);
        self.zi = n.and_then(|n| tzfile::layout(&self.file[..n]));
        self.zi.is_some()
    }

    /// Whether `s` looks like a POSIX TZ string (musl's test): a name followed by an
    /// offset, or the name "UTC" or "GMT". Anything else is taken for a file name.
    fn is_posix(s: &[u8]) -> bool {
        if s.first() == Some(&b':') {
            return false;
        }
        let mut c = Cursor { s, i: 0 };
        let mut name = [0u8; TZNAME_MAX + 1];
        get_name(&mut c, &mut name);
        c.i != 0 && (matches!(c.peek(), b'+' | b'-' | b'0'..=b'9') || name[..4] == *b"UTC\0" || name[..4] == *b"GMT\0")
    }

    fn parse(&mut self, s: &[u8]) {
        self.zi = None;
        if Self::is_posix(s) {
            return self.parse_posix(s);
        }
        let name = s.strip_prefix(b":").unwrap_or(s);
        if !self.load(name) {
            return self.parse_posix(&UTC[..3]);
        }
        match tzfile::footer(&self.file[..self.file_len]) {
            Some(f) => {
                // The footer lives in `self.file`; copy it out so `self` can be borrowed.
                let mut tmp = [0u8; OLD_MAX];
                let n = f.len().min(OLD_MAX);
                tmp[..n].copy_from_slice(&f[..n]);
                self.parse_posix(&tmp[..n]);
            }
            None => self.names_from_types(),
        }
    }

    /// A file without a footer: the globals come from its first standard and first DST types.
    fn names_from_types(&mut self) {
        let l = self.zi.unwrap();
        let z = &self.file[..self.file_len];
        let (mut std, mut dst) = (None, None);
        for i in 0..(l.abbrevs - l.types) / 6 {
            let ty = l.ttype(z, i);
            if !ty.isdst && std.is_none() {
                std = Some((ty.abbr, -ty.off));
            }
            if ty.isdst && dst.is_none() {
                dst = Some((ty.abbr, -ty.off));
            }
        }
        let base = self.file.as_ptr();
        let at = |a: usize| base.wrapping_add(l.abbrevs + a) as *mut c_char;
        let n0 = std.or(dst).map_or(UTC.as_ptr() as *mut c_char, |(a, _)| at(a));
        // SAFETY: the lock is held; these globals are written only under it.
        unsafe {
            timezone = std.map_or(0, |(_, o)| o) as c_long;
            tzname[0] = n0;
            match dst {
                Some((a, o)) => {
                    daylight = 1;
                    tzname[1] = at(a);
                    self.dst_off = o;
                }
                None => {
                    daylight = 0;
                    tzname[1] = n0;
                    self.dst_off = timezone;
                }
            }
        }
    }

    fn parse_posix(&mut self, s: &[u8]) {
        let mut c = Cursor { s, i: 0 };
        get_name(&mut c, &mut self.std_name);
        let tz = get_off(&mut c);
        get_name(&mut c, &mut self.dst_name);
        let has_dst = self.dst_name[0] != 0;
        self.dst_off = if !has_dst {
            tz
        } else if matches!(c.peek(), b'+' | b'-' | b'0'..=b'9') {
            get_off(&mut c)
        } else {
            tz - 3600
        };
        self.r0 = Rule::default();
        self.r1 = Rule::default();
        if c.peek() == b',' {
            c.i += 1;
            self.r0 = get_rule(&mut c);
        }
        if c.peek() == b',' {
            c.i += 1;
            self.r1 = get_rule(&mut c);
        }
        // SAFETY: the lock is held; these globals are written only under it.
        unsafe {
            timezone = tz as c_long;
            daylight = has_dst as c_int;
            tzname[0] = self.std_name.as_mut_ptr() as *mut c_char;
            tzname[1] = self.dst_name.as_mut_ptr() as *mut c_char;
        }
    }

    fn lookup(&self, t: i64, local: bool) -> Zone {
        if let Some(l) = self.zi {
            let z = &self.file[..self.file_len];
            if let Some((i, alt)) = l.scan(z, t, local) {
                let ty = l.ttype(z, i);
                return Zone {
                    isdst: ty.isdst,
                    offset: ty.off,
                    oppoff: l.ttype(z, alt).off,
                    name: self.file.as_ptr().wrapping_add(l.abbrevs + ty.abbr) as *const c_char,
                };
            }
        }
        // SAFETY: the lock is held.
        let (tz, dl, names) = unsafe { (timezone, daylight != 0, tzname) };
        let std = Zone { isdst: false, offset: -tz, oppoff: -self.dst_off, name: names[0] };
        let dst = Zone { isdst: true, offset: -self.dst_off, oppoff: -tz, name: names[1] };
        if !dl {
            return std;
        }
        // musl's year estimate, kept exactly: it decides the year at a year's first second.
        let mut y = t / 31_556_952 + 70;
        while year_to_secs(y) > t {
            y -= 1;
        }
        while year_to_secs(y + 1) < t {
            y += 1;
        }
        let mut t0 = rule_to_secs(&self.r0, y);
        let mut t1 = rule_to_secs(&self.r1, y);
        if !local {
            t0 += tz;
            t1 += self.dst_off;
        }
        let in_dst = if t0 < t1 { t >= t0 && t < t1 } else { !(t >= t1 && t < t0) };
        if in_dst { dst } else { std }
    }
}

/// The zone's answer for one instant.
pub struct Zone {
    pub isdst: bool,
    /// Seconds east of UTC.
    pub offset: i64,
    /// The offset of the opposite DST state nearby, for `mktime`'s `tm_isdst` correction.
    pub oppoff: i64,
    pub name: *const c_char,
}

/// The zone in force at `t` (UTC seconds, or local wall-clock seconds when `local`).
pub fn secs_to_zone(t: i64, local: bool) -> Zone {
    with_state(|st| st.lookup(t, local))
}

/// The name `%Z` prints for `tm`: its `tm_zone` if that is one of ours (UTC, a `tzname`
/// entry, or an abbreviation in the loaded file), else an empty string, as in musl 1.2.3.
pub fn tm_to_tzname(tm: &Tm) -> *const c_char {
    with_state(|st| {
        let p = tm.tm_zone;
        // SAFETY: the lock is held.
        let names = unsafe { tzname };
        let in_file = st.zi.is_some_and(|l| {
            let base = st.file.as_ptr() as usize;
            (p as usize).wrapping_sub(base + l.abbrevs) < l.abbrevs_end - l.abbrevs
        });
        if p == UTC.as_ptr() as *const c_char || p == names[0] || p == names[1] || in_file {
            p
        } else {
            c"".as_ptr()
        }
    })
}

/// `tzset()`—Sets `timezone`, `daylight` and `tzname` from `TZ` (see the module doc).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn tzset() {
    with_state(|_| ());
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Parses `tz` into the shared state under its lock, then marks it stale so the next
    /// lookup re-reads the real `TZ`.
    fn with_zone<R>(tz: &[u8], f: impl FnOnce(&mut State) -> R) -> R {
        with_state(|st| {
            st.parse(tz);
            let r = f(st);
            st.old_len = 0;
            r
        })
    }

    fn name(p: *const c_char) -> String {
        // SAFETY: zone names are NUL-terminated.
        String::from_utf8(unsafe { cstr(p as *const u8) }.to_vec()).unwrap()
    }

    fn at(st: &State, t: i64) -> (bool, i64, String) {
        let z = st.lookup(t, false);
        (z.isdst, z.offset, name(z.name))
    }

    #[test]
    fn posix_or_file() {
        for s in [&b"EST5EDT"[..], b"UTC", b"GMT", b"<+0330>-3:30", b"LONGNAMEZONE5", b"UTC+3", b"A-1"] {
            assert!(State::is_posix(s), "{s:?}");
        }
        for s in [&b"garbage"[..], b"5", b":UTC0", b"America/New_York", b"/etc/localtime", b"EST", b""] {
            assert!(!State::is_posix(s), "{s:?}");
        }
    }

    #[test]
    fn posix_rules() {
        with_zone(b"EST5EDT,M3.2.0,M11.1.0", |st| {
            assert_eq!(unsafe { (timezone, daylight) }, (18000, 1));
            assert_eq!(at(st, 1_720_000_000), (true, -14400, "EDT".into()));
            assert_eq!(at(st, 1_705_000_000), (false, -18000, "EST".into()));
            // 2024-03-10 02:00 EST is 07:00 UTC.
            assert!(!at(st, 1_710_053_999).0 && at(st, 1_710_054_000).0);
            // Local 02:30 that day does not exist; read as local it is already DST.
            assert!(st.lookup(1_710_037_800, true).isdst);
        });
        with_zone(b"<+0330>-3:30", |st| {
            assert_eq!(unsafe { (timezone, daylight) }, (-12600, 0));
            assert_eq!(at(st, 0), (false, 12600, "+0330".into()));
        });
        with_zone(b"EST5EDT", |st| {
            // No rules: musl's zeroed rules put nearly the whole year in DST.
            assert!(at(st, 1_720_000_000).0);
        });
    }

    #[test]
    fn files_and_fallbacks() {
        with_zone(b"garbage", |st| {
            assert!(st.zi.is_none());
            assert_eq!(at(st, 0), (false, 0, "UTC".into()));
        });
        with_zone(b"Europe/London", |st| {
            assert_eq!(unsafe { (timezone, daylight) }, (0, 1));
            assert_eq!(at(st, 1_720_000_000), (true, 3600, "BST".into()));
            // Past the table the footer rule answers.
            assert_eq!(at(st, 5_000_000_000).1, 3600);
            assert_eq!(at(st, 5_020_000_000), (false, 0, "GMT".into()));
        });
        with_zone(b":Pacific/Chatham", |st| {
            assert_eq!(at(st, 1_705_000_000), (true, 49500, "+1345".into()));
        });
        with_zone(b"Nowhere/Nothing", |st| assert_eq!(at(st, 0), (false, 0, "UTC".into())));
    }

    /// A version-1 file (no footer): names from its types, 32-bit transitions.
    #[test]
    fn version_one_file() {
        let mut z = b"TZif".to_vec();
        z.resize(20, 0);
        for n in [0u32, 0, 0, 2, 2, 8] {
            z.extend_from_slice(&n.to_be_bytes());
        }
        for t in [1_000_000_000i32, 1_010_000_000] {
            z.extend_from_slice(&t.to_be_bytes());
        }
        z.extend_from_slice(&[1, 0]);
        z.extend_from_slice(&(-18000i32).to_be_bytes());
        z.extend_from_slice(&[0, 0]);
        z.extend_from_slice(&(-14400i32).to_be_bytes());
        z.extend_from_slice(&[1, 4]);
        z.extend_from_slice(b"AST\0ADT\0");
        with_state(|st| {
            st.file[..z.len()].copy_from_slice(&z);
            st.file_len = z.len();
            st.zi = tzfile::layout(&z);
            assert_eq!(st.zi.unwrap().scale, 2);
            st.names_from_types();
            assert_eq!(unsafe { (timezone, daylight) }, (18000, 1));
            assert_eq!(name(unsafe { tzname[0] }), "AST");
            assert_eq!(name(unsafe { tzname[1] }), "ADT");
            assert_eq!(at(st, 999_999_999), (false, -18000, "AST".into()));
            assert_eq!(at(st, 1_005_000_000), (true, -14400, "ADT".into()));
            st.old_len = 0;
        });
    }
}
