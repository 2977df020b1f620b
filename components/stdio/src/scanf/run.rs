//! The directive loop: white space, literals and conversions, in format order.
use core::ffi::{c_int, c_void};
use core::ptr::null_mut;

use limpet_locale::mb::utf8::{self, Step};
use limpet_syscall::errno::EILSEQ;
use limpet_syscall::set_errno;

use super::float::{Float, Prec, read_float};
use super::int::read_int;
use super::reader::Reader;
use super::set::Set;
use super::{Input, PtrSource, is_space};
use crate::imports::{free, malloc, realloc};

/// Why the scan stopped early.
pub(super) enum Stop {
    /// The input did not match: the count so far is the result.
    Match,
    /// The input ended (or failed, or an allocation did) where something was needed, or the
    /// format is invalid: EOF unless something was assigned.
    Input,
}

/// The length modifier.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Size {
    Hh,
    H,
    Int,
    /// `l`, and `z` `t`, which are the same width here; with `c s [` it means wide.
    Long,
    /// `ll` and `j`.
    LongLong,
    /// `L`: `long double` for floats; an integer conversion with it stores nothing.
    LongDouble,
}

/// Stores `v` truncated to the integer type `size` names.
///
/// # Safety
/// `dest` null or valid for a write of that type.
pub(super) unsafe fn store_int(dest: *mut c_void, size: Size, v: u64) {
    if dest.is_null() {
        return;
    }
    // SAFETY: the caller's contract; scanf arguments need not be aligned for us to write.
    unsafe {
        match size {
            Size::Hh => dest.cast::<u8>().write(v as u8),
            Size::H => dest.cast::<u16>().write_unaligned(v as u16),
            Size::Int => dest.cast::<u32>().write_unaligned(v as u32),
            Size::Long | Size::LongLong => dest.cast::<u64>().write_unaligned(v),
            Size::LongDouble => {}
        }
    }
}

/// The length modifier at a conversion, given its first unit and the one after: the size
/// it names and how many units it takes (none before a conversion letter, which means
/// `int`); None for a letter that is neither, a format error. The narrow and wide scanners
/// share it.
pub(super) fn length_modifier(c: u32, next: u32) -> Option<(Size, usize)> {
    let c = u8::try_from(c).unwrap_or(0);
    let next = u8::try_from(next).unwrap_or(0);
    Some(match c {
        b'h' if next == b'h' => (Size::Hh, 2),
        b'h' => (Size::H, 1),
        b'l' if next == b'l' => (Size::LongLong, 2),
        b'l' | b'z' | b't' => (Size::Long, 1),
        b'j' => (Size::LongLong, 1),
        b'L' => (Size::LongDouble, 1),
        b'd' | b'i' | b'o' | b'u' | b'x' | b'X' | b'a' | b'e' | b'f' | b'g' | b'A' | b'E' | b'F' | b'G' | b's'
        | b'c' | b'[' | b'S' | b'C' | b'p' | b'n' => (Size::Int, 0),
        _ => return None,
    })
}

/// Scans `input` by `fmt` (without its NUL), storing through the pointers `args` yields.
/// Returns what C's scanf returns: the number of assignments made (0 after a matching
/// failure at the first one), or -1 (`EOF`) after an input failure, an allocation failure or
/// an invalid conversion before any assignment. errno is set as musl sets it (EINVAL when a
/// number field has no number, ERANGE for out-of-range numbers, ENOMEM for `%m`).
///
/// # Safety
/// Every pointer the format takes must be valid for the write its conversion makes (an
/// array large enough for `%s`, `%c` and `%[`, a `char **` for `%m`); buffers `%m`
/// allocates come from the C `malloc` and are the caller's to `free`.
pub unsafe fn scan<I: Input + ?Sized, P: PtrSource + ?Sized>(fmt: &[u8], input: &mut I, args: &mut P) -> c_int {
    let mut r = Reader::new(input);
    let mut matches = 0;
    // SAFETY: forwarded contract.
    match unsafe { directives(fmt, &mut r, args, &mut matches) } {
        Ok(()) | Err(Stop::Match) => matches,
        Err(Stop::Input) if matches == 0 => -1,
        Err(Stop::Input) => matches,
    }
}

