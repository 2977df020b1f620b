//! std::io: buffered readers and writers, vectored I/O on files, pipes and
//! sockets, copying, the standard handles, and io::Error built from errno.

use limpet_std_suite::ScratchDir;
use std::fs::{self, File, OpenOptions};
use std::io::{
    self, BufRead, BufReader, BufWriter, Cursor, ErrorKind, IoSlice, IoSliceMut, Read, Seek,
    SeekFrom, Write,
};
use std::os::fd::AsRawFd;
use std::os::unix::net::UnixStream;

#[test]
fn bufreader_small_capacity_lines_and_split() {
    let d = ScratchDir::new("io-bufread");
    let p = d.join("lines");
    fs::write(
        &p,
        "first line\nsecond\n\nfourth, with, commas\nno newline at end",
    )
    .unwrap();

    let mut r = BufReader::with_capacity(3, File::open(&p).unwrap());
    assert_eq!(r.capacity(), 3);
    let mut line = String::new();
    assert_eq!(r.read_line(&mut line).unwrap(), 11);
    assert_eq!(line, "first line\n");
    line.clear();
    assert_eq!(r.read_line(&mut line).unwrap(), 7);
    assert_eq!(line, "second\n");
    // fill_buf / consume never hand out more than the capacity.
    let buf = r.fill_buf().unwrap();
    assert!(!buf.is_empty() && buf.len() <= 3);
    assert_eq!(buf[0], b'\n');
    r.consume(1);
    let rest: Vec<String> = r.lines().map(|l| l.unwrap()).collect();
    assert_eq!(rest, vec!["fourth, with, commas", "no newline at end"]);

    let r = BufReader::with_capacity(2, File::open(&p).unwrap());
    let parts: Vec<Vec<u8>> = r.split(b',').map(|p| p.unwrap()).collect();
    assert_eq!(parts.len(), 3);
    assert_eq!(parts[0], b"first line\nsecond\n\nfourth");
    assert_eq!(parts[1], b" with");
    assert_eq!(parts[2], b" commas\nno newline at end");

    // read_until at EOF returns 0.
    let mut r = BufReader::with_capacity(4, File::open(&p).unwrap());
    let mut sink = Vec::new();
    r.read_to_end(&mut sink).unwrap();
    let mut v = Vec::new();
    assert_eq!(r.read_until(b'\n', &mut v).unwrap(), 0);
}

#[test]
fn bufreader_seek_discards_buffer() {
    let d = ScratchDir::new("io-bufseek");
    let p = d.join("f");
    fs::write(&p, b"0123456789abcdef").unwrap();
    let mut r = BufReader::with_capacity(4, File::open(&p).unwrap());
    let mut b = [0u8; 2];
    r.read_exact(&mut b).unwrap();
    assert_eq!(&b, b"01");
    assert_eq!(r.stream_position().unwrap(), 2);
    assert_eq!(r.seek(SeekFrom::Current(5)).unwrap(), 7);
    r.read_exact(&mut b).unwrap();
    assert_eq!(&b, b"78");
    r.seek_relative(-4).unwrap();
    r.read_exact(&mut b).unwrap();
    assert_eq!(&b, b"56");
    assert_eq!(r.seek(SeekFrom::End(-1)).unwrap(), 15);
    let mut s = String::new();
    r.read_to_string(&mut s).unwrap();
    assert_eq!(s, "f");
}

#[test]
fn bufwriter_small_capacity_flushes_on_demand() {
    let d = ScratchDir::new("io-bufwrite");
    let p = d.join("out");
    let f = File::create(&p).unwrap();
    let mut w = BufWriter::with_capacity(8, f);
    w.write_all(b"abc").unwrap();
    assert_eq!(w.buffer(), b"abc");
    assert_eq!(fs::metadata(&p).unwrap().len(), 0, "still buffered");
    w.write_all(b"defghij").unwrap(); // exceeds the capacity
    let on_disk = fs::metadata(&p).unwrap().len();
    assert!(
        on_disk >= 3,
        "a write past capacity reaches the file, got {on_disk}"
    );
    // A write larger than the whole buffer goes straight through.
    w.write_all(&[b'Z'; 100]).unwrap();
    w.flush().unwrap();
    assert_eq!(fs::metadata(&p).unwrap().len(), 110);
    write!(w, "{}-{:04}", "fmt", 7).unwrap();
    let f = w.into_inner().unwrap();
    drop(f);
    let mut expected = b"abcdefghij".to_vec();
    expected.extend([b'Z'; 100]);
    expected.extend(b"fmt-0007");
    assert_eq!(fs::read(&p).unwrap(), expected);

    // Dropping a BufWriter flushes it.
    {
        let mut w = BufWriter::with_capacity(64, File::create(d.join("drop")).unwrap());
        w.write_all(b"flushed on drop").unwrap();
    }
    assert_eq!(fs::read(d.join("drop")).unwrap(), b"flushed on drop");
}

