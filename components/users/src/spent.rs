//! `<shadow.h>`'s walk through the shadow file: `getspent`, `setspent`, `endspent` over
//! /etc/shadow, and `fgetspent` over a stream the caller opened. The lookups are in
//! `crate::shadow`.
//!
//! musl's `getspent` returns nothing at all, and its `fgetspent` returns null at the first
//! malformed line, which ends a walk there; limpet walks /etc/shadow as glibc does and
//! skips malformed lines, as the other databases' walks do.
use core::ptr::null_mut;

use limpet_abi::shadow::Spwd;
use limpet_start::lock::Mutex;
use limpet_syscall::errno::EINVAL;
use limpet_syscall::set_errno;

use crate::db::{Ent, Reader};
use crate::imports::File;
use crate::spwd::{NO_SPWD, Shadows};

static ENT: Mutex<Ent<Spwd>> = Mutex::new(Ent::new(NO_SPWD));
static FROM_STREAM: Mutex<Reader<Spwd>> = Mutex::new(Reader::new(NO_SPWD));

/// `getspent()`—The next entry of /etc/shadow, opening it on the first call (and after
/// `endspent`), in a static record the next call overwrites; malformed lines are skipped.
/// Null at the end of the file (errno untouched; `setspent` starts again), and null with
/// errno set when the file cannot be opened (ENOENT, EACCES, ...) or read.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn getspent() -> *mut Spwd {
    ENT.lock().next::<Shadows>()
}

/// `setspent()`—Makes the next `getspent` start from the first line again.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn setspent() {
    ENT.lock().rewind();
}

/// `endspent()`—Closes the file `getspent` reads; the next `getspent` opens it again.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn endspent() {
    ENT.lock().end();
}

/// `fgetspent(f)`—The next well-formed entry of the stream `f`, read as /etc/shadow is, in
/// a static record the next call overwrites. Null at the end of the stream (errno
/// untouched), and null with errno set on a read error, or EINVAL for a null `f`.
///
/// # Safety
/// `f` must be null or an open stream.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fgetspent(f: *mut File) -> *mut Spwd {
    if f.is_null() {
        set_errno(EINVAL);
        return null_mut();
    }
    // SAFETY: the caller's stream is open.
    unsafe { Reader::next_unlocked::<Shadows>(&FROM_STREAM, f) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::testfile::{stream_records, text};

    /// Every entry `fgetspent` finds in `contents`, as lines.
    fn entries(contents: &[u8]) -> Vec<String> {
        stream_records(contents, fgetspent, |s| {
            format!(
                "{}:{}:{}:{}:{}:{}:{}:{}:{}",
                text(s.sp_namp),
                text(s.sp_pwdp),
                s.sp_lstchg,
                s.sp_min,
                s.sp_max,
                s.sp_warn,
                s.sp_inact,
                s.sp_expire,
                s.sp_flag as i64
            )
        })
    }

    #[test]
    fn malformed_lines_are_skipped() {
        let text = b"root:*:19000:0:99999:7:::\n\
            # a comment\n\
            \n\
            b:x::::::\n\
            neg:x:-1:2:3:4:5:6:7\n\
            big:x:99999999999999999999:2:3:4:5:6:7\n\
            crlf:x:1:2:3:4:5:6:7\r\n\
            nul:x:1:2:3:4:5:6:7\0junk\n\
            a:x:1:2:3:4:5:6:7\n\
            last:x:1:2:3:4:5:6:78";
        assert_eq!(entries(text), ["root:*:19000:0:99999:7:-1:-1:-1", "a:x:1:2:3:4:5:6:7", "last:x:1:2:3:4:5:6:78"]);
    }

    #[test]
    fn thousands_of_entries_and_long_lines() {
        let long = "P".repeat(200_000);
        let mut text = String::new();
        for i in 0..5000 {
            text += &format!("user{i}:$6${i}:{i}:0:99999:7:::\n");
            if i % 1000 == 0 {
                text += &format!("long{i}:{long}:1:2:3:4:5:6:\nbad{i}\n");
            }
        }
        let got = entries(text.as_bytes());
        assert_eq!(got.len(), 5005);
        assert_eq!(got[0], "user0:$6$0:0:0:99999:7:-1:-1:-1");
        assert_eq!(got[1], format!("long0:{long}:1:2:3:4:5:6:-1"));
        assert_eq!(got[5004], "user4999:$6$4999:4999:0:99999:7:-1:-1:-1");
    }

    #[test]
    fn a_null_stream_is_einval() {
        set_errno(0);
        assert!(unsafe { fgetspent(null_mut()) }.is_null());
        assert_eq!(limpet_syscall::errno(), EINVAL);
    }
}
