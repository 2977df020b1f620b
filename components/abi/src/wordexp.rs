//! `<wordexp.h>`: `wordexp`'s flags, its errors and `wordexp_t`.
use core::ffi::{c_char, c_int};

crate::constants! {
    "wordexp.h" {
        /// Leave `we_offs` null pointers at the start of `we_wordv`.
        pub const WRDE_DOOFFS: c_int = 1;
        /// Add to the words of an earlier call.
        pub const WRDE_APPEND: c_int = 2;
        /// Fail with `WRDE_CMDSUB` rather than run a command substitution.
        pub const WRDE_NOCMD: c_int = 4;
        /// Free the words of an earlier call first.
        pub const WRDE_REUSE: c_int = 8;
        /// Let the shell's error messages reach standard error.
        pub const WRDE_SHOWERR: c_int = 16;
        /// Fail with `WRDE_BADVAL` on an unset variable.
        pub const WRDE_UNDEF: c_int = 32;
        /// Reserved by the header for an unimplemented `wordexp`; never returned.
        pub const WRDE_NOSYS: c_int = -1;
        /// Memory (or a process, or a pipe) ran out.
        pub const WRDE_NOSPACE: c_int = 1;
        /// An unquoted `|`, `&`, `;`, `<`, `>`, `(`, `)`, `{`, `}` or newline.
        pub const WRDE_BADCHAR: c_int = 2;
        /// An unset variable, with `WRDE_UNDEF`.
        pub const WRDE_BADVAL: c_int = 3;
        /// A command substitution, with `WRDE_NOCMD`.
        pub const WRDE_CMDSUB: c_int = 4;
        /// Not shell syntax: an unclosed quote, a trailing backslash, a failed expansion.
        pub const WRDE_SYNTAX: c_int = 5;
    }
}

crate::structs! {
    "wordexp.h" {
        /// `wordexp_t`: the words (`we_wordv`, `we_wordc` of them after `we_offs` null
        /// pointers, then a null pointer).
        #[c = "wordexp_t"]
        pub struct Wordexp {
            pub we_wordc: usize,
            pub we_wordv: *mut *mut c_char,
            pub we_offs: usize,
        }
    }
}
