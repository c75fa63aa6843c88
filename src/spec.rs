//! Which grammar a reference follows: RFC 3986's URIs ([`Rfc3986`]) or RFC
//! 3987's IRIs ([`Rfc3987`](https://docs.rs/rfc3986/latest/rfc3986/spec/enum.Rfc3987.html)), as a type parameter of [`Reference`] and
//! [`Absolute`].
//!
//! [`Uri`](crate::Uri), [`Iri`](https://docs.rs/rfc3986/latest/rfc3986/type.Iri.html), [`AbsoluteUri`] and
//! [`AbsoluteIri`](https://docs.rs/rfc3986/latest/rfc3986/type.AbsoluteIri.html) are those types with the spec filled
//! in; this module is only needed to write code generic over both.
//!
//! [`Reference`]: crate::Reference
//! [`Absolute`]: crate::Absolute
//! [`AbsoluteUri`]: crate::AbsoluteUri
//!
//! ```
//! use rfc3986::spec::Spec;
//! use rfc3986::{Iri, Reference, Uri};
//!
//! fn host_len<X: Spec>(reference: &Reference<X, &str>) -> usize {
//!     reference.host_str().map_or(0, str::len)
//! }
//! assert_eq!(host_len(&Uri::parse("http://example.com/")?), 11);
//! assert_eq!(host_len(&Iri::parse("http://例え.jp/")?), 9);
//! # Ok::<(), rfc3986::Error>(())
//! ```

use crate::bounds::Bounds;
use crate::compiled;
use crate::error::ParseError;
use crate::parse::{self, EntryPoints};
use crate::syntax::{self, Syntax};

/// The grammar of a reference: [`Rfc3986`] or [`Rfc3987`](https://docs.rs/rfc3986/latest/rfc3986/spec/enum.Rfc3987.html). It is sealed:
/// the crate's algorithms depend on what each grammar is.
pub trait Spec: sealed::Sealed + 'static {}

/// RFC 3986: URI references, by the grammar of `uri.pest`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rfc3986 {}

/// RFC 3987: IRI references, by the grammar of `uri.pest` and `iri.pest`
/// (with the `iri` feature).
#[cfg(feature = "iri")]
#[cfg_attr(docsrs, doc(cfg(feature = "iri")))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rfc3987 {}

impl Spec for Rfc3986 {}
#[cfg(feature = "iri")]
impl Spec for Rfc3987 {}

// The sealed trait names the crate's internal types: users cannot name
// the trait, let alone call its methods.
#[allow(private_interfaces)]
pub(crate) mod sealed {
    use super::*;

    /// What the crate needs of a grammar: which compiled grammar it is
    /// and its entry rules ([`EntryPoints`]), its names, and its parse.
    /// The parse is written once (`parse`), and each spec's methods are
    /// that parse instantiated with it (`sealed_spec!`).
    #[allow(private_bounds)]
    pub trait Sealed: EntryPoints {
        /// The type's name, for `Debug`.
        const NAME: &'static str;
        /// The name of its absolute kind, for `Debug`.
        const ABSOLUTE_NAME: &'static str;

        /// The bounds of `text` as a reference of this grammar: the
        /// compiled parser, then the lowering.
        fn parse(text: &str) -> Result<Bounds, ParseError>;

        /// ... as an absolute one (one with a scheme).
        fn parse_absolute(text: &str) -> Result<Bounds, ParseError>;

        /// Whether `text` is a reference of this grammar: [`parse`]
        /// without the diagnosis of a rejection.
        ///
        /// [`parse`]: Self::parse
        fn is_valid(text: &str) -> bool;

        /// ... an absolute one.
        fn is_valid_absolute(text: &str) -> bool;
    }
}

/// A spec's `Sealed`: its names, and its four entries, each the parse
/// written once over every grammar (`parse`), instantiated with this spec.
///
/// The entries are functions of a concrete type, neither generic nor
/// `#[inline]`, so that the compiled parser and the lowering are compiled
/// once, in this crate. Were they generic (or inline), every crate that
/// calls `Uri::parse` would compile its own copy of the parser.
macro_rules! sealed_spec {
    ($spec:ty, $name:literal, $absolute:literal) => {
        #[allow(private_interfaces)]
        impl sealed::Sealed for $spec {
            const NAME: &'static str = $name;
            const ABSOLUTE_NAME: &'static str = $absolute;

            fn parse(text: &str) -> Result<Bounds, ParseError> {
                parse::reference::<Self>(text)
            }

            fn parse_absolute(text: &str) -> Result<Bounds, ParseError> {
                parse::absolute::<Self>(text)
            }

            fn is_valid(text: &str) -> bool {
                parse::is_reference::<Self>(text)
            }

            fn is_valid_absolute(text: &str) -> bool {
                parse::is_absolute::<Self>(text)
            }
        }
    };
}

sealed_spec!(Rfc3986, "Uri", "AbsoluteUri");

impl EntryPoints for Rfc3986 {
    type Grammar = compiled::uri::Grammar;

    fn syntax() -> &'static Syntax {
        &syntax::URI
    }
}

#[cfg(feature = "iri")]
sealed_spec!(Rfc3987, "Iri", "AbsoluteIri");

#[cfg(feature = "iri")]
impl EntryPoints for Rfc3987 {
    type Grammar = compiled::iri::Grammar;

    fn syntax() -> &'static Syntax {
        &syntax::IRI
    }
}
