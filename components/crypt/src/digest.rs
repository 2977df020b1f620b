//! What the password hashes need of a hash function: SHA-256 and SHA-512 (`$5$`, `$6$`, and
//! through HMAC and PBKDF2 scrypt and yescrypt) and MD5 (`$1$`) share it, so the methods built
//! on them are written once over the trait.

/// A Merkle-Damgård hash function, fed in pieces.
pub trait Digest: Clone {
    /// The digest's length in bytes.
    const LEN: usize;
    /// The block's length in bytes (HMAC pads its key to it).
    const BLOCK: usize;
    /// The digest, `LEN` bytes.
    type Out: AsRef<[u8]> + AsMut<[u8]> + Copy + Default;

    /// A hash of nothing yet.
    fn new() -> Self;
    /// Hashes `data` after what was fed before.
    fn update(&mut self, data: &[u8]);
    /// The digest of everything fed.
    fn finish(self) -> Self::Out;

    /// The digest of `data` alone.
    fn digest(data: &[u8]) -> Self::Out {
        let mut h = Self::new();
        h.update(data);
        h.finish()
    }
}

/// The bytes of a message that do not yet fill a block, and the message's length so far:
/// the buffering that MD5, SHA-256 and SHA-512 share.
#[derive(Clone)]
pub(crate) struct Pending<const N: usize> {
    buf: [u8; N],
    used: usize,
    total: u64,
}

/// The end-of-message marker that starts the padding.
const PAD_START: u8 = 0x80;

impl<const N: usize> Pending<N> {
    pub(crate) const fn new() -> Self {
        Pending { buf: [0; N], used: 0, total: 0 }
    }

    /// Adds `data`, giving `block` every block it completes, in order.
    pub(crate) fn feed(&mut self, mut data: &[u8], mut block: impl FnMut(&[u8; N])) {
        self.total = self.total.wrapping_add(data.len() as u64);
        if self.used > 0 {
            let take = (N - self.used).min(data.len());
            self.buf[self.used..self.used + take].copy_from_slice(&data[..take]);
            self.used += take;
            data = &data[take..];
            if self.used < N {
                return;
            }
            block(&self.buf);
            self.used = 0;
        }
        let mut chunks = data.chunks_exact(N);
        for c in &mut chunks {
            // The chunk is exactly N bytes long.
            block(c.try_into().unwrap_or(&[0; N]));
        }
        let rest = chunks.remainder();
        self.buf[..rest.len()].copy_from_slice(rest);
        self.used = rest.len();
    }

    /// Pads the message (0x80, zeros, then its length in bits in the last `len_bytes` bytes
    /// of a block, big- or little-endian) and gives `block` the last block or two.
    pub(crate) fn finish(mut self, len_bytes: usize, big_endian: bool, mut block: impl FnMut(&[u8; N])) {
        let bits = self.total.wrapping_mul(8);
        self.buf[self.used] = PAD_START;
        self.used += 1;
        if self.used > N - len_bytes {
            self.buf[self.used..].fill(0);
            block(&self.buf);
            self.used = 0;
        }
        self.buf[self.used..].fill(0);
        // The length is the last 8 bytes; SHA-512's 128-bit field has 8 more before them,
        // which stay zero (no message here reaches 2^64 bits).
        let len = if big_endian { bits.to_be_bytes() } else { bits.to_le_bytes() };
        self.buf[N - 8..].copy_from_slice(&len);
        block(&self.buf);
    }
}
