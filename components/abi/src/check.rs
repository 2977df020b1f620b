//! What the definition macros record about each item, for the check against musl's headers
//! (`tests/musl_headers.rs`): that test writes a C program that includes the headers named
//! here and prints every constant's value and every type's and struct's layout, compiles it
//! with musl-gcc, runs it, and compares each line with what these records say.

/// A constant: its header, C name and value.
#[derive(Clone, Copy, Debug)]
pub struct Constant {
    pub header: &'static str,
    pub name: &'static str,
    pub value: i128,
}

/// An integer type alias: its header, C name, size and signedness.
#[derive(Clone, Copy, Debug)]
pub struct Type {
    pub header: &'static str,
    pub name: &'static str,
    pub size: usize,
    pub signed: bool,
}

/// A struct: its header, C name (`struct timespec`, or a typedef name such as `sigset_t`),
/// size, alignment and fields.
#[derive(Clone, Copy, Debug)]
pub struct Struct {
    pub header: &'static str,
    pub name: &'static str,
    pub size: usize,
    pub align: usize,
    pub fields: &'static [Field],
}

/// A struct field: its C name, offset and size.
#[derive(Clone, Copy, Debug)]
pub struct Field {
    pub name: &'static str,
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
