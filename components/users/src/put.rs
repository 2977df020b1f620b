//! `putpwent` and `putgrent`: a record written to a stream as a line of /etc/passwd or
//! /etc/group, which `fgetpwent`/`fgetgrent` read back as it was. The line is written
//! under the stream's lock, so another thread's output cannot land inside it.
use core::ffi::{c_char, c_int};

use limpet_abi::grp::Group;
use limpet_abi::pwd::Passwd;
use limpet_syscall::errno::EINVAL;
use limpet_syscall::set_errno;

use crate::imports::{File, flockfile, fputs, funlockfile, fwrite};

/// The most digits a number written here has (`18446744073709551615`).
const MAX_DIGITS: usize = u64::MAX.ilog10() as usize + 1;
/// The radix ids are written in.
const DECIMAL: u32 = 10;
const FIELD_SEP: &[u8] = b":";
const MEMBER_SEP: &[u8] = b",";
const NEWLINE: &[u8] = b"\n";

/// A line being written to a locked stream; `ok` turns false at the first failed write
/// (stdio has set errno), after which nothing more is written. `crate::spput` writes
/// shadow lines with it too.
pub(crate) struct Line {
    f: *mut File,
    ok: bool,
}

impl Line {
    /// Locks `f` for the line.
    ///
    /// # Safety
    /// `f` must be an open stream, for the line's life.
    pub(crate) unsafe fn new(f: *mut File) -> Line {
        // SAFETY: the stream is open, per the contract; `drop` unlocks it.
        unsafe { flockfile(f) };
        Line { f, ok: true }
    }

    pub(crate) fn bytes(&mut self, b: &[u8]) {
        // SAFETY: `b` is readable for its length; the stream is open and ours to write.
        self.ok = self.ok && unsafe { fwrite(b.as_ptr().cast(), 1, b.len(), self.f) } == b.len();
    }

    /// # Safety
    /// `s` must be a NUL-terminated string.
    pub(crate) unsafe fn str(&mut self, s: *const c_char) {
        // SAFETY: `s` is NUL-terminated, per the contract; the stream is open.
        self.ok = self.ok && unsafe { fputs(s, self.f) } >= 0;
    }

    fn id(&mut self, v: u32) {
        self.decimal(v.into());
    }

    /// `v` in decimal.
    pub(crate) fn decimal(&mut self, mut v: u64) {
        let mut digits = [0u8; MAX_DIGITS];
        let mut i = MAX_DIGITS;
        loop {
            i -= 1;
            // `v % DECIMAL` is a single digit.
            digits[i] = b'0' + (v % u64::from(DECIMAL)) as u8;
            v /= u64::from(DECIMAL);
            if v == 0 {
                break;
            }
        }
        self.bytes(&digits[i..]);
    }

    /// 0, or -1 when a write failed.
    pub(crate) fn result(&self) -> c_int {
        if self.ok { 0 } else { -1 }
    }
}

impl Drop for Line {
    fn drop(&mut self) {
        // SAFETY: `new` locked the stream, which is still open.
        unsafe { funlockfile(self.f) };
    }
}

/// -1 with EINVAL.
fn invalid() -> c_int {
    set_errno(EINVAL);
    -1
}

/// `putpwent(pw, f)`—Writes `*pw` to `f` as `name:passwd:uid:gid:gecos:dir:shell` and a
/// newline. Returns 0, or -1 with errno set when a write fails; -1 with EINVAL, writing
/// nothing, when `pw`, `f` or one of the strings is null.
///
/// # Safety
/// `pw` must be null or a record whose strings are null or NUL-terminated; `f` null or an
/// open stream.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn putpwent(pw: *const Passwd, f: *mut File) -> c_int {
    if pw.is_null() || f.is_null() {
        return invalid();
    }
    // SAFETY: `pw` is a readable record, per the contract.
    let pw = unsafe { &*pw };
    let text = [pw.pw_name, pw.pw_passwd, pw.pw_gecos, pw.pw_dir, pw.pw_shell];
    if text.iter().any(|s| s.is_null()) {
        return invalid();
    }
    // SAFETY: `f` is open; the strings are NUL-terminated (none is null).
    unsafe {
        let mut l = Line::new(f);
        l.str(pw.pw_name);
        l.bytes(FIELD_SEP);
        l.str(pw.pw_passwd);
        l.bytes(FIELD_SEP);
        l.id(pw.pw_uid);
        l.bytes(FIELD_SEP);
        l.id(pw.pw_gid);
        l.bytes(FIELD_SEP);
        l.str(pw.pw_gecos);
        l.bytes(FIELD_SEP);
        l.str(pw.pw_dir);
        l.bytes(FIELD_SEP);
        l.str(pw.pw_shell);
        l.bytes(NEWLINE);
        l.result()
    }
}

