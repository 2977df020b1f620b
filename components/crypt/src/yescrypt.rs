//! yescrypt 1.x (and classic scrypt, which is yescrypt without flags): the parameters,
//! their bounds, and the key derivation around SMix (`smix`): the pre-hash, the HMAC and
//! PBKDF2 steps, and the final SCRAM-like "StoredKey" step. The crypt strings that carry
//! the parameters are read in `crypt_yescrypt` (`$y$`) and `crypt_scrypt` (`$7$`).

use crate::digest::Digest;
use crate::hmac::hmac;
use crate::mix::{Mix, SBOX_LANE_BLOCKS};
use crate::pbkdf2::pbkdf2;
use crate::region::Region;
use crate::salsa::{self, Block};
use crate::sha256::Sha256;
use crate::smix::{smix, Shape, Work};

/// yescrypt's flags: the write-once/read-many mode (scrypt with yescrypt's framing and
/// its time parameter), and the read-write mode with pwxform.
pub const WORM: u32 = 1;
pub const RW: u32 = 2;
const MODE_MASK: u32 = 3;
/// The only read-write flavour there is (YESCRYPT_DEFAULTS): read-write, pwxform with 6
/// rounds (0x04), 4 gathered lanes (0x10), 2 words wide (0x20), 12 KiB of S-boxes (0x80).
pub const DEFAULTS: u32 = RW | 0x04 | 0x10 | 0x20 | 0x80;

/// The most memory a hash may need, V and the rest: 1 GiB for V, the most that libxcrypt's
/// `crypt_gensalt` asks for (`$y$jFT$`: N = 2^18, r = 32), plus 1 MiB for the blocks,
/// scratch and S-boxes of the lanes. A setting past it fails before anything is allocated.
pub const MEM_LIMIT: u64 = (1 << 30) + (1 << 20);
/// The most work a hash may take, counted in BlockMix rows of 128 bytes (one row is one
/// `r` of one step of SMix1 or SMix2): 2^25, three times `$y$jFT$`'s and 190 times
/// Debian's default's (`$y$j9T$`, 2^17 + 2^17/3): a few seconds at most. A setting past it
/// (a huge N, r, p or t) fails at once.
pub const WORK_LIMIT: u64 = 1 << 25;

/// The prehash that yescrypt runs first when N/p and N/p * r are this large (with N/64).
const PREHASH_MIN_N: u64 = 0x100;
const PREHASH_MIN_NR: u64 = 0x20000;
const PREHASH_N_SHIFT: u32 = 6;
/// The keys of the HMAC that starts each run: the main one and the prehash.
const KEY_MAIN: &[u8] = b"yescrypt";
const KEY_PREHASH: &[u8] = b"yescrypt-prehash";
/// What the SCRAM-like last step MACs.
const CLIENT_KEY: &[u8] = b"Client Key";
/// r * p must stay below this (yescrypt's and scrypt's limit).
const RP_LIMIT: u64 = 1 << 30;
/// The least N, and in read-write mode the least N per lane, that libxcrypt accepts
/// (measured: N = 2, or N/p of 2 or 3, fails there).
const MIN_N: u64 = 4;

/// Bytes of a hash.
pub const HASH_LEN: usize = 32;

/// The parameters a setting gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Params {
    pub flags: u32,
    pub n: u64,
    pub r: u32,
    pub p: u32,
    pub t: u32,
}

/// The blocks of each part of the work memory.
struct Layout {
    v: usize,
    b: usize,
    xy: usize,
    s: usize,
}

impl Layout {
    fn total(&self) -> usize {
        self.v + self.b + self.xy + self.s
    }
}

/// Checks `params` as libxcrypt does (a known mode and flavour, N a power of two from 4
/// and below 2^32, r and p at least 1, r * p below 2^30, in read-write mode N/p at least
/// 4) and against `MEM_LIMIT` and `WORK_LIMIT`, with every product checked; gives the
/// shape of the work and its memory, or `None`.
fn plan(params: &Params) -> Option<(Shape, Layout)> {
    let Params { flags, n, r, p, t } = *params;
    let ok_flags = match flags & MODE_MASK {
        0 => flags == 0 && t == 0,
        WORM => flags == WORM,
        RW => flags == DEFAULTS,
        _ => false,
    };
    let (r64, p64) = (u64::from(r), u64::from(p));
    if !ok_flags || r == 0 || p == 0 || r64 * p64 >= RP_LIMIT {
        return None;
    }
    if n < MIN_N || !n.is_power_of_two() || n > u64::from(u32::MAX) {
        return None;
    }
    let rw = flags & RW != 0;
    if rw && n / p64 < MIN_N {
        return None;
    }
    let shape = Shape { rw, n, r: r as usize, p: p64, t };
    // Memory, in blocks of 64 bytes (a row of 128 r bytes is 2r blocks).
    let row = 2 * r64;
    let v = n.checked_mul(row)?;
    let b = p64 * row;
    let xy = 2 * row;
    let s = if rw { p64.checked_mul(SBOX_LANE_BLOCKS as u64)? } else { 0 };
    let total = v.checked_add(b)?.checked_add(xy)?.checked_add(s)?;
    if total.checked_mul(salsa::BYTES as u64)? > MEM_LIMIT {
        return None;
    }
    // Work, in rows: SMix1 over N (each lane over all of it when the lanes do not share
    // V), then each lane's SMix2 steps; the S-box fill is a few r = 1 rows per lane.
    let nloop = (shape.nloop_all().checked_add(1)? & !1).max(if rw { (shape.nloop_all() / p64 + 1) & !1 } else { 0 });
    let fill = if rw { n } else { n.checked_mul(p64)? };
    let steps = fill.checked_add(nloop.checked_mul(p64)?)?;
    if steps.checked_mul(r64)? > WORK_LIMIT {
        return None;
    }
    let layout = Layout { v: v as usize, b: b as usize, xy: xy as usize, s: s as usize };
    Some((shape, layout))
}

