//! `rep movsb` and `rep stosb`: the size backend's copy and fill, and the vector backends'
//! copy and fill for long runs on CPUs with ERMS (Enhanced REP MOVSB/STOSB; where they
//! hand over is `x86_64::use_movsb`/`STOSB_MIN`, decided by the measurement below).

/// Copies `n` bytes upwards with `rep movsb`.
///
/// # Safety
/// `src` valid for `n` bytes of reads and `dest` for `n` bytes of writes; overlap only with
/// `dest <= src` (the copy is byte by byte upwards, as far as overlap goes).
#[inline(always)]
pub unsafe fn movsb(dest: *mut u8, src: *const u8, n: usize) {
    // SAFETY: the direction flag is clear at every function boundary (ABI), so the copy goes
    // upwards over exactly the `n` bytes the caller vouches for.
    unsafe {
        core::arch::asm!("rep movsb", inout("rcx") n => _, inout("rdi") dest => _, inout("rsi") src => _,
            options(nostack, preserves_flags));
    }
}

/// Stores `c` into `n` bytes with `rep stosb`.
///
/// # Safety
/// `dest` valid for `n` bytes of writes.
#[inline(always)]
pub unsafe fn stosb(dest: *mut u8, c: u8, n: usize) {
    // SAFETY: as in movsb.
    unsafe {
        core::arch::asm!("rep stosb", inout("rcx") n => _, inout("rdi") dest => _, in("al") c,
            options(nostack, preserves_flags));
    }
}

#[cfg(all(test, not(any(feature = "size", feature = "portable"))))]
mod measure {
    use core::arch::x86_64::{__m128i, __m256i, __m512i};
    use std::hint::black_box;
    use std::time::Instant;

    use crate::arch::generic::copy::{copy_forward, forward_long, set_bytes, set_long};

    // The vector loops alone, without the hand-over to `rep` this measurement decides.
    #[target_feature(enable = "avx2")]
    unsafe fn avx2_copy(d: *mut u8, s: *const u8, n: usize) {
        unsafe { copy_forward::<__m256i>(d, s, n) }
    }
    #[target_feature(enable = "avx512f")]
    unsafe fn avx512_copy(d: *mut u8, s: *const u8, n: usize) {
        unsafe { forward_long::<__m512i>(d, s, n) }
    }
    #[target_feature(enable = "avx512f")]
    unsafe fn avx512_set(d: *mut u8, c: u8, n: usize) {
        unsafe { set_long::<__m512i>(d, c, n) }
    }
    unsafe fn sse2_copy(d: *mut u8, s: *const u8, n: usize) {
        unsafe { copy_forward::<__m128i>(d, s, n) }
    }
    #[target_feature(enable = "avx2")]
    unsafe fn avx2_set(d: *mut u8, c: u8, n: usize) {
        unsafe { set_bytes::<__m256i>(d, c, n) }
    }
    unsafe fn sse2_set(d: *mut u8, c: u8, n: usize) {
        unsafe { set_bytes::<__m128i>(d, c, n) }
    }

    fn rate(bytes: usize, f: &mut dyn FnMut()) -> f64 {
        let iters = (1usize << 28) / bytes.max(64);
        f();
        let t = Instant::now();
        for _ in 0..iters {
            f();
        }
        (bytes * iters) as f64 / t.elapsed().as_secs_f64() / 1e9
    }

