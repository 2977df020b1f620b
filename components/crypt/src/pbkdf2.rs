//! PBKDF2 (RFC 8018, section 5.2) over HMAC: scrypt and yescrypt use it with SHA-256 to
//! spread the password over their working blocks and to gather the result back.

use crate::digest::Digest;
use crate::hmac::Hmac;

/// Fills `out` with PBKDF2-HMAC-`D` of `password` and `salt` at `rounds` iterations.
/// (RFC 8018 caps the output at (2^32 - 1) blocks; the callers here ask for a few MiB at
/// most, so the block counter cannot wrap.)
pub fn pbkdf2<D: Digest>(password: &[u8], salt: &[u8], rounds: u32, out: &mut [u8]) {
    let mac = Hmac::<D>::new(password);
    for (i, chunk) in out.chunks_mut(D::LEN).enumerate() {
        // Block numbers start at 1, big-endian.
        let index = (i as u32).wrapping_add(1).to_be_bytes();
        let mut u = mac.mac(&[salt, &index]);
        let mut t = u;
        for _ in 1..rounds {
            u = mac.mac(&[u.as_ref()]);
            for (t, u) in t.as_mut().iter_mut().zip(u.as_ref()) {
                *t ^= u;
            }
        }
        chunk.copy_from_slice(&t.as_ref()[..chunk.len()]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sha256::Sha256;
    use crate::testutil::hex;

    /// RFC 7914 section 11's PBKDF2-HMAC-SHA256 vectors (64 bytes out: two blocks).
    #[test]
    fn rfc7914_vectors() {
        let mut out = [0u8; 64];
        pbkdf2::<Sha256>(b"passwd", b"salt", 1, &mut out);
        assert_eq!(
            hex(&out),
            "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc\
             49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783"
        );
        pbkdf2::<Sha256>(b"Password", b"NaCl", 80000, &mut out);
        assert_eq!(
            hex(&out),
            "4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56\
             a1d425a1225833549adb841b51c9b3176a272bdebba1d078478f62b397f33c8d"
        );
    }

    /// Against Python's hashlib.pbkdf2_hmac over lengths of password, salt and output that
    /// cross the block boundaries.
    #[test]
    fn against_hashlib() {
        let script = "import hashlib\nfor n in range(0, 140, 7):\n    p = bytes((i*7+n) & 255 for i in range(n))\n    s = bytes((i*13+1) & 255 for i in range(n // 2))\n    print(hashlib.pbkdf2_hmac('sha256', p, s, 1 + n % 5, n + 1).hex())";
        let out = std::process::Command::new("python3").arg("-c").arg(script).output().unwrap();
        let want = String::from_utf8(out.stdout).unwrap();
        let mut lines = want.lines();
        for n in (0..140usize).step_by(7) {
            let p: Vec<u8> = (0..n).map(|i| (i * 7 + n) as u8).collect();
            let s: Vec<u8> = (0..n / 2).map(|i| (i * 13 + 1) as u8).collect();
            let mut out = vec![0u8; n + 1];
            pbkdf2::<Sha256>(&p, &s, 1 + (n % 5) as u32, &mut out);
            assert_eq!(hex(&out), lines.next().unwrap(), "n {n}");
        }
    }
}
