//! std::fs: metadata, permissions, directories, links, renames, open
//! options, positioned I/O and the error kinds the libc's errno values map to.

use limpet_std_suite::ScratchDir;
use std::fs::{self, File, OpenOptions};
use std::io::{ErrorKind, Read, Seek, SeekFrom, Write};
use std::os::unix::fs::{
    DirBuilderExt, DirEntryExt, FileExt, FileTypeExt, MetadataExt, OpenOptionsExt, PermissionsExt,
    symlink,
};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

fn mode_of(p: &Path) -> u32 {
    fs::metadata(p).unwrap().permissions().mode() & 0o7777
}

#[test]
fn metadata_len_type_and_ids() {
    let d = ScratchDir::new("fs-md");
    let p = d.join("data.bin");
    let payload: Vec<u8> = (0..1234u32).map(|i| (i * 7 % 251) as u8).collect();
    fs::write(&p, &payload).unwrap();

    let md = fs::metadata(&p).unwrap();
    assert_eq!(md.len(), 1234);
    assert!(md.is_file());
    assert!(!md.is_dir());
    assert!(!md.is_symlink());
    assert!(md.file_type().is_file());
    assert_eq!(md.size(), 1234);
    assert_eq!(md.nlink(), 1);
    assert_ne!(md.ino(), 0);
    assert_eq!(md.mode() & 0o170000, 0o100000, "S_IFREG in st_mode");
    assert_eq!(md.uid(), unsafe { libc::geteuid() });
    assert_eq!(md.gid(), unsafe { libc::getegid() });
    // st_blocks counts 512-byte units; 1234 bytes need at least 3 of them
    // unless the file system stores tiny files inline (then 0).
    assert!(
        md.blocks() == 0 || md.blocks() >= 3,
        "blocks = {}",
        md.blocks()
    );
    assert!(md.blksize() >= 512);

    // The same file through an open handle gives the same identity.
    let f = File::open(&p).unwrap();
    let fmd = f.metadata().unwrap();
    assert_eq!(
        (fmd.dev(), fmd.ino(), fmd.len()),
        (md.dev(), md.ino(), 1234)
    );

    let dmd = fs::metadata(d.path()).unwrap();
    assert!(dmd.is_dir());
    assert!(!dmd.is_file());
    assert_eq!(dmd.mode() & 0o170000, 0o040000, "S_IFDIR in st_mode");
    assert!(dmd.nlink() >= 2);
}

#[test]
fn metadata_times_are_recent() {
    let d = ScratchDir::new("fs-times");
    let p = d.join("t");
    let before = SystemTime::now();
    fs::write(&p, b"x").unwrap();
    let after = SystemTime::now();
    let md = fs::metadata(&p).unwrap();
    // File systems may stamp with a coarse clock: allow one second of slack.
    let lo = before - Duration::from_secs(1);
    let hi = after + Duration::from_secs(1);
    for (what, t) in [
        ("modified", md.modified().unwrap()),
        ("accessed", md.accessed().unwrap()),
    ] {
        assert!(
            t >= lo && t <= hi,
            "{what} {t:?} not within [{lo:?}, {hi:?}]"
        );
    }
    // The raw fields agree with the SystemTime values.
    let m = md
        .modified()
        .unwrap()
        .duration_since(SystemTime::UNIX_EPOCH)
        .unwrap();
    assert_eq!(md.mtime() as u64, m.as_secs());
    assert_eq!(md.mtime_nsec() as u32, m.subsec_nanos());
    assert!(md.ctime() >= lo.duration_since(SystemTime::UNIX_EPOCH).unwrap().as_secs() as i64);
}

