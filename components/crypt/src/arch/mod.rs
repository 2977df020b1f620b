//! The backends that use one architecture's vector instructions; `mix::Portable` serves
//! the others.

#[cfg(target_arch = "x86_64")]
pub mod x86_64;
