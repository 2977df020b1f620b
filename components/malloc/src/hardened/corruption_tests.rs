//! The corruption suite: each misuse runs in a forked child, which must die of SIGABRT with
//! the one-line message on stderr. The heap lock is held across the fork, as limpet's fork
//! hooks do, so the child never inherits a heap another test thread was changing.
use super::class::{HDR, stride};
use super::*;
use crate::must_abort::{expect, must_abort};

fn block(n: usize) -> NonNull<u8> {
    alloc(n).unwrap()
}

fn at(p: NonNull<u8>, off: isize) -> NonNull<u8> {
    // SAFETY: only the address is formed; the allocator decides what to make of it.
    unsafe { NonNull::new_unchecked(p.as_ptr().offset(off)) }
}

/// Two blocks of `n` bytes in neighbouring slots, the first below the second.
fn neighbours(n: usize) -> (NonNull<u8>, NonNull<u8>) {
    let s = stride(super::class::class_of(n));
    let mut prev = block(n);
    loop {
        let p = block(n);
        if p.as_ptr() as usize == prev.as_ptr() as usize + s {
            return (prev, p);
        }
        prev = p;
    }
}

#[test]
fn double_free() {
    must_abort(|| {
        let p = block(100);
        // SAFETY: the first free is valid; the second is the misuse.
        unsafe {
            free(p);
            expect("double free of", p);
            free(p);
        }
    });
}

#[test]
fn double_free_after_other_frees() {
    must_abort(|| {
        let (a, b, c) = (block(40), block(40), block(40));
        // SAFETY: each block is freed once, then `b` again.
        unsafe {
            free(a);
            free(b);
            free(c);
            let d = block(4000);
            free(d);
            expect("double free of", b);
            free(b);
        }
    });
}

#[test]
fn free_of_stack_pointer() {
    must_abort(|| {
        let mut x = [0u128; 8];
        let p = NonNull::new(x.as_mut_ptr().wrapping_add(4).cast::<u8>()).unwrap();
        expect("free of invalid pointer", p);
        // SAFETY: the misuse under test.
        unsafe { free(p) };
        core::hint::black_box(&x);
    });
}

#[test]
fn free_of_static_pointer() {
    static mut STATIC: [u128; 8] = [7; 8];
    must_abort(|| {
        let p = NonNull::new((&raw mut STATIC).cast::<u128>().wrapping_add(3).cast::<u8>()).unwrap();
        expect("free of invalid pointer", p);
        // SAFETY: the misuse under test.
        unsafe { free(p) };
    });
}

#[test]
fn free_of_interior_pointer() {
    must_abort(|| {
        let p = block(200);
        // SAFETY: the block is live and 200 bytes long.
        unsafe { p.write_bytes(0x33, 200) };
        let q = at(p, 64);
        expect("free of invalid pointer", q);
        // SAFETY: the misuse under test.
        unsafe { free(q) };
    });
}

#[test]
fn free_of_misaligned_pointer() {
    must_abort(|| {
        let q = at(block(200), 8);
        expect("free of invalid pointer", q);
        // SAFETY: the misuse under test.
        unsafe { free(q) };
    });
}

#[test]
fn free_of_aligned_blocks_slot_start() {
    must_abort(|| {
        // An aligned pointer further into its slot: the slot's own start is not a block.
        let p = loop {
            let p = alloc_aligned(256, 100).unwrap();
            let holder = (1..16).map(|k| at(p, -16 * k)).find(|&s| {
                // SAFETY: the words under the candidates lie in the slot or the group.
                let w = unsafe { s.as_ptr().sub(HDR).cast::<u64>().read() };
                let h = header::decode(w);
                h.off == header::HOLDER && at(s, 16 * h.n as isize) == p
            });
            if let Some(s) = holder {
                break s;
            }
        };
        expect("free of invalid pointer", p);
        // SAFETY: the misuse under test.
        unsafe { free(p) };
    });
}

#[test]
fn free_of_pointer_into_freed_group() {
    must_abort(|| {
        // One slot per group at 4000 bytes: the second group to empty goes back to the kernel.
        let (a, b) = (block(4000), block(4000));
        // SAFETY: each block is freed once, then `b` again, whose group is gone.
        unsafe {
            free(a);
            free(b);
            expect("free of invalid pointer", b);
            free(b);
        }
    });
}

#[test]
fn one_byte_overflow_into_slack() {
    must_abort(|| {
        let p = block(100);
        // SAFETY: the byte past the end is in the slot's slack; writing it is the misuse.
        unsafe { p.add(100).write(0) };
        expect("overflow past the end of", p);
        // SAFETY: the free that must notice.
        unsafe { free(p) };
    });
}

#[test]
fn overflow_into_next_slots_header() {
    must_abort(|| {
        // 24 bytes fill a 32-byte slot: the next byte is the next slot's header.
        let (a, b) = neighbours(24);
        // SAFETY: the misuse under test: one byte past `a`, under `b`.
        unsafe { a.add(24).write(0x41) };
        core::hint::black_box(b);
        expect("corrupted header after", a);
        // SAFETY: the free that must notice.
        unsafe { free(a) };
    });
}

#[test]
fn overflow_of_large_block() {
    must_abort(|| {
        let p = block(100_000);
        // SAFETY: the misuse under test: the mapping has room past the end.
        unsafe { p.add(100_000).write(0) };
        expect("overflow past the end of", p);
        // SAFETY: the realloc that must notice.
        unsafe { realloc(p, 200_000) };
    });
}

#[test]
fn double_free_of_large_block() {
    must_abort(|| {
        let p = block(200_000);
        // SAFETY: the first free is valid; the second is the misuse.
        unsafe {
            free(p);
            expect("free of invalid pointer", p);
            free(p);
        }
    });
}

#[test]
fn realloc_of_freed_pointer() {
    must_abort(|| {
        let p = block(50);
        // SAFETY: the free is valid; the realloc is the misuse.
        unsafe {
            free(p);
            expect("realloc of freed pointer", p);
            realloc(p, 100);
        }
    });
}

#[test]
fn usable_size_of_freed_pointer() {
    must_abort(|| {
        let p = block(50);
        // SAFETY: the free is valid; the query is the misuse.
        unsafe {
            free(p);
            expect("malloc_usable_size of freed pointer", p);
            usable_size(p);
        }
    });
}

#[test]
fn overwritten_header() {
    must_abort(|| {
        let p = block(64);
        // SAFETY: the misuse under test: an underflow by three bytes.
        unsafe { p.sub(3).write_bytes(0xff, 3) };
        expect("free of invalid pointer", p);
        // SAFETY: the free that must notice.
        unsafe { free(p) };
    });
}

#[test]
fn damaged_group_word() {
    must_abort(|| {
        let p = block(64);
        let g = p.as_ptr() as usize & !(limpet_abi::limits::PAGESIZE - 1);
        // SAFETY: the misuse under test: a stray write at the start of the group.
        unsafe { (g as *mut u8).add(5).write(0x10) };
        expect("free of invalid pointer", p);
        // SAFETY: the free that must notice.
        unsafe { free(p) };
    });
}