#[test]
fn set_len_grows_with_zeros_and_shrinks() {
    let d = ScratchDir::new("fs-setlen");
    let p = d.join("f");
    let mut f = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(true)
        .open(&p)
        .unwrap();
    f.write_all(b"hello world").unwrap();
    f.set_len(10_000).unwrap();
    assert_eq!(f.metadata().unwrap().len(), 10_000);
    let all = fs::read(&p).unwrap();
    assert_eq!(all.len(), 10_000);
    assert_eq!(&all[..11], b"hello world");
    assert!(all[11..].iter().all(|&b| b == 0));

    f.set_len(5).unwrap();
    assert_eq!(fs::read(&p).unwrap(), b"hello");
    // The file position is unaffected by set_len.
    assert_eq!(f.stream_position().unwrap(), 11);
    f.write_all(b"!").unwrap();
    let after = fs::read(&p).unwrap();
    assert_eq!(after.len(), 12);
    assert_eq!(&after[..5], b"hello");
    assert!(after[5..11].iter().all(|&b| b == 0));
    assert_eq!(after[11], b'!');
}

#[test]
fn sparse_file_beyond_4gib() {
    // 64-bit offsets through ftruncate, pwrite, pread and lseek.
    let d = ScratchDir::new("fs-big");
    let p = d.join("sparse");
    let f = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(true)
        .open(&p)
        .unwrap();
    let off = (5u64 << 30) + 12345;
    f.set_len(6 << 30).unwrap();
    assert_eq!(fs::metadata(&p).unwrap().len(), 6 << 30);
    f.write_all_at(b"far away", off).unwrap();
    let mut buf = [0u8; 8];
    f.read_exact_at(&mut buf, off).unwrap();
    assert_eq!(&buf, b"far away");
    let mut g = File::open(&p).unwrap();
    assert_eq!(g.seek(SeekFrom::Start(off + 4)).unwrap(), off + 4);
    let mut four = [0u8; 4];
    g.read_exact(&mut four).unwrap();
    assert_eq!(&four, b"away");
    assert_eq!(g.seek(SeekFrom::End(0)).unwrap(), 6 << 30);
    // A hole reads back as zeros.
    let mut hole = [0xffu8; 16];
    f.read_exact_at(&mut hole, 3 << 30).unwrap();
    assert_eq!(hole, [0u8; 16]);
}

#[test]
fn permissions_mode_bits_and_readonly() {
    let d = ScratchDir::new("fs-perm");
    let p = d.join("f");
    fs::write(&p, b"abc").unwrap();

    for mode in [0o640, 0o400, 0o755, 0o4711, 0o2750, 0o1777, 0o000] {
        fs::set_permissions(&p, fs::Permissions::from_mode(mode)).unwrap();
        assert_eq!(mode_of(&p), mode, "after chmod {mode:o}");
    }

    fs::set_permissions(&p, fs::Permissions::from_mode(0o664)).unwrap();
    let mut perm = fs::metadata(&p).unwrap().permissions();
    assert!(!perm.readonly());
    perm.set_readonly(true);
    fs::set_permissions(&p, perm).unwrap();
    let perm = fs::metadata(&p).unwrap().permissions();
    assert!(perm.readonly());
    assert_eq!(perm.mode() & 0o777, 0o444);

    // Permissions through an open handle (fchmod).
    let f = File::open(&p).unwrap();
    f.set_permissions(fs::Permissions::from_mode(0o600))
        .unwrap();
    assert_eq!(mode_of(&p), 0o600);
}

#[test]
fn create_mode_and_dirbuilder_mode() {
    let d = ScratchDir::new("fs-cmode");
    // Read the umask without changing it (other tests run concurrently).
    let status = fs::read_to_string("/proc/self/status").unwrap();
    let line = status
        .lines()
        .find(|l| l.starts_with("Umask:"))
        .expect("Umask line");
    let umask = u32::from_str_radix(line["Umask:".len()..].trim(), 8).unwrap();

    let p = d.join("m");
    OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o640)
        .open(&p)
        .unwrap();
    assert_eq!(mode_of(&p), 0o640 & !umask);

    let sub = d.join("sub");
    fs::DirBuilder::new().mode(0o700).create(&sub).unwrap();
    assert_eq!(mode_of(&sub), 0o700 & !umask);
    assert!(fs::metadata(&sub).unwrap().is_dir());
}

fn sorted_names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    v.sort();
    v
}

