//! The byte sets that `%s`, `%c` and `%[...]` accept.
use super::is_space;

/// A set of byte values; the end of the input is never in it.
#[derive(Clone, Copy)]
pub(crate) struct Set([u64; 4]);

impl Set {
    /// Every byte (`%c`).
    pub(crate) fn all() -> Set {
        Set([u64::MAX; 4])
    }

    /// Every byte but white space (`%s`).
    pub(crate) fn non_space() -> Set {
        let mut s = Set::all();
        for b in 0..=255u8 {
            if is_space(u32::from(b)) {
                s.put(b, false);
            }
        }
        s
    }

    fn put(&mut self, b: u8, on: bool) {
        let bit = 1u64 << (b % 64);
        if on {
            self.0[usize::from(b / 64)] |= bit;
        } else {
            self.0[usize::from(b / 64)] &= !bit;
        }
    }

    pub(crate) fn has(&self, c: u32) -> bool {
        c < 256 && self.0[(c / 64) as usize] & 1 << (c % 64) != 0
    }

    /// Parses the set of a `%[` whose `[` is at `fmt[*i]`; leaves `*i` on the closing `]`.
    /// `^` first inverts it; a `]` or `-` first is a member; `a-z` is a range of byte
    /// values (a descending one holds only its two ends), a `-` before the `]` a member.
    /// None when the format ends before the `]`.
    pub(crate) fn parse(fmt: &[u8], i: &mut usize) -> Option<Set> {
        let at = |k: usize| fmt.get(k).copied().unwrap_or(0);
        *i += 1;
        let invert = at(*i) == b'^';
        if invert {
            *i += 1;
        }
        let mut s = Set(if invert { [u64::MAX; 4] } else { [0; 4] });
        if at(*i) == b'-' || at(*i) == b']' {
            s.put(at(*i), !invert);
            *i += 1;
        }
        while at(*i) != b']' {
            let c = at(*i);
            if c == 0 {
                return None;
            }
            if c == b'-' && at(*i + 1) != 0 && at(*i + 1) != b']' {
                let lo = at(*i - 1);
                *i += 1;
                for b in lo..at(*i) {
                    s.put(b, !invert);
                }
            }
            s.put(at(*i), !invert);
            *i += 1;
        }
        Some(s)
    }
}
