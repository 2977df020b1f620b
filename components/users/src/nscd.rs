//! The nscd client: what musl asks the name service cache daemon, over the Unix socket
//! /var/run/nscd/socket, when a user or group is not in the files (and what `getgrouplist`
//! asks it always). The replies are decoded in `nscd_pwd`, `nscd_grp` and
//! `nscd_initgroups`; `crate::db` and `crate::grouplist` hold the hooks.
//!
//! The protocol is nscd's version 2. A request is three 32-bit words in the host's byte
//! order, `[VERSION, type, key length]`, then the key with its NUL (a name, or an id in
//! decimal). A reply starts with a header of words, `[VERSION, found, ...]`, whose other
//! words give the lengths of what follows (each string with its NUL) or ids.
//!
//! What musl does, measured on musl 1.2.3 against a test server (tests/c/pwd_nscd.c), and
//! limpet with it:
//! - no daemon (connect fails with ENOENT, ECONNREFUSED or EACCES): not found, errno
//!   untouched; any other failure (ENOTDIR, ELOOP, EMFILE, ...) is the lookup's error;
//! - a key of `LOGIN_NAME_MAX` bytes or more is not asked for: not found;
//! - the connection closed before a whole header: not found, errno untouched;
//! - a header whose version is not 2: EIO; `found` 0: not found (whatever follows);
//!   any other value of `found` is found;
//! - a string whose last byte is not a NUL, a length below 1, a reply that ends early, a
//!   record for another name or id than asked: EIO; bytes after the reply are ignored;
//! - no timeout: a daemon that accepts and never answers holds the lookup, as in musl.
//!
//! Where limpet does not follow musl:
//! - the byte order: musl means to ask again with the request's words byte-swapped when
//!   the connection closes before a whole header (a daemon of the other byte order
//!   closes on a version it cannot read), and to read that reply swapped; its second
//!   attempt never connects (1.2.3 opens a socket and closes it). limpet asks the second
//!   time and reads the reply swapped;
//! - a length or count past what the reply holds is EIO when the reply ends; musl
//!   allocates what the header says first, and fails with ENOMEM for a negative or huge
//!   one. limpet's buffer grows only as bytes arrive, so a lying header costs nothing;
//! - the error of a garbled reply is EIO; musl's closing of the stream afterwards can
//!   overwrite it (ESPIPE when unread bytes remained).
use core::ffi::c_int;
use core::ptr::null_mut;

use limpet_abi::socket::{AF_UNIX, MSG_NOSIGNAL, SOCK_CLOEXEC, SOCK_STREAM, SockaddrUn};
use limpet_syscall::errno::{EACCES, ECONNREFUSED, EIO, ENOENT, ENOMEM};
use limpet_syscall::{nr, result, syscall1, syscall3, syscall6};

use crate::db::{Entry, Key};
use crate::imports::{free, realloc};

/// The protocol version limpet speaks, the first word of every request and reply.
const VERSION: u32 = 2;
/// Where the daemon listens.
const SOCKET_PATH: &[u8] = b"/var/run/nscd/socket";
/// musl's `LOGIN_NAME_MAX` (limits.h): the longest key sent, with its NUL.
const KEY_MAX: usize = 256;
/// The bytes of a word, every number of the protocol.
pub(crate) const WORD: usize = 4;
/// The words of a request's header: version, type, key length.
const REQUEST_WORDS: usize = 3;
/// The most words a reply's header has (the passwd reply's).
pub(crate) const HEADER_MAX: usize = 9;
/// Where `found` is in every reply's header.
const FOUND: usize = 1;
/// The longest decimal id, a `u32`.
const ID_DIGITS: usize = 10;
/// The radix of an id in a key.
const DECIMAL: u32 = 10;
/// The first step of the body buffer's growth.
const FIRST_CHUNK: usize = 1024;

/// The requests limpet makes.
#[derive(Clone, Copy)]
#[repr(u32)]
pub(crate) enum Request {
    PwByName = 0,
    PwByUid = 1,
    GrByName = 2,
    GrByGid = 3,
    InitGroups = 15,
}

