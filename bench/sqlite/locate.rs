//! Empty: the package only names libsqlite3-sys so that cargo fetches its sources (see
//! Cargo.toml). Nothing is compiled from here.
