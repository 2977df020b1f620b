//! The field counter between the scanner and its [`Input`].
//!
//! Each directive starts a field with [`Reader::field`], which may cap how many units it
//! takes (the conversion's width). Once the field meets its cap or the input its end, the
//! reader gives nothing more until the next field, and a pushback is dropped, since the
//! unit it would give back was never taken. This is the whole of musl's observable
//! lookahead: one unit, given back only when it was really read.
use super::Input;

pub(crate) struct Reader<'a, I: Input + ?Sized> {
    src: &'a mut I,
    /// Units consumed since the call began (`%n`).
    pub(crate) pos: u64,
    /// Units taken in this field, and its cap (0: none; a negative cap admits nothing).
    cnt: i64,
    cap: i64,
    /// The field met its cap or the end of the input.
    ended: bool,
    last: u32,
}

impl<'a, I: Input + ?Sized> Reader<'a, I> {
    pub(crate) fn new(src: &'a mut I) -> Self {
        Reader { src, pos: 0, cnt: 0, cap: 0, ended: false, last: 0 }
    }

    /// Starts a field of at most `cap` units (0: unbounded).
    pub(crate) fn field(&mut self, cap: i64) {
        self.cnt = 0;
        self.cap = cap;
        self.ended = false;
    }

    /// Units this field has taken.
    pub(crate) fn count(&self) -> i64 {
        self.cnt
    }

    pub(crate) fn get(&mut self) -> Option<u32> {
        if self.ended || (self.cap != 0 && self.cnt >= self.cap) {
            self.ended = true;
            return None;
        }
        match self.src.get() {
            Some(c) => {
                self.cnt += 1;
                self.pos += 1;
                self.last = c;
                Some(c)
            }
            None => {
                self.ended = true;
                None
            }
        }
    }

    /// Gives back the unit the last `get` returned, unless that `get` found nothing.
    pub(crate) fn unget(&mut self) {
        if !self.ended {
            self.src.unget(self.last);
            self.cnt -= 1;
            self.pos -= 1;
        }
    }

    /// Takes white space up to the first other unit, which stays unread.
    pub(crate) fn skip_space(&mut self) {
        while self.get().is_some_and(super::is_space) {}
        self.unget();
    }
}
