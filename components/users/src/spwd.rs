//! One line of /etc/shadow, `name:passwd:lstchg:min:max:warn:inact:expire:flag`, cut into
//! its fields ([`Shadow`], borrowing the line), and the `struct spwd` it becomes. A line
//! that does not parse is `None`, and the readers skip it.
//!
//! The rules are musl's (measured on musl 1.2.3), except where musl's reading is a bug
//! (README, "How /etc/shadow is read"):
//! - exactly nine fields; the last, the flag, is the rest of the line, so a tenth field (or
//!   a `:` after the flag) makes the line malformed;
//! - a NUL anywhere makes the line malformed (musl wants the newline right after the
//!   flag), and so does a carriage return after the flag;
//! - the name and the password may be anything without `:`, the name even empty (musl and
//!   glibc agree);
//! - a number is empty, which reads as -1 (`ULONG_MAX` for the flag), or one or more ASCII
//!   digits (no sign, no space) whose value fits the field: musl keeps an overflowing value
//!   modulo 2^64, limpet skips the line, as glibc does.
use core::ffi::{CStr, c_int, c_long, c_ulong};
use core::ptr::null_mut;

use limpet_abi::shadow::Spwd;

use crate::db::Table;
use crate::pack::{Full, Packer, Slot};

/// What separates the fields of a line.
const FIELD_SEP: u8 = b':';
/// The radix of the numbers.
const DECIMAL: u32 = 10;
/// What an empty day count or limit reads as.
pub(crate) const NO_DAYS: c_long = -1;
/// What an empty flag field reads as.
pub(crate) const NO_FLAG: c_ulong = c_ulong::MAX;

/// A line of /etc/shadow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shadow<'a> {
    pub name: &'a [u8],
    pub passwd: &'a [u8],
    /// The day of the last change, then the minimum and maximum days between changes, the
    /// days of warning, the days of inactivity allowed and the day the account expires:
    /// `sp_lstchg` to `sp_expire`.
    pub days: [c_long; 6],
    pub flag: c_ulong,
}

impl<'a> Shadow<'a> {
    /// The entry of `line` (without its newline), or `None` when it is malformed.
    pub fn parse(line: &'a [u8]) -> Option<Shadow<'a>> {
        if line.contains(&0) {
            return None;
        }
        let mut rest = line;
        let mut field = || {
            let end = rest.iter().position(|&c| c == FIELD_SEP)?;
            let f = &rest[..end];
            rest = &rest[end + 1..];
            Some(f)
        };
        let name = field()?;
        let passwd = field()?;
        let mut days = [NO_DAYS; 6];
        for d in &mut days {
            *d = number(field()?, NO_DAYS)?;
        }
        let flag = number(rest, NO_FLAG)?;
        Some(Shadow { name, passwd, days, flag })
    }

    /// The bytes its two strings take, each with its NUL: what `getspnam_r` needs.
    pub fn text_len(&self) -> usize {
        self.name.len() + 1 + self.passwd.len() + 1
    }

    /// The C record, its strings packed by `p`.
    pub(crate) fn pack(&self, p: &mut Packer<'_>) -> Result<Spwd, Full> {
        let [lstchg, min, max, warn, inact, expire] = self.days;
        Ok(Spwd {
            sp_namp: p.str(self.name)?,
            sp_pwdp: p.str(self.passwd)?,
            sp_lstchg: lstchg,
            sp_min: min,
            sp_max: max,
            sp_warn: warn,
            sp_inact: inact,
            sp_expire: expire,
            sp_flag: self.flag,
        })
    }
}

/// A number field: `empty` when there is nothing, else at least one ASCII digit and
/// nothing else, no more than `T` holds.
fn number<T: TryFrom<u64>>(field: &[u8], empty: T) -> Option<T> {
    if field.is_empty() {
        return Some(empty);
    }
    let v = field.iter().try_fold(0u64, |v, &c| {
        let digit = char::from(c).to_digit(DECIMAL)?;
        v.checked_mul(DECIMAL.into())?.checked_add(digit.into())
    })?;
    T::try_from(v).ok()
}

/// The shadow database, for the walks (`getspent`, `fgetspent`).
pub(crate) struct Shadows;

impl Table for Shadows {
    type C = Spwd;
    const PATH: &'static CStr = SHADOW;

    fn store(line: &[u8], slot: &mut Slot<Spwd>) -> Option<Result<*mut Spwd, c_int>> {
        let e = Shadow::parse(line)?;
        Some(slot.fill(e.text_len(), |p| e.pack(p)))
    }
}

/// The shadow file, `SHADOW` in `<shadow.h>`.
pub(crate) const SHADOW: &CStr = c"/etc/shadow";

/// The record before any is read.
pub(crate) const NO_SPWD: Spwd = Spwd {
    sp_namp: null_mut(),
    sp_pwdp: null_mut(),
    sp_lstchg: 0,
    sp_min: 0,
    sp_max: 0,
    sp_warn: 0,
    sp_inact: 0,
    sp_expire: 0,
    sp_flag: 0,
};

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(line: &str) -> Option<(String, String, [i64; 6], u64)> {
        let s = |b: &[u8]| String::from_utf8(b.to_vec()).unwrap();
        Shadow::parse(line.as_bytes()).map(|e| (s(e.name), s(e.passwd), e.days, e.flag))
    }

