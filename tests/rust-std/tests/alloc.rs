//! The global allocator (malloc, calloc, realloc, posix_memalign, free under
//! std's System allocator): large and small blocks, threads, alignment,
//! fallible reservation, and behaviour under an address-space limit.

use limpet_std_suite::{assert_contains, is_child_for, run_child_test, text};
use std::alloc::{GlobalAlloc, Layout, System};
use std::collections::TryReserveError;
use std::os::unix::process::ExitStatusExt;
use std::sync::mpsc;
use std::thread;

const MIB: usize = 1 << 20;

#[test]
fn large_vec_allocate_touch_free() {
    // Zeroed (calloc path): every page reads as zero, then is written.
    let mut v = vec![0u8; 256 * MIB];
    assert_eq!(v.len(), 256 * MIB);
    let mut sum = 0u64;
    for i in (0..v.len()).step_by(4096) {
        sum += v[i] as u64;
        v[i] = (i / 4096) as u8;
    }
    assert_eq!(sum, 0);
    let expect: u64 = (0..v.len())
        .step_by(4096)
        .map(|i| ((i / 4096) as u8) as u64)
        .sum();
    assert_eq!(
        (0..v.len()).step_by(4096).map(|i| v[i] as u64).sum::<u64>(),
        expect
    );
    assert_eq!(v[v.len() - 1], 0);
    drop(v);

    // Uninitialised (malloc path), filled, then grown (realloc).
    let n = 4 * MIB;
    let mut w: Vec<u32> = Vec::with_capacity(n);
    w.extend(0..n as u32);
    w.reserve(16 * n);
    assert!(w.capacity() >= 17 * n);
    assert!(
        w.iter()
            .enumerate()
            .step_by(1009)
            .all(|(i, &x)| x == i as u32)
    );
    assert_eq!(w[n - 1], n as u32 - 1);
    w.truncate(10);
    w.shrink_to_fit();
    assert_eq!(w, (0..10).collect::<Vec<u32>>());
}

#[test]
fn many_small_allocations_across_threads() {
    // Blocks allocated in one thread are freed in another.
    let (tx, rx) = mpsc::channel::<Vec<Box<[u8]>>>();
    let producers: Vec<_> = (0..4u8)
        .map(|t| {
            let tx = tx.clone();
            thread::spawn(move || {
                for round in 0..20u32 {
                    let batch: Vec<Box<[u8]>> = (0..1000u32)
                        .map(|i| {
                            let len = ((i * 37 + round) % 300) as usize + 1;
                            vec![t ^ (i as u8); len].into_boxed_slice()
                        })
                        .collect();
                    tx.send(batch).unwrap();
                }
            })
        })
        .collect();
    drop(tx);
    let mut blocks = 0usize;
    for batch in rx {
        for b in &batch {
            let first = b[0];
            assert!(b.iter().all(|&x| x == first), "block corrupted");
        }
        blocks += batch.len();
    }
    for p in producers {
        p.join().unwrap();
    }
    assert_eq!(blocks, 4 * 20 * 1000);

    // Many live allocations at once in each thread, checked before freeing.
    let hs: Vec<_> = (0..4usize)
        .map(|t| {
            thread::spawn(move || {
                let live: Vec<Vec<usize>> = (0..20_000).map(|i| vec![i ^ t; i % 17 + 1]).collect();
                live.iter()
                    .enumerate()
                    .all(|(i, v)| v.len() == i % 17 + 1 && v.iter().all(|&x| x == i ^ t))
            })
        })
        .collect();
    for h in hs {
        assert!(h.join().unwrap());
    }
}

#[test]
fn zeroed_memory_is_zero_after_reuse() {
    // Dirty freed blocks must not leak into calloc'd ones.
    for &size in &[16usize, 100, 4000, 70_000, 300_000, 3 * MIB] {
        let layout = Layout::from_size_align(size, 8).unwrap();
        unsafe {
            let mut dirty = Vec::new();
            for _ in 0..8 {
                let p = System.alloc(layout);
                assert!(!p.is_null());
                std::ptr::write_bytes(p, 0xA5, size);
                dirty.push(p);
            }
            for p in dirty {
                System.dealloc(p, layout);
            }
            for _ in 0..8 {
                let p = System.alloc_zeroed(layout);
                assert!(!p.is_null());
                let s = std::slice::from_raw_parts(p, size);
                assert!(
                    s.iter().all(|&b| b == 0),
                    "calloc({size}) returned dirty memory"
                );
                System.dealloc(p, layout);
            }
        }
    }
}

