//! Domain names in wire form (RFC 1035 §3.1 and §4.1.4): walking a name through its
//! compression pointers, its text form, and encoding a text name.
//!
//! A name is a run of labels, each a length byte (at most 63) and that many bytes, ended
//! either by the root's zero byte or by a two-byte pointer (top bits `11`) to a name that
//! continues elsewhere in the message. Length bytes with top bits `01` or `10` are reserved
//! (RFC 6891 §5 retired the one use anyone made of them) and rejected.
//!
//! The walk is built to end on any input: the hops through pointers are capped (128, enough
//! to reach each label of the longest name once), and the name's wire form (every label
//! and length byte, as if uncompressed) may not pass 255 bytes, so a pointer loop ends at
//! one limit or the other. A pointer may lead anywhere inside the message, forward too:
//! RFC 1035 only ever makes them point back, but musl and glibc follow forward ones, and
//! so do we, since the two limits already bound the walk.
//!
//! The text form is the labels joined by dots, without a trailing dot, the root being the
//! empty string. Like musl, and unlike BIND, label bytes are copied as they are, with no
//! escapes: a label holding a dot or a control byte comes out ambiguous, so a caller that
//! wants a host name checks the text's characters itself.
use limpet_abi::nameser::{NS_CMPRSFLGS, NS_MAXCDNAME, NS_MAXLABEL};

/// The longest name in text form: the wire form without the first label's length byte
/// and the root's zero byte, each other length byte becoming a dot.
pub const MAX_TEXT: usize = NS_MAXCDNAME - 2;

/// The top bits of a length byte that say what kind of label it starts.
const KIND_MASK: u8 = NS_CMPRSFLGS;
/// The kind of an ordinary label: its length byte is at most 63.
const KIND_LABEL: u8 = 0;
/// The kind of a compression pointer: the other 14 bits are an offset from the message's start.
const KIND_POINTER: u8 = NS_CMPRSFLGS;
/// The size of a compression pointer.
const POINTER_LEN: usize = 2;
/// The bits of a pointer's first byte that are the offset's high bits.
const POINTER_HIGH: u8 = !NS_CMPRSFLGS;
/// The most pointers one name may follow. A name of 255 bytes has at most 127 labels and
/// the root, and an encoder needs at most one pointer to reach each of them.
const MAX_HOPS: usize = NS_MAXCDNAME / 2 + 1;

/// Walks the name at `pos` in `msg`, following its pointers, and calls `label` with each
/// label's position (of its length byte) and bytes, first to last, the root's excepted.
///
/// Returns the position just after the name's first run of labels (where the record goes
/// on), or `None` when the name is malformed (see the module doc) or `label` returned
/// false.
pub fn walk<'a>(msg: &'a [u8], pos: usize, mut label: impl FnMut(usize, &'a [u8]) -> bool) -> Option<usize> {
    let mut at = pos;
    // Where the name ends in place, once its first pointer is known.
    let mut after = None;
    let mut wire = 0;
    let mut hops = 0;
    loop {
        let len = *msg.get(at)?;
        match len & KIND_MASK {
            KIND_LABEL => {
                let n = usize::from(len);
                wire += n + 1;
                if wire > NS_MAXCDNAME {
                    return None;
                }
                if n == 0 {
                    return Some(after.unwrap_or(at + 1));
                }
                let bytes = msg.get(at + 1..at + 1 + n)?;
                if !label(at, bytes) {
                    return None;
                }
                at += 1 + n;
            }
            KIND_POINTER => {
                let low = *msg.get(at + 1)?;
                let target = usize::from(len & POINTER_HIGH) << 8 | usize::from(low);
                hops += 1;
                if hops > MAX_HOPS {
                    return None;
                }
                after.get_or_insert(at + POINTER_LEN);
                at = target;
            }
            _ => return None,
        }
    }
}

/// Expands the name at `pos` in `msg` into `out` in text form (see the module doc).
///
/// Returns the text's length (there is no NUL) and the position after the name in `msg`;
/// `None` when the name is malformed or its text does not fit `out`. [`MAX_TEXT`] bytes
/// hold any name.
pub fn expand(msg: &[u8], pos: usize, out: &mut [u8]) -> Option<(usize, usize)> {
    let mut len = 0;
    let after = walk(msg, pos, |_, label| {
        let dot = usize::from(len != 0);
        let Some(dst) = out.get_mut(len..len + dot + label.len()) else { return false };
        let Some((sep, text)) = dst.split_at_mut_checked(dot) else { return false };
        sep.fill(b'.');
        text.copy_from_slice(label);
        len += dot + label.len();
        true
    })?;
    Some((len, after))
}

