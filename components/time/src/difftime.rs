//! `difftime`.

/// `difftime(t1, t0)`—`t1 - t0` in seconds, as a double.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn difftime(t1: i64, t0: i64) -> f64 {
    // musl subtracts as integers first, so nearby huge values stay exact.
    t1.wrapping_sub(t0) as f64
}

#[cfg(test)]
mod tests {
    #[test]
    fn differences() {
        assert_eq!(super::difftime(10, 3), 7.0);
        assert_eq!(super::difftime(i64::MAX, i64::MAX - 1), 1.0);
        assert_eq!(super::difftime(-5, 5), -10.0);
    }
}
