//! `<pwd.h>`'s lookups: `getpwnam`, `getpwuid` and their `_r` forms, over /etc/passwd.
//! The walk through the file (`getpwent`, ...) is in `crate::pwent`.
use core::ffi::{CStr, c_char, c_int};
use core::ptr::null_mut;

use limpet_abi::pwd::{Passwd, uid_t};
use limpet_start::lock::Mutex;

use crate::db::{Db, Entry, Key, lookup_r, lookup_static};
use crate::line;
use crate::nscd::{self, Request};
use crate::nscd_pwd;
use crate::pack::{Full, Packer, Slot};

/// The user database.
pub(crate) struct Users;

impl Db for Users {
    type C = Passwd;
    type Entry<'a> = line::Passwd<'a>;
    const PATH: &'static CStr = c"/etc/passwd";

    fn parse(line: &[u8]) -> Option<line::Passwd<'_>> {
        line::Passwd::parse(line)
    }

    fn nscd<T>(key: Key<'_>, store: impl FnOnce(&dyn Entry<C = Passwd>) -> T) -> Result<Option<T>, c_int> {
        nscd::lookup::<nscd_pwd::Reply, _, _>(key, [Request::PwByName, Request::PwByUid], store)
    }
}

impl Entry for line::Passwd<'_> {
    type C = Passwd;

    fn name(&self) -> &[u8] {
        self.name
    }

    fn id(&self) -> u32 {
        self.uid
    }

    fn size(&self) -> usize {
        self.text_len()
    }

    fn pack(&self, p: &mut Packer<'_>) -> Result<Passwd, Full> {
        Ok(Passwd {
            pw_name: p.str(self.name)?,
            pw_passwd: p.str(self.passwd)?,
            pw_uid: self.uid,
            pw_gid: self.gid,
            pw_gecos: p.str(self.gecos)?,
            pw_dir: p.str(self.dir)?,
            pw_shell: p.str(self.shell)?,
        })
    }
}

/// The record before any is read.
pub(crate) const NO_USER: Passwd = Passwd {
    pw_name: null_mut(),
    pw_passwd: null_mut(),
    pw_uid: 0,
    pw_gid: 0,
    pw_gecos: null_mut(),
    pw_dir: null_mut(),
    pw_shell: null_mut(),
};

static BY_NAME: Mutex<Slot<Passwd>> = Mutex::new(Slot::new(NO_USER));
static BY_UID: Mutex<Slot<Passwd>> = Mutex::new(Slot::new(NO_USER));

/// `getpwnam(name)`—The first user of /etc/passwd named `name`, in a static record that the
/// next `getpwnam` overwrites. Null with errno untouched when there is none; null with
/// errno set when the file cannot be read (ENOENT when it does not exist, as in musl) or
/// the record cannot be stored (ENOMEM), or `name` is null (EINVAL).
///
/// # Safety
/// `name` must be null or a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getpwnam(name: *const c_char) -> *mut Passwd {
    // SAFETY: the caller passes null or a NUL-terminated name, read before this returns.
    let key = unsafe { Key::name(name) };
    lookup_static::<Users>(key, &mut BY_NAME.lock())
}

/// `getpwuid(uid)`—The first user of /etc/passwd whose uid is `uid`, in a static record
/// that the next `getpwuid` overwrites; null as for `getpwnam`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn getpwuid(uid: uid_t) -> *mut Passwd {
    lookup_static::<Users>(Some(Key::Id(uid)), &mut BY_UID.lock())
}

/// `getpwnam_r(name, pw, buf, len, result)`—The first user of /etc/passwd named `name`,
/// into `*pw`, its strings in `buf` (`len` bytes: the line's length and a byte suffice),
/// and `*result = pw`. Returns 0, with `*result` null when there is no such user; ERANGE
/// when `buf` is too small; EINVAL for a null `name`, `pw` or `result`; the error of
/// opening or reading /etc/passwd (ENOENT when it does not exist). errno is set to any
/// error returned.
///
/// # Safety
/// `name` must be null or a NUL-terminated string; `pw` null or writable; `buf` null or
/// writable for `len` bytes; `result` null or writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getpwnam_r(
    name: *const c_char,
    pw: *mut Passwd,
    buf: *mut c_char,
    len: usize,
    result: *mut *mut Passwd,
) -> c_int {
    // SAFETY: the caller passes null or a NUL-terminated name, and the buffers as
    // `lookup_r` wants them.
    unsafe { lookup_r::<Users>(Key::name(name), pw, buf, len, result) }
}

