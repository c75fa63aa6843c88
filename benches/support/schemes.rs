//! The inputs of the `schemes` group of `benches/compare.rs` and of
//! `examples/profile_parse.rs`: the URIs of each scheme the crate types
//! (`http`/`https`, `mailto`, `urn`, `file`) in a 40,000-reference corpus
//! (`corpus.rs`, which this module needs beside it as `corpus`), each
//! parsed by its scheme type.

use rfc3986::schemes::{file::FileUri, http::HttpUri, mailto::Mailto, urn::Urn};

/// What a row reads of each parse; 0 when the scheme type rejected it.
pub type Reader = fn(&str) -> usize;

/// Each scheme: its name, the prefixes of its URIs, and its type's parse.
pub const TYPED: [(&str, &[&str], Reader); 4] = [
    ("http", &["http:", "https:"], |s| {
        HttpUri::parse(s).map_or(0, |u| u.path().len() + 1)
    }),
    ("mailto", &["mailto:"], |s| {
        Mailto::parse(s).map_or(0, |m| m.to().len() + 1)
    }),
    ("urn", &["urn:"], |s| {
        Urn::parse(s).map_or(0, |u| u.nid().len())
    }),
    ("file", &["file:"], |s| {
        FileUri::parse(s).map_or(0, |f| f.path().len() + 1)
    }),
];

/// The URIs of `scheme` (one of [`TYPED`]'s) in the corpus that its type
/// accepts (the http type rejects the corpus's http URIs with userinfo,
/// which RFC 9110 forbids), and how many of its prefix it rejected.
pub fn inputs(scheme: &str) -> (Vec<String>, usize) {
    let (_, prefixes, read) = TYPED
        .iter()
        .find(|(name, _, _)| *name == scheme)
        .unwrap_or_else(|| panic!("no scheme {scheme:?}"));
    let (accepted, rejected): (Vec<String>, Vec<String>) = crate::corpus::corpus(7, 40_000)
        .into_iter()
        .filter(|s| prefixes.iter().any(|p| s.starts_with(p)))
        .partition(|s| read(s) != 0);
    (accepted, rejected.len())
}
