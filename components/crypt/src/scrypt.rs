//! scrypt (RFC 7914) as a function: yescrypt's core without its flags, with a 32-byte
//! output (what `$7$` keeps). The RFC's own test vectors check it.

use crate::mix::Mix;
use crate::yescrypt::{kdf, Params, HASH_LEN};

/// scrypt(`password`, `salt`, N = `n`, `r`, `p`) into `out` with the backend `M`; false
/// when the parameters are invalid or past the crate's bounds (`yescrypt::MEM_LIMIT`,
/// `yescrypt::WORK_LIMIT`).
pub fn scrypt<M: Mix>(password: &[u8], salt: &[u8], n: u64, r: u32, p: u32, out: &mut [u8; HASH_LEN]) -> bool {
    kdf::<M>(password, salt, &Params { flags: 0, n, r, p, t: 0 }, out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mix::Portable;
    use crate::testutil::hex;

    /// RFC 7914 section 12's vectors (their first 32 bytes: scrypt's output is PBKDF2's, so
    /// a shorter output is a prefix of the longer one). The fourth (N = 2^20, 1 GiB) only
    /// in release builds.
    fn rfc7914<M: Mix>() {
        let mut out = [0u8; HASH_LEN];
        assert!(scrypt::<M>(b"", b"", 16, 1, 1, &mut out));
        assert_eq!(hex(&out), "77d6576238657b203b19ca42c18a0497f16b4844e3074ae8dfdffa3fede21442");
        assert!(scrypt::<M>(b"password", b"NaCl", 1024, 8, 16, &mut out));
        assert_eq!(hex(&out), "fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e77376634b373162");
        if cfg!(not(debug_assertions)) {
            assert!(scrypt::<M>(b"pleaseletmein", b"SodiumChloride", 16384, 8, 1, &mut out));
            assert_eq!(hex(&out), "7023bdcb3afd7348461c06cd81fd38ebfda8fbba904f8e3ea9b543f6545da1f2");
            assert!(scrypt::<M>(b"pleaseletmein", b"SodiumChloride", 1 << 20, 8, 1, &mut out));
            assert_eq!(hex(&out), "2101cb9b6a511aaeaddbbe09cf70f881ec568d574a2ffd4dabe5ee9820adaa47");
        }
    }

    #[test]
    fn rfc7914_portable() {
        rfc7914::<Portable>();
    }

    #[test]
    fn rfc7914_native() {
        rfc7914::<crate::mix::Native>();
    }

    #[test]
    fn bad_parameters_fail() {
        let mut out = [0u8; HASH_LEN];
        for (n, r, p) in [(0, 1, 1), (1, 1, 1), (3, 1, 1), (16, 0, 1), (16, 1, 0), (1 << 32, 1, 1), (16, 1 << 15, 1 << 15)] {
            assert!(!scrypt::<Portable>(b"x", b"y", n, r, p, &mut out), "{n} {r} {p}");
        }
        // Past the memory bound (2 GiB of V), and past the work bound (N * r * p rows).
        assert!(!scrypt::<Portable>(b"x", b"y", 1 << 21, 8, 1, &mut out));
        assert!(!scrypt::<Portable>(b"x", b"y", 1 << 10, 8, 1 << 20, &mut out));
    }
}