#[test]
fn read_dir_lists_what_was_created() {
    let d = ScratchDir::new("fs-readdir");
    fs::write(d.join("b.txt"), b"b").unwrap();
    fs::write(d.join("a.txt"), b"a").unwrap();
    fs::create_dir(d.join("sub")).unwrap();
    symlink("a.txt", d.join("link")).unwrap();
    symlink("sub", d.join("dirlink")).unwrap();
    let fifo = d.join("fifo");
    let cpath = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
    assert_eq!(unsafe { libc::mkfifo(cpath.as_ptr(), 0o600) }, 0);
    // Many entries, so that more than one getdents call is likely.
    for i in 0..300 {
        fs::write(d.join(format!("n{i:03}-{}", "x".repeat(40))), b"").unwrap();
    }

    let mut entries: Vec<_> = fs::read_dir(d.path())
        .unwrap()
        .map(|e| e.unwrap())
        .collect();
    entries.sort_by_key(|e| e.file_name());
    let names: Vec<String> = entries
        .iter()
        .map(|e| e.file_name().into_string().unwrap())
        .collect();
    let mut expected: Vec<String> = ["a.txt", "b.txt", "dirlink", "fifo", "link", "sub"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    expected.extend((0..300).map(|i| format!("n{i:03}-{}", "x".repeat(40))));
    expected.sort();
    assert_eq!(names, expected, "no '.', '..', duplicates or losses");

    for e in &entries {
        let name = e.file_name().into_string().unwrap();
        let ft = e.file_type().unwrap();
        assert_eq!(e.path(), d.join(&name));
        match name.as_str() {
            "sub" => assert!(ft.is_dir() && !ft.is_symlink()),
            "link" | "dirlink" => assert!(ft.is_symlink() && !ft.is_dir() && !ft.is_file()),
            "fifo" => assert!(ft.is_fifo() && !ft.is_file()),
            _ => assert!(ft.is_file(), "{name} should be a file"),
        }
        // DirEntry::metadata does not follow links; d_ino matches st_ino.
        let md = e.metadata().unwrap();
        assert_eq!(md.file_type().is_symlink(), ft.is_symlink());
        assert_eq!(e.ino(), md.ino(), "d_ino vs st_ino for {name}");
    }
}

#[test]
fn read_dir_of_empty_dir_and_of_a_file() {
    let d = ScratchDir::new("fs-readdir2");
    assert_eq!(fs::read_dir(d.path()).unwrap().count(), 0);
    let f = d.join("file");
    fs::write(&f, b"").unwrap();
    let err = fs::read_dir(&f).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::NotADirectory);
    assert_eq!(err.raw_os_error(), Some(libc::ENOTDIR));
    let err = fs::read_dir(d.join("missing")).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::NotFound);
}

#[test]
fn rename_file_dir_and_over_existing() {
    let d = ScratchDir::new("fs-rename");
    fs::write(d.join("a"), b"first").unwrap();
    fs::rename(d.join("a"), d.join("b")).unwrap();
    assert!(!d.join("a").exists());
    assert_eq!(fs::read(d.join("b")).unwrap(), b"first");

    // Over an existing file: atomically replaced.
    fs::write(d.join("c"), b"second, longer").unwrap();
    let ino_b = fs::metadata(d.join("b")).unwrap().ino();
    fs::rename(d.join("b"), d.join("c")).unwrap();
    assert_eq!(fs::read(d.join("c")).unwrap(), b"first");
    assert_eq!(fs::metadata(d.join("c")).unwrap().ino(), ino_b);
    assert_eq!(sorted_names(d.path()), vec!["c"]);

    // A directory with contents.
    fs::create_dir_all(d.join("dir1/inner")).unwrap();
    fs::write(d.join("dir1/inner/f"), b"deep").unwrap();
    fs::rename(d.join("dir1"), d.join("dir2")).unwrap();
    assert_eq!(fs::read(d.join("dir2/inner/f")).unwrap(), b"deep");
    assert!(!d.join("dir1").exists());

    // A directory over an empty directory works, over a non-empty one fails.
    fs::create_dir(d.join("empty")).unwrap();
    fs::rename(d.join("dir2"), d.join("empty")).unwrap();
    assert_eq!(fs::read(d.join("empty/inner/f")).unwrap(), b"deep");
    fs::create_dir(d.join("other")).unwrap();
    let err = fs::rename(d.join("other"), d.join("empty")).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::DirectoryNotEmpty, "{err}");

    // A file over a directory, and a missing source.
    let err = fs::rename(d.join("c"), d.join("other")).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::IsADirectory, "{err}");
    let err = fs::rename(d.join("nope"), d.join("x")).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::NotFound);
}

