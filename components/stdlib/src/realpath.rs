//! `realpath`: the canonical absolute name of a file, resolved in user space (no `/proc`
//! needed): `.` and `..` are applied, `//` collapsed, and symbolic links followed.
use core::ffi::c_char;

use limpet_abi::fcntl::AT_FDCWD;
use limpet_abi::limits::PATH_MAX;
use limpet_abi::stat::Stat;
use limpet_abi::stat::{S_IFDIR, S_IFMT};
use limpet_syscall::{errno, nr, result, set_errno, syscall2, syscall4};

use crate::imports::malloc;

/// Symbolic links followed before ELOOP (Linux's limit for one lookup).
const MAX_LINKS: usize = 40;

/// A NUL-terminated path under construction.
struct Path {
    buf: [u8; PATH_MAX],
    len: usize,
    /// The root is `//`: POSIX leaves a path starting with exactly two slashes to the
    /// implementation, and musl keeps them.
    double_root: bool,
}

/// Whether `p` starts with exactly two slashes.
fn two_slashes(p: &[u8]) -> bool {
    p.starts_with(b"//") && p.get(2) != Some(&b'/')
}

impl Path {
    fn c(&mut self) -> *const c_char {
        self.buf[self.len] = 0;
        self.buf.as_ptr().cast()
    }
    /// Appends `/` and `name`; false when that would not fit.
    fn push(&mut self, name: &[u8]) -> bool {
        if self.len + 1 + name.len() >= PATH_MAX {
            return false;
        }
        self.buf[self.len] = b'/';
        self.buf[self.len + 1..self.len + 1 + name.len()].copy_from_slice(name);
        self.len += 1 + name.len();
        true
    }
    /// Removes the last component (the root stays).
    fn pop(&mut self) {
        while self.len > 0 && self.buf[self.len - 1] != b'/' {
            self.len -= 1;
        }
        self.len = self.len.saturating_sub(1);
    }
}

/// Whether `path` names a directory (following links): Ok(bool) or the stat error.
fn is_dir(path: &mut Path) -> Result<bool, i32> {
    if path.len == 0 {
        return Ok(true);
    }
    let mut st = core::mem::MaybeUninit::<Stat>::zeroed();
    let p = path.c();
    // SAFETY: the kernel fills a struct stat; `p` is NUL-terminated.
    result(unsafe { syscall4(nr::NEWFSTATAT, AT_FDCWD as usize, p as usize, st.as_mut_ptr() as usize, 0) })?;
    // SAFETY: all-zero is a valid Stat, and the kernel filled it in.
    let mode = unsafe { st.assume_init() }.st_mode;
    Ok(mode & S_IFMT == S_IFDIR)
}

/// Resolves `input` into `out`: Ok, or the errno.
fn resolve(input: &[u8], out: &mut Path) -> Result<(), i32> {
    if input.is_empty() {
        return Err(errno::ENOENT);
    }
    // `pending` holds the part still to resolve, at its end; links are spliced in before it.
    let mut pending = [0u8; PATH_MAX];
    if input.len() >= PATH_MAX {
        return Err(errno::ENAMETOOLONG);
    }
    let mut start = PATH_MAX - input.len();
    pending[start..].copy_from_slice(input);
    out.len = 0;
    out.double_root = two_slashes(input);
    if input[0] != b'/' {
        // SAFETY: getcwd writes at most PATH_MAX bytes, NUL included.
        let n = result(unsafe { syscall2(nr::GETCWD, out.buf.as_mut_ptr() as usize, PATH_MAX) })?;
        if out.buf[0] != b'/' {
            // "(unreachable)": the directory is outside this process's root.
            return Err(errno::ENOENT);
        }
        out.len = if n >= 2 { n - 1 } else { 0 };
        if out.len == 1 {
            out.len = 0;
        }
    }
    let mut links = 0;
    // Whether `out` ends in a component that is not a link and has not been seen to be a
    // directory. The next name's readlinkat settles that for free (the kernel fails it with
    // ENOTDIR); only a `.`, `..` or trailing slash, which make no system call, must ask.
    let mut unverified = false;
    while start < PATH_MAX {
        let rest = &pending[start..];
        let skip = rest.iter().take_while(|c| **c == b'/').count();
        let name_len = rest[skip..].iter().take_while(|c| **c != b'/').count();
        let more = skip + name_len < rest.len();
        let mut name = [0u8; 256];
        if name_len > 255 {
            return Err(errno::ENAMETOOLONG);
        }
        name[..name_len].copy_from_slice(&rest[skip..skip + name_len]);
        let name = &name[..name_len];
        start += skip + name_len;
        match name {
            b"" => {
                // A trailing slash: what came before must be a directory.
                if !is_dir(out)? {
                    return Err(errno::ENOTDIR);
                }
                unverified = false;
            }
            b"." | b".." => {
                if unverified && !is_dir(out)? {
                    return Err(errno::ENOTDIR);
                }
                unverified = false;
                if name == b".." {
                    out.pop();
                }
            }
            _ => {
                if !out.push(name) {
                    return Err(errno::ENAMETOOLONG);
                }
                let mut target = [0u8; PATH_MAX];
                let p = out.c();
                // SAFETY: readlinkat writes at most PATH_MAX - 1 bytes into `target`.
                let r = unsafe {
                    syscall4(nr::READLINKAT, AT_FDCWD as usize, p as usize, target.as_mut_ptr() as usize, PATH_MAX - 1)
                };
                match result(r) {
                    // Not a link; one followed by more must be a directory, which the next
                    // step checks.
                    Err(errno::EINVAL) => unverified = more,
                    Err(e) => return Err(e),
                    Ok(n) => {
                        links += 1;
                        if links > MAX_LINKS {
                            return Err(errno::ELOOP);
                        }
                        if n > start {
                            return Err(errno::ENAMETOOLONG);
                        }
                        out.pop();
                        unverified = false;
                        // The target goes in front of what is left; an absolute one restarts at /.
                        start -= n;
                        pending[start..start + n].copy_from_slice(&target[..n]);
                        if target[0] == b'/' {
                            out.len = 0;
                            out.double_root = two_slashes(&target[..n]);
                        }
                    }
                }
            }
        }
    }
    Ok(())
}

