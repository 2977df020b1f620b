//! `<search.h>`: the hash table's entry `ENTRY` and its reentrant table handle
//! `struct hsearch_data`, the `ACTION` and `VISIT` enumerations, and `struct qelem`, the
//! element `insque` and `remque` link.
use core::ffi::{c_char, c_uint, c_void};

crate::types! {
    "search.h" {
        /// `ACTION`, what `hsearch` does with a key it does not find: a C enumeration of
        /// non-negative values, so an `unsigned int`.
        pub type ACTION = c_uint;
        /// `VISIT`, which of its visits to a node `twalk` reports: an `unsigned int` too.
        pub type VISIT = c_uint;
    }
}

crate::constants! {
    "search.h" {
        /// `ACTION`: look the key up only.
        pub const FIND: ACTION = 0;
        /// `ACTION`: look the key up, and enter it when it is missing.
        pub const ENTER: ACTION = 1;
        /// `VISIT`: an inner node, before its left subtree.
        #[c = "preorder"]
        pub const PREORDER: VISIT = 0;
        /// `VISIT`: an inner node, between its subtrees.
        #[c = "postorder"]
        pub const POSTORDER: VISIT = 1;
        /// `VISIT`: an inner node, after its right subtree.
        #[c = "endorder"]
        pub const ENDORDER: VISIT = 2;
        /// `VISIT`: a node without children, visited once.
        #[c = "leaf"]
        pub const LEAF: VISIT = 3;
    }
}

crate::structs! {
    "search.h" {
        /// `ENTRY` (`struct entry`): a hash table item, a NUL-terminated key and the
        /// caller's data; `hsearch` returns pointers to the table's copies.
        #[c = "ENTRY"]
        #[derive(Clone, Copy, Debug)]
        pub struct Entry {
            pub key: *mut c_char,
            pub data: *mut c_void,
        }

        /// `struct hsearch_data`: a table of the reentrant `h*_r` functions. The pointer is
        /// the implementation's own (musl's `struct __tab`); the two words are unused.
        #[c = "struct hsearch_data"]
        #[derive(Clone, Copy, Debug)]
        pub struct HsearchData {
            #[c = "__tab"]
            pub tab: *mut c_void,
            #[c = "__unused1"]
            pub unused1: c_uint,
            #[c = "__unused2"]
            pub unused2: c_uint,
        }

        /// `struct qelem`: an element of a doubly linked queue. `insque` and `remque` use
        /// only the two links, which any element of the caller's own type may start with.
        #[c = "struct qelem"]
        #[derive(Clone, Copy, Debug)]
        pub struct Qelem {
            pub q_forw: *mut Qelem,
            pub q_back: *mut Qelem,
            pub q_data: [c_char; 1],
        }
    }
}
