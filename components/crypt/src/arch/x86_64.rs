//! The SSE2 backend (placeholder while the portable one is checked).
pub use crate::mix::Portable as Sse2;