/// `getpwuid_r(uid, pw, buf, len, result)`—As `getpwnam_r`, for the first user whose uid
/// is `uid`.
///
/// # Safety
/// `pw` must be null or writable; `buf` null or writable for `len` bytes; `result` null or
/// writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getpwuid_r(uid: uid_t, pw: *mut Passwd, buf: *mut c_char, len: usize, result: *mut *mut Passwd) -> c_int {
    // SAFETY: the buffers are as `lookup_r` wants them, per the contract.
    unsafe { lookup_r::<Users>(Some(Key::Id(uid)), pw, buf, len, result) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use limpet_syscall::errno::{EINVAL, ERANGE};

    fn text(p: *const c_char) -> String {
        unsafe { CStr::from_ptr(p) }.to_str().unwrap().to_string()
    }

    /// /etc/passwd exists on every machine the tests run on, with root as uid 0.
    #[test]
    fn root_from_the_real_file() {
        let pw = getpwuid(0);
        assert!(!pw.is_null());
        let root = unsafe { *pw };
        assert_eq!(text(root.pw_name), "root");
        let by_name = unsafe { getpwnam(c"root".as_ptr()) };
        assert_eq!(unsafe { (*by_name).pw_uid }, 0);
    }

    #[test]
    fn not_found_is_no_error() {
        limpet_syscall::set_errno(1234);
        assert!(unsafe { getpwnam(c"no such user, surely".as_ptr()) }.is_null());
        assert_eq!(limpet_syscall::errno(), 1234);
        let mut pw = NO_USER;
        let mut res = &raw mut pw;
        let mut buf = [0 as c_char; 256];
        let r = unsafe { getpwnam_r(c"no such user".as_ptr(), &mut pw, buf.as_mut_ptr(), buf.len(), &mut res) };
        assert_eq!((r, res), (0, null_mut()));
        assert_eq!(limpet_syscall::errno(), 1234);
    }

    #[test]
    fn the_r_form_sizes_exactly() {
        let mut pw = NO_USER;
        let mut res = null_mut();
        let mut buf = vec![0 as c_char; 4096];
        assert_eq!(unsafe { getpwuid_r(0, &mut pw, buf.as_mut_ptr(), buf.len(), &mut res) }, 0);
        assert_eq!(res, &raw mut pw);
        // Each of the five strings and its NUL.
        let need: usize = [pw.pw_name, pw.pw_passwd, pw.pw_gecos, pw.pw_dir, pw.pw_shell].iter().map(|&s| text(s).len() + 1).sum();
        let mut small = vec![0 as c_char; need];
        for len in [0, 1, need - 1] {
            res = &raw mut pw;
            assert_eq!(unsafe { getpwuid_r(0, &mut pw, small.as_mut_ptr(), len, &mut res) }, ERANGE, "{len}");
            assert!(res.is_null());
            assert_eq!(limpet_syscall::errno(), ERANGE);
        }
        assert_eq!(unsafe { getpwuid_r(0, &mut pw, small.as_mut_ptr(), need, &mut res) }, 0);
        assert_eq!(text(pw.pw_name), "root");
        assert_eq!(unsafe { getpwuid_r(0, &mut pw, null_mut(), 100, &mut res) }, ERANGE);
    }

    #[test]
    fn bad_arguments_are_einval() {
        let mut pw = NO_USER;
        let mut res = null_mut();
        let mut buf = [0 as c_char; 256];
        let p = buf.as_mut_ptr();
        assert_eq!(unsafe { getpwnam_r(null_mut(), &mut pw, p, 256, &mut res) }, EINVAL);
        assert_eq!(unsafe { getpwnam_r(c"root".as_ptr(), null_mut(), p, 256, &mut res) }, EINVAL);
        assert_eq!(unsafe { getpwuid_r(0, &mut pw, p, 256, null_mut()) }, EINVAL);
        limpet_syscall::set_errno(0);
        assert!(unsafe { getpwnam(null_mut()) }.is_null());
        assert_eq!(limpet_syscall::errno(), EINVAL);
    }
}
