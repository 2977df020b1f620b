//! `getopt_long` and `getopt_long_only`: GNU-style long options (`--name`, `--name=value`,
//! `--name value`, unambiguous prefixes), falling back to [`getopt`] for short ones.
//!
//! Unless `optstring` starts with `+` or `-`, non-options are skipped over and, once the
//! options after them are used, moved behind those options, so that at the end `argv[optind..]`
//! holds the operands in their original order.
use core::ffi::{c_char, c_int};

use crate::getopt::{complain, getopt, maybe_reset, optarg, optind, optopt};

/// `struct option`.
#[repr(C)]
pub struct option {
    pub name: *const c_char,
    /// `no_argument` (0), `required_argument` (1) or `optional_argument` (2).
    pub has_arg: c_int,
    /// When non-null, `*flag = val` and the call returns 0.
    pub flag: *mut c_int,
    pub val: c_int,
}

const REQUIRED: c_int = 1;

/// Moves `argv[from]` to `argv[to]` (`to <= from`), shifting the elements between up by one.
///
/// # Safety
/// Both indices are within `argv`, which the caller lets us rearrange.
unsafe fn rotate(argv: *const *mut c_char, to: usize, from: usize) {
    let argv = argv as *mut *mut c_char;
    // SAFETY: the caller's contract (GNU getopt_long also permutes the "const" argv).
    unsafe {
        let moving = *argv.add(from);
        core::ptr::copy(argv.add(to), argv.add(to + 1), from - to);
        *argv.add(to) = moving;
    }
}

/// The shared body of `getopt_long` and `getopt_long_only`.
///
/// # Safety
/// As for [`getopt_long`].
unsafe fn long_scan(
    argc: c_int,
    argv: *const *mut c_char,
    optstring: *const c_char,
    longopts: *const option,
    idx: *mut c_int,
    long_only: bool,
) -> c_int {
    // SAFETY: indices stay below argc; the strings are NUL-terminated.
    unsafe {
        maybe_reset();
        if optind >= argc || (*argv.add(optind as usize)).is_null() {
            return -1;
        }
        let skipped = optind;
        let first = *optstring as u8;
        if first != b'+' && first != b'-' {
            let mut i = optind;
            loop {
                if i >= argc || (*argv.add(i as usize)).is_null() {
                    return -1;
                }
                let a = *argv.add(i as usize);
                if *a as u8 == b'-' && *a.add(1) != 0 {
                    break;
                }
                i += 1;
            }
            optind = i;
        }
        let resumed = optind;
        let ret = long_core(argc, argv, optstring, longopts, idx, long_only);
        if resumed > skipped {
            let used = optind - resumed;
            for _ in 0..used {
                rotate(argv, skipped as usize, optind as usize - 1);
            }
            optind = skipped + used;
        }
        ret
    }
}

