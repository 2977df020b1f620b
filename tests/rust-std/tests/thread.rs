//! std::thread: spawning and joining, names and stack sizes, scoped threads,
//! thread-local destructors, parking, sleeping and panicking threads.

use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Barrier};
use std::thread;
use std::time::{Duration, Instant};

#[test]
fn spawn_and_join_return_values() {
    let handles: Vec<_> = (0..16u64)
        .map(|i| thread::spawn(move || (i, (1..=i).product::<u64>())))
        .collect();
    for (i, h) in handles.into_iter().enumerate() {
        let (n, fact) = h.join().unwrap();
        assert_eq!(n, i as u64);
        assert_eq!(fact, (1..=i as u64).product::<u64>());
    }
    let owned = vec![String::from("moved"), String::from("in")];
    let joined = thread::spawn(move || owned.join(" ")).join().unwrap();
    assert_eq!(joined, "moved in");
}

#[test]
fn builder_name_is_visible_to_std_and_the_kernel() {
    let h = thread::Builder::new()
        .name("limpet-worker".into())
        .stack_size(256 * 1024)
        .spawn(|| {
            let me = thread::current();
            let comm = std::fs::read_to_string("/proc/thread-self/comm").unwrap();
            (me.name().map(str::to_owned), comm)
        })
        .unwrap();
    assert_eq!(h.thread().name(), Some("limpet-worker"));
    let (name, comm) = h.join().unwrap();
    assert_eq!(name.as_deref(), Some("limpet-worker"));
    // pthread_setname_np sets the kernel's name (at most 15 bytes).
    assert_eq!(comm, "limpet-worker\n");

    // A long name is truncated for the kernel, but kept whole for std.
    let h = thread::Builder::new()
        .name("a-rather-long-thread-name".into())
        .spawn(|| std::fs::read_to_string("/proc/thread-self/comm").unwrap())
        .unwrap();
    assert_eq!(h.thread().name(), Some("a-rather-long-thread-name"));
    assert_eq!(h.join().unwrap(), "a-rather-long-t\n");

    let unnamed = thread::Builder::new()
        .spawn(|| thread::current().name().map(str::to_owned))
        .unwrap();
    assert_eq!(unnamed.join().unwrap(), None);
}

#[inline(never)]
fn use_stack(depth: usize) -> u64 {
    // About 4 KiB of stack per level, kept alive with black_box.
    let mut frame = [0u8; 4096];
    frame[depth % 4096] = depth as u8;
    let frame = std::hint::black_box(frame);
    if depth == 0 {
        frame[0] as u64
    } else {
        use_stack(depth - 1) + frame[depth % 4096] as u64
    }
}

#[test]
fn builder_stack_size_is_honoured() {
    // 1500 frames of over 4 KiB (6+ MiB of stack) need a big stack: far above the default 2 MiB
    // for spawned threads, so an ignored stack size would crash.
    let h = thread::Builder::new()
        .stack_size(32 << 20)
        .spawn(|| {
            let mut attr: libc::pthread_attr_t = unsafe { std::mem::zeroed() };
            let mut size = 0usize;
            unsafe {
                assert_eq!(libc::pthread_getattr_np(libc::pthread_self(), &mut attr), 0);
                assert_eq!(libc::pthread_attr_getstacksize(&attr, &mut size), 0);
                libc::pthread_attr_destroy(&mut attr);
            }
            (use_stack(1500), size)
        })
        .unwrap();
    let (sum, size) = h.join().unwrap();
    let expect: u64 = (0..=1500usize).map(|d| (d as u8) as u64).sum();
    assert_eq!(sum, expect);
    assert!(size >= 32 << 20, "pthread_getattr_np reports {size} bytes");
}

#[test]
fn impossible_stack_size_fails_to_spawn() {
    // 1 PiB is beyond the user address space: pthread_create must fail and
    // std report it as an error instead of crashing.
    let r = thread::Builder::new().stack_size(1 << 50).spawn(|| 1);
    let err = r.err().expect("spawning with a 1 PiB stack should fail");
    assert_eq!(err.raw_os_error(), Some(libc::EAGAIN), "{err}");
}

#[test]
fn scoped_threads_borrow_locals() {
    let mut data: Vec<u64> = (0..10_000).collect();
    let total_before: u64 = data.iter().sum();
    let label = String::from("borrowed");
    let seen = AtomicUsize::new(0);
    thread::scope(|s| {
        for chunk in data.chunks_mut(1000) {
            let label = &label;
            let seen = &seen;
            s.spawn(move || {
                assert_eq!(label, "borrowed");
                for x in chunk.iter_mut() {
                    *x *= 2;
                }
                seen.fetch_add(1, Ordering::SeqCst);
            });
        }
    });
    assert_eq!(seen.load(Ordering::SeqCst), 10);
    assert_eq!(data.iter().sum::<u64>(), 2 * total_before);
    assert!(data.iter().enumerate().all(|(i, &x)| x == 2 * i as u64));

    // A scoped thread's join returns its value; a panic in one is re-raised
    // by scope() after all threads finish.
    let v = thread::scope(|s| s.spawn(|| label.len()).join().unwrap());
    assert_eq!(v, 8);
    let r = std::panic::catch_unwind(|| {
        thread::scope(|s| {
            s.spawn(|| panic!("scoped boom"));
        })
    });
    assert!(r.is_err());
}

