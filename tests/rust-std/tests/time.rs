//! std::time: the system clock, the monotonic clock, arithmetic, and file
//! timestamps set and read back.

use limpet_std_suite::ScratchDir;
use std::fs::{self, File, FileTimes};
use std::os::unix::fs::MetadataExt;
use std::thread;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// 2024-01-01T00:00:00Z.
const Y2024: u64 = 1_704_067_200;

#[test]
fn system_time_is_recent_and_after_the_epoch() {
    let now = SystemTime::now();
    assert!(now > UNIX_EPOCH);
    let since = now.duration_since(UNIX_EPOCH).unwrap();
    assert!(
        since.as_secs() > Y2024,
        "clock says {since:?} after the epoch"
    );
    // And not absurdly far in the future (year 2200).
    assert!(since.as_secs() < 7_258_118_400);
    // Agrees with time(2) and gettimeofday(2) within a couple of seconds.
    let t = unsafe { libc::time(std::ptr::null_mut()) } as u64;
    assert!(
        t.abs_diff(since.as_secs()) <= 2,
        "time() {t} vs now {since:?}"
    );
    let mut tv: libc::timeval = unsafe { std::mem::zeroed() };
    assert_eq!(
        unsafe { libc::gettimeofday(&mut tv, std::ptr::null_mut()) },
        0
    );
    assert!((tv.tv_sec as u64).abs_diff(since.as_secs()) <= 2);
    assert!((0..1_000_000).contains(&tv.tv_usec));
}

#[test]
fn duration_since_order_and_errors() {
    let a = SystemTime::now();
    thread::sleep(Duration::from_millis(5));
    let b = SystemTime::now();
    let d = b.duration_since(a).unwrap();
    assert!(d >= Duration::from_millis(5), "{d:?}");
    let err = a.duration_since(b).unwrap_err();
    assert_eq!(err.duration(), d);
    assert!(a.elapsed().unwrap() >= d);
}

#[test]
fn instant_is_monotonic_over_sleeps() {
    let start = Instant::now();
    let mut prev = start;
    for _ in 0..1000 {
        let now = Instant::now();
        assert!(now >= prev, "Instant went backwards");
        prev = now;
    }
    let before = Instant::now();
    thread::sleep(Duration::from_millis(25));
    let slept = before.elapsed();
    assert!(slept >= Duration::from_millis(25), "elapsed {slept:?}");
    assert!(slept < Duration::from_secs(2), "elapsed {slept:?}");
    assert!(Instant::now().duration_since(start) >= slept);
    // saturating_duration_since the other way round is zero.
    assert_eq!(
        start.saturating_duration_since(Instant::now()),
        Duration::ZERO
    );
    assert_eq!(start.checked_duration_since(Instant::now()), None);

    // Across threads too: an Instant taken later elsewhere is not earlier.
    let t0 = Instant::now();
    let t1 = thread::spawn(Instant::now).join().unwrap();
    assert!(t1 >= t0);
}

#[test]
fn clock_gettime_agrees_with_std() {
    fn mono() -> Duration {
        let mut ts: libc::timespec = unsafe { std::mem::zeroed() };
        assert_eq!(
            unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut ts) },
            0
        );
        assert!((0..1_000_000_000).contains(&ts.tv_nsec));
        Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
    }
    // std's Instant and the C library's CLOCK_MONOTONIC measure the same
    // interval: the C one brackets the std one.
    let c0 = mono();
    let before = Instant::now();
    thread::sleep(Duration::from_millis(20));
    let after = Instant::now();
    let c1 = mono();
    let std_span = after.duration_since(before);
    let c_span = c1 - c0;
    assert!(c_span >= std_span, "C {c_span:?} < std {std_span:?}");
    assert!(
        c_span - std_span < Duration::from_millis(500),
        "C {c_span:?} vs std {std_span:?}"
    );
    let mut ts: libc::timespec = unsafe { std::mem::zeroed() };

    let mut res: libc::timespec = unsafe { std::mem::zeroed() };
    assert_eq!(
        unsafe { libc::clock_getres(libc::CLOCK_MONOTONIC, &mut res) },
        0
    );
    assert!(
        res.tv_sec == 0 && res.tv_nsec > 0 && res.tv_nsec <= 10_000_000,
        "res {}",
        res.tv_nsec
    );

    let mut rt: libc::timespec = unsafe { std::mem::zeroed() };
    assert_eq!(
        unsafe { libc::clock_gettime(libc::CLOCK_REALTIME, &mut rt) },
        0
    );
    let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap();
    assert!((rt.tv_sec as u64).abs_diff(now.as_secs()) <= 1);

    // An invalid clock id fails with EINVAL.
    assert_eq!(unsafe { libc::clock_gettime(12345, &mut ts) }, -1);
    assert_eq!(
        std::io::Error::last_os_error().raw_os_error(),
        Some(libc::EINVAL)
    );
}

