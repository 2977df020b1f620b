//! Ending the process when the heap finds a misuse: one line on stderr, then SIGABRT. The
//! heap may already be damaged, so nothing here allocates, takes a lock or runs a handler.
use limpet_abi::signal::{KERNEL_SIGSET_BYTES, KSigAction, SIG_UNBLOCK, SIGABRT, SigSet};
use limpet_syscall::{nr, syscall0, syscall1, syscall2, syscall3, syscall4};

/// What went wrong, for the message. (malloc-fast only ever reports `Invalid`.)
#[cfg_attr(feature = "malloc-fast", allow(dead_code))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// A block already freed.
    Freed,
    /// A pointer the heap never returned, or a block whose header was overwritten.
    Invalid,
    /// A write past the end of the block, seen in its check byte.
    Overflow,
    /// The header of the next slot was overwritten, by an overflow of this block.
    Neighbour,
}

/// The function the heap was serving, for the message.
#[cfg_attr(feature = "malloc-fast", allow(dead_code))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Free,
    Realloc,
    UsableSize,
}

/// The message for a fault at `addr`, into `buf`; returns its length.
pub fn message(op: Op, fault: Fault, addr: usize, buf: &mut [u8; 96]) -> usize {
    let name = match op {
        Op::Free => "free",
        Op::Realloc => "realloc",
        Op::UsableSize => "malloc_usable_size",
    };
    let parts: [&str; 3] = match (fault, op) {
        (Fault::Freed, Op::Free) => ["double free of ", "", ""],
        (Fault::Freed, _) => [name, " of freed pointer ", ""],
        (Fault::Invalid, _) => [name, " of invalid pointer ", ""],
        (Fault::Overflow, _) => ["overflow past the end of ", "", ""],
        (Fault::Neighbour, _) => ["corrupted header after ", "", ""],
    };
    let mut len = 0;
    let mut put = |s: &[u8]| {
        buf[len..len + s.len()].copy_from_slice(s);
        len += s.len();
    };
    put(b"limpet: malloc: ");
    for p in parts {
        put(p.as_bytes());
    }
    put(b"0x");
    let digits = (usize::BITS - addr.leading_zeros()).div_ceil(4).max(1);
    for i in (0..digits).rev() {
        put(&[b"0123456789abcdef"[addr >> (i * 4) & 15]]);
    }
    put(b"\n");
    len
}

/// Reports `fault` at `addr` on stderr and ends the process with SIGABRT.
#[cold]
#[inline(never)]
pub fn fault(op: Op, fault: Fault, addr: usize) -> ! {
    let mut buf = [0u8; 96];
    let len = message(op, fault, addr, &mut buf);
    // Default action, unblocked: a handler could call back into the damaged heap.
    let default_action = KSigAction::default();
    let mask = SigSet::bit(SIGABRT);
    // SAFETY: plain system calls on buffers that live across them; the last one ends the
    // process if the signal somehow did not.
    unsafe {
        syscall3(nr::WRITE, 2, buf.as_ptr() as usize, len);
        syscall4(nr::RT_SIGACTION, SIGABRT as usize, &raw const default_action as usize, 0, KERNEL_SIGSET_BYTES);
        syscall4(nr::RT_SIGPROCMASK, SIG_UNBLOCK as usize, &raw const mask as usize, 0, KERNEL_SIGSET_BYTES);
        let pid = syscall0(nr::GETPID);
        let tid = syscall0(nr::GETTID);
        syscall3(nr::TGKILL, pid, tid, SIGABRT as usize);
        syscall2(nr::KILL, pid, SIGABRT as usize);
        loop {
            syscall1(nr::EXIT_GROUP, 127);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(op: Op, f: Fault, addr: usize) -> String {
        let mut buf = [0; 96];
        let n = message(op, f, addr, &mut buf);
        String::from_utf8(buf[..n].to_vec()).unwrap()
    }

    #[test]
    fn messages_are_one_line() {
        assert_eq!(text(Op::Free, Fault::Freed, 0x7f00_dead_beef), "limpet: malloc: double free of 0x7f00deadbeef\n");
        assert_eq!(text(Op::Realloc, Fault::Freed, 16), "limpet: malloc: realloc of freed pointer 0x10\n");
        assert_eq!(
            text(Op::UsableSize, Fault::Invalid, usize::MAX),
            "limpet: malloc: malloc_usable_size of invalid pointer 0xffffffffffffffff\n"
        );
        assert_eq!(text(Op::Free, Fault::Overflow, 0), "limpet: malloc: overflow past the end of 0x0\n");
        assert_eq!(text(Op::Realloc, Fault::Neighbour, 0x40), "limpet: malloc: corrupted header after 0x40\n");
    }
}
