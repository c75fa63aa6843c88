//! URI literals checked at compile time: `uri!`, `iri!`, `absolute_uri!`
//! and `absolute_iri!` make a `const` reference of the [rfc3986] crate
//! from a string literal, or fail the build with the error `Uri::parse`
//! would give at run time.
//!
//! ```
//! use rfc3986::Uri;
//! use rfc3986_macros::uri;
//!
//! const API: Uri<&str> = uri!("https://api.example.com/v1/?pretty#top");
//!
//! assert_eq!(API.host_str(), Some("api.example.com"));
//! assert_eq!(API.path(), "/v1/");
//! assert_eq!(API.query(), Some("pretty"));
//! ```
//!
//! # How a literal is checked
//!
//! The macro runs the crate's own parse when it expands: this crate
//! depends on rfc3986, and calls the parse of the type it makes
//! (`Uri::parse`, `Iri::parse`, `AbsoluteUri::parse`,
//! `AbsoluteIri::parse`), which runs the parser compiled from `uri.pest`
//! (or `iri.pest`), the lowering and, for a rejected literal, the
//! diagnosis. A literal is accepted exactly where a parse of its text is,
//! and its components lie where the parse puts them: the expansion is the
//! text and the bounds of that parse, handed to a `const` constructor, so
//! the value works in `const` and `static` items and using it runs no
//! parse. (rfc3986's tests compare the two on every input of its
//! differential corpus.)
//!
//! A literal that is not valid is a compile error that carries the parse
//! error's message: its kind, the byte, what the grammar expected there
//! and what it found, the text with a caret under the byte, and the line
//! and column of that character in your source, since a stable proc-macro
//! can only point at the literal as a whole:
//!
//! ```compile_fail
//! const BAD: rfc3986::Uri<&str> = rfc3986_macros::uri!("http://exa mple.com/");
//! ```
//!
//! ```text
//! error: `uri!`: invalid character at byte 10: expected reg-name character, ":" port, "/", "?", "#" or end of input, found ' '
//!          http://exa mple.com/
//!                    ^
//!        (the character at fault is at src/main.rs:1:65)
//! ```
//!
//! # Why a crate of its own
//!
//! A proc-macro that runs the crate's parse must depend on the crate that
//! holds it, `rfc3986-core`, so that crate cannot depend on it (cargo
//! refuses the cycle). The `rfc3986` crate, which users depend on,
//! re-exports both: with its `macros` feature the macros are
//! `rfc3986::uri!` and the rest, and this crate need not be named.
//!
//! ```toml
//! rfc3986 = { version = "0.1", features = ["macros"] }
//! ```
//!
//! What it costs: cargo compiles rfc3986-core a second time, for the
//! compiler's host, unoptimized and without debug info (the profile's
//! `build-override`), beside the copy your program links. An application
//! that depends on rfc3986 alone built from clean in 20.4 s (debug) and
//! 30.5 s (release) on 2 cores; with this crate and one `uri!`, in 23.5 s
//! and 35.8 s.
//!
//! [rfc3986]: https://docs.rs/rfc3986

#![forbid(unsafe_code)]
#![deny(missing_docs)]

extern crate proc_macro;

use proc_macro::{Span, TokenStream, TokenTree};
use rfc3986::__private::{literal_expansion, LiteralError, LiteralKind};
use rfc3986_generator::tokens::{compile_error, literal_origin, string_value, unwrap_group};

/// A `Uri<&'static str>` (any URI reference: absolute, or relative such
/// as `../a?b`) from a string literal, checked by `Uri::parse` when the
/// macro expands. It works in `const` and `static` items.
///
/// ```
/// use rfc3986::Uri;
///
/// static HOME: Uri<&str> = rfc3986_macros::uri!("https://example.com/");
/// const UP: Uri<&str> = rfc3986_macros::uri!("../a?b");
///
/// assert_eq!(HOME.resolve(&UP).unwrap(), "https://example.com/a?b");
/// ```
#[proc_macro]
pub fn uri(input: TokenStream) -> TokenStream {
    literal("uri", LiteralKind::Uri, input)
}

