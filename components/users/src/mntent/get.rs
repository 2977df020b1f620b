//! `setmntent`, `endmntent`, `getmntent` and `getmntent_r`.
//!
//! A line is read whole (stdio's `getline`, so no line is too long for `getmntent`), then
//! copied where the entry's strings will live: the caller's buffer for `getmntent_r`, a
//! static buffer that grows for `getmntent`. As in musl, `getmntent_r` fails with ERANGE on
//! a line that does not fit, with its newline and a NUL, in the caller's buffer, comment or
//! not; the line is consumed, so the next call reads the one after it.
use core::ffi::{c_char, c_int};
use core::ptr::null_mut;

use limpet_abi::mntent::Mntent;
use limpet_start::lock::Mutex;
use limpet_syscall::errno::{EINVAL, ENOMEM, ERANGE};
use limpet_syscall::set_errno;

use super::parse::{self, Entry};
use crate::imports::{File, fclose, fopen, realloc};
use crate::read::{Lines, NoCancel};

/// `FILE *setmntent(const char *file, const char *mode)`—Opens `file` with `fopen`'s `mode`
/// (null and errno set on failure, EINVAL for a null argument).
///
/// # Safety
/// `file` and `mode` must be null or NUL-terminated strings.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn setmntent(file: *const c_char, mode: *const c_char) -> *mut File {
    if file.is_null() || mode.is_null() {
        set_errno(EINVAL);
        return null_mut();
    }
    // SAFETY: both strings are NUL-terminated, as the caller vouches.
    unsafe { fopen(file, mode) }
}

/// `int endmntent(FILE *f)`—Closes `f` (a null `f` is allowed); always 1.
///
/// # Safety
/// `f` must be null or a stream `setmntent` opened, not used again.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn endmntent(f: *mut File) -> c_int {
    if !f.is_null() {
        // SAFETY: the caller hands the open stream over.
        unsafe { fclose(f) };
    }
    1
}

/// Reads lines of `f` until one is an entry: `place` gets each line's length and returns
/// the buffer (of at least length + 1 bytes) to parse it in, or an error. `None` at the end
/// of the stream.
///
/// # Safety
/// `f` must be an open stream, and every buffer `place` returns valid for writes of the
/// length it was asked for plus one.
unsafe fn next_entry(
    f: *mut File,
    mut place: impl FnMut(usize) -> Result<*mut u8, c_int>,
) -> Result<Option<(Entry, *mut u8)>, c_int> {
    let _quiet = NoCancel::new();
    let mut lines = Lines::new();
    loop {
        // SAFETY: the caller's stream is open.
        let Some(line) = (unsafe { lines.next(f) })? else {
            return Ok(None);
        };
        let len = line.len();
        let buf = place(len)?;
        // SAFETY: `place` returned room for `len + 1` bytes, apart from the line (stdio's
        // buffer).
        let room = unsafe {
            core::ptr::copy_nonoverlapping(line.as_ptr(), buf, len);
            core::slice::from_raw_parts_mut(buf, len + 1)
        };
        if let Some(e) = parse::parse(room, len) {
            return Ok(Some((e, buf)));
        }
    }
}

/// The `struct mntent` of an entry parsed in `buf`.
fn fill(m: &mut Mntent, e: &Entry, buf: *mut u8) {
    let at = |i: usize| buf.wrapping_add(e.text[i]).cast::<c_char>();
    m.mnt_fsname = at(0);
    m.mnt_dir = at(1);
    m.mnt_type = at(2);
    m.mnt_opts = at(3);
    m.mnt_freq = e.freq;
    m.mnt_passno = e.passno;
}

/// `struct mntent *getmntent_r(FILE *f, struct mntent *m, char *buf, int size)`—The next
/// entry of `f` in `m`, its strings in `buf`; blank, comment and malformed lines are
/// skipped. Null at the end of the stream (errno untouched); null with ERANGE for a line
/// longer than `size` allows (its newline and a NUL included), which is then skipped; null
/// with errno set on a read error; EINVAL for a null pointer.
///
/// # Safety
/// `f` must be null or an open stream, `m` null or a `struct mntent`, `buf` null or valid
/// for writes of `size` bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getmntent_r(f: *mut File, m: *mut Mntent, buf: *mut c_char, size: c_int) -> *mut Mntent {
    if f.is_null() || m.is_null() || buf.is_null() {
        set_errno(EINVAL);
        return null_mut();
    }
    let room = usize::try_from(size).unwrap_or(0);
    // A line needs its newline and a NUL too, as `fgets` stores them.
    let place = |len: usize| if len + 2 <= room { Ok(buf.cast::<u8>()) } else { Err(ERANGE) };
    // SAFETY: `f` is open, and `buf` has `size` bytes, more than any line `place` accepts.
    match unsafe { next_entry(f, place) } {
        Ok(Some((e, at))) => {
            // SAFETY: the caller's `m` is a `struct mntent`.
            fill(unsafe { &mut *m }, &e, at);
            m
        }
        Ok(None) => null_mut(),
        Err(e) => {
            set_errno(e);
            null_mut()
        }
    }
}

/// `getmntent`'s static entry and the buffer its strings live in.
struct Static {
    entry: Mntent,
    buf: *mut u8,
    cap: usize,
}

// SAFETY: `buf` is a heap block only this value points to; the entry points into it.
unsafe impl Send for Static {}