/// One option at `argv[optind]`, which starts with `-`.
///
/// # Safety
/// As for [`getopt_long`].
unsafe fn long_core(
    argc: c_int,
    argv: *const *mut c_char,
    optstring: *const c_char,
    longopts: *const option,
    idx: *mut c_int,
    long_only: bool,
) -> c_int {
    // SAFETY: as in `long_scan`; `longopts` ends with a null name.
    unsafe {
        optarg = core::ptr::null_mut();
        let arg = *argv.add(optind as usize);
        let at = |p: *const c_char, i: usize| *p.add(i) as u8;
        let is_long = at(arg, 0) == b'-'
            && ((long_only && at(arg, 1) != 0 && at(arg, 1) != b'-') || (at(arg, 1) == b'-' && at(arg, 2) != 0));
        if longopts.is_null() || !is_long {
            return getopt(argc, argv, optstring);
        }
        let spec_start = if at(optstring, 0) == b'+' || at(optstring, 0) == b'-' { 1 } else { 0 };
        let quiet = at(optstring, spec_start) == b':';
        let start = arg.add(1);
        let text = if at(start, 0) == b'-' { start.add(1) } else { start };
        // The name typed ends at `=` or the end.
        let mut typed = 0;
        while at(text, typed) != 0 && at(text, typed) != b'=' {
            typed += 1;
        }
        let (mut count, mut found) = (0, 0);
        let mut k = 0;
        while !(*longopts.add(k)).name.is_null() {
            let name = (*longopts.add(k)).name;
            let mut n = 0;
            while n < typed && at(name, n) == at(text, n) {
                n += 1;
            }
            if n == typed {
                found = k;
                if at(name, n) == 0 {
                    count = 1;
                    break;
                }
                count += 1;
            }
            k += 1;
        }
        // `-x` in long-only mode that is also a short option is the short option.
        if count == 1 && long_only && typed == 1 && text == start {
            let mut i = 0;
            while at(optstring, i) != 0 {
                if at(optstring, i) == at(start, 0) {
                    count += 1;
                    break;
                }
                i += 1;
            }
        }
        if count == 1 {
            let o = &*longopts.add(found);
            let name_len = core::ffi::CStr::from_ptr(o.name).count_bytes();
            optind += 1;
            if at(text, typed) == b'=' {
                if o.has_arg == 0 {
                    optopt = o.val;
                    if !quiet {
                        complain(*argv, c": option does not take an argument: ", o.name, name_len);
                    }
                    return b'?' as c_int;
                }
                optarg = text.add(typed + 1) as *mut c_char;
            } else if o.has_arg == REQUIRED {
                optarg = if optind < argc { *argv.add(optind as usize) } else { core::ptr::null_mut() };
                if optarg.is_null() {
                    optopt = o.val;
                    if quiet {
                        return b':' as c_int;
                    }
                    complain(*argv, c": option requires an argument: ", o.name, name_len);
                    return b'?' as c_int;
                }
                optind += 1;
            }
            if !idx.is_null() {
                *idx = found as c_int;
            }
            if !o.flag.is_null() {
                *o.flag = o.val;
                return 0;
            }
            return o.val;
        }
        if at(arg, 1) == b'-' {
            optopt = 0;
            if !quiet {
                let what = if count > 0 { c": option is ambiguous: " } else { c": unrecognized option: " };
                complain(*argv, what, arg.add(2), core::ffi::CStr::from_ptr(arg.add(2)).count_bytes());
            }
            optind += 1;
            return b'?' as c_int;
        }
        getopt(argc, argv, optstring)
    }
}

/// `getopt_long(argc, argv, optstring, longopts, longindex)`—Like [`getopt`], but also
/// recognises `--name[=value]` from `longopts` (ended by an entry with a null name; any
/// unambiguous prefix will do). For a long option it stores its index in `*longindex` (if
/// non-null) and returns `val`, or stores `val` in `*flag` and returns 0. Permutes `argv` as the
/// module doc says.
///
/// # Safety
/// `argv` must hold `argc` NUL-terminated strings and a null, and may be rearranged;
/// `optstring` NUL-terminated; `longopts` null or ended as above. Not thread-safe.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getopt_long(
    argc: c_int,
    argv: *const *mut c_char,
    optstring: *const c_char,
    longopts: *const option,
    longindex: *mut c_int,
) -> c_int {
    // SAFETY: the caller's contract.
    unsafe { long_scan(argc, argv, optstring, longopts, longindex, false) }
}

