//! HMAC (RFC 2104) over any of the crate's hash functions: PBKDF2 (`pbkdf2`) is built on it,
//! and yescrypt (`yescrypt`) also uses it alone.

use crate::digest::Digest;

/// The bytes the key block is XORed with for the inner and the outer hash (RFC 2104's ipad
/// and opad).
const IPAD: u8 = 0x36;
const OPAD: u8 = 0x5c;
/// The longest block of the hash functions here (SHA-512's).
const MAX_BLOCK: usize = 128;

/// An HMAC key made ready: the inner and outer hashes with their padded key blocks already
/// fed, so that each message costs only its own blocks (PBKDF2 hashes many short messages
/// under one key).
#[derive(Clone)]
pub struct Hmac<D: Digest> {
    inner: D,
    outer: D,
}

impl<D: Digest> Hmac<D> {
    /// Prepares `key`; a key longer than the block is hashed first, as RFC 2104 says.
    pub fn new(key: &[u8]) -> Self {
        let mut block = [0u8; MAX_BLOCK];
        let block = &mut block[..D::BLOCK];
        if key.len() > D::BLOCK {
            let k = D::digest(key);
            block[..D::LEN].copy_from_slice(k.as_ref());
        } else {
            block[..key.len()].copy_from_slice(key);
        }
        let mut inner = D::new();
        let mut outer = D::new();
        let mut pad = [0u8; MAX_BLOCK];
        let pad = &mut pad[..D::BLOCK];
        for (p, &b) in pad.iter_mut().zip(block.iter()) {
            *p = b ^ IPAD;
        }
        inner.update(pad);
        for (p, &b) in pad.iter_mut().zip(block.iter()) {
            *p = b ^ OPAD;
        }
        outer.update(pad);
        // The key must not stay on the stack after us.
        block.fill(0);
        pad.fill(0);
        Hmac { inner, outer }
    }

    /// The MAC of the message made of `parts`, one after the other.
    pub fn mac(&self, parts: &[&[u8]]) -> D::Out {
        let mut inner = self.inner.clone();
        for p in parts {
            inner.update(p);
        }
        let mut outer = self.outer.clone();
        outer.update(inner.finish().as_ref());
        outer.finish()
    }
}

/// The MAC of `msg` under `key`, in one call.
pub fn hmac<D: Digest>(key: &[u8], msg: &[u8]) -> D::Out {
    Hmac::<D>::new(key).mac(&[msg])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sha256::Sha256;
    use crate::sha512::Sha512;
    use crate::testutil::hex;

    /// RFC 4231's test cases 1 to 4, 6 and 7 (case 5 truncates the output), for SHA-256
    /// and SHA-512: short keys, a key of 131 bytes (longer than both blocks), and long
    /// messages.
    #[test]
    fn rfc4231_vectors() {
        let long_key = vec![0xaau8; 131];
        let cases: [(Vec<u8>, Vec<u8>, &str, &str); 6] = [
            (vec![0x0b; 20], b"Hi There".to_vec(),
             "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7",
             "87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cdedaa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1702e696c203a126854"),
            (b"Jefe".to_vec(), b"what do ya want for nothing?".to_vec(),
             "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
             "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea2505549758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737"),
            (vec![0xaa; 20], vec![0xdd; 50],
             "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe",
             "fa73b0089d56a284efb0f0756c890be9b1b5dbdd8ee81a3655f83e33b2279d39bf3e848279a722c806b485a47e67c807b946a337bee8942674278859e13292fb"),
            ((1..=25).collect(), vec![0xcd; 50],
             "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b",
             "b0ba465637458c6990e5a8c5f61d4af7e576d97ff94b872de76f8050361ee3dba91ca5c11aa25eb4d679275cc5788063a5f19741120c4f2de2adebeb10a298dd"),
            (long_key.clone(), b"Test Using Larger Than Block-Size Key - Hash Key First".to_vec(),
             "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54",
             "80b24263c7c1a3ebb71493c1dd7be8b49b46d1f41b4aeec1121b013783f8f3526b56d037e05f2598bd0fd2215d6a1e5295e64f73f63f0aec8b915a985d786598"),
            (long_key, b"This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.".to_vec(),
             "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2",
             "e37b6a775dc87dbaa4dfa9f96e5e3ffddebd71f8867289865df5a32d20cdc944b6022cac3c4982b10d5eeb55c3e4de15134676fb6de0446065c97440fa8c6a58"),
        ];
        for (key, msg, want256, want512) in &cases {
            assert_eq!(hex(&hmac::<Sha256>(key, msg)), *want256);
            assert_eq!(hex(hmac::<Sha512>(key, msg).as_ref()), *want512);
            let h = Hmac::<Sha256>::new(key);
            let (a, b) = msg.split_at(msg.len() / 3);
            assert_eq!(h.mac(&[a, b]), hmac::<Sha256>(key, msg));
        }
    }
}
