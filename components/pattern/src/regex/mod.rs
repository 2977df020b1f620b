//! POSIX regular expressions: `regcomp`, `regexec`, `regerror`, `regfree`.
//!
//! - `parse` reads the pattern (BRE or ERE, musl's extensions) into a tree (`ast`), with
//!   `bracket`'s sets; `lower` expands repetitions into copies within a bound on size;
//! - `nfa` builds a Thompson automaton of the tree, forward and reversed;
//! - `dfa` finds the leftmost-longest match of an ASCII subject with lazy deterministic
//!   automata (bounded caches kept in the `Program`, shared by the calls that find them
//!   free); `search` finds it in one pass otherwise, `submatch` then places the
//!   subexpressions (both in polynomial time, never backtracking); `backref` searches
//!   patterns with back-references; `text` reads the subject's characters and decides the
//!   assertions.
//!
//! A compiled pattern is immutable but for the automata's caches, which a call takes with an
//! atomic flag (a call that finds them taken builds its own), so many threads may run one
//! `regex_t` at once.
use core::ffi::{CStr, c_char, c_int};
use core::ptr::{copy_nonoverlapping, null_mut};

pub use limpet_abi::regex::{
    REG_BADBR, REG_BADPAT, REG_BADRPT, REG_EBRACE, REG_EBRACK, REG_ECOLLATE, REG_ECTYPE, REG_EESCAPE, REG_ENOSYS,
    REG_EPAREN, REG_ERANGE, REG_ESPACE, REG_ESUBREG, REG_EXTENDED, REG_ICASE, REG_NEWLINE, REG_NOMATCH, REG_NOSUB,
    REG_NOTBOL, REG_NOTEOL, REG_OK, RegMatch, Regex, regoff_t,
};

mod ast;
mod backref;
mod bracket;
mod dfa;
mod lower;
mod nfa;
mod parse;
mod search;
mod sparse;
mod submatch;
mod text;

#[cfg(test)]
mod oracle;
#[cfg(test)]
mod tests;

use crate::imports::{free, malloc};
use crate::list::{Buf, NoSpace};
use bracket::Sets;
use lower::Lowered;
use nfa::{Nfa, Op};

/// The character `REG_NEWLINE` gives a meaning.
const NEWLINE: u32 = b'\n' as u32;

/// Why `regcomp` failed: each is one of the `REG_*` codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Error {
    Badpat,
    Collate,
    Ctype,
    Escape,
    Subreg,
    Brack,
    Paren,
    Brace,
    Badbr,
    Range,
    Space,
    Badrpt,
}

impl From<NoSpace> for Error {
    fn from(_: NoSpace) -> Error {
        Error::Space
    }
}

impl Error {
    fn code(self) -> c_int {
        match self {
            Error::Badpat => REG_BADPAT,
            Error::Collate => REG_ECOLLATE,
            Error::Ctype => REG_ECTYPE,
            Error::Escape => REG_EESCAPE,
            Error::Subreg => REG_ESUBREG,
            Error::Brack => REG_EBRACK,
            Error::Paren => REG_EPAREN,
            Error::Brace => REG_EBRACE,
            Error::Badbr => REG_BADBR,
            Error::Range => REG_ERANGE,
            Error::Space => REG_ESPACE,
            Error::Badrpt => REG_BADRPT,
        }
    }
}

/// A compiled pattern, behind `regex_t`'s `__opaque`.
pub(crate) struct Program {
    pub(crate) tree: Lowered,
    pub(crate) sets: Sets,
    pub(crate) fwd: Nfa,
    /// Empty for a pattern with back-references.
    pub(crate) rev: Nfa,
    pub(crate) nsub: u16,
    pub(crate) icase: bool,
    pub(crate) newline: bool,
    nosub: bool,
    backrefs: bool,
    /// Bytes every match begins with (ASCII, at most `MAX_PREFIX`), for the prefilter.
    pub(crate) prefix: Buf<u8>,
    /// Whether a match can only start at the subject's start (a leading `^` without
    /// `REG_NEWLINE`).
    pub(crate) anchored: bool,
    /// The lazy automata's caches.
    pub(crate) dfa: dfa::Shared,
}

/// The longest literal prefix the prefilter looks for.
const MAX_PREFIX: usize = 64;