#[test]
fn over_aligned_allocations() {
    for &align in &[32usize, 64, 256, 4096, 65_536, 2 * MIB] {
        for &size in &[1usize, 24, align, 3 * align + 5] {
            let layout = Layout::from_size_align(size, align).unwrap();
            unsafe {
                let p = System.alloc(layout);
                assert!(!p.is_null(), "alloc({size}, {align})");
                assert_eq!(p as usize % align, 0, "alloc({size}, {align}) misaligned");
                std::ptr::write_bytes(p, 0x5A, size);
                // realloc keeps the alignment and the contents.
                let q = System.realloc(p, layout, size * 2 + 100);
                assert!(!q.is_null());
                assert_eq!(q as usize % align, 0, "realloc kept alignment {align}");
                assert!(
                    std::slice::from_raw_parts(q, size)
                        .iter()
                        .all(|&b| b == 0x5A)
                );
                System.dealloc(q, Layout::from_size_align(size * 2 + 100, align).unwrap());

                let z = System.alloc_zeroed(layout);
                assert!(!z.is_null());
                assert_eq!(z as usize % align, 0);
                assert!(std::slice::from_raw_parts(z, size).iter().all(|&b| b == 0));
                System.dealloc(z, layout);
            }
        }
    }
    #[repr(align(4096))]
    struct Page([u8; 4096]);
    let pages: Vec<Box<Page>> = (0..16).map(|i| Box::new(Page([i as u8; 4096]))).collect();
    for (i, p) in pages.iter().enumerate() {
        assert_eq!(&**p as *const Page as usize % 4096, 0);
        assert!(p.0.iter().all(|&b| b == i as u8));
    }
}

#[test]
fn realloc_preserves_contents_across_size_classes() {
    let sizes = [
        1usize,
        7,
        64,
        500,
        4096,
        100_000,
        5 * MIB,
        200,
        3,
        12 * MIB,
        16,
    ];
    let layout0 = Layout::from_size_align(sizes[0], 1).unwrap();
    unsafe {
        let mut p = System.alloc(layout0);
        assert!(!p.is_null());
        *p = 0;
        let mut cur = sizes[0];
        for &next in &sizes[1..] {
            let q = System.realloc(p, Layout::from_size_align(cur, 1).unwrap(), next);
            assert!(!q.is_null(), "realloc {cur} -> {next}");
            let keep = cur.min(next);
            let s = std::slice::from_raw_parts(q, keep);
            for (i, &b) in s.iter().enumerate() {
                assert_eq!(b, (i % 251) as u8, "byte {i} after realloc {cur} -> {next}");
            }
            for i in 0..next {
                *q.add(i) = (i % 251) as u8;
            }
            p = q;
            cur = next;
        }
        System.dealloc(p, Layout::from_size_align(cur, 1).unwrap());
    }
}

fn is_alloc_error(e: &TryReserveError) -> bool {
    e.to_string()
        .contains("the memory allocator returned an error")
}

#[test]
fn try_reserve_of_impossible_sizes_fails() {
    let mut v: Vec<u8> = Vec::new();
    // Past isize::MAX: rejected before reaching malloc.
    let e = v.try_reserve(usize::MAX).unwrap_err();
    assert!(!is_alloc_error(&e), "{e}");
    assert_contains(&e.to_string(), "capacity exceeded");
    // 1 PiB: a valid layout, but malloc must return NULL (more than the
    // whole user address space).
    let e = v.try_reserve(1 << 50).unwrap_err();
    assert!(is_alloc_error(&e), "{e}");
    let e = v.try_reserve_exact((1 << 50) + 12345).unwrap_err();
    assert!(is_alloc_error(&e), "{e}");
    // The vector is still usable afterwards.
    v.extend_from_slice(b"still fine");
    assert_eq!(v, b"still fine");
    let mut s = String::from("grow me");
    assert!(s.try_reserve(1 << 49).is_err());
    s.push('!');
    assert_eq!(s, "grow me!");

    // The same directly from the C allocator: NULL and ENOMEM.
    unsafe {
        let p = libc::malloc(1 << 50);
        assert!(p.is_null());
        assert_eq!(
            std::io::Error::last_os_error().raw_os_error(),
            Some(libc::ENOMEM)
        );
        let q = libc::calloc(1 << 30, 1 << 30);
        assert!(q.is_null(), "calloc size overflow must fail");
        assert_eq!(
            std::io::Error::last_os_error().raw_os_error(),
            Some(libc::ENOMEM)
        );
    }
}

