//! `<syslog.h>`: `openlog`, `syslog`, `vsyslog`, `setlogmask`, `closelog`.
//!
//! Messages go as datagrams to the local log daemon's socket, `/dev/log`, in the BSD format
//! musl writes: `<PRI>Mmm dd hh:mm:ss IDENT[PID]: MESSAGE` (the time in UTC, the pid only
//! with `LOG_PID`, the ident empty until `openlog` sets one). When the daemon has gone away
//! the socket is connected again once; when the message still cannot be sent and `LOG_CONS`
//! is set it goes to /dev/console. `LOG_PERROR` also writes it to standard error. All the
//! state is behind one lock, and errno is kept for the message's `%m`.
use core::ffi::{c_char, c_int};

use limpet_syscall::errno::{ECONNREFUSED, ECONNRESET, ENOTCONN, EPIPE};
use limpet_syscall::{errno, nr, result, set_errno, syscall1, syscall3, syscall4, syscall6};
use limpet_va::VaList;

use crate::imports::vsnprintf;

const LOG_PID: c_int = 0x01;
const LOG_CONS: c_int = 0x02;
const LOG_NDELAY: c_int = 0x08;
const LOG_PERROR: c_int = 0x20;
/// The bits of a priority that name the facility.
const LOG_FACMASK: c_int = 0x3f8;
/// `LOG_USER`, the facility when `openlog` named none.
const LOG_USER: c_int = 1 << 3;
/// The longest ident kept, as musl keeps it (a longer one is cut).
const IDENT_MAX: usize = 31;
/// The longest line sent; a longer message is cut.
const LINE_MAX: usize = 1024;
const AF_UNIX: u16 = 1;
const SOCK_DGRAM_CLOEXEC: usize = 2 | limpet_abi::fcntl::O_CLOEXEC as usize;
const MSG_NOSIGNAL: usize = 0x4000;

/// `struct sockaddr_un` for /dev/log.
#[repr(C)]
struct LogAddr {
    family: u16,
    path: [u8; 108],
}

const fn log_addr() -> LogAddr {
    let mut path = [0u8; 108];
    let name = b"/dev/log";
    let mut i = 0;
    while i < name.len() {
        path[i] = name[i];
        i += 1;
    }
    LogAddr { family: AF_UNIX, path }
}

static ADDR: LogAddr = log_addr();

struct State {
    fd: c_int,
    ident: [u8; IDENT_MAX + 1],
    options: c_int,
    facility: c_int,
    mask: c_int,
}

static STATE: limpet_start::lock::Mutex<State> =
    limpet_start::lock::Mutex::new(State { fd: -1, ident: [0; IDENT_MAX + 1], options: 0, facility: LOG_USER, mask: 0xff });

impl State {
    /// Opens the socket and connects it to /dev/log (a missing daemon is found out at send).
    fn open(&mut self) {
        if self.fd >= 0 {
            return;
        }
        // SAFETY: socket takes no pointer.
        if let Ok(fd) = result(unsafe { syscall3(nr::SOCKET, 1, SOCK_DGRAM_CLOEXEC, 0) }) {
            self.fd = fd as c_int;
            self.connect();
        }
    }

    fn connect(&self) -> bool {
        // SAFETY: ADDR is a sockaddr_un of the size given.
        result(unsafe { syscall3(nr::CONNECT, self.fd as usize, &raw const ADDR as usize, size_of::<LogAddr>()) }).is_ok()
    }

    fn send(&self, line: &[u8]) -> Result<(), c_int> {
        // SAFETY: `line` is valid for its length; no address (the socket is connected).
        result(unsafe { syscall6(nr::SENDTO, self.fd as usize, line.as_ptr() as usize, line.len(), MSG_NOSIGNAL, 0, 0) })
            .map(|_| ())
    }
}

/// `openlog(ident, options, facility)`—Sets the ident that starts every message (null: none),
/// the options (`LOG_PID`, `LOG_CONS`, `LOG_NDELAY` to connect now, `LOG_PERROR`) and the
/// facility used when a message names none.
///
/// # Safety
/// `ident` must be null or a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn openlog(ident: *const c_char, options: c_int, facility: c_int) {
    let mut st = STATE.lock();
    st.ident = [0; IDENT_MAX + 1];
    if !ident.is_null() {
        // SAFETY: the caller's NUL-terminated string.
        let s = unsafe { core::ffi::CStr::from_ptr(ident) }.to_bytes();
        let n = s.len().min(IDENT_MAX);
        st.ident[..n].copy_from_slice(&s[..n]);
    }
    st.options = options;
    st.facility = facility;
    if options & LOG_NDELAY != 0 {
        st.open();
    }
}

