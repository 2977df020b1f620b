//! `htonl`, `htons`, `ntohl`, `ntohs`: network byte order is big-endian.

/// `htonl(x)`—`x` in network byte order.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn htonl(x: u32) -> u32 {
    x.to_be()
}

/// `htons(x)`—`x` in network byte order.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn htons(x: u16) -> u16 {
    x.to_be()
}

/// `ntohl(x)`—`x` in host byte order.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn ntohl(x: u32) -> u32 {
    u32::from_be(x)
}

/// `ntohs(x)`—`x` in host byte order.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn ntohs(x: u16) -> u16 {
    u16::from_be(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swaps_to_big_endian() {
        assert_eq!(htonl(0x0102_0304).to_ne_bytes(), [1, 2, 3, 4]);
        assert_eq!(htons(0x0102).to_ne_bytes(), [1, 2]);
        assert_eq!(ntohl(u32::from_ne_bytes([1, 2, 3, 4])), 0x0102_0304);
        assert_eq!(ntohs(u16::from_ne_bytes([1, 2])), 0x0102);
    }
}
