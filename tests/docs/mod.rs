//! What the crate tells its users stays true: the README's demo output and
//! commands, the crate root's docs (`readme.rs`), and the compiler's
//! messages when the crate's types are misused (`diagnostics.rs`, with
//! its trybuild cases in `ui/`).

mod diagnostics;
mod readme;