#[test]
fn symlinks_read_link_and_metadata() {
    let d = ScratchDir::new("fs-symlink");
    fs::write(d.join("target"), b"0123456789").unwrap();
    symlink("target", d.join("rel")).unwrap();
    symlink(d.join("target"), d.join("abs")).unwrap();
    symlink("does-not-exist", d.join("dangling")).unwrap();

    assert_eq!(
        fs::read_link(d.join("rel")).unwrap(),
        PathBuf::from("target")
    );
    assert_eq!(fs::read_link(d.join("abs")).unwrap(), d.join("target"));
    assert_eq!(fs::read(d.join("rel")).unwrap(), b"0123456789");

    let lmd = fs::symlink_metadata(d.join("rel")).unwrap();
    assert!(lmd.file_type().is_symlink());
    assert!(lmd.is_symlink());
    assert_eq!(
        lmd.len(),
        "target".len() as u64,
        "a symlink's size is its target's length"
    );
    let md = fs::metadata(d.join("rel")).unwrap();
    assert!(md.is_file());
    assert_eq!(md.len(), 10);
    assert_eq!(md.ino(), fs::metadata(d.join("target")).unwrap().ino());

    // Dangling: lstat works, stat does not.
    assert!(
        fs::symlink_metadata(d.join("dangling"))
            .unwrap()
            .is_symlink()
    );
    assert_eq!(
        fs::metadata(d.join("dangling")).unwrap_err().kind(),
        ErrorKind::NotFound
    );
    assert!(!d.join("dangling").exists());
    assert!(!fs::exists(d.join("dangling")).unwrap());
    assert!(fs::exists(d.join("rel")).unwrap());

    // readlink of something that is not a link: EINVAL.
    let err = fs::read_link(d.join("target")).unwrap_err();
    assert_eq!(err.raw_os_error(), Some(libc::EINVAL));
    assert_eq!(err.kind(), ErrorKind::InvalidInput);

    // A long link target comes back whole.
    let long = "x".repeat(3000);
    symlink(&long, d.join("long")).unwrap();
    assert_eq!(fs::read_link(d.join("long")).unwrap(), PathBuf::from(&long));

    // Creating a link over an existing name fails.
    let err = symlink("target", d.join("rel")).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::AlreadyExists);
}

#[test]
fn canonicalize_resolves_links_and_dots() {
    let d = ScratchDir::new("fs-canon");
    let base = fs::canonicalize(d.path()).unwrap();
    assert!(base.is_absolute());
    fs::create_dir_all(d.join("a/b/c")).unwrap();
    fs::write(d.join("a/b/c/file"), b"").unwrap();
    symlink("a/b", d.join("ab")).unwrap();
    symlink("../../a", d.join("a/b/up")).unwrap();

    assert_eq!(
        fs::canonicalize(d.join("ab/c/file")).unwrap(),
        base.join("a/b/c/file")
    );
    assert_eq!(
        fs::canonicalize(d.join("a/b/c/../../b/./c")).unwrap(),
        base.join("a/b/c")
    );
    assert_eq!(
        fs::canonicalize(d.join("a/b/up/b/up/b/c")).unwrap(),
        base.join("a/b/c")
    );
    assert_eq!(
        fs::canonicalize(d.join("ab/missing")).unwrap_err().kind(),
        ErrorKind::NotFound
    );

    // A symlink loop is reported as ELOOP.
    symlink("loop2", d.join("loop1")).unwrap();
    symlink("loop1", d.join("loop2")).unwrap();
    let err = fs::canonicalize(d.join("loop1")).unwrap_err();
    assert_eq!(err.raw_os_error(), Some(libc::ELOOP), "{err}");
    let err = File::open(d.join("loop1")).unwrap_err();
    assert_eq!(err.raw_os_error(), Some(libc::ELOOP), "{err}");
}