/// The literal bytes every path of `nfa` from its start consumes first, and whether one of
/// the assertions on the way is `^` (without `REG_NEWLINE`: the subject's start).
fn literal_prefix(nfa: &Nfa, newline: bool) -> Result<(Buf<u8>, bool), Error> {
    let mut prefix = Buf::new();
    let mut anchored = false;
    let mut st = nfa.start;
    // A chain of single-successor states: every path from the start goes through it.
    for _ in 0..4 * MAX_PREFIX {
        let state = nfa.states[st as usize];
        match state.op {
            Op::Nop => {}
            Op::Assert(a) => anchored |= a == ast::Assert::LineStart && !newline,
            Op::Char(c, other) if c == other && c != 0 && c < 0x80 && prefix.len() < MAX_PREFIX => prefix.push(c as u8)?,
            _ => break,
        }
        st = state.next;
    }
    // NUL-terminated for strstr.
    if !prefix.is_empty() {
        prefix.push(0)?;
    }
    Ok((prefix, anchored))
}

impl Program {
    /// Compiles `pattern` under the `REG_*` flags `cflags`.
    pub(crate) fn new(pattern: &[u8], cflags: c_int) -> Result<Program, Error> {
        let mut chars: Buf<u32> = Buf::new();
        let mut i = 0;
        while i < pattern.len() {
            let (c, n) = text::char_at(pattern, i).ok_or(Error::Badpat)?;
            chars.push(c)?;
            i += n;
        }
        let icase = cflags & REG_ICASE != 0;
        let mut p = parse::Parser::new(&chars, cflags & REG_EXTENDED != 0, icase);
        p.run()?;
        let tree = lower::lower(&p.tree)?;
        let backrefs = p.backrefs;
        let fwd = Nfa::build(&tree.tree, false, backrefs)?;
        let rev = if backrefs { Nfa::empty() } else { Nfa::build(&tree.tree, true, false)? };
        let newline = cflags & REG_NEWLINE != 0;
        let (prefix, anchored) = literal_prefix(&fwd, newline)?;
        Ok(Program {
            tree,
            sets: core::mem::replace(&mut p.sets, Sets::new()),
            fwd,
            rev,
            nsub: p.groups,
            icase,
            newline,
            nosub: cflags & REG_NOSUB != 0,
            backrefs,
            prefix,
            anchored,
            dfa: dfa::Shared::new(),
        })
    }

    /// Whether a consuming state's `op` takes character `c`.
    #[inline(always)]
    pub(crate) fn consumes(&self, op: Op, c: u32) -> bool {
        match op {
            Op::Char(a, b) => c == a || c == b,
            Op::Any => !(self.newline && c == NEWLINE),
            Op::Set(s) => self.sets.contains(s, c, self.icase, self.newline),
            _ => false,
        }
    }

    /// How many sets the pattern has.
    pub(crate) fn sets_len(&self) -> usize {
        self.sets.len()
    }

    /// The leftmost-longest match of the NUL-terminated `s` under `eflags`, with `nmatch`
    /// slots of it (the whole, then each subexpression; -1 where none) when `nmatch > 0`.
    ///
    /// Without back-references the lazy automata look first, while the bytes they read are
    /// ASCII, reading the string only as far as they need; when their caches fill up or
    /// they meet a byte that is not ASCII, the simulation reads the whole string.
    ///
    /// # Safety
    /// `s` must be NUL-terminated.
    pub(crate) unsafe fn exec(&self, s: *const u8, nmatch: usize, eflags: c_int) -> Result<Option<Buf<RegMatch>>, NoSpace> {
        // SAFETY: the caller's NUL-terminated string.
        let subject = unsafe { dfa::Subject::new(s) };
        if !self.backrefs {
            match dfa::find(self, &subject, eflags) {
                Ok(None) => return Ok(None),
                Ok(Some((a, b))) => {
                    // The match and the character after it (which `$` and `\>` looked at).
                    let s = subject.to(b + subject_tail(&subject, b));
                    return self.report(s, a, b, nmatch, eflags);
                }
                Err(dfa::Failed::Space) => return Err(NoSpace),
                Err(dfa::Failed::Full | dfa::Failed::NotAscii) => {}
            }
        }
        self.exec_whole(subject.to(subject.len()), nmatch, eflags)
    }

