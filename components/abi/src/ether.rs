//! `<net/ethernet.h>` and `<netinet/ether.h>`: the Ethernet address.
crate::structs! {
    "net/ethernet.h" {
        /// `struct ether_addr`: a 48-bit Ethernet (MAC) address, in transmission order
        /// (`ETH_ALEN`, 6, bytes; users take the length from the array).
        #[c = "struct ether_addr"]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct EtherAddr {
            pub ether_addr_octet: [u8; 6],
        }
    }
}
