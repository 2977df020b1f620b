//! Tests of the hardened allocator through its Rust API, and of its internals on a private
//! heap (the global one is shared by the tests running in parallel).
use super::class::{HDR, MAX_SMALL, NUM_CLASSES, class_of, group_pages, group_slots, stride};
use limpet_abi::limits::PAGESIZE;
use super::state::Heap;
use super::meta::{NONE, State};
use super::*;
use crate::testutil::{Rng, fill, holds, is_zero, resident};

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
                let zero = rng.below(4) == 0;
                let p = if zero { alloc_zeroed(n) } else { alloc(n) }.unwrap();
                assert_eq!(p.as_ptr() as usize % MIN_ALIGN, 0);
                assert!(!zero || is_zero(p, n), "calloc of {n}");
                // SAFETY: `p` is live.
                assert_eq!(unsafe { usable_size(p) }, n);
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
                    3 => n / 2,
                    _ => rng.below(5000),
                };
                assert!(holds(p, n, old));
                // SAFETY: `p` is live; afterwards only `q` is used.
                let q = unsafe { realloc(p, m) }.unwrap();
                assert!(holds(q, n.min(m), old), "{n} -> {m}");
                // SAFETY: `q` is live.
                assert_eq!(unsafe { usable_size(q) }, m);
                fill(q, m, id);
                live[i] = (q, m, id);
            }
            _ if !live.is_empty() => {
                let (p, n, id) = live.swap_remove(rng.below(live.len()));
                assert!(holds(p, n, id), "block {id} of {n} bytes was overwritten");
                // SAFETY: `p` is live.
                unsafe { free(p) };
            }
            _ => {}
        }
    }
    for (p, n, id) in live {
        assert!(holds(p, n, id));
        // SAFETY: `p` is live.
        unsafe { free(p) };
    }
}

#[test]
fn every_alignment_and_size_is_met_and_freed() {
    let mut id = 0;
    for shift in 4..=22 {
        let align = 1usize << shift;
        for n in [0, 1, 15, 16, 17, 100, align - 8, align, 3 * align / 2, 5000, 70_000] {
            let p = alloc_aligned(align, n).unwrap();
            assert_eq!(p.as_ptr() as usize % align, 0, "align {align} size {n}");
            // SAFETY: `p` is live until freed.
            unsafe {
                assert_eq!(usable_size(p), n);
                id += 1;
                fill(p, n, id);
                let q = alloc_aligned(align, 24).unwrap();
                assert!(holds(p, n, id));
                free(q);
                free(p);
            }
        }
    }
}

#[test]
fn aligned_blocks_resize_and_keep_contents() {
    for shift in 5..=13 {
        let p = alloc_aligned(1 << shift, 300).unwrap();
        fill(p, 300, shift);
        // SAFETY: each pointer is used only while live.
        unsafe {
            let q = realloc(p, 310).unwrap();
            assert!(holds(q, 300, shift));
            let r = realloc(q, 100_000).unwrap();
            assert!(holds(r, 300, shift));
            let s = realloc(r, 40).unwrap();
            assert!(holds(s, 40, shift));
            free(s);
        }
    }
}

#[test]
fn every_class_boundary_fills_groups_cleanly() {
    for c in 0..NUM_CLASSES {
        let top = stride(c) - HDR;
        for n in [top, top + 1, top.saturating_sub(1)] {
            if n > MAX_SMALL {
                continue;
            }
            // Two groups' worth and one more, so slots meet their neighbours and groups fill.
            let count = 2 * group_slots(c) + 1;
            let blocks: Vec<_> = (0..count)
                .map(|i| {
                    let p = alloc(n).unwrap();
                    fill(p, n, i + n);
                    p
                })
                .collect();
            for (i, &p) in blocks.iter().enumerate() {
                assert!(holds(p, n, i + n), "class {c} size {n}");
                // SAFETY: `p` is live.
                unsafe {
                    assert_eq!(usable_size(p), n);
                    free(p);
                }
            }
        }
    }
}

