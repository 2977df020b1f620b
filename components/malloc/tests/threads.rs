//! Four threads allocating, resizing and freeing at once, with most blocks freed by a
//! different thread from the one that allocated them.
use std::ffi::c_void;
use std::sync::mpsc;
use std::thread;

use limpet_malloc::{aligned_alloc, calloc, free, malloc, malloc_usable_size, realloc};

const THREADS: usize = 4;
const ROUNDS: usize = 40_000;

fn pattern(id: usize, i: usize) -> u8 {
    (id.wrapping_mul(0x9e37_79b9) ^ i.wrapping_mul(31)) as u8
}

/// A block in flight between threads: raw pointers are not `Send`, so it travels as an address.
struct Owned {
    addr: usize,
    len: usize,
    id: usize,
}

impl Owned {
    fn fill(&self) {
        // SAFETY: the block is live, at least `len` bytes, and owned by this thread.
        let s = unsafe { std::slice::from_raw_parts_mut(self.addr as *mut u8, self.len) };
        s.iter_mut().enumerate().for_each(|(i, b)| *b = pattern(self.id, i));
    }

    fn check(&self) {
        // SAFETY: as for fill.
        let s = unsafe { std::slice::from_raw_parts(self.addr as *const u8, self.len) };
        assert!(s.iter().enumerate().all(|(i, &b)| b == pattern(self.id, i)), "block {} corrupted", self.id);
    }

    fn ptr(&self) -> *mut c_void {
        self.addr as *mut c_void
    }
}

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn worker(t: usize, to_next: mpsc::Sender<Owned>, from_prev: mpsc::Receiver<Owned>) {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ ((t as u64 + 1) * 0x1234_5678));
    let mut mine: Vec<Owned> = Vec::new();
    for round in 0..ROUNDS {
        let id = round * THREADS + t;
        // Take over and free whatever the previous thread sent.
        while let Ok(b) = from_prev.try_recv() {
            b.check();
            // SAFETY: the block is live and now ours alone.
            unsafe { free(b.ptr()) };
        }
        match rng.below(10) {
            0..=3 => {
                let len = match rng.below(20) {
                    0 => rng.below(200_000),
                    1..=5 => rng.below(5000),
                    _ => rng.below(200),
                };
                let p = match rng.below(4) {
                    0 => calloc(1, len),
                    1 => aligned_alloc(16 << rng.below(8), len),
                    _ => malloc(len),
                };
                assert!(!p.is_null());
                // SAFETY: `p` is live.
                assert!(unsafe { malloc_usable_size(p) } >= len);
                let b = Owned { addr: p as usize, len, id };
                b.fill();
                mine.push(b);
            }
            4..=5 if !mine.is_empty() => {
                let b = mine.swap_remove(rng.below(mine.len()));
                b.check();
                to_next.send(b).unwrap();
            }
            6 if !mine.is_empty() => {
                let b = mine.swap_remove(rng.below(mine.len()));
                b.check();
                // SAFETY: the block is live and ours.
                unsafe { free(b.ptr()) };
            }
            7 if !mine.is_empty() => {
                let i = rng.below(mine.len());
                let max = if rng.below(10) == 0 { 300_000 } else { 3000 };
                let len = rng.below(max);
                mine[i].check();
                // SAFETY: the block is live and ours; only the new pointer is used afterwards.
                let q = unsafe { realloc(mine[i].ptr(), len) };
                assert!(!q.is_null());
                let kept = Owned { addr: q as usize, len: mine[i].len.min(len), id: mine[i].id };
                kept.check();
                mine[i] = Owned { addr: q as usize, len, id };
                mine[i].fill();
            }
            _ => {}
        }
        if mine.len() > 300 {
            let b = mine.swap_remove(0);
            to_next.send(b).unwrap();
        }
    }
    for b in mine {
        b.check();
        to_next.send(b).unwrap();
    }
    drop(to_next);
    // Drain until the previous thread hangs up.
    for b in from_prev {
        b.check();
        // SAFETY: as above.
        unsafe { free(b.ptr()) };
    }
}

#[test]
fn four_threads_with_cross_thread_frees() {
    let (senders, receivers): (Vec<_>, Vec<_>) = (0..THREADS).map(|_| mpsc::channel::<Owned>()).unzip();
    let mut receivers: Vec<Option<_>> = receivers.into_iter().map(Some).collect();
    let handles: Vec<_> = (0..THREADS)
        .map(|t| {
            // Thread t sends to t+1 and receives from t-1.
            let to_next = senders[(t + 1) % THREADS].clone();
            let from_prev = receivers[t].take().unwrap();
            thread::spawn(move || worker(t, to_next, from_prev))
        })
        .collect();
    drop(senders);
    for h in handles {
        h.join().unwrap();
    }
}