/// Hashes `password` with `salt` under `params` into `out` with the backend `M`; false
/// when the parameters are invalid or past the bounds, or the memory cannot be had.
pub fn kdf<M: Mix>(password: &[u8], salt: &[u8], params: &Params, out: &mut [u8; HASH_LEN]) -> bool {
    let Some((shape, layout)) = plan(params) else {
        return false;
    };
    let Some(mut region) = Region::new(layout.total()) else {
        return false;
    };
    let mem = region.blocks();
    let n = shape.n;
    let prehash = shape.rw && n / shape.p >= PREHASH_MIN_N && (n / shape.p) * shape.r as u64 >= PREHASH_MIN_NR;
    if prehash {
        let mut dk = [0u8; HASH_LEN];
        // The same memory serves: the prehash's V is the first 1/64 of the main one's.
        let pre = Shape { n: n >> PREHASH_N_SHIFT, t: 0, ..shape };
        body::<M>(password, salt, params.flags, true, pre, &layout, mem, &mut dk);
        body::<M>(&dk, salt, params.flags, false, shape, &layout, mem, out);
        dk.fill(0);
    } else {
        body::<M>(password, salt, params.flags, false, shape, &layout, mem, out);
    }
    true
}

/// One run of yescrypt's core (yescrypt_kdf_body) in `mem`.
#[allow(clippy::too_many_arguments)]
fn body<M: Mix>(
    password: &[u8],
    salt: &[u8],
    flags: u32,
    prehash: bool,
    shape: Shape,
    layout: &Layout,
    mem: &mut [Block],
    out: &mut [u8; HASH_LEN],
) {
    let (v, rest) = mem.split_at_mut(layout.v);
    let (b, rest) = rest.split_at_mut(layout.b);
    let (xy, rest) = rest.split_at_mut(layout.xy);
    let s = &mut rest[..layout.s];
    let b = salsa::bytes_mut(b);
    // yescrypt (not classic scrypt) first replaces the password by an HMAC of it, and
    // later keys the final PBKDF2 with the first 32 bytes PBKDF2 makes, which SMix then
    // mixes with the S-boxes.
    let mut key = [0u8; HASH_LEN];
    let framed = flags != 0;
    if framed {
        key = hmac::<Sha256>(if prehash { KEY_PREHASH } else { KEY_MAIN }, password);
        pbkdf2::<Sha256>(&key, salt, 1, b);
        key.copy_from_slice(&b[..HASH_LEN]);
    } else {
        pbkdf2::<Sha256>(password, salt, 1, b);
    }
    // A shape for this run only: the prehash's N.
    let v = &mut v[..(shape.n as usize) * 2 * shape.r];
    smix::<M>(b, shape, &mut Work { v, xy, s }, &mut key);
    pbkdf2::<Sha256>(if framed { &key } else { password }, b, 1, out);
    if framed && !prehash {
        let client = hmac::<Sha256>(out, CLIENT_KEY);
        *out = Sha256::digest(&client);
    }
    key.fill(0);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rw(log2: u32, r: u32, p: u32, t: u32) -> Params {
        Params { flags: DEFAULTS, n: 1 << log2, r, p, t }
    }

    /// The bounds where they bite, checked without hashing: the largest cost libxcrypt's
    /// crypt_gensalt writes (`$y$jFT$`, 1 GiB) is allowed, more memory or more than three
    /// times its work is not, and overflowing products fail instead of wrapping.
    #[test]
    fn bounds() {
        assert!(plan(&rw(18, 32, 1, 0)).is_some());
        assert!(plan(&rw(19, 32, 1, 0)).is_none());
        assert!(plan(&rw(18, 33, 1, 0)).is_none());
        // From t = 2 the work is t N r rows: at jFT, t = 4 reaches 2^25 exactly.
        assert!(plan(&rw(18, 32, 1, 4)).is_some());
        assert!(plan(&rw(18, 32, 1, 5)).is_none());
        assert!(plan(&rw(12, 32, 1, u32::MAX)).is_none());
        // Classic scrypt runs every lane over all of V: p multiplies the work.
        let classic = |p| Params { flags: 0, n: 1 << 12, r: 32, p, t: 0 };
        assert!(plan(&classic(64)).is_some());
        assert!(plan(&classic(129)).is_none());
        assert!(plan(&Params { flags: 0, n: 1 << 31, r: u32::MAX, p: u32::MAX, t: 0 }).is_none());
        assert!(plan(&Params { flags: WORM, n: 1 << 31, r: 1 << 29, p: 1, t: u32::MAX }).is_none());
        // libxcrypt's own limits.
        assert!(plan(&rw(2, 1, 1, 0)).is_some());
        assert!(plan(&rw(1, 1, 1, 0)).is_none());
        assert!(plan(&rw(3, 1, 2, 0)).is_some());
        assert!(plan(&rw(3, 1, 3, 0)).is_none());
        assert!(plan(&Params { flags: RW, ..rw(4, 1, 1, 0) }).is_none());
        assert!(plan(&Params { flags: 0, ..rw(4, 1, 1, 1) }).is_none());
    }
}
