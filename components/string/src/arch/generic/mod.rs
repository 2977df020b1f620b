//! The vector algorithms, each written once over the [`Vector`] trait; `arch/x86_64/{sse2,
//! avx2}.rs` only instantiate them. Everything here is `#[inline(always)]`, so it is
//! compiled inside each backend's entry points, under their `#[target_feature]`s.
//!
//! The rule that keeps loads from faulting: a scan (`find`) loads only *aligned* vectors
//! that hold at least one byte the C contract lets it read, so a load never reaches a page
//! the object does not touch. Operations on two operands at unrelated alignments
//! (`compare`, `copy`) load unaligned vectors only inside the bounds they were given, or,
//! for strings, only when the vector does not cross a 4096-byte boundary (a page is 4096
//! bytes or a multiple of it, so such a load stays on the page of its first byte, which is
//! part of the string).
pub mod compare;
pub mod copy;
pub mod find;
pub mod pair;

/// The smallest page size on every supported target: a load that does not cross a multiple
/// of it stays on one page.
pub const PAGE: usize = 4096;

/// A SIMD register of `BYTES` bytes as the copies and fills use it: loads, stores and a
/// splat. The 64-byte AVX-512 register is only a `Block` (`x86_64::avx512`), since its
/// byte mask would not fit `Vector::movemask`'s `u32`.
///
/// # Safety
/// Every method requires the CPU to support the instructions of the implementation; the
/// loads and stores also require their pointers to be valid for `BYTES` bytes (and aligned
/// to `BYTES` for the `_aligned` ones).
pub trait Block: Copy {
    /// Bytes in the register.
    const BYTES: usize;

    unsafe fn splat(b: u8) -> Self;
    unsafe fn load_unaligned(p: *const u8) -> Self;
    unsafe fn store_aligned(self, p: *mut u8);
    unsafe fn store_unaligned(self, p: *mut u8);
}

/// A [`Block`] with the handful of lane operations the scans and comparisons need.
///
/// Comparisons produce a vector with all bits of each equal lane set; `movemask` turns
/// that into one bit per byte (bit `i` for byte `i`, in memory order), in a `Mask` wide
/// enough for the vector's bytes.
///
/// # Safety
/// As for [`Block`].
pub trait Vector: Block {
    /// One bit per byte of the vector.
    type Mask: Mask;
    /// A `movemask` with every byte's bit set.
    const ALL: Self::Mask;

    unsafe fn splat32(w: u32) -> Self;
    unsafe fn load_aligned(p: *const u8) -> Self;
    /// Byte lanes: all ones where equal.
    unsafe fn cmpeq(self, other: Self) -> Self;
    /// 32-bit lanes: all ones where equal.
    unsafe fn cmpeq32(self, other: Self) -> Self;
    unsafe fn or(self, other: Self) -> Self;
    unsafe fn and(self, other: Self) -> Self;
    /// The top bit of each byte, as bit `i` for byte `i`.
    unsafe fn movemask(self) -> Self::Mask;
}

/// A byte mask: `u32` for vectors of up to 32 bytes, `u64` for 64.
pub trait Mask:
    Copy
    + Eq
    + core::ops::BitAnd<Output = Self>
    + core::ops::BitOr<Output = Self>
    + core::ops::Not<Output = Self>
    + core::ops::Shl<usize, Output = Self>
{
    const ZERO: Self;
    const BITS: usize;
    /// The lowest `k < BITS` bits set.
    fn low(k: usize) -> Self;
    /// The index of the lowest set bit (the mask is not zero).
    fn first(self) -> usize;
    /// The index of the highest set bit (the mask is not zero).
    fn last(self) -> usize;
}

macro_rules! mask {
    ($t:ty) => {
        impl Mask for $t {
            const ZERO: Self = 0;
            const BITS: usize = <$t>::BITS as usize;
            #[inline(always)]
            fn low(k: usize) -> Self {
                (1 << k) - 1
            }
            #[inline(always)]
            fn first(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline(always)]
            fn last(self) -> usize {
                (<$t>::BITS - 1 - self.leading_zeros()) as usize
            }
        }
    };
}
mask!(u32);
mask!(u64);

/// `ALL` shifted left by `k < BYTES` bits, kept to the vector's bits: drops the first `k`
/// bytes of a mask.
#[inline(always)]
pub fn from_byte<V: Vector>(k: usize) -> V::Mask {
    (V::ALL << k) & V::ALL
}

/// The first `k <= BYTES` bytes of a mask.
#[inline(always)]
pub fn below_byte<V: Vector>(k: usize) -> V::Mask {
    if k >= <V::Mask as Mask>::BITS { V::ALL } else { V::Mask::low(k) & V::ALL }
}
