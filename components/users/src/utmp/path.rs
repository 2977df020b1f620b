//! The files' names. Linux keeps the records in /var/run/utmp (who is logged in now) and
//! /var/log/wtmp (every login and logout), glibc's `_PATH_UTMP` and `_PATH_WTMP`. musl's
//! headers name /dev/null/utmp and /dev/null/wtmp instead, paths that cannot exist (so its
//! functions, which do nothing, have nothing to open): a musl-built program that passes its
//! `UTMP_FILE` or `WTMP_FILE` to `utmpname` or `updwtmp` means the system's files, and gets
//! them.
use core::ffi::CStr;

/// The default database, glibc's `_PATH_UTMP`.
pub const UTMP: &CStr = c"/var/run/utmp";
/// The login history, glibc's `_PATH_WTMP`.
pub const WTMP: &CStr = c"/var/log/wtmp";
/// musl's `_PATH_UTMP` (`UTMP_FILE`, `UTMPX_FILE`).
pub const MUSL_UTMP: &CStr = c"/dev/null/utmp";
/// musl's `_PATH_WTMP` (`WTMP_FILE`).
pub const MUSL_WTMP: &CStr = c"/dev/null/wtmp";

/// The file a name given to `utmpxname` or `updwtmpx` stands for.
pub fn resolve(name: &CStr) -> &CStr {
    if name == MUSL_UTMP {
        UTMP
    } else if name == MUSL_WTMP {
        WTMP
    } else {
        name
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn musl_names_mean_the_system_files() {
        assert_eq!(resolve(c"/dev/null/utmp"), c"/var/run/utmp");
        assert_eq!(resolve(c"/dev/null/wtmp"), c"/var/log/wtmp");
        assert_eq!(resolve(c"/tmp/x"), c"/tmp/x");
        assert_eq!(resolve(c"/dev/null/utmpx"), c"/dev/null/utmpx");
    }
}
