//! The assembly entry points of the functions that take or return `long double`: C passes
//! one in memory (8(%rsp), 24(%rsp), ... on entry: the psABI's X87 class, which no Rust type
//! has) and returns it in st(0). Each entry point's own name is `limpet_math_*` (hidden);
//! with `export` the C name is an alias of it, so without it an embedder's own libm keeps
//! its names.

/// The C name as an alias of the entry point's own, with `export`.
macro_rules! export {
    ($c:literal, $own:literal) => {
        #[cfg(feature = "export")]
        core::arch::global_asm!(concat!(".globl ", $c), concat!(".type ", $c, ", @function"), concat!(".set ", $c, ", ", $own));
    };
}

/// An entry point: `asm` for one written in x87 instructions alone; `jmp` for a Rust body
/// whose result comes back in a register (the lines move the arguments into the body's
/// registers); `call` for a Rust body returning an [`F80`], loaded into st(0).
macro_rules! ld_fn {
    // The common argument moves: x into rdi:rsi, then y into rdx:rcx, then z into r8:r9.
    (x $kind:ident $c:literal, $own:literal, $body:path) => {
        ld_fn!($kind $c, $own, $body: "mov rdi, qword ptr [rsp + 8]", "movzx esi, word ptr [rsp + 16]");
    };
    (xy $kind:ident $c:literal, $own:literal, $body:path) => {
        ld_fn!($kind $c, $own, $body:
            "mov rdi, qword ptr [rsp + 8]", "movzx esi, word ptr [rsp + 16]",
            "mov rdx, qword ptr [rsp + 24]", "movzx ecx, word ptr [rsp + 32]");
    };
    (xyz $kind:ident $c:literal, $own:literal, $body:path) => {
        ld_fn!($kind $c, $own, $body:
            "mov rdi, qword ptr [rsp + 8]", "movzx esi, word ptr [rsp + 16]",
            "mov rdx, qword ptr [rsp + 24]", "movzx ecx, word ptr [rsp + 32]",
            "mov r8, qword ptr [rsp + 40]", "movzx r9d, word ptr [rsp + 48]");
    };
    (asm $c:literal, $own:literal: $($line:literal),+ $(,)?) => {
        ld_fn!(@emit $c, $own, [$($line),+]);
    };
    (jmp $c:literal, $own:literal, $body:path: $($line:literal),* $(,)?) => {
        ld_fn!(@emit $c, $own, [$($line,)* "jmp {body}"], $body);
    };
    (call $c:literal, $own:literal, $body:path: $($line:literal),* $(,)?) => {
        // Entered with rsp 8 below a 16-byte boundary; 24 more aligns the call.
        ld_fn!(@emit $c, $own, [
            $($line,)*
            "sub rsp, 24",
            "call {body}",
            "mov qword ptr [rsp], rax",
            "mov word ptr [rsp + 8], dx",
            "fld tbyte ptr [rsp]",
            "add rsp, 24",
            "ret"
        ], $body);
    };
    (@emit $c:literal, $own:literal, [$($line:literal),+] $(, $body:path)?) => {
        core::arch::global_asm!(
            ".text",
            ".p2align 4",
            concat!(".globl ", $own),
            concat!(".hidden ", $own),
            concat!(".type ", $own, ", @function"),
            concat!($own, ":"),
            $($line,)+
            concat!(".size ", $own, ", . - ", $own),
            $(body = sym $body,)?
        );
        export!($c, $own);
    };
}
