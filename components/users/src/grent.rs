//! `<grp.h>`'s walk through the groups: `getgrent`, `setgrent`, `endgrent` over /etc/group,
//! and `fgetgrent` over a stream the caller opened. The lookups are in `crate::grp`.
use core::ptr::null_mut;

use limpet_abi::grp::Group;
use limpet_start::lock::Mutex;
use limpet_syscall::errno::EINVAL;
use limpet_syscall::set_errno;

use crate::db::{Ent, Reader};
use crate::grp::{Groups, NO_GROUP};
use crate::imports::File;

static ENT: Mutex<Ent<Group>> = Mutex::new(Ent::new(NO_GROUP));
static FROM_STREAM: Mutex<Reader<Group>> = Mutex::new(Reader::new(NO_GROUP));

/// `getgrent()`—The next group of /etc/group, opening it on the first call (and after
/// `endgrent`), in a static record the next call overwrites; malformed lines are skipped.
/// Null at the end of the file (errno untouched; `setgrent` starts again), and null with
/// errno set when the file cannot be opened or read.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn getgrent() -> *mut Group {
    ENT.lock().next::<Groups>()
}

/// `setgrent()`—Makes the next `getgrent` start from the first line again.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn setgrent() {
    ENT.lock().rewind();
}

/// `endgrent()`—Closes the file `getgrent` reads; the next `getgrent` opens it again.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn endgrent() {
    ENT.lock().end();
}

/// `fgetgrent(f)`—The next group of the stream `f`, read as /etc/group is, in a static
/// record the next call overwrites. Null at the end of the stream (errno untouched), and
/// null with errno set on a read error, or EINVAL for a null `f`.
///
/// # Safety
/// `f` must be null or an open stream.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fgetgrent(f: *mut File) -> *mut Group {
    if f.is_null() {
        set_errno(EINVAL);
        return null_mut();
    }
    // SAFETY: the caller's stream is open.
    unsafe { Reader::next_unlocked::<Groups>(&FROM_STREAM, f) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::testfile::{stream_records, text};

    /// Every group `fgetgrent` finds in `contents`, as lines.
    fn groups(contents: &[u8]) -> Vec<String> {
        stream_records(contents, fgetgrent, |g| {
            let mem: Vec<String> =
                (0..).map(|i| unsafe { *g.gr_mem.add(i) }).take_while(|p| !p.is_null()).map(|p| text(p)).collect();
            format!("{}:{}:{}:{}", text(g.gr_name), text(g.gr_passwd), g.gr_gid, mem.join(","))
        })
    }

    #[test]
    fn malformed_lines_are_skipped() {
        let text = b"root:x:0:\n\
            \n\
            # comment\n\
            nomembers:x:1\n\
            neg:x:-1:a\n\
            big:x:4294967296:a\n\
            :x:3:a\n\
            wheel:x:10:root,alice\n\
            empty:x::a\n\
            last:x:7:a,b";
        assert_eq!(groups(text), ["root:x:0:", "wheel:x:10:root,alice", "last:x:7:a,b"]);
    }

    #[test]
    fn huge_groups() {
        let names: Vec<String> = (0..10_000).map(|i| format!("member{i}")).collect();
        let text = format!("big:x:1:{}\nsmall:x:2:one\nbig2:x:3:{}\n", names.join(","), names.join(","));
        let got = groups(text.as_bytes());
        assert_eq!(got, [format!("big:x:1:{}", names.join(",")), "small:x:2:one".into(), format!("big2:x:3:{}", names.join(","))]);
    }

    #[test]
    fn the_walk_starts_again() {
        let first = text(unsafe { (*getgrent()).gr_name });
        while !getgrent().is_null() {}
        setgrent();
        assert_eq!(text(unsafe { (*getgrent()).gr_name }), first);
        endgrent();
        assert_eq!(text(unsafe { (*getgrent()).gr_name }), first);
        endgrent();
    }
}
