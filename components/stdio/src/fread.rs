//! `fread` and `fread_unlocked`: an array of objects from a stream.
use core::ffi::c_void;

use crate::file::{FILE, State};

/// Reads up to `total` bytes into `dest`: the buffered input first, then straight from
/// the descriptor (with a bufferful more read ahead). Returns how many arrived.
///
/// # Safety
/// `dest` must be valid for `total` bytes of writes.
unsafe fn read_bytes(s: &mut State, dest: *mut u8, total: usize) -> usize {
    let buffered = s.unread();
    let k = buffered.len().min(total);
    // SAFETY: `k` bytes fit in both.
    unsafe { core::ptr::copy_nonoverlapping(buffered.as_ptr(), dest, k) };
    s.consume(k);
    let mut done = k;
    while done < total {
        // SAFETY: the rest of `dest` is writable.
        let n = if s.enter_read() { unsafe { s.read_in(dest.add(done), total - done) } } else { 0 };
        if n == 0 {
            break;
        }
        done += n;
    }
    done
}

/// Shared by both entry points: the object count for the bytes read.
///
/// # Safety
/// As for `fread`, with the stream held.
unsafe fn fread_state(s: &mut State, ptr: *mut c_void, size: usize, nmemb: usize) -> usize {
    // The product cannot overflow: it is the size of an object the caller has.
    let total = size.wrapping_mul(nmemb);
    if total == 0 {
        return if size == 0 { 0 } else { nmemb };
    }
    // SAFETY: forwarded contract.
    let got = unsafe { read_bytes(s, ptr.cast(), total) };
    if got == total { nmemb } else { got / size }
}

/// `fread(ptr, size, nmemb, f)`—Reads up to `nmemb` objects of `size` bytes from `f` into
/// `ptr`. Returns the number of whole objects read; fewer than `nmemb` at end of file
/// (`feof`) or after a read error (`ferror`, errno set). A `size` of 0 reads nothing and
/// returns 0.
///
/// # Safety
/// `ptr` must be valid for `size * nmemb` bytes of writes and `f` must point to a live `FILE`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fread(ptr: *mut c_void, size: usize, nmemb: usize, f: *mut FILE) -> usize {
    // SAFETY: the caller vouches for `f` and `ptr`.
    unsafe { &*f }.with_lock(|s| unsafe { fread_state(s, ptr, size, nmemb) })
}

/// `fread_unlocked(ptr, size, nmemb, f)`—`fread` on a stream the caller holds.
///
/// # Safety
/// As for `fread`; the caller holds `f` (`flockfile`) or is its only user.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fread_unlocked(ptr: *mut c_void, size: usize, nmemb: usize, f: *mut FILE) -> usize {
    // SAFETY: the caller vouches for `f` and `ptr`, and holds `f`.
    unsafe { fread_state((*f).unlocked(), ptr, size, nmemb) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::feof::{feof, ferror};
    use crate::file::FILE;
    use crate::testutil::{Pipe, TmpFile, fd_offset};

    #[test]
    fn reads_objects_and_reads_ahead_a_bufferful() {
        let data: Vec<u8> = (0..5000u32).map(|i| (i % 253) as u8).collect();
        let t = TmpFile::new("fread", Some(&data));
        let f = t.open(c"r");
        let mut out = vec![0u8; 5000];
        unsafe {
            assert_eq!(fread(out.as_mut_ptr().cast(), 10, 3, f), 3);
            // The descriptor went 29 bytes for the caller and a bufferful past them.
            assert_eq!(fd_offset((*f).unlocked().fd), 29 + crate::fopen::STREAM_BUFSIZ as i64);
            assert_eq!(fread(out[30..].as_mut_ptr().cast(), 1, 4970, f), 4970);
            assert_eq!(out, data);
            assert_eq!(feof(f), 0);
            // Objects are whole or not counted.
            assert_eq!(fread(out.as_mut_ptr().cast(), 7, 1, f), 0);
            assert_eq!(feof(f), 1);
            assert_eq!(ferror(f), 0);
            assert_eq!(fread(out.as_mut_ptr().cast(), 0, 5, f), 0);
            crate::fclose::fclose(f);
        }
    }

    #[test]
    fn partial_objects_count_down_and_pipes_read_short() {
        let p = Pipe::new();
        let mut buf = [0u8; 8 + 16];
        let f = FILE::new(p.rd, buf[8..].as_mut_ptr(), 16, crate::file::F_NOWR);
        let fp = &f as *const FILE as *mut FILE;
        unsafe {
            libc_write(p.wr, b"abcdefg");
            let mut out = [0u8; 4];
            assert_eq!(fread(out.as_mut_ptr().cast(), 4, 1, fp), 1);
            assert_eq!(&out, b"abcd");
            // Three bytes left, then the empty non-blocking pipe fails (EAGAIN).
            assert_eq!(fread(out.as_mut_ptr().cast(), 2, 2, fp), 1);
            assert_eq!(&out[..3], b"efg");
            assert_eq!(ferror(fp), 1);
            assert_eq!(feof(fp), 0);
        }
    }

    fn libc_write(fd: core::ffi::c_int, data: &[u8]) {
        unsafe extern "C" {
            fn write(fd: core::ffi::c_int, p: *const u8, n: usize) -> isize;
        }
        assert_eq!(unsafe { write(fd, data.as_ptr(), data.len()) }, data.len() as isize);
    }
}
