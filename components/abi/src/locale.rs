//! `<locale.h>`: the locale object type the `_l` functions of several components take.

crate::types! {
    "locale.h" {
        /// An opaque pointer: limpet-locale's object, or `LC_GLOBAL_LOCALE`. The other
        /// components' `_l` functions accept any value, since every locale limpet has (C
        /// and C.UTF-8, as in musl) classifies, compares and converts the same for them.
        pub type locale_t = *mut core::ffi::c_void;
    }
}
