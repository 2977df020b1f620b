//! One line of /etc/passwd or /etc/group, cut into its fields: [`Passwd`] and [`Group`]
//! borrow the line and copy nothing. A line that does not parse is `None`, and the
//! readers skip it.
//!
//! The rules are musl's, except where musl's reading is a bug (README, "How lines are
//! read"):
//! - the line is what `getline` returned less its newline, up to its first NUL (musl reads
//!   it as a C string); a last line without a newline is kept whole;
//! - the fields are separated by `:`; the last one (the shell, the member list) is the rest
//!   of the line, `:` and all; a line with fewer fields is malformed;
//! - the name is not empty;
//! - an id is one or more ASCII digits (no sign, no space) whose value fits in 32 bits;
//!   on the NIS compatibility lines, whose name starts with `+` or `-`, an empty id is 0
//!   (musl reads every empty id as 0, glibc only these);
//! - the members are the pieces of their field between commas, none when it is empty.
//!
//! Nothing else is special: spaces, a carriage return and `#` are ordinary bytes of the
//! fields they fall in.
use limpet_abi::pwd::{gid_t, uid_t};

/// What separates the fields of a line.
const FIELD_SEP: u8 = b':';
/// What separates the members of a group.
const MEMBER_SEP: u8 = b',';
/// The radix of an id.
const DECIMAL: u32 = 10;
/// The first bytes of the names of NIS compatibility lines (`+`, `+name`, `-name`,
/// `+@netgroup`).
const NIS_MARKS: [u8; 2] = [b'+', b'-'];

/// A line of /etc/passwd: `name:passwd:uid:gid:gecos:dir:shell`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Passwd<'a> {
    pub name: &'a [u8],
    pub passwd: &'a [u8],
    pub uid: uid_t,
    pub gid: gid_t,
    pub gecos: &'a [u8],
    pub dir: &'a [u8],
    pub shell: &'a [u8],
}

impl<'a> Passwd<'a> {
    /// The user of `line`, or `None` when the line is malformed.
    pub fn parse(line: &'a [u8]) -> Option<Passwd<'a>> {
        let mut f = Fields(c_string(line));
        let name = f.name()?;
        let passwd = f.next()?;
        let uid = id(f.next()?, name)?;
        let gid = id(f.next()?, name)?;
        let gecos = f.next()?;
        let dir = f.next()?;
        Some(Passwd { name, passwd, uid, gid, gecos, dir, shell: f.0 })
    }

    /// The bytes its five strings take, each with its NUL.
    pub fn text_len(&self) -> usize {
        [self.name, self.passwd, self.gecos, self.dir, self.shell].iter().map(|s| s.len() + 1).sum()
    }
}

/// A line of /etc/group: `name:passwd:gid:member,member,...`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Group<'a> {
    pub name: &'a [u8],
    pub passwd: &'a [u8],
    pub gid: gid_t,
    /// The member field as it is, commas included.
    pub member_list: &'a [u8],
}

impl<'a> Group<'a> {
    /// The group of `line`, or `None` when the line is malformed.
    pub fn parse(line: &'a [u8]) -> Option<Group<'a>> {
        let mut f = Fields(c_string(line));
        let name = f.name()?;
        let passwd = f.next()?;
        let gid = id(f.next()?, name)?;
        Some(Group { name, passwd, gid, member_list: f.0 })
    }

    /// The members' names, in the line's order.
    pub fn members(&self) -> impl Iterator<Item = &'a [u8]> + Clone + use<'a> {
        // `split` gives one empty piece for an empty field, which names nobody.
        let pieces = if self.member_list.is_empty() { 0 } else { usize::MAX };
        self.member_list.split(|&c| c == MEMBER_SEP).take(pieces)
    }

    /// How many members [`Group::members`] gives.
    pub fn member_count(&self) -> usize {
        if self.member_list.is_empty() {
            0
        } else {
            self.member_list.iter().filter(|&&c| c == MEMBER_SEP).count() + 1
        }
    }

    /// Whether `user` is one of the members (compared byte for byte).
    pub fn has_member(&self, user: &[u8]) -> bool {
        self.members().any(|m| m == user)
    }

    /// The bytes its strings take, each with its NUL: the name, the password and every
    /// member.
    pub fn text_len(&self) -> usize {
        // The members take their field's bytes, each comma turned into a NUL, and one NUL
        // after the last.
        self.name.len() + 1 + self.passwd.len() + 1 + self.member_list.len() + usize::from(!self.member_list.is_empty())
    }
}

/// The fields still to read from a line.
struct Fields<'a>(&'a [u8]);