/// `putgrent(gr, f)`—Writes `*gr` to `f` as `name:passwd:gid:` and the members separated
/// by commas (none when `gr_mem` is null), and a newline. Returns 0, or -1 with errno set
/// when a write fails; -1 with EINVAL, writing nothing, when `gr`, `f`, the name or the
/// password is null.
///
/// # Safety
/// `gr` must be null or a record whose strings are null or NUL-terminated and whose
/// `gr_mem` is null or a null-terminated array of NUL-terminated strings; `f` null or an
/// open stream.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn putgrent(gr: *const Group, f: *mut File) -> c_int {
    if gr.is_null() || f.is_null() {
        return invalid();
    }
    // SAFETY: `gr` is a readable record, per the contract.
    let gr = unsafe { &*gr };
    if gr.gr_name.is_null() || gr.gr_passwd.is_null() {
        return invalid();
    }
    // SAFETY: `f` is open; the name and password are NUL-terminated; `gr_mem` is null or
    // an array that a null pointer ends, of NUL-terminated strings.
    unsafe {
        let mut l = Line::new(f);
        l.str(gr.gr_name);
        l.bytes(FIELD_SEP);
        l.str(gr.gr_passwd);
        l.bytes(FIELD_SEP);
        l.id(gr.gr_gid);
        l.bytes(FIELD_SEP);
        if !gr.gr_mem.is_null() {
            for i in 0.. {
                let m = *gr.gr_mem.add(i);
                if m.is_null() {
                    break;
                }
                if i > 0 {
                    l.bytes(MEMBER_SEP);
                }
                l.str(m);
            }
        }
        l.bytes(NEWLINE);
        l.result()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::ptr::null_mut;

    unsafe extern "C" {
        fn open_memstream(buf: *mut *mut c_char, len: *mut usize) -> *mut File;
        fn fclose(f: *mut File) -> c_int;
        fn free(p: *mut core::ffi::c_void);
    }

    /// What `write` puts on a memory stream, and its result.
    fn written(write: impl FnOnce(*mut File) -> c_int) -> (c_int, String) {
        let (mut buf, mut len) = (null_mut(), 0);
        unsafe {
            let f = open_memstream(&mut buf, &mut len);
            let r = write(f);
            fclose(f);
            let s = String::from_utf8(core::slice::from_raw_parts(buf.cast::<u8>(), len).to_vec()).unwrap();
            free(buf.cast());
            (r, s)
        }
    }

    fn s(c: &'static core::ffi::CStr) -> *mut c_char {
        c.as_ptr().cast_mut()
    }

    #[test]
    fn users_are_lines() {
        let pw = Passwd {
            pw_name: s(c"n"),
            pw_passwd: s(c"p"),
            pw_uid: 1,
            pw_gid: u32::MAX,
            pw_gecos: s(c"G, h"),
            pw_dir: s(c"/d"),
            pw_shell: s(c""),
        };
        assert_eq!(written(|f| unsafe { putpwent(&pw, f) }), (0, "n:p:1:4294967295:G, h:/d:\n".into()));
        let zero = Passwd { pw_uid: 0, pw_gid: 0, ..pw };
        assert_eq!(written(|f| unsafe { putpwent(&zero, f) }), (0, "n:p:0:0:G, h:/d:\n".into()));
        let bad = Passwd { pw_dir: null_mut(), ..pw };
        assert_eq!(written(|f| unsafe { putpwent(&bad, f) }), (-1, String::new()));
        assert_eq!(written(|_| unsafe { putpwent(&pw, null_mut()) }), (-1, String::new()));
        assert_eq!(written(|f| unsafe { putpwent(null_mut(), f) }), (-1, String::new()));
    }

    #[test]
    fn groups_are_lines() {
        let mut mem = [s(c"a"), s(c"b"), null_mut()];
        let gr = Group { gr_name: s(c"g"), gr_passwd: s(c"x"), gr_gid: 42, gr_mem: mem.as_mut_ptr() };
        assert_eq!(written(|f| unsafe { putgrent(&gr, f) }), (0, "g:x:42:a,b\n".into()));
        let mut none = [null_mut()];
        let empty = Group { gr_mem: none.as_mut_ptr(), ..gr };
        assert_eq!(written(|f| unsafe { putgrent(&empty, f) }), (0, "g:x:42:\n".into()));
        let null = Group { gr_mem: null_mut(), ..gr };
        assert_eq!(written(|f| unsafe { putgrent(&null, f) }), (0, "g:x:42:\n".into()));
        let bad = Group { gr_passwd: null_mut(), ..gr };
        assert_eq!(written(|f| unsafe { putgrent(&bad, f) }), (-1, String::new()));
    }
}
