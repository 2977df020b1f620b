//! Network interfaces: names and indices (`if_nametoindex`, `if_indextoname`,
//! `if_nameindex`) and the list of interfaces and addresses (`getifaddrs`), read from the
//! kernel's routing socket (rtnetlink).
pub mod ifaddrs;
pub mod name;
pub mod netlink;
