//! The words read before any shell sees them, for what `wordexp` refuses:
//! - `WRDE_BADCHAR`: an unquoted `|`, `&`, `;`, `<`, `>`, `(`, `)`, `{`, `}` or newline
//!   outside every expansion, which the shell would read as an operator (another command,
//!   a redirection, a subshell) rather than as part of a word. Inside `${...}`, `$((...))`
//!   and `$(...)` they are the expansion's;
//! - `WRDE_CMDSUB`, with `WRDE_NOCMD`: a command substitution, `$(...)` or `` `...` ``,
//!   anywhere the shell would run it, in double quotes and inside other expansions too;
//! - `WRDE_SYNTAX`: a final backslash, or a quote or expansion left open.
//!
//! Under `WRDE_NOCMD` this is the whole guarantee that no command runs, so wherever the
//! shell's reading is subtle the scan errs toward seeing a substitution: a backslash or a
//! single quote hides a `$(` only where the shell surely takes it as quoting. Single
//! quotes quote outside double quotes, in `${...}` too, but not in a `${...}` inside double
//! quotes (`"${x:-'$(cmd)'}"` runs `cmd`), nor in `$((...))`; backslashes escape outside
//! arithmetic.
//!
//! musl checks only under `WRDE_NOCMD`, and counts every `{` and `}` as an operator, so
//! `${HOME}` is `WRDE_BADCHAR` there. limpet checks always (POSIX's `WRDE_BADCHAR` is not
//! tied to `WRDE_NOCMD`: musl hands `a;b` to the shell, which runs `b`), and follows
//! `${...}`.
use core::ffi::c_int;

use limpet_abi::wordexp::{WRDE_BADCHAR, WRDE_CMDSUB, WRDE_NOSPACE, WRDE_SYNTAX};

use crate::list::Scratch;

/// Where the scan is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u8)]
enum Ctx {
    /// Outside everything.
    Top,
    /// In `"..."`.
    Quote,
    /// In `${...}`.
    Brace,
    /// In `${...}` within double quotes, where single quotes do not quote.
    QuotedBrace,
    /// In `$((...))`.
    Arith,
    /// In parentheses within `$((...))`.
    ArithParen,
    /// In `$(...)` (only without `WRDE_NOCMD`).
    Command,
    /// In parentheses within `$(...)`.
    CommandParen,
    /// In `` `...` `` (only without `WRDE_NOCMD`).
    Backquote,
}

const CONTEXTS: [Ctx; 9] = [
    Ctx::Top,
    Ctx::Quote,
    Ctx::Brace,
    Ctx::QuotedBrace,
    Ctx::Arith,
    Ctx::ArithParen,
    Ctx::Command,
    Ctx::CommandParen,
    Ctx::Backquote,
];

/// The bytes the shell takes as operators outside every quote and expansion.
const OPERATORS: &[u8] = b"|&;<>(){}\n";
/// Nesting this deep fits on the stack; deeper goes to the allocator (at most one level
/// per byte of the words).
const INLINE_DEPTH: usize = 64;

/// Checks `w` (the words, without their NUL); `nocmd` for `WRDE_NOCMD`. Returns the
/// `WRDE_*` error, or `WRDE_NOSPACE` when the nesting needs memory that is not there.
pub(crate) fn check(w: &[u8], nocmd: bool) -> Result<(), c_int> {
    let mut inline = [Ctx::Top as u8; INLINE_DEPTH];
    let heap;
    let room: &mut [u8] = if w.len() < INLINE_DEPTH {
        &mut inline
    } else {
        heap = Scratch::new(w.len() + 1).map_err(|_| WRDE_NOSPACE)?;
        // SAFETY: the scratch buffer holds `w.len() + 1` bytes, ours while `heap` lives.
        unsafe { core::slice::from_raw_parts_mut(heap.0, w.len() + 1) }
    };
    let mut stack = Stack { room, depth: 1 };
    stack.room[0] = Ctx::Top as u8;
    let mut i = 0;
    while i < w.len() {
        let ctx = stack.top();
        let c = w[i];
        // Backslashes: they escape the next byte except in arithmetic.
        if c == b'\\' && !matches!(ctx, Ctx::Arith | Ctx::ArithParen) {
            if i + 1 == w.len() {
                return Err(WRDE_SYNTAX);
            }
            i += 2;
            continue;
        }
        if ctx == Ctx::Backquote {
            if c == b'`' {
                stack.pop();
            }
            i += 1;
            continue;
        }
        // Expansions and substitutions start the same way everywhere else.
        if c == b'`' {
            if nocmd {
                return Err(WRDE_CMDSUB);
            }
            stack.push(Ctx::Backquote);
            i += 1;
            continue;
        }
        if c == b'$' && w.get(i + 1) == Some(&b'(') {
            if w.get(i + 2) == Some(&b'(') {
                stack.push(Ctx::Arith);
                i += 3;
            } else if nocmd {
                return Err(WRDE_CMDSUB);
            } else {
                stack.push(Ctx::Command);
                i += 2;
            }
            continue;
        }
        if c == b'$' && w.get(i + 1) == Some(&b'{') {
            stack.push(if ctx == Ctx::Quote || ctx == Ctx::QuotedBrace { Ctx::QuotedBrace } else { Ctx::Brace });
            i += 2;
            continue;
        }
        match ctx {
            Ctx::Quote => {
                if c == b'"' {
                    stack.pop();
                }
            }
            Ctx::Top | Ctx::Brace | Ctx::QuotedBrace | Ctx::Command | Ctx::CommandParen => {
                if c == b'\'' && ctx != Ctx::QuotedBrace {
                    let Some(close) = w[i + 1..].iter().position(|&b| b == b'\'') else {
                        return Err(WRDE_SYNTAX);
                    };
                    i += close + 2;
                    continue;
                }
                match (ctx, c) {
                    (_, b'"') => stack.push(Ctx::Quote),
                    (Ctx::Top, _) if OPERATORS.contains(&c) => return Err(WRDE_BADCHAR),
                    (Ctx::Brace | Ctx::QuotedBrace, b'}') => stack.pop(),
                    (Ctx::Command | Ctx::CommandParen, b'(') => stack.push(Ctx::CommandParen),
                    (Ctx::Command | Ctx::CommandParen, b')') => stack.pop(),
                    _ => {}
                }
            }
            Ctx::Arith | Ctx::ArithParen => match c {
                b'(' => stack.push(Ctx::ArithParen),
                b')' if ctx == Ctx::ArithParen => stack.pop(),
                b')' if w.get(i + 1) == Some(&b')') => {
                    stack.pop();
                    i += 1;
                }
                b')' => return Err(WRDE_SYNTAX),
                _ => {}
            },
            Ctx::Backquote => unreachable!("handled above"),
        }
        i += 1;
    }
    if stack.depth == 1 { Ok(()) } else { Err(WRDE_SYNTAX) }
}

