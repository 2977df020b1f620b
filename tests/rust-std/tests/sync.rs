//! std::sync: locks under contention, condition variables with timeouts,
//! one-time initialisation, barriers, channels, atomics and reference counts.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError, TryRecvError, TrySendError};
use std::sync::{
    Arc, Barrier, Condvar, LazyLock, Mutex, Once, OnceLock, RwLock, TryLockError, Weak,
};
use std::thread;
use std::time::{Duration, Instant};

#[test]
fn mutex_contention_counts_exactly() {
    const THREADS: usize = 8;
    const ITERS: usize = 20_000;
    let m = Arc::new(Mutex::new((0u64, Vec::<usize>::new())));
    let hs: Vec<_> = (0..THREADS)
        .map(|t| {
            let m = m.clone();
            thread::spawn(move || {
                for i in 0..ITERS {
                    let mut g = m.lock().unwrap();
                    // A non-atomic read-modify-write: torn updates would show.
                    let v = g.0;
                    g.0 = v + 1;
                    if i % 5000 == 0 {
                        g.1.push(t);
                    }
                }
            })
        })
        .collect();
    for h in hs {
        h.join().unwrap();
    }
    let g = m.lock().unwrap();
    assert_eq!(g.0, (THREADS * ITERS) as u64);
    assert_eq!(g.1.len(), THREADS * ITERS / 5000);
}

#[test]
fn mutex_try_lock_and_poisoning() {
    let m = Arc::new(Mutex::new(1));
    {
        let _g = m.lock().unwrap();
        let m2 = m.clone();
        let r = thread::spawn(move || matches!(m2.try_lock(), Err(TryLockError::WouldBlock)))
            .join()
            .unwrap();
        assert!(r, "try_lock from another thread while held");
    }
    assert_eq!(*m.try_lock().unwrap(), 1);

    let m2 = m.clone();
    let r = thread::spawn(move || {
        let mut g = m2.lock().unwrap();
        *g = 2;
        panic!("poison it");
    })
    .join();
    assert!(r.is_err());
    assert!(m.is_poisoned());
    let err = m.lock().unwrap_err();
    assert_eq!(**err.get_ref(), 2);
    drop(err); // it holds the guard
    m.clear_poison();
    assert_eq!(*m.lock().unwrap(), 2);
}

#[test]
fn condvar_wait_and_notify() {
    let pair = Arc::new((Mutex::new(Vec::<u32>::new()), Condvar::new()));
    let p2 = pair.clone();
    let producer = thread::spawn(move || {
        for i in 0..100 {
            let (m, cv) = &*p2;
            m.lock().unwrap().push(i);
            cv.notify_one();
            if i % 10 == 0 {
                thread::yield_now();
            }
        }
    });
    let (m, cv) = &*pair;
    let mut got = Vec::new();
    while got.len() < 100 {
        let mut q = cv.wait_while(m.lock().unwrap(), |q| q.is_empty()).unwrap();
        got.append(&mut q);
    }
    producer.join().unwrap();
    assert_eq!(got, (0..100).collect::<Vec<_>>());
}

#[test]
fn condvar_notify_all_wakes_every_waiter() {
    let state = Arc::new((Mutex::new((false, 0usize)), Condvar::new()));
    let hs: Vec<_> = (0..6)
        .map(|_| {
            let s = state.clone();
            thread::spawn(move || {
                let (m, cv) = &*s;
                let mut g = m.lock().unwrap();
                g.1 += 1;
                cv.notify_all(); // tell the main thread we are waiting
                while !g.0 {
                    g = cv.wait(g).unwrap();
                }
            })
        })
        .collect();
    let (m, cv) = &*state;
    let mut g = cv.wait_while(m.lock().unwrap(), |g| g.1 < 6).unwrap();
    g.0 = true;
    drop(g);
    cv.notify_all();
    for h in hs {
        h.join().unwrap();
    }
}

