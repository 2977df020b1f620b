//! The last step of `$1$`, `$5$` and `$6$`: the final digest written in the crypt base-64,
//! three bytes at a time in an order each method's specification lists, then the bytes
//! left over.

use crate::Out;
use crate::b64;

/// Bits in a byte.
const BYTE_BITS: u32 = 8;
/// Characters one group of three bytes takes (24 bits).
const GROUP_CHARS: usize = 4;

/// How a method lays its digest out: `groups` lists the indexes of three bytes each, the
/// most significant first, and `tail` the bytes left over (most significant first).
pub struct Layout {
    pub groups: &'static [[u8; 3]],
    pub tail: &'static [u8],
}

/// Appends `digest` laid out as `layout` says; false when `out` is full. The alphabet's
/// lookups are indexed by the digest, which is no secret: it is the published hash.
pub fn push(out: &mut Out, digest: &[u8], layout: &Layout) -> bool {
    let word = |idx: &[u8]| {
        idx.iter().fold(0u32, |w, &i| {
            (w << BYTE_BITS) | u32::from(digest[usize::from(i)])
        })
    };
    let tail_chars = (layout.tail.len() * BYTE_BITS as usize).div_ceil(b64::BITS as usize);
    layout
        .groups
        .iter()
        .all(|g| b64::push(out, word(g), GROUP_CHARS))
        && b64::push(out, word(layout.tail), tail_chars)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_then_tail() {
        let layout = Layout {
            groups: &[[2, 1, 0]],
            tail: &[3],
        };
        let mut o = Out::new();
        // Bytes 0, 1, 2 make 0x000001 (value 1, then three zeros); byte 3 is 0x3f: "z.".
        assert!(push(&mut o, &[1, 0, 0, 0x3f], &layout));
        assert_eq!(o.as_bytes(), b"/...z.");
    }
}