    /// [`exec`](Program::exec) by the simulation (or the back-reference search) over the
    /// whole string `s`.
    fn exec_whole(&self, s: &[u8], nmatch: usize, eflags: c_int) -> Result<Option<Buf<RegMatch>>, NoSpace> {
        if !text::valid(s) {
            return Ok(None);
        }
        if self.backrefs {
            let Some(found) = backref::find(self, s, eflags)? else { return Ok(None) };
            let nmatch = if self.nosub { 0 } else { nmatch };
            let mut out: Buf<RegMatch> = Buf::filled(nmatch, RegMatch { rm_so: -1, rm_eo: -1 })?;
            for (slot, &(so, eo)) in out.iter_mut().zip(found.caps.iter()) {
                *slot = RegMatch { rm_so: so, rm_eo: eo };
            }
            return Ok(Some(out));
        }
        let Some((a, b)) = search::find(self, s, eflags)? else { return Ok(None) };
        self.report(s, a, b, nmatch, eflags)
    }

    /// The slots for the match `[a, b]` of `s` (which holds at least the match and the
    /// character after it): the whole, and the subexpressions when `nmatch > 1`.
    fn report(&self, s: &[u8], a: usize, b: usize, nmatch: usize, eflags: c_int) -> Result<Option<Buf<RegMatch>>, NoSpace> {
        let none = RegMatch { rm_so: -1, rm_eo: -1 };
        let nmatch = if self.nosub { 0 } else { nmatch };
        let mut out: Buf<RegMatch> = Buf::filled(nmatch, none)?;
        if let Some(first) = out.first_mut() {
            *first = RegMatch { rm_so: a as regoff_t, rm_eo: b as regoff_t };
        }
        if nmatch > 1 && self.nsub > 0 {
            let span = submatch::Span::new(s, a, b)?;
            let mut x = submatch::Extract::new(self, eflags, &span)?;
            x.place(self.tree.tree.root, 0, span.len())?;
            for g in 1..nmatch.min(self.nsub as usize + 1) {
                let (so, eo) = x.caps[g];
                if so >= 0 {
                    out[g] = RegMatch {
                        rm_so: (span.offset(so as usize)) as regoff_t,
                        rm_eo: (span.offset(eo as usize)) as regoff_t,
                    };
                }
            }
        }
        Ok(Some(out))
    }
}

/// How many bytes of the character at `b` (none at the string's end) follow the match
/// `[.., b]`: at most 4, read no further than the terminator.
fn subject_tail(s: &dfa::Subject, b: usize) -> usize {
    // The character at `b` is whole or cut short by the terminator; `char_at` decodes
    // within what it is given.
    s.end_within(b, 4) - b
}

/// `regcomp(preg, pattern, cflags)`—Compiles the regular expression `pattern` into `*preg`
/// under the flags `REG_EXTENDED`, `REG_ICASE`, `REG_NEWLINE` and `REG_NOSUB`; sets
/// `re_nsub` to its number of subexpressions. Returns 0, or a `REG_*` error code
/// (`REG_ESPACE` for a pattern too large, past the bounds `lower` gives, or when memory
/// runs out), leaving `*preg` without anything to free.
///
/// # Safety
/// `preg` must point to a writable `regex_t`; `pattern` must be NUL-terminated.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn regcomp(preg: *mut Regex, pattern: *const c_char, cflags: c_int) -> c_int {
    // SAFETY: the caller's NUL-terminated pattern.
    let p = unsafe { CStr::from_ptr(pattern) }.to_bytes();
    let prog = match Program::new(p, cflags) {
        Ok(prog) => prog,
        Err(e) => return e.code(),
    };
    // SAFETY: a plain allocation, checked below.
    let mem = unsafe { malloc(size_of::<Program>()) }.cast::<Program>();
    if mem.is_null() {
        return REG_ESPACE;
    }
    let nsub = prog.nsub as usize;
    // SAFETY: `mem` is a fresh allocation of a `Program`'s size, and malloc aligns for any
    // type; `preg` is the caller's `regex_t`.
    unsafe {
        mem.write(prog);
        (*preg).re_nsub = nsub;
        (*preg).opaque = mem.cast();
    }
    REG_OK
}

