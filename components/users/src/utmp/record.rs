//! musl's `struct utmpx` and the files' record (glibc's `struct utmp`, [`DiskRecord`]), one
//! into the other, and the matching rules of the searches.
//!
//! The files keep `ut_tv` as two 32-bit words (but on aarch64, see limpet-abi's
//! `DiskRecord`). Seconds are then read as unsigned, which holds every time from 1970 to
//! 2106; a time outside that range is written modulo 2³² (glibc's own programs, which read
//! the word as signed, see times past 2038 as negative either way). `ut_session` is 32 bits
//! in musl's struct (a `long` in aarch64's files, cut to 32 bits on reading). Padding words are written as zero; the reserved tail is
//! carried through.
use core::ffi::{c_char, c_int};

use limpet_abi::utmp::{
    BOOT_TIME, DEAD_PROCESS, DiskRecord, INIT_PROCESS, LOGIN_PROCESS, NEW_TIME, OLD_TIME, RUN_LVL, USER_PROCESS,
    Utmpx,
};
use limpet_abi::time::Timeval;

/// The bytes of one record in the file.
pub const RECORD_SIZE: usize = size_of::<DiskRecord>();

/// The record `u` is stored as.
pub fn to_disk(u: &Utmpx) -> DiskRecord {
    DiskRecord {
        ut_type: u.ut_type,
        pad: 0,
        ut_pid: u.ut_pid,
        ut_line: u.ut_line,
        ut_id: u.ut_id,
        ut_user: u.ut_user,
        ut_host: u.ut_host,
        ut_exit: u.ut_exit,
        ut_session: u.ut_session.into(),
        ut_tv: [seconds_to_disk(u.ut_tv.tv_sec), u.ut_tv.tv_usec as _],
        ut_addr_v6: u.ut_addr_v6.map(|w| w as i32),
        reserved: u.unused,
        #[cfg(target_arch = "aarch64")]
        tail: [0; 4],
    }
}

/// The `struct utmpx` a stored record reads as.
pub fn from_disk(d: &DiskRecord) -> Utmpx {
    Utmpx {
        ut_type: d.ut_type,
        ut_pad1: 0,
        ut_pid: d.ut_pid,
        ut_line: d.ut_line,
        ut_id: d.ut_id,
        ut_user: d.ut_user,
        ut_host: d.ut_host,
        ut_exit: d.ut_exit,
        ut_session: d.ut_session as c_int,
        ut_pad2: 0,
        ut_tv: Timeval { tv_sec: seconds_from_disk(d.ut_tv[0]), tv_usec: d.ut_tv[1].into() },
        ut_addr_v6: d.ut_addr_v6.map(|w| w as u32),
        unused: d.reserved,
    }
}

/// Seconds as the files keep them: 32 bits, modulo 2^32, as the module says.
#[cfg(not(target_arch = "aarch64"))]
fn seconds_to_disk(s: i64) -> i32 {
    s as u32 as i32
}

/// Seconds from the files: unsigned, 1970 to 2106.
#[cfg(not(target_arch = "aarch64"))]
fn seconds_from_disk(s: i32) -> i64 {
    i64::from(s as u32)
}

/// Seconds as aarch64's files keep them: all 64 bits.
#[cfg(target_arch = "aarch64")]
fn seconds_to_disk(s: i64) -> i64 {
    s
}

/// Seconds from aarch64's files.
#[cfg(target_arch = "aarch64")]
fn seconds_from_disk(s: i64) -> i64 {
    s
}

/// The record's bytes, as written to the file.
pub fn bytes(d: &DiskRecord) -> &[u8; RECORD_SIZE] {
    // SAFETY: `DiskRecord` is `repr(C)` of integers with no padding the compiler adds (its
    // gaps are the named `pad` and, on aarch64, `tail` fields), so all its bytes are
    // initialised.
    unsafe { &*(d as *const DiskRecord).cast::<[u8; RECORD_SIZE]>() }
}

/// A record from the file's bytes.
pub fn from_bytes(b: &[u8; RECORD_SIZE]) -> DiskRecord {
    // SAFETY: every bit pattern is a valid `DiskRecord` (integers only); the read is
    // unaligned because a byte array has no alignment.
    unsafe { b.as_ptr().cast::<DiskRecord>().read_unaligned() }
}

/// What `getutxid(want)` looks for, or `None` when `want`'s type is not one it searches by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IdKey {
    /// `RUN_LVL`, `BOOT_TIME`, `NEW_TIME`, `OLD_TIME`: an entry of the same type.
    Type(i16),
    /// `INIT_PROCESS`, `LOGIN_PROCESS`, `USER_PROCESS`, `DEAD_PROCESS`: an entry of any of
    /// these four types with the same `ut_id`.
    Process,
}

