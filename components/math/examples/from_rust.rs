//! limpet-math from Rust: its C functions are plain safe Rust functions (`extern "C"`, but
//! not `unsafe`), called by path. Without the `export` feature their symbols are mangled,
//! so they sit beside the host's libm in the same program. Run with
//! `cargo run -p limpet-math --example from_rust`.
use limpet_math as m;

fn main() {
    println!("sqrt(2)        = {}", m::sqrt(2.0));
    println!("floor(-2.5)    = {}, ceil(-2.5) = {}, round(-2.5) = {}", m::floor(-2.5), m::ceil(-2.5), m::round(-2.5));
    println!("fmod(10, 3)    = {}", m::fmod(10.0, 3.0));
    println!("4 atan2(1, 1)  = {}", 4.0 * m::atan2(1.0, 1.0));
    println!("sin(1), cos(1) = {}, {}", m::sin(1.0), m::cos(1.0));
    println!("exp(1)         = {} (std's f64::exp: {})", m::exp(1.0), 1f64.exp());
    println!("log(10)        = {}, log2(1024) = {}", m::log(10.0), m::log2(1024.0));
    println!("pow(2, 0.5)    = {}, hypot(3, 4) = {}", m::pow(2.0, 0.5), m::hypot(3.0, 4.0));
    println!("sqrtf(2)       = {}, powf(10, 3) = {}", m::sqrtf(2.0), m::powf(10.0, 3.0));
    // Errors are NaN and infinities (and the floating-point flags), never errno.
    println!("sqrt(-1)       = {}, log(0) = {}", m::sqrt(-1.0), m::log(0.0));
    // As `extern "C" fn`s they are also C function pointers, for a callback table.
    let table: [(&str, extern "C" fn(f64) -> f64); 3] = [("sqrt", m::sqrt), ("exp", m::exp), ("log10", m::log10)];
    for (name, f) in table {
        println!("{name}(2) = {}", f(2.0));
    }
}