/// A reply's layout: how long its header is, how long its body, and what it decodes to.
pub(crate) trait Answer {
    /// The words of the header, `HEADER_MAX` at most.
    const HEADER: usize;
    /// What a reply decodes to, borrowing its body.
    type Out<'a>;
    /// The body's whole length, from the header (in the host's order) and the body read so
    /// far: called again after each read until it says what has been read. EIO for a
    /// header that cannot be right.
    fn body_len(h: &[u32], body: &[u8], swap: bool) -> Result<usize, c_int>;
    /// The answer in a whole body, borrowing it; EIO when it is not well formed.
    fn decode<'a>(h: &[u32], body: &'a [u8], swap: bool) -> Result<Self::Out<'a>, c_int>;
}

/// Word `i` of `bytes`, in the host's order (swapped when `swap`); `None` past the end.
pub(crate) fn word(bytes: &[u8], i: usize, swap: bool) -> Option<u32> {
    let at = i.checked_mul(WORD)?;
    let w: [u8; WORD] = bytes.get(at..at.checked_add(WORD)?)?.try_into().ok()?;
    let w = u32::from_ne_bytes(w);
    Some(if swap { w.swap_bytes() } else { w })
}

/// A length word: a string with its NUL, so at least 1, and an `i32`.
pub(crate) fn length(w: u32) -> Result<usize, c_int> {
    match i32::try_from(w) {
        Ok(n) if n >= 1 => Ok(n as usize),
        _ => Err(EIO),
    }
}

/// The C string at the start of `s`, a field whose last byte must be its NUL.
pub(crate) fn field(s: &[u8]) -> Result<&[u8], c_int> {
    match s.split_last() {
        Some((0, _)) => Ok(s.split(|&c| c == 0).next().unwrap_or(s)),
        _ => Err(EIO),
    }
}

/// A heap buffer that grows as a reply's body arrives; freed when dropped.
pub(crate) struct Body {
    buf: *mut u8,
    len: usize,
    cap: usize,
}

impl Body {
    const fn new() -> Body {
        Body { buf: null_mut(), len: 0, cap: 0 }
    }

    /// A body holding `bytes`, as if they had arrived.
    #[cfg(test)]
    pub(crate) fn holding(bytes: &[u8]) -> Body {
        let mut b = Body::new();
        // SAFETY: a fresh block of the allocator, `bytes.len()` long (at least 1).
        b.buf = unsafe { realloc(null_mut(), bytes.len().max(1)) }.cast();
        assert!(!b.buf.is_null());
        // SAFETY: the block has room for `bytes`.
        unsafe { b.buf.copy_from_nonoverlapping(bytes.as_ptr(), bytes.len()) };
        (b.len, b.cap) = (bytes.len(), bytes.len().max(1));
        b
    }

    pub(crate) fn bytes(&self) -> &[u8] {
        if self.buf.is_null() {
            return &[];
        }
        // SAFETY: `buf` holds `len` bytes that `fill` wrote.
        unsafe { core::slice::from_raw_parts(self.buf, self.len) }
    }

    pub(crate) fn bytes_mut(&mut self) -> &mut [u8] {
        if self.buf.is_null() {
            return &mut [];
        }
        // SAFETY: `buf` holds `len` bytes that `fill` wrote, which `self` owns.
        unsafe { core::slice::from_raw_parts_mut(self.buf, self.len) }
    }

    /// Reads from `fd` until the body is `want` bytes long. The buffer at most doubles per
    /// step, so a header that claims more than arrives costs no more than what arrived.
    /// EIO when the connection ends first.
    fn fill(&mut self, fd: &Socket, want: usize) -> Result<(), c_int> {
        while self.len < want {
            if self.len == self.cap {
                let cap = want.min(self.cap.saturating_mul(2).max(FIRST_CHUNK));
                // SAFETY: `buf` is null or this body's block of the allocator.
                let p = unsafe { realloc(self.buf.cast(), cap) };
                if p.is_null() {
                    return Err(ENOMEM);
                }
                self.buf = p.cast();
                self.cap = cap;
            }
            // SAFETY: `buf` has `cap - len` bytes free after `len`.
            let n = fd.read(unsafe { self.buf.add(self.len) }, self.cap - self.len)?;
            if n == 0 {
                return Err(EIO);
            }
            self.len += n;
        }
        Ok(())
    }
}

