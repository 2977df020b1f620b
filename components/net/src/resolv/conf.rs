//! `/etc/resolv.conf`, as resolv.conf(5) and glibc read it: up to three `nameserver`s
//! (IPv4, or IPv6 with an optional `%scope`), `search` and `domain` (the last one read wins;
//! without either, the host name's domain), and the `options` `ndots:N`, `timeout:N`,
//! `attempts:N` (clamped to glibc's limits, 15, 30 and 5), `rotate`, `edns0`,
//! `single-request` and `use-vc`. The environment's `LOCALDOMAIN` (a search list) and
//! `RES_OPTIONS` (more options) override the file, except in a set-user-ID or otherwise
//! secure process (`AT_SECURE`), as glibc does. Without a `nameserver`, 127.0.0.1 is used.
//!
//! The parsed file is kept until it changes (one `stat` a lookup tells, see [`load`]); it
//! is read line by line through the /etc databases' reader, which skips a line of 1024
//! bytes or more.
use core::ffi::CStr;
use core::mem::MaybeUninit;
use core::sync::atomic::{AtomicU8, Ordering};

use limpet_abi::socket::{AF_INET, AF_INET6};
use limpet_abi::utsname::Utsname;
use limpet_syscall::auxv::{self, AT_SECURE};
use limpet_syscall::{nr, syscall1, syscall4};
use limpet_start::lock::Mutex;
use limpet_abi::fcntl::AT_FDCWD;
use limpet_abi::stat::Stat;
use limpet_abi::time::{CLOCK_REALTIME, Timespec};

use crate::addr::pton::{parse_v4, parse_v6_scoped};
use crate::db::lines::Lines;

/// The servers kept (`MAXNS`).
pub const MAXNS: usize = 3;
/// The room for the search list's text, as glibc's old `MAXDNSRCH`/256-byte limit.
const SEARCH_ROOM: usize = 256;
/// The domains of the search list kept.
pub const MAXDNSRCH: usize = 6;

const NDOTS_MAX: u32 = 15;
const TIMEOUT_MAX: u32 = 30;
const ATTEMPTS_MAX: u32 = 5;

/// A name server.
pub type Server = crate::addr::IpAddress;

/// The resolver's configuration.
#[derive(Clone, Copy, Debug)]
pub struct Conf {
    pub servers: [Server; MAXNS],
    pub nservers: usize,
    /// The search list, NUL-separated domains.
    search: [u8; SEARCH_ROOM],
    search_len: usize,
    search_count: usize,
    /// Whether a `search`, `domain` or `LOCALDOMAIN` set the list (even to nothing).
    search_set: bool,
    pub ndots: u32,
    /// Seconds to wait for an answer on one attempt.
    pub timeout: u32,
    pub attempts: u32,
    pub rotate: bool,
    pub edns0: bool,
    /// Query A and AAAA one after the other rather than together.
    pub single_request: bool,
    /// Query over TCP from the start.
    pub use_vc: bool,
}

impl Default for Conf {
    fn default() -> Self {
        Conf {
            servers: [Server::default(); MAXNS],
            nservers: 0,
            search: [0; SEARCH_ROOM],
            search_len: 0,
            search_count: 0,
            search_set: false,
            ndots: 1,
            timeout: 5,
            attempts: 2,
            rotate: false,
            edns0: false,
            single_request: false,
            use_vc: false,
        }
    }
}

/// Splits text into its blank-separated words.
fn words(s: &[u8]) -> impl Iterator<Item = &[u8]> {
    s.split(|c| matches!(c, b' ' | b'\t' | b'\r' | b'\n')).filter(|w| !w.is_empty())
}

/// A small decimal number, saturating (a huge value is clamped later).
fn number(s: &[u8]) -> Option<u32> {
    if s.is_empty() || !s.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(s.iter().fold(0u32, |v, &c| v.saturating_mul(10).saturating_add(u32::from(c - b'0'))))
}

impl Conf {
    /// The search list's domains, in order.
    pub fn search(&self) -> impl Iterator<Item = &[u8]> {
        self.search[..self.search_len].split(|&c| c == 0).filter(|d| !d.is_empty())
    }

