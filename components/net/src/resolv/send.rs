//! The query engine: sends one or two queries (A and AAAA together) to the configured name
//! servers and collects an answer for each.
//!
//! The policy, chosen where musl's users complain (see the crate README):
//! - The servers are tried in the configured order (from a rotating start with
//!   `options rotate`), hedged: the next one also gets the query when the current one has
//!   not answered within a stagger of a quarter of the timeout (at most a second), and at
//!   once when it answers SERVFAIL, REFUSED or another failure, or is unreachable (each
//!   server has its own connected UDP socket, so the kernel reports an ICMP "port
//!   unreachable" as ECONNREFUSED). A silent or dead server therefore costs at most the
//!   stagger, never the timeout, while another one answers.
//! - A query is finished by the first NOERROR or NXDOMAIN answer whose ID, question and
//!   source match it, or when every server has failed it (its last failure answer is kept,
//!   so the caller sees SERVFAIL rather than silence).
//! - Each attempt waits `timeout` seconds; there are `attempts` of them (glibc's meaning:
//!   all servers silent takes timeout × attempts).
//! - A truncated answer (TC) is asked again over TCP from the same server; `use-vc` asks
//!   over TCP from the start.
//!
//! Nothing here is a cancellation point: the sockets are the engine's own and are closed
//! on every path.
use core::ffi::c_int;
use core::mem::{MaybeUninit, size_of};
use core::sync::atomic::{AtomicUsize, Ordering};

use limpet_abi::fcntl::O_CLOEXEC;
use limpet_abi::poll::{POLLIN, POLLOUT, PollFd};
use limpet_abi::socket::{MSG_NOSIGNAL, SOCK_DGRAM, SOCK_NONBLOCK, SOCK_STREAM, SOL_SOCKET, SO_ERROR};
use limpet_abi::time::{CLOCK_MONOTONIC, Timespec};
use limpet_syscall::errno::{EAGAIN, EINPROGRESS, EINTR};
use limpet_syscall::{nr, result, syscall3, syscall4, syscall5, syscall6};

use super::conf::{Conf, MAXNS, Server};
use crate::dns::packet::Header;
use crate::dns::{NOERROR, NXDOMAIN};

/// The queries sent together at most (A and AAAA).
pub const MAXQ: usize = 2;
/// The DNS port.
const PORT: u16 = 53;
/// The longest hedging stagger.
const STAGGER_MAX_MS: u64 = 1000;
/// The longest datagram read: more than the 1232 bytes announced with EDNS0, and than
/// the 512 of plain DNS. A longer one is cut, and then fails to parse.
const DATAGRAM_MAX: usize = 4096;
/// The longest query the engine sends (a name is at most 255 bytes, plus the header, the
/// question's fixed part and an OPT record).
const QUERY_MAX: usize = 512;

/// One query and the room for its answer. After [`send`], `len` is how much of the answer
/// is in `answer` and `full` its whole length (more when `answer` was too small): an
/// accepted answer (`done`), or the last failure one, or 0 when none came.
pub struct Exchange<'a> {
    pub query: &'a [u8],
    /// Room for the answer, which need not be initialised: only what was received is read.
    answer: &'a mut [MaybeUninit<u8>],
    pub len: usize,
    pub full: usize,
    pub done: bool,
}

impl<'a> Exchange<'a> {
    /// A query with nothing received yet, and an initialised buffer for its answer.
    pub fn new(query: &'a [u8], answer: &'a mut [u8]) -> Self {
        // SAFETY: MaybeUninit<u8> has u8's layout; the engine only ever stores bytes in it.
        let room = unsafe { core::slice::from_raw_parts_mut(answer.as_mut_ptr().cast::<MaybeUninit<u8>>(), answer.len()) };
        Exchange::uninit(query, room)
    }

    /// A query with nothing received yet, and a buffer for its answer that need not be
    /// initialised.
    pub fn uninit(query: &'a [u8], answer: &'a mut [MaybeUninit<u8>]) -> Self {
        Exchange { query, answer, len: 0, full: 0, done: false }
    }

    /// The part of the answer received.
    pub fn answer(&self) -> &[u8] {
        // SAFETY: the first `len` bytes were written (by `store` or a TCP read).
        unsafe { core::slice::from_raw_parts(self.answer.as_ptr().cast::<u8>(), self.len) }
    }

    /// Stores `bytes` (cut to the room) as the answer, `full` long in all.
    fn store(&mut self, bytes: &[u8], full: usize) {
        let n = bytes.len().min(self.answer.len());
        // SAFETY: `n` bytes fit the room; `bytes` is not inside it.
        unsafe { core::ptr::copy_nonoverlapping(bytes.as_ptr(), self.answer.as_mut_ptr().cast::<u8>(), n) };
        self.len = n;
        self.full = full;
    }
}