/// `want`'s search key for `getutxid`.
pub fn id_key(want: &Utmpx) -> Option<IdKey> {
    match want.ut_type {
        RUN_LVL | BOOT_TIME | NEW_TIME | OLD_TIME => Some(IdKey::Type(want.ut_type)),
        INIT_PROCESS | LOGIN_PROCESS | USER_PROCESS | DEAD_PROCESS => Some(IdKey::Process),
        _ => None,
    }
}

/// Whether `have` is what `getutxid(want)` finds (with `key = id_key(want)`).
pub fn id_matches(key: IdKey, want: &Utmpx, have: &Utmpx) -> bool {
    match key {
        IdKey::Type(t) => have.ut_type == t,
        IdKey::Process => {
            matches!(have.ut_type, INIT_PROCESS | LOGIN_PROCESS | USER_PROCESS | DEAD_PROCESS)
                && same_text(&want.ut_id, &have.ut_id)
        }
    }
}

/// Whether `have` is what `getutxline(want)` finds: a login or user entry on the same line.
pub fn line_matches(want: &Utmpx, have: &Utmpx) -> bool {
    matches!(have.ut_type, LOGIN_PROCESS | USER_PROCESS) && same_text(&want.ut_line, &have.ut_line)
}

/// Whether two fixed-size text fields hold the same text: equal up to the first NUL, or
/// over the whole field when it has none (the fields need no terminator).
fn same_text(a: &[c_char], b: &[c_char]) -> bool {
    text(a) == text(b)
}

/// A fixed-size text field up to its first NUL, or whole.
fn text(f: &[c_char]) -> &[c_char] {
    let n = f.iter().position(|&c| c == 0).unwrap_or(f.len());
    &f[..n]
}

#[cfg(test)]
mod tests {
    use super::*;
    use limpet_abi::utmp::{ACCOUNTING, EMPTY};

    fn text<const N: usize>(s: &str) -> [c_char; N] {
        let mut f = [0; N];
        for (d, b) in f.iter_mut().zip(s.bytes()) {
            *d = b as c_char;
        }
        f
    }

    fn sample() -> Utmpx {
        Utmpx {
            ut_type: USER_PROCESS,
            ut_pid: 4321,
            ut_line: text("pts/7"),
            ut_id: text("ts/7"),
            ut_user: text("alice"),
            ut_host: text("example.org"),
            ut_exit: [3, 4],
            ut_session: 99,
            ut_tv: Timeval { tv_sec: 1_700_000_000, tv_usec: 123_456 },
            ut_addr_v6: [0x0100_007f, 0, 0, 0xffff_ffff],
            ..Utmpx::ZERO
        }
    }

    #[test]
    fn a_record_survives_the_round_trip() {
        let u = sample();
        let d = to_disk(&u);
        assert_eq!(d.ut_tv, [1_700_000_000, 123_456]);
        assert_eq!(d.ut_addr_v6[3], -1);
        let back = from_disk(&from_bytes(bytes(&d)));
        assert_eq!(bytes(&to_disk(&back)), bytes(&d));
        assert_eq!((back.ut_type, back.ut_pid, back.ut_session, back.ut_exit), (USER_PROCESS, 4321, 99, [3, 4]));
        assert_eq!(back.ut_tv, u.ut_tv);
        assert_eq!(back.ut_addr_v6, u.ut_addr_v6);
        assert_eq!((back.ut_line, back.ut_id, back.ut_user), (u.ut_line, u.ut_id, u.ut_user));
        assert_eq!(back.ut_host, u.ut_host);
    }

    #[test]
    #[cfg(not(target_arch = "aarch64"))]
    fn the_fields_sit_where_glibc_writes_them() {
        // The offsets of glibc's record (also checked against its header by limpet-abi).
        let d = to_disk(&sample());
        let b = bytes(&d);
        assert_eq!(RECORD_SIZE, 384);
        assert_eq!(&b[0..2], &USER_PROCESS.to_ne_bytes());
        assert_eq!(&b[4..8], &4321i32.to_ne_bytes());
        assert_eq!(&b[8..13], b"pts/7");
        assert_eq!(&b[40..44], b"ts/7");
        assert_eq!(&b[44..49], b"alice");
        assert_eq!(&b[76..87], b"example.org");
        assert_eq!(&b[336..340], &99i32.to_ne_bytes());
        assert_eq!(&b[340..344], &1_700_000_000i32.to_ne_bytes());
        assert_eq!(&b[344..348], &123_456i32.to_ne_bytes());
    }