#[test]
fn hard_links_share_the_inode() {
    let d = ScratchDir::new("fs-hard");
    fs::write(d.join("orig"), b"shared").unwrap();
    fs::hard_link(d.join("orig"), d.join("alias")).unwrap();
    let a = fs::metadata(d.join("orig")).unwrap();
    let b = fs::metadata(d.join("alias")).unwrap();
    assert_eq!(a.ino(), b.ino());
    assert_eq!(a.nlink(), 2);
    assert_eq!(b.nlink(), 2);

    OpenOptions::new()
        .append(true)
        .open(d.join("alias"))
        .unwrap()
        .write_all(b" bytes")
        .unwrap();
    assert_eq!(fs::read(d.join("orig")).unwrap(), b"shared bytes");

    fs::remove_file(d.join("orig")).unwrap();
    assert_eq!(fs::metadata(d.join("alias")).unwrap().nlink(), 1);
    assert_eq!(fs::read(d.join("alias")).unwrap(), b"shared bytes");

    let err = fs::hard_link(d.join("alias"), d.join("alias")).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::AlreadyExists);
    let err = fs::hard_link(d.join("gone"), d.join("x")).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::NotFound);
}

fn count_tree(p: &Path) -> (usize, usize) {
    let mut files = 0;
    let mut dirs = 0;
    for e in fs::read_dir(p).unwrap() {
        let e = e.unwrap();
        if e.file_type().unwrap().is_dir() {
            dirs += 1;
            let (f, d) = count_tree(&e.path());
            files += f;
            dirs += d;
        } else {
            files += 1;
        }
    }
    (files, dirs)
}

#[test]
fn create_dir_all_and_remove_dir_all_nested() {
    let d = ScratchDir::new("fs-tree");
    let root = d.join("root");
    for i in 0..4 {
        for j in 0..3 {
            let sub = root.join(format!("l1-{i}/l2-{j}/l3/l4"));
            fs::create_dir_all(&sub).unwrap();
            fs::write(sub.join("leaf"), format!("{i}{j}")).unwrap();
            fs::write(root.join(format!("l1-{i}/f{j}")), b"mid").unwrap();
        }
    }
    // A symlink inside the tree pointing outside it must not be followed.
    let outside = d.join("outside");
    fs::create_dir(&outside).unwrap();
    fs::write(outside.join("keep"), b"keep me").unwrap();
    symlink(&outside, root.join("l1-0/escape")).unwrap();

    // create_dir_all of an existing path is fine; create_dir is not.
    fs::create_dir_all(root.join("l1-1/l2-1")).unwrap();
    assert_eq!(
        fs::create_dir(root.join("l1-1")).unwrap_err().kind(),
        ErrorKind::AlreadyExists
    );
    // create_dir_all through a file fails.
    let err = fs::create_dir_all(root.join("l1-0/f0/deeper")).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::NotADirectory, "{err}");

    let (files, dirs) = count_tree(&root);
    assert_eq!(files, 4 * 3 * 2 + 1, "leaves + mid files + symlink");
    assert_eq!(dirs, 4 * (1 + 3 * 3));

    assert_eq!(
        fs::remove_dir(root.join("l1-2")).unwrap_err().kind(),
        ErrorKind::DirectoryNotEmpty
    );
    fs::remove_dir_all(&root).unwrap();
    assert!(!root.exists());
    assert_eq!(fs::read(outside.join("keep")).unwrap(), b"keep me");
    assert_eq!(
        fs::remove_dir_all(&root).unwrap_err().kind(),
        ErrorKind::NotFound
    );
}

