//! The system's names: `uname`, `gethostname`, `sethostname`, `getdomainname`,
//! `setdomainname`, `gethostid`.
use core::ffi::{c_char, c_int, c_long};

use limpet_abi::utsname::Utsname;
use limpet_syscall::errno::EINVAL;
use limpet_syscall::{nr, result, set_errno, syscall1, syscall2, syscall3, syscall4};

use crate::ret_int;

/// `uname(buf)`—Stores the kernel's name, the node (host) name, the release, the version,
/// the machine and the NIS domain name in `*buf`; 0, or -1 with errno (EFAULT).
///
/// # Safety
/// `buf` must point to a writable `struct utsname`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn uname(buf: *mut Utsname) -> c_int {
    // SAFETY: the caller vouches for `buf`.
    ret_int(unsafe { syscall1(nr::UNAME, buf as usize) })
}

/// The names, or errno set.
fn names() -> Option<Utsname> {
    let mut u = Utsname::default();
    // SAFETY: `u` is a utsname.
    if unsafe { uname(&mut u) } == 0 { Some(u) } else { None }
}

/// `gethostname(name, len)`—Copies the host name into `name`. As musl does, a name longer
/// than `len - 1` bytes is cut to fit, still NUL-terminated, and that is no error. 0, or -1
/// with errno.
///
/// # Safety
/// `name` must be writable for `len` bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn gethostname(name: *mut c_char, len: usize) -> c_int {
    let Some(u) = names() else { return -1 };
    let n = u.nodename.iter().position(|&c| c == 0).unwrap_or(u.nodename.len());
    if len == 0 {
        return 0;
    }
    let copy = n.min(len - 1);
    // SAFETY: `name` has room for `len > copy` bytes.
    unsafe {
        core::ptr::copy_nonoverlapping(u.nodename.as_ptr(), name, copy);
        *name.add(copy) = 0;
    }
    0
}

/// `getdomainname(name, len)`—Copies the NIS domain name into `name`; 0, or -1 with errno
/// EINVAL when it does not fit with its NUL (or `len` is 0).
///
/// # Safety
/// `name` must be writable for `len` bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getdomainname(name: *mut c_char, len: usize) -> c_int {
    let Some(u) = names() else { return -1 };
    let n = u.domainname.iter().position(|&c| c == 0).unwrap_or(u.domainname.len());
    if n >= len {
        set_errno(EINVAL);
        return -1;
    }
    // SAFETY: `name` has room for `len > n` bytes.
    unsafe { core::ptr::copy_nonoverlapping(u.domainname.as_ptr(), name, n + 1) };
    0
}

/// `sethostname(name, len)`—Sets the host name to the `len` bytes at `name` (needs
/// `CAP_SYS_ADMIN` in the UTS namespace); 0, or -1 with errno (EPERM, EINVAL past 64
/// bytes).
///
/// # Safety
/// `name` must be readable for `len` bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn sethostname(name: *const c_char, len: usize) -> c_int {
    // SAFETY: the caller vouches for the bytes.
    ret_int(unsafe { syscall2(nr::SETHOSTNAME, name as usize, len) })
}

/// `setdomainname(name, len)`—Sets the NIS domain name, as `sethostname`.
///
/// # Safety
/// `name` must be readable for `len` bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn setdomainname(name: *const c_char, len: usize) -> c_int {
    // SAFETY: the caller vouches for the bytes.
    ret_int(unsafe { syscall2(nr::SETDOMAINNAME, name as usize, len) })
}

/// `gethostid()`—The host's 32-bit identifier: the one `sethostid` stored in `/etc/hostid`
/// (four bytes in the machine's order) when that file exists, as glibc reads it; else 0, as
/// musl always answers.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn gethostid() -> c_long {
    use limpet_abi::fcntl::AT_FDCWD;
    const O_RDONLY_CLOEXEC: usize = limpet_abi::fcntl::O_CLOEXEC as usize;
    // SAFETY: a NUL-terminated literal.
    let Ok(fd) = result(unsafe { syscall4(nr::OPENAT, AT_FDCWD as usize, c"/etc/hostid".as_ptr() as usize, O_RDONLY_CLOEXEC, 0) })
    else {
        return 0;
    };
    let mut id = [0u8; 4];
    // SAFETY: four bytes into a local.
    let got = result(unsafe { syscall3(nr::READ, fd, id.as_mut_ptr() as usize, 4) });
    // SAFETY: the descriptor is ours.
    unsafe { syscall1(nr::CLOSE, fd) };
    if got == Ok(4) { c_long::from(i32::from_ne_bytes(id)) } else { 0 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use limpet_syscall::errno;

    fn text(b: &[c_char]) -> String {
        let n = b.iter().position(|&c| c == 0).unwrap();
        String::from_utf8(b[..n].iter().map(|&c| c as u8).collect()).unwrap()
    }

    #[test]
    fn names_agree_with_proc() {
        let u = names().unwrap();
        assert_eq!(text(&u.sysname), "Linux");
        let host = std::fs::read_to_string("/proc/sys/kernel/hostname").unwrap();
        assert_eq!(text(&u.nodename), host.trim_end());
        let mut buf = [0 as c_char; 65];
        // SAFETY: 65 writable bytes.
        assert_eq!(unsafe { gethostname(buf.as_mut_ptr(), buf.len()) }, 0);
        assert_eq!(text(&buf), host.trim_end());
        // Cut to fit, NUL-terminated.
        let mut two = [7 as c_char; 2];
        assert_eq!(unsafe { gethostname(two.as_mut_ptr(), 2) }, 0);
        assert_eq!(two[1], 0);
        let domain = std::fs::read_to_string("/proc/sys/kernel/domainname").unwrap();
        assert_eq!(unsafe { getdomainname(buf.as_mut_ptr(), buf.len()) }, 0);
        assert_eq!(text(&buf), domain.trim_end());
        assert_eq!(unsafe { getdomainname(buf.as_mut_ptr(), 0) }, -1);
        assert_eq!(errno(), EINVAL);
        assert_eq!(unsafe { uname(8 as *mut Utsname) }, -1);
        assert_eq!(errno(), limpet_syscall::errno::EFAULT);
    }
}
