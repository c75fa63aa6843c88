//! The inputs of the `edit` bench group, shared with
//! `examples/profile_edit.rs` so that the instruction counts and the
//! timings of BENCHMARKS.md measure the same operations.

use rfc3986::{BuildError, Uri};

/// The URI the setters change.
pub const PARSED: &str = "https://user@www.example.com:8443/a/b/c/d.html?key=value&k2=v2#top";

/// Builds a URI of seven components given as text, the scheme from the
/// caller (a bench passes it through `black_box`).
pub fn build(scheme: &str) -> Result<Uri, BuildError> {
    Uri::builder()
        .scheme(scheme)
        .userinfo("user")
        .host("www.example.com")
        .port(8443)
        .path("/a/b/c/d.html")
        .query("key=value&k2=v2")
        .fragment("top")
        .build()
}