/// # Safety
/// As for [`scan`].
unsafe fn directives<I: Input + ?Sized, P: PtrSource + ?Sized>(fmt: &[u8], r: &mut Reader<'_, I>, args: &mut P, matches: &mut c_int) -> Result<(), Stop> {
    let at = |k: usize| fmt.get(k).copied().unwrap_or(0);
    let mut i = 0;
    while i < fmt.len() {
        let ch = fmt[i];
        if is_space(u32::from(ch)) {
            while is_space(u32::from(at(i + 1))) {
                i += 1;
            }
            r.field(0);
            r.skip_space();
            i += 1;
            continue;
        }
        if ch != b'%' || at(i + 1) == b'%' {
            r.field(0);
            let c = if ch == b'%' {
                i += 1;
                loop {
                    let c = r.get();
                    if !c.is_some_and(is_space) {
                        break c;
                    }
                }
            } else {
                r.get()
            };
            if c != Some(u32::from(fmt[i])) {
                r.unget();
                return Err(if c.is_none() { Stop::Input } else { Stop::Match });
            }
            i += 1;
            continue;
        }
        i += 1;
        let dest = if at(i) == b'*' {
            i += 1;
            null_mut()
        } else if at(i).is_ascii_digit() && at(i + 1) == b'$' {
            i += 2;
            args.nth_ptr(usize::from(at(i - 2) - b'0'))
        } else {
            args.next_ptr()
        };
        // musl keeps the width in an int and lets it wrap; a negative one admits nothing.
        let mut width: i32 = 0;
        while at(i).is_ascii_digit() {
            width = width.wrapping_mul(10).wrapping_add(i32::from(at(i) - b'0'));
            i += 1;
        }
        let alloc = at(i) == b'm' && !dest.is_null();
        if at(i) == b'm' {
            i += 1;
        }
        let (mut size, used) = length_modifier(u32::from(at(i)), u32::from(at(i + 1))).ok_or(Stop::Input)?;
        i += used;
        let mut t = at(i);
        // `%C` and `%S` are `%lc` and `%ls` (musl tests the bits, which only they pass
        // among the conversions it goes on to handle).
        if t & 0x2f == 3 {
            t |= 0x20;
            size = Size::Long;
        }
        match t {
            b'c' => width = width.max(1),
            b'[' => {}
            b'n' => {
                // SAFETY: the caller's contract for `%n`'s pointer.
                unsafe { store_int(dest, size, r.pos) };
                i += 1;
                continue;
            }
            _ => {
                r.field(0);
                r.skip_space();
            }
        }
        r.field(i64::from(width));
        if r.get().is_none() {
            return Err(Stop::Input);
        }
        r.unget();
        match t {
            b's' | b'c' | b'[' => {
                let set = match t {
                    b'c' => Set::all(),
                    b's' => Set::non_space(),
                    _ => Set::parse(fmt, &mut i).ok_or(Stop::Input)?,
                };
                // SAFETY: the caller's contract for the conversion's pointer.
                unsafe { chars(r, set, t == b'c', width, size == Size::Long, alloc, dest)? };
            }
            b'd' | b'i' | b'o' | b'u' | b'x' | b'X' | b'p' | b'a' | b'e' | b'f' | b'g' | b'A' | b'E' | b'F' | b'G' => {
                // SAFETY: the caller's contract for the conversion's pointer.
                unsafe { number(r, t, size, dest)? };
            }
            // After a length modifier musl takes any other letter as a conversion that
            // reads nothing and still counts as an assignment.
            _ => {}
        }
        if !dest.is_null() {
            *matches += 1;
        }
        i += 1;
    }
    Ok(())
}

/// The field of the numeric conversion `t` (one of `d i o u x X p a e f g A E F G`),
/// read from `r`'s current field and stored through `dest` (null: not stored) as `size`
/// says. A field that holds no number, and a float conversion with a length other than
/// none, `l` or `L` (which musl converts to nothing), is a matching failure.
///
/// # Safety
/// `dest` null or valid for the store the conversion makes.
pub(super) unsafe fn number<I: Input + ?Sized>(r: &mut Reader<'_, I>, t: u8, size: Size, dest: *mut c_void) -> Result<(), Stop> {
    match t {
        b'd' | b'i' | b'o' | b'u' | b'x' | b'X' | b'p' => {
            let base = match t {
                b'd' | b'u' => 10,
                b'i' => 0,
                b'o' => 8,
                _ => 16,
            };
            let v = read_int(r, base).ok_or(Stop::Match)?;
            // SAFETY: the caller's contract for `dest`.
            unsafe {
                if t == b'p' {
                    if !dest.is_null() {
                        dest.cast::<usize>().write_unaligned(v as usize);
                    }
                } else {
                    store_int(dest, size, v);
                }
            }
        }
        _ => {
            let prec = match size {
                Size::Int => Prec::Single,
                Size::Long => Prec::Double,
                Size::LongDouble => Prec::Extended,
                _ => return Err(Stop::Match),
            };
            let v = read_float(r, prec).ok_or(Stop::Match)?;
            if !dest.is_null() {
                // SAFETY: the caller's contract for `dest`.
                unsafe {
                    match v {
                        Float::F32(x) => dest.cast::<f32>().write_unaligned(x),
                        Float::F64(x) => dest.cast::<f64>().write_unaligned(x),
                        // `fstp tbyte` writes 10 bytes; the padding of the 16 stays as it was.
                        Float::F80(b) => core::ptr::copy_nonoverlapping(b.as_ptr(), dest.cast::<u8>(), b.len()),
                    }
                }
            }
        }
    }
    Ok(())
}

