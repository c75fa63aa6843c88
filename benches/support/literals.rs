//! The references of the `literal` group of `benches/compare.rs` (and the
//! `literal-*` workloads of `examples/profile_parse.rs`): six references
//! of different shapes, as `static` literals of `rfc3986-macros` and as
//! their text, and what a program reads of each.

use rfc3986::uri;
use rfc3986::Uri;

/// The references, as literals: their bounds were computed when the
/// macro expanded.
pub static LITERALS: [Uri<&str>; 6] = [
    uri!("https://api.example.com/v1/users?page=2&per_page=50"),
    uri!("foo://user@example.com:8042/over/there?name=ferret#nose"),
    uri!("http://[2001:db8::7]/c=GB?objectClass?one"),
    uri!("mailto:John.Doe@example.com"),
    uri!("urn:oasis:names:specification:docbook:dtd:xml:4.1.2"),
    uri!("../../g;p?y#s"),
];

/// The same references, as text.
pub fn texts() -> [&'static str; 6] {
    LITERALS.each_ref().map(Uri::as_str)
}

/// What a program reads of a reference: its components' lengths, so that
/// nothing is optimized away.
pub fn read(uri: &Uri<&str>) -> usize {
    uri.scheme().map_or(0, str::len)
        + uri.host_str().map_or(0, str::len)
        + usize::from(uri.port().unwrap_or(0))
        + uri.path().len()
        + uri.query().map_or(0, str::len)
        + uri.fragment().map_or(0, str::len)
}

/// Every literal, read.
pub fn read_static(literals: &[Uri<&'static str>]) -> usize {
    literals.iter().map(read).sum()
}

/// Every text, parsed by `Uri::parse` and read.
pub fn read_parsed(texts: &[&str]) -> usize {
    texts
        .iter()
        .map(|text| read(&Uri::parse(*text).unwrap()))
        .sum()
}