    fn want(name: &str, pw: &str, days: [i64; 6], flag: u64) -> Option<(String, String, [i64; 6], u64)> {
        Some((name.into(), pw.into(), days, flag))
    }

    #[test]
    fn well_formed_lines() {
        assert_eq!(parse("root:*:19000:0:99999:7:::"), want("root", "*", [19000, 0, 99999, 7, -1, -1], u64::MAX));
        assert_eq!(parse("a:x:1:2:3:4:5:6:7"), want("a", "x", [1, 2, 3, 4, 5, 6], 7));
        assert_eq!(parse("c:x:::::::"), want("c", "x", [-1; 6], u64::MAX));
        assert_eq!(parse("::::::::"), want("", "", [-1; 6], u64::MAX));
        assert_eq!(parse(":x:1:2:3:4:5:6:7"), want("", "x", [1, 2, 3, 4, 5, 6], 7));
        assert_eq!(parse("#c:x:1:2:3:4:5:6:7"), want("#c", "x", [1, 2, 3, 4, 5, 6], 7));
        assert_eq!(parse("z:$6$s$h:007:0:0:0:0:0:0"), want("z", "$6$s$h", [7, 0, 0, 0, 0, 0], 0));
        // The largest values each field holds.
        assert_eq!(
            parse("o:x:9223372036854775807:2:3:4:5:6:18446744073709551615"),
            want("o", "x", [i64::MAX, 2, 3, 4, 5, 6], u64::MAX)
        );
        assert_eq!(parse(" sp : x :1:2:3:4:5:6:"), want(" sp ", " x ", [1, 2, 3, 4, 5, 6], u64::MAX));
    }

    #[test]
    fn malformed_lines() {
        for line in [
            "",
            "# comment",
            "h",
            "g:x",
            "b:x::::::",
            "e:x:1:2:3:4:5:6",
            "d:x:1:2:3:4:5:6:7:8",
            "r:x:1:2:3:4:5:6:7:",
            "i:x:-1:2:3:4:5:6:7",
            "i:x:1:2:3:4:5:6:-7",
            "j:x: 1:2:3:4:5:6:7",
            "k:x:1 :2:3:4:5:6:7",
            "l:x:+1:2:3:4:5:6:7",
            "m:x:0x10:2:3:4:5:6:7",
            "q:x:1a:2:3:4:5:6:7",
            "s:x:1:2:3:4:5:6:abc",
            "w:x:1:2:3:4:5:6:7 ",
            "b:x:1:2:3:4:5:6:7\r",
            "c:x:1:2:3:4:5:6:\r",
            "y:x:-:2:3:4:5:6:7",
            "z:x:-0:2:3:4:5:6:-0",
            "n:x:99999999999999999999:2:3:4:5:6:7",
            "p:x:9223372036854775808:2:3:4:5:6:7",
            "p:x:1:2:3:4:5:6:18446744073709551616",
            "m:x:1:2:3:4:5:6:7\0junk",
            "n:x\0:1:2:3:4:5:6:7",
            "\0:x:1:2:3:4:5:6:7",
        ] {
            assert_eq!(parse(line), None, "{line:?}");
        }
    }

    #[test]
    fn long_lines() {
        let pw = "P".repeat(100_000);
        let line = format!("long:{pw}:1:2:3:4:5:6:");
        let e = Shadow::parse(line.as_bytes()).unwrap();
        assert_eq!(e.passwd, pw.as_bytes());
        assert_eq!(e.text_len(), 5 + 100_001);
        let name = "n".repeat(70_000);
        assert_eq!(parse(&format!("{name}:x:::::::")), want(&name, "x", [-1; 6], u64::MAX));
    }

    #[test]
    fn packing_sizes_exactly() {
        let e = Shadow::parse(b"ab:cde:1:2:3:4:5:6:7").unwrap();
        assert_eq!(e.text_len(), 3 + 4);
        let mut buf = [0u8; 7];
        let rec = e.pack(&mut unsafe { Packer::new(buf.as_mut_ptr().cast(), 7) }).unwrap();
        assert_eq!(unsafe { CStr::from_ptr(rec.sp_namp) }.to_bytes(), b"ab");
        assert_eq!(unsafe { CStr::from_ptr(rec.sp_pwdp) }.to_bytes(), b"cde");
        assert_eq!((rec.sp_lstchg, rec.sp_expire, rec.sp_flag), (1, 6, 7));
        assert!(e.pack(&mut unsafe { Packer::new(buf.as_mut_ptr().cast(), 6) }).is_err());
    }
}
