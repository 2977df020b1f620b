//! strtod, strtof and strtold in glibc's de_DE, fr_FR, ja_JP and ru_RU against glibc's own
//! `strtod_l`/`strtof_l`/`strtold_l`: generated decimal and hexadecimal inputs with the
//! locale's radix character, and with `.` (which a `,` locale does not read). The radix is
//! glibc's (`nl_langinfo_l(RADIXCHAR)`), so this checks how limpet reads a locale's radix
//! whether or not limpet's compiled locales exist; the wide forms are checked against the
//! narrow ones with the same radix.
use core::ffi::{c_char, c_void};
use std::ffi::CString;

use crate::strtod::tests::generated;
use crate::strtod::{to_f32, to_f64};
use crate::testutil::{Rng, wide};

#[path = "../../../tests/locale/glibc.rs"]
mod glibc;

/// glibc's `RADIXCHAR`.
const RADIXCHAR: i32 = 0x10000;

unsafe extern "C" {
    fn strtod_l(s: *const c_char, e: *mut *mut c_char, loc: *mut c_void) -> f64;
    fn strtof_l(s: *const c_char, e: *mut *mut c_char, loc: *mut c_void) -> f32;
}

#[test]
fn strtod_in_glibc_locales_as_glibc() {
    let Some(locales) = glibc::all("strtod_in_glibc_locales_as_glibc") else { return };
    let mut checked = 0;
    for (name, loc) in locales {
        let radix = glibc::langinfo(RADIXCHAR, loc).to_bytes();
        let radix_str = std::str::from_utf8(radix).unwrap();
        let mut r = Rng(0xd1b5_4a32_d192_ed03 ^ name.len() as u64);
        for k in 0..glibc::rounds(100_000) {
            let s = generated(&mut r);
            // Most with the locale's radix, some with the C locale's.
            let s = if k % 8 == 0 { s } else { s.replace('.', radix_str) };
            let c = CString::new(s.clone()).unwrap();
            let (mut e1, mut e2) = (core::ptr::null_mut::<c_char>(), core::ptr::null_mut::<c_char>());
            // SAFETY: NUL-terminated input, writable end pointers, a live glibc locale.
            unsafe {
                let (ours, theirs) = (to_f64(c.as_ptr().cast::<u8>(), (&raw mut e1).cast(), radix), strtod_l(c.as_ptr(), &mut e2, loc));
                assert!(ours.to_bits() == theirs.to_bits() || (ours.is_nan() && theirs.is_nan()) || (ours == 0.0 && theirs == 0.0), "{name} {s:?}: {ours:e} {theirs:e}");
                assert_eq!(e1, e2, "{name} end of {s:?}");
                let (ours, theirs) = (to_f32(c.as_ptr().cast::<u8>(), (&raw mut e1).cast(), radix), strtof_l(c.as_ptr(), &mut e2, loc));
                assert!(ours.to_bits() == theirs.to_bits() || (ours.is_nan() && theirs.is_nan()) || (ours == 0.0 && theirs == 0.0), "{name} f {s:?}");
                assert_eq!(e1, e2, "{name} f end of {s:?}");
                // The wide form reads the radix as its character.
                let w = wide(&s);
                let mut we = core::ptr::null_mut::<u32>();
                let v = to_f64(w.as_ptr(), &mut we, radix);
                let narrow_end = e1 as usize - c.as_ptr() as usize;
                let chars = s.get(..narrow_end).map(|p| p.chars().count());
                assert_eq!(Some((we as usize - w.as_ptr() as usize) / 4), chars, "{name} wide end of {s:?}");
                assert!(v.to_bits() == to_f64(c.as_ptr().cast::<u8>(), core::ptr::null_mut(), radix).to_bits() || v.is_nan(), "{name} wide {s:?}");
            }
            checked += 3;
        }
    }
    eprintln!("strtod in glibc's locales: {checked} conversions agree");
}