struct Notifier {
    tx: RefCell<Option<mpsc::Sender<String>>>,
    tag: Cell<u32>,
}

impl Drop for Notifier {
    fn drop(&mut self) {
        if let Some(tx) = self.tx.borrow_mut().take() {
            let _ = tx.send(format!("dropped with tag {}", self.tag.get()));
        }
    }
}

thread_local! {
    static NOTIFIER: Notifier = const { Notifier { tx: RefCell::new(None), tag: Cell::new(0) } };
    static COUNTER: Cell<u32> = const { Cell::new(0) };
    static LAZY: RefCell<Vec<u32>> = RefCell::new(vec![1, 2, 3]);
}

#[test]
fn thread_local_destructor_runs_at_thread_exit() {
    let (tx, rx) = mpsc::channel();
    let h = thread::spawn(move || {
        NOTIFIER.with(|n| {
            *n.tx.borrow_mut() = Some(tx);
            n.tag.set(77);
        });
    });
    h.join().unwrap();
    // The destructor ran before join returned.
    assert_eq!(rx.try_recv().unwrap(), "dropped with tag 77");

    // Many threads, each with its own destructor.
    let (tx, rx) = mpsc::channel();
    let hs: Vec<_> = (0..20u32)
        .map(|i| {
            let tx = tx.clone();
            thread::spawn(move || {
                NOTIFIER.with(|n| {
                    *n.tx.borrow_mut() = Some(tx);
                    n.tag.set(i);
                })
            })
        })
        .collect();
    drop(tx);
    for h in hs {
        h.join().unwrap();
    }
    let mut got: Vec<String> = rx.iter().collect();
    got.sort();
    let mut want: Vec<String> = (0..20).map(|i| format!("dropped with tag {i}")).collect();
    want.sort();
    assert_eq!(got, want);
}

#[test]
fn thread_locals_are_per_thread() {
    COUNTER.with(|c| c.set(5));
    LAZY.with(|v| v.borrow_mut().push(4));
    let other = thread::spawn(|| {
        let start = COUNTER.with(|c| c.get());
        COUNTER.with(|c| c.set(99));
        (start, LAZY.with(|v| v.borrow().clone()))
    })
    .join()
    .unwrap();
    assert_eq!(other, (0, vec![1, 2, 3]));
    assert_eq!(COUNTER.with(|c| c.get()), 5);
    assert_eq!(LAZY.with(|v| v.borrow().clone()), vec![1, 2, 3, 4]);
}

#[test]
fn park_and_unpark() {
    // An unpark before park makes the next park return at once.
    thread::current().unpark();
    let start = Instant::now();
    thread::park();
    assert!(start.elapsed() < Duration::from_secs(1));

    // park_timeout returns after (at least) the timeout with no token.
    let start = Instant::now();
    thread::park_timeout(Duration::from_millis(30));
    assert!(start.elapsed() >= Duration::from_millis(30));

    // Cross-thread handshake.
    let flag = Arc::new(AtomicBool::new(false));
    let f2 = flag.clone();
    let parker = thread::spawn(move || {
        while !f2.load(Ordering::Acquire) {
            thread::park();
        }
        "woken"
    });
    thread::sleep(Duration::from_millis(10));
    flag.store(true, Ordering::Release);
    parker.thread().unpark();
    assert_eq!(parker.join().unwrap(), "woken");
}

#[test]
fn sleep_lasts_at_least_the_duration() {
    for ms in [0u64, 1, 15, 40] {
        let d = Duration::from_millis(ms);
        let start = Instant::now();
        thread::sleep(d);
        let took = start.elapsed();
        assert!(took >= d, "sleep({d:?}) took {took:?}");
        assert!(
            took < d + Duration::from_secs(1),
            "sleep({d:?}) took {took:?}"
        );
    }
    let start = Instant::now();
    thread::sleep(Duration::new(0, 2_500_000));
    assert!(start.elapsed() >= Duration::from_micros(2500));
}

#[test]
fn available_parallelism_is_sane() {
    let n = thread::available_parallelism().unwrap().get();
    assert!(n >= 1);
    // It never exceeds the CPUs in our affinity mask.
    let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
    let r = unsafe { libc::sched_getaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &mut set) };
    assert_eq!(r, 0);
    let cpus = unsafe { libc::CPU_COUNT(&set) } as usize;
    assert!(n <= cpus, "available_parallelism {n} > affinity {cpus}");
    let online = unsafe { libc::sysconf(libc::_SC_NPROCESSORS_ONLN) };
    assert!(
        online >= cpus as libc::c_long,
        "online {online} < affinity {cpus}"
    );
}

