//! The trampolines, called as C calls them: through a C-variadic function pointer, with more
//! arguments of each kind than fit in registers, and with one to five named arguments.
use core::ffi::c_char;
use std::sync::Mutex;

use crate::{VaArgs, VaList};

/// What one call's target saw: the named arguments, then what the format string asked for.
static SEEN: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// Reads the arguments `fmt` lists: `i` an `int` (whose slot's upper half is undefined), `d`
/// a double, `s` a C string.
unsafe fn read(fmt: *const c_char, mut va: VaArgs) -> Vec<String> {
    let fmt = unsafe { core::ffi::CStr::from_ptr(fmt) }.to_str().unwrap();
    fmt.bytes()
        .map(|k| match k {
            b'i' => (va.next_int() as i32).to_string(),
            b'd' => format!("{:?}", va.next_f64()),
            b's' => unsafe { core::ffi::CStr::from_ptr(va.next_int() as *const c_char) }.to_str().unwrap().to_owned(),
            _ => panic!("bad kind {k}"),
        })
        .collect()
}

unsafe extern "C" fn one_target(fmt: *const c_char, ap: VaList) -> i64 {
    let got = unsafe { read(fmt, VaArgs::new(ap)) };
    let n = got.len() as i64;
    *SEEN.lock().unwrap() = got;
    n
}

unsafe extern "C" fn three_target(a: u64, b: u64, fmt: *const c_char, ap: VaList) -> i64 {
    let mut got = vec![a.to_string(), b.to_string()];
    got.extend(unsafe { read(fmt, VaArgs::new(ap)) });
    *SEEN.lock().unwrap() = got;
    -1
}

unsafe extern "C" fn five_target(a: u64, b: u64, c: u64, d: u64, fmt: *const c_char, ap: VaList) -> i64 {
    let mut got = vec![a.to_string(), b.to_string(), c.to_string(), d.to_string()];
    got.extend(unsafe { read(fmt, VaArgs::new(ap)) });
    *SEEN.lock().unwrap() = got;
    5
}

/// Reads `n` integers, the first `k` twice: once from a copy, then for real.
unsafe extern "C" fn copy_target(n: u64, ap: VaList) -> i64 {
    let mut va = unsafe { VaArgs::new(ap) };
    let ahead: Vec<u64> = va.with_copy(|c| (0..n).map(|_| c.next_int()).collect());
    let now: Vec<u64> = (0..n).map(|_| va.next_int()).collect();
    (ahead == now) as i64 * now.iter().sum::<u64>() as i64
}

crate::variadic! {
    /// A test trampoline with one named argument.
    fn one(fmt: *const c_char) -> i64 => one_target
}
crate::variadic! {
    /// A test trampoline with three named arguments.
    fn three(a: u64, b: u64, fmt: *const c_char) -> i64 => three_target
}
crate::variadic! {
    /// A test trampoline with five named arguments.
    fn five(a: u64, b: u64, c: u64, d: u64, fmt: *const c_char) -> i64 => five_target
}
crate::variadic! {
    /// A test trampoline that reads through `va_copy`.
    fn copying(n: u64) -> i64 => copy_target
}

type One = unsafe extern "C" fn(*const c_char, ...) -> i64;
type Three = unsafe extern "C" fn(u64, u64, *const c_char, ...) -> i64;
type Five = unsafe extern "C" fn(u64, u64, u64, u64, *const c_char, ...) -> i64;
type Copying = unsafe extern "C" fn(u64, ...) -> i64;

fn seen() -> Vec<String> {
    SEEN.lock().unwrap().clone()
}

/// The tests share `SEEN`; one at a time.
static SERIAL: Mutex<()> = Mutex::new(());

#[test]
fn integers_past_the_registers() {
    let _g = SERIAL.lock().unwrap();
    // SAFETY: the trampoline is a C-variadic function with this prototype.
    let f: One = unsafe { core::mem::transmute(one as *const ()) };
    let r = unsafe { f(c"iiiiiiiiiiii".as_ptr(), 1, -2, 3, 4, 5, 6, 7, 8, 9, 10, -11, 12) };
    assert_eq!(r, 12);
    assert_eq!(seen(), ["1", "-2", "3", "4", "5", "6", "7", "8", "9", "10", "-11", "12"]);
}

#[test]
fn doubles_past_the_registers_and_mixed_kinds_keep_their_order() {
    let _g = SERIAL.lock().unwrap();
    let f: One = unsafe { core::mem::transmute(one as *const ()) };
    let r = unsafe {
        f(c"dddddddddddd".as_ptr(), 1.0f64, 2.5f64, -3.0f64, 4e10f64, 5e-10f64, 6.0f64, 7.0f64, 8.0f64, 9.5f64, 10.0f64, 11.0f64, 0.125f64)
    };
    assert_eq!(r, 12);
    assert_eq!(seen(), ["1.0", "2.5", "-3.0", "40000000000.0", "5e-10", "6.0", "7.0", "8.0", "9.5", "10.0", "11.0", "0.125"]);
    let r = unsafe {
        f(c"idsidsidsidsidsidsidsids".as_ptr(),
          1, 1.5f64, c"a".as_ptr(), 2, 2.5f64, c"b".as_ptr(), 3, 3.5f64, c"c".as_ptr(), 4, 4.5f64, c"d".as_ptr(),
          5, 5.5f64, c"e".as_ptr(), 6, 6.5f64, c"f".as_ptr(), 7, 7.5f64, c"g".as_ptr(), 8, 8.5f64, c"h".as_ptr())
    };
    assert_eq!(r, 24);
    let want: Vec<String> = (1..=8)
        .flat_map(|i| [i.to_string(), format!("{:?}", i as f64 + 0.5), ((b'a' + i as u8 - 1) as char).to_string()])
        .collect();
    assert_eq!(seen(), want);
}

#[test]
fn named_arguments_take_their_registers() {
    let _g = SERIAL.lock().unwrap();
    let f: Three = unsafe { core::mem::transmute(three as *const ()) };
    assert_eq!(unsafe { f(10, 20, c"idiiiiiii".as_ptr(), 30, 0.75f64, 40, 50, 60, 70, 80, 90, 100) }, -1);
    assert_eq!(seen(), ["10", "20", "30", "0.75", "40", "50", "60", "70", "80", "90", "100"]);
    let f: Five = unsafe { core::mem::transmute(five as *const ()) };
    assert_eq!(unsafe { f(1, 2, 3, 4, c"iiiiiid".as_ptr(), 5, 6, 7, 8, 9, 10, 11.5f64) }, 5);
    assert_eq!(seen(), ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11.5"]);
    // No variadic arguments at all.
    assert_eq!(unsafe { f(9, 8, 7, 6, c"".as_ptr()) }, 5);
    assert_eq!(seen(), ["9", "8", "7", "6"]);
}

#[test]
fn a_copy_reads_the_same_arguments_without_consuming_them() {
    let f: Copying = unsafe { core::mem::transmute(copying as *const ()) };
    assert_eq!(unsafe { f(10, 1u64, 2u64, 3u64, 4u64, 5u64, 6u64, 7u64, 8u64, 9u64, 10u64) }, 55);
    assert_eq!(unsafe { f(0) }, 0);
}