impl<'a> Fields<'a> {
    /// The next field, which a separator ends; `None` when no separator is left (the rest
    /// of the line is then the last field, `self.0`).
    fn next(&mut self) -> Option<&'a [u8]> {
        let end = self.0.iter().position(|&c| c == FIELD_SEP)?;
        let field = &self.0[..end];
        self.0 = &self.0[end + 1..];
        Some(field)
    }

    /// The first field, which must not be empty.
    fn name(&mut self) -> Option<&'a [u8]> {
        self.next().filter(|n| !n.is_empty())
    }
}

/// `line` up to its first NUL, as C string functions would see it.
fn c_string(line: &[u8]) -> &[u8] {
    line.iter().position(|&c| c == 0).map_or(line, |end| &line[..end])
}

/// A decimal id: at least one digit, nothing else, and no more than `u32::MAX`; or
/// nothing at all, 0, on the NIS line of the user or group `name`.
fn id(field: &[u8], name: &[u8]) -> Option<u32> {
    if field.is_empty() {
        return name.first().is_some_and(|c| NIS_MARKS.contains(c)).then_some(0);
    }
    field.iter().try_fold(0u32, |v, &c| {
        let digit = char::from(c).to_digit(DECIMAL)?;
        v.checked_mul(DECIMAL)?.checked_add(digit)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user(line: &str) -> Option<(String, String, u32, u32, String, String, String)> {
        let s = |b: &[u8]| String::from_utf8(b.to_vec()).unwrap();
        Passwd::parse(line.as_bytes())
            .map(|p| (s(p.name), s(p.passwd), p.uid, p.gid, s(p.gecos), s(p.dir), s(p.shell)))
    }

    /// A group's name, password, gid and members.
    type Fields = (Vec<u8>, Vec<u8>, u32, Vec<Vec<u8>>);

    fn group(line: &[u8]) -> Option<Fields> {
        Group::parse(line).map(|g| {
            assert_eq!(g.members().count(), g.member_count());
            (g.name.to_vec(), g.passwd.to_vec(), g.gid, g.members().map(<[u8]>::to_vec).collect())
        })
    }

    fn members(line: &str) -> Vec<String> {
        let g = Group::parse(line.as_bytes()).unwrap();
        g.members().map(|m| String::from_utf8(m.to_vec()).unwrap()).collect()
    }

    #[test]
    fn a_well_formed_user() {
        let want = |a: &str, b: &str, u, g, c: &str, d: &str, e: &str| {
            Some((a.into(), b.into(), u, g, c.into(), d.into(), e.into()))
        };
        assert_eq!(user("root:x:0:0:root:/root:/bin/sh"), want("root", "x", 0, 0, "root", "/root", "/bin/sh"));
        assert_eq!(user("a:x:1:2:g:/d:/s"), want("a", "x", 1, 2, "g", "/d", "/s"));
        // Empty text fields, leading zeros, the largest id.
        assert_eq!(user("b::007:4294967295:::"), want("b", "", 7, u32::MAX, "", "", ""));
        // The last field takes the rest of the line; other bytes are the fields' own.
        assert_eq!(user("c:x:1:2:g:/d:/s:extra"), want("c", "x", 1, 2, "g", "/d", "/s:extra"));
        assert_eq!(user("d:x:1:2: G, h :/d:/s\r"), want("d", "x", 1, 2, " G, h ", "/d", "/s\r"));
        assert_eq!(user("+@nis:*:5:6:::"), want("+@nis", "*", 5, 6, "", "", ""));
        // NIS lines may leave their ids empty.
        assert_eq!(user("+::::::"), want("+", "", 0, 0, "", "", ""));
        assert_eq!(user("-bob::::::"), want("-bob", "", 0, 0, "", "", ""));
        assert_eq!(user("+@staff:x::7:::"), want("+@staff", "x", 0, 7, "", "", ""));
        // A NUL ends the line.
        assert_eq!(user("e:x:1:2:g:/d:/s\0junk:"), want("e", "x", 1, 2, "g", "/d", "/s"));
    }

    #[test]
    fn malformed_users() {
        for line in [
            "",
            "#comment",
            "a:x:1:2:g:/d",
            "a:x:1:2:g",
            "a",
            "+",
            ":x:1:2:g:/d:/s",
            "::::::",
            ":::::::",
            "a:x::2:g:/d:/s",
            "a:x:1::g:/d:/s",
            "a:x: 1:2:g:/d:/s",
            "a:x:1 :2:g:/d:/s",
            "a:x:+1:2:g:/d:/s",
            "a:x:-1:2:g:/d:/s",
            "a:x:0x10:2:g:/d:/s",
            "a:x:4294967296:2:g:/d:/s",
            "a:x:1:99999999999999999999:g:/d:/s",
            "a:x:1\0:2:g:/d:/s",
            "-foo",
            "+:::::",
            "+:x:-1:::::",
            "a+::::::",
        ] {
            assert_eq!(user(line), None, "{line:?}");
        }
    }

    #[test]
    fn a_well_formed_group() {
        let v = |l: &[&str]| l.iter().map(|s| s.as_bytes().to_vec()).collect::<Vec<_>>();
        assert_eq!(group(b"wheel:x:10:root,alice"), Some((b"wheel".to_vec(), b"x".to_vec(), 10, v(&["root", "alice"]))));
        assert_eq!(group(b"g::0:"), Some((b"g".to_vec(), b"".to_vec(), 0, v(&[]))));
        assert_eq!(group(b"g:x:4294967295:a:b"), Some((b"g".to_vec(), b"x".to_vec(), u32::MAX, v(&["a:b"]))));
        assert_eq!(members("g:x:1:a"), ["a"]);
        assert_eq!(members("g:x:1: a , b\r"), [" a ", " b\r"]);
        // Empty pieces between, before and after commas are members with empty names.
        assert_eq!(members("g:x:1:a,,b"), ["a", "", "b"]);
        assert_eq!(members("g:x:1:,a"), ["", "a"]);
        assert_eq!(members("g:x:1:a,"), ["a", ""]);
        assert_eq!(members("g:x:1:,"), ["", ""]);
        assert_eq!(members("g:x:1:a,b\0,c"), ["a", "b"]);
        assert_eq!(group(b"+:::"), Some((b"+".to_vec(), b"".to_vec(), 0, v(&[]))));
        assert_eq!(group(b"-g:x::a"), Some((b"-g".to_vec(), b"x".to_vec(), 0, v(&["a"]))));
    }

    #[test]
    fn malformed_groups() {
        for line in ["", "g", "g:x", "g:x:1", ":x:1:a", "g:x::a", "g:x:-1:a", "g:x: 1:a", "g:x:4294967296:a", "+::", "g\0:x:1:"] {
            assert_eq!(group(line.as_bytes()), None, "{line:?}");
        }
    }

    #[test]
    fn membership_is_exact() {
        let g = Group::parse(b"g:x:1:alice,bob,alicex").unwrap();
        assert!(g.has_member(b"alice"));
        assert!(g.has_member(b"bob"));
        assert!(!g.has_member(b"ali"));
        assert!(!g.has_member(b"bo"));
        assert!(!g.has_member(b""));
        assert!(Group::parse(b"g:x:1:a,").unwrap().has_member(b""));
    }

    #[test]
    fn text_lengths() {
        let p = Passwd::parse(b"ab:c:1:2:d:ef:g").unwrap();
        assert_eq!(p.text_len(), 3 + 2 + 2 + 3 + 2);
        assert_eq!(Group::parse(b"ab:c:1:").unwrap().text_len(), 3 + 2);
        assert_eq!(Group::parse(b"ab:c:1:x,yz").unwrap().text_len(), 3 + 2 + 2 + 3);
    }

    #[test]
    fn a_huge_group() {
        let names: Vec<String> = (0..10_000).map(|i| format!("user{i}")).collect();
        let line = format!("big:x:4242:{}", names.join(","));
        let g = Group::parse(line.as_bytes()).unwrap();
        assert_eq!(g.gid, 4242);
        assert_eq!(g.member_count(), 10_000);
        assert!(g.members().map(|m| m.to_vec()).eq(names.iter().map(|n| n.as_bytes().to_vec())));
        assert!(g.has_member(b"user9999"));
        assert_eq!(g.text_len(), 4 + 2 + names.iter().map(|n| n.len() + 1).sum::<usize>());
    }
}
