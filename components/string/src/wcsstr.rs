//! `wcsstr` and `wcswcs`.
use crate::twoway::{Exact, Needle, Terminated, find};
use crate::wchar_t;
use crate::wcschr::wcschr;
use crate::wcslen::wcslen;

/// `wcsstr(hay, needle)`—Returns a pointer to the first occurrence of the wide string
/// `needle` in the wide string `hay`, or null if there is none. An empty needle occurs at
/// `hay`.
///
/// Linear in the lengths whatever the input (two-way algorithm, see `twoway`), with a
/// vector scan over 32-bit lanes for candidate positions.
///
/// # Safety
/// `hay` and `needle` must point to null-terminated wide strings.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wcsstr(hay: *const wchar_t, needle: *const wchar_t) -> *mut wchar_t {
    // SAFETY: both are wide strings; the needle's units are a slice of its measured length.
    unsafe {
        let m = wcslen(needle);
        if m == 0 {
            return hay.cast_mut();
        }
        if m == 1 {
            return wcschr(hay, *needle);
        }
        let n = core::slice::from_raw_parts(needle.cast::<u32>(), m);
        match find::<u32, Exact, _>(&Needle::new::<Exact>(n), &mut Terminated::new(hay.cast::<u32>())) {
            Some(i) => hay.add(i).cast_mut(),
            None => core::ptr::null_mut(),
        }
    }
}

/// `wcswcs(hay, needle)`—The old name of [`wcsstr`].
///
/// # Safety
/// As for `wcsstr`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn wcswcs(hay: *const wchar_t, needle: *const wchar_t) -> *mut wchar_t {
    // SAFETY: the caller's contract is wcsstr's.
    unsafe { wcsstr(hay, needle) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::Rng;

    fn run(h: &[wchar_t], n: &[wchar_t]) -> Option<usize> {
        let (mut hz, mut nz) = (h.to_vec(), n.to_vec());
        hz.push(0);
        nz.push(0);
        let r = unsafe { wcsstr(hz.as_ptr(), nz.as_ptr()) };
        assert_eq!(r, unsafe { wcswcs(hz.as_ptr(), nz.as_ptr()) });
        (!r.is_null()).then(|| (r.addr() - hz.as_ptr().addr()) / 4)
    }

    #[test]
    fn random_small_alphabets() {
        let mut rng = Rng::new(0x3c3c);
        let units = [1, 0x100, 0x1_0001, -1i32 as wchar_t];
        for _ in 0..20_000 {
            let k = 1 + rng.below(4);
            let hay: Vec<wchar_t> = (0..rng.below(200)).map(|_| units[rng.below(k)]).collect();
            let needle: Vec<wchar_t> = (0..rng.below(8)).map(|_| units[rng.below(k)]).collect();
            let want = if needle.is_empty() { Some(0) } else { hay.windows(needle.len()).position(|w| w == needle) };
            assert_eq!(run(&hay, &needle), want, "{hay:?} {needle:?}");
        }
    }

    #[test]
    fn adversarial_inputs_are_linear() {
        let hay = vec![7 as wchar_t; 1 << 19];
        let mut needle = vec![7 as wchar_t; 1000];
        needle.push(8);
        assert_eq!(run(&hay, &needle), None);
    }
}
