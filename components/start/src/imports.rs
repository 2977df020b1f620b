//! The C symbols this crate refers to without defining them. It takes nothing from another
//! component: every name here is one the static linker defines, which Rust can only reach as
//! an undefined symbol. Each is weak (a `.weak` directive beside the code that refers to it,
//! so that it lands in the same object), and so null where the linker defines nothing.
use crate::libc_start::Hook;

// The linker: the bounds of the sections that `on_fork!` and `thread_slot!` fill, defined
// when some object has the section. Bytes: `ForkHooks` and `ThreadSlot` hold Rust `fn`
// pointers, which are not C types.
unsafe extern "C" {
    pub(crate) static __start_limpet_fork_hooks: [u8; 0];
    pub(crate) static __stop_limpet_fork_hooks: [u8; 0];
    pub(crate) static __start_limpet_thread_slots: [u8; 0];
    pub(crate) static __stop_limpet_thread_slots: [u8; 0];
}

// The static linker: a program's own dynamic section (present in a static PIE) and its
// preinit, init and fini arrays. A shared link defines none of them, so in libc.so they are
// null and the dynamic linker runs the arrays instead.
unsafe extern "C" {
    pub(crate) static _DYNAMIC: [usize; 0];
    pub(crate) static __preinit_array_start: [Hook; 0];
    pub(crate) static __preinit_array_end: [Hook; 0];
    pub(crate) static __init_array_start: [Hook; 0];
    pub(crate) static __init_array_end: [Hook; 0];
    pub(crate) static __fini_array_start: [Hook; 0];
    pub(crate) static __fini_array_end: [Hook; 0];
    /// A static program's IFUNC relocations (`.rela.iplt`), when it is not a PIE.
    pub(crate) static __rela_iplt_start: [limpet_syscall::elf::Rela; 0];
    pub(crate) static __rela_iplt_end: [limpet_syscall::elf::Rela; 0];
}
