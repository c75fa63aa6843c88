//! Literals checked at compile time: what the `uri!`, `iri!`,
//! `absolute_uri!` and `absolute_iri!` macros of the `rfc3986-macros`
//! crate run when they expand, and what their expansions are.
//!
//! A macro hands the literal's text to [`expansion`], which parses it with
//! the parse of the reference type it makes ([`Reference::parse`],
//! [`Absolute::parse`]): the same compiled parser of `uri.pest` or
//! `iri.pest`, the same lowering and the same diagnosis as at run time,
//! built into the proc-macro (which depends on this crate). An accepted
//! literal becomes a call of the type's `const` constructor
//! (`__from_literal`) with the text and the bounds the parse found
//! ([`crate::bounds::Raw`]), so that a `const` or `static` can hold it and
//! using it runs no parse; a rejected one becomes the parse error's
//! message, caret form included, which the macro reports as the compile
//! error. The tests compare [`expansion`] with `Reference::parse` on every
//! input of the differential corpus.
//!
//! Not public API: the crate reaches it through `__private`.

#[cfg(feature = "grammar-literals")]
pub(crate) mod grammar;

use alloc::format;
use alloc::string::String;
use core::fmt;

use crate::error::ParseError;

use crate::reference::{Absolute, Reference};
#[cfg(feature = "iri")]
use crate::spec::Rfc3987;
use crate::spec::{Rfc3986, Spec};

/// The reference types a literal can be, one per macro.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LiteralKind {
    /// `uri!`: a `Uri<&'static str>`, any URI reference.
    Uri,
    /// `iri!`: an `Iri<&'static str>`, any IRI reference.
    #[cfg(feature = "iri")]
    Iri,
    /// `absolute_uri!`: an `AbsoluteUri<&'static str>`, a URI with a
    /// scheme.
    AbsoluteUri,
    /// `absolute_iri!`: an `AbsoluteIri<&'static str>`.
    #[cfg(feature = "iri")]
    AbsoluteIri,
}

impl LiteralKind {
    /// The path of the type the expansion makes, as a crate that depends
    /// on `rfc3986` names it.
    pub fn type_path(self) -> &'static str {
        match self {
            LiteralKind::Uri => "::rfc3986::Uri::<&'static str>",
            #[cfg(feature = "iri")]
            LiteralKind::Iri => "::rfc3986::Iri::<&'static str>",
            LiteralKind::AbsoluteUri => "::rfc3986::AbsoluteUri::<&'static str>",
            #[cfg(feature = "iri")]
            LiteralKind::AbsoluteIri => "::rfc3986::AbsoluteIri::<&'static str>",
        }
    }
}

/// Why a literal is not a reference of its kind: the parse error's byte
/// offset in the literal's text, and its message in the caret form
/// (`{:#}`), which the macro makes the compile error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiteralError {
    /// [`ParseError::offset`](crate::ParseError::offset).
    pub offset: usize,
    /// The error's `{:#}`.
    pub message: String,
}

/// The bounds of `text` as a literal of `kind`, in the form the
/// expansion passes them (`Bounds::to_raw`).
///
/// # Errors
///
/// The parse's error, where `text` is not a reference of `kind`.
pub fn bounds(kind: LiteralKind, text: &str) -> Result<[u32; 8], LiteralError> {
    match kind {
        LiteralKind::Uri => reference::<Rfc3986>(text),
        #[cfg(feature = "iri")]
        LiteralKind::Iri => reference::<Rfc3987>(text),
        LiteralKind::AbsoluteUri => absolute::<Rfc3986>(text),
        #[cfg(feature = "iri")]
        LiteralKind::AbsoluteIri => absolute::<Rfc3987>(text),
    }
}

/// The Rust expression a literal of `kind` with the text `text` expands
/// to: a call of the type's `const` constructor with the text and its
/// [`bounds`].
///
/// # Errors
///
/// The parse's error, which the macro makes the compile error.
pub fn expansion(kind: LiteralKind, text: &str) -> Result<String, LiteralError> {
    let bounds = bounds(kind, text)?;
    Ok(format!(
        "{}::__from_literal({text:?}, {bounds:?})",
        kind.type_path()
    ))
}

/// The bounds of a reference in the form [`bounds`] gives them: what the
/// tests compare a literal's with.
pub fn raw_bounds<X, S>(reference: &Reference<X, S>) -> [u32; 8] {
    reference.bounds().to_raw()
}

fn reference<X: Spec>(text: &str) -> Result<[u32; 8], LiteralError> {
    Reference::<X, &str>::parse(text)
        .map(|parsed| raw_bounds(&parsed))
        .map_err(|error| literal_error(&error))
}

fn absolute<X: Spec>(text: &str) -> Result<[u32; 8], LiteralError> {
    Absolute::<X, &str>::parse(text)
        .map(|parsed| raw_bounds(&parsed))
        .map_err(|error| literal_error(&error))
}

fn literal_error<B>(error: &ParseError<B>) -> LiteralError
where
    ParseError<B>: fmt::Display,
{
    LiteralError {
        offset: error.offset(),
        message: format!("{error:#}"),
    }
}
