//! What the crate tells its users stays true: the README's demo output and
//! commands, and the crate root's docs (`readme.rs`). The compiler's
//! messages when the crate is misused are the `rfc3986` package's tests
//! (`facade/tests/diagnostics.rs`).

mod readme;