    /// Replaces the search list with the words of `list`.
    fn set_search<'a>(&mut self, list: impl Iterator<Item = &'a [u8]>) {
        self.search_len = 0;
        self.search_count = 0;
        self.search_set = true;
        for d in list {
            let d = d.strip_suffix(b".").unwrap_or(d);
            if d.is_empty() || self.search_count == MAXDNSRCH || self.search_len + d.len() + 1 > SEARCH_ROOM {
                continue;
            }
            self.search[self.search_len..self.search_len + d.len()].copy_from_slice(d);
            self.search[self.search_len + d.len()] = 0;
            self.search_len += d.len() + 1;
            self.search_count += 1;
        }
    }

    /// Applies one `options` word; unknown ones are ignored, as glibc ignores them.
    fn option(&mut self, w: &[u8]) {
        let value = |prefix: &[u8]| w.strip_prefix(prefix).and_then(number);
        if let Some(n) = value(b"ndots:") {
            self.ndots = n.min(NDOTS_MAX);
        } else if let Some(n) = value(b"timeout:") {
            self.timeout = n.clamp(1, TIMEOUT_MAX);
        } else if let Some(n) = value(b"attempts:") {
            self.attempts = n.clamp(1, ATTEMPTS_MAX);
        } else {
            match w {
                b"rotate" => self.rotate = true,
                b"edns0" => self.edns0 = true,
                b"single-request" | b"single-request-reopen" => self.single_request = true,
                b"use-vc" => self.use_vc = true,
                _ => {}
            }
        }
    }

    fn nameserver(&mut self, w: &[u8]) {
        if self.nservers == MAXNS {
            return;
        }
        let server = if let Some(a) = parse_v4(w) {
            let mut addr = [0; 16];
            addr[..4].copy_from_slice(&a);
            Server { family: AF_INET, addr, scope: 0 }
        } else if let Some((addr, scope)) = parse_v6_scoped(w) {
            Server { family: AF_INET6, addr, scope }
        } else {
            return;
        };
        self.servers[self.nservers] = server;
        self.nservers += 1;
    }

    /// Reads the text of a resolv.conf.
    pub fn parse(text: &[u8]) -> Conf {
        let mut c = Conf::default();
        text.split(|&ch| ch == b'\n').for_each(|line| c.line(line));
        c
    }

    /// Applies one line of the file.
    fn line(&mut self, line: &[u8]) {
        let mut w = words(line);
        match w.next() {
            Some(b"nameserver") => {
                if let Some(a) = w.next() {
                    self.nameserver(a);
                }
            }
            Some(b"domain") => self.set_search(w.take(1)),
            Some(b"search") => self.set_search(w),
            Some(b"options") => w.for_each(|o| self.option(o)),
            _ => {}
        }
    }

    /// Applies `LOCALDOMAIN` and `RES_OPTIONS`, then fills in 127.0.0.1 when no server was
    /// named. The search list's default is left to [`Conf::with_host_domain`].
    pub fn finish(&mut self, localdomain: Option<&[u8]>, res_options: Option<&[u8]>) {
        if let Some(l) = localdomain {
            self.set_search(words(l));
        }
        if let Some(o) = res_options {
            words(o).for_each(|w| self.option(w));
        }
        if self.nservers == 0 {
            self.servers[0] = Server { family: AF_INET, addr: [127, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], scope: 0 };
            self.nservers = 1;
        }
    }

    /// Whether nothing set the search list, so that its default, the host name's domain, is
    /// still to be found.
    pub fn needs_host_domain(&self) -> bool {
        !self.search_set
    }

    /// Takes the search list's default from `hostname`, its part after the first dot (if
    /// any), unless something set the list already.
    pub fn default_search(&mut self, hostname: &[u8]) {
        if self.search_set {
            return;
        }
        if let Some(dot) = hostname.iter().position(|&c| c == b'.') {
            self.set_search(core::iter::once(&hostname[dot + 1..]));
        }
        self.search_set = true;
    }

    /// This configuration with its search list complete: when nothing set it, the host
    /// name's domain (asked of the kernel only now, as a lookup whose name is found as given
    /// never needs it).
    pub fn with_host_domain(&self) -> Conf {
        let mut c = *self;
        if c.needs_host_domain() {
            let mut uts = core::mem::MaybeUninit::<Utsname>::zeroed();
            // SAFETY: uname writes one struct utsname into `uts`.
            let host: &[u8] = if unsafe { syscall1(nr::UNAME, uts.as_mut_ptr() as usize) } == 0 {
                // SAFETY: zeroed, then written by the kernel: a valid Utsname either way.
                let name = unsafe { &(*uts.as_ptr()).nodename };
                // SAFETY: c_char and u8 have one layout.
                let bytes = unsafe { core::slice::from_raw_parts(name.as_ptr().cast::<u8>(), name.len()) };
                &bytes[..bytes.iter().position(|&ch| ch == 0).unwrap_or(bytes.len())]
            } else {
                &[]
            };
            c.default_search(host);
        }
        c
    }
}

