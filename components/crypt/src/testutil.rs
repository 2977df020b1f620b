//! Test helpers: hex output, checking a digest against Python's hashlib, and the host's
//! libxcrypt as an oracle for the methods.

use crate::digest::Digest;
use std::process::Command;

pub(crate) fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// A deterministic message of `len` bytes, every byte value occurring.
pub(crate) fn message(len: usize) -> Vec<u8> {
    (0..len).map(|i| (i.wrapping_mul(131) ^ (i >> 3)) as u8).collect()
}

/// Lengths 0 to 600 (every padding case of 64- and 128-byte blocks, several times over),
/// each fed whole and fed in two or three pieces, against hashlib's `algo`.
pub(crate) fn python_digests<D: Digest>(algo: &str) {
    const MAX: usize = 600;
    let script = format!(
        "import hashlib\nfor n in range({MAX}):\n    m = bytes(((i*131) ^ (i>>3)) & 255 for i in range(n))\n    print(hashlib.{algo}(m).hexdigest())"
    );
    let out = Command::new("python3").arg("-c").arg(script).output().expect("python3 runs");
    let want: Vec<String> = String::from_utf8(out.stdout).unwrap().lines().map(String::from).collect();
    assert_eq!(want.len(), MAX);
    for (n, want) in want.iter().enumerate() {
        let m = message(n);
        assert_eq!(&hex(D::digest(&m).as_ref()), want, "length {n}");
        for cut in [1, n / 3, n / 2, n.saturating_sub(1)] {
            let cut = cut.min(n);
            let cut2 = cut + (n - cut) / 2;
            let mut h = D::new();
            h.update(&m[..cut]);
            h.update(&m[cut..cut2]);
            h.update(&m[cut2..]);
            assert_eq!(&hex(h.finish().as_ref()), want, "length {n} cut at {cut}, {cut2}");
        }
    }
}

/// A deterministic generator for the differential tests (xorshift64*).
pub(crate) struct Rng(pub u64);

impl Rng {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number in `0..n`.
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The host's libxcrypt (through Python's ctypes, so keys may hold any byte but NUL) on
/// every (key, setting) pair, in one process: each result, or `None` where it failed.
pub(crate) fn libxcrypt(cases: &[(Vec<u8>, Vec<u8>)]) -> Vec<Option<Vec<u8>>> {
    use std::io::Write;
    use std::process::Stdio;
    let script = "import ctypes, sys\n\
        lib = ctypes.CDLL('libcrypt.so.1')\n\
        lib.crypt.restype = ctypes.c_char_p\n\
        lib.crypt.argtypes = [ctypes.c_char_p, ctypes.c_char_p]\n\
        for line in sys.stdin:\n\
        \x20   k, s = line.split(' ')\n\
        \x20   r = lib.crypt(bytes.fromhex(k), bytes.fromhex(s))\n\
        \x20   print('-' if r is None or r.startswith(b'*') else r.hex())\n";
    let mut child = Command::new("python3")
        .arg("-c")
        .arg(script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    let input: String = cases
        .iter()
        .map(|(k, s)| format!("{} {}\n", hex(k), hex(s)))
        .collect();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()).unwrap());
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let results: Vec<Option<Vec<u8>>> = text
        .lines()
        .map(|l| {
            (l != "-").then(|| {
                (0..l.len())
                    .step_by(2)
                    .map(|i| u8::from_str_radix(&l[i..i + 2], 16).unwrap())
                    .collect()
            })
        })
        .collect();
    assert_eq!(results.len(), cases.len(), "libxcrypt answered every case");
    results
}

/// Runs a method on `key` and `setting`: its hash string, or `None` when it failed.
pub(crate) fn run(method: crate::crypt::Method, key: &[u8], setting: &[u8]) -> Option<Vec<u8>> {
    let mut out = crate::Out::new();
    method(key, setting, &mut out).then(|| out.as_bytes().to_vec())
}
