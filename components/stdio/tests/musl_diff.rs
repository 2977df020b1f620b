//! Differential test against the real musl: floating-point conversions, `%p`, and
//! integers, with random flags, widths and precisions. The cases are generated here and in
//! `musl/printf_cases.c` from the same random stream; `musl/printf_cases.txt` holds musl's
//! results for them (`musl/regenerate.sh` rebuilds it).
use limpet_stdio::buf_printf;
use limpet_stdio::printf::{Arg, ArgList};

/// xorshift64*, as in printf_cases.c.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn pick_double(rng: &mut Rng) -> f64 {
    const SPECIAL: [u64; 16] = [
        0x0000000000000000, 0x8000000000000000, 0x7ff0000000000000, 0xfff0000000000000,
        0x7ff8000000000000, 0xfff8000000000000, 0x3fe0000000000000, 0x3ff8000000000000,
        0x4004000000000000, 0x0000000000000001, 0x7fefffffffffffff, 0x3fb999999999999a,
        0x000fffffffffffff, 0x0010000000000000, 0x3fefffffffffffff, 0x4024000000000000,
    ];
    match rng.below(6) {
        0 => f64::from_bits(rng.next()),
        1 => (rng.below(2001) as i64 - 1000) as f64,
        2 => {
            let m = rng.below(2_000_001) as i64 - 1_000_000;
            let mut p10 = 1.0;
            for _ in 0..rng.below(12) {
                p10 *= 10.0;
            }
            m as f64 / p10
        }
        3 => f64::from_bits(SPECIAL[rng.below(16) as usize]),
        4 => {
            let e = 1023 + rng.below(61) - 30;
            f64::from_bits((rng.next() & 0x800f_ffff_ffff_ffff) | (e << 52))
        }
        _ => {
            let m = rng.next() & 0x000f_ffff_ffff_ffff;
            let e = if rng.below(2) != 0 { rng.below(40) } else { 2046 - rng.below(40) };
            f64::from_bits((rng.next() & 0x8000_0000_0000_0000) | (e << 52) | m)
        }
    }
}

fn pick_int(rng: &mut Rng) -> u64 {
    const EDGE: [u64; 8] = [0, 1, 0xff, 0x7fff_ffff, 0x8000_0000, 0xffff_ffff, 0x7fff_ffff_ffff_ffff, u64::MAX];
    match rng.below(3) {
        0 => EDGE[rng.below(8) as usize],
        1 => rng.below(100_000),
        _ => rng.next(),
    }
}

fn fnv1a(bytes: &[u8]) -> u32 {
    bytes.iter().fold(2_166_136_261u32, |h, &b| (h ^ u32::from(b)).wrapping_mul(16_777_619))
}

#[test]
fn matches_musl() {
    let expected = include_str!("musl/printf_cases.txt");
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut out = vec![0u8; 4096];
    let mut cases = 0;
    let mut failures = Vec::new();
    for (case, want) in expected.lines().enumerate() {
        let mut fmt = String::from("<%");
        let mut args = Vec::new();
        for flag in ['-', '+', ' ', '#', '0'] {
            if rng.below(4) == 0 {
                fmt.push(flag);
            }
        }
        match rng.below(4) {
            0 => fmt += &rng.below(30).to_string(),
            1 => {
                fmt.push('*');
                args.push(Arg::Int(rng.below(61) as i64 - 30));
            }
            _ => {}
        }
        match rng.below(7) {
            0 => fmt.push('.'),
            1 | 2 => fmt += &format!(".{}", rng.below(20)),
            3 => fmt += &format!(".{}", rng.below(1200)),
            4 => {
                fmt += ".*";
                args.push(Arg::Int(rng.below(41) as i64 - 10));
            }
            _ => {}
        }
        let kind = rng.below(8);
        if kind < 6 {
            if rng.below(8) == 0 {
                fmt.push('l');
            }
            fmt.push(b"fFeEgGaA"[rng.below(8) as usize] as char);
        } else if kind == 6 {
            fmt.push('p');
        } else {
            fmt += ["", "hh", "h", "l", "ll", "j", "z", "t"][rng.below(8) as usize];
            fmt.push(b"diouxX"[rng.below(6) as usize] as char);
        }
        fmt.push('>');
        if kind < 6 {
            args.push(Arg::F64(pick_double(&mut rng)));
        } else {
            args.push(Arg::Int(pick_int(&mut rng) as i64));
        }
        let r = unsafe { buf_printf(&mut out, fmt.as_bytes(), &mut ArgList::new(&args)) };
        let got = match r {
            Ok(n) => format!("{n} {:08x}", fnv1a(&out[..n.min(out.len() - 1)])),
            Err(e) => format!("-1 e{e}"),
        };
        if got != want {
            let end = out.iter().position(|&b| b == 0).unwrap_or(0);
            failures.push(format!("case {case}: {fmt:?} {args:?}: musl {want}, ours {got} {:?}", String::from_utf8_lossy(&out[..end.min(120)])));
        }
        cases += 1;
    }
    assert!(cases >= 6000);
    assert!(failures.is_empty(), "{} of {cases} differ:\n{}", failures.len(), failures[..failures.len().min(20)].join("\n"));
}
