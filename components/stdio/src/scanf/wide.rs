//! The wide scanner: the directive loop of `fwscanf`, `swscanf` and `wscanf`.
//!
//! It follows musl's `vfwscanf`, which differs from the narrow scanner in more than the
//! width of its units:
//! - The format is wide. White space in it, white space skipped before a conversion and
//!   `%s`'s delimiters are musl's `iswspace` set ([`is_wspace`]: the ASCII ones and 19 Unicode
//!   spaces, in any locale); a literal matches the wide character itself.
//! - `%s`, `%c` and `%[` without `l` store the multibyte sequence of each character in the
//!   *current* locale (`wctomb`; a character it cannot encode is an input failure with
//!   EILSEQ); with `l` they store the wide characters. A width counts characters. A `%[`
//!   set holds wide characters and its ranges are ranges of code points.
//! - The numeric conversions read the stream's *bytes* through the narrow scanner's number
//!   readers (musl calls its narrow `fscanf` with a `"%d%lln"`-like format there), so only
//!   ASCII digits count and a non-ASCII character ends the field; a width below 1 means no
//!   limit there, unlike the narrow functions.
//! - A conversion letter musl does not know is a format failure even after a length
//!   modifier (the narrow scanner counts it as an empty assignment).
//! - At most one wide character is ever given back, and it is always the one just read.
use core::ffi::{c_int, c_void};
use core::ptr::null_mut;

use limpet_syscall::errno::EILSEQ;
use limpet_syscall::set_errno;

use super::reader::Reader;
use super::run::{Size, Stop, length_modifier, number, store_int};
use super::{Input, PtrSource};
use crate::imports::{free, malloc, realloc};

/// `wchar_t`.
type Wchar = i32;

/// Where the wide scanner reads from. [`Input`] is the view the numeric conversions read:
/// the bytes of the multibyte input for a stream, as musl's narrow `fscanf` sees them (a
/// string source may give its wide characters there instead, when no invalid sequence can
/// occur: a number reader treats a unit of 0x80 or above the same whatever it is).
pub trait WideInput: Input {
    /// The next wide character, or None at the end of the input, after a read error, or
    /// for bytes that are not a character (`fgetwc`'s `WEOF`).
    fn get_wide(&mut self) -> Option<u32>;
    /// Gives back `c`, which the last [`WideInput::get_wide`] returned.
    fn unget_wide(&mut self, c: u32);
}

/// musl's `iswspace`, which is the same in every locale.
pub(crate) fn is_wspace(c: i64) -> bool {
    matches!(c, 0x09..=0x0d | 0x20 | 0x85 | 0x2000..=0x2006 | 0x2008..=0x200a | 0x2028 | 0x2029 | 0x205f | 0x3000)
}

/// Takes wide white space up to the first other character, which stays unread; returns
/// that character (None at the end), and counts what it took in `pos`.
fn skip_wspace<I: WideInput + ?Sized>(input: &mut I, pos: &mut u64) -> Option<u32> {
    loop {
        match input.get_wide() {
            Some(c) if is_wspace(i64::from(c)) => *pos += 1,
            c => return c,
        }
    }
}

/// What `%c`, `%s` and `%[` accept.
enum WideSet<'a> {
    All,
    NonSpace,
    /// The members of a `%[` as written between `[` (and `^`) and the closing `]`.
    Scan { members: &'a [Wchar], invert: bool },
}

impl WideSet<'_> {
    fn has(&self, c: u32) -> bool {
        match self {
            WideSet::All => true,
            WideSet::NonSpace => !is_wspace(i64::from(c)),
            WideSet::Scan { members, invert } => in_members(members, c as Wchar) != *invert,
        }
    }
}

/// Whether `c` is in a `%[` set: a `-` or `]` first is itself; `a-z` is every value from `a`
/// to `z` (a descending range only its ends), compared as `wchar_t`s; a `-` last is itself.
fn in_members(set: &[Wchar], c: Wchar) -> bool {
    let mut k = 0;
    if let Some(&first) = set.first()
        && (first == Wchar::from(b'-') || first == Wchar::from(b']'))
    {
        if c == first {
            return true;
        }
        k = 1;
    }
    while k < set.len() {
        if set[k] == Wchar::from(b'-') && k + 1 < set.len() {
            let lo = set[k - 1];
            k += 1;
            if (lo..set[k]).contains(&c) {
                return true;
            }
        }
        if c == set[k] {
            return true;
        }
        k += 1;
    }
    false
}