/// The server to start from under `options rotate`.
static ROTATE: AtomicUsize = AtomicUsize::new(0);

fn now_ms() -> u64 {
    let mut ts = Timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `ts` is a local timespec.
    unsafe { limpet_syscall::unistd::clock_gettime(CLOCK_MONOTONIC, &mut ts) };
    ts.tv_sec as u64 * 1000 + ts.tv_nsec as u64 / 1_000_000
}

fn close(fd: c_int) {
    limpet_syscall::unistd::close(fd);
}

/// A non-blocking socket of `ty` connected (or connecting, for TCP) to `s`.
fn connect(s: &Server, ty: c_int) -> Option<c_int> {
    // SAFETY: socket takes no pointer.
    let fd = result(unsafe { syscall3(nr::SOCKET, s.family as usize, (ty | SOCK_NONBLOCK | O_CLOEXEC) as usize, 0) })
        .ok()? as c_int;
    let (addr, len) = s.sockaddr(PORT);
    // SAFETY: `addr` holds `len` bytes of socket address.
    match result(unsafe { syscall3(nr::CONNECT, fd as usize, &raw const addr as usize, len) }) {
        Ok(_) | Err(EINPROGRESS) => Some(fd),
        Err(_) => {
            close(fd);
            None
        }
    }
}

/// Waits up to `ms` for `events` on `fd`; whether they came.
fn wait(fd: c_int, events: i16, ms: u64) -> bool {
    let mut p = PollFd { fd, events, revents: 0 };
    // SAFETY: one pollfd; the timeout in milliseconds as ppoll's timespec.
    let ts = Timespec { tv_sec: (ms / 1000) as i64, tv_nsec: (ms % 1000 * 1_000_000) as i64 };
    let r = unsafe { syscall4(nr::PPOLL, &raw mut p as usize, 1, &raw const ts as usize, 0) };
    result(r).is_ok_and(|n| n > 0) && p.revents & events != 0
}

/// Whether `ans` answers `query`: same ID, a response, and the same question (names
/// compared without regard to ASCII case).
pub fn matches(query: &[u8], ans: &[u8]) -> bool {
    let (Some(q), Some(a)) = (Header::parse(query), Header::parse(ans)) else { return false };
    if q.id != a.id || !a.qr || a.qdcount != 1 {
        return false;
    }
    // The question runs from the header through its name, type and class; an OPT record
    // may follow it in the query, so it is measured by its name.
    let Some(qend) = crate::dns::name::skip(query, 12).map(|p| p + 4) else { return false };
    match ans.get(12..qend) {
        Some(aq) => aq.eq_ignore_ascii_case(&query[12..qend]),
        None => false,
    }
}

/// Reads exactly `buf.len()` bytes from `fd` before `deadline`; them, now initialised.
fn read_all(fd: c_int, buf: &mut [MaybeUninit<u8>], deadline: u64) -> Option<&[u8]> {
    let mut got = 0;
    while got < buf.len() {
        // SAFETY: the rest of `buf` is writable memory; the kernel only writes to it.
        match result(unsafe { syscall6(nr::RECVFROM, fd as usize, buf[got..].as_mut_ptr() as usize, buf.len() - got, 0, 0, 0) }) {
            Ok(0) => return None,
            Ok(n) => got += n,
            Err(EAGAIN) | Err(EINTR) => {
                let now = now_ms();
                if now >= deadline || !wait(fd, POLLIN, deadline - now) {
                    return None;
                }
            }
            Err(_) => return None,
        }
    }
    // SAFETY: the kernel wrote all `buf.len()` bytes.
    Some(unsafe { core::slice::from_raw_parts(buf.as_ptr().cast::<u8>(), buf.len()) })
}

/// Asks `query` of `s` over TCP before `deadline`; how much of the answer is in `answer`
/// (cut to its size) and the answer's whole length, or `None`.
pub fn tcp(s: &Server, query: &[u8], answer: &mut [MaybeUninit<u8>], deadline: u64) -> Option<(usize, usize)> {
    let fd = connect(s, SOCK_STREAM)?;
    let r = tcp_exchange(fd, query, answer, deadline);
    close(fd);
    r
}