impl Static {
    /// The buffer, grown to at least `n` bytes.
    fn room(&mut self, n: usize) -> Result<*mut u8, c_int> {
        if n > self.cap {
            // SAFETY: `buf` is null or our block; on failure it stays as it was.
            let grown = unsafe { realloc(self.buf.cast(), n) }.cast::<u8>();
            if grown.is_null() {
                return Err(ENOMEM);
            }
            self.buf = grown;
            self.cap = n;
        }
        Ok(self.buf)
    }
}

static STATIC: Mutex<Static> = Mutex::new(Static { entry: Mntent::EMPTY, buf: null_mut(), cap: 0 });

/// `struct mntent *getmntent(FILE *f)`—`getmntent_r` into a static entry and buffer, which
/// grows, so no line is too long; the next call overwrites them. Null at the end of the
/// stream (errno untouched), null with errno set on a read error or ENOMEM, EINVAL for a
/// null `f`.
///
/// # Safety
/// `f` must be null or an open stream.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getmntent(f: *mut File) -> *mut Mntent {
    if f.is_null() {
        set_errno(EINVAL);
        return null_mut();
    }
    let mut st = STATIC.lock();
    // SAFETY: `f` is open; `room` gives a block of the size asked for.
    match unsafe { next_entry(f, |len| st.room(len + 1)) } {
        Ok(Some((e, at))) => {
            let st = &mut *st;
            fill(&mut st.entry, &e, at);
            &mut st.entry
        }
        Ok(None) => null_mut(),
        Err(e) => {
            set_errno(e);
            null_mut()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::testfile::TempFile;
    use core::ffi::CStr;

    fn text(p: *const c_char) -> String {
        // SAFETY: the entry's strings are NUL-terminated.
        unsafe { CStr::from_ptr(p) }.to_str().unwrap().to_string()
    }

    fn show(m: *mut Mntent) -> String {
        // SAFETY: a non-null answer is an entry.
        let m = unsafe { &*m };
        format!("{}|{}|{}|{}|{}|{}", text(m.mnt_fsname), text(m.mnt_dir), text(m.mnt_type), text(m.mnt_opts), m.mnt_freq, m.mnt_passno)
    }

    const FSTAB: &[u8] = b"# comment\n\n  /dev/sda1\t/ ext4 rw,noatime 0 1\n/dev/sdb\\040x /mnt/a\\011b vfat defaults\nonly two\nproc /proc proc rw 5\nlast line without newline 1 2";

    #[test]
    fn getmntent_reads_every_entry() {
        let file = TempFile::new(FSTAB);
        // SAFETY: a NUL-terminated name and mode; the stream is used until closed.
        unsafe {
            let f = setmntent(file.path.as_ptr(), c"r".as_ptr());
            assert!(!f.is_null());
            let mut got = Vec::new();
            loop {
                let m = getmntent(f);
                if m.is_null() {
                    break;
                }
                got.push(show(m));
            }
            assert_eq!(
                got,
                [
                    "/dev/sda1|/|ext4|rw,noatime|0|1",
                    "/dev/sdb x|/mnt/a\tb|vfat|defaults|0|0",
                    "proc|/proc|proc|rw|5|0",
                    "last|line|without|newline|1|2"
                ]
            );
            assert_eq!(endmntent(f), 1);
            assert_eq!(endmntent(null_mut()), 1);
        }
    }

    #[test]
    fn getmntent_r_at_every_buffer_size() {
        // Each line fits from its length + 2 bytes on; a shorter buffer gives ERANGE for it
        // and goes on with the next line.
        let text_lines: Vec<&[u8]> = FSTAB.split(|&b| b == b'\n').collect();
        let file = TempFile::new(FSTAB);
        for size in 0..60 {
            // SAFETY: as above; `buf` has `size` bytes.
            unsafe {
                let f = setmntent(file.path.as_ptr(), c"r".as_ptr());
                let mut buf = vec![0 as c_char; size.max(1)];
                let mut m = Mntent::EMPTY;
                let mut got = Vec::new();
                for _ in 0..text_lines.len() + 1 {
                    limpet_syscall::set_errno(0);
                    let r = getmntent_r(f, &mut m, buf.as_mut_ptr(), size as c_int);
                    if r.is_null() {
                        let e = limpet_syscall::errno();
                        if e == 0 {
                            break;
                        }
                        assert_eq!(e, ERANGE);
                        got.push("ERANGE".to_string());
                    } else {
                        got.push(show(r));
                    }
                }
                let mut want = Vec::new();
                for (i, l) in text_lines.iter().enumerate() {
                    if l.len() + 2 > size {
                        want.push("ERANGE".to_string());
                    } else if let Some(s) = ["", "", "/dev/sda1|/|ext4|rw,noatime|0|1", "/dev/sdb x|/mnt/a\tb|vfat|defaults|0|0", "", "proc|/proc|proc|rw|5|0", "last|line|without|newline|1|2"].get(i).filter(|s| !s.is_empty()) {
                        want.push(s.to_string());
                    }
                }
                assert_eq!(got, want, "size {size}");
                endmntent(f);
            }
        }
    }

    #[test]
    fn a_line_of_any_length_through_getmntent() {
        let long = "x".repeat(100_000);
        let file = TempFile::new(format!("{long} /mnt t o 1 2\n").as_bytes());
        // SAFETY: as above.
        unsafe {
            let f = setmntent(file.path.as_ptr(), c"r".as_ptr());
            let m = getmntent(f);
            assert_eq!(show(m), format!("{long}|/mnt|t|o|1|2"));
            assert!(getmntent(f).is_null());
            endmntent(f);
            assert!(getmntent(null_mut()).is_null());
            assert_eq!(limpet_syscall::errno(), EINVAL);
        }
    }
}
