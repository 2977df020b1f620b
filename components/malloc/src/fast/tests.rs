//! Tests of the fast allocator through its Rust API. In a test binary the threads are the
//! host libc's, so heaps are found through the thread table (see `thread`).
use super::*;
use crate::testutil::{Rng, fill, holds, is_zero, resident};
use std::sync::mpsc;
use std::thread as std_thread;

/// A block in flight between threads, as an address (raw pointers are not `Send`).
struct Sent {
    addr: usize,
    len: usize,
    id: usize,
}

impl Sent {
    fn ptr(&self) -> NonNull<u8> {
        NonNull::new(self.addr as *mut u8).unwrap()
    }
}

#[test]
fn randomized_alloc_free_realloc_keep_contents() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let mut live: Vec<(NonNull<u8>, usize, usize)> = Vec::new();
    for id in 0..40_000 {
        match rng.below(6) {
            0..=2 if live.len() < 800 => {
                let n = match rng.below(10) {
                    0 => rng.below(300_000),
                    1..=3 => rng.below(20_000),
                    _ => rng.below(300),
                };
                let p = if rng.below(4) == 0 { alloc_zeroed(n) } else { alloc(n) }.unwrap();
                assert_eq!(p.as_ptr() as usize % MIN_ALIGN, 0);
                // SAFETY: `p` is live.
                assert!(unsafe { usable_size(p) } >= n);
                fill(p, n, id);
                live.push((p, n, id));
            }
            3 | 4 if !live.is_empty() => {
                let i = rng.below(live.len());
                let (p, n, old) = live[i];
                let m = match rng.below(6) {
                    0 => rng.below(200_000),
                    1 => 0,
                    2 => n + 1,
                    _ => rng.below(3000),
                };
                assert!(holds(p, n, old), "block {old} of {n} bytes was overwritten");
                // SAFETY: `p` is live; after success only `q` is used.
                let q = unsafe { realloc(p, m) }.unwrap();
                assert!(holds(q, n.min(m), old), "{n} -> {m}");
                // SAFETY: `q` is live.
                assert!(unsafe { usable_size(q) } >= m);
                fill(q, m, id);
                live[i] = (q, m, id);
            }
            _ if !live.is_empty() => {
                let (p, n, id) = live.swap_remove(rng.below(live.len()));
                assert!(holds(p, n, id), "block {id} of {n} bytes was overwritten");
                // SAFETY: `p` is live until here.
                unsafe { free(p) };
            }
            _ => {}
        }
    }
    for (p, n, id) in live {
        assert!(holds(p, n, id));
        // SAFETY: each block is live until freed here.
        unsafe { free(p) };
    }
}

#[test]
fn every_alignment_is_met_and_freed_from_inside() {
    let mut id = 0;
    for shift in 5..=22 {
        let align = 1usize << shift;
        let mut blocks = Vec::new();
        for n in [0, 1, 16, 100, 4000, 9000, 70_000] {
            let p = alloc_aligned(align, n).unwrap();
            assert_eq!(p.as_ptr() as usize % align, 0, "align {align} size {n}");
            // SAFETY: `p` is live.
            let u = unsafe { usable_size(p) };
            assert!(u >= n);
            id += 1;
            fill(p, u, id);
            blocks.push((p, u, id));
            // Ordinary blocks of the same classes, in pages that now have aligned ones.
            let q = alloc(n + align - MIN_ALIGN).unwrap();
            id += 1;
            fill(q, n, id);
            blocks.push((q, n, id));
        }
        for (p, u, id) in blocks {
            assert!(holds(p, u, id));
            // SAFETY: each block is live until freed here.
            unsafe { free(p) };
        }
    }
}

#[test]
fn usable_size_fits_the_class() {
    for n in (0..=MAX_SMALL).step_by(5).chain([MAX_SMALL + 1, 1 << 20]) {
        let p = alloc(n).unwrap();
        // SAFETY: `p` is live until freed.
        unsafe {
            let u = usable_size(p);
            assert!(u >= n && u <= n + n / 4 + 4096, "size {n} -> {u}");
            fill(p, u, n);
            assert!(holds(p, u, n));
            free(p);
        }
    }
}

#[test]
fn fresh_blocks_are_zero_and_recycled_ones_are_cleared() {
    for n in [8, 100, 1024, 9000, 60_000, 100_000] {
        let a: Vec<_> = (0..50).map(|_| alloc_zeroed(n).unwrap()).collect();
        for &p in &a {
            assert!(is_zero(p, n));
            fill(p, n, 7);
        }
        // SAFETY: each is freed once.
        a.into_iter().for_each(|p| unsafe { free(p) });
        let b: Vec<_> = (0..50).map(|_| alloc_zeroed(n).unwrap()).collect();
        for &p in &b {
            assert!(is_zero(p, n), "size {n}");
            // SAFETY: freed once.
            unsafe { free(p) };
        }
    }
}