/// The contexts the scan is in, innermost last. Each push follows a byte of the words, so
/// `room` (one byte more than the words) never runs out.
struct Stack<'a> {
    room: &'a mut [u8],
    depth: usize,
}

impl Stack<'_> {
    fn top(&self) -> Ctx {
        CONTEXTS[self.room[self.depth - 1] as usize]
    }

    fn push(&mut self, c: Ctx) {
        self.room[self.depth] = c as u8;
        self.depth += 1;
    }

    fn pop(&mut self) {
        // The outermost context is never closed by anything the scan pops on.
        if self.depth > 1 {
            self.depth -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cmd(w: &str) -> Result<(), c_int> {
        check(w.as_bytes(), false)
    }

    fn nocmd(w: &str) -> Result<(), c_int> {
        check(w.as_bytes(), true)
    }

    #[test]
    fn words_and_quotes() {
        for w in ["a b  c", "'a b' \"c d\" e\\ f", "$V \"$V\" ${V} \"${V}\" ${V:-x y}", "~ ~root/x", "", "*.c [ab]?"] {
            assert_eq!(nocmd(w), Ok(()), "{w}");
            assert_eq!(cmd(w), Ok(()), "{w}");
        }
        for w in ["'a;b'", "\"a|b\"", "a\\;b", "\"a\nb\"", "${x:-a;b}", "${x:-(a)}", "$((1<2 && (3|4)))"] {
            assert_eq!(nocmd(w), Ok(()), "{w}");
        }
    }

    #[test]
    fn operators() {
        for w in ["a;b", "a|b", "a&", "a>b", "a<b", "(a)", "{a}", "a\nb", "a}", "${x}}", "$((1))(", "\\$(x)"] {
            assert_eq!(nocmd(w), Err(WRDE_BADCHAR), "{w}");
            assert_eq!(cmd(w), Err(WRDE_BADCHAR), "{w}");
        }
    }

    #[test]
    fn command_substitution() {
        for w in [
            "$(x)",
            "`x`",
            "\"$(x)\"",
            "\"`x`\"",
            "${x:-$(y)}",
            "\"${x:-'$(y)'}\"",
            "\"${x:-\"$(y)\"}\"",
            "$(( $(x) ))",
            "$(( \\$(x) ))",
            "$(( '$(x)' ))",
            "a #$(x)",
            "${x#`y`}",
        ] {
            assert_eq!(nocmd(w), Err(WRDE_CMDSUB), "{w}");
        }
        for w in ["'$(x)'", "\\$x", "\"\\$(x)\"", "${x:-'$(y)'}", "\"${x:-\\$(y)}\"", "'`'", "$((1+2))"] {
            assert_eq!(nocmd(w), Ok(()), "{w}");
        }
        // Without WRDE_NOCMD, the substitution's own text is its business.
        for w in ["$(a; b)", "$(a | (b))", "`a; b`", "\"$(a && b)\"", "$(echo ')')", "x$(a)y;"] {
            let want = if w.ends_with(';') { Err(WRDE_BADCHAR) } else { Ok(()) };
            assert_eq!(cmd(w), want, "{w}");
        }
    }

    #[test]
    fn syntax() {
        for w in ["a\\", "'a", "\"a", "${a", "$((1", "$(a", "`a", "$((1)+2)", "\"${a\"}"] {
            assert_eq!(cmd(w), Err(WRDE_SYNTAX), "{w}");
        }
    }

    #[test]
    fn deep_nesting() {
        let deep = format!("{}x{}", "\"${y:-".repeat(10_000), "}\"".repeat(10_000));
        assert_eq!(nocmd(&deep), Ok(()));
        let open = "$((".repeat(100_000);
        assert_eq!(nocmd(&open), Err(WRDE_SYNTAX));
        let quotes = "\"".repeat(100_001);
        assert_eq!(nocmd(&quotes), Err(WRDE_SYNTAX));
    }
}
