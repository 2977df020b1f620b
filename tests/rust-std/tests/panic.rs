//! Panics and unwinding: catch_unwind with several payloads, hooks,
//! resume_unwind, drops during unwinding, backtraces, and how a panicking
//! or aborting process ends (checked in child processes).

use limpet_std_suite::{assert_contains, is_child_for, run_child_test, text};
use std::backtrace::{Backtrace, BacktraceStatus};
use std::os::unix::process::ExitStatusExt;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::{self, ThreadId};

/// Tests that replace the process-wide panic hook hold this.
static HOOK_LOCK: Mutex<()> = Mutex::new(());

#[test]
fn catch_unwind_string_and_str_payloads() {
    let n = std::hint::black_box(42);
    let err = panic::catch_unwind(|| panic!("formatted value {n}")).unwrap_err();
    assert_eq!(
        err.downcast_ref::<String>().map(String::as_str),
        Some("formatted value 42")
    );
    assert!(err.downcast_ref::<&str>().is_none());

    let err = panic::catch_unwind(|| panic!("a static message")).unwrap_err();
    assert_eq!(
        err.downcast_ref::<&'static str>(),
        Some(&"a static message")
    );

    let ok = panic::catch_unwind(|| 7 * 6);
    assert_eq!(ok.unwrap(), 42);

    // Panics from the standard library carry their messages too.
    let v: Vec<u8> = Vec::new();
    let idx = std::hint::black_box(3);
    let err = panic::catch_unwind(|| v[idx]).unwrap_err();
    let msg = err.downcast_ref::<String>().unwrap();
    assert_eq!(msg, "index out of bounds: the len is 0 but the index is 3");
    let err =
        panic::catch_unwind(|| assert_eq!(1 + 1, std::hint::black_box(3), "math")).unwrap_err();
    let msg = err.downcast_ref::<String>().unwrap();
    assert_contains(msg, "assertion `left == right` failed: math");
    assert_contains(msg, "left: 2");
    let err = panic::catch_unwind(|| {
        let r: Result<u8, &str> = Err("bad");
        r.unwrap()
    })
    .unwrap_err();
    assert_eq!(
        err.downcast_ref::<String>().unwrap(),
        "called `Result::unwrap()` on an `Err` value: \"bad\""
    );
}

#[derive(Debug, PartialEq)]
struct CustomPayload {
    code: u32,
    detail: Vec<&'static str>,
}

#[test]
fn catch_unwind_custom_payload() {
    let err = panic::catch_unwind(|| {
        panic::panic_any(CustomPayload {
            code: 418,
            detail: vec!["teapot", "short"],
        })
    })
    .unwrap_err();
    assert!(err.is::<CustomPayload>());
    let p = err.downcast::<CustomPayload>().unwrap();
    assert_eq!(
        *p,
        CustomPayload {
            code: 418,
            detail: vec!["teapot", "short"]
        }
    );

    let err = panic::catch_unwind(|| panic::panic_any(Box::new(5u16))).unwrap_err();
    assert_eq!(**err.downcast_ref::<Box<u16>>().unwrap(), 5);
}

#[derive(Debug, Clone)]
struct Record {
    thread: ThreadId,
    message: String,
    file: String,
    line: u32,
}

fn install_recording_hook(sink: Arc<Mutex<Vec<Record>>>) {
    panic::set_hook(Box::new(move |info| {
        let message = if let Some(s) = info.payload().downcast_ref::<&str>() {
            s.to_string()
        } else if let Some(s) = info.payload().downcast_ref::<String>() {
            s.clone()
        } else {
            "<non-string payload>".to_string()
        };
        let loc = info.location().unwrap();
        sink.lock().unwrap().push(Record {
            thread: thread::current().id(),
            message,
            file: loc.file().to_string(),
            line: loc.line(),
        });
    }));
}