    #[test]
    #[cfg(not(target_arch = "aarch64"))]
    fn seconds_are_unsigned_32_bit() {
        for secs in [0i64, 1, 0x7fff_ffff, 0x8000_0000, 0xffff_ffff] {
            let u = Utmpx { ut_tv: Timeval { tv_sec: secs, tv_usec: 0 }, ..Utmpx::ZERO };
            assert_eq!(from_disk(&to_disk(&u)).ut_tv.tv_sec, secs);
        }
        // Out of range: modulo 2^32.
        let u = Utmpx { ut_tv: Timeval { tv_sec: (1 << 32) + 5, tv_usec: 0 }, ..Utmpx::ZERO };
        assert_eq!(from_disk(&to_disk(&u)).ut_tv.tv_sec, 5);
        let u = Utmpx { ut_tv: Timeval { tv_sec: -1, tv_usec: 0 }, ..Utmpx::ZERO };
        assert_eq!(from_disk(&to_disk(&u)).ut_tv.tv_sec, 0xffff_ffff);
    }

    #[test]
    fn every_byte_pattern_round_trips_through_the_disk_record() {
        // Generated records (a small LCG): disk -> utmpx -> disk keeps every byte but the
        // padding word.
        let mut x: u64 = 0x1234_5678;
        for _ in 0..2000 {
            let mut b = [0u8; RECORD_SIZE];
            for byte in b.iter_mut() {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                *byte = (x >> 56) as u8;
            }
            b[2] = 0;
            b[3] = 0;
            // aarch64's files: musl's struct keeps the session's low 32 bits (written back
            // sign-extended); the tail pad.
            #[cfg(target_arch = "aarch64")]
            {
                let session = core::mem::offset_of!(DiskRecord, ut_session);
                let sign = if b[session + 3] & 0x80 != 0 { 0xff } else { 0 };
                b[session + 4..session + 8].fill(sign);
                b[RECORD_SIZE - 4..].fill(0);
            }
            let d = from_bytes(&b);
            assert_eq!(bytes(&to_disk(&from_disk(&d))), &b);
        }
    }

    #[test]
    fn id_searches_by_type_or_by_id() {
        let mut want = Utmpx { ut_type: RUN_LVL, ut_id: text("zz"), ..Utmpx::ZERO };
        let key = id_key(&want).unwrap();
        assert!(id_matches(key, &want, &Utmpx { ut_type: RUN_LVL, ut_id: text("~~"), ..Utmpx::ZERO }));
        assert!(!id_matches(key, &want, &Utmpx { ut_type: BOOT_TIME, ut_id: text("zz"), ..Utmpx::ZERO }));
        want.ut_type = DEAD_PROCESS;
        let key = id_key(&want).unwrap();
        for t in [INIT_PROCESS, LOGIN_PROCESS, USER_PROCESS, DEAD_PROCESS] {
            assert!(id_matches(key, &want, &Utmpx { ut_type: t, ut_id: text("zz"), ..Utmpx::ZERO }));
        }
        assert!(!id_matches(key, &want, &Utmpx { ut_type: RUN_LVL, ut_id: text("zz"), ..Utmpx::ZERO }));
        assert!(!id_matches(key, &want, &Utmpx { ut_type: USER_PROCESS, ut_id: text("zy"), ..Utmpx::ZERO }));
        // Bytes after a NUL do not count; four bytes without one do.
        let mut odd: [c_char; 4] = text("zz");
        odd[3] = b'q' as _;
        assert!(id_matches(key, &want, &Utmpx { ut_type: USER_PROCESS, ut_id: odd, ..Utmpx::ZERO }));
        let full = Utmpx { ut_type: USER_PROCESS, ut_id: text("abcd"), ..Utmpx::ZERO };
        assert!(id_matches(IdKey::Process, &full, &full));
        for t in [EMPTY, ACCOUNTING, 99, -1] {
            assert_eq!(id_key(&Utmpx { ut_type: t, ..Utmpx::ZERO }), None);
        }
    }

    #[test]
    fn line_search_takes_login_and_user_entries() {
        let want = Utmpx { ut_line: text("tty2"), ..Utmpx::ZERO };
        for (t, hit) in [(LOGIN_PROCESS, true), (USER_PROCESS, true), (DEAD_PROCESS, false), (INIT_PROCESS, false)] {
            assert_eq!(line_matches(&want, &Utmpx { ut_type: t, ut_line: text("tty2"), ..Utmpx::ZERO }), hit);
        }
        assert!(!line_matches(&want, &Utmpx { ut_type: USER_PROCESS, ut_line: text("tty20"), ..Utmpx::ZERO }));
    }
}