/// `closelog()`—Closes the log socket; the next message opens it again.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn closelog() {
    let mut st = STATE.lock();
    if st.fd >= 0 {
        // SAFETY: the socket is ours.
        unsafe { syscall1(nr::CLOSE, st.fd as usize) };
        st.fd = -1;
    }
}

/// `setlogmask(mask)`—Sets which priorities are logged (`LOG_MASK(p)` bits; 0 leaves it
/// unchanged); returns the mask before.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn setlogmask(mask: c_int) -> c_int {
    let mut st = STATE.lock();
    let old = st.mask;
    if mask != 0 {
        st.mask = mask;
    }
    old
}

/// `vsyslog(priority, fmt, ap)`—Logs the formatted message at `priority` (a level, and a
/// facility or the default one) if the mask lets that level through. A priority with bits
/// beyond the facility and level is ignored.
///
/// # Safety
/// `fmt` must be a format whose arguments `ap` holds (`%m` is the errno on entry).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn vsyslog(priority: c_int, fmt: *const c_char, ap: VaList) {
    let saved = errno();
    let mut st = STATE.lock();
    if st.mask & (1 << (priority & 7)) == 0 || priority & !0x3ff != 0 {
        return;
    }
    st.open();
    let priority = if priority & LOG_FACMASK == 0 { priority | st.facility } else { priority };
    let mut line = [0u8; LINE_MAX];
    let head = header(&st, priority, &mut line);
    set_errno(saved);
    // SAFETY: the caller vouches for the format and arguments; the rest of `line` is room.
    let n = unsafe { vsnprintf(line.as_mut_ptr().add(head.full).cast(), LINE_MAX - head.full, fmt, ap) };
    if n < 0 {
        return;
    }
    let mut len = (head.full + n as usize).min(LINE_MAX - 1);
    if line[len - 1] != b'\n' {
        line[len] = b'\n';
        len += 1;
    }
    let line = &line[..len];
    let sent = st.fd >= 0
        && match st.send(line) {
            Ok(()) => true,
            Err(e) if [ECONNREFUSED, ECONNRESET, ENOTCONN, EPIPE].contains(&e) => st.connect() && st.send(line).is_ok(),
            Err(_) => false,
        };
    // The console and stderr get the message without the priority and time.
    let body = &line[head.time_end..];
    if !sent && st.options & LOG_CONS != 0 {
        write_to_console(body);
    }
    if st.options & LOG_PERROR != 0 {
        write_all(2, body);
    }
    set_errno(saved);
}

limpet_va::variadic! {
    /// `syslog(priority, fmt, ...)`—`vsyslog` over the variadic arguments.
    ///
    /// # Safety
    /// As for `vsyslog`; call it as a C variadic function.
    fn syslog(priority: c_int, fmt: *const c_char) -> () => vsyslog
}

/// Where the header ends, and where its time part does.
struct Head {
    time_end: usize,
    full: usize,
}

/// Writes `<PRI>Mmm dd hh:mm:ss IDENT[PID]: ` into `out`.
fn header(st: &State, priority: c_int, out: &mut [u8; LINE_MAX]) -> Head {
    let mut w = Writer { buf: out, len: 0 };
    w.put(b"<");
    w.num(priority as u64, 0);
    w.put(b">");
    let mut now = limpet_abi::time::Timespec::default();
    // SAFETY: `now` is a timespec; the real-time clock cannot fail.
    unsafe { limpet_syscall::unistd::clock_gettime(limpet_abi::time::CLOCK_REALTIME, &mut now) };
    stamp(&mut w, now.tv_sec);
    w.put(b" ");
    let time_end = w.len;
    let ident_len = st.ident.iter().position(|&b| b == 0).unwrap_or(IDENT_MAX);
    w.put(&st.ident[..ident_len]);
    if st.options & LOG_PID != 0 {
        w.put(b"[");
        // SAFETY: getpid takes no arguments.
        w.num(unsafe { limpet_syscall::syscall0(nr::GETPID) } as u64, 0);
        w.put(b"]");
    }
    w.put(b": ");
    Head { time_end, full: w.len }
}

struct Writer<'a> {
    buf: &'a mut [u8; LINE_MAX],
    len: usize,
}