#[test]
fn panicking_thread_joins_with_err() {
    let h = thread::Builder::new()
        .name("doomed".into())
        .spawn(|| -> u32 { panic!("thread failed on purpose: {}", std::hint::black_box(7)) })
        .unwrap();
    let err = h.join().unwrap_err();
    assert_eq!(
        err.downcast_ref::<String>().map(String::as_str),
        Some("thread failed on purpose: 7")
    );

    let h = thread::spawn(|| std::panic::panic_any(12345u64));
    assert_eq!(h.join().unwrap_err().downcast_ref::<u64>(), Some(&12345));
    // The process is unaffected: more threads still work.
    assert_eq!(thread::spawn(|| 2 + 2).join().unwrap(), 4);
}

#[test]
fn thread_ids_and_handles() {
    let main_id = thread::current().id();
    let (id, same) =
        thread::spawn(move || (thread::current().id(), thread::current().id() == main_id))
            .join()
            .unwrap();
    assert_ne!(id, main_id);
    assert!(!same);
    let h = thread::spawn(|| thread::current().id());
    let hid = h.thread().id();
    assert_eq!(h.join().unwrap(), hid);
    // is_finished becomes true after the thread returns.
    let h = thread::spawn(|| ());
    let deadline = Instant::now() + Duration::from_secs(2);
    while !h.is_finished() {
        assert!(Instant::now() < deadline, "thread never finished");
        thread::yield_now();
    }
    h.join().unwrap();
}

#[test]
fn many_threads_in_waves() {
    // Creation and teardown churn: stacks and TLS get reused.
    let total = Arc::new(AtomicUsize::new(0));
    for wave in 0..10 {
        let barrier = Arc::new(Barrier::new(25));
        let hs: Vec<_> = (0..25)
            .map(|i| {
                let total = total.clone();
                let barrier = barrier.clone();
                thread::spawn(move || {
                    COUNTER.with(|c| c.set(c.get() + i));
                    barrier.wait();
                    total.fetch_add(wave * 100 + i as usize, Ordering::SeqCst);
                    COUNTER.with(|c| c.get())
                })
            })
            .collect();
        for (i, h) in hs.into_iter().enumerate() {
            assert_eq!(h.join().unwrap(), i as u32, "fresh TLS in every thread");
        }
    }
    let expect: usize = (0..10).map(|w| 25 * w * 100 + (0..25).sum::<usize>()).sum();
    assert_eq!(total.load(Ordering::SeqCst), expect);
}

// ---- stack overflow detection, in a child process ---------------------------

#[inline(never)]
#[allow(unconditional_recursion)]
fn recurse_forever(n: u64) -> u64 {
    let frame = std::hint::black_box([n; 64]);
    recurse_forever(n + 1) + frame[(n % 64) as usize]
}

#[test]
#[ignore = "child process for stack_overflow_is_reported_and_aborts"]
fn child_overflows_a_thread_stack() {
    if !limpet_std_suite::is_child_for("child_overflows_a_thread_stack") {
        return;
    }
    let h = thread::Builder::new()
        .name("deep-recursion".into())
        .stack_size(512 * 1024)
        .spawn(|| recurse_forever(0))
        .unwrap();
    let _ = h.join();
    eprintln!("unreachable: the overflow did not abort");
}

#[test]
fn stack_overflow_is_reported_and_aborts() {
    use std::os::unix::process::ExitStatusExt;
    // std's guard page + SIGSEGV handler on an alternate signal stack turn
    // the overflow into a message and an abort.
    let out = limpet_std_suite::run_child_test("child_overflows_a_thread_stack", &[]);
    let err = limpet_std_suite::text(&out.stderr);
    assert_eq!(
        out.status.signal(),
        Some(libc::SIGABRT),
        "status {:?}, stderr:\n{err}",
        out.status
    );
    limpet_std_suite::assert_contains(&err, "thread 'deep-recursion'");
    limpet_std_suite::assert_contains(&err, "has overflowed its stack");
    assert!(!err.contains("unreachable"));
}

// ---- thread-local destructors that touch other thread-locals ----------------

struct SendOnDrop(&'static str, RefCell<Option<mpsc::Sender<&'static str>>>);

impl Drop for SendOnDrop {
    fn drop(&mut self) {
        if let Some(tx) = self.1.borrow_mut().take() {
            // First use of LATE happens here, during thread teardown: its
            // destructor is registered while destructors are running.
            if self.0 == "early" {
                let tx2 = tx.clone();
                LATE.with(|l| *l.1.borrow_mut() = Some(tx2));
            }
            let _ = tx.send(self.0);
        }
    }
}

thread_local! {
    static EARLY: SendOnDrop = SendOnDrop("early", RefCell::new(None));
    static LATE: SendOnDrop = SendOnDrop("late", RefCell::new(None));
}

#[test]
fn tls_destructor_registered_during_teardown_still_runs() {
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || EARLY.with(|e| *e.1.borrow_mut() = Some(tx)))
        .join()
        .unwrap();
    let got: Vec<&str> = rx.try_iter().collect();
    assert_eq!(got, vec!["early", "late"]);
}
