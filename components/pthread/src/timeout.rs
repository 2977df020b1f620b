//! How long a blocking call of the sync primitives ([`crate::rwlock`], [`crate::sem`],
//! [`crate::mutex`]'s owner-tracked kinds) may wait, with the caller's deadline read only
//! once the call finds it has to wait, as musl does (an uncontended timed lock succeeds
//! even with a malformed deadline).
use limpet_syscall::errno::{EBUSY, EINVAL};
use limpet_abi::time::{CLOCK_MONOTONIC, CLOCK_REALTIME, Timespec};

use crate::futex::Deadline;

#[derive(Clone, Copy)]
pub enum Wait {
    /// The `try` calls: not at all.
    No,
    Forever,
    /// Until the absolute time at this pointer on this clock.
    Until(i32, *const Timespec),
}

impl Wait {
    /// `EINVAL` for a clock other than realtime and monotonic, checked before anything else
    /// as the `clock*` calls do.
    pub fn clock(clock: core::ffi::c_int, at: *const Timespec) -> Result<Wait, i32> {
        if clock != CLOCK_REALTIME && clock != CLOCK_MONOTONIC {
            return Err(EINVAL);
        }
        Ok(Wait::Until(clock, at))
    }

    /// The deadline of a call that must now sleep: `EBUSY` for a `try` call, `None` for no
    /// limit, else the checked deadline (`EINVAL` for a bad one).
    ///
    /// # Safety
    /// An `Until` pointer must be readable.
    pub unsafe fn deadline(self) -> Result<Option<Deadline>, i32> {
        match self {
            Wait::No => Err(EBUSY),
            Wait::Forever => Ok(None),
            // SAFETY: per the contract.
            Wait::Until(clock, at) => unsafe { Deadline::from_ptr(clock, at) }.map(Some),
        }
    }
}

/// The deadline of a call, read at most once however often it sleeps.
pub struct Lazy {
    wait: Wait,
    read: Option<Option<Deadline>>,
}

impl Lazy {
    pub fn new(wait: Wait) -> Self {
        Lazy { wait, read: None }
    }

    /// As [`Wait::deadline`], reading the caller's time on the first call only.
    ///
    /// # Safety
    /// As for [`Wait::deadline`].
    pub unsafe fn get(&mut self) -> Result<Option<&Deadline>, i32> {
        if self.read.is_none() {
            // SAFETY: per the contract.
            self.read = Some(unsafe { self.wait.deadline() }?);
        }
        Ok(self.read.as_ref().and_then(|d| d.as_ref()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deadline_is_read_only_when_needed() {
        assert_eq!(unsafe { Wait::No.deadline() }.err(), Some(EBUSY));
        assert!(unsafe { Wait::Forever.deadline() }.unwrap().is_none());
        assert_eq!(Wait::clock(7, core::ptr::null()).err(), Some(EINVAL));
        let bad = Timespec { tv_sec: 0, tv_nsec: -1 };
        let w = Wait::clock(CLOCK_MONOTONIC, &bad).unwrap();
        assert_eq!(unsafe { w.deadline() }.err(), Some(EINVAL));
        let good = Timespec { tv_sec: 3, tv_nsec: 4 };
        let mut l = Lazy::new(Wait::Until(CLOCK_REALTIME, &good));
        assert_eq!(unsafe { l.get() }.unwrap().unwrap().at.tv_sec, 3);
        assert_eq!(unsafe { l.get() }.unwrap().unwrap().at.tv_nsec, 4);
    }
}