#[test]
fn hooks_capture_message_and_location() {
    let _g = HOOK_LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let sink = Arc::new(Mutex::new(Vec::new()));
    let previous = panic::take_hook();
    install_recording_hook(sink.clone());

    let me = thread::current().id();
    let value = std::hint::black_box("hooked");
    let expected_line = line!() + 1;
    let r = panic::catch_unwind(|| panic!("{value} panic"));
    assert!(r.is_err());

    // resume_unwind does not call the hook.
    let r = panic::catch_unwind(|| panic::resume_unwind(Box::new("quiet")));
    assert_eq!(r.unwrap_err().downcast_ref::<&str>(), Some(&"quiet"));

    // A panic in another thread goes through the same hook.
    let (line_tx, line_rx) = std::sync::mpsc::channel();
    let h = thread::Builder::new()
        .name("hooked-thread".into())
        .spawn(move || {
            line_tx.send(line!() + 1).unwrap();
            panic!("from the worker");
        })
        .unwrap();
    let thread_line: u32 = line_rx.recv().unwrap();
    let worker = h.thread().id();
    assert!(h.join().is_err());

    // take_hook gives back our hook and restores the default.
    let ours = panic::take_hook();
    panic::set_hook(previous);
    drop(ours);

    let records = sink.lock().unwrap().clone();
    let mine: Vec<&Record> = records.iter().filter(|r| r.thread == me).collect();
    assert_eq!(mine.len(), 1, "one hook call for this thread: {records:?}");
    assert_eq!(mine[0].message, "hooked panic");
    assert_eq!(mine[0].file, file!());
    assert_eq!(mine[0].line, expected_line);
    let theirs: Vec<&Record> = records.iter().filter(|r| r.thread == worker).collect();
    assert_eq!(theirs.len(), 1, "{records:?}");
    assert_eq!(theirs[0].message, "from the worker");
    assert_eq!(
        (theirs[0].file.as_str(), theirs[0].line),
        (file!(), thread_line)
    );
}

#[test]
fn nested_panics_are_caught_separately() {
    let outer = panic::catch_unwind(|| {
        let inner = panic::catch_unwind(|| panic!("inner"));
        assert_eq!(inner.unwrap_err().downcast_ref::<&str>(), Some(&"inner"));
        let inner2 = panic::catch_unwind(|| {
            let deepest = panic::catch_unwind(|| panic!("deepest"));
            assert!(deepest.is_err());
            panic!("middle");
        });
        assert_eq!(inner2.unwrap_err().downcast_ref::<&str>(), Some(&"middle"));
        panic!("outer");
    });
    assert_eq!(outer.unwrap_err().downcast_ref::<&str>(), Some(&"outer"));

    // Panicking again while handling a caught panic's payload.
    let r = panic::catch_unwind(|| {
        let e = panic::catch_unwind(|| panic!("first")).unwrap_err();
        panic::resume_unwind(e);
    });
    assert_eq!(r.unwrap_err().downcast_ref::<&str>(), Some(&"first"));
}

struct DropLog<'a> {
    name: &'static str,
    log: &'a Mutex<Vec<&'static str>>,
}

impl Drop for DropLog<'_> {
    fn drop(&mut self) {
        self.log.lock().unwrap().push(self.name);
    }
}

#[test]
fn drops_run_during_unwinding_in_order() {
    let log = Mutex::new(Vec::new());
    let r = panic::catch_unwind(AssertUnwindSafe(|| {
        let _a = DropLog {
            name: "a",
            log: &log,
        };
        let _b = DropLog {
            name: "b",
            log: &log,
        };
        {
            let _inner = DropLog {
                name: "inner",
                log: &log,
            };
        }
        let boxed = Box::new(DropLog {
            name: "boxed",
            log: &log,
        });
        let v = vec![
            DropLog {
                name: "v0",
                log: &log,
            },
            DropLog {
                name: "v1",
                log: &log,
            },
        ];
        std::hint::black_box((&boxed, &v));
        panic!("unwind now");
    }));
    assert!(r.is_err());
    assert_eq!(
        *log.lock().unwrap(),
        vec!["inner", "v0", "v1", "boxed", "b", "a"]
    );

    // Unwinding through several frames runs each frame's drops.
    #[inline(never)]
    fn depth(n: u32, counter: &AtomicUsize) {
        struct Count<'a>(&'a AtomicUsize);
        impl Drop for Count<'_> {
            fn drop(&mut self) {
                self.0.fetch_add(1, Ordering::SeqCst);
            }
        }
        let _c = Count(counter);
        if n == 0 {
            panic!("bottom");
        }
        depth(n - 1, counter);
    }
    let counter = AtomicUsize::new(0);
    assert!(panic::catch_unwind(|| depth(50, &counter)).is_err());
    assert_eq!(counter.load(Ordering::SeqCst), 51);
}