/// `regexec(preg, string, nmatch, pmatch, eflags)`—Finds the leftmost-longest match of the
/// compiled `*preg` in `string`, under `REG_NOTBOL` and `REG_NOTEOL`. Returns 0 and fills
/// `pmatch[0..nmatch]` (unless the pattern was compiled with `REG_NOSUB`): the match, then
/// each subexpression, with -1 for those that took no part and those past `re_nsub`.
/// `REG_NOMATCH` when there is none (also when the search reads a byte sequence that is no
/// character in the locale), `REG_ESPACE` when memory runs out. Without back-references
/// the time is polynomial in the length of `string` (see the `search` and `submatch`
/// modules); `*preg` is only read, so threads may share it.
///
/// # Safety
/// `preg` must hold a pattern `regcomp` compiled; `string` must be NUL-terminated; `pmatch`
/// must have room for `nmatch` entries unless `nmatch` is 0 or the pattern has `REG_NOSUB`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn regexec(
    preg: *const Regex,
    string: *const c_char,
    nmatch: usize,
    pmatch: *mut RegMatch,
    eflags: c_int,
) -> c_int {
    // SAFETY: `regcomp` stored a live `Program` in `__opaque`; the string is the caller's,
    // NUL-terminated.
    match unsafe { (*(*preg).opaque.cast::<Program>()).exec(string.cast(), nmatch, eflags) } {
        Err(NoSpace) => REG_ESPACE,
        Ok(None) => REG_NOMATCH,
        Ok(Some(m)) => {
            if !m.is_empty() {
                // SAFETY: `pmatch` has room for `nmatch` entries, and `m` holds `nmatch`
                // (or none under REG_NOSUB).
                unsafe { copy_nonoverlapping(m.as_ptr(), pmatch, m.len()) };
            }
            REG_OK
        }
    }
}

/// `regfree(preg)`—Frees what `regcomp` allocated for `*preg`.
///
/// # Safety
/// `preg` must hold a pattern `regcomp` compiled and not freed since.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn regfree(preg: *mut Regex) {
    // SAFETY: `__opaque` is the `Program` regcomp allocated, dropped and freed once.
    unsafe {
        let p = (*preg).opaque.cast::<Program>();
        if !p.is_null() {
            p.drop_in_place();
            free(p.cast());
        }
        (*preg).opaque = null_mut();
    }
}

/// The message of each code, as musl words them.
fn message(code: c_int) -> &'static CStr {
    match code {
        REG_OK => c"No error",
        REG_NOMATCH => c"No match",
        REG_BADPAT => c"Invalid regexp",
        REG_ECOLLATE => c"Unknown collating element",
        REG_ECTYPE => c"Unknown character class name",
        REG_EESCAPE => c"Trailing backslash",
        REG_ESUBREG => c"Invalid back reference",
        REG_EBRACK => c"Missing ']'",
        REG_EPAREN => c"Missing ')'",
        REG_EBRACE => c"Missing '}'",
        REG_BADBR => c"Invalid contents of {}",
        REG_ERANGE => c"Invalid character range",
        REG_ESPACE => c"Out of memory",
        REG_BADRPT => c"Repetition not preceded by valid expression",
        _ => c"Unknown error",
    }
}

/// `regerror(errcode, preg, errbuf, errbuf_size)`—The message of `errcode` (a `REG_*`
/// code): copies as much of it as fits in `errbuf_size - 1` bytes, then a NUL (nothing
/// when `errbuf_size` is 0), and returns the size the whole message needs, its NUL
/// included. `preg` is not read.
///
/// # Safety
/// `errbuf` must have room for `errbuf_size` bytes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn regerror(errcode: c_int, _preg: *const Regex, errbuf: *mut c_char, errbuf_size: usize) -> usize {
    // Translated in LC_MESSAGES where a MUSL_LOCPATH catalog has the text, as in musl.
    // SAFETY: `message` gives static strings; no locale object is named.
    let msg = unsafe { CStr::from_ptr(limpet_syscall::messages::translate(message(errcode).as_ptr(), core::ptr::null_mut())) }.to_bytes();
    if errbuf_size > 0 {
        let n = msg.len().min(errbuf_size - 1);
        // SAFETY: `errbuf` has room for `errbuf_size > n` bytes.
        unsafe {
            copy_nonoverlapping(msg.as_ptr(), errbuf.cast::<u8>(), n);
            *errbuf.add(n) = 0;
        }
    }
    msg.len() + 1
}
