//! The `pshared` attribute shared by mutexes, rwlocks, barriers and semaphores: checking a
//! caller's value and choosing the futex scope it implies.
use limpet_syscall::errno::EINVAL;

use crate::abi::{PTHREAD_PROCESS_PRIVATE, PTHREAD_PROCESS_SHARED};
use crate::futex::Scope;

/// `EINVAL` unless `v` is `PTHREAD_PROCESS_PRIVATE` or `PTHREAD_PROCESS_SHARED`.
pub fn check(v: core::ffi::c_int) -> Result<u32, i32> {
    match v as u32 {
        p @ (PTHREAD_PROCESS_PRIVATE | PTHREAD_PROCESS_SHARED) => Ok(p),
        _ => Err(EINVAL),
    }
}

/// The futex scope of an object created with `pshared`: an object other processes map
/// must be waited on and woken without `FUTEX_PRIVATE_FLAG`.
pub fn scope(pshared: u32) -> Scope {
    if pshared == PTHREAD_PROCESS_PRIVATE { Scope::Private } else { Scope::Shared }
}

/// A pthread return value from a result.
pub fn code(r: Result<(), i32>) -> core::ffi::c_int {
    match r {
        Ok(()) => 0,
        Err(e) => e,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_two_values_pass() {
        assert_eq!(check(0), Ok(PTHREAD_PROCESS_PRIVATE));
        assert_eq!(check(1), Ok(PTHREAD_PROCESS_SHARED));
        assert_eq!(check(2), Err(EINVAL));
        assert_eq!(check(-1), Err(EINVAL));
        assert!(scope(0) == Scope::Private);
        assert!(scope(1) == Scope::Shared);
    }
}
