//! limpet's heap as a Rust program's global allocator: every `Vec`, `String` and `Box`
//! below, and std's own allocations (thread stacks' bookkeeping, channel buffers), come
//! from limpet-malloc. Run with `cargo run -p limpet-malloc --example global_alloc`
//! (the default allocator, malloc-hardened), or add `--no-default-features --features
//! malloc-fast` for the thread-caching one.
use std::collections::BTreeMap;
use std::ptr::NonNull;
use std::sync::mpsc;
use std::thread;

#[global_allocator]
static A: limpet_malloc::LimpetAlloc = limpet_malloc::LimpetAlloc;

const THREADS: usize = 4;
const STRINGS: usize = 20_000;

/// What one thread built: how many strings, their bytes, and a checksum of their contents.
struct Report {
    thread: usize,
    strings: usize,
    bytes: usize,
    checksum: u64,
}

fn main() {
    let allocator = if cfg!(feature = "malloc-fast") { "malloc-fast" } else { "malloc-hardened" };
    println!("allocator: limpet-malloc, {allocator}");

    // Each thread allocates strings of many sizes, keeps a map of them, and sends every
    // other one to the main thread, which frees them: frees from a thread other than the
    // one that allocated.
    let (tx, rx) = mpsc::channel::<String>();
    let workers: Vec<_> = (0..THREADS)
        .map(|t| {
            let tx = tx.clone();
            thread::spawn(move || {
                let mut kept = BTreeMap::new();
                let (mut bytes, mut checksum) = (0, 0u64);
                for i in 0..STRINGS {
                    let s = format!("{t}:{i}:{}", "x".repeat(i % 300));
                    bytes += s.len();
                    checksum = s.bytes().fold(checksum, |h, b| h.wrapping_mul(31).wrapping_add(b as u64));
                    if i % 2 == 0 {
                        tx.send(s).unwrap();
                    } else {
                        kept.insert(i, s);
                    }
                }
                // A large block (a mapping of its own), grown past its first size.
                let mut big: Vec<u64> = (0..100_000).collect();
                big.extend(0..100_000);
                assert_eq!(big.iter().sum::<u64>(), 2 * (99_999 * 100_000 / 2));
                assert_eq!(kept.len(), STRINGS / 2);
                Report { thread: t, strings: STRINGS, bytes, checksum }
            })
        })
        .collect();
    drop(tx);
    let received: usize = rx.into_iter().map(|s| s.len()).sum();
    let mut total = 0;
    for w in workers {
        let r = w.join().unwrap();
        total += r.bytes;
        println!("thread {}: {} strings, {} bytes, checksum {:016x}", r.thread, r.strings, r.bytes, r.checksum);
    }
    println!("main thread freed {received} bytes of strings other threads allocated; {total} bytes in all");

    // A Box's block is a limpet block: the heap can say how big it is (malloc-hardened: the
    // size asked for; malloc-fast: the size class, 16 bytes here).
    let b = Box::new([7u8; 5]);
    // SAFETY: `b` is a live block from this allocator (the global one), not yet freed.
    let usable = unsafe { limpet_malloc::heap::usable_size(NonNull::from(&*b).cast()) };
    println!("Box<[u8; 5]>: usable size {usable}");
}