#[test]
fn condvar_wait_timeout_times_out() {
    let m = Mutex::new(());
    let cv = Condvar::new();
    let start = Instant::now();
    let (g, res) = cv
        .wait_timeout(m.lock().unwrap(), Duration::from_millis(40))
        .unwrap();
    let took = start.elapsed();
    assert!(res.timed_out());
    assert!(took >= Duration::from_millis(40), "woke after {took:?}");
    assert!(took < Duration::from_secs(2), "woke after {took:?}");
    drop(g);

    // wait_timeout_while with a predicate that never becomes false.
    let start = Instant::now();
    let (g, res) = cv
        .wait_timeout_while(m.lock().unwrap(), Duration::from_millis(25), |_| true)
        .unwrap();
    assert!(res.timed_out());
    assert!(start.elapsed() >= Duration::from_millis(25));
    drop(g);

    // A notify before the timeout: no timeout reported.
    let pair = Arc::new((Mutex::new(false), Condvar::new()));
    let p2 = pair.clone();
    let t = thread::spawn(move || {
        thread::sleep(Duration::from_millis(10));
        *p2.0.lock().unwrap() = true;
        p2.1.notify_one();
    });
    let (g, res) = pair
        .1
        .wait_timeout_while(pair.0.lock().unwrap(), Duration::from_secs(5), |ready| {
            !*ready
        })
        .unwrap();
    assert!(!res.timed_out());
    assert!(*g);
    drop(g);
    t.join().unwrap();

    // A huge timeout neither overflows into an immediate time-out nor
    // fails: the wait ends by the notification.
    let pair = Arc::new((Mutex::new(false), Condvar::new()));
    let p2 = pair.clone();
    let t = thread::spawn(move || {
        thread::sleep(Duration::from_millis(10));
        *p2.0.lock().unwrap() = true;
        p2.1.notify_all();
    });
    let (g, res) = pair
        .1
        .wait_timeout_while(
            pair.0.lock().unwrap(),
            Duration::from_secs(u64::MAX),
            |ready| !*ready,
        )
        .unwrap();
    assert!(!res.timed_out());
    assert!(*g);
    drop(g);
    t.join().unwrap();
}

#[test]
fn rwlock_readers_share_writers_exclude() {
    let lock = Arc::new(RwLock::new(0u64));
    {
        let r1 = lock.read().unwrap();
        let l2 = lock.clone();
        let (second_read, write_blocked) = thread::spawn(move || {
            let ok = l2.try_read().map(|g| *g).ok();
            let blocked = matches!(l2.try_write(), Err(TryLockError::WouldBlock));
            (ok, blocked)
        })
        .join()
        .unwrap();
        assert_eq!(second_read, Some(0), "a second reader gets in");
        assert!(write_blocked, "a writer is kept out while reading");
        drop(r1);
    }

    // Many readers and a few writers; readers never see a torn pair.
    let pair = Arc::new(RwLock::new((0u64, 0u64)));
    let stop = Arc::new(AtomicBool::new(false));
    let readers: Vec<_> = (0..4)
        .map(|_| {
            let p = pair.clone();
            let stop = stop.clone();
            thread::spawn(move || {
                let mut reads = 0u64;
                while !stop.load(Ordering::Relaxed) || reads == 0 {
                    let g = p.read().unwrap();
                    assert_eq!(g.0 * 3, g.1, "torn read");
                    reads += 1;
                }
                reads
            })
        })
        .collect();
    let writers: Vec<_> = (0..2)
        .map(|_| {
            let p = pair.clone();
            thread::spawn(move || {
                for _ in 0..5000 {
                    let mut g = p.write().unwrap();
                    g.0 += 1;
                    g.1 += 3;
                }
            })
        })
        .collect();
    for w in writers {
        w.join().unwrap();
    }
    stop.store(true, Ordering::Relaxed);
    for r in readers {
        assert!(r.join().unwrap() > 0);
    }
    assert_eq!(*pair.read().unwrap(), (10_000, 30_000));
}

