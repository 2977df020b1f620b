//! `cuserid`: the login name of the effective user.
//!
//! It looks the user up in `/etc/passwd` itself, the file musl's `getpwuid_r` reads, rather
//! than calling limpet-users' `getpwuid_r`: stdio is in every build, the users component is
//! not (`minimal` leaves it out), and a component imports only what every build that has it
//! also has. musl's lookup (and limpet-users') falls back to nscd when the file has no
//! entry; this one does not.
use core::ffi::c_char;

use limpet_abi::fcntl::{AT_FDCWD, O_CLOEXEC, O_RDONLY};
use limpet_syscall::{nr, result, syscall0, syscall1, syscall3, syscall4};

/// `L_cuserid`: the size of the buffer `cuserid` fills, its NUL included.
pub const L_CUSERID: usize = 20;
/// The passwd file is read in pieces of this size; a line longer than that (never a real
/// one) is not matched.
const PIECE: usize = 1024;

/// `cuserid`'s own buffer for a null argument.
static mut NAME: [c_char; L_CUSERID] = [0; L_CUSERID];

/// Calls `found` with the name field of the first `/etc/passwd` line whose uid field is
/// `uid`; false if there is none or the file cannot be read.
fn passwd_name(uid: u32, found: &mut dyn FnMut(&[u8])) -> bool {
    // SAFETY: a NUL-terminated path and plain flags.
    let fd = match result(unsafe { syscall4(nr::OPENAT, AT_FDCWD as usize, c"/etc/passwd".as_ptr() as usize, (O_RDONLY | O_CLOEXEC) as usize, 0) }) {
        Ok(fd) => fd,
        Err(_) => return false,
    };
    let mut buf = [0u8; 2 * PIECE];
    let (mut len, mut hit) = (0, false);
    // SAFETY (each read): the free end of `buf` is writable.
    while let Ok(got) = result(unsafe { syscall3(nr::READ, fd, buf[len..].as_mut_ptr() as usize, buf.len() - len) }) {
        len += got;
        let end_of_file = got == 0;
        // Every whole line (and the last one at the end of the file) is looked at.
        let mut start = 0;
        while let Some(nl) = buf[start..len].iter().position(|&b| b == b'\n').map(|i| start + i).or((end_of_file && start < len).then_some(len)) {
            let line = &buf[start..nl];
            let mut fields = line.split(|&b| b == b':');
            let (name, _, id) = (fields.next(), fields.next(), fields.next());
            if let (Some(name), Some(id)) = (name, id)
                && !id.is_empty()
                && id.iter().all(u8::is_ascii_digit)
                && id.iter().try_fold(0u32, |v, &d| v.checked_mul(10)?.checked_add(u32::from(d - b'0'))) == Some(uid)
            {
                found(name);
                hit = true;
                break;
            }
            start = (nl + 1).min(len);
        }
        if hit || end_of_file {
            break;
        }
        // Keep the unfinished line; a line that fills the buffer is dropped.
        buf.copy_within(start..len, 0);
        len -= start;
        if len == buf.len() {
            len = 0;
        }
    }
    // SAFETY: closing the descriptor opened above.
    unsafe { syscall1(nr::CLOSE, fd) };
    hit
}

/// `cuserid(buf)`—The login name of the process's effective user, from the user database:
/// copied into `buf` (`L_cuserid` bytes) and `buf` returned, or with `buf` null into a
/// buffer of the library's (overwritten by the next call). With no entry for the user, or
/// a name too long for `L_cuserid`, `buf` is returned holding an empty string (null with a
/// null `buf`), as musl does.
///
/// # Safety
/// `buf` must be null or writable for `L_cuserid` bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn cuserid(buf: *mut c_char) -> *mut c_char {
    if !buf.is_null() {
        // SAFETY: the caller's buffer is writable.
        unsafe { *buf = 0 };
    }
    // SAFETY: geteuid takes nothing.
    let uid = unsafe { syscall0(nr::GETEUID) } as u32;
    let mut out = buf;
    passwd_name(uid, &mut |name| {
        if name.len() >= L_CUSERID {
            return;
        }
        if out.is_null() {
            out = (&raw mut NAME).cast();
        }
        // SAFETY: `out` has room for `L_CUSERID` bytes and the name and NUL fit.
        unsafe {
            core::ptr::copy_nonoverlapping(name.as_ptr().cast(), out, name.len());
            *out.add(name.len()) = 0;
        }
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_the_effective_user_as_the_passwd_file_does() {
        // SAFETY: geteuid takes nothing.
        let uid = unsafe { syscall0(nr::GETEUID) } as u32;
        let text = std::fs::read_to_string("/etc/passwd").unwrap();
        let want = text
            .lines()
            .map(|l| l.split(':').collect::<Vec<_>>())
            .find(|f| f.len() > 2 && f[2].parse::<u32>() == Ok(uid))
            .map(|f| f[0].to_string());
        let mut buf = [0x55 as c_char; L_CUSERID];
        let got = unsafe { cuserid(buf.as_mut_ptr()) };
        assert_eq!(got, buf.as_mut_ptr());
        let name = unsafe { core::ffi::CStr::from_ptr(got) }.to_str().unwrap();
        assert_eq!(Some(name.to_string()).filter(|n| !n.is_empty()), want.filter(|n| n.len() < L_CUSERID));
        let mut seen = Vec::new();
        assert!(!passwd_name(u32::MAX - 7, &mut |n| seen.push(n.to_vec())));
        assert!(seen.is_empty());
    }
}
