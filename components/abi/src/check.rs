//! What the definition macros record about each item, for the check against the C headers
//! (`tests/musl_headers.rs`): that test writes a C program that includes the headers named
//! here and prints every constant's value and every type's and struct's layout, compiles it
//! (with musl-gcc; the kernel's own headers, `linux/*` and `asm/*`, with the host's gcc in a
//! second program), runs it, and compares each line with what these records say.
//!
//! Every item written in a module has a record, also one its `cfg` leaves out on the target
//! being built: that record has no value or layout (`None`), so the check counts it but has
//! nothing to compare.

/// A constant: its header, name, the C expression that gives its value, and its value and
/// size in bytes on this target.
#[derive(Clone, Copy, Debug)]
pub struct Constant {
    pub header: &'static str,
    pub name: &'static str,
    /// The C expression (the name, unless `#[c = "..."]` says otherwise).
    pub c: &'static str,
    /// The value and the size of its Rust type. The check compares the low `size` bytes:
    /// `SA_RESETHAND` is C's `0x80000000` in an `int` field, the Rust `c_int` -2³¹.
    pub value: Option<(i128, usize)>,
}

/// A scalar type alias: its header, C name, and its size and signedness on this target.
#[derive(Clone, Copy, Debug)]
pub struct Type {
    pub header: &'static str,
    pub name: &'static str,
    /// Size in bytes, and the sign of an integer type (`None` for a pointer).
    pub layout: Option<(usize, Option<bool>)>,
}

/// A struct or union: its header, C name (`struct timespec`, or a typedef name such as
/// `sigset_t`), and its layout on this target.
#[derive(Clone, Copy, Debug)]
pub struct Struct {
    pub header: &'static str,
    pub name: &'static str,
    pub layout: Option<Layout>,
}

/// A struct's size, alignment and fields. A type C leaves opaque (`pthread_attr_t`) records
/// no fields: only its size and alignment are C's.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    pub size: usize,
    pub align: usize,
    pub fields: &'static [Field],
}

/// A field: its C name (`None` for limpet's own padding or reserved words, which C names
/// differently or not at all), offset and size.
#[derive(Clone, Copy, Debug)]
pub struct Field {
    pub name: Option<&'static str>,
    pub offset: usize,
    pub size: usize,
}

/// The records of one module.
#[derive(Clone, Copy, Debug)]
pub struct Module {
    pub name: &'static str,
    pub constants: &'static [Constant],
    pub types: &'static [Type],
    pub structs: &'static [Struct],
}

/// The sign of a scalar type, as [`Type`] records it: integers have one, pointers none.
pub trait Scalar {
    const SIGNED: Option<bool>;
}

macro_rules! integers {
    ($($t:ty)*) => {
        $(impl Scalar for $t {
            const SIGNED: Option<bool> = Some(<$t>::MIN != 0);
        })*
    };
}
integers!(i8 i16 i32 i64 isize u8 u16 u32 u64 usize);

impl<T: ?Sized> Scalar for *mut T {
    const SIGNED: Option<bool> = None;
}

impl<T: ?Sized> Scalar for *const T {
    const SIGNED: Option<bool> = None;
}