#[test]
fn once_oncelock_lazylock_initialise_once() {
    static ONCE: Once = Once::new();
    static RUNS: AtomicUsize = AtomicUsize::new(0);
    static CELL: OnceLock<String> = OnceLock::new();
    static CELL_INITS: AtomicUsize = AtomicUsize::new(0);
    static LAZY_INITS: AtomicUsize = AtomicUsize::new(0);
    static LAZY: LazyLock<Vec<u32>> = LazyLock::new(|| {
        LAZY_INITS.fetch_add(1, Ordering::SeqCst);
        thread::sleep(Duration::from_millis(5));
        (1..=10).collect()
    });

    let barrier = Arc::new(Barrier::new(8));
    let hs: Vec<_> = (0..8)
        .map(|i| {
            let b = barrier.clone();
            thread::spawn(move || {
                b.wait();
                ONCE.call_once(|| {
                    RUNS.fetch_add(1, Ordering::SeqCst);
                    thread::sleep(Duration::from_millis(5));
                });
                assert!(ONCE.is_completed());
                let v = CELL.get_or_init(|| {
                    CELL_INITS.fetch_add(1, Ordering::SeqCst);
                    format!("init by {i}")
                });
                assert!(v.starts_with("init by "));
                LAZY.iter().sum::<u32>()
            })
        })
        .collect();
    for h in hs {
        assert_eq!(h.join().unwrap(), 55);
    }
    assert_eq!(RUNS.load(Ordering::SeqCst), 1);
    assert_eq!(CELL_INITS.load(Ordering::SeqCst), 1);
    assert_eq!(LAZY_INITS.load(Ordering::SeqCst), 1);
    assert!(CELL.set("again".into()).is_err());

    // A panicking Once initialiser poisons it.
    let once = Once::new();
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        once.call_once(|| panic!("init failed"))
    }));
    assert!(r.is_err());
    let mut saw_poison = false;
    once.call_once_force(|st| saw_poison = st.is_poisoned());
    assert!(saw_poison);
    assert!(once.is_completed());
}

#[test]
fn barrier_releases_all_with_one_leader() {
    const N: usize = 7;
    let barrier = Arc::new(Barrier::new(N));
    let phase = Arc::new(AtomicUsize::new(0));
    let hs: Vec<_> = (0..N)
        .map(|_| {
            let b = barrier.clone();
            let phase = phase.clone();
            thread::spawn(move || {
                let mut leaders = 0;
                for round in 0..20 {
                    phase.fetch_add(1, Ordering::SeqCst);
                    if b.wait().is_leader() {
                        leaders += 1;
                    }
                    // Everyone arrived before anyone left.
                    assert!(phase.load(Ordering::SeqCst) >= (round + 1) * N);
                    b.wait();
                }
                leaders
            })
        })
        .collect();
    let total_leaders: usize = hs.into_iter().map(|h| h.join().unwrap()).sum();
    assert_eq!(total_leaders, 20, "exactly one leader per round");
}

#[test]
fn mpsc_channel_multiple_producers() {
    let (tx, rx) = mpsc::channel::<(usize, usize)>();
    let hs: Vec<_> = (0..4)
        .map(|p| {
            let tx = tx.clone();
            thread::spawn(move || {
                for i in 0..1000 {
                    tx.send((p, i)).unwrap();
                }
            })
        })
        .collect();
    drop(tx);
    let mut last = [None::<usize>; 4];
    let mut count = 0;
    for (p, i) in rx.iter() {
        // Per-producer order is preserved.
        assert_eq!(last[p].map_or(0, |l| l + 1), i);
        last[p] = Some(i);
        count += 1;
    }
    assert_eq!(count, 4000);
    for h in hs {
        h.join().unwrap();
    }
    assert_eq!(rx.try_recv(), Err(TryRecvError::Disconnected));

    let (tx, rx) = mpsc::channel::<u8>();
    let start = Instant::now();
    assert_eq!(
        rx.recv_timeout(Duration::from_millis(30)),
        Err(RecvTimeoutError::Timeout)
    );
    assert!(start.elapsed() >= Duration::from_millis(30));
    drop(rx);
    assert_eq!(tx.send(1).unwrap_err().0, 1);
}

