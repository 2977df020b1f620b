//! The compression function SHA-256 and SHA-512 share (FIPS 180-4, 6.2.2 and 6.4.2): the
//! same rounds over 32- or 64-bit words, written once as a macro. Each hash's module
//! defines its constants `K` and `BLOCK` and its four rotation functions (`big_sigma0`,
//! `big_sigma1`, `small_sigma0`, `small_sigma1`), then expands [`compress!`].
//!
//! Two choices make it fast: the rounds are unrolled sixteen at a time, so every index into
//! the message schedule (a ring of sixteen words, computed as the rounds need them) is a
//! constant; and the eight working variables are renamed from round to round instead of
//! moved, so a round writes only two of them.

/// One round, with the working variables named in their current roles: the next round
/// names them shifted by one, so only `d` and `h` are written. Ch and Maj are written in
/// the forms with one operation fewer.
macro_rules! round {
    ($a:ident, $b:ident, $c:ident, $d:ident, $e:ident, $f:ident, $g:ident, $h:ident, $kw:expr) => {
        let ch = $g ^ ($e & ($f ^ $g));
        let t1 = $h.wrapping_add(big_sigma1($e)).wrapping_add(ch).wrapping_add($kw);
        let maj = ($a & $b) | ($c & ($a | $b));
        $d = $d.wrapping_add(t1);
        $h = t1.wrapping_add(big_sigma0($a)).wrapping_add(maj);
    };
}

/// Eight rounds from round `base` on (the names come back to where they started), taking
/// K + W of round `base + j` from `kw(base + j)`.
macro_rules! eight_rounds {
    ($a:ident, $b:ident, $c:ident, $d:ident, $e:ident, $f:ident, $g:ident, $h:ident, $kw:expr, $base:expr) => {
        $crate::sha2::round!($a, $b, $c, $d, $e, $f, $g, $h, ($kw)($base));
        $crate::sha2::round!($h, $a, $b, $c, $d, $e, $f, $g, ($kw)($base + 1));
        $crate::sha2::round!($g, $h, $a, $b, $c, $d, $e, $f, ($kw)($base + 2));
        $crate::sha2::round!($f, $g, $h, $a, $b, $c, $d, $e, ($kw)($base + 3));
        $crate::sha2::round!($e, $f, $g, $h, $a, $b, $c, $d, ($kw)($base + 4));
        $crate::sha2::round!($d, $e, $f, $g, $h, $a, $b, $c, ($kw)($base + 5));
        $crate::sha2::round!($c, $d, $e, $f, $g, $h, $a, $b, ($kw)($base + 6));
        $crate::sha2::round!($b, $c, $d, $e, $f, $g, $h, $a, ($kw)($base + 7));
    };
}

/// Defines `fn compress(state: &mut [$word; 8], block: &[u8; BLOCK])`, one block into the
/// state.
macro_rules! compress {
    ($word:ty) => {
        /// Words of the message schedule kept: each new word needs the last sixteen.
        const RING: usize = 16;
        /// The rounds go in passes of sixteen, one per turn of the schedule's ring.
        const PASSES: usize = K.len() / RING;
        /// Bytes of a word.
        const WORD: usize = core::mem::size_of::<$word>();

        /// One block into the state (see [`crate::sha2`]).
        fn compress(state: &mut [$word; 8], block: &[u8; BLOCK]) {
            let mut w: [$word; RING] = [0; RING];
            for (i, word) in block.chunks_exact(WORD).enumerate() {
                let mut b = [0u8; WORD];
                b.copy_from_slice(word);
                w[i] = <$word>::from_be_bytes(b);
            }
            let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut h] = *state;
            $crate::sha2::eight_rounds!(a, b, c, d, e, f, g, h, |j: usize| K[j].wrapping_add(w[j]), 0);
            $crate::sha2::eight_rounds!(a, b, c, d, e, f, g, h, |j: usize| K[j].wrapping_add(w[j]), 8);
            for pass in 1..PASSES {
                // Word j of this pass replaces the word sixteen rounds older, in its slot.
                let mut next = |j: usize| {
                    let v = w[j]
                        .wrapping_add(small_sigma0(w[(j + 1) % RING]))
                        .wrapping_add(w[(j + 9) % RING])
                        .wrapping_add(small_sigma1(w[(j + 14) % RING]));
                    w[j] = v;
                    K[pass * RING + j].wrapping_add(v)
                };
                $crate::sha2::eight_rounds!(a, b, c, d, e, f, g, h, &mut next, 0);
                $crate::sha2::eight_rounds!(a, b, c, d, e, f, g, h, &mut next, 8);
            }
            for (s, x) in state.iter_mut().zip([a, b, c, d, e, f, g, h]) {
                *s = s.wrapping_add(x);
            }
        }
    };
}

pub(crate) use {compress, eight_rounds, round};