/// `getopt_long_only(argc, argv, optstring, longopts, longindex)`—[`getopt_long`], but a
/// single `-` may also introduce a long option; a one-letter name that is also a short option
/// is taken as the short one.
///
/// # Safety
/// As for [`getopt_long`].
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn getopt_long_only(
    argc: c_int,
    argv: *const *mut c_char,
    optstring: *const c_char,
    longopts: *const option,
    longindex: *mut c_int,
) -> c_int {
    // SAFETY: the caller's contract.
    unsafe { long_scan(argc, argv, optstring, longopts, longindex, true) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::ffi::CStr;
    use std::ffi::CString;

    /// Runs a scanner over `args` and records (return, optarg, optind) per call, and the final
    /// argv order.
    fn run(args: &[&str], scan: &mut dyn FnMut(c_int, *const *mut c_char) -> c_int) -> (Vec<(c_int, Option<String>, c_int)>, Vec<String>) {
        let owned: Vec<CString> = args.iter().map(|a| CString::new(*a).unwrap()).collect();
        let mut argv: Vec<*mut c_char> = owned.iter().map(|a| a.as_ptr() as *mut c_char).collect();
        argv.push(core::ptr::null_mut());
        let mut out = Vec::new();
        unsafe {
            optind = 0;
            loop {
                let c = scan(args.len() as c_int, argv.as_ptr());
                let a = (!optarg.is_null()).then(|| CStr::from_ptr(optarg).to_str().unwrap().to_owned());
                out.push((c, a, optind));
                if c == -1 {
                    break;
                }
            }
            let order = argv[..args.len()].iter().map(|p| CStr::from_ptr(*p).to_str().unwrap().to_owned()).collect();
            (out, order)
        }
    }

    #[test]
    fn short_and_long_scenarios() {
        let c = |ch: u8| ch as c_int;
        unsafe {
            crate::getopt::opterr = 0;
            // POSIX getopt stops at the first operand; clusters and attached arguments.
            let (got, _) = run(&["p", "-ab", "-cval", "-c", "v2", "-d", "x", "-a"], &mut |n, v| getopt(n, v, c":abc:d::".as_ptr()));
            assert_eq!(
                got,
                [
                    (c(b'a'), None, 1),
                    (c(b'b'), None, 2),
                    (c(b'c'), Some("val".into()), 3),
                    (c(b'c'), Some("v2".into()), 5),
                    (c(b'd'), None, 6),
                    (-1, None, 6)
                ]
            );
            let (posix, _) = run(&["p", "-ab", "-cval", "-c", "v2", "-d", "x", "-a"], &mut |n, v| crate::getopt::__posix_getopt(n, v, c":abc:d::".as_ptr()));
            assert_eq!(posix, got);
            let (got, _) = run(&["p", "-z", "-c"], &mut |n, v| getopt(n, v, c":c:".as_ptr()));
            assert_eq!(got[0].0, c(b'?'));
            let opt = crate::getopt::optopt;
            assert_eq!(opt, c(b'c'));
            assert_eq!(got[1].0, c(b':'));
            let (got, _) = run(&["p", "-c"], &mut |n, v| getopt(n, v, c"c:".as_ptr()));
            assert_eq!(got[0].0, c(b'?'));
            let (got, _) = run(&["p", "--", "-a"], &mut |n, v| getopt(n, v, c"a".as_ptr()));
            assert_eq!(got, [(-1, None, 2)]);
            let (got, _) = run(&["p", "x", "-a", "y"], &mut |n, v| getopt(n, v, c"-a".as_ptr()));
            // Plain getopt leaves optarg alone for options without arguments, as musl's does.
            assert_eq!(got, [(1, Some("x".into()), 2), (c(b'a'), Some("x".into()), 3), (1, Some("y".into()), 4), (-1, Some("y".into()), 4)]);

            let mut flag = 0;
            let longs = [
                option { name: c"verbose".as_ptr(), has_arg: 0, flag: &mut flag, val: 7 },
                option { name: c"file".as_ptr(), has_arg: 1, flag: core::ptr::null_mut(), val: c(b'f') },
                option { name: c"fill".as_ptr(), has_arg: 2, flag: core::ptr::null_mut(), val: c(b'F') },
                option { name: core::ptr::null(), has_arg: 0, flag: core::ptr::null_mut(), val: 0 },
            ];
            let mut idx = -1;
            let (got, order) = run(
                &["p", "op1", "--verb", "--file", "a", "op2", "--fill=3", "--fil", "--fi", "-x", "--file=b", "--", "--verbose"],
                &mut |n, v| getopt_long(n, v, c"x".as_ptr(), longs.as_ptr(), &mut idx),
            );
            assert_eq!(flag, 7);
            let codes: Vec<c_int> = got.iter().map(|g| g.0).collect();
            assert_eq!(codes, [0, c(b'f'), c(b'F'), c(b'?'), c(b'?'), c(b'x'), c(b'f'), -1]);
            assert_eq!(got[1].1.as_deref(), Some("a"));
            assert_eq!(got[2].1.as_deref(), Some("3"));
            assert_eq!(got[6].1.as_deref(), Some("b"));
            assert_eq!(order, ["p", "--verb", "--file", "a", "--fill=3", "--fil", "--fi", "-x", "--file=b", "--", "op1", "op2", "--verbose"]);
            assert_eq!(got.last().unwrap().2, 10);

            let (got, _) = run(&["p", "-file", "z", "-x", "-f"], &mut |n, v| getopt_long_only(n, v, c"xf".as_ptr(), longs.as_ptr(), &mut idx));
            let codes: Vec<c_int> = got.iter().map(|g| g.0).collect();
            assert_eq!(codes, [c(b'f'), c(b'x'), c(b'f'), -1]);
            crate::getopt::opterr = 1;
        }
    }
}