#[test]
fn sync_channel_bounded_and_rendezvous() {
    let (tx, rx) = mpsc::sync_channel::<u32>(2);
    tx.try_send(1).unwrap();
    tx.try_send(2).unwrap();
    assert_eq!(tx.try_send(3), Err(TrySendError::Full(3)));
    assert_eq!(rx.recv().unwrap(), 1);
    tx.try_send(3).unwrap();
    assert_eq!(rx.iter().take(2).collect::<Vec<_>>(), vec![2, 3]);

    // A sender blocked on a full channel resumes when space frees up.
    let (tx, rx) = mpsc::sync_channel::<u32>(1);
    let sent = Arc::new(AtomicUsize::new(0));
    let s2 = sent.clone();
    let t = thread::spawn(move || {
        for i in 0..5 {
            tx.send(i).unwrap();
            s2.store(i as usize + 1, Ordering::SeqCst);
        }
    });
    thread::sleep(Duration::from_millis(20));
    assert!(
        sent.load(Ordering::SeqCst) <= 2,
        "sender must block on a full buffer"
    );
    assert_eq!(rx.iter().collect::<Vec<_>>(), vec![0, 1, 2, 3, 4]);
    t.join().unwrap();

    // Rendezvous: send(…) on a zero-capacity channel completes only when
    // the receiver takes the value.
    let (tx, rx) = mpsc::sync_channel::<&'static str>(0);
    assert_eq!(
        tx.try_send("nobody waiting"),
        Err(TrySendError::Full("nobody waiting"))
    );
    let received = Arc::new(AtomicBool::new(false));
    let r2 = received.clone();
    let t = thread::spawn(move || {
        thread::sleep(Duration::from_millis(20));
        r2.store(true, Ordering::SeqCst);
        rx.recv().unwrap()
    });
    tx.send("handed over").unwrap();
    assert!(
        received.load(Ordering::SeqCst),
        "send returned before the receiver was there"
    );
    assert_eq!(t.join().unwrap(), "handed over");
    assert!(matches!(
        tx.try_send("x"),
        Err(TrySendError::Disconnected(_))
    ));
}

#[test]
fn atomics_across_threads() {
    let counter = Arc::new(AtomicU64::new(0));
    let max_seen = Arc::new(AtomicU64::new(0));
    let hs: Vec<_> = (0..6)
        .map(|t| {
            let c = counter.clone();
            let m = max_seen.clone();
            thread::spawn(move || {
                for i in 0..10_000u64 {
                    let prev = c.fetch_add(1, Ordering::Relaxed);
                    m.fetch_max(prev, Ordering::Relaxed);
                    if i == 0 {
                        // A compare_exchange_weak loop (retrying on spurious failure).
                        let mut cur = m.load(Ordering::Relaxed);
                        while let Err(actual) = m.compare_exchange_weak(
                            cur,
                            cur.max(t),
                            Ordering::SeqCst,
                            Ordering::Relaxed,
                        ) {
                            cur = actual;
                        }
                    }
                }
            })
        })
        .collect();
    for h in hs {
        h.join().unwrap();
    }
    assert_eq!(counter.load(Ordering::SeqCst), 60_000);
    assert_eq!(max_seen.load(Ordering::SeqCst), 59_999);

    // A spin lock built from compare_exchange protects a plain counter.
    struct Spin {
        locked: AtomicBool,
        value: std::cell::UnsafeCell<u64>,
    }
    unsafe impl Sync for Spin {}
    let s = Arc::new(Spin {
        locked: AtomicBool::new(false),
        value: 0.into(),
    });
    let hs: Vec<_> = (0..4)
        .map(|_| {
            let s = s.clone();
            thread::spawn(move || {
                for _ in 0..5000 {
                    while s
                        .locked
                        .compare_exchange(false, true, Ordering::Acquire, Ordering::Relaxed)
                        .is_err()
                    {
                        std::hint::spin_loop();
                    }
                    unsafe { *s.value.get() += 1 };
                    s.locked.store(false, Ordering::Release);
                }
            })
        })
        .collect();
    for h in hs {
        h.join().unwrap();
    }
    assert_eq!(unsafe { *s.value.get() }, 20_000);
}

#[test]
fn arc_strong_and_weak_counts() {
    let a = Arc::new(String::from("shared"));
    assert_eq!(Arc::strong_count(&a), 1);
    let w: Weak<String> = Arc::downgrade(&a);
    assert_eq!(Arc::weak_count(&a), 1);
    let clones: Vec<_> = (0..10).map(|_| a.clone()).collect();
    assert_eq!(Arc::strong_count(&a), 11);
    let hs: Vec<_> = clones
        .into_iter()
        .map(|c| thread::spawn(move || c.len()))
        .collect();
    for h in hs {
        assert_eq!(h.join().unwrap(), 6);
    }
    assert_eq!(Arc::strong_count(&a), 1);
    assert_eq!(w.upgrade().as_deref().map(String::as_str), Some("shared"));
    let inner = Arc::try_unwrap(a).unwrap();
    assert_eq!(inner, "shared");
    assert!(w.upgrade().is_none());
    assert_eq!(w.strong_count(), 0);
}
