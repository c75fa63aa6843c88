//! Prints the size of every public type of the crate, and of the peers'
//! parsed types, for BENCHMARKS.md:
//!
//! ```text
//! cargo run --release --example sizes --all-features
//! ```

use std::mem::size_of;
use std::sync::Arc;

use rfc3986::schemes::{file::FileUri, http::HttpUri, mailto::Mailto, urn::Urn};
use rfc3986::schemes::{SchemeError, SchemeViolation};
use rfc3986::*;

/// One row of the table: the type's name and its size in bytes.
macro_rules! rows {
    ($($ty:ty),* $(,)?) => {
        $(println!("| `{}` | {} |", stringify!($ty), size_of::<$ty>());)*
    };
}

fn main() {
    println!("| type | bytes |");
    println!("|---|---:|");
    rows!(
        Uri<&str>,
        Uri<String>,
        Uri<Arc<str>>,
        Iri<&str>,
        Iri<String>,
        AbsoluteUri<&str>,
        AbsoluteUri<String>,
        AbsoluteIri<&str>,
        Authority<'_>,
        Host<'_>,
        PathSegments<'_>,
        QueryPairs<'_>,
        Redacted<'_>,
        UriBuilder,
        ParseError,
        ParseError<String>,
        ErrorKind,
        Component,
        BuildError,
        ResolveError,
        ConvertError,
        Error,
        HttpUri,
        Mailto,
        Urn,
        FileUri,
        SchemeError,
        SchemeViolation,
        Result<Uri<&str>, ParseError>,
    );
    println!("| peers | |");
    rows!(
        oxiri::Iri<&str>,
        oxiri::Iri<String>,
        oxiri::IriRef<&str>,
        fluent_uri::Uri<&str>,
        fluent_uri::Uri<String>,
        fluent_uri::UriRef<&str>,
        &iri_string::types::UriReferenceStr,
        iri_string::types::UriReferenceString,
        url::Url,
    );
}