/// The position after the name at `pos` in `msg`, once the whole name (through its
/// pointers) has been checked as [`expand`] checks it; `None` when it is malformed.
pub fn skip(msg: &[u8], pos: usize) -> Option<usize> {
    walk(msg, pos, |_, _| true)
}

/// The length of the name at the start of `data`, without following its pointer (there
/// is no message to follow it into): labels up to the root's zero byte or a pointer, each
/// inside `data`, of no reserved kind, at most 255 bytes in all. What `dn_skipname` and
/// `ns_skiprr` need.
pub fn skip_in_place(data: &[u8]) -> Option<usize> {
    let mut at = 0;
    loop {
        let len = *data.get(at)?;
        match len & KIND_MASK {
            KIND_LABEL if len == 0 => return Some(at + 1),
            KIND_LABEL => at += 1 + usize::from(len),
            KIND_POINTER => {
                data.get(at + 1)?;
                return Some(at + POINTER_LEN);
            }
            _ => return None,
        }
        if at >= NS_MAXCDNAME {
            return None;
        }
    }
}

/// Encodes the dotted text name `name` (a trailing dot allowed; "" and "." are the root)
/// into `out` in uncompressed wire form, returning its length.
///
/// `None` when a label is empty or longer than 63 bytes, when the wire form passes 255
/// bytes, or when it does not fit `out`. No escapes are read: each dot ends a label.
pub fn encode(name: &[u8], out: &mut [u8]) -> Option<usize> {
    let name = if name == b"." { &[][..] } else { name.strip_suffix(b".").unwrap_or(name) };
    let mut len = 0;
    if !name.is_empty() {
        for label in name.split(|&b| b == b'.') {
            if label.is_empty() || label.len() > NS_MAXLABEL || len + 1 + label.len() >= NS_MAXCDNAME {
                return None;
            }
            let (head, text) = out.get_mut(len..len + 1 + label.len())?.split_first_mut()?;
            // A label is at most 63 bytes, checked above.
            *head = label.len() as u8;
            text.copy_from_slice(label);
            len += 1 + label.len();
        }
    }
    *out.get_mut(len)? = 0;
    Some(len + 1)
}

/// The first label of the dotted text `text` and what follows its dot (`None` after the
/// last label).
fn split_label(text: &[u8]) -> (&[u8], Option<&[u8]>) {
    match text.iter().position(|&b| b == b'.') {
        Some(dot) => (text.get(..dot).unwrap_or_default(), text.get(dot + 1..)),
        None => (text, None),
    }
}