impl Drop for Body {
    fn drop(&mut self) {
        // SAFETY: `buf` is null or this body's block of the allocator.
        unsafe { free(self.buf.cast()) };
    }
}

/// A connected socket, closed when dropped.
struct Socket(usize);

/// `sockaddr_un`'s address: the family, then the path and its NUL.
fn address() -> SockaddrUn {
    let mut a = SockaddrUn { sun_family: AF_UNIX as u16, sun_path: [0; 108] };
    for (d, &s) in a.sun_path.iter_mut().zip(SOCKET_PATH) {
        *d = s as _;
    }
    a
}

impl Socket {
    /// A stream socket connected to the daemon; `None` when there is no daemon.
    fn connect() -> Result<Option<Socket>, c_int> {
        let flags = (SOCK_STREAM | SOCK_CLOEXEC) as usize;
        // SAFETY: socket takes no pointer.
        let s = Socket(result(unsafe { syscall3(nr::SOCKET, AF_UNIX as usize, flags, 0) })?);
        let addr = address();
        let len = core::mem::offset_of!(SockaddrUn, sun_path) + SOCKET_PATH.len() + 1;
        // SAFETY: `addr` is a sockaddr_un of at least `len` bytes.
        match result(unsafe { syscall3(nr::CONNECT, s.0, &raw const addr as usize, len) }) {
            Ok(_) => Ok(Some(s)),
            Err(ENOENT | ECONNREFUSED | EACCES) => Ok(None),
            Err(e) => Err(e),
        }
    }

    fn send(&self, mut msg: &[u8]) -> Result<(), c_int> {
        while !msg.is_empty() {
            // SAFETY: `msg` is valid for its length; the socket is connected, so no address.
            let n = result(unsafe { syscall6(nr::SENDTO, self.0, msg.as_ptr() as usize, msg.len(), MSG_NOSIGNAL as usize, 0, 0) })?;
            msg = &msg[n..];
        }
        Ok(())
    }

    /// One `read` of at most `len` bytes into `buf`: how many came, 0 at the end.
    fn read(&self, buf: *mut u8, len: usize) -> Result<usize, c_int> {
        // SAFETY: the caller's `buf` has room for `len` bytes.
        result(unsafe { syscall3(nr::READ, self.0, buf as usize, len) })
    }

    /// Reads until `buf` is full or the connection ends: how many bytes came.
    fn read_full(&self, buf: &mut [u8]) -> Result<usize, c_int> {
        let mut got = 0;
        while got < buf.len() {
            // SAFETY: the rest of `buf` is `buf.len() - got` bytes.
            let n = self.read(unsafe { buf.as_mut_ptr().add(got) }, buf.len() - got)?;
            if n == 0 {
                break;
            }
            got += n;
        }
        Ok(got)
    }
}

impl Drop for Socket {
    fn drop(&mut self) {
        // SAFETY: the descriptor is this socket's, forgotten with it.
        unsafe { syscall1(nr::CLOSE, self.0) };
    }
}

/// A reply to a request: its header in the host's order and its body.
pub(crate) struct Reply {
    pub(crate) header: [u32; HEADER_MAX],
    pub(crate) body: Body,
    pub(crate) swap: bool,
}