fn tcp_exchange(fd: c_int, query: &[u8], answer: &mut [MaybeUninit<u8>], deadline: u64) -> Option<(usize, usize)> {
    let now = now_ms();
    if now >= deadline || !wait(fd, POLLOUT, deadline - now) {
        return None;
    }
    let mut err: c_int = 0;
    let mut len = size_of::<c_int>() as u32;
    // SAFETY: SO_ERROR writes one int into `err`, `len` says so.
    unsafe { syscall5(nr::GETSOCKOPT, fd as usize, SOL_SOCKET as usize, SO_ERROR as usize, &raw mut err as usize, &raw mut len as usize) };
    if err != 0 || query.len() > QUERY_MAX {
        return None;
    }
    let mut out = [0u8; QUERY_MAX + 2];
    out[..2].copy_from_slice(&(query.len() as u16).to_be_bytes());
    out[2..2 + query.len()].copy_from_slice(query);
    let total = query.len() + 2;
    let mut sent = 0;
    while sent < total {
        // SAFETY: `out[sent..total]` is readable. MSG_NOSIGNAL keeps a reset from raising SIGPIPE.
        match result(unsafe { syscall6(nr::SENDTO, fd as usize, out[sent..].as_ptr() as usize, total - sent, MSG_NOSIGNAL as usize, 0, 0) }) {
            Ok(n) => sent += n,
            Err(EAGAIN) | Err(EINTR) => {
                let now = now_ms();
                if now >= deadline || !wait(fd, POLLOUT, deadline - now) {
                    return None;
                }
            }
            Err(_) => return None,
        }
    }
    let mut prefix = [MaybeUninit::<u8>::uninit(); 2];
    let prefix = read_all(fd, &mut prefix, deadline)?;
    let full = usize::from(u16::from_be_bytes([prefix[0], prefix[1]]));
    let n = full.min(answer.len());
    let got = read_all(fd, &mut answer[..n], deadline)?;
    if !matches(query, got) {
        return None;
    }
    Some((n, full))
}

/// Where a query stands with one server.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Try {
    /// Not asked in this attempt.
    Fresh,
    /// Asked, no answer yet.
    Asked,
    /// Failed it (a failure rcode, unreachable, a failed TCP retry): not asked again.
    Failed,
}

struct Engine<'c, 'e, 'a> {
    conf: &'c Conf,
    /// Server indices in the order they are tried.
    order: [usize; MAXNS],
    socks: [c_int; MAXNS],
    ex: &'e mut [Exchange<'a>],
    tries: [[Try; MAXNS]; MAXQ],
    /// When each query next goes to another server.
    hedge_at: [u64; MAXQ],
    stagger: u64,
}