/// Scans `input` by the wide format `fmt` (without its NUL), storing through the pointers
/// `args` yields. Returns what C's `fwscanf` returns: the number of assignments, or -1 after
/// an input failure (the end of the input or a read error where something was needed, bytes
/// that are not a character there, a character `%s`/`%c`/`%[` cannot store as multibyte), a
/// failed allocation or an invalid conversion before any assignment.
///
/// # Safety
/// Every pointer the format takes must be valid for the write its conversion makes (room
/// for the multibyte sequences of `%s`, `%c` and `%[`, up to 4 bytes a character in UTF-8);
/// `%m` buffers come from the C `malloc` and are the caller's to `free`.
pub unsafe fn wscan<I: WideInput + ?Sized, P: PtrSource + ?Sized>(fmt: &[Wchar], input: &mut I, args: &mut P) -> c_int {
    let mut matches = 0;
    // SAFETY: forwarded contract.
    match unsafe { directives(fmt, input, args, &mut matches) } {
        Ok(()) | Err(Stop::Match) => matches,
        Err(Stop::Input) if matches == 0 => -1,
        Err(Stop::Input) => matches,
    }
}

/// # Safety
/// As for [`wscan`].
unsafe fn directives<I: WideInput + ?Sized, P: PtrSource + ?Sized>(fmt: &[Wchar], input: &mut I, args: &mut P, matches: &mut c_int) -> Result<(), Stop> {
    let at = |k: usize| fmt.get(k).copied().unwrap_or(0);
    let is = |k: usize, b: u8| at(k) == Wchar::from(b);
    let digit = |k: usize| (at(k) as u32).wrapping_sub(0x30) < 10;
    // Characters consumed (`%n`).
    let mut pos: u64 = 0;
    let mut i = 0;
    while i < fmt.len() {
        let ch = at(i);
        if is_wspace(i64::from(ch)) {
            while is_wspace(i64::from(at(i + 1))) {
                i += 1;
            }
            if let Some(c) = skip_wspace(input, &mut pos) {
                input.unget_wide(c);
            }
            i += 1;
            continue;
        }
        if !is(i, b'%') || is(i + 1, b'%') {
            let c = if is(i, b'%') {
                i += 1;
                skip_wspace(input, &mut pos)
            } else {
                input.get_wide()
            };
            match c {
                Some(c) if c as Wchar == at(i) => pos += 1,
                Some(c) => {
                    input.unget_wide(c);
                    return Err(Stop::Match);
                }
                None => return Err(Stop::Input),
            }
            i += 1;
            continue;
        }
        i += 1;
        let dest = if is(i, b'*') {
            i += 1;
            null_mut()
        } else if digit(i) && is(i + 1, b'$') {
            i += 2;
            args.nth_ptr((at(i - 2) - 0x30) as usize)
        } else {
            args.next_ptr()
        };
        let mut width: i32 = 0;
        while digit(i) {
            width = width.wrapping_mul(10).wrapping_add(at(i) - 0x30);
            i += 1;
        }
        let alloc = is(i, b'm') && !dest.is_null();
        if is(i, b'm') {
            i += 1;
        }
        let (mut size, used) = length_modifier(at(i) as u32, at(i + 1) as u32).ok_or(Stop::Input)?;
        i += used;
        let mut t = at(i);
        // `%C` and `%S` are `%lc` and `%ls`, by musl's bit test.
        if t & 0x2f == 3 {
            t |= 0x20;
            size = Size::Long;
        }
        let t = u8::try_from(t).unwrap_or(0);
        if t == b'n' {
            // SAFETY: the caller's contract for `%n`'s pointer.
            unsafe { store_int(dest, size, pos) };
            i += 1;
            continue;
        }
        let first = if t != b'[' && t != b'c' { skip_wspace(input, &mut pos) } else { input.get_wide() };
        input.unget_wide(first.ok_or(Stop::Input)?);
        match t {
            b's' | b'c' | b'[' => {
                let set = match t {
                    b'c' => {
                        width = width.max(1);
                        WideSet::All
                    }
                    b's' => WideSet::NonSpace,
                    _ => {
                        i += 1;
                        let invert = is(i, b'^');
                        if invert {
                            i += 1;
                        }
                        let start = i;
                        if is(i, b']') {
                            i += 1;
                        }
                        while !is(i, b']') {
                            if i >= fmt.len() {
                                return Err(Stop::Input);
                            }
                            i += 1;
                        }
                        WideSet::Scan { members: &fmt[start..i], invert }
                    }
                };
                // SAFETY: the caller's contract for the conversion's pointer.
                unsafe { chars(input, &set, t == b'c', width, size, alloc, dest, &mut pos)? };
            }
            b'd' | b'i' | b'o' | b'u' | b'x' | b'X' | b'p' | b'a' | b'e' | b'f' | b'g' | b'A' | b'E' | b'F' | b'G' => {
                let mut r = Reader::new(&mut *input);
                r.field(i64::from(width.max(0)));
                // SAFETY: the caller's contract for the conversion's pointer.
                unsafe { number(&mut r, t, size, dest)? };
                pos += r.pos;
            }
            _ => return Err(Stop::Input),
        }
        if !dest.is_null() {
            *matches += 1;
        }
        i += 1;
    }
    Ok(())
}