#[test]
fn read_to_end_and_read_exact() {
    let d = ScratchDir::new("io-readall");
    let p = d.join("f");
    let data: Vec<u8> = (0..200_000u32).map(|i| (i % 253) as u8).collect();
    fs::write(&p, &data).unwrap();
    let mut f = File::open(&p).unwrap();
    let mut v = b"prefix".to_vec();
    assert_eq!(f.read_to_end(&mut v).unwrap(), data.len());
    assert_eq!(&v[..6], b"prefix");
    assert_eq!(&v[6..], &data[..]);
    assert_eq!(f.read(&mut [0u8; 16]).unwrap(), 0, "EOF");

    let mut f = File::open(&p).unwrap();
    f.seek(SeekFrom::End(-5)).unwrap();
    let mut ten = [0u8; 10];
    let err = f.read_exact(&mut ten).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::UnexpectedEof);

    let mut taken = Vec::new();
    File::open(&p)
        .unwrap()
        .take(1000)
        .read_to_end(&mut taken)
        .unwrap();
    assert_eq!(taken, &data[..1000]);
}

#[test]
fn vectored_io_on_a_file() {
    let d = ScratchDir::new("io-vec");
    let p = d.join("v");
    let mut f = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(true)
        .open(&p)
        .unwrap();
    let bufs = [
        IoSlice::new(b"Hello"),
        IoSlice::new(b""),
        IoSlice::new(b", "),
        IoSlice::new(b"vectored world"),
    ];
    let n = f.write_vectored(&bufs).unwrap();
    assert_eq!(n, 21, "writev to a regular file writes everything");
    assert_eq!(fs::read(&p).unwrap(), b"Hello, vectored world");

    f.seek(SeekFrom::Start(0)).unwrap();
    let (mut a, mut b, mut c) = ([0u8; 3], [0u8; 4], [0u8; 32]);
    let mut iov = [
        IoSliceMut::new(&mut a),
        IoSliceMut::new(&mut b),
        IoSliceMut::new(&mut c),
    ];
    let n = f.read_vectored(&mut iov).unwrap();
    assert_eq!(n, 21);
    assert_eq!(&a, b"Hel");
    assert_eq!(&b, b"lo, ");
    assert_eq!(&c[..14], b"vectored world");
    assert!(c[14..].iter().all(|&x| x == 0));
}

#[test]
fn vectored_io_on_a_pipe_and_a_socket() {
    // Pipe.
    let (mut r, mut w) = io::pipe().unwrap();
    let n = w
        .write_vectored(&[
            IoSlice::new(b"ab"),
            IoSlice::new(b"cde"),
            IoSlice::new(b"f"),
        ])
        .unwrap();
    assert_eq!(n, 6);
    drop(w);
    let (mut x, mut y) = ([0u8; 4], [0u8; 4]);
    let n = r
        .read_vectored(&mut [IoSliceMut::new(&mut x), IoSliceMut::new(&mut y)])
        .unwrap();
    assert_eq!(n, 6);
    assert_eq!(&x, b"abcd");
    assert_eq!(&y[..2], b"ef");
    assert_eq!(r.read(&mut x).unwrap(), 0, "EOF once the writer is gone");

    // Socket pair: many slices at once.
    let (mut s1, mut s2) = UnixStream::pair().unwrap();
    let chunks: Vec<Vec<u8>> = (0..64u8).map(|i| vec![i; i as usize + 1]).collect();
    let slices: Vec<IoSlice> = chunks.iter().map(|c| IoSlice::new(c)).collect();
    let total: usize = chunks.iter().map(|c| c.len()).sum();
    let n = s1.write_vectored(&slices).unwrap();
    assert_eq!(n, total);
    let mut got = vec![0u8; total];
    s2.read_exact(&mut got).unwrap();
    assert_eq!(got, chunks.concat());
}