#[test]
fn open_options_append_truncate_create_new() {
    let d = ScratchDir::new("fs-open");
    let p = d.join("f");
    fs::write(&p, b"12345").unwrap();

    // Append: writes land at the end even after seeking back.
    let mut f = OpenOptions::new().append(true).read(true).open(&p).unwrap();
    f.seek(SeekFrom::Start(0)).unwrap();
    f.write_all(b"678").unwrap();
    assert_eq!(f.stream_position().unwrap(), 8);
    f.seek(SeekFrom::Start(1)).unwrap();
    let mut s = String::new();
    f.read_to_string(&mut s).unwrap();
    assert_eq!(s, "2345678");
    drop(f);

    // create_new on an existing file fails with AlreadyExists (O_EXCL).
    let err = OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&p)
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::AlreadyExists);
    assert_eq!(err.raw_os_error(), Some(libc::EEXIST));
    // ... and on a dangling symlink too (O_EXCL does not follow).
    symlink("nowhere", d.join("dl")).unwrap();
    let err = OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(d.join("dl"))
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::AlreadyExists);
    assert!(!d.join("nowhere").exists());

    // Truncate.
    let mut f = OpenOptions::new()
        .write(true)
        .truncate(true)
        .open(&p)
        .unwrap();
    assert_eq!(f.metadata().unwrap().len(), 0);
    f.write_all(b"new").unwrap();
    drop(f);
    assert_eq!(fs::read(&p).unwrap(), b"new");

    // Opening a missing file without create.
    assert_eq!(
        File::open(d.join("missing")).unwrap_err().kind(),
        ErrorKind::NotFound
    );
    // create without write access is rejected by std itself.
    assert_eq!(
        OpenOptions::new()
            .read(true)
            .create(true)
            .open(d.join("c"))
            .unwrap_err()
            .kind(),
        ErrorKind::InvalidInput
    );
    // A directory cannot be opened for writing.
    let err = OpenOptions::new().write(true).open(d.path()).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::IsADirectory);
    // Writing through a read-only descriptor: EBADF.
    let mut ro = File::open(&p).unwrap();
    let err = ro.write(b"x").unwrap_err();
    assert_eq!(err.raw_os_error(), Some(libc::EBADF));
    // O_NOFOLLOW on a symlink: ELOOP.
    symlink("f", d.join("lf")).unwrap();
    let err = OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW)
        .open(d.join("lf"))
        .unwrap_err();
    assert_eq!(err.raw_os_error(), Some(libc::ELOOP));
}

#[test]
fn seek_and_positioned_io() {
    let d = ScratchDir::new("fs-seek");
    let p = d.join("f");
    let mut f = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(true)
        .open(&p)
        .unwrap();
    f.write_all(b"abcdefghijklmnopqrstuvwxyz").unwrap();
    assert_eq!(f.seek(SeekFrom::End(-3)).unwrap(), 23);
    let mut b3 = [0u8; 3];
    f.read_exact(&mut b3).unwrap();
    assert_eq!(&b3, b"xyz");
    assert_eq!(f.seek(SeekFrom::Current(-10)).unwrap(), 16);
    assert_eq!(f.seek(SeekFrom::Current(0)).unwrap(), 16);
    f.rewind().unwrap();
    assert_eq!(f.stream_position().unwrap(), 0);
    assert_eq!(
        f.seek(SeekFrom::Current(-1)).unwrap_err().kind(),
        ErrorKind::InvalidInput
    );

    // pread/pwrite do not move the cursor.
    f.seek(SeekFrom::Start(5)).unwrap();
    let mut b4 = [0u8; 4];
    assert_eq!(f.read_at(&mut b4, 10).unwrap(), 4);
    assert_eq!(&b4, b"klmn");
    assert_eq!(f.write_at(b"KLMN", 10).unwrap(), 4);
    assert_eq!(f.stream_position().unwrap(), 5);
    f.read_exact(&mut b4).unwrap();
    assert_eq!(&b4, b"fghi");
    // Past EOF: read_at returns 0, write_at extends with a hole.
    assert_eq!(f.read_at(&mut b4, 100).unwrap(), 0);
    f.write_all_at(b"END", 30).unwrap();
    let all = fs::read(&p).unwrap();
    assert_eq!(&all[..26], b"abcdefghijKLMNopqrstuvwxyz");
    assert_eq!(&all[26..30], &[0, 0, 0, 0]);
    assert_eq!(&all[30..], b"END");
    let mut short = [0u8; 8];
    assert_eq!(
        f.read_exact_at(&mut short, 28).unwrap_err().kind(),
        ErrorKind::UnexpectedEof
    );

    // A cloned handle shares the file offset.
    let mut g = f.try_clone().unwrap();
    g.seek(SeekFrom::Start(2)).unwrap();
    assert_eq!(f.stream_position().unwrap(), 2);
}