impl Engine<'_, '_, '_> {
    fn n(&self) -> usize {
        self.conf.nservers
    }

    /// Sends query `q` to the next server in order that it has not tried in this attempt.
    fn hedge(&mut self, q: usize, now: u64) {
        self.hedge_at[q] = now + self.stagger;
        for k in 0..self.n() {
            let s = self.order[k];
            if self.tries[q][s] != Try::Fresh {
                continue;
            }
            let query = self.ex[q].query;
            // SAFETY: the query's bytes are readable; the socket is connected.
            let r = unsafe { syscall6(nr::SENDTO, self.socks[s] as usize, query.as_ptr() as usize, query.len(), MSG_NOSIGNAL as usize, 0, 0) };
            self.tries[q][s] = if result(r).is_ok() { Try::Asked } else { Try::Failed };
            if self.tries[q][s] == Try::Asked {
                return;
            }
        }
    }

    /// Whether every server has failed query `q`.
    fn all_failed(&self, q: usize) -> bool {
        (0..self.n()).all(|s| self.tries[q][s] == Try::Failed)
    }

    /// Handles one datagram `buf` from server `s`.
    fn receive(&mut self, s: usize, buf: &[u8], now: u64, attempt_end: u64) {
        let Some(q) = (0..self.ex.len()).find(|&q| !self.ex[q].done && matches(self.ex[q].query, buf)) else { return };
        let Some(h) = Header::parse(buf) else { return };
        let ok = h.rcode == NOERROR || h.rcode == NXDOMAIN;
        if ok && h.tc {
            let server = self.conf.servers[s];
            let deadline = attempt_end.max(now + u64::from(self.conf.timeout) * 1000);
            let e = &mut self.ex[q];
            if let Some((n, full)) = tcp(&server, e.query, e.answer, deadline) {
                e.len = n;
                e.full = full;
                e.done = true;
            } else {
                self.tries[q][s] = Try::Failed;
                self.hedge_at[q] = now;
            }
            return;
        }
        let e = &mut self.ex[q];
        e.store(buf, buf.len());
        if ok {
            e.done = true;
        } else {
            self.tries[q][s] = Try::Failed;
            self.hedge_at[q] = now;
        }
    }

    /// Drains server `s`'s socket.
    fn drain(&mut self, s: usize, attempt_end: u64) {
        // Not zeroed: only what a datagram fills is read.
        let mut buf = [MaybeUninit::<u8>::uninit(); DATAGRAM_MAX];
        loop {
            // SAFETY: `buf` is writable memory for its length; the kernel only writes to it.
            let r = unsafe { syscall6(nr::RECVFROM, self.socks[s] as usize, buf.as_mut_ptr() as usize, buf.len(), 0, 0, 0) };
            match result(r) {
                Ok(n) => {
                    // SAFETY: the kernel wrote the datagram's `n` bytes (at most the buffer's).
                    let got = unsafe { core::slice::from_raw_parts(buf.as_ptr().cast::<u8>(), n.min(DATAGRAM_MAX)) };
                    self.receive(s, got, now_ms(), attempt_end);
                    // Nothing left to wait for: what else is queued is not needed.
                    if self.finished() {
                        return;
                    }
                }
                Err(EAGAIN) => return,
                Err(EINTR) => continue,
                Err(_) => {
                    // Unreachable (ECONNREFUSED) or worse: the server fails every query.
                    let now = now_ms();
                    for q in 0..self.ex.len() {
                        if self.tries[q][s] != Try::Failed {
                            self.tries[q][s] = Try::Failed;
                            self.hedge_at[q] = now;
                        }
                    }
                    return;
                }
            }
        }
    }

    fn finished(&self) -> bool {
        (0..self.ex.len()).all(|q| self.ex[q].done || self.all_failed(q))
    }

    fn run(&mut self) {
        for _ in 0..self.conf.attempts {
            let start = now_ms();
            let attempt_end = start + u64::from(self.conf.timeout) * 1000;
            for q in 0..self.ex.len() {
                for s in 0..self.n() {
                    if self.tries[q][s] == Try::Asked {
                        self.tries[q][s] = Try::Fresh;
                    }
                }
                if !self.ex[q].done {
                    self.hedge(q, start);
                }
            }
            loop {
                if self.finished() {
                    return;
                }
                let now = now_ms();
                if now >= attempt_end {
                    break;
                }
                let mut wake = attempt_end;
                for q in 0..self.ex.len() {
                    if self.ex[q].done {
                        continue;
                    }
                    if self.hedge_at[q] <= now {
                        self.hedge(q, now);
                    }
                    if (0..self.n()).any(|s| self.tries[q][s] == Try::Fresh) {
                        wake = wake.min(self.hedge_at[q]);
                    }
                }
                let mut fds = [PollFd::default(); MAXNS];
                for (p, &fd) in fds.iter_mut().zip(&self.socks[..self.n()]) {
                    *p = PollFd { fd, events: POLLIN, revents: 0 };
                }
                let ms = wake.saturating_sub(now);
                let ts = Timespec { tv_sec: (ms / 1000) as i64, tv_nsec: (ms % 1000 * 1_000_000) as i64 };
                // SAFETY: `n` pollfds; a local timespec.
                let r = unsafe { syscall4(nr::PPOLL, fds.as_mut_ptr() as usize, self.n(), &raw const ts as usize, 0) };
                if result(r).is_err() {
                    continue;
                }
                for (s, p) in fds[..self.n()].iter().enumerate() {
                    if p.revents != 0 {
                        self.drain(s, attempt_end);
                    }
                }
            }
        }
    }
}

/// Sends the queries of `ex` (at most [`MAXQ`]) as the module docs say.
pub fn send(conf: &Conf, ex: &mut [Exchange<'_>]) {
    let n = conf.nservers.min(MAXNS);
    let first = if conf.rotate { ROTATE.fetch_add(1, Ordering::Relaxed) % n.max(1) } else { 0 };
    let mut order = [0; MAXNS];
    for (k, o) in order.iter_mut().enumerate().take(n) {
        *o = (first + k) % n;
    }
    if conf.use_vc {
        let deadline = now_ms() + u64::from(conf.timeout) * 1000 * u64::from(conf.attempts);
        for e in ex.iter_mut() {
            for &s in &order[..n] {
                if let Some((len, full)) = tcp(&conf.servers[s], e.query, e.answer, deadline) {
                    e.len = len;
                    e.full = full;
                    let rcode = Header::parse(e.answer()).map_or(0xff, |h| h.rcode);
                    if rcode == NOERROR || rcode == NXDOMAIN {
                        e.done = true;
                        break;
                    }
                }
            }
        }
        return;
    }
    let mut socks = [-1; MAXNS];
    let mut tries = [[Try::Fresh; MAXNS]; MAXQ];
    for s in 0..n {
        match connect(&conf.servers[s], SOCK_DGRAM) {
            Some(fd) => socks[s] = fd,
            None => tries.iter_mut().for_each(|t| t[s] = Try::Failed),
        }
    }
    let stagger = (u64::from(conf.timeout) * 1000 / 4).min(STAGGER_MAX_MS);
    let count = ex.len().min(MAXQ);
    let mut engine = Engine { conf, order, socks, ex: &mut ex[..count], tries, hedge_at: [0; MAXQ], stagger };
    engine.run();
    for &fd in &socks[..n] {
        if fd >= 0 {
            close(fd);
        }
    }
}
