//! The base-64 of Unix password hashes: DES, MD5, SHA-crypt, scrypt and yescrypt write 6 bits
//! a character from this alphabet, the lowest bits first. (bcrypt uses another order of the
//! same characters; its module has its own.)

/// The characters, by value.
pub const ALPHABET: &[u8; 64] = b"./0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// Bits a character carries.
pub const BITS: u32 = 6;
const MASK: u32 = (1 << BITS) - 1;

/// The value of character `c`, or `None` when it is not in the alphabet.
pub fn value(c: u8) -> Option<u32> {
    let v = match c {
        b'.' => 0,
        b'/' => 1,
        b'0'..=b'9' => c - b'0' + 2,
        b'A'..=b'Z' => c - b'A' + 12,
        b'a'..=b'z' => c - b'a' + 38,
        _ => return None,
    };
    Some(u32::from(v))
}

/// Writes the low `6 * n` bits of `v` as `n` characters, the lowest bits first.
pub fn push(out: &mut crate::Out, mut v: u32, n: usize) -> bool {
    for _ in 0..n {
        if !out.push(ALPHABET[(v & MASK) as usize]) {
            return false;
        }
        v >>= BITS;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn value_inverts_the_alphabet() {
        for (i, &c) in ALPHABET.iter().enumerate() {
            assert_eq!(value(c), Some(i as u32));
        }
        let outside = (0..=255u8).filter(|c| !ALPHABET.contains(c));
        for c in outside {
            assert_eq!(value(c), None);
        }
    }

    #[test]
    fn push_writes_low_bits_first() {
        let mut o = crate::Out::new();
        assert!(push(&mut o, 0b000001_111111, 2));
        assert_eq!(o.as_bytes(), b"z/");
    }
}
