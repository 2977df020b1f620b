//! Real kernel objects for the tests: a pseudo-terminal pair, a file that is no terminal.
use core::ffi::c_int;

use limpet_abi::fcntl::{O_NOCTTY, O_RDWR};

/// An unlocked pseudo-terminal pair, closed on drop.
pub struct Pty {
    pub master: c_int,
    pub slave: c_int,
}

impl Pty {
    pub fn open() -> Pty {
        let (mut master, mut slave) = (-1, -1);
        // SAFETY: locals for the descriptors; no name, attributes or size.
        let r = unsafe {
            crate::pty::openpty(&mut master, &mut slave, core::ptr::null_mut(), core::ptr::null(), core::ptr::null())
        };
        assert_eq!(r, 0, "openpty: errno {}", limpet_syscall::errno());
        Pty { master, slave }
    }
}

impl Drop for Pty {
    fn drop(&mut self) {
        limpet_syscall::unistd::close(self.master);
        limpet_syscall::unistd::close(self.slave);
    }
}

/// `/dev/null`, open for reading and writing.
pub fn devnull() -> c_int {
    // SAFETY: a NUL-terminated literal.
    let fd = unsafe { limpet_syscall::unistd::open(c"/dev/null".as_ptr(), O_RDWR | O_NOCTTY, 0) };
    assert!(fd >= 0);
    fd
}