/// An `Iri<&'static str>` (any IRI reference, RFC 3987) from a string
/// literal, checked by `Iri::parse` when the macro expands.
///
/// ```
/// const CAFE: rfc3986::Iri<&str> = rfc3986_macros::iri!("https://café.example/menü");
///
/// assert_eq!(CAFE.host_str(), Some("café.example"));
/// ```
#[proc_macro]
pub fn iri(input: TokenStream) -> TokenStream {
    literal("iri", LiteralKind::Iri, input)
}

/// An `AbsoluteUri<&'static str>` (a URI with a scheme, as a base must
/// be) from a string literal, checked by `AbsoluteUri::parse` when the
/// macro expands.
///
/// ```
/// use rfc3986::{AbsoluteUri, Uri};
///
/// const BASE: AbsoluteUri<&str> = rfc3986_macros::absolute_uri!("http://a/b/c/d;p?q");
///
/// assert_eq!(BASE.resolve(&Uri::parse("../g").unwrap()).unwrap(), "http://a/b/g");
/// ```
///
/// A relative reference is not an absolute URI:
///
/// ```compile_fail
/// const BASE: rfc3986::AbsoluteUri<&str> = rfc3986_macros::absolute_uri!("/b/c");
/// ```
#[proc_macro]
pub fn absolute_uri(input: TokenStream) -> TokenStream {
    literal("absolute_uri", LiteralKind::AbsoluteUri, input)
}

/// An `AbsoluteIri<&'static str>` from a string literal, checked by
/// `AbsoluteIri::parse` when the macro expands.
///
/// ```
/// const BASE: rfc3986::AbsoluteIri<&str> = rfc3986_macros::absolute_iri!("http://例え.テスト/");
///
/// assert_eq!(BASE.scheme(), "http");
/// ```
#[proc_macro]
pub fn absolute_iri(input: TokenStream) -> TokenStream {
    literal("absolute_iri", LiteralKind::AbsoluteIri, input)
}

/// The expansion of `name!(input)`: the reference's `const` constructor
/// call, or the compile error.
fn literal(name: &str, kind: LiteralKind, input: TokenStream) -> TokenStream {
    let mut tokens = input.into_iter();
    let (token, rest) = (unwrap_group(tokens.next()), tokens.next());
    let Some(TokenTree::Literal(literal)) = token.filter(|_| rest.is_none()) else {
        return compile_error(
            &format!("`{name}!` takes one string literal: {name}!(\"http://example.com/\")"),
            Span::call_site(),
        );
    };
    let span = literal.span();
    let Some(text) = string_value(&literal.to_string()) else {
        return compile_error(
            &format!("`{name}!` takes a string literal (\"...\" or r\"...\")"),
            span,
        );
    };
    match literal_expansion(kind, &text) {
        Ok(expression) => match expression.parse() {
            Ok(tokens) => tokens,
            Err(error) => compile_error(
                &format!("`{name}!` wrote an expansion that does not parse (a bug): {error}"),
                span,
            ),
        },
        Err(LiteralError { offset, message }) => {
            let mut message = format!("`{name}!`: {message}");
            if let Some(place) = place(&literal, &text, offset) {
                message.push_str(&format!("\n(the character at fault is at {place})"));
            }
            compile_error(&message, span)
        }
    }
}

/// `file:line:column` of the character of the literal's value that
/// starts at byte `offset` of `text` (its closing quote at the end of the
/// text), where the compiler says where the literal is.
fn place(literal: &proc_macro::Literal, text: &str, offset: usize) -> Option<String> {
    let origin = literal_origin(literal)?;
    let index = text.get(..offset)?.chars().count();
    let (line, column) = origin.positions.get(index)?;
    Some(format!("{}:{line}:{column}", origin.file))
}
