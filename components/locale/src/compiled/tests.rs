//! Compiled locales through the C API: files written with the format's writer into a
//! temporary directory named by `LIMPET_LOCPATH`. Named maps live for ever, so each test
//! uses names of its own.
use core::ffi::{CStr, c_char};
use std::ffi::CString;

use super::format::{self, NUMBERS, SLOTS};
use crate::abi::*;
use crate::langinfo::{item, nl_langinfo, nl_langinfo_l};
use crate::localeconv::{localeconv, of, radix};
use crate::newlocale::{freelocale, newlocale};
use crate::uselocale::uselocale;
use crate::{locale_t, object};

/// A locale whose every string names it and the slot (`xx:12`), radix `,` and grouping 3;3.
fn file(tag: &str) -> Vec<u8> {
    let mut slots: [Vec<u8>; SLOTS] = core::array::from_fn(|i| format!("{tag}:{i}").into_bytes());
    slots[format::CODESET] = b"UTF-8".to_vec();
    slots[format::NUMERIC] = b",".to_vec();
    slots[format::NUMERIC + format::GROUPING] = vec![3, 3];
    let mut numbers = [format::UNAVAILABLE as c_char; NUMBERS];
    numbers[1] = 2;
    format::write(&slots, &numbers)
}

/// A directory holding `tag`'s file under each name, made fresh, and `LIMPET_LOCPATH` set to
/// it (after a directory that does not exist).
fn install(dir: &str, files: &[(&str, Vec<u8>)]) {
    let dir = std::env::temp_dir().join(format!("limpet-locale-test-{}-{dir}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for (name, bytes) in files {
        std::fs::write(dir.join(name), bytes).unwrap();
    }
    let path = format!("/nonexistent:{}", dir.display());
    // SAFETY: the callers hold the test lock, which keeps this crate's other environment
    // users out.
    unsafe { crate::set_env("LIMPET_LOCPATH", Some(&path)) };
}

fn new(mask: i32, name: &str) -> locale_t {
    let c = CString::new(name).unwrap();
    // SAFETY: a valid name and no base.
    let l = unsafe { newlocale(mask, c.as_ptr(), core::ptr::null_mut()) };
    assert!(!l.is_null());
    l
}

fn get(it: nl_item, l: locale_t) -> String {
    // SAFETY: `l` is a live locale object; the result is a string that lives for ever.
    unsafe { CStr::from_ptr(nl_langinfo_l(it, l)) }.to_str().unwrap().to_owned()
}

#[test]
fn items_come_from_the_compiled_file() {
    let _t = crate::test_lock();
    install("items", &[("xa_XA.UTF-8", file("xa"))]);
    for name in ["xa_XA.UTF-8", "xa_XA.utf8", "xa_XA"] {
        let l = new(LC_ALL_MASK, name);
        assert_eq!(get(ABDAY_1, l), format!("xa:{}", format::TIME), "{name}");
        assert_eq!(get(ERA_T_FMT, l), format!("xa:{}", format::TIME + 0x31));
        assert_eq!(get(ERA_T_FMT + 1, l), "");
        assert_eq!(get(RADIXCHAR, l), ",");
        assert_eq!(get(THOUSEP, l), format!("xa:{}", format::NUMERIC + 1));
        assert_eq!(get(RADIXCHAR + 2, l), "", "grouping is no nl_item");
        assert_eq!(get(CRNCYSTR, l), format!("xa:{}", format::MONETARY + format::CRNCYSTR));
        assert_eq!(get(CRNCYSTR - 1, l), "");
        assert_eq!(get(YESEXPR, l), format!("xa:{}", format::MESSAGES));
        assert_eq!(get(NOSTR, l), format!("xa:{}", format::MESSAGES + 3));
        assert_eq!(get(NOSTR + 1, l), "");
        assert_eq!(get(CODESET, l), "UTF-8");
        assert_eq!(get((LC_TIME << 16) | 0xffff, l), name);
        // SAFETY: `l` is live; `of` gives a struct that lives for ever.
        let lc = of(unsafe { &*l });
        // SAFETY: its strings live for ever.
        unsafe {
            assert_eq!(CStr::from_ptr(lc.decimal_point), c",");
            assert_eq!(CStr::from_ptr(lc.grouping).to_bytes(), [3, 3]);
            assert_eq!(CStr::from_ptr(lc.currency_symbol).to_str().unwrap(), format!("xa:{}", format::MONETARY + 1));
        }
        assert_eq!((lc.int_frac_digits, lc.frac_digits), (c_char::MAX, 2));
        // SAFETY: as above.
        assert_eq!(radix(unsafe { &*l }), b",");
        // SAFETY: made above and used no more.
        unsafe { freelocale(l) };
    }
}

#[test]
fn each_category_reads_its_own_locale() {
    let _t = crate::test_lock();
    install("percat", &[("xb_XB.UTF-8", file("xb")), ("xc_XC.UTF-8", file("xc"))]);
    let l = new(LC_ALL_MASK, "C");
    let c = CString::new("xb_XB.UTF-8").unwrap();
    // SAFETY: `l` is ours; the result replaces it.
    let l = unsafe { newlocale(LC_TIME_MASK, c.as_ptr(), l) };
    assert_eq!(get(MON_1, l), format!("xb:{}", format::TIME + 0x1a));
    assert_eq!(get(RADIXCHAR, l), ".");
    assert_eq!(get(YESEXPR, l), "^[yY]");
    // SAFETY: `l` is live.
    assert_eq!(radix(unsafe { &*l }), b".");
    // Numbers from one compiled locale and money from another: a mixed struct, kept.
    let n = CString::new("xc_XC").unwrap();
    // SAFETY: `l` is ours.
    let l = unsafe { newlocale(LC_NUMERIC_MASK, n.as_ptr(), newlocale(LC_MONETARY_MASK, c.as_ptr(), l)) };
    // SAFETY: `l` is live; the structs live for ever.
    let lc = of(unsafe { &*l });
    unsafe {
        assert_eq!(CStr::from_ptr(lc.thousands_sep).to_str().unwrap(), format!("xc:{}", format::NUMERIC + 1));
        assert_eq!(CStr::from_ptr(lc.positive_sign).to_str().unwrap(), format!("xb:{}", format::MONETARY + 5));
        assert!(core::ptr::eq(lc, of(&*l)));
        freelocale(l);
    }
    // Compiled numbers with the C locale's money.
    let l = new(LC_NUMERIC_MASK, "xc_XC.utf8");
    // SAFETY: `l` is live; the struct lives for ever.
    unsafe {
        let lc = of(&*l);
        assert_eq!(CStr::from_ptr(lc.decimal_point), c",");
        assert_eq!(CStr::from_ptr(lc.currency_symbol), c"");
        assert_eq!(lc.frac_digits, c_char::MAX);
        freelocale(l);
    }
}

#[test]
fn uselocale_is_per_thread() {
    let _t = crate::test_lock();
    install("threads", &[("xd_XD.UTF-8", file("xd"))]);
    let l = new(LC_ALL_MASK, "xd_XD.UTF-8") as usize;
    let other = std::thread::spawn(move || {
        // SAFETY: `l` lives until the main thread frees it, after this thread ends.
        unsafe { uselocale(l as locale_t) };
        let s = |p: *mut c_char| unsafe { CStr::from_ptr(p) }.to_str().unwrap().to_owned();
        // SAFETY: the struct lives for ever.
        let dp = unsafe { CStr::from_ptr((*localeconv()).decimal_point) }.to_owned();
        (s(nl_langinfo(DAY_1)), dp)
    });
    let (day, dp) = other.join().unwrap();
    assert_eq!(day, format!("xd:{}", format::TIME + 7));
    assert_eq!(dp.as_c_str(), c",");
    // This thread still uses the global locale, the C locale here.
    // SAFETY: the struct lives for ever.
    assert_eq!(unsafe { CStr::from_ptr((*localeconv()).decimal_point) }, c".");
    assert_eq!(item(DAY_1, object::current()), c"Sunday");
    // SAFETY: no thread uses it any more.
    unsafe { freelocale(l as locale_t) };
}

#[test]
fn bad_files_leave_the_c_conventions() {
    let _t = crate::test_lock();
    let good = file("xe");
    let mut flipped = good.clone();
    flipped[0] ^= 1;
    install(
        "bad",
        &[
            ("xe_XE.UTF-8", good[..good.len() - 1].to_vec()),
            ("xf_XF.UTF-8", flipped),
            ("xg_XG.UTF-8", Vec::new()),
            // A bad file is passed over for the next name that holds a good one.
            ("xh_XH", b"junk".to_vec()),
            ("xh_XH.UTF-8", good.clone()),
            // A file named without a codeset serves the UTF-8 names too.
            ("xj_XJ", good.clone()),
        ],
    );
    for name in ["xe_XE.UTF-8", "xf_XF.UTF-8", "xg_XG.UTF-8"] {
        let l = new(LC_ALL_MASK, name);
        assert_eq!(get(DAY_1, l), "Sunday", "{name}");
        assert_eq!(get(RADIXCHAR, l), ".");
        assert_eq!(get((LC_NUMERIC << 16) | 0xffff, l), name);
        // SAFETY: made above.
        unsafe { freelocale(l) };
    }
    for name in ["xh_XH", "xj_XJ.utf8"] {
        let l = new(LC_ALL_MASK, name);
        assert_eq!(get(RADIXCHAR, l), ",", "{name}");
        // SAFETY: made above.
        unsafe { freelocale(l) };
    }
    // SAFETY: the test lock is held.
    unsafe { crate::set_env("LIMPET_LOCPATH", None) };
}