/// `realpath(path, resolved)`—The absolute name of `path` with every `.`, `..`, repeated `/`
/// and symbolic link resolved, written to `resolved` (`PATH_MAX` bytes) or, if that is NULL,
/// to a new `malloc`ed string. NULL with errno on failure: EINVAL for a null `path`, ENOENT
/// (also for ""), ENOTDIR, ELOOP, ENAMETOOLONG, EACCES, ENOMEM.
///
/// # Safety
/// `path` must be null or NUL-terminated; `resolved` null or writable for `PATH_MAX` bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn realpath(path: *const c_char, resolved: *mut c_char) -> *mut c_char {
    if path.is_null() {
        set_errno(errno::EINVAL);
        return core::ptr::null_mut();
    }
    // SAFETY: the caller's NUL-terminated string.
    let input = unsafe { core::ffi::CStr::from_ptr(path) }.to_bytes();
    let mut out = Path { buf: [0; PATH_MAX], len: 0, double_root: false };
    if let Err(e) = resolve(input, &mut out) {
        set_errno(e);
        return core::ptr::null_mut();
    }
    let root: &[u8] = match (out.double_root, out.len) {
        (true, 0) => b"//",
        (true, _) => b"/",
        (false, 0) => b"/",
        (false, _) => b"",
    };
    let n = root.len() + out.len;
    if n >= PATH_MAX {
        set_errno(errno::ENAMETOOLONG);
        return core::ptr::null_mut();
    }
    let dest = if resolved.is_null() {
        // SAFETY: plain allocation.
        let d = unsafe { malloc(n + 1) } as *mut c_char;
        if d.is_null() {
            set_errno(errno::ENOMEM);
            return d;
        }
        d
    } else {
        resolved
    };
    // SAFETY: `dest` holds at least n + 1 bytes (PATH_MAX or the allocation).
    unsafe {
        core::ptr::copy_nonoverlapping(root.as_ptr().cast(), dest, root.len());
        core::ptr::copy_nonoverlapping(out.buf.as_ptr().cast(), dest.add(root.len()), out.len);
        *dest.add(n) = 0;
    }
    dest
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::{CStr, CString};

    fn ours(p: &str) -> Result<String, i32> {
        let c = CString::new(p).unwrap();
        let mut buf = [0 as c_char; PATH_MAX];
        let r = unsafe { realpath(c.as_ptr(), buf.as_mut_ptr()) };
        if r.is_null() {
            Err(std::io::Error::last_os_error().raw_os_error().unwrap())
        } else {
            Ok(unsafe { CStr::from_ptr(r) }.to_str().unwrap().to_owned())
        }
    }

    fn std_ok(p: &str) -> Result<String, i32> {
        std::fs::canonicalize(p).map(|p| p.to_str().unwrap().to_owned()).map_err(|e| e.raw_os_error().unwrap())
    }

    #[test]
    fn agrees_with_the_host() {
        let dir = format!("/tmp/limpet-realpath-{}", std::process::id());
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(format!("{dir}/a/b")).unwrap();
        std::fs::write(format!("{dir}/a/file"), "x").unwrap();
        std::os::unix::fs::symlink("a/b", format!("{dir}/rel")).unwrap();
        std::os::unix::fs::symlink(format!("{dir}/a"), format!("{dir}/abs")).unwrap();
        std::os::unix::fs::symlink("loop", format!("{dir}/loop")).unwrap();
        std::os::unix::fs::symlink("../..", format!("{dir}/a/b/up")).unwrap();
        // musl keeps a leading `//` (glibc does not).
        assert_eq!(ours("//").as_deref(), Ok("//"));
        assert_eq!(ours("//usr/../etc").as_deref(), Ok("//etc"));
        assert_eq!(ours("///usr").as_deref(), Ok("/usr"));
        for p in [
            "/",
            "/usr/bin/../bin",
            "/usr/./bin//",
            "/..",
            "/tmp/../..",
            ".",
            "..",
            "/nonexistent",
            "/etc/passwd/",
            "/etc/passwd/..",
        ] {
            assert_eq!(ours(p), std_ok(p), "{p}");
        }
        for p in [
            "rel",
            "rel/",
            "abs/file",
            "abs/b/up/rel/..",
            "loop",
            "a/file/x",
            "a/b/up/a/b/up",
            "missing/x",
            "abs/file/.",
            "a/file/./x",
            "a/file/../file",
            "a/file//",
            "a/b/./../file",
            "rel/./..",
        ] {
            let full = format!("{dir}/{p}");
            assert_eq!(ours(&full), std_ok(&full), "{p}");
        }
        assert_eq!(ours(""), Err(errno::ENOENT));
        let n = unsafe { realpath(core::ptr::null(), core::ptr::null_mut()) };
        assert!(n.is_null());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