/// Whether the name at `pos` in `msg` (through its pointers) is the dotted text name `text`
/// (a trailing dot allowed; "" and "." are the root), ignoring ASCII case. False when the
/// name is malformed.
pub fn same_name(msg: &[u8], pos: usize, text: &[u8]) -> bool {
    let text = if text == b"." { &[][..] } else { text.strip_suffix(b".").unwrap_or(text) };
    let mut rest = (!text.is_empty()).then_some(text);
    let matched = walk(msg, pos, |_, label| {
        let Some(r) = rest else { return false };
        let (head, tail) = split_label(r);
        rest = tail;
        head.eq_ignore_ascii_case(label)
    });
    matched.is_some() && rest.is_none()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A message whose name at 12 is `www.example.com` and at 29 `mail` plus a pointer to
    /// `example.com` at 16.
    fn sample() -> Vec<u8> {
        let mut m = vec![0u8; 12];
        m.extend_from_slice(b"\x03www\x07example\x03com\x00");
        m.extend_from_slice(b"\x04mail\xc0\x10");
        m
    }

    fn expanded(msg: &[u8], pos: usize) -> Option<(Vec<u8>, usize)> {
        let mut out = [0u8; MAX_TEXT];
        let (len, after) = expand(msg, pos, &mut out)?;
        Some((out[..len].to_vec(), after))
    }

    #[test]
    fn expands_plain_and_compressed_names() {
        let m = sample();
        assert_eq!(expanded(&m, 12), Some((b"www.example.com".to_vec(), 29)));
        assert_eq!(expanded(&m, 29), Some((b"mail.example.com".to_vec(), 36)));
        assert_eq!(expanded(&m, 16), Some((b"example.com".to_vec(), 29)));
        assert_eq!(skip(&m, 29), Some(36));
        assert_eq!(skip_in_place(&m[29..]), Some(7));
        assert_eq!(skip_in_place(&m[12..]), Some(17));
        // The root, in place and through a pointer.
        assert_eq!(expanded(&m, 28), Some((Vec::new(), 29)));
        let mut r = m.clone();
        r.extend_from_slice(b"\xc0\x1c");
        assert_eq!(expanded(&r, 36), Some((Vec::new(), 38)));
    }

    #[test]
    fn rejects_loops_and_bad_labels() {
        let mut m = sample();
        m.extend_from_slice(b"\xc0\x24"); // at 36: points at itself
        assert_eq!(expanded(&m, 36), None);
        m.extend_from_slice(b"\xc0\x28\x01a\xc0\x26"); // 38 -> 40 (forward), 40: "a" -> 38: a loop
        assert_eq!(expanded(&m, 38), None);
        assert_eq!(expanded(&m, 40), None);
        // A pointer back into the run it ends: 44 "b" then -> 44.
        let mut l = sample();
        l.extend_from_slice(b"\x01b\xc0\x24");
        assert_eq!(expanded(&l, 36), None);
        // Reserved kinds, a label past the end, a pointer cut short.
        for bad in [&b"\x41abc\x00"[..], b"\x81abc\x00", b"\x05ab", b"\xc0"] {
            let mut b = vec![0u8; 12];
            b.extend_from_slice(bad);
            assert_eq!(expanded(&b, 12), None, "{bad:?}");
            assert_eq!(skip(&b, 12), None);
        }
        assert_eq!(skip_in_place(b"\x41abc\x00"), None);
        assert_eq!(skip_in_place(b"\xc0"), None);
        assert_eq!(expanded(&sample(), 1000), None);
        assert_eq!(expanded(&sample(), usize::MAX), None);
    }

    #[test]
    fn limits_the_wire_form_and_the_output() {
        // 127 one-byte labels and the root: 255 bytes, text 253.
        let mut m = Vec::new();
        for _ in 0..127 {
            m.extend_from_slice(b"\x01x");
        }
        m.push(0);
        let (text, after) = expanded(&m, 0).unwrap();
        assert_eq!((text.len(), after), (MAX_TEXT, 255));
        let mut small = [0u8; MAX_TEXT - 1];
        assert_eq!(expand(&m, 0, &mut small), None);
        // One label more passes 255.
        let mut big = b"\x01y".to_vec();
        big.extend_from_slice(&m);
        assert_eq!(expanded(&big, 0), None);
        assert_eq!(skip_in_place(&big), None);
        // The same length reached through pointers is refused too.
        let mut p = m[..200].to_vec();
        p.push(0);
        let split = p.len();
        p.extend_from_slice(&m[..100]);
        p.extend_from_slice(b"\xc0\x00");
        assert_eq!(expanded(&p, split), None);
    }

    #[test]
    fn encodes_text_names() {
        let mut out = [0u8; 300];
        assert_eq!(encode(b"www.example.com", &mut out), Some(17));
        assert_eq!(&out[..17], b"\x03www\x07example\x03com\x00");
        assert_eq!(encode(b"example.com.", &mut out), Some(13));
        assert_eq!(encode(b"", &mut out), Some(1));
        assert_eq!(encode(b".", &mut out), Some(1));
        assert_eq!(out[0], 0);
        for bad in [&b".."[..], b"a..b", b".a", b"a..", &[b'x'; 64]] {
            assert_eq!(encode(bad, &mut out), None, "{bad:?}");
        }
        assert_eq!(encode(&[b'x'; 63], &mut out), Some(65));
        let long: Vec<u8> = b"x.".repeat(127);
        assert_eq!(encode(&long, &mut out), Some(255));
        let longer: Vec<u8> = b"x.".repeat(128);
        assert_eq!(encode(&longer, &mut out), None);
        assert_eq!(encode(b"abc", &mut out[..4]), None);
        assert_eq!(encode(b"abc", &mut out[..5]), Some(5));
    }

    #[test]
    fn compares_names_without_case() {
        let m = sample();
        assert!(same_name(&m, 29, b"MAIL.Example.COM"));
        assert!(same_name(&m, 29, b"mail.example.com."));
        assert!(!same_name(&m, 29, b"mail.example"));
        assert!(!same_name(&m, 29, b"mail.example.com.au"));
        assert!(!same_name(&m, 29, b"mail..example.com"));
        assert!(!same_name(&m, 29, b"mail.exampld.com"));
        assert!(same_name(&m, 28, b""));
        assert!(same_name(&m, 28, b"."));
        assert!(!same_name(&m, 28, b".."));
        assert!(!same_name(&m, 12, b""));
        assert!(!same_name(&m, 5000, b""));
    }
}