#[test]
fn pipe_broken_and_eof() {
    // std ignores SIGPIPE at startup, so a write to a pipe whose reader is
    // gone returns EPIPE rather than killing the process.
    let (r, mut w) = io::pipe().unwrap();
    drop(r);
    let err = w.write(b"nobody listens").unwrap_err();
    assert_eq!(err.kind(), ErrorKind::BrokenPipe);
    assert_eq!(err.raw_os_error(), Some(libc::EPIPE));

    // A writer thread filling more than the pipe capacity.
    let (mut r, mut w) = io::pipe().unwrap();
    let t = std::thread::spawn(move || {
        let data: Vec<u8> = (0..1_000_000u32).map(|i| (i % 241) as u8).collect();
        w.write_all(&data).unwrap();
        data
    });
    let mut got = Vec::new();
    r.read_to_end(&mut got).unwrap();
    assert_eq!(got, t.join().unwrap());
}

#[test]
fn cursor_read_write_seek() {
    let mut c = Cursor::new(Vec::new());
    c.write_all(b"hello world").unwrap();
    assert_eq!(c.position(), 11);
    c.seek(SeekFrom::Start(6)).unwrap();
    c.write_all(b"WORLD!!").unwrap();
    assert_eq!(c.get_ref(), b"hello WORLD!!");
    c.seek(SeekFrom::Start(20)).unwrap();
    c.write_all(b"x").unwrap();
    assert_eq!(c.get_ref().len(), 21);
    assert_eq!(&c.get_ref()[13..20], &[0u8; 7]);
    c.set_position(0);
    let mut s = String::new();
    Read::by_ref(&mut c).take(5).read_to_string(&mut s).unwrap();
    assert_eq!(s, "hello");
    assert_eq!(c.seek(SeekFrom::End(-1)).unwrap(), 20);
    assert!(c.seek(SeekFrom::Current(-100)).is_err());

    let mut fixed = Cursor::new([0u8; 4]);
    assert_eq!(fixed.write(b"abcdef").unwrap(), 4);
    assert_eq!(fixed.write(b"g").unwrap(), 0);
    assert_eq!(
        fixed.write_all(b"g").unwrap_err().kind(),
        ErrorKind::WriteZero
    );
}

#[test]
fn io_copy_between_files_and_readers() {
    let d = ScratchDir::new("io-copy");
    let data: Vec<u8> = (0..777_777u32).map(|i| (i * 31 % 256) as u8).collect();
    fs::write(d.join("src"), &data).unwrap();
    let mut src = File::open(d.join("src")).unwrap();
    let mut dst = File::create(d.join("dst")).unwrap();
    assert_eq!(io::copy(&mut src, &mut dst).unwrap(), data.len() as u64);
    drop(dst);
    assert_eq!(fs::read(d.join("dst")).unwrap(), data);

    // From the middle of a file into an append-mode file.
    let mut src = File::open(d.join("src")).unwrap();
    src.seek(SeekFrom::Start(777_000)).unwrap();
    fs::write(d.join("app"), b"head:").unwrap();
    let mut app = OpenOptions::new().append(true).open(d.join("app")).unwrap();
    assert_eq!(io::copy(&mut src, &mut app).unwrap(), 777);
    let got = fs::read(d.join("app")).unwrap();
    assert_eq!(&got[..5], b"head:");
    assert_eq!(&got[5..], &data[777_000..]);

    // A reader chain into a file, then a file into a Vec.
    let mut chain = Cursor::new(b"one ".to_vec()).chain(io::repeat(b'z').take(3));
    let mut f = File::create(d.join("chain")).unwrap();
    assert_eq!(io::copy(&mut chain, &mut f).unwrap(), 7);
    let mut v = Vec::new();
    io::copy(&mut File::open(d.join("chain")).unwrap(), &mut v).unwrap();
    assert_eq!(v, b"one zzz");
    assert_eq!(io::copy(&mut io::empty(), &mut io::sink()).unwrap(), 0);
}

#[test]
fn standard_handles_exist() {
    assert_eq!(io::stdin().as_raw_fd(), 0);
    assert_eq!(io::stdout().as_raw_fd(), 1);
    assert_eq!(io::stderr().as_raw_fd(), 2);
    // The descriptors are open (whatever they point at).
    for fd in 0..3 {
        let r = unsafe { libc::fcntl(fd, libc::F_GETFD) };
        assert!(r >= 0, "fd {fd} is not open");
    }
    let mut out = io::stdout().lock();
    out.write_all(b"").unwrap();
    out.flush().unwrap();
    drop(out);
    io::stderr().lock().flush().unwrap();
    // Locking is reentrant on the same thread.
    let a = io::stdout().lock();
    let b = io::stdout().lock();
    drop((a, b));
}

