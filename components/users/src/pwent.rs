//! `<pwd.h>`'s walk through the users: `getpwent`, `setpwent`, `endpwent` over /etc/passwd,
//! and `fgetpwent` over a stream the caller opened. The lookups are in `crate::pwd`.
use core::ptr::null_mut;

use limpet_abi::pwd::Passwd;
use limpet_start::lock::Mutex;
use limpet_syscall::errno::EINVAL;
use limpet_syscall::set_errno;

use crate::db::{Ent, Reader};
use crate::imports::File;
use crate::pwd::{NO_USER, Users};

static ENT: Mutex<Ent<Passwd>> = Mutex::new(Ent::new(NO_USER));
static FROM_STREAM: Mutex<Reader<Passwd>> = Mutex::new(Reader::new(NO_USER));

/// `getpwent()`—The next user of /etc/passwd, opening it on the first call (and after
/// `endpwent`), in a static record the next call overwrites; malformed lines are skipped.
/// Null at the end of the file (errno untouched; `setpwent` starts again), and null with
/// errno set when the file cannot be opened or read.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn getpwent() -> *mut Passwd {
    ENT.lock().next::<Users>()
}

/// `setpwent()`—Makes the next `getpwent` start from the first line again.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn setpwent() {
    ENT.lock().rewind();
}

/// `endpwent()`—Closes the file `getpwent` reads; the next `getpwent` opens it again.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn endpwent() {
    ENT.lock().end();
}

/// `fgetpwent(f)`—The next user of the stream `f`, read as /etc/passwd is, in a static
/// record the next call overwrites. Null at the end of the stream (errno untouched), and
/// null with errno set on a read error, or EINVAL for a null `f`.
///
/// # Safety
/// `f` must be null or an open stream.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fgetpwent(f: *mut File) -> *mut Passwd {
    if f.is_null() {
        set_errno(EINVAL);
        return null_mut();
    }
    // SAFETY: the caller's stream is open.
    unsafe { Reader::next_unlocked::<Users>(&FROM_STREAM, f) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::testfile::{ONE_AT_A_TIME, TempFile, stream_records, text};
    use core::ffi::c_char;

    unsafe extern "C" {
        fn fopen(path: *const c_char, mode: *const c_char) -> *mut File;
        fn fclose(f: *mut File) -> i32;
        fn flockfile(f: *mut File);
        fn funlockfile(f: *mut File);
    }

    /// Every user `fgetpwent` finds in `contents`, as lines.
    fn users(contents: &[u8]) -> Vec<String> {
        stream_records(contents, fgetpwent, |p| {
            format!(
                "{}:{}:{}:{}:{}:{}:{}",
                text(p.pw_name),
                text(p.pw_passwd),
                p.pw_uid,
                p.pw_gid,
                text(p.pw_gecos),
                text(p.pw_dir),
                text(p.pw_shell)
            )
        })
    }

    #[test]
    fn malformed_lines_are_skipped() {
        let text = b"root:x:0:0:root:/root:/bin/sh\n\
            \n\
            # a comment\n\
            short:x:1:2:g:/d\n\
            neg:x:-1:2:g:/d:/s\n\
            big:x:4294967296:2:g:/d:/s\n\
            :x:3:3:g:/d:/s\n\
            empty:x::3:g:/d:/s\n\
            crlf:x:5:6:g:/d:/s\r\n\
            last:x:7:8:g:/d:/bin/sh";
        assert_eq!(
            users(text),
            ["root:x:0:0:root:/root:/bin/sh", "crlf:x:5:6:g:/d:/s\r", "last:x:7:8:g:/d:/bin/sh"]
        );
    }

    #[test]
    fn long_lines_grow_the_buffers() {
        let gecos = "g".repeat(100_000);
        let text = format!("a:x:1:1:{gecos}:/d:/s\nb:x:2:2::/:\n");
        let got = users(text.as_bytes());
        assert_eq!(got.len(), 2);
        assert_eq!(got[0], format!("a:x:1:1:{gecos}:/d:/s"));
        assert_eq!(got[1], "b:x:2:2::/:");
    }

    /// A thread that holds the stream's lock can read from it while another thread waits
    /// for that lock inside `fgetpwent`.
    #[test]
    fn a_reader_holding_the_stream_lock_is_not_blocked() {
        let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
        let file = TempFile::new(b"a:x:1:1::/:\nb:x:2:2::/:\n");
        let f = unsafe { fopen(file.path.as_ptr(), c"r".as_ptr()) };
        unsafe { flockfile(f) };
        let addr = f as usize;
        let other = std::thread::spawn(move || !unsafe { fgetpwent(addr as *mut File) }.is_null());
        std::thread::sleep(std::time::Duration::from_millis(50));
        let mine = unsafe { fgetpwent(f) };
        assert!(!mine.is_null());
        unsafe { funlockfile(f) };
        assert!(other.join().unwrap());
        unsafe { fclose(f) };
    }

    #[test]
    fn a_null_stream_is_einval() {
        set_errno(0);
        assert!(unsafe { fgetpwent(null_mut()) }.is_null());
        assert_eq!(limpet_syscall::errno(), EINVAL);
    }

    #[test]
    fn the_walk_starts_again() {
        let first = getpwent();
        assert!(!first.is_null());
        let name = text(unsafe { (*first).pw_name });
        let mut n = 1;
        while !getpwent().is_null() {
            n += 1;
        }
        assert!(getpwent().is_null());
        setpwent();
        assert_eq!(text(unsafe { (*getpwent()).pw_name }), name);
        endpwent();
        assert_eq!(text(unsafe { (*getpwent()).pw_name }), name);
        let mut m = 1;
        while !getpwent().is_null() {
            m += 1;
        }
        assert_eq!(n, m);
        endpwent();
    }
}
