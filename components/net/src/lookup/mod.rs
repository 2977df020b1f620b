//! The name services of `<netdb.h>` over the resolver and /etc/hosts: `getaddrinfo`,
//! `getnameinfo`, the `gethostby*` family, and `h_errno` with its messages.
pub mod getaddrinfo;
pub mod getnameinfo;
pub mod herror;
pub mod hostent;
pub mod name;
pub mod reverse;
pub mod sort;
