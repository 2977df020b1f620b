//! The resolver: resolv.conf ([`conf`]), the query engine ([`send`]), and the `res_*`
//! functions of `<resolv.h>` built on them ([`res`]).
pub mod conf;
pub mod res;
pub mod search;
pub mod send;