/// Whether the process is secure (set-user-ID and the like): then the environment is not
/// trusted. The kernel's answer does not change, so it is read from the auxiliary vector
/// once: 0 unknown, 1 no, 2 yes.
fn secure() -> bool {
    static SECURE: AtomicU8 = AtomicU8::new(0);
    match SECURE.load(Ordering::Relaxed) {
        0 => {
            let yes = auxv::get(AT_SECURE).is_some_and(|v| v != 0);
            SECURE.store(if yes { 2 } else { 1 }, Ordering::Relaxed);
            yes
        }
        v => v == 2,
    }
}

/// An environment variable's value, unless the process is secure.
fn env(name: &CStr) -> Option<&'static [u8]> {
    if secure() {
        return None;
    }
    // SAFETY: getenv returns null or a NUL-terminated string of the environment.
    let p = unsafe { limpet_start::env::getenv(name.as_ptr()) };
    // SAFETY: as above; the environment outlives the lookup.
    (!p.is_null()).then(|| unsafe { CStr::from_ptr(p) }.to_bytes())
}

/// What identifies one version of resolv.conf: device, inode, size, and the times of the
/// last change to its contents and to its inode.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Version {
    dev: u64,
    ino: u64,
    size: i64,
    mtime: (i64, i64),
    ctime: (i64, i64),
}

/// The last configuration read from the file (before the environment), and the file's
/// version it came from.
struct Cache {
    version: Option<Version>,
    conf: Option<Conf>,
}

static CACHE: Mutex<Cache> = Mutex::new(Cache { version: None, conf: None });

/// A file whose contents changed this recently (in seconds) is read again on every lookup:
/// its times have the kernel's coarse clock's grain, so a rewrite of the same size within
/// one tick could otherwise go unseen.
const SETTLE_SECS: i64 = 2;

/// The file's version now, if it can be had and its contents have not changed for `settle`
/// seconds (see [`SETTLE_SECS`]).
fn version(path: &CStr, settle: i64) -> Option<Version> {
    let mut st = MaybeUninit::<Stat>::uninit();
    // SAFETY: fstatat writes one struct stat into `st`; `path` is NUL-terminated.
    let r = unsafe { syscall4(nr::NEWFSTATAT, AT_FDCWD as usize, path.as_ptr() as usize, st.as_mut_ptr() as usize, 0) };
    if r != 0 {
        return None;
    }
    // SAFETY: the kernel filled it.
    let st = unsafe { st.assume_init() };
    let mut now = Timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `now` is a local timespec.
    unsafe { limpet_syscall::unistd::clock_gettime(CLOCK_REALTIME, &mut now) };
    if now.tv_sec - st.st_mtim.tv_sec < settle {
        return None;
    }
    Some(Version {
        dev: st.st_dev,
        ino: st.st_ino,
        size: st.st_size,
        mtime: (st.st_mtim.tv_sec, st.st_mtim.tv_nsec),
        ctime: (st.st_ctim.tv_sec, st.st_ctim.tv_nsec),
    })
}

/// Reads and parses the file, line by line (the /etc databases' reader; a line longer
/// than its buffer is skipped). No file is an empty one.
fn read_conf(path: &CStr) -> Conf {
    let mut c = Conf::default();
    if let Ok(mut lines) = Lines::open(path) {
        while let Some(line) = lines.next_line() {
            c.line(line);
        }
    }
    c
}

/// Forgets the parsed file, so the next lookup reads it (what `res_init` asks for).
pub fn reload() {
    CACHE.lock().conf = None;
}

/// The configuration now: /etc/resolv.conf and the environment (the host name's part, the
/// default search list, comes later: [`Conf::with_host_domain`]).
///
/// The file is parsed again only when it changed, as glibc does: one `stat` tells (the
/// device, inode, size and change times), instead of opening and reading it on every
/// lookup as musl does. A file whose contents changed in the last two seconds is read
/// every time.
pub fn load() -> Conf {
    let mut c = cached(&CACHE, c"/etc/resolv.conf", SETTLE_SECS);
    c.finish(env(c"LOCALDOMAIN"), env(c"RES_OPTIONS"));
    c
}