#[test]
fn time_arithmetic() {
    let t = UNIX_EPOCH + Duration::from_secs(Y2024);
    assert_eq!(t.duration_since(UNIX_EPOCH).unwrap().as_secs(), Y2024);
    assert_eq!((t - Duration::from_secs(Y2024)), UNIX_EPOCH);
    assert_eq!(
        t.checked_add(Duration::from_nanos(1_500_000_000))
            .unwrap()
            .duration_since(t)
            .unwrap(),
        Duration::from_millis(1500)
    );
    // Before the epoch.
    let before = UNIX_EPOCH - Duration::from_secs(86_400);
    assert_eq!(
        UNIX_EPOCH.duration_since(before).unwrap(),
        Duration::from_secs(86_400)
    );
    assert!(before.duration_since(UNIX_EPOCH).is_err());
    // Overflow is reported, not wrapped.
    assert_eq!(UNIX_EPOCH.checked_add(Duration::MAX), None);

    let i = Instant::now();
    let later = i + Duration::from_millis(250);
    assert_eq!(later - i, Duration::from_millis(250));
    assert_eq!(later.checked_sub(Duration::from_millis(250)), Some(i));
    assert_eq!(i.checked_add(Duration::MAX), None);

    let d = Duration::new(5, 999_999_999) + Duration::new(0, 1);
    assert_eq!(d, Duration::from_secs(6));
    assert_eq!(Duration::from_secs_f64(0.25).as_millis(), 250);
    assert_eq!(Duration::from_millis(1500).as_secs_f64(), 1.5);
    assert_eq!(
        Duration::from_secs(1).checked_sub(Duration::from_secs(2)),
        None
    );
    assert_eq!(Duration::from_secs(10) / 4, Duration::from_millis(2500));
}

#[test]
fn set_modified_round_trips_exactly() {
    let d = ScratchDir::new("time-mtime");
    let p = d.join("f");
    let f = File::create(&p).unwrap();
    let t = UNIX_EPOCH + Duration::new(1_600_000_000, 123_456_789);
    f.set_modified(t).unwrap();
    let md = fs::metadata(&p).unwrap();
    assert_eq!(md.modified().unwrap(), t);
    assert_eq!(md.mtime(), 1_600_000_000);
    assert_eq!(md.mtime_nsec(), 123_456_789);

    // set_times with both fields, including one before the epoch.
    let atime = UNIX_EPOCH + Duration::new(1_000_000_000, 1);
    let mtime = UNIX_EPOCH - Duration::new(3600, 0);
    f.set_times(FileTimes::new().set_accessed(atime).set_modified(mtime))
        .unwrap();
    let md = f.metadata().unwrap();
    assert_eq!(md.accessed().unwrap(), atime);
    assert_eq!(md.modified().unwrap(), mtime);
    assert_eq!(md.mtime(), -3600);

    // Only one field given: the other is left alone (UTIME_OMIT).
    let m2 = UNIX_EPOCH + Duration::new(1_700_000_000, 500);
    f.set_times(FileTimes::new().set_modified(m2)).unwrap();
    let md = f.metadata().unwrap();
    assert_eq!(md.modified().unwrap(), m2);
    assert_eq!(md.accessed().unwrap(), atime);

    // A time beyond 2038 (64-bit time_t).
    let future = UNIX_EPOCH + Duration::new(4_102_444_800, 42); // 2100-01-01
    f.set_modified(future).unwrap();
    assert_eq!(fs::metadata(&p).unwrap().modified().unwrap(), future);

    // Writing updates mtime to about now.
    drop(f);
    let before = SystemTime::now() - Duration::from_secs(1);
    fs::write(&p, b"touch").unwrap();
    let m = fs::metadata(&p).unwrap().modified().unwrap();
    assert!(
        m >= before && m <= SystemTime::now() + Duration::from_secs(1),
        "{m:?}"
    );
}

#[test]
fn file_times_on_a_read_only_handle_and_dirs() {
    let d = ScratchDir::new("time-dir");
    let t = UNIX_EPOCH + Duration::new(1_234_567_890, 987_654_321);
    // futimens works on a descriptor opened read-only (as owner / root).
    fs::write(d.join("ro"), b"").unwrap();
    let f = File::open(d.join("ro")).unwrap();
    f.set_modified(t).unwrap();
    assert_eq!(fs::metadata(d.join("ro")).unwrap().modified().unwrap(), t);

    // A directory's mtime changes when an entry is added.
    let dir = File::open(d.path()).unwrap();
    dir.set_modified(t).unwrap();
    assert_eq!(fs::metadata(d.path()).unwrap().modified().unwrap(), t);
    fs::write(d.join("new"), b"").unwrap();
    let now = fs::metadata(d.path()).unwrap().modified().unwrap();
    assert!(now > t + Duration::from_secs(365 * 86_400));
}
