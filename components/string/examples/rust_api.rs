//! limpet-string as an ordinary Rust dependency: the functions are called by path, with C
//! signatures but Rust (mangled) symbol names, so they coexist with the host C library's
//! `memcpy` and `strlen` in the same program. Run with
//! `cargo run -p limpet-string --example rust_api`.
use core::ffi::{CStr, c_int};

fn main() {
    let text = c"The quick brown fox jumps over the lazy dog";
    let mut buf = [0u8; 64];
    // SAFETY: every pointer below is valid for the lengths passed, and the strings are
    // NUL-terminated.
    unsafe {
        let len = limpet_string::strlen(text.as_ptr());
        limpet_string::memcpy(buf.as_mut_ptr().cast(), text.as_ptr().cast(), len + 1);
        let fox = limpet_string::strstr(buf.as_ptr().cast(), c"fox".as_ptr());
        let dog = limpet_string::memmem(buf.as_ptr().cast(), len, b"LAZY".as_ptr().cast(), 4);
        let lazy = limpet_string::strcasestr(buf.as_ptr().cast(), c"LAZY".as_ptr());
        println!("strlen: {len}");
        println!("strstr(\"fox\") at {}", fox.addr() - buf.as_ptr().addr());
        println!("memmem(\"LAZY\") found: {}", !dog.is_null());
        println!("strcasestr(\"LAZY\") at {}", lazy.addr() - buf.as_ptr().addr());
        println!("strsignal(11): {:?}", CStr::from_ptr(limpet_string::strsignal(11)));
        let mut msg = [0u8; 16];
        let r: c_int = limpet_string::strerror_r(2, msg.as_mut_ptr().cast(), msg.len());
        println!("strerror_r(ENOENT, 16 bytes): {r} (ERANGE), {:?}", CStr::from_bytes_until_nul(&msg).unwrap());
    }
    // The safe entry point to the message table.
    println!("strerror_message(12): {:?}", limpet_string::strerror_message(12));
}
