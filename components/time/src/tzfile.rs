//! TZif files (RFC 8536): the header check, the layout of the v1 or (preferred) v2+ data
//! block, the footer TZ string, and the transition search musl does over them.

/// Where the data block's tables sit inside the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    pub trans: usize,
    /// log2 of a transition time's size: 2 (v1) or 3 (v2+).
    pub scale: u32,
    pub index: usize,
    pub types: usize,
    pub abbrevs: usize,
    pub abbrevs_end: usize,
}

const HEADER: usize = 44;

fn be32(z: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_be_bytes(z.get(at..at + 4)?.try_into().ok()?))
}

/// Reads the file's counts and checks that every table lies inside it.
pub fn layout(z: &[u8]) -> Option<Layout> {
    if z.len() < HEADER || &z[..4] != b"TZif" {
        return None;
    }
    let (trans, scale) = if z[4] >= b'2' {
        // Skip the v1 block: isut + isstd + 8*leap + 5*time + 6*type + char bytes.
        let weights = [1usize, 1, 8, 5, 6, 1];
        let mut skip = 0usize;
        for (k, w) in weights.iter().enumerate() {
            skip = skip.checked_add((be32(z, 20 + 4 * k)? as usize).checked_mul(*w)?)?;
        }
        (skip.checked_add(2 * HEADER)?, 3)
    } else {
        (HEADER, 2)
    };
    let timecnt = be32(z, trans.checked_sub(12)?)? as usize;
    let typecnt = be32(z, trans - 8)? as usize;
    let charcnt = be32(z, trans - 4)? as usize;
    let index = trans.checked_add(timecnt.checked_shl(scale)?)?;
    let types = index.checked_add(timecnt)?;
    let abbrevs = types.checked_add(typecnt.checked_mul(6)?)?;
    let abbrevs_end = abbrevs.checked_add(charcnt)?;
    if abbrevs_end > z.len() || typecnt == 0 {
        return None;
    }
    // Every type index and abbreviation offset must stay inside the file.
    if z[index..types].iter().any(|&i| i as usize >= typecnt)
        || z[types..abbrevs].chunks(6).any(|t| abbrevs + t[5] as usize >= abbrevs_end)
    {
        return None;
    }
    Some(Layout { trans, scale, index, types, abbrevs, abbrevs_end })
}

/// The footer TZ string (between the last two newlines), if the file ends in a newline.
pub fn footer(z: &[u8]) -> Option<&[u8]> {
    let (&last, body) = z.split_last()?;
    if last != b'\n' {
        return None;
    }
    let start = body.iter().rposition(|&b| b == b'\n')? + 1;
    Some(&body[start..])
}

/// A local-time type: UT offset, DST flag, abbreviation offset.
pub struct Ttype {
    pub off: i64,
    pub isdst: bool,
    pub abbr: usize,
}

impl Layout {
    fn count(&self) -> usize {
        (self.index - self.trans) >> self.scale
    }

    fn time(&self, z: &[u8], k: usize) -> i64 {
        let at = self.trans + (k << self.scale);
        if self.scale == 3 {
            i64::from_be_bytes(z[at..at + 8].try_into().unwrap())
        } else {
            be32(z, at).unwrap() as i32 as i64
        }
    }

    pub fn ttype(&self, z: &[u8], i: usize) -> Ttype {
        let at = self.types + 6 * i;
        Ttype { off: be32(z, at).unwrap() as i32 as i64, isdst: z[at + 4] != 0, abbr: z[at + 5] as usize }
    }

    fn idx(&self, z: &[u8], k: usize) -> usize {
        z[self.index + k] as usize
    }

    /// The type in force at `t` (UTC, or local wall time when `local`) and a neighbouring
    /// type of the other DST state (`alt`), or `None` at or after the last transition,
    /// where the footer rule applies. Before the first transition the first standard type
    /// is used.
    pub fn scan(&self, z: &[u8], t: i64, local: bool) -> Option<(usize, usize)> {
        let total = self.count();
        if total == 0 {
            return Some((0, 0));
        }
        let (mut a, mut n) = (0usize, total);
        while n > 1 {
            let m = a + n / 2;
            let off = if local { self.ttype(z, self.idx(z, m - 1)).off } else { 0 };
            if t - off < self.time(z, m) {
                n /= 2;
            } else {
                a = m;
                n -= n / 2;
            }
        }
        if a == total - 1 {
            return None;
        }
        if a == 0 {
            let typecnt = (self.abbrevs - self.types) / 6;
            let first_std = (0..typecnt).find(|&i| !self.ttype(z, i).isdst).unwrap_or(0);
            let off = if local { self.ttype(z, first_std).off } else { 0 };
            if t - off < self.time(z, 0) {
                return Some((first_std, self.idx(z, 0)));
            }
        }
        let here = self.ttype(z, self.idx(z, a)).isdst;
        let alt = if a > 0 && self.ttype(z, self.idx(z, a - 1)).isdst != here {
            self.idx(z, a - 1)
        } else if a + 1 < total && self.ttype(z, self.idx(z, a + 1)).isdst != here {
            self.idx(z, a + 1)
        } else {
            self.idx(z, a)
        };
        Some((self.idx(z, a), alt))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(name: &str) -> Vec<u8> {
        std::fs::read(format!("/usr/share/zoneinfo/{name}")).unwrap()
    }

    #[test]
    fn new_york() {
        let z = load("America/New_York");
        let l = layout(&z).unwrap();
        assert_eq!(l.scale, 3);
        assert_eq!(footer(&z).unwrap(), b"EST5EDT,M3.2.0,M11.1.0");
        // 2000-07-01 12:00 UTC is EDT.
        let (i, alt) = l.scan(&z, 962_452_800, false).unwrap();
        let ty = l.ttype(&z, i);
        assert_eq!((ty.off, ty.isdst), (-14400, true));
        assert_eq!(&z[l.abbrevs + ty.abbr..l.abbrevs + ty.abbr + 3], b"EDT");
        assert_eq!(l.ttype(&z, alt).off, -18000);
        // Far past and far future.
        assert_eq!(l.ttype(&z, l.scan(&z, -5_000_000_000, false).unwrap().0).off, -17762);
        assert!(l.scan(&z, 5_000_000_000, false).is_none());
    }

    #[test]
    fn utc_and_garbage() {
        let z = load("Etc/UTC");
        let l = layout(&z).unwrap();
        assert_eq!(l.scan(&z, 0, false), Some((0, 0)));
        assert_eq!(footer(&z).unwrap(), b"UTC0");
        assert!(layout(b"TZif2 not really a zone file, far too short").is_none());
        assert!(layout(b"nope").is_none());
    }
}
