//! `<regex.h>`: `regcomp`'s and `regexec`'s flags, their results, `regex_t` and
//! `regmatch_t`.
use core::ffi::{c_char, c_int, c_void};

crate::types! {
    "regex.h" {
        /// A byte offset into the subject of `regexec`.
        pub type regoff_t = isize;
    }
}

crate::constants! {
    "regex.h" {
        /// `regcomp`: extended syntax (ERE) rather than basic (BRE).
        pub const REG_EXTENDED: c_int = 1;
        /// `regcomp`: letters match regardless of case.
        pub const REG_ICASE: c_int = 2;
        /// `regcomp`: a newline ends lines: `.` and negated lists never match it, `^` and `$`
        /// match next to it.
        pub const REG_NEWLINE: c_int = 4;
        /// `regcomp`: `regexec` reports only whether the subject matches.
        pub const REG_NOSUB: c_int = 8;
        /// `regexec`: the subject's start is not the start of a line.
        pub const REG_NOTBOL: c_int = 1;
        /// `regexec`: the subject's end is not the end of a line.
        pub const REG_NOTEOL: c_int = 2;
        /// Success.
        pub const REG_OK: c_int = 0;
        /// `regexec` found no match.
        pub const REG_NOMATCH: c_int = 1;
        /// Not a pattern (a byte that is no character in the locale).
        pub const REG_BADPAT: c_int = 2;
        /// An unknown collating element.
        pub const REG_ECOLLATE: c_int = 3;
        /// An unknown character class name.
        pub const REG_ECTYPE: c_int = 4;
        /// A backslash at the pattern's end.
        pub const REG_EESCAPE: c_int = 5;
        /// A back-reference to a subexpression that does not exist.
        pub const REG_ESUBREG: c_int = 6;
        /// A `[` without its `]`.
        pub const REG_EBRACK: c_int = 7;
        /// A `(` without its `)`, or the other way round.
        pub const REG_EPAREN: c_int = 8;
        /// A `{` without its `}`.
        pub const REG_EBRACE: c_int = 9;
        /// Not an interval inside `{}`.
        pub const REG_BADBR: c_int = 10;
        /// A range whose end comes before its start.
        pub const REG_ERANGE: c_int = 11;
        /// Memory ran out, or the pattern is too large.
        pub const REG_ESPACE: c_int = 12;
        /// A repetition with nothing before it.
        pub const REG_BADRPT: c_int = 13;
        /// Reserved by the header for an unimplemented regex; never returned.
        pub const REG_ENOSYS: c_int = -1;
    }
}

/// `regex_t`'s reserved words after `__opaque`.
const REGEX_PADDING: usize = 4;

crate::structs! {
    "regex.h" {
        /// `regex_t`: a compiled pattern. `re_nsub` is its number of subexpressions; the C
        /// library keeps the rest behind `__opaque`.
        #[c = "regex_t"]
        pub struct Regex {
            pub re_nsub: usize,
            #[c = "__opaque"]
            pub opaque: *mut c_void,
            #[c = "__padding"]
            pub padding: [*mut c_void; REGEX_PADDING],
            #[c = "__nsub2"]
            pub nsub2: usize,
            #[c = "__padding2"]
            pub padding2: c_char,
        }

        /// `regmatch_t`: where a match, or a subexpression's part of it, starts and ends
        /// (byte offsets; -1 for a subexpression that took no part).
        #[c = "regmatch_t"]
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct RegMatch {
            pub rm_so: regoff_t,
            pub rm_eo: regoff_t,
        }
    }
}