#[test]
fn large_blocks_resize_in_place_and_cross_to_slots() {
    let p = alloc(MAX_SMALL + 1).unwrap();
    fill(p, MAX_SMALL + 1, 1);
    // SAFETY: each pointer is used only while live.
    unsafe {
        let q = realloc(p, 1 << 22).unwrap();
        assert!(holds(q, MAX_SMALL + 1, 1));
        assert_eq!(usable_size(q), 1 << 22);
        fill(q, 1 << 22, 2);
        let r = realloc(q, (1 << 22) - 100).unwrap();
        assert!(holds(r, (1 << 22) - 100, 2));
        let s = realloc(r, 1000).unwrap();
        assert!(holds(s, 1000, 2));
        let t = realloc(s, 200_000).unwrap();
        assert!(holds(t, 1000, 2));
        assert!(realloc(t, usize::MAX - 4096).is_none());
        assert!(realloc(t, isize::MAX as usize).is_none());
        assert!(holds(t, 1000, 2));
        free(t);
    }
    assert!(alloc(usize::MAX).is_none());
    assert!(alloc(isize::MAX as usize).is_none());
    assert!(alloc_aligned(1 << 62, 10).is_none());
}

#[test]
fn small_realloc_stays_while_it_fits() {
    let p = alloc(100).unwrap();
    fill(p, 100, 3);
    // SAFETY: each pointer is used only while live.
    unsafe {
        // 100 bytes sit in a 112-byte slot: up to 104 stays put.
        assert_eq!(realloc(p, 104), Some(p));
        assert_eq!(usable_size(p), 104);
        let q = realloc(p, 105).unwrap();
        assert_ne!(q, p);
        assert!(holds(q, 100, 3));
        let r = realloc(q, 10).unwrap();
        assert_ne!(r, q);
        assert!(holds(r, 10, 3));
        free(r);
    }
}

#[test]
fn calloc_memory_is_zero_fresh_or_recycled() {
    for n in [1, 24, 100, 1000, 4000, 60_000, 100_000] {
        let ps: Vec<_> = (0..20).map(|_| alloc(n).unwrap()).collect();
        for &p in &ps {
            fill(p, n, 9);
            // SAFETY: `p` is live.
            unsafe { free(p) };
        }
        let qs: Vec<_> = (0..20).map(|_| alloc_zeroed(n).unwrap()).collect();
        for &q in &qs {
            assert!(is_zero(q, n), "size {n}");
            // SAFETY: `q` is live.
            unsafe { free(q) };
        }
    }
}

#[test]
fn empty_groups_go_back_to_the_kernel() {
    let mut h = Box::new(Heap::new());
    // 4000 bytes take a 4080-byte slot, one per one-page group.
    let n = 4000;
    assert_eq!((group_pages(class_of(n)), group_slots(class_of(n))), (1, 1));
    let ps: Vec<usize> = (0..64).map(|_| h.alloc(n).unwrap().ptr.as_ptr() as usize).collect();
    for &p in &ps {
        // SAFETY: the slot is ours.
        unsafe { (p as *mut u8).write_bytes(0x5a, n) };
        assert!(resident(p));
    }
    for &p in &ps {
        // SAFETY: each block is freed once.
        unsafe { h.free(p) };
    }
    // All but the class's last group are released: their pages leave memory and wait on
    // the one-page run list.
    let gone = ps.iter().filter(|&&p| !resident(p)).count();
    assert_eq!(gone, 63);
    let mut runs = 0;
    let mut i = h.runs[1];
    while i != NONE {
        // SAFETY: metas on a run list exist.
        let m = unsafe { &*h.meta(i) };
        assert_eq!(m.state, State::Run);
        runs += 1;
        i = m.next;
    }
    assert!(runs >= 63);
    // The kept group comes first, dirty; then released pages, which read as zero, and a
    // calloc-style request knows it.
    let kept = h.alloc(n).unwrap();
    assert!(!kept.zeroed);
    let b = h.alloc(n).unwrap();
    assert!(b.zeroed && is_zero(b.ptr, n));
    // SAFETY: the blocks are live.
    unsafe {
        h.free(b.ptr.as_ptr() as usize);
        h.free(kept.ptr.as_ptr() as usize);
    }
}