#[test]
fn error_from_raw_os_error_display_and_kind() {
    let e = io::Error::from_raw_os_error(2);
    assert_eq!(e.kind(), ErrorKind::NotFound);
    assert_eq!(e.raw_os_error(), Some(2));
    assert_eq!(e.to_string(), "No such file or directory (os error 2)");

    // (errno, kind, strerror text). The texts are musl's; glibc words a
    // few differently, so those rows follow the C library being tested.
    let musl = cfg!(target_env = "musl");
    let table: &[(i32, &str, &str)] = &[
        (libc::EPERM, "PermissionDenied", "Operation not permitted"),
        (libc::EACCES, "PermissionDenied", "Permission denied"),
        (libc::EEXIST, "AlreadyExists", "File exists"),
        (libc::EINVAL, "InvalidInput", "Invalid argument"),
        (libc::EINTR, "Interrupted", "Interrupted system call"),
        (libc::EPIPE, "BrokenPipe", "Broken pipe"),
        (
            libc::EAGAIN,
            "WouldBlock",
            "Resource temporarily unavailable",
        ),
        (libc::ENOTDIR, "NotADirectory", "Not a directory"),
        (libc::EISDIR, "IsADirectory", "Is a directory"),
        (libc::ENOTEMPTY, "DirectoryNotEmpty", "Directory not empty"),
        (
            libc::ECONNREFUSED,
            "ConnectionRefused",
            "Connection refused",
        ),
        (
            libc::ECONNRESET,
            "ConnectionReset",
            "Connection reset by peer",
        ),
        (libc::EADDRINUSE, "AddrInUse", "Address in use"),
        (libc::ENOSPC, "StorageFull", "No space left on device"),
        (libc::EXDEV, "CrossesDevices", "Cross-device link"),
        (libc::ENOMEM, "OutOfMemory", "Out of memory"),
        (libc::ETIMEDOUT, "TimedOut", "Operation timed out"),
        (libc::EBADF, "Uncategorized", "Bad file descriptor"),
        (libc::ENOSYS, "Unsupported", "Function not implemented"),
        (libc::ELOOP, "FilesystemLoop", "Symbolic link loop"),
        (libc::ENAMETOOLONG, "InvalidFilename", "Filename too long"),
    ];
    for &(errno, kind, text) in table {
        let e = io::Error::from_raw_os_error(errno);
        let text = if musl {
            text.to_string()
        } else {
            // glibc's wording for the rows where it differs from musl.
            match errno {
                libc::EADDRINUSE => "Address already in use",
                libc::ENOMEM => "Cannot allocate memory",
                libc::ETIMEDOUT => "Connection timed out",
                libc::ELOOP => "Too many levels of symbolic links",
                libc::ENAMETOOLONG => "File name too long",
                libc::EXDEV => "Invalid cross-device link",
                _ => text,
            }
            .to_string()
        };
        assert_eq!(
            e.to_string(),
            format!("{text} (os error {errno})"),
            "errno {errno}"
        );
        // Kinds are compared by name: some (Uncategorized, FilesystemLoop)
        // are not nameable on stable Rust.
        assert_eq!(format!("{:?}", e.kind()), kind, "kind of errno {errno}");
    }
}

#[test]
fn last_os_error_is_per_thread() {
    let barrier = std::sync::Arc::new(std::sync::Barrier::new(2));
    let b2 = barrier.clone();
    let t = std::thread::spawn(move || {
        // close(-1) fails with EBADF.
        assert_eq!(unsafe { libc::close(-1) }, -1);
        b2.wait(); // let the main thread set its own errno
        b2.wait();
        io::Error::last_os_error().raw_os_error()
    });
    barrier.wait();
    let path = c"/definitely/not/here";
    assert_eq!(unsafe { libc::open(path.as_ptr(), libc::O_RDONLY) }, -1);
    barrier.wait();
    assert_eq!(
        io::Error::last_os_error().raw_os_error(),
        Some(libc::ENOENT)
    );
    assert_eq!(t.join().unwrap(), Some(libc::EBADF));
}

#[test]
fn line_writer_and_stdout_lock_write() {
    let d = ScratchDir::new("io-linew");
    let p = d.join("lw");
    let mut w = io::LineWriter::new(File::create(&p).unwrap());
    w.write_all(b"partial").unwrap();
    assert_eq!(fs::read(&p).unwrap(), b"");
    w.write_all(b" line\nnext").unwrap();
    assert_eq!(fs::read(&p).unwrap(), b"partial line\n");
    drop(w);
    assert_eq!(fs::read(&p).unwrap(), b"partial line\nnext");
}

