//! The DNS message: names and their compression, the `ns_*` parser, building queries.
