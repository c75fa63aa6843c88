//! Internationalized Resource Identifiers (RFC 3987): IRI references
//! parsed by the grammar of `iri.pest`, and their mapping to and from URI
//! references.
//!
//! An [`Iri`](crate::Iri) is a [`Reference`] of RFC 3987's grammar: the
//! lowering reads an IRI's parse tree as it reads a URI's (the IRI
//! grammar's rules map onto the RFC 3986 rules they extend), and
//! resolution, recomposition, `make_relative` and the builder are the
//! URI's, with what differs ([`Syntax`](crate::syntax::Syntax)) where
//! something does. Section 2.1 of RFC 3987 asks for exactly that: "All the
//! operations defined in \[RFC3986\] ... can be applied to IRIs ... in
//! exactly the same way".

mod convert;
pub(crate) mod grammar;

pub(crate) use crate::chars::iri as chars;
#[cfg(feature = "idna")]
pub use convert::IdnaError;
#[cfg(feature = "pest-parsers")]
pub use grammar::IriParser;
pub use grammar::IriRule;

use crate::error::{ErrorKind, ParseError};
use crate::reference::{Reference, Storage};
use crate::spec::Rfc3987;

impl<S: Storage> Reference<Rfc3987, S> {
    /// Checks that this IRI reference holds none of the bidirectional
    /// formatting characters that RFC 3987 section 4.1 says IRIs "MUST
    /// NOT contain" (LRM U+200E, RLM U+200F, LRE U+202A, RLE U+202B, PDF
    /// U+202C, LRO U+202D, RLO U+202E: the `bidi_formatting` rule of
    /// `iri.pest`). The grammar of section 2.2 accepts them, as `ucschar`s,
    /// so a parse does not reject them.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] of kind [`ErrorKind::BidiFormatting`] at the
    /// first one.
    ///
    /// ```
    /// use rfc3986::{ErrorKind, Iri};
    ///
    /// let iri = Iri::parse("http://a/\u{5d0}\u{202e}b")?;
    /// let err = iri.check_bidi().unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::BidiFormatting);
    /// assert_eq!(err.offset(), 11);
    /// assert_eq!(err.found(), Some('\u{202e}'));
    /// assert!(Iri::parse("http://a/\u{5d0}b")?.check_bidi().is_ok());
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn check_bidi(&self) -> Result<(), ParseError> {
        let text = self.as_str();
        match text
            .char_indices()
            .find(|&(_, c)| chars::bidi_formatting.contains(c))
        {
            Some((offset, _)) => Err(ParseError::new(
                ErrorKind::BidiFormatting,
                text,
                offset,
                "no bidirectional formatting character (RFC 3987 section 4.1)",
            )),
            None => Ok(()),
        }
    }
}
