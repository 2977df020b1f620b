//! Symbols musl exports under several names for one object.
//!
//! They must be true ELF aliases (one address), not copies: when a program takes a copy
//! relocation of `environ`, the static linker moves every alias of it into the program
//! too, so all the names keep meaning the same variable. Rust cannot alias a static, so
//! the names are defined here in assembly, each `.set` to the Rust-defined symbol.
macro_rules! object_alias {
    ($($alias:literal),+ => $target:literal) => {
        core::arch::global_asm!(
            $(
                concat!(".globl ", $alias),
                concat!(".type ", $alias, ", @object"),
                concat!(".size ", $alias, ", 8"),
                concat!(".set ", $alias, ", ", $target),
            )+
        );
    };
}

object_alias!("__environ", "_environ", "___environ" => "environ");
object_alias!("program_invocation_name" => "__progname_full");
object_alias!("program_invocation_short_name" => "__progname");
