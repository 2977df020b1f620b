//! Test helpers: hex output, and checking a digest against Python's hashlib.

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
