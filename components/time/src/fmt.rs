//! Small decimal formatting helpers (printf's `%lld` with width, zero padding and
//! precision) for strftime and asctime, over any [`ByteSink`].

/// Where formatted bytes go: [`Sink`], a fixed buffer, or strftime's direct writer into
/// its output units.
pub trait ByteSink {
    fn push(&mut self, b: u8);

    fn push_all(&mut self, s: &[u8]) {
        for &b in s {
            self.push(b);
        }
    }

    /// Writes `v` like printf with the given sign flag, width, zero padding and minimum
    /// digit count: `%+.4ld` is `(v, true, 0, false, 4)`, `%0*lld` is `(v, false, w, true, 1)`.
    #[inline]
    fn num(&mut self, v: i64, plus: bool, width: usize, zero: bool, digits: usize) {
        if !plus && zero && width == 2 && digits <= 2 && (0..100).contains(&v) {
            // strftime's two-digit fields (%d %H %M %S %m ...), the common case.
            let v = v as u8;
            self.push(b'0' + v / 10);
            self.push(b'0' + v % 10);
        } else {
            self.any_num(v, plus, width, zero, digits);
        }
    }

    /// [`ByteSink::num`] for any number and layout.
    #[inline(never)]
    fn any_num(&mut self, v: i64, plus: bool, width: usize, zero: bool, digits: usize) {
        // The digits, filled from the end.
        let mut d = [0u8; 20];
        let mut p = d.len();
        let mut u = v.unsigned_abs();
        loop {
            p -= 1;
            d[p] = b'0' + (u % 10) as u8;
            u /= 10;
            if u == 0 {
                break;
            }
        }
        let n = d.len() - p;
        let sign = if v < 0 { Some(b'-') } else if plus { Some(b'+') } else { None };
        let body = n.max(digits) + sign.is_some() as usize;
        let fill = width.saturating_sub(body);
        if !zero {
            (0..fill).for_each(|_| self.push(b' '));
        }
        if let Some(s) = sign {
            self.push(s);
        }
        let zeros = if zero { fill } else { 0 } + digits.saturating_sub(n);
        (0..zeros).for_each(|_| self.push(b'0'));
        self.push_all(&d[p..]);
    }
}

/// A byte sink over a fixed buffer that drops what does not fit, counting all.
pub struct Sink<'a> {
    pub buf: &'a mut [u8],
    pub len: usize,
}

impl ByteSink for Sink<'_> {
    #[inline]
    fn push(&mut self, b: u8) {
        if let Some(slot) = self.buf.get_mut(self.len) {
            *slot = b;
        }
        self.len += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(v: i64, plus: bool, width: usize, zero: bool, digits: usize) -> String {
        let mut b = [0u8; 40];
        let mut s = Sink { buf: &mut b, len: 0 };
        s.num(v, plus, width, zero, digits);
        let n = s.len;
        String::from_utf8(b[..n].to_vec()).unwrap()
    }

    #[test]
    fn like_printf() {
        assert_eq!(f(-5, false, 4, true, 1), format!("{:04}", -5));
        assert_eq!(f(-5, false, 4, false, 1), format!("{:4}", -5));
        assert_eq!(f(-430, true, 0, false, 4), "-0430");
        assert_eq!(f(530, true, 0, false, 4), "+0530");
        assert_eq!(f(7, false, 2, false, 2), "07");
        assert_eq!(f(7, false, 2, true, 1), "07");
        assert_eq!(f(99, false, 2, true, 1), "99");
        assert_eq!(f(100, false, 2, true, 1), "100");
        assert_eq!(f(i64::MIN, false, 0, false, 1), i64::MIN.to_string());
    }
}
