//! `<arpa/nameser.h>`: the DNS message's sizes, the codes of its header and records (types,
//! classes, opcodes, rcodes), and the parse records of the `ns_*` functions (`ns_msg`,
//! `ns_rr`, `struct _ns_flagdata`).
//!
//! The sizes are `usize` and the header's and records' codes have their width on the wire
//! (`u16` types and classes, `u8` rcodes), so Rust code uses them without casts; the check
//! compares their values with the C macros and enum constants all the same.
use core::ffi::{c_char, c_int};

crate::constants! {
    "arpa/nameser.h" {
        /// The largest DNS message over UDP without EDNS0.
        pub const NS_PACKETSZ: usize = 512;
        /// The size of a buffer for a domain name in text form (`ns_rr`'s `name`).
        pub const NS_MAXDNAME: usize = 1025;
        /// The largest DNS message: TCP's two-byte length prefix.
        pub const NS_MAXMSG: usize = 65535;
        /// The longest domain name in wire form, counting every length byte and the root's.
        pub const NS_MAXCDNAME: usize = 255;
        /// The longest label.
        pub const NS_MAXLABEL: usize = 63;
        /// The size of the header.
        pub const NS_HFIXEDSZ: usize = 12;
        /// The fixed part of a question after its name: type and class.
        pub const NS_QFIXEDSZ: usize = 4;
        /// The fixed part of a resource record after its name: type, class, TTL, RDLENGTH.
        pub const NS_RRFIXEDSZ: usize = 10;
        pub const NS_INT32SZ: usize = 4;
        pub const NS_INT16SZ: usize = 2;
        pub const NS_INT8SZ: usize = 1;
        pub const NS_INADDRSZ: usize = 4;
        pub const NS_IN6ADDRSZ: usize = 16;
        /// The two top bits of a length byte that mark a compression pointer.
        pub const NS_CMPRSFLGS: u8 = 0xc0;
        pub const NS_DEFAULTPORT: u16 = 53;

        /// The sections of a message, `ns_sect` (also the index of a count in `ns_msg`).
        #[c = "ns_s_qd"]
        pub const NS_S_QD: c_int = 0;
        #[c = "ns_s_an"]
        pub const NS_S_AN: c_int = 1;
        #[c = "ns_s_ns"]
        pub const NS_S_NS: c_int = 2;
        #[c = "ns_s_ar"]
        pub const NS_S_AR: c_int = 3;
        #[c = "ns_s_max"]
        pub const NS_S_MAX: c_int = 4;

        /// The header's flags, `ns_flag`: the indices of `_ns_flagdata`.
        #[c = "ns_f_qr"]
        pub const NS_F_QR: c_int = 0;
        #[c = "ns_f_opcode"]
        pub const NS_F_OPCODE: c_int = 1;
        #[c = "ns_f_aa"]
        pub const NS_F_AA: c_int = 2;
        #[c = "ns_f_tc"]
        pub const NS_F_TC: c_int = 3;
        #[c = "ns_f_rd"]
        pub const NS_F_RD: c_int = 4;
        #[c = "ns_f_ra"]
        pub const NS_F_RA: c_int = 5;
        #[c = "ns_f_z"]
        pub const NS_F_Z: c_int = 6;
        #[c = "ns_f_ad"]
        pub const NS_F_AD: c_int = 7;
        #[c = "ns_f_cd"]
        pub const NS_F_CD: c_int = 8;
        #[c = "ns_f_rcode"]
        pub const NS_F_RCODE: c_int = 9;
        #[c = "ns_f_max"]
        pub const NS_F_MAX: c_int = 10;

        /// The standard query, the only opcode `res_mkquery` builds.
        pub const QUERY: c_int = 0;

        pub const NOERROR: u8 = 0;
        pub const FORMERR: u8 = 1;
        pub const SERVFAIL: u8 = 2;
        pub const NXDOMAIN: u8 = 3;
        pub const NOTIMP: u8 = 4;
        pub const REFUSED: u8 = 5;

        pub const T_A: u16 = 1;
        pub const T_NS: u16 = 2;
        pub const T_CNAME: u16 = 5;
        pub const T_SOA: u16 = 6;
        pub const T_PTR: u16 = 12;
        pub const T_MX: u16 = 15;
        pub const T_TXT: u16 = 16;
        pub const T_AAAA: u16 = 28;
        pub const T_SRV: u16 = 33;
        /// EDNS0's pseudo-record (RFC 6891); `<arpa/nameser.h>` has no `T_` macro for it.
        #[c = "ns_t_opt"]
        pub const T_OPT: u16 = 41;
        pub const T_ANY: u16 = 255;

        pub const C_IN: u16 = 1;
        pub const C_CHAOS: u16 = 3;
        pub const C_HS: u16 = 4;
        pub const C_NONE: u16 = 254;
        pub const C_ANY: u16 = 255;
    }
}

crate::structs! {
    "arpa/nameser.h" {
        /// `ns_msg`: a message `ns_initparse` has checked, with where each section starts
        /// and where `ns_parserr` stands.
        #[c = "ns_msg"]
        #[derive(Clone, Copy, Debug)]
        pub struct NsMsg {
            #[c = "_msg"]
            pub msg: *const u8,
            /// One past the message's last byte.
            #[c = "_eom"]
            pub eom: *const u8,
            #[c = "_id"]
            pub id: u16,
            /// The header's second word: QR, opcode, AA, TC, RD, RA, Z, AD, CD, rcode.
            #[c = "_flags"]
            pub flags: u16,
            #[c = "_counts"]
            pub counts: [u16; NS_S_MAX as usize],
            /// Each section's first record, or null when it has none.
            #[c = "_sections"]
            pub sections: [*const u8; NS_S_MAX as usize],
            /// The section `ns_parserr` stands in (an `ns_sect`), `NS_S_MAX` before the first call.
            #[c = "_sect"]
            pub sect: c_int,
            /// The index of the record at `msg_ptr` within `sect`, -1 when there is none.
            #[c = "_rrnum"]
            pub rrnum: c_int,
            #[c = "_msg_ptr"]
            pub msg_ptr: *const u8,
        }
        /// `ns_rr`: one question or resource record, as `ns_parserr` returns it.
        #[c = "ns_rr"]
        #[derive(Clone, Copy, Debug)]
        pub struct NsRr {
            /// The owner name in text form, NUL-terminated ("" for the root).
            pub name: [c_char; NS_MAXDNAME],
            #[c = "type"]
            pub rtype: u16,
            pub rr_class: u16,
            pub ttl: u32,
            pub rdlength: u16,
            /// The record's data, inside the message; null for a question.
            pub rdata: *const u8,
        }
        /// `struct _ns_flagdata`: where one header flag sits in `ns_msg`'s `_flags`.
        #[c = "struct _ns_flagdata"]
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct NsFlagdata {
            pub mask: c_int,
            pub shift: c_int,
        }
    }
}
