//! The definition macros. Each takes ordinary Rust items, grouped under the C header that
//! defines them, emits them unchanged (so `grep 'const AT_FDCWD'` finds the definition), and
//! records them in the module's `CONSTANTS`, `TYPES` or `STRUCTS` table for the check.

/// `constants! { "fcntl.h" { pub const AT_FDCWD: c_int = -100; ... } ... }`
#[macro_export]
macro_rules! constants {
    ($($header:literal { $($(#[$m:meta])* pub const $name:ident: $ty:ty = $value:expr;)* })*) => {
        $($($(#[$m])* pub const $name: $ty = $value;)*)*

        /// This module's constants, for the check against musl's headers.
        pub const CONSTANTS: &[$crate::check::Constant] = &[
            $($($crate::check::Constant { header: $header, name: stringify!($name), value: $name as i128 },)*)*
        ];
    };
}

/// `types! { "sys/types.h" { pub type pid_t = c_int; ... } ... }`: integer type aliases.
#[macro_export]
macro_rules! types {
    ($($header:literal { $($(#[$m:meta])* pub type $name:ident = $ty:ty;)* })*) => {
        $($($(#[$m])* #[allow(non_camel_case_types)] pub type $name = $ty;)*)*

        /// This module's integer types, for the check against musl's headers.
        pub const TYPES: &[$crate::check::Type] = &[
            $($($crate::check::Type {
                header: $header,
                name: stringify!($name),
                size: core::mem::size_of::<$ty>(),
                signed: <$ty>::MIN != 0,
            },)*)*
        ];
    };
}

/// `structs! { "time.h" { #[c = "struct timespec"] pub struct Timespec { pub tv_sec: i64, ... } } }`
///
/// Every struct is `#[repr(C)]`. `#[c = "..."]` before the struct names its C type; before a
/// field it names the C field where the names differ (`#[c = "__bits"] pub bits: ...`).
#[macro_export]
macro_rules! structs {
    ($($header:literal {
        $(
            $(#[doc = $doc:literal])*
            #[c = $cname:literal]
            $(#[$m:meta])*
            pub struct $name:ident {
                $(
                    $(#[doc = $fdoc:literal])*
                    $(#[c = $fcname:literal])?
                    pub $field:ident: $fty:ty
                ),* $(,)?
            }
        )*
    })*) => {
        $($(
            $(#[doc = $doc])*
            #[repr(C)]
            $(#[$m])*
            pub struct $name {
                $($(#[doc = $fdoc])* pub $field: $fty,)*
            }
        )*)*

        /// This module's structs, for the check against musl's headers.
        pub const STRUCTS: &[$crate::check::Struct] = &[
            $($($crate::check::Struct {
                header: $header,
                name: $cname,
                size: core::mem::size_of::<$name>(),
                align: core::mem::align_of::<$name>(),
                fields: &[$($crate::check::Field {
                    name: $crate::__c_field!($field $(, $fcname)?),
                    offset: core::mem::offset_of!($name, $field),
                    size: core::mem::size_of::<$fty>(),
                },)*],
            },)*)*
        ];
    };
}

/// A field's C name: its `#[c = "..."]`, or its Rust name.
#[doc(hidden)]
#[macro_export]
macro_rules! __c_field {
    ($field:ident) => { stringify!($field) };
    ($field:ident, $c:literal) => { $c };
}