#[inline(never)]
fn limpet_inner_capture_frame() -> Backtrace {
    std::hint::black_box(Backtrace::force_capture())
}

#[test]
#[inline(never)]
fn backtrace_names_the_calling_functions() {
    let bt = limpet_inner_capture_frame();
    assert_eq!(bt.status(), BacktraceStatus::Captured);
    let s = bt.to_string();
    let inner = s
        .find("limpet_inner_capture_frame")
        .unwrap_or_else(|| panic!("inner frame missing:\n{s}"));
    let outer = s
        .find("backtrace_names_the_calling_functions")
        .unwrap_or_else(|| panic!("test frame missing:\n{s}"));
    assert!(inner < outer, "innermost frame first:\n{s}");
    // Line information comes from the debug info.
    assert_contains(&s, "tests/panic.rs");

    // A captured backtrace inside a thread names the thread's closure chain.
    let s = thread::spawn(|| limpet_inner_capture_frame().to_string())
        .join()
        .unwrap();
    assert_contains(&s, "limpet_inner_capture_frame");
    // Backtrace::capture honours RUST_BACKTRACE (unset or 0 here is
    // possible): it is either captured or disabled, never unsupported.
    assert_ne!(Backtrace::capture().status(), BacktraceStatus::Unsupported);
}

// ---- child processes -------------------------------------------------------

#[test]
#[ignore = "child process for panic_message_printed_by_default_hook"]
fn child_panics_in_named_thread() {
    if !is_child_for("child_panics_in_named_thread") {
        return;
    }
    // The default hook reports the panic of a named thread; the payload is
    // then carried into this test, which fails, so the child exits with 101.
    let r = thread::Builder::new()
        .name("child-worker".into())
        .spawn(|| {
            let v = std::hint::black_box(7);
            panic!("child panic value {v}");
        });
    let payload = r.unwrap().join().unwrap_err();
    panic::resume_unwind(payload);
}

#[test]
fn panic_message_printed_by_default_hook() {
    let out = run_child_test("child_panics_in_named_thread", &[("RUST_BACKTRACE", "1")]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(101), "stderr:\n{err}");
    assert_contains(&err, "thread 'child-worker'");
    assert_contains(&err, "panicked at tests/panic.rs:");
    assert_contains(&err, "child panic value 7");
    // With RUST_BACKTRACE=1 the default hook prints a symbolised backtrace.
    assert_contains(&err, "stack backtrace:");
    assert_contains(&err, "child_panics_in_named_thread");
}

#[test]
#[ignore = "child process for panic_while_unwinding_aborts"]
fn child_panics_in_drop_while_unwinding() {
    if !is_child_for("child_panics_in_drop_while_unwinding") {
        return;
    }
    struct Bomb;
    impl Drop for Bomb {
        fn drop(&mut self) {
            panic!("second panic from drop");
        }
    }
    let _ = panic::catch_unwind(|| {
        let _b = Bomb;
        panic!("first panic");
    });
    unreachable!("a panic during unwinding must abort");
}

#[test]
fn panic_while_unwinding_aborts() {
    let out = run_child_test("child_panics_in_drop_while_unwinding", &[]);
    let err = text(&out.stderr);
    assert_eq!(
        out.status.signal(),
        Some(libc::SIGABRT),
        "status {:?}, stderr:\n{err}",
        out.status
    );
    assert_contains(&err, "first panic");
    assert_contains(&err, "second panic from drop");
    assert_contains(&err, "panic in a destructor during cleanup");
}

#[test]
#[ignore = "child process for process_abort_raises_sigabrt"]
fn child_calls_process_abort() {
    if !is_child_for("child_calls_process_abort") {
        return;
    }
    eprintln!("about to abort");
    std::process::abort();
}

#[test]
fn process_abort_raises_sigabrt() {
    let out = run_child_test("child_calls_process_abort", &[]);
    assert_eq!(
        out.status.signal(),
        Some(libc::SIGABRT),
        "status {:?}",
        out.status
    );
    assert_contains(&text(&out.stderr), "about to abort");
}
