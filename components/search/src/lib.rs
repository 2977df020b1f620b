//! `<search.h>`: the hash table, the balanced binary tree, linear search and queues.
//!
//! - `table`: the hash table (open addressing with a tag byte per slot), its sizing and
//!   growth, which follow musl's; `hsearch`: `hcreate`, `hsearch`, `hdestroy` over one
//!   process-wide table, and their `_r` forms over the caller's `struct hsearch_data`;
//! - `avl`: the tree's node (the key pointer first, as POSIX programs assume) and its
//!   rebalancing; `tsearch`: `tsearch`, `tfind`, `tdelete`; `twalk`: `twalk`, `tdestroy`;
//! - `lsearch`: `lsearch`, `lfind` over the caller's array;
//! - `insque`: `insque`, `remque` over the caller's linked elements.
//!
//! The ABI types (`ENTRY`, `struct hsearch_data`, `ACTION`, `VISIT`, `struct qelem`) are
//! limpet-abi's `search` module. Tables and nodes come from the allocator (`imports`).
#![cfg_attr(not(test), no_std)]

mod avl;
pub mod hsearch;
mod imports;
pub mod insque;
pub mod lsearch;
mod table;
#[cfg(test)]
mod testutil;
pub mod tsearch;
pub mod twalk;

use core::ffi::{c_int, c_void};

/// A comparison function, as `tsearch`, `lsearch` and their relatives take it: negative,
/// zero or positive as the first argument (always the caller's key) orders before, equal to
/// or after the second (an element or a node's key). `None` is C's null pointer.
pub type Compare = Option<CompareFn>;

/// A comparison function once checked non-null.
pub type CompareFn = unsafe extern "C" fn(*const c_void, *const c_void) -> c_int;
