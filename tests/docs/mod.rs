//! What the crate tells its users stays true: the README's demo output and
//! commands, and the crate's front page (`readme.rs`); the guide's
//! chapters (`guide.rs`); no broken link (`links.rs`). The compiler's
//! messages when the crate is misused are the `rfc3986` package's tests
//! (`facade/tests/diagnostics.rs`).

mod guide;
mod links;
mod readme;
