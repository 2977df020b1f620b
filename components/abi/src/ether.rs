//! `<net/ethernet.h>` and `<netinet/ether.h>`: the Ethernet address.
crate::structs! {
}