/// Asks the daemon `req` about `key` (without its NUL) and reads the reply as `A`'s.
/// `None` when there is no daemon, no answer, or the answer is "not found"; the error of a
/// failed call, or EIO for a garbled reply.
pub(crate) fn ask<A: Answer>(req: Request, key: &[u8]) -> Result<Option<Reply>, c_int> {
    if key.len() >= KEY_MAX {
        return Ok(None);
    }
    let mut msg = [0u8; REQUEST_WORDS * WORD + KEY_MAX];
    // The key's length with its NUL, which the zeroed buffer holds after it.
    let words = [VERSION, req as u32, key.len() as u32 + 1];
    let msg_len = REQUEST_WORDS * WORD + key.len() + 1;
    msg[REQUEST_WORDS * WORD..msg_len - 1].copy_from_slice(key);
    let mut raw = [0u8; HEADER_MAX * WORD];
    let head = &mut raw[..A::HEADER * WORD];
    // The first attempt in the host's order, the second byte-swapped.
    for swap in [false, true] {
        for (i, w) in words.iter().enumerate() {
            let w = if swap { w.swap_bytes() } else { *w };
            msg[i * WORD..(i + 1) * WORD].copy_from_slice(&w.to_ne_bytes());
        }
        let Some(s) = Socket::connect()? else {
            return Ok(None);
        };
        s.send(&msg[..msg_len])?;
        if s.read_full(head)? < head.len() {
            continue;
        }
        let mut header = [0u32; HEADER_MAX];
        for (i, h) in header.iter_mut().enumerate().take(A::HEADER) {
            *h = word(head, i, swap).unwrap_or(0);
        }
        if header[0] != VERSION {
            return Err(EIO);
        }
        if header[FOUND] == 0 {
            return Ok(None);
        }
        let mut body = Body::new();
        loop {
            let want = A::body_len(&header[..A::HEADER], body.bytes(), swap)?;
            // Never less than what was read (each layout only adds), but a loop that
            // waits for a shrinking length would never end.
            if want <= body.len {
                break;
            }
            body.fill(&s, want)?;
        }
        return Ok(Some(Reply { header, body, swap }));
    }
    Ok(None)
}

/// A record that the files do not have, from the daemon: the record for `key`, asked for
/// with `by_name` or `by_id` and read as `A`'s, handed to `store`. EIO when the daemon
/// answers with another name or id.
pub(crate) fn lookup<A: Answer, C, T>(
    key: Key<'_>,
    [by_name, by_id]: [Request; 2],
    store: impl FnOnce(&dyn Entry<C = C>) -> T,
) -> Result<Option<T>, c_int>
where
    for<'a> A::Out<'a>: Entry<C = C>,
{
    let mut digits = [0u8; ID_DIGITS];
    let (req, text) = match key {
        Key::Name(n) => (by_name, n),
        Key::Id(id) => (by_id, decimal(id, &mut digits)),
    };
    let Some(reply) = ask::<A>(req, text)? else {
        return Ok(None);
    };
    let e = A::decode(&reply.header[..A::HEADER], reply.body.bytes(), reply.swap)?;
    if !key.matches(&e) {
        return Err(EIO);
    }
    Ok(Some(store(&e)))
}

/// `id` in decimal, in `buf`.
fn decimal(mut id: u32, buf: &mut [u8; ID_DIGITS]) -> &[u8] {
    let mut at = ID_DIGITS;
    loop {
        at -= 1;
        buf[at] = b'0' + (id % DECIMAL) as u8;
        id /= DECIMAL;
        if id == 0 {
            return &buf[at..];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_in_decimal() {
        let mut b = [0; ID_DIGITS];
        assert_eq!(decimal(0, &mut b), b"0");
        assert_eq!(decimal(5000, &mut b), b"5000");
        assert_eq!(decimal(u32::MAX, &mut b), b"4294967295");
    }

    #[test]
    fn words_and_fields() {
        let b = [2, 0, 0, 0, 0, 0, 0, 1];
        assert_eq!(word(&b, 0, false), Some(u32::from_ne_bytes([2, 0, 0, 0])));
        assert_eq!(word(&b, 1, true), Some(u32::from_ne_bytes([0, 0, 0, 1]).swap_bytes()));
        assert_eq!(word(&b, 2, false), None);
        assert_eq!(word(&b, usize::MAX, false), None);
        assert_eq!(length(0), Err(EIO));
        assert_eq!(length(u32::MAX), Err(EIO));
        assert_eq!(length(0x8000_0000), Err(EIO));
        assert_eq!(length(7), Ok(7));
        assert_eq!(field(b"abc\0"), Ok(&b"abc"[..]));
        assert_eq!(field(b"a\0c\0"), Ok(&b"a"[..]));
        assert_eq!(field(b"abc"), Err(EIO));
        assert_eq!(field(b""), Err(EIO));
    }

    #[test]
    fn the_socket_address() {
        let a = address();
        assert_eq!(a.sun_family, AF_UNIX as u16);
        let path: Vec<u8> = a.sun_path.iter().map(|&c| c as u8).take_while(|&c| c != 0).collect();
        assert_eq!(path, SOCKET_PATH);
    }
}
