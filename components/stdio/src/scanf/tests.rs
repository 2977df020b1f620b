//! Tests of the scanf core against musl's results.