/// The file at `path` parsed, from `cache` while its version stays the same.
fn cached(cache: &Mutex<Cache>, path: &CStr, settle: i64) -> Conf {
    let now = version(path, settle);
    let mut cache = cache.lock();
    match (now, cache.conf) {
        (Some(v), Some(conf)) if cache.version == Some(v) => conf,
        _ => {
            let conf = read_conf(path);
            cache.version = now;
            cache.conf = now.map(|_| conf);
            conf
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn conf(text: &str) -> Conf {
        let mut c = Conf::parse(text.as_bytes());
        c.finish(None, None);
        c.default_search(b"");
        c
    }

    fn search(c: &Conf) -> Vec<String> {
        c.search().map(|d| String::from_utf8(d.to_vec()).unwrap()).collect()
    }

    #[test]
    fn servers_and_defaults() {
        let c = conf("# comment\nnameserver 10.0.0.1\nnameserver   ::1\nnameserver fe80::1%7\nnameserver 10.0.0.4\nnameserver bogus\n");
        assert_eq!(c.nservers, 3);
        assert_eq!(c.servers[0].addr[..4], [10, 0, 0, 1]);
        assert_eq!(c.servers[1].family, AF_INET6);
        assert_eq!(c.servers[2].scope, 7);
        assert_eq!((c.ndots, c.timeout, c.attempts, c.rotate, c.edns0), (1, 5, 2, false, false));
        let empty = conf("");
        assert_eq!(empty.nservers, 1);
        assert_eq!(empty.servers[0].addr[..4], [127, 0, 0, 1]);
    }

    #[test]
    fn search_domain_last_wins() {
        assert_eq!(search(&conf("search a.example b.example.\ndomain c.example\n")), ["c.example"]);
        assert_eq!(search(&conf("domain c.example\nsearch a.example b.example\n")), ["a.example", "b.example"]);
        let many = conf("search d1 d2 d3 d4 d5 d6 d7 d8\n");
        assert_eq!(search(&many).len(), MAXDNSRCH);
        let mut c = Conf::parse(b"search a.example\n");
        c.finish(Some(b" x.example\ty.example "), Some(b"ndots:3 rotate"));
        c.default_search(b"host.z.example");
        assert_eq!(search(&c), ["x.example", "y.example"]);
        assert_eq!((c.ndots, c.rotate), (3, true));
        let mut h = Conf::parse(b"nameserver 1.2.3.4\n");
        h.finish(None, None);
        assert!(h.needs_host_domain());
        h.default_search(b"host.z.example");
        assert_eq!(search(&h), ["z.example"]);
    }

    #[test]
    fn the_parsed_file_is_kept_while_it_is_unchanged() {
        use std::os::unix::ffi::OsStrExt;
        let path = std::env::temp_dir().join(format!("limpet-resolv-{}.conf", std::process::id()));
        let cpath = std::ffi::CString::new(path.as_os_str().as_bytes()).unwrap();
        let cache = Mutex::new(Cache { version: None, conf: None });
        let first = |settle| cached(&cache, &cpath, settle).servers[0].addr[..4].to_vec();
        std::fs::write(&path, "nameserver 10.0.0.1\n").unwrap();
        // Just written: not kept while it may still change within the clock's grain.
        assert_eq!(first(SETTLE_SECS), [10, 0, 0, 1]);
        assert!(cache.lock().conf.is_none());
        // Settled (here: at once): kept, so a changed parse shows the file was not read.
        assert_eq!(first(0), [10, 0, 0, 1]);
        cache.lock().conf.as_mut().unwrap().servers[0].addr[3] = 9;
        assert_eq!(first(0), [10, 0, 0, 9]);
        // A new version (another size) is read again.
        std::fs::write(&path, "nameserver 10.0.0.22\n").unwrap();
        assert_eq!(first(0), [10, 0, 0, 22]);
        // No file: no servers (the defaults come later) and nothing kept.
        std::fs::remove_file(&path).unwrap();
        assert_eq!(cached(&cache, &cpath, 0).nservers, 0);
        assert!(cache.lock().conf.is_none());
    }

    #[test]
    fn options_are_clamped() {
        let c = conf("options ndots:99 timeout:0 attempts:100 edns0 single-request bogus:1 ndots:x\n");
        assert_eq!((c.ndots, c.timeout, c.attempts, c.edns0, c.single_request), (15, 1, 5, true, true));
        let c = conf("options timeout:999999999999999999 attempts:3\n");
        assert_eq!((c.timeout, c.attempts), (30, 3));
    }
}
