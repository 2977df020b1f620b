//! The whole test binary runs on [`LimpetAlloc`]: std's collections, strings and threads
//! exercise it with their own mix of sizes, alignments and reallocations.
use std::collections::{BTreeMap, HashMap};
use std::thread;

use limpet_malloc::LimpetAlloc;

#[global_allocator]
static GLOBAL: LimpetAlloc = LimpetAlloc;

#[test]
fn boxes_come_from_limpet() {
    let b = Box::new([7u8; 100]);
    // SAFETY: the box is live; were it not one of ours, the header check would stop the test.
    let u = unsafe { limpet_malloc::heap::usable_size(std::ptr::NonNull::from(&*b).cast()) };
    assert!(u >= 100);
}

#[test]
fn collections_grow_and_shrink() {
    let mut v: Vec<u64> = Vec::new();
    for i in 0..1_000_000u64 {
        v.push(i * 3);
    }
    assert!(v.iter().enumerate().all(|(i, &x)| x == i as u64 * 3));
    v.truncate(10);
    v.shrink_to_fit();
    assert_eq!(v, (0..10).map(|i| i * 3).collect::<Vec<_>>());

    let mut m: HashMap<String, Vec<u8>> = HashMap::new();
    for i in 0..20_000 {
        m.insert(format!("key-{i}"), vec![i as u8; i % 700]);
    }
    for i in (0..20_000).step_by(2) {
        m.remove(&format!("key-{i}"));
    }
    for i in (1..20_000).step_by(2) {
        assert_eq!(m[&format!("key-{i}")], vec![i as u8; i % 700]);
    }
}

#[repr(align(4096))]
struct Page([u8; 4096]);

#[test]
fn over_aligned_boxes() {
    let pages: Vec<Box<Page>> = (0..64).map(|i| Box::new(Page([i as u8; 4096]))).collect();
    for (i, p) in pages.iter().enumerate() {
        assert_eq!(&**p as *const Page as usize % 4096, 0);
        assert!(p.0.iter().all(|&b| b == i as u8));
    }
}

#[test]
fn threads_share_the_heap() {
    let handles: Vec<_> = (0..4)
        .map(|t| {
            thread::spawn(move || {
                let mut tree = BTreeMap::new();
                for i in 0..50_000u32 {
                    tree.insert(i.wrapping_mul(2_654_435_761) ^ t, i.to_string());
                }
                tree
            })
        })
        .collect();
    // Each tree is dropped on this thread, freeing what the others allocated.
    for (t, h) in handles.into_iter().enumerate() {
        let tree = h.join().unwrap();
        assert_eq!(tree.len(), 50_000);
        assert_eq!(tree[&(7u32.wrapping_mul(2_654_435_761) ^ t as u32)], "7");
    }
}