#[test]
fn is_terminal_on_a_pty_and_not_elsewhere() {
    use std::ffi::CStr;
    use std::io::IsTerminal;
    use std::os::fd::FromRawFd;
    use std::os::unix::fs::OpenOptionsExt;
    let master_fd = unsafe { libc::posix_openpt(libc::O_RDWR | libc::O_NOCTTY | libc::O_CLOEXEC) };
    assert!(
        master_fd >= 0,
        "posix_openpt: {}",
        io::Error::last_os_error()
    );
    let mut master = unsafe { File::from_raw_fd(master_fd) };
    assert_eq!(unsafe { libc::grantpt(master_fd) }, 0);
    assert_eq!(unsafe { libc::unlockpt(master_fd) }, 0);
    let mut name = [0 as libc::c_char; 128];
    assert_eq!(
        unsafe { libc::ptsname_r(master_fd, name.as_mut_ptr(), name.len()) },
        0
    );
    let slave_path = unsafe { CStr::from_ptr(name.as_ptr()) }
        .to_str()
        .unwrap()
        .to_owned();
    assert!(slave_path.starts_with("/dev/pts/"), "{slave_path}");
    let mut slave = OpenOptions::new()
        .read(true)
        .write(true)
        .custom_flags(libc::O_NOCTTY)
        .open(&slave_path)
        .unwrap();
    assert!(slave.is_terminal());
    assert!(master.is_terminal());

    // The line discipline turns "\n" into "\r\n" on output.
    slave.write_all(b"tty line\n").unwrap();
    let mut buf = [0u8; 10];
    master.read_exact(&mut buf).unwrap();
    assert_eq!(&buf, b"tty line\r\n");

    let d = ScratchDir::new("io-tty");
    fs::write(d.join("f"), b"").unwrap();
    assert!(!File::open(d.join("f")).unwrap().is_terminal());
    assert!(!File::open("/dev/null").unwrap().is_terminal());
    let (r, w) = io::pipe().unwrap();
    let (r, w) = (std::os::fd::OwnedFd::from(r), std::os::fd::OwnedFd::from(w));
    assert!(!r.is_terminal() && !w.is_terminal());
}

#[test]
#[ignore = "child process for stdin_and_stdout_of_a_child"]
fn child_filters_stdin() {
    if !limpet_std_suite::is_child_for("child_filters_stdin") {
        return;
    }
    let stdin = io::stdin();
    let mut first = String::new();
    stdin.lock().read_line(&mut first).unwrap();
    let mut out = io::stdout().lock();
    writeln!(out, "first={}", first.trim_end()).unwrap();
    for line in stdin.lock().lines() {
        writeln!(out, "<{}>", line.unwrap().to_uppercase()).unwrap();
    }
    // Anything left is EOF.
    assert_eq!(io::stdin().read(&mut [0u8; 8]).unwrap(), 0);
    out.flush().unwrap();
}

#[test]
fn stdin_and_stdout_of_a_child() {
    use std::process::Stdio;
    let mut child = limpet_std_suite::child_test_command("child_filters_stdin")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = String::from("header\n");
    for i in 0..2000 {
        input.push_str(&format!("line {i} of input\n"));
    }
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()).unwrap());
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let stdout = limpet_std_suite::text(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        limpet_std_suite::text(&out.stderr)
    );
    // libtest's "test child_filters_stdin ... " may precede the first line.
    let ours: Vec<&str> = stdout
        .lines()
        .filter_map(|l| {
            if l.starts_with('<') {
                Some(l)
            } else {
                l.find("first=").map(|i| &l[i..])
            }
        })
        .collect();
    assert_eq!(ours.len(), 2001);
    assert_eq!(ours[0], "first=header");
    assert_eq!(ours[1], "<LINE 0 OF INPUT>");
    assert_eq!(ours[2000], "<LINE 1999 OF INPUT>");
}

#[test]
#[ignore = "child process for stdout_to_a_closed_pipe_panics"]
fn child_prints_forever() {
    if !limpet_std_suite::is_child_for("child_prints_forever") {
        return;
    }
    for i in 0..10_000_000u32 {
        println!("line {i}");
    }
}

#[test]
fn stdout_to_a_closed_pipe_panics() {
    use std::process::Stdio;
    let mut child = limpet_std_suite::child_test_command("child_prints_forever")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut some = [0u8; 4096];
    stdout.read_exact(&mut some).unwrap();
    drop(stdout);
    let out = child.wait_with_output().unwrap();
    let err = limpet_std_suite::text(&out.stderr);
    // SIGPIPE is ignored, so the write fails with EPIPE and println! panics.
    assert_eq!(
        out.status.code(),
        Some(101),
        "status {:?}\n{err}",
        out.status
    );
    limpet_std_suite::assert_contains(&err, "failed printing to stdout: Broken pipe (os error 32)");
}
