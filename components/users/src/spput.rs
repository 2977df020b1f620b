//! `putspent`: an entry written to a stream as a line of /etc/shadow, which `fgetspent`
//! reads back as it was, under the stream's lock (`crate::put`'s line writer).
use core::ffi::{CStr, c_char, c_int, c_long};

use limpet_abi::shadow::Spwd;
use limpet_syscall::errno::EINVAL;
use limpet_syscall::set_errno;

use crate::imports::File;
use crate::put::Line;
use crate::spwd::{NO_DAYS, NO_FLAG};

const FIELD_SEP: &[u8] = b":";
const NEWLINE: &[u8] = b"\n";
const MINUS: &[u8] = b"-";
/// What a name or password must not hold: it would end the field or the line, and the
/// line read back would be another entry (or two).
const FORBIDDEN: [u8; 2] = [b':', b'\n'];

/// Whether `s` is a string a field can hold: null (the password only) or without `:` and
/// newline.
///
/// # Safety
/// `s` must be null or NUL-terminated.
unsafe fn field_ok(s: *const c_char) -> bool {
    // SAFETY: `s` is NUL-terminated when not null, per the contract.
    s.is_null() || !unsafe { CStr::from_ptr(s) }.to_bytes().iter().any(|c| FORBIDDEN.contains(c))
}

/// A day count or limit: nothing for -1, else the value, signed.
fn days(l: &mut Line, v: c_long) {
    if v == NO_DAYS {
        return;
    }
    if v < 0 {
        l.bytes(MINUS);
    }
    l.decimal(v.unsigned_abs());
}

/// `putspent(sp, f)`—Writes `*sp` to `f` as
/// `name:passwd:lstchg:min:max:warn:inact:expire:flag` and a newline, as musl does: a
/// field of -1 (a flag of `ULONG_MAX`) and a null password are written empty. Returns 0,
/// or -1 with errno set when a write fails; -1 with EINVAL, writing nothing, when `sp`,
/// `f` or the name is null, or the name or password holds a `:` or a newline (musl writes
/// those, and the line then reads back as something else; glibc refuses them too).
///
/// # Safety
/// `sp` must be null or a record whose strings are null or NUL-terminated; `f` null or an
/// open stream.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn putspent(sp: *const Spwd, f: *mut File) -> c_int {
    if sp.is_null() || f.is_null() {
        set_errno(EINVAL);
        return -1;
    }
    // SAFETY: `sp` is a readable record, per the contract.
    let sp = unsafe { &*sp };
    // SAFETY: the strings are null or NUL-terminated, per the contract.
    if sp.sp_namp.is_null() || !unsafe { field_ok(sp.sp_namp) && field_ok(sp.sp_pwdp) } {
        set_errno(EINVAL);
        return -1;
    }
    // SAFETY: `f` is open; the name is NUL-terminated, and so is the password when it is
    // not null.
    unsafe {
        let mut l = Line::new(f);
        l.str(sp.sp_namp);
        l.bytes(FIELD_SEP);
        if !sp.sp_pwdp.is_null() {
            l.str(sp.sp_pwdp);
        }
        for v in [sp.sp_lstchg, sp.sp_min, sp.sp_max, sp.sp_warn, sp.sp_inact, sp.sp_expire] {
            l.bytes(FIELD_SEP);
            days(&mut l, v);
        }
        l.bytes(FIELD_SEP);
        if sp.sp_flag != NO_FLAG {
            l.decimal(sp.sp_flag);
        }
        l.bytes(NEWLINE);
        l.result()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spwd::Shadow;
    use core::ptr::null_mut;

    unsafe extern "C" {
        fn open_memstream(buf: *mut *mut c_char, len: *mut usize) -> *mut File;
        fn fclose(f: *mut File) -> c_int;
        fn free(p: *mut core::ffi::c_void);
    }

    fn written(sp: &Spwd) -> (c_int, String) {
        let (mut buf, mut len) = (null_mut(), 0);
        unsafe {
            let f = open_memstream(&mut buf, &mut len);
            let r = putspent(sp, f);
            fclose(f);
            let s = String::from_utf8(core::slice::from_raw_parts(buf.cast::<u8>(), len).to_vec()).unwrap();
            free(buf.cast());
            (r, s)
        }
    }

    fn s(c: &'static CStr) -> *mut c_char {
        c.as_ptr().cast_mut()
    }

    fn rec(name: *mut c_char, pw: *mut c_char, d: [c_long; 6], flag: u64) -> Spwd {
        let [sp_lstchg, sp_min, sp_max, sp_warn, sp_inact, sp_expire] = d;
        Spwd { sp_namp: name, sp_pwdp: pw, sp_lstchg, sp_min, sp_max, sp_warn, sp_inact, sp_expire, sp_flag: flag }
    }

    #[test]
    fn lines_as_musl_writes_them() {
        let w = |r: Spwd| written(&r);
        assert_eq!(w(rec(s(c"n"), s(c"p"), [1, 2, 3, 4, 5, 6], 7)), (0, "n:p:1:2:3:4:5:6:7\n".into()));
        assert_eq!(w(rec(s(c"n"), s(c""), [-1; 6], u64::MAX)), (0, "n::::::::\n".into()));
        assert_eq!(
            w(rec(s(c"n"), s(c"p"), [-5, 0, -2, i64::MAX, i64::MIN, 12], 0)),
            (0, "n:p:-5:0:-2:9223372036854775807:-9223372036854775808:12:0\n".into())
        );
        assert_eq!(w(rec(s(c"n"), s(c"p"), [1; 6], u64::MAX - 1)), (0, "n:p:1:1:1:1:1:1:18446744073709551614\n".into()));
        assert_eq!(w(rec(s(c"n"), null_mut(), [1; 6], 4294967295)), (0, "n::1:1:1:1:1:1:4294967295\n".into()));
    }

    #[test]
    fn fields_that_would_not_read_back_are_refused() {
        for (name, pw) in [(null_mut(), s(c"p")), (s(c"a:b"), s(c"p")), (s(c"a"), s(c"p\nroot::0:::::")), (s(c"a\n"), s(c"p"))] {
            set_errno(0);
            assert_eq!(written(&rec(name, pw, [1; 6], 1)), (-1, String::new()));
            assert_eq!(limpet_syscall::errno(), EINVAL);
        }
        assert_eq!(unsafe { putspent(null_mut(), null_mut()) }, -1);
    }

    #[test]
    fn a_round_trip() {
        for days in [[1, 2, 3, 4, 5, 6], [-1; 6], [0, -1, i64::MAX, 7, -1, 0]] {
            for flag in [0, 7, u64::MAX] {
                let (_, line) = written(&rec(s(c"user"), s(c"$6$salt$hash"), days, flag));
                let e = Shadow::parse(line.trim_end_matches('\n').as_bytes()).unwrap();
                assert_eq!((e.name, e.passwd, e.days, e.flag), (&b"user"[..], &b"$6$salt$hash"[..], days, flag));
            }
        }
    }
}