#[test]
fn multibyte_radix() {
    // A radix of more than one byte (U+066B ARABIC DECIMAL SEPARATOR), narrow and wide.
    let radix = "\u{66b}".as_bytes();
    let s = CString::new("12\u{66b}5e1x").unwrap();
    let mut e = core::ptr::null_mut::<u8>();
    // SAFETY: NUL-terminated input, a writable end pointer.
    let v = unsafe { to_f64(s.as_ptr().cast::<u8>(), &mut e, radix) };
    assert_eq!((v, e as usize - s.as_ptr() as usize), (125.0, 7));
    let w = wide("12\u{66b}5e1x");
    let mut we = core::ptr::null_mut::<u32>();
    // SAFETY: as above.
    let v = unsafe { to_f64(w.as_ptr(), &mut we, radix) };
    assert_eq!((v, (we as usize - w.as_ptr() as usize) / 4), (125.0, 6));
    // Half a radix is no radix.
    let s = CString::new(&b"12\xd9x"[..]).unwrap();
    // SAFETY: as above.
    let v = unsafe { to_f64(s.as_ptr().cast::<u8>(), &mut e, radix) };
    assert_eq!((v, e as usize - s.as_ptr() as usize), (12.0, 2));
}

/// strtod_l, strtof_l and (x86_64) strtold's conversion with limpet's own compilations of
/// the four locales (limpet-localedef from the same Debian sources) against glibc's.
#[test]
fn strtod_l_in_limpet_locales_as_glibc() {
    let Some(locales) = glibc::both("strtod_l_in_limpet_locales_as_glibc") else { return };
    let mut checked = 0;
    for (name, loc, ours_loc) in locales {
        let ours_loc = core::ptr::from_ref(ours_loc).cast_mut().cast::<c_void>();
        let radix = std::str::from_utf8(glibc::langinfo(RADIXCHAR, loc).to_bytes()).unwrap().to_owned();
        let mut r = Rng(0x3c6e_f372_fe94_f82b ^ name.len() as u64);
        for k in 0..glibc::rounds(50_000) {
            let s = generated(&mut r);
            let s = if k % 8 == 0 { s } else { s.replace('.', &radix) };
            let c = CString::new(s.clone()).unwrap();
            let (mut e1, mut e2) = (core::ptr::null_mut::<c_char>(), core::ptr::null_mut::<c_char>());
            // SAFETY: NUL-terminated input, writable end pointers, live locale objects.
            unsafe {
                let (ours, theirs) = (crate::strtod::strtod_l(c.as_ptr(), &mut e1, ours_loc), strtod_l(c.as_ptr(), &mut e2, loc));
                assert!(ours.to_bits() == theirs.to_bits() || (ours.is_nan() && theirs.is_nan()) || (ours == 0.0 && theirs == 0.0), "{name} {s:?}");
                assert_eq!(e1, e2, "{name} end of {s:?}");
                let (ours, theirs) = (crate::strtod::strtof_l(c.as_ptr(), &mut e1, ours_loc), strtof_l(c.as_ptr(), &mut e2, loc));
                assert!(ours.to_bits() == theirs.to_bits() || (ours.is_nan() && theirs.is_nan()) || (ours == 0.0 && theirs == 0.0), "{name} f {s:?}");
                assert_eq!(e1, e2, "{name} f end of {s:?}");
                #[cfg(target_arch = "x86_64")]
                {
                    let mut out = [0u8; 16];
                    crate::strtold::strtold_l_bytes(c.as_ptr(), &mut e1, &mut out, ours_loc);
                    let mut back = core::ptr::null_mut::<c_char>();
                    let mut c_form = [0u8; 16];
                    crate::strtold::strtold_bytes_radix(c.as_ptr(), &mut back, radix.as_bytes(), &mut c_form);
                    assert_eq!((out, e1), (c_form, back), "{name} L {s:?}");
                }
            }
            checked += 3;
        }
    }
    eprintln!("strtod_l in limpet's locales: {checked} conversions agree with glibc's");
}