#[test]
fn error_kinds_from_errno() {
    let d = ScratchDir::new("fs-err");
    let missing = d.join("missing");
    let err = fs::metadata(&missing).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::NotFound);
    assert_eq!(err.raw_os_error(), Some(libc::ENOENT));
    assert_eq!(err.to_string(), "No such file or directory (os error 2)");
    assert_eq!(
        fs::remove_file(&missing).unwrap_err().kind(),
        ErrorKind::NotFound
    );
    assert_eq!(
        fs::read(d.join("missing/child")).unwrap_err().kind(),
        ErrorKind::NotFound
    );

    fs::write(d.join("file"), b"").unwrap();
    let err = fs::read(d.join("file/child")).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::NotADirectory);
    let err = fs::remove_dir(d.join("file")).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::NotADirectory);
    fs::create_dir(d.join("dir")).unwrap();
    let err = fs::remove_file(d.join("dir")).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::IsADirectory);
    let err = fs::read(d.path()).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::IsADirectory);
    assert_eq!(err.raw_os_error(), Some(libc::EISDIR));

    // A path with an interior NUL never reaches the libc.
    let err = File::open("a\0b").unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidInput);
    // A component longer than NAME_MAX.
    let err = File::open(d.join("n".repeat(300))).unwrap_err();
    assert_eq!(err.raw_os_error(), Some(libc::ENAMETOOLONG));
    assert_eq!(err.kind(), ErrorKind::InvalidFilename);
}

#[test]
fn copy_contents_and_permissions() {
    let d = ScratchDir::new("fs-copy");
    let src = d.join("src");
    let data: Vec<u8> = (0..300_000u32).map(|i| (i ^ (i >> 8)) as u8).collect();
    fs::write(&src, &data).unwrap();
    fs::set_permissions(&src, fs::Permissions::from_mode(0o751)).unwrap();
    let n = fs::copy(&src, d.join("dst")).unwrap();
    assert_eq!(n, data.len() as u64);
    assert_eq!(fs::read(d.join("dst")).unwrap(), data);
    assert_eq!(mode_of(&d.join("dst")), 0o751);

    // Copy over an existing, longer file truncates it.
    fs::write(d.join("small"), b"tiny").unwrap();
    fs::write(d.join("long"), vec![b'z'; 10_000]).unwrap();
    assert_eq!(fs::copy(d.join("small"), d.join("long")).unwrap(), 4);
    assert_eq!(fs::read(d.join("long")).unwrap(), b"tiny");

    // Copy of an empty file and of a missing one.
    fs::write(d.join("empty"), b"").unwrap();
    assert_eq!(fs::copy(d.join("empty"), d.join("empty2")).unwrap(), 0);
    assert_eq!(fs::metadata(d.join("empty2")).unwrap().len(), 0);
    assert_eq!(
        fs::copy(d.join("nope"), d.join("x")).unwrap_err().kind(),
        ErrorKind::NotFound
    );
}

#[test]
fn read_to_string_of_non_utf8_is_invalid_data() {
    let d = ScratchDir::new("fs-utf8");
    let p = d.join("latin1");
    fs::write(&p, b"caf\xe9 cr\xe8me").unwrap();
    let err = fs::read_to_string(&p).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidData);
    assert_eq!(fs::read(&p).unwrap(), b"caf\xe9 cr\xe8me");
    fs::write(&p, "café crème").unwrap();
    assert_eq!(fs::read_to_string(&p).unwrap(), "café crème");
}