/// Frees what a failed `%m` conversion allocated.
///
/// # Safety
/// `p` null or from `malloc`, and not handed out.
unsafe fn drop_alloc(p: *mut u8) {
    if !p.is_null() {
        // SAFETY: forwarded contract.
        unsafe { free(p.cast()) };
    }
}

/// `%c` (exactly `width` characters, no NUL), `%s` and `%[` (at least one, then a NUL):
/// the characters in `set`, stored as `wchar_t`s with `l`, as multibyte sequences in the
/// current locale without a length, and not at all with another length (which still
/// counts as an assignment). With `alloc` the array is `malloc`'d and grown as musl grows
/// it, and its address goes to `*dest`.
///
/// # Safety
/// `dest` null, or valid for the writes (a `char **`/`wchar_t **` when `alloc`).
#[allow(clippy::too_many_arguments)]
unsafe fn chars<I: WideInput + ?Sized>(input: &mut I, set: &WideSet<'_>, exact: bool, width: i32, size: Size, alloc: bool, dest: *mut c_void, pos: &mut u64) -> Result<(), Stop> {
    let wide = size == Size::Long;
    let mut bytes = if size == Size::Int && !alloc { dest.cast::<u8>() } else { null_mut() };
    let mut wides = if wide && !alloc { dest.cast::<u32>() } else { null_mut() };
    // Unbounded unless a width was given.
    let mut left: i64 = if width < 1 { -1 } else { i64::from(width) };
    let mut room = if exact { width as usize + 1 } else { 31 };
    if !wide {
        // Room for a whole character before each store (musl starts `%mc` smaller, and
        // overruns its array with a long character).
        room = room.max(4);
    }
    if alloc {
        // SAFETY: malloc has no preconditions.
        let p = unsafe { malloc(if wide { room * 4 } else { room }) }.cast::<u8>();
        if p.is_null() {
            return Err(Stop::Input);
        }
        if wide {
            wides = p.cast();
        } else {
            bytes = p;
        }
    }
    let fail = |bytes: *mut u8, wides: *mut u32, stop: Stop| {
        if alloc {
            // SAFETY: with `alloc` both are ours (or null), and not handed out.
            unsafe {
                drop_alloc(bytes);
                drop_alloc(wides.cast());
            }
        }
        Err(stop)
    };
    let mut n = 0usize;
    let mut got = false;
    while left != 0 {
        let Some(c) = input.get_wide() else { break };
        if !set.has(c) {
            input.unget_wide(c);
            break;
        }
        if !wides.is_null() {
            // SAFETY: `n < room` for our array; the caller's is large enough.
            unsafe { wides.add(n).write_unaligned(c) };
            n += 1;
            if alloc && n == room {
                room = 2 * room + 1;
                // SAFETY: `wides` came from malloc.
                let p = unsafe { realloc(wides.cast(), room * 4) }.cast::<u32>();
                if p.is_null() {
                    return fail(bytes, wides, Stop::Input);
                }
                wides = p;
            }
        } else if !wide {
            let mut mb = [0u8; 4];
            let Some(l) = limpet_locale::mb::encode(c, &mut mb) else {
                set_errno(EILSEQ);
                return fail(bytes, wides, Stop::Input);
            };
            if !bytes.is_null() {
                // SAFETY: `n + l <= room` for our array (it grows while 4 bytes or fewer
                // are left); the caller's is large enough.
                unsafe { core::ptr::copy_nonoverlapping(mb.as_ptr(), bytes.add(n), l) };
            }
            n += l;
            if alloc && n + 4 > room {
                room = 2 * room + 1;
                // SAFETY: `bytes` came from malloc.
                let p = unsafe { realloc(bytes.cast(), room) }.cast::<u8>();
                if p.is_null() {
                    return fail(bytes, wides, Stop::Input);
                }
                bytes = p;
            }
        }
        *pos += 1;
        if left > 0 {
            left -= 1;
        }
        got = true;
    }
    if left != 0 && (exact || !got) {
        return fail(bytes, wides, Stop::Match);
    }
    // SAFETY: as above; the NUL has room (`n < room` after every store).
    unsafe {
        if alloc {
            dest.cast::<*mut u8>().write_unaligned(if wide { wides.cast() } else { bytes });
        }
        if !exact {
            if !wides.is_null() {
                wides.add(n).write_unaligned(0);
            }
            if !bytes.is_null() {
                *bytes.add(n) = 0;
            }
        }
    }
    Ok(())
}