// ---- memory pressure in a child process -------------------------------------

const PRESSURE_CHILD: &str = "child_under_rlimit_as";

fn vm_size_bytes() -> usize {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with("VmSize:")).unwrap();
    let kb: usize = line["VmSize:".len()..]
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .unwrap();
    kb * 1024
}

#[test]
#[ignore = "child process for memory_pressure_fails_gracefully_then_aborts"]
fn child_under_rlimit_as() {
    if !is_child_for(PRESSURE_CHILD) {
        return;
    }
    // Allow 256 MiB beyond what is mapped now.
    let limit = vm_size_bytes() + 256 * MIB;
    let rl = libc::rlimit {
        rlim_cur: limit as libc::rlim_t,
        rlim_max: limit as libc::rlim_t,
    };
    assert_eq!(unsafe { libc::setrlimit(libc::RLIMIT_AS, &rl) }, 0);
    eprintln!("limit set: {} MiB", limit / MIB);

    // 512 MiB cannot fit: a fallible reservation reports an allocator error.
    let mut big: Vec<u8> = Vec::new();
    let e = big.try_reserve(512 * MIB).unwrap_err();
    assert!(is_alloc_error(&e), "{e}");
    let p = unsafe { libc::malloc(512 * MIB) };
    assert!(p.is_null());
    assert_eq!(
        std::io::Error::last_os_error().raw_os_error(),
        Some(libc::ENOMEM)
    );
    eprintln!("512 MiB refused");

    // Smaller allocations still succeed afterwards, large and small.
    let mut medium = vec![1u8; 64 * MIB];
    medium[64 * MIB - 1] = 2;
    let sampled: u64 = medium.iter().step_by(4096).map(|&b| b as u64).sum();
    assert_eq!(sampled, (64 * MIB / 4096) as u64);
    assert_eq!(medium[64 * MIB - 1], 2);
    let smalls: Vec<Box<[u64; 8]>> = (0..20_000u64).map(|i| Box::new([i; 8])).collect();
    assert!(smalls.iter().enumerate().all(|(i, b)| b[7] == i as u64));
    // Growing an existing block past the limit fails and keeps the data.
    let e = medium.try_reserve_exact(400 * MIB).unwrap_err();
    assert!(is_alloc_error(&e), "{e}");
    assert_eq!(medium.len(), 64 * MIB);
    assert_eq!(medium[64 * MIB - 1], 2);
    drop(medium);
    drop(smalls);
    // After freeing, a block of similar size fits again.
    let again = vec![3u8; 100 * MIB];
    assert_eq!(again[100 * MIB - 1], 3);
    drop(again);
    eprintln!("smaller allocations ok");

    // An infallible allocation that cannot be satisfied aborts the process.
    let doomed = vec![0u8; 1 << 30];
    eprintln!(
        "unreachable: got {} bytes",
        std::hint::black_box(doomed).len()
    );
}

#[test]
fn memory_pressure_fails_gracefully_then_aborts() {
    let out = run_child_test(PRESSURE_CHILD, &[]);
    let err = text(&out.stderr);
    let stdout = text(&out.stdout);
    assert_contains(&err, "limit set: ");
    assert_contains(&err, "512 MiB refused");
    assert_contains(&err, "smaller allocations ok");
    assert!(!err.contains("unreachable"), "stderr:\n{err}");
    assert_eq!(
        out.status.signal(),
        Some(libc::SIGABRT),
        "child status {:?}\nstdout:\n{stdout}\nstderr:\n{err}",
        out.status
    );
    assert_contains(&err, "memory allocation of 1073741824 bytes failed");
}
