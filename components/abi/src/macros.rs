//! The definition macros. Each takes ordinary Rust items, grouped under the C header that
//! defines them, emits them unchanged (so `grep 'const AT_FDCWD'` finds the definition), and
//! records them in the module's `CONSTANTS`, `TYPES` or `STRUCTS` table for the check.
//!
//! An item's attributes come in a fixed order: doc comments, then `#[cfg(...)]` (an item
//! whose value differs per architecture is written once per architecture), then `#[c = ...]`
//! where its C spelling differs from its Rust name, then (structs only) any other attribute.

/// `constants! { "fcntl.h" { pub const AT_FDCWD: c_int = -100; ... } ... }`
///
/// `#[c = "_NSIG/8"]` before a constant gives the C expression its value is checked against,
/// for a named fact that C spells as an expression (or under another name).
#[macro_export]
macro_rules! constants {
    ($($header:literal {
        $(
            $(#[doc = $doc:literal])*
            $(#[cfg($cfg:meta)])*
            $(#[c = $c:literal])?
            pub const $name:ident: $ty:ty = $value:expr;
        )*
    })*) => {
        $($(
            $(#[doc = $doc])*
            $(#[cfg($cfg)])*
            pub const $name: $ty = $value;
        )*)*

        /// This module's constants, for the check against the C headers.
        pub const CONSTANTS: &[$crate::check::Constant] = &[
            $($(
                #[cfg(all($($cfg),*))]
                $crate::check::Constant {
                    header: $header,
                    name: stringify!($name),
                    c: $crate::__c_name!($name $(, $c)?),
                    value: Some(($name as i128, core::mem::size_of::<$ty>())),
                },
                #[cfg(not(all($($cfg),*)))]
                $crate::check::Constant {
                    header: $header,
                    name: stringify!($name),
                    c: $crate::__c_name!($name $(, $c)?),
                    value: None,
                },
            )*)*
        ];
    };
}

/// `types! { "wchar.h" { pub type wint_t = u32; ... } ... }`: integer and pointer type
/// aliases, recorded with their size and (integers) sign.
#[macro_export]
macro_rules! types {
    ($($header:literal {
        $(
            $(#[doc = $doc:literal])*
            $(#[cfg($cfg:meta)])*
            pub type $name:ident = $ty:ty;
        )*
    })*) => {
        $($(
            $(#[doc = $doc])*
            $(#[cfg($cfg)])*
            #[allow(non_camel_case_types)]
            pub type $name = $ty;
        )*)*

        /// This module's scalar types, for the check against the C headers.
        pub const TYPES: &[$crate::check::Type] = &[
            $($(
                #[cfg(all($($cfg),*))]
                $crate::check::Type {
                    header: $header,
                    name: stringify!($name),
                    layout: Some((core::mem::size_of::<$ty>(), <$ty as $crate::check::Scalar>::SIGNED)),
                },
                #[cfg(not(all($($cfg),*)))]
                $crate::check::Type { header: $header, name: stringify!($name), layout: None },
            )*)*
        ];
    };
}

/// `structs! { "time.h" { #[c = "struct timespec"] pub struct Timespec { pub tv_sec: i64, ... } } }`
///
/// Every struct (or union: `pub union`) is `#[repr(C)]`; further attributes after `#[c]`
/// (`#[derive]`, `#[repr(align(8))]`) pass through. `#[c = "..."]` before the struct names
/// its C type, with `, opaque` (`#[c = "pthread_attr_t", opaque]`) for a type whose insides
/// C leaves opaque: only its size and alignment are checked. Before a field, `#[c = "..."]`
/// names the C field where the names differ (`#[c = "__bits"] pub bits: ...`), and
/// `#[c = _]` marks a field C has no counterpart for (padding, limpet's own words), which is
/// not checked. Fields may be private: a struct with reserved words has a constructor.
#[macro_export]
macro_rules! structs {
    ($($header:literal {
        $(
            $(#[doc = $doc:literal])*
            $(#[cfg($cfg:meta)])*
            #[c = $cname:literal $(, $opaque:ident)?]
            $(#[$m:meta])*
            pub $kind:ident $name:ident {
                $(
                    $(#[doc = $fdoc:literal])*
                    $(#[c = $fcname:tt])?
                    $fvis:vis $field:ident: $fty:ty
                ),* $(,)?
            }
        )*
    })*) => {
        $($(
            $(#[doc = $doc])*
            $(#[cfg($cfg)])*
            #[repr(C)]
            $(#[$m])*
            pub $kind $name {
                $($(#[doc = $fdoc])* $fvis $field: $fty,)*
            }
        )*)*

        /// This module's structs, for the check against the C headers.
        pub const STRUCTS: &[$crate::check::Struct] = &[
            $($(
                #[cfg(all($($cfg),*))]
                $crate::check::Struct {
                    header: $header,
                    name: $cname,
                    layout: Some($crate::check::Layout {
                        size: core::mem::size_of::<$name>(),
                        align: core::mem::align_of::<$name>(),
                        fields: $crate::__fields!($($opaque)?; $($crate::check::Field {
                            name: $crate::__c_field!($field $(, $fcname)?),
                            offset: core::mem::offset_of!($name, $field),
                            size: core::mem::size_of::<$fty>(),
                        },)*),
                    }),
                },
                #[cfg(not(all($($cfg),*)))]
                $crate::check::Struct { header: $header, name: $cname, layout: None },
            )*)*
        ];
    };
}

/// A constant's C expression: its `#[c = "..."]`, or its Rust name.
#[doc(hidden)]
#[macro_export]
macro_rules! __c_name {
    ($name:ident) => { stringify!($name) };
    ($name:ident, $c:literal) => { $c };
}

/// A field's C name: none for `#[c = _]`, its `#[c = "..."]`, or its Rust name.
#[doc(hidden)]
#[macro_export]
macro_rules! __c_field {
    ($field:ident) => { Some(stringify!($field)) };
    ($field:ident, _) => { None };
    ($field:ident, $c:literal) => { Some($c) };
}

/// A struct's field records: none for an opaque type.
#[doc(hidden)]
#[macro_export]
macro_rules! __fields {
    (opaque; $($field:expr,)*) => { &[] };
    (; $($field:expr,)*) => { &[$($field,)*] };
}