#[test]
fn released_runs_are_reused_whole_or_split() {
    let mut h = Box::new(Heap::new());
    // 45,000 bytes take a slot of their own in an 11-page group.
    assert_eq!((group_pages(class_of(45_000)), group_slots(class_of(45_000))), (11, 1));
    let big: Vec<usize> = (0..40).map(|_| h.alloc(45_000).unwrap().ptr.as_ptr() as usize).collect();
    for &p in &big {
        // SAFETY: each block is freed once.
        unsafe { h.free(p) };
    }
    let metas = h.metas;
    let again: Vec<usize> = (0..39).map(|_| h.alloc(45_000).unwrap().ptr.as_ptr() as usize).collect();
    assert!(again.iter().all(|p| big.contains(p)));
    assert_eq!(h.metas, metas);
    for &p in &again {
        // SAFETY: each block is freed once.
        unsafe { h.free(p) };
    }
    // With the region used up, one-page groups come from released runs, split: no new
    // region is mapped.
    h.bump = h.bump_end;
    let end = h.bump_end;
    let small: Vec<usize> = (0..2000).map(|_| h.alloc(16).unwrap().ptr.as_ptr() as usize).collect();
    assert_eq!((h.bump, h.bump_end), (end, end));
    assert!(h.metas <= metas + 16);
    for &p in &small {
        // SAFETY: each block is freed once.
        unsafe { h.free(p) };
    }
}

#[test]
fn freed_large_blocks_leave_a_page_for_groups() {
    let mut h = Box::new(Heap::new());
    let p = h.alloc(300_000).unwrap().ptr.as_ptr() as usize;
    let base = p - 16;
    // SAFETY: the block is live; afterwards its first page is a run.
    unsafe {
        (p as *mut u8).write_bytes(1, 300_000);
        h.free(p);
    }
    assert_eq!(h.kept, 1);
    assert!(!resident(base));
    // SAFETY: the first page is still mapped, and reads as zero.
    assert_eq!(unsafe { (p as *const u64).sub(1).read() }, 0);
    // A one-page group takes it.
    let q = h.alloc(16).unwrap().ptr.as_ptr() as usize;
    assert_eq!(q, p);
    assert_eq!(h.kept, 0);
    // SAFETY: the block is live.
    unsafe { h.free(q) };
}

#[test]
fn kept_first_pages_are_bounded() {
    let mut h = Box::new(Heap::new());
    let ps: Vec<usize> = (0..super::pages::MAX_KEPT + 50).map(|_| h.alloc(70_000).unwrap().ptr.as_ptr() as usize).collect();
    for &p in &ps {
        // SAFETY: each block is freed once.
        unsafe { h.free(p) };
    }
    assert_eq!(h.kept, super::pages::MAX_KEPT);
    // The oldest were unmapped, metas and all; the newest are kept.
    assert!(h.spare != NONE);
    let read = |p: usize| {
        let mut v = 0u8;
        // SAFETY: mincore only reports on the page; ENOMEM means it is not mapped.
        unsafe { limpet_syscall::syscall3(limpet_syscall::nr::MINCORE, p & !(PAGESIZE - 1), PAGESIZE, &raw mut v as usize) }
    };
    assert_ne!(read(ps[0]), 0);
    assert_eq!(read(ps[ps.len() - 1]), 0);
}

#[test]
fn threads_share_the_heap() {
    let handles: Vec<_> = (0..4)
        .map(|t| {
            std::thread::spawn(move || {
                let mut rng = Rng(t as u64 * 7919 + 1);
                let mut live = Vec::new();
                for id in 0..20_000 {
                    if live.len() < 200 && rng.below(2) == 0 {
                        let n = rng.below(3000);
                        let p = alloc(n).unwrap();
                        fill(p, n, id);
                        live.push((p.as_ptr() as usize, n, id));
                    } else if let Some((p, n, id)) = live.pop() {
                        let p = NonNull::new(p as *mut u8).unwrap();
                        assert!(holds(p, n, id));
                        // SAFETY: `p` is live.
                        unsafe { free(p) };
                    }
                }
                for (p, n, id) in live {
                    let p = NonNull::new(p as *mut u8).unwrap();
                    assert!(holds(p, n, id));
                    // SAFETY: `p` is live.
                    unsafe { free(p) };
                }
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }
}

#[test]
fn fork_lock_pair_leaves_heap_usable() {
    lock_for_fork();
    // SAFETY: paired with the call above, in this thread.
    unsafe { unlock_after_fork() };
    let p = alloc(10).unwrap();
    // SAFETY: `p` is live.
    unsafe { free(p) };
}
