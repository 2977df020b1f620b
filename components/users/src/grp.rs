//! `<grp.h>`'s lookups: `getgrnam`, `getgrgid` and their `_r` forms, over /etc/group. The
//! walk through the file (`getgrent`, ...) is in `crate::grent`, `getgrouplist` and
//! `initgroups` in `crate::grouplist`.
use core::ffi::{CStr, c_char, c_int};
use core::ptr::null_mut;

use limpet_abi::grp::Group;
use limpet_abi::pwd::gid_t;
use limpet_start::lock::Mutex;

use crate::db::{Db, Entry, Key, lookup_r, lookup_static};
use crate::line;
use crate::nscd::{self, Request};
use crate::nscd_grp;
use crate::pack::{Full, Packer, Slot, list_size};

/// The group database.
pub(crate) struct Groups;

impl Db for Groups {
    type C = Group;
    type Entry<'a> = line::Group<'a>;
    const PATH: &'static CStr = c"/etc/group";

    fn parse(line: &[u8]) -> Option<line::Group<'_>> {
        line::Group::parse(line)
    }

    fn nscd<T>(key: Key<'_>, store: impl FnOnce(&dyn Entry<C = Group>) -> T) -> Result<Option<T>, c_int> {
        nscd::lookup::<nscd_grp::Reply, _, _>(key, [Request::GrByName, Request::GrByGid], store)
    }
}

impl Entry for line::Group<'_> {
    type C = Group;

    fn name(&self) -> &[u8] {
        self.name
    }

    fn id(&self) -> u32 {
        self.gid
    }

    fn size(&self) -> usize {
        list_size(self.member_count()) + self.text_len()
    }

    fn pack(&self, p: &mut Packer<'_>) -> Result<Group, Full> {
        // The pointer array first: it is the piece that needs aligning.
        let gr_mem = p.list(self.members(), self.member_count())?;
        Ok(Group { gr_name: p.str(self.name)?, gr_passwd: p.str(self.passwd)?, gr_gid: self.gid, gr_mem })
    }
}

/// The record before any is read.
pub(crate) const NO_GROUP: Group = Group { gr_name: null_mut(), gr_passwd: null_mut(), gr_gid: 0, gr_mem: null_mut() };

static BY_NAME: Mutex<Slot<Group>> = Mutex::new(Slot::new(NO_GROUP));
static BY_GID: Mutex<Slot<Group>> = Mutex::new(Slot::new(NO_GROUP));

/// `getgrnam(name)`—The first group of /etc/group named `name`, in a static record that
/// the next `getgrnam` overwrites. Null with errno untouched when there is none; null with
/// errno set when the file cannot be read (ENOENT when it does not exist, as in musl) or
/// the record cannot be stored (ENOMEM), or `name` is null (EINVAL).
///
/// # Safety
/// `name` must be null or a NUL-terminated string.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getgrnam(name: *const c_char) -> *mut Group {
    // SAFETY: the caller passes null or a NUL-terminated name, read before this returns.
    let key = unsafe { Key::name(name) };
    lookup_static::<Groups>(key, &mut BY_NAME.lock())
}

/// `getgrgid(gid)`—The first group of /etc/group whose gid is `gid`, in a static record
/// that the next `getgrgid` overwrites; null as for `getgrnam`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn getgrgid(gid: gid_t) -> *mut Group {
    lookup_static::<Groups>(Some(Key::Id(gid)), &mut BY_GID.lock())
}

/// `getgrnam_r(name, gr, buf, len, result)`—The first group of /etc/group named `name`,
/// into `*gr`, its member array and strings in `buf` (`len` bytes), and `*result = gr`.
/// Returns 0, with `*result` null when there is no such group; ERANGE when `buf` is too
/// small; EINVAL for a null `name`, `gr` or `result`; the error of opening or reading
/// /etc/group (ENOENT when it does not exist). errno is set to any error returned.
///
/// # Safety
/// `name` must be null or a NUL-terminated string; `gr` null or writable; `buf` null or
/// writable for `len` bytes; `result` null or writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getgrnam_r(
    name: *const c_char,
    gr: *mut Group,
    buf: *mut c_char,
    len: usize,
    result: *mut *mut Group,
) -> c_int {
    // SAFETY: the caller passes null or a NUL-terminated name, and the buffers as
    // `lookup_r` wants them.
    unsafe { lookup_r::<Groups>(Key::name(name), gr, buf, len, result) }
}