#[test]
fn producer_consumer_frees_cross_threads_and_memory_is_reused() {
    const ROUNDS: usize = 200_000;
    let (tx, rx) = mpsc::sync_channel::<Sent>(1000);
    let (back_tx, back_rx) = mpsc::channel::<Sent>();
    let consumer = std_thread::spawn(move || {
        let mut n = 0;
        for b in rx {
            assert!(holds(b.ptr(), b.len, b.id), "block {} corrupted", b.id);
            if b.id % 7 == 0 {
                // Some go back to the producer, to be freed by their owner.
                back_tx.send(b).unwrap();
            } else {
                // SAFETY: the block is live and now ours alone.
                unsafe { free(b.ptr()) };
            }
            n += 1;
        }
        n
    });
    let mut rng = Rng(77);
    let mut pages = std::collections::HashSet::new();
    for id in 0..ROUNDS {
        let len = match rng.below(10) {
            0 => rng.below(20_000),
            _ => rng.below(512),
        };
        let p = alloc(len).unwrap();
        fill(p, len, id);
        pages.insert(p.as_ptr() as usize >> 16);
        tx.send(Sent { addr: p.as_ptr() as usize, len, id }).unwrap();
        while let Ok(b) = back_rx.try_recv() {
            assert!(holds(b.ptr(), b.len, b.id));
            // SAFETY: the block came back to us.
            unsafe { free(b.ptr()) };
        }
    }
    drop(tx);
    assert_eq!(consumer.join().unwrap(), ROUNDS);
    for b in back_rx {
        // SAFETY: as above.
        unsafe { free(b.ptr()) };
    }
    // At most about a thousand blocks are in flight at once: the remote frees must come
    // back to the producer, or it would have touched far more than this many 64 KiB ranges.
    assert!(pages.len() < 600, "{} distinct 64 KiB ranges", pages.len());
}

#[test]
fn threads_exit_with_live_blocks_that_others_free() {
    let mut all = Vec::new();
    for round in 0..4 {
        let handles: Vec<_> = (0..16)
            .map(|t| {
                std_thread::spawn(move || {
                    let mut rng = Rng(1 + t as u64 * 31 + round);
                    let mut kept = Vec::new();
                    for i in 0..2000 {
                        let len = rng.below(3000);
                        let p = alloc(len).unwrap();
                        let id = (round as usize * 16 + t) * 10_000 + i;
                        fill(p, len, id);
                        if i % 3 == 0 {
                            kept.push(Sent { addr: p.as_ptr() as usize, len, id });
                        } else {
                            // SAFETY: the block is ours.
                            unsafe { free(p) };
                        }
                    }
                    kept
                })
            })
            .collect();
        for h in handles {
            all.extend(h.join().unwrap());
        }
        // Free half of them now, from here, while later threads may be using the heaps of
        // the ended ones.
        for b in all.drain(..all.len() / 2) {
            assert!(holds(b.ptr(), b.len, b.id));
            // SAFETY: the block is live and ours now.
            unsafe { free(b.ptr()) };
        }
    }
    for b in all {
        assert!(holds(b.ptr(), b.len, b.id));
        // SAFETY: as above.
        unsafe { free(b.ptr()) };
    }
}

#[test]
fn freed_pages_go_back_to_the_kernel() {
    // Well beyond what the pool keeps: most of it must be released.
    const N: usize = 8 * segment::DIRTY_MAX / 1000;
    let blocks: Vec<_> = std_thread::spawn(|| {
        let v: Vec<usize> = (0..N)
            .map(|_| {
                let p = alloc(1000).unwrap();
                // SAFETY: the block is live and 1000 bytes long.
                unsafe { p.write_bytes(0x5a, 1000) };
                p.as_ptr() as usize
            })
            .collect();
        for &a in &v {
            // SAFETY: each block is freed once, by its owner.
            unsafe { free(NonNull::new(a as *mut u8).unwrap()) };
        }
        v
    })
    .join()
    .unwrap();
    let mut pages: Vec<usize> = blocks.iter().map(|a| a & !4095).collect();
    pages.dedup();
    let still = pages.iter().filter(|&&pg| resident(pg)).count();
    assert!(still * 4 < pages.len(), "{still} of {} pages still resident", pages.len());
}

#[test]
fn double_free_of_a_lone_block_aborts() {
    crate::must_abort::must_abort(|| {
        let p = alloc(50_000).unwrap();
        crate::must_abort::expect("free of invalid pointer", p);
        // SAFETY: the first free is valid; the second is the error under test.
        unsafe {
            free(p);
            free(p);
        }
    });
}

#[test]
fn foreign_pointer_aborts() {
    crate::must_abort::must_abort(|| {
        let mut buf = [0u128; 4];
        // SAFETY: the header read is within `buf`; the bad kind must stop us first.
        let p = unsafe { NonNull::new_unchecked(buf.as_mut_ptr().add(2).cast()) };
        crate::must_abort::expect("free of invalid pointer", p);
        // SAFETY: as above.
        unsafe { free(p) };
    });
}

#[test]
fn large_blocks_grow_in_place_or_by_remap() {
    let p = alloc(200_000).unwrap();
    fill(p, 200_000, 1);
    // SAFETY: each pointer is used only while live.
    unsafe {
        let q = realloc(p, 5 << 20).unwrap();
        assert!(holds(q, 200_000, 1));
        assert!(usable_size(q) >= 5 << 20);
        let r = realloc(q, 1000).unwrap();
        assert!(holds(r, 1000, 1));
        assert!(is_segment(r.as_ptr() as usize & !(SEGMENT - 1)));
        free(r);
    }
}