/// The units of `%c` (exactly `width` of them, no NUL), `%s` and `%[` (at least one, and a
/// NUL) that are in `set`, stored as bytes or, when `wide`, as `wchar_t`s; into `dest`, or
/// into a `malloc`'d array whose address goes to `*dest` when `alloc`. A failed `%m`
/// conversion frees its array and leaves `*dest` alone.
///
/// # Safety
/// `dest` null, or valid for the writes (a `char **`/`wchar_t **` when `alloc`).
unsafe fn chars<I: Input + ?Sized>(r: &mut Reader<'_, I>, set: Set, exact: bool, width: i32, wide: bool, alloc: bool, dest: *mut c_void) -> Result<(), Stop> {
    let unit = if wide { 4 } else { 1 };
    // Room for `%c`'s units, or a first guess that doubles.
    let mut room = if exact { width as usize + 1 } else { 32 };
    let mut buf = if alloc {
        // SAFETY: malloc has no preconditions.
        let p = unsafe { malloc(room * unit) }.cast::<u8>();
        if p.is_null() {
            return Err(Stop::Input);
        }
        p
    } else {
        dest.cast::<u8>()
    };
    let mut n = 0usize;
    // The wide forms decode the bytes as `mbrtowc` does in the current locale, storing a
    // character when its sequence is complete (a width counts bytes, as in musl).
    let utf8 = wide && limpet_locale::mb::utf8();
    let mut state = 0u32;
    while let Some(c) = r.get().filter(|&c| set.has(c)) {
        let stored = if wide {
            match utf8::step(state, c as u8, utf8) {
                Step::Done(wc) => {
                    state = 0;
                    wc
                }
                Step::More(next) => {
                    state = next;
                    continue;
                }
                Step::Bad => {
                    if alloc {
                        // SAFETY: ours, and not handed out.
                        unsafe { free(buf.cast()) };
                    }
                    set_errno(EILSEQ);
                    return Err(Stop::Input);
                }
            }
        } else {
            c
        };
        if !buf.is_null() {
            // SAFETY: `n < room` for our array; the caller's array is large enough.
            unsafe {
                if wide {
                    buf.cast::<u32>().add(n).write_unaligned(stored);
                } else {
                    *buf.add(n) = stored as u8;
                }
            }
        }
        n += 1;
        if alloc && n == room {
            room *= 2;
            // SAFETY: `buf` came from malloc.
            let p = unsafe { realloc(buf.cast(), room * unit) }.cast::<u8>();
            if p.is_null() {
                // SAFETY: still ours.
                unsafe { free(buf.cast()) };
                return Err(Stop::Input);
            }
            buf = p;
        }
    }
    r.unget();
    if state != 0 {
        // A character cut short by the width or the end of the input.
        if alloc {
            // SAFETY: ours, and not handed out.
            unsafe { free(buf.cast()) };
        }
        return Err(Stop::Input);
    }
    if r.count() == 0 || (exact && r.count() != i64::from(width)) {
        if alloc {
            // SAFETY: ours, and not handed out.
            unsafe { free(buf.cast()) };
        }
        return Err(Stop::Match);
    }
    // SAFETY: as above; `n < room`, so the NUL fits our array.
    unsafe {
        if alloc {
            dest.cast::<*mut u8>().write_unaligned(buf);
        }
        if !exact && !buf.is_null() {
            if wide {
                buf.cast::<u32>().add(n).write_unaligned(0);
            } else {
                *buf.add(n) = 0;
            }
        }
    }
    Ok(())
}