/// `getgrgid_r(gid, gr, buf, len, result)`—As `getgrnam_r`, for the first group whose gid
/// is `gid`.
///
/// # Safety
/// `gr` must be null or writable; `buf` null or writable for `len` bytes; `result` null or
/// writable.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getgrgid_r(gid: gid_t, gr: *mut Group, buf: *mut c_char, len: usize, result: *mut *mut Group) -> c_int {
    // SAFETY: the buffers are as `lookup_r` wants them, per the contract.
    unsafe { lookup_r::<Groups>(Some(Key::Id(gid)), gr, buf, len, result) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use limpet_syscall::errno::ERANGE;

    fn text(p: *const c_char) -> String {
        unsafe { CStr::from_ptr(p) }.to_str().unwrap().to_string()
    }

    fn members(gr: &Group) -> Vec<String> {
        (0..).map(|i| unsafe { *gr.gr_mem.add(i) }).take_while(|p| !p.is_null()).map(|p| text(p)).collect()
    }

    /// /etc/group exists on every machine the tests run on, with root as gid 0.
    #[test]
    fn root_from_the_real_file() {
        let gr = getgrgid(0);
        assert!(!gr.is_null());
        assert_eq!(text(unsafe { (*gr).gr_name }), "root");
        let by_name = unsafe { getgrnam(c"root".as_ptr()) };
        assert_eq!(unsafe { (*by_name).gr_gid }, 0);
        limpet_syscall::set_errno(1234);
        assert!(unsafe { getgrnam(c"no such group".as_ptr()) }.is_null());
        assert_eq!(limpet_syscall::errno(), 1234);
    }

    #[test]
    fn the_r_form_sizes_exactly() {
        let mut gr = NO_GROUP;
        let mut res = null_mut();
        let mut buf = vec![0u64; 1024];
        let big = buf.as_mut_ptr().cast::<c_char>();
        assert_eq!(unsafe { getgrgid_r(0, &mut gr, big, 8192, &mut res) }, 0);
        assert_eq!(res, &raw mut gr);
        let (name, passwd, mem) = (text(gr.gr_name), text(gr.gr_passwd), members(&gr));
        // On an aligned buffer: the pointers, then each string with its NUL.
        let need = (mem.len() + 1) * size_of::<*mut c_char>()
            + name.len()
            + 1
            + passwd.len()
            + 1
            + mem.iter().map(|m| m.len() + 1).sum::<usize>();
        for len in [0, 1, need - 1] {
            res = &raw mut gr;
            assert_eq!(unsafe { getgrgid_r(0, &mut gr, big, len, &mut res) }, ERANGE, "{len}");
            assert!(res.is_null());
        }
        assert_eq!(unsafe { getgrgid_r(0, &mut gr, big, need, &mut res) }, 0);
        assert_eq!((text(gr.gr_name), text(gr.gr_passwd), members(&gr)), (name.clone(), passwd.clone(), mem.clone()));
        // A misaligned buffer pays for the padding.
        let odd = unsafe { big.add(1) };
        assert_eq!(unsafe { getgrgid_r(0, &mut gr, odd, need, &mut res) }, ERANGE);
        assert_eq!(unsafe { getgrgid_r(0, &mut gr, odd, need + size_of::<*mut c_char>() - 1, &mut res) }, 0);
        assert_eq!(gr.gr_mem as usize % align_of::<*mut c_char>(), 0);
        assert_eq!(members(&gr), mem);
    }
}