impl Writer<'_> {
    fn put(&mut self, s: &[u8]) {
        let n = s.len().min(LINE_MAX - self.len);
        self.buf[self.len..self.len + n].copy_from_slice(&s[..n]);
        self.len += n;
    }

    /// `v` in decimal, at least `width` digits, padded with `pad`.
    fn num_padded(&mut self, v: u64, width: usize, pad: u8) {
        let mut digits = [0u8; 20];
        let mut k = digits.len();
        let mut v = v;
        loop {
            k -= 1;
            digits[k] = b'0' + (v % 10) as u8;
            v /= 10;
            if v == 0 {
                break;
            }
        }
        for _ in digits.len() - k..width {
            self.put(&[pad]);
        }
        self.put(&digits[k..]);
    }

    fn num(&mut self, v: u64, width: usize) {
        self.num_padded(v, width, b'0');
    }
}

/// `Mmm dd hh:mm:ss` (strftime's `%b %e %T`) of `t` seconds since the epoch, in UTC.
fn stamp(w: &mut Writer<'_>, t: i64) {
    const MONTHS: [&[u8; 3]; 12] =
        [b"Jan", b"Feb", b"Mar", b"Apr", b"May", b"Jun", b"Jul", b"Aug", b"Sep", b"Oct", b"Nov", b"Dec"];
    let days = t.div_euclid(86_400);
    let secs = t.rem_euclid(86_400) as u64;
    let (_, month, day) = civil(days);
    w.put(MONTHS[month as usize - 1]);
    w.put(b" ");
    w.num_padded(day as u64, 2, b' ');
    w.put(b" ");
    w.num(secs / 3600, 2);
    w.put(b":");
    w.num(secs / 60 % 60, 2);
    w.put(b":");
    w.num(secs % 60, 2);
}

/// The proleptic Gregorian date (year, month 1-12, day 1-31) of a day number (0 is
/// 1970-01-01): 400-year eras of 146,097 days, years counted from March so that the leap day
/// ends the year.
fn civil(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468; // days since 0000-03-01
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097); // day of the era, 0..146096
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365; // year of the era
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100); // day of the March-based year
    let mp = (5 * doy + 2) / 153; // month from March, 0..11
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

fn write_all(fd: c_int, mut s: &[u8]) {
    while !s.is_empty() {
        // SAFETY: `s` is valid for its length.
        match result(unsafe { syscall3(nr::WRITE, fd as usize, s.as_ptr() as usize, s.len()) }) {
            Ok(n) if n > 0 => s = &s[n..],
            _ => return,
        }
    }
}

fn write_to_console(body: &[u8]) {
    use limpet_abi::fcntl::AT_FDCWD;
    let flags = (limpet_abi::fcntl::O_WRONLY | limpet_abi::fcntl::O_NOCTTY | limpet_abi::fcntl::O_CLOEXEC) as usize;
    // SAFETY: a NUL-terminated literal.
    if let Ok(fd) = result(unsafe { syscall4(nr::OPENAT, AT_FDCWD as usize, c"/dev/console".as_ptr() as usize, flags, 0) }) {
        write_all(fd as c_int, body);
        // SAFETY: the descriptor is ours.
        unsafe { syscall1(nr::CLOSE, fd) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_and_stamps() {
        assert_eq!(civil(0), (1970, 1, 1));
        assert_eq!(civil(-1), (1969, 12, 31));
        assert_eq!(civil(11_016), (2000, 2, 29));
        assert_eq!(civil(19_782), (2024, 2, 29));
        assert_eq!(civil(20_791), (2026, 12, 4));
        // Every day of 1900..2100 against a plain count.
        let (mut y, mut m, mut d) = (1900i64, 1u32, 1u32);
        let leap = |y: i64| (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
        for n in -25_567..47_482 {
            assert_eq!(civil(n), (y, m, d), "day {n}");
            let len = [31, if leap(y) { 29 } else { 28 }, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m as usize - 1];
            d += 1;
            if d > len {
                d = 1;
                m += 1;
                if m > 12 {
                    m = 1;
                    y += 1;
                }
            }
        }
        let mut buf = [0u8; LINE_MAX];
        let mut w = Writer { buf: &mut buf, len: 0 };
        stamp(&mut w, 1_796_353_445); // 2026-12-04 03:04:05 UTC
        assert_eq!(&buf[..15], b"Dec  4 03:04:05");
    }
}
