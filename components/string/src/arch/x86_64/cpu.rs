//! Which x86_64 extensions the CPU and the kernel support, asked once with CPUID and
//! XGETBV and remembered in plain atomics (no relocation needed, see `dispatch`).
use core::arch::x86_64::{__cpuid, __cpuid_count};
use core::sync::atomic::{AtomicU8, Ordering::Relaxed};

/// Feature bits remembered after the first question.
const KNOWN: u8 = 1;
const AVX2: u8 = 2;
const ERMS: u8 = 4;

static FEATURES: AtomicU8 = AtomicU8::new(0);

/// Whether AVX2 instructions may run: the CPU has them (CPUID leaf 7 EBX bit 5) and the
/// kernel saves the YMM state (CPUID leaf 1 ECX bits 27 OSXSAVE and 28 AVX, then XCR0
/// bits 1 and 2).
pub fn has_avx2() -> bool {
    features() & AVX2 != 0
}

/// Whether `rep movsb` is the fast string copy (Enhanced REP MOVSB, CPUID leaf 7 EBX bit 9).
pub fn has_erms() -> bool {
    features() & ERMS != 0
}

fn features() -> u8 {
    let f = FEATURES.load(Relaxed);
    if f != 0 {
        return f;
    }
    let f = ask();
    FEATURES.store(f, Relaxed);
    f
}

#[cold]
fn ask() -> u8 {
    let mut f = KNOWN;
    if __cpuid(0).eax < 7 {
        return f;
    }
    let leaf1 = __cpuid(1);
    let leaf7 = __cpuid_count(7, 0);
    if leaf7.ebx & (1 << 9) != 0 {
        f |= ERMS;
    }
    let (osxsave, avx) = (leaf1.ecx & (1 << 27) != 0, leaf1.ecx & (1 << 28) != 0);
    const XMM_YMM: u64 = 0b110;
    // SAFETY: xcr0 is read only when OSXSAVE is set.
    if osxsave && avx && unsafe { xcr0() } & XMM_YMM == XMM_YMM && leaf7.ebx & (1 << 5) != 0 {
        f |= AVX2;
    }
    f
}

/// The XCR0 register: which register states the kernel saves.
///
/// # Safety
/// CPUID must report OSXSAVE; without it XGETBV faults.
unsafe fn xcr0() -> u64 {
    let (lo, hi): (u32, u32);
    // SAFETY: XGETBV with ECX = 0 reads XCR0; the caller checked OSXSAVE.
    unsafe {
        core::arch::asm!("xgetbv", in("ecx") 0, out("eax") lo, out("edx") hi, options(nomem, nostack, preserves_flags));
    }
    (hi as u64) << 32 | lo as u64
}
