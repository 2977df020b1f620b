//! Differential test against the host glibc's `snprintf`, for the integer and string
//! conversions, where glibc and musl agree. Both are called as C-variadic functions with
//! the same arguments, so our trampoline and va_list reader are exercised too.
#![cfg(target_arch = "x86_64")]
use core::ffi::{c_char, c_int};

unsafe extern "C" {
    #[link_name = "snprintf"]
    fn glibc_snprintf(buf: *mut c_char, n: usize, fmt: *const c_char, ...) -> c_int;
}

type Snprintf = unsafe extern "C" fn(*mut c_char, usize, *const c_char, ...) -> c_int;

/// xorshift64*: small, and the same sequence on every run.
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

/// An integer worth printing: small, near a boundary of some width, or anything.
fn interesting(rng: &mut Rng) -> i64 {
    const EDGES: [i64; 12] = [0, 1, -1, 127, 128, 255, 256, 32767, -32768, 65535, i32::MAX as i64, i32::MIN as i64];
    match rng.below(4) {
        0 => EDGES[rng.below(EDGES.len() as u64) as usize] + rng.below(3) as i64 - 1,
        1 => rng.below(2000) as i64 - 1000,
        2 => [i64::MIN, i64::MAX, u32::MAX as i64 + 1][rng.below(3) as usize],
        _ => rng.next() as i64,
    }
}

const STRINGS: [&core::ffi::CStr; 4] = [c"", c"a", c"hello", c"longer string, with spaces"];

#[test]
fn integer_and_string_conversions_match_glibc() {
    let ours: Snprintf = unsafe { core::mem::transmute(limpet_stdio::variadic::snprintf as *const ()) };
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let mut checked = 0;
    for case in 0..20_000 {
        let mut fmt = String::from("<");
        for (flag, p) in [('-', 4), ('+', 4), (' ', 5), ('#', 4), ('0', 3), ('\'', 12)] {
            if rng.below(p) == 0 {
                fmt.push(flag);
            }
        }
        let mut stars = Vec::new();
        match rng.below(4) {
            0 => fmt += &rng.below(25).to_string(),
            1 => {
                fmt.push('*');
                stars.push(rng.below(61) as c_int - 30);
            }
            _ => {}
        }
        match rng.below(5) {
            0 => fmt.push('.'),
            1 | 2 => fmt += &format!(".{}", rng.below(22)),
            3 => {
                fmt += ".*";
                stars.push(rng.below(41) as c_int - 10);
            }
            _ => {}
        }
        let string = rng.below(6) == 0;
        if string {
            fmt.push('s');
        } else {
            fmt += ["", "hh", "h", "l", "ll", "j", "z", "t"][rng.below(8) as usize];
            fmt.push(b"diuoxXc"[rng.below(7) as usize] as char);
        }
        fmt += ">";
        let c_fmt = std::ffi::CString::new(fmt.clone()).unwrap();
        let mut v = interesting(&mut rng);
        if fmt.ends_with("c>") {
            // A printable byte, so that the output compares as text.
            v = 32 + rng.below(95) as i64;
        }
        let s = STRINGS[rng.below(STRINGS.len() as u64) as usize].as_ptr();
        let n = [0usize, 1, 5, 40, 200][rng.below(5) as usize];
        let mut a = [0x55u8; 256];
        let mut b = [0x55u8; 256];
        let call = |f: Snprintf, buf: &mut [u8; 256]| unsafe {
            let p = buf.as_mut_ptr().cast();
            let f_ = c_fmt.as_ptr();
            match (stars.as_slice(), string) {
                ([], false) => f(p, n, f_, v),
                ([w], false) => f(p, n, f_, *w, v),
                ([w, q], false) => f(p, n, f_, *w, *q, v),
                ([], true) => f(p, n, f_, s),
                ([w], true) => f(p, n, f_, *w, s),
                ([w, q], true) => f(p, n, f_, *w, *q, s),
                _ => unreachable!(),
            }
        };
        let glibc: Snprintf = glibc_snprintf;
        let rg = call(glibc, &mut a);
        let ro = call(ours, &mut b);
        assert_eq!(ro, rg, "case {case}: {fmt:?} with stars {stars:?}, value {v}, n {n}");
        assert!(a == b, "case {case}: {fmt:?} with stars {stars:?}, value {v}, n {n}: glibc {:?} ours {:?}",
            String::from_utf8_lossy(&a[..n]), String::from_utf8_lossy(&b[..n]));
        checked += 1;
    }
    assert_eq!(checked, 20_000);
}