/// An [`Input`] over a wide string, as musl's `swscanf` reads it: through a stream whose
/// reads convert the string to multibyte in the current locale, up to 256 bytes of whole
/// characters at a time (`wcsrtombs`). A character the locale cannot encode fails the
/// whole piece it would be in, so the input ends where that piece starts, and each read
/// there sets errno to EILSEQ again. Decoding gives back the same characters, so the
/// wide characters themselves are the units, numeric fields included.
pub struct WideStrInput<'a> {
    s: &'a [Wchar],
    next: usize,
    /// The end of the pieces converted so far.
    end: usize,
    /// A piece failed: the input ends at `end`.
    dead: bool,
}

/// The bytes musl's `swscanf` converts at a time (its stream's buffer).
const PIECE: usize = 256;

impl<'a> WideStrInput<'a> {
    /// `s` without its NUL.
    pub fn new(s: &'a [Wchar]) -> Self {
        WideStrInput { s, next: 0, end: 0, dead: false }
    }

    /// How many wide characters the scan consumed.
    pub fn consumed(&self) -> usize {
        self.next
    }

    /// Converts the next piece; false at the end of the string or of what converts.
    fn refill(&mut self) -> bool {
        if self.dead {
            set_errno(EILSEQ);
            return false;
        }
        let mut bytes = 0;
        let mut k = self.end;
        while bytes < PIECE && k < self.s.len() {
            let mut mb = [0u8; 4];
            let Some(l) = limpet_locale::mb::encode(self.s[k] as u32, &mut mb) else {
                self.dead = true;
                set_errno(EILSEQ);
                return false;
            };
            if bytes + l > PIECE {
                break;
            }
            bytes += l;
            k += 1;
        }
        self.end = k;
        self.next < k
    }
}

impl Input for WideStrInput<'_> {
    fn get(&mut self) -> Option<u32> {
        if self.next == self.end && !self.refill() {
            return None;
        }
        self.next += 1;
        Some(self.s[self.next - 1] as u32)
    }

    fn unget(&mut self, _c: u32) {
        self.next -= 1;
    }
}

impl WideInput for WideStrInput<'_> {
    fn get_wide(&mut self) -> Option<u32> {
        self.get()
    }

    fn unget_wide(&mut self, c: u32) {
        self.unget(c);
    }
}
