//! Which x86_64 extensions the CPU and the kernel support, asked once with CPUID and
//! XGETBV and remembered in plain atomics (no relocation needed, see `dispatch`).
use core::arch::x86_64::{__cpuid, __cpuid_count};
use core::sync::atomic::{AtomicU8, AtomicUsize, Ordering::Relaxed};

/// Feature bits remembered after the first question.
const KNOWN: u8 = 1;
const AVX2: u8 = 2;
const ERMS: u8 = 4;
const AVX512: u8 = 8;

static FEATURES: AtomicU8 = AtomicU8::new(0);

/// The level-1 data cache's size in bytes, or 0 before the first question.
static L1D: AtomicUsize = AtomicUsize::new(0);

/// Assumed when CPUID does not tell the level-1 data cache's size.
const L1D_DEFAULT: usize = 32 << 10;

/// The level-1 data cache's size in bytes: CPUID leaf 4 (Intel) or 0x8000_001D (AMD, the
/// same format), the first data or unified cache of level 1; then AMD's older leaf
/// 0x8000_0005; else [`L1D_DEFAULT`].
pub fn l1d_bytes() -> usize {
    let b = L1D.load(Relaxed);
    if b != 0 {
        return b;
    }
    let b = ask_l1d();
    L1D.store(b, Relaxed);
    b
}

#[cold]
fn ask_l1d() -> usize {
    let max_ext = __cpuid(0x8000_0000).eax;
    let leaves = [(4, __cpuid(0).eax >= 4), (0x8000_001d, max_ext >= 0x8000_001d)];
    for (leaf, present) in leaves {
        if !present {
            continue;
        }
        for sub in 0..8 {
            let r = __cpuid_count(leaf, sub);
            let (kind, level) = (r.eax & 0x1f, (r.eax >> 5) & 7);
            if kind == 0 {
                break;
            }
            // Kinds 1 and 3 are data and unified caches.
            if level == 1 && (kind == 1 || kind == 3) {
                let ways = (r.ebx >> 22) as usize + 1;
                let partitions = ((r.ebx >> 12) & 0x3ff) as usize + 1;
                let line = (r.ebx & 0xfff) as usize + 1;
                let sets = r.ecx as usize + 1;
                return ways * partitions * line * sets;
            }
        }
    }
    if max_ext >= 0x8000_0005 {
        let kib = (__cpuid(0x8000_0005).ecx >> 24) as usize;
        if kib != 0 {
            return kib << 10;
        }
    }
    L1D_DEFAULT
}

/// Whether AVX2 instructions may run: the CPU has them (CPUID leaf 7 EBX bit 5) and the
/// kernel saves the YMM state (CPUID leaf 1 ECX bits 27 OSXSAVE and 28 AVX, then XCR0
/// bits 1 and 2).
pub fn has_avx2() -> bool {
    features() & AVX2 != 0
}

/// Whether 64-byte AVX-512 vectors may run and pay: the CPU has AVX512F and AVX512BW (leaf 7
/// EBX bits 16 and 30) and AVX2, the kernel saves the opmask and ZMM state (XCR0 bits 5 to 7), and the CPU is not
/// an Intel Skylake/Cascade Lake server core (family 6, model 0x55), whose clock drops
/// for a while after 512-bit instructions, which costs more than a copy gains.
pub fn has_avx512() -> bool {
    features() & AVX512 != 0
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
        const OPMASK_ZMM: u64 = 0b1110_0000;
        // SAFETY: as above.
        let zmm_saved = unsafe { xcr0() } & OPMASK_ZMM == OPMASK_ZMM;
        const F_BW: u32 = 1 << 16 | 1 << 30;
        if zmm_saved && leaf7.ebx & F_BW == F_BW && !throttles_on_zmm(leaf1.eax) {
            f |= AVX512;
        }
    }
    f
}

/// Whether CPUID leaf 1's signature `eax` names an Intel Skylake-SP or Cascade Lake core
/// (family 6, model 0x55), on which 512-bit instructions lower the clock (see
/// [`has_avx512`]).
fn throttles_on_zmm(eax: u32) -> bool {
    let v = __cpuid(0);
    let intel = (v.ebx, v.edx, v.ecx) == (u32::from_le_bytes(*b"Genu"), u32::from_le_bytes(*b"ineI"), u32::from_le_bytes(*b"ntel"));
    let family = (eax >> 8) & 0xf;
    let model = ((eax >> 4) & 0xf) | ((eax >> 16) & 0xf) << 4;
    intel && family == 6 && model == 0x55
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
