//! `<termios.h>` and the terminal requests of `<sys/ioctl.h>`: the terminal attributes, the
//! window size, and the `ioctl` requests the terminal and pseudo-terminal functions make.
use core::ffi::{c_int, c_uchar, c_uint, c_ulong, c_ushort};

crate::types! {
    "termios.h" {
        pub type cc_t = c_uchar;
        pub type speed_t = c_uint;
        pub type tcflag_t = c_uint;
    }
}

crate::constants! {
    "termios.h" {
        /// The control characters `c_cc` holds.
        pub const NCCS: usize = 32;
        pub const VTIME: usize = 5;
        pub const VMIN: usize = 6;

        pub const IGNBRK: tcflag_t = 0o1;
        pub const BRKINT: tcflag_t = 0o2;
        pub const PARMRK: tcflag_t = 0o10;
        pub const ISTRIP: tcflag_t = 0o40;
        pub const INLCR: tcflag_t = 0o100;
        pub const IGNCR: tcflag_t = 0o200;
        pub const ICRNL: tcflag_t = 0o400;
        pub const IXON: tcflag_t = 0o2000;
        pub const OPOST: tcflag_t = 0o1;
        pub const CSIZE: tcflag_t = 0o60;
        pub const CS8: tcflag_t = 0o60;
        pub const PARENB: tcflag_t = 0o400;
        /// The bits of `c_cflag` that hold the line speed (a `B*` value).
        pub const CBAUD: tcflag_t = 0o10017;
        pub const ISIG: tcflag_t = 0o1;
        pub const ICANON: tcflag_t = 0o2;
        pub const ECHO: tcflag_t = 0o10;
        pub const ECHONL: tcflag_t = 0o100;
        pub const IEXTEN: tcflag_t = 0o100000;

        /// `tcsetattr`'s `optional_actions`: now, after output drains, after it drains and
        /// pending input is discarded.
        pub const TCSANOW: c_int = 0;
        pub const TCSADRAIN: c_int = 1;
        pub const TCSAFLUSH: c_int = 2;
    }
    "sys/ioctl.h" {
        pub const TCGETS: c_ulong = 0x5401;
        /// `TCSETS`, then `TCSETSW` and `TCSETSF` at +1 and +2, in `tcsetattr`'s order.
        pub const TCSETS: c_ulong = 0x5402;
        pub const TCSBRK: c_ulong = 0x5409;
        pub const TCXONC: c_ulong = 0x540a;
        pub const TCFLSH: c_ulong = 0x540b;
        pub const TIOCSCTTY: c_ulong = 0x540e;
        pub const TIOCGPGRP: c_ulong = 0x540f;
        pub const TIOCSPGRP: c_ulong = 0x5410;
        pub const TIOCGWINSZ: c_ulong = 0x5413;
        pub const TIOCSWINSZ: c_ulong = 0x5414;
        pub const TIOCGSID: c_ulong = 0x5429;
        pub const TIOCGPTN: c_ulong = 0x8004_5430;
        pub const TIOCSPTLCK: c_ulong = 0x4004_5431;
    }
}

crate::structs! {
    "termios.h" {
        /// `struct termios`. The kernel's `TCGETS` fills the first 36 bytes (its `c_cc` has
        /// 19 entries) and leaves the rest; the speeds live in `c_cflag`'s `CBAUD` bits.
        #[c = "struct termios"]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct Termios {
            pub c_iflag: tcflag_t,
            pub c_oflag: tcflag_t,
            pub c_cflag: tcflag_t,
            pub c_lflag: tcflag_t,
            pub c_line: cc_t,
            pub c_cc: [cc_t; NCCS],
            #[c = "__c_ispeed"]
            pub c_ispeed: speed_t,
            #[c = "__c_ospeed"]
            pub c_ospeed: speed_t,
        }
    }
    "sys/ioctl.h" {
        /// `struct winsize`: rows and columns, then the size in pixels.
        #[c = "struct winsize"]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct Winsize {
            pub ws_row: c_ushort,
            pub ws_col: c_ushort,
            pub ws_xpixel: c_ushort,
            pub ws_ypixel: c_ushort,
        }
    }
}