    #[test]
    #[ignore]
    fn rep_movsb_against_vector_loops() {
        use crate::arch::x86_64::cpu;
        let has = (cpu::has_erms(), cpu::has_avx2(), cpu::has_avx512());
        eprintln!("erms {} avx2 {} avx512 {} l1d {} KiB", has.0, has.1, has.2, cpu::l1d_bytes() >> 10);
        let max = 16 << 20;
        let src = vec![1u8; max + 64];
        let mut dst = vec![0u8; max + 64];
        eprintln!(
            "{:>9} {:>5} {:>8} {:>8} {:>8} {:>8} | {:>8} {:>8} {:>8} {:>8}",
            "bytes", "skew", "avx512", "avx2", "sse2", "movsb", "avx512 s", "avx2 set", "sse2 set", "stosb"
        );
        let sizes = [256, 1024, 2048, 4096, 8192, 16384, 20480, 24576, 28672, 32768, 65536, 262144, 1 << 20, 4 << 20, 16 << 20];
        for &n in &sizes {
            for skew in [0, 3] {
                let (d, s) = (dst[skew..].as_mut_ptr(), src[1..].as_ptr());
                let mut r = vec![];
                for (k, f) in [avx512_copy, avx2_copy, sse2_copy, super::movsb].into_iter().enumerate() {
                    // Column 0 needs AVX-512.
                    let runs = k != 0 || has.2;
                    r.push(if runs { rate(n, &mut || unsafe { f(black_box(d), black_box(s), n) }) } else { 0.0 });
                }
                for (k, f) in [avx512_set, avx2_set, sse2_set, super::stosb].into_iter().enumerate() {
                    let runs = k != 0 || has.2;
                    r.push(if runs { rate(n, &mut || unsafe { f(black_box(d), 7, n) }) } else { 0.0 });
                }
                eprintln!(
                    "{n:>9} {skew:>5} {:>8.1} {:>8.1} {:>8.1} {:>8.1} | {:>8.1} {:>8.1} {:>8.1} {:>8.1}",
                    r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7]
                );
            }
        }
    }
}

/// Times each x86_64 backend's scans and comparisons on 4 KiB in L1, in ns per call
/// (`cargo test -p limpet-string --release scan_backends -- --ignored --nocapture`): the
/// measurement behind the choice of backend for them.
#[cfg(all(test, not(any(feature = "size", feature = "portable"))))]
mod measure_scans {
    use std::hint::black_box;
    use std::time::Instant;

    use crate::arch::Pair;
    use crate::arch::x86_64::{avx2, avx512, cpu, sse2};

    fn ns(f: &mut dyn FnMut()) -> f64 {
        let mut best = f64::MAX;
        for _ in 0..7 {
            let t = Instant::now();
            for _ in 0..20_000 {
                f();
            }
            best = best.min(t.elapsed().as_nanos() as f64 / 20_000.0);
        }
        best
    }

    #[test]
    #[ignore]
    fn scan_backends() {
        const N: usize = 4096;
        let mut a = vec![b'a'; N + 64];
        a[N] = 0;
        let b = a.clone();
        let mut hay: Vec<u8> = (0..1024).map(|i| b"the quick brown fox jumps over the lazy dog "[i % 44]).collect();
        hay.push(0);
        let pair = Pair { offsets: [2, 5], first: [b'z' as u32; 2], second: [b'c' as u32; 2] };
        let w: Vec<u32> = (0..N / 4).map(|i| if i == N / 4 - 1 { 0 } else { 7 }).collect();
        eprintln!(
            "{:>8} {:>8} {:>8} {:>8} {:>8} {:>8} {:>8} {:>8} {:>8} {:>8}",
            "backend", "strlen", "strchr", "memchr", "memrchr", "memcmp", "strcmp", "strncmp", "wcslen", "pair 1K"
        );
        macro_rules! row {
            ($name:literal, $m:ident) => {{
                let (p, q) = (a.as_ptr(), b.as_ptr());
                let r = [
                    ns(&mut || unsafe { black_box($m::c_string_length(black_box(p))); }),
                    ns(&mut || unsafe { black_box($m::find_byte_or_nul(black_box(p), b'x')); }),
                    ns(&mut || unsafe { black_box($m::find_byte(black_box(p), b'x', N)); }),
                    ns(&mut || unsafe { black_box($m::find_last_byte(black_box(p), b'x', N)); }),
                    ns(&mut || unsafe { black_box($m::compare_bytes(black_box(p), black_box(q), N)); }),
                    ns(&mut || unsafe { black_box($m::compare_c_strings(black_box(p), black_box(q))); }),
                    ns(&mut || unsafe { black_box($m::compare_strings(black_box(p), black_box(q), N + 1)); }),
                    ns(&mut || unsafe { black_box($m::wide_length(black_box(w.as_ptr()))); }),
                    ns(&mut || unsafe { black_box($m::find_pair::<1>(black_box(hay.as_ptr()), 0, 1018, &pair)); }),
                ];
                eprint!("{:>8}", $name);
                r.iter().for_each(|x| eprint!(" {x:>8.1}"));
                eprintln!();
            }};
        }
        row!("sse2", sse2);
        if cpu::has_avx2() {
            row!("avx2", avx2);
        }
        if cpu::has_avx512() {
            use avx512::zmm;
            row!("zmm", zmm);
        }
    }
}