#[test]
fn file_locks_between_descriptions() {
    let d = ScratchDir::new("fs-lock");
    let p = d.join("lock");
    fs::write(&p, b"").unwrap();
    let a = File::open(&p).unwrap();
    let b = File::open(&p).unwrap();
    a.lock().unwrap();
    assert!(matches!(b.try_lock(), Err(fs::TryLockError::WouldBlock)));
    assert!(matches!(
        b.try_lock_shared(),
        Err(fs::TryLockError::WouldBlock)
    ));
    a.unlock().unwrap();
    b.lock_shared().unwrap();
    a.try_lock_shared().unwrap();
    // Upgrading a's shared lock to exclusive fails while b holds a shared one.
    assert!(matches!(a.try_lock(), Err(fs::TryLockError::WouldBlock)));
    b.unlock().unwrap();
    a.unlock().unwrap();
    b.try_lock().unwrap();
}

#[test]
fn sync_and_fifo_types() {
    let d = ScratchDir::new("fs-sync");
    let mut f = File::create(d.join("s")).unwrap();
    f.write_all(b"durable").unwrap();
    f.sync_all().unwrap();
    f.sync_data().unwrap();
    assert_eq!(fs::read(d.join("s")).unwrap(), b"durable");

    let md = fs::metadata("/dev/null").unwrap();
    assert!(md.file_type().is_char_device());
    assert_eq!(md.rdev(), libc::makedev(1, 3));
    let mut n = File::options()
        .read(true)
        .write(true)
        .open("/dev/null")
        .unwrap();
    assert_eq!(n.write(b"discarded").unwrap(), 9);
    let mut buf = Vec::new();
    assert_eq!(n.read_to_end(&mut buf).unwrap(), 0);
}

#[test]
fn chown_lchown_fchown_as_root() {
    use std::os::unix::fs::{chown, fchown, lchown};
    let d = ScratchDir::new("fs-chown");
    let p = d.join("owned");
    fs::write(&p, b"").unwrap();
    symlink("owned", d.join("link")).unwrap();

    chown(&p, Some(65534), Some(65533)).unwrap();
    let md = fs::metadata(&p).unwrap();
    assert_eq!((md.uid(), md.gid()), (65534, 65533));
    // None leaves a field unchanged.
    chown(&p, None, Some(12345)).unwrap();
    let md = fs::metadata(&p).unwrap();
    assert_eq!((md.uid(), md.gid()), (65534, 12345));

    // lchown changes the link, not its target; chown through the link
    // changes the target.
    lchown(d.join("link"), Some(4242), Some(4343)).unwrap();
    let lmd = fs::symlink_metadata(d.join("link")).unwrap();
    assert_eq!((lmd.uid(), lmd.gid()), (4242, 4343));
    assert_eq!(fs::metadata(&p).unwrap().uid(), 65534);
    chown(d.join("link"), Some(777), None).unwrap();
    assert_eq!(fs::metadata(&p).unwrap().uid(), 777);
    assert_eq!(fs::symlink_metadata(d.join("link")).unwrap().uid(), 4242);

    let f = File::open(&p).unwrap();
    fchown(&f, Some(0), Some(0)).unwrap();
    let md = f.metadata().unwrap();
    assert_eq!((md.uid(), md.gid()), (0, 0));
    assert_eq!(
        chown(d.join("missing"), Some(1), None).unwrap_err().kind(),
        ErrorKind::NotFound
    );
}

#[test]
fn hard_link_to_a_symlink_links_the_symlink_itself() {
    let d = ScratchDir::new("fs-hardsym");
    fs::write(d.join("target"), b"t").unwrap();
    symlink("target", d.join("sym")).unwrap();
    fs::hard_link(d.join("sym"), d.join("sym2")).unwrap();
    let a = fs::symlink_metadata(d.join("sym")).unwrap();
    let b = fs::symlink_metadata(d.join("sym2")).unwrap();
    assert!(
        b.is_symlink(),
        "linkat without AT_SYMLINK_FOLLOW links the symlink"
    );
    assert_eq!(a.ino(), b.ino());
    assert_eq!(a.nlink(), 2);
    assert_eq!(fs::metadata(d.join("target")).unwrap().nlink(), 1);
    assert_eq!(
        fs::read_link(d.join("sym2")).unwrap(),
        PathBuf::from("target")
    );
}
