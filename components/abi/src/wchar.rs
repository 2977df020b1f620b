//! `<wchar.h>`: the wide character types, `WEOF`, and the conversion state `mbstate_t`.

crate::types! {
    "wchar.h" {
        /// `unsigned` on aarch64 (musl's `arch/aarch64/bits/alltypes.h`), `int` elsewhere.
        #[cfg(target_arch = "aarch64")]
        pub type wchar_t = u32;
        /// `int` here; `unsigned` on aarch64.
        #[cfg(not(target_arch = "aarch64"))]
        pub type wchar_t = i32;
        pub type wint_t = u32;
    }
}

crate::constants! {
    "wchar.h" {
        /// What the wide character functions return on failure or at the end of the input.
        pub const WEOF: wint_t = 0xffff_ffff;
    }
}

crate::structs! {
    "wchar.h" {
        /// `mbstate_t`: musl's two `unsigned`s. limpet-locale keeps the whole state in the
        /// first (its `mb` module says how); the second is unused.
        #[c = "mbstate_t"]
        #[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
        pub struct MbState {
            #[c = "__opaque1"]
            pub word: u32,
            #[c = "__opaque2"]
            pub unused: u32,
        }
    }
}

impl MbState {
    /// The initial conversion state.
    pub const fn new() -> Self {
        MbState { word: 0, unused: 0 }
    }

    /// Whether this is the initial state (`mbsinit`).
    pub fn is_initial(&self) -> bool {
        self.word == 0
    }
}
