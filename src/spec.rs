//! Which grammar a reference follows: RFC 3986's URIs ([`Rfc3986`]) or RFC
//! 3987's IRIs ([`Rfc3987`]), as a type parameter of [`Reference`] and
//! [`Absolute`].
//!
//! [`Uri`](crate::Uri), [`Iri`](crate::Iri), [`AbsoluteUri`] and
//! [`AbsoluteIri`](crate::AbsoluteIri) are those types with the spec filled
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
use crate::grammar::Rule;
use crate::iri::IriRule;
use crate::lower::{self, Entries};
use crate::parse::{self, EntryPoints};
use crate::syntax::{self, Syntax};

/// The grammar of a reference: [`Rfc3986`] or [`Rfc3987`]. It is sealed:
/// the crate's algorithms depend on what each grammar is.
pub trait Spec: sealed::Sealed + 'static {}

/// RFC 3986: URI references, by the grammar of `uri.pest`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rfc3986 {}

/// RFC 3987: IRI references, by the grammar of `uri.pest` and `iri.pest`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rfc3987 {}

impl Spec for Rfc3986 {}
impl Spec for Rfc3987 {}

// The sealed trait names the crate's internal types: users cannot name
// the trait, let alone call its methods.
#[allow(private_interfaces)]
pub(crate) mod sealed {
    use super::*;

    /// What the crate needs of a grammar: which compiled grammar it is
    /// and its entry rules ([`EntryPoints`]), and its names. Each spec
    /// gives only these; its parse is written once.
    #[allow(private_bounds)]
    pub trait Sealed: EntryPoints {
        /// The type's name, for `Debug`.
        const NAME: &'static str;
        /// The name of its absolute kind, for `Debug`.
        const ABSOLUTE_NAME: &'static str;

        /// The bounds of `text` as a reference of this grammar: the
        /// compiled parser, then the lowering.
        #[inline(always)]
        fn parse(text: &str) -> Result<Bounds, ParseError>
        where
            Self: Sized,
        {
            parse::reference::<Self>(text)
        }

        /// ... as an absolute one (one with a scheme).
        #[inline(always)]
        fn parse_absolute(text: &str) -> Result<Bounds, ParseError>
        where
            Self: Sized,
        {
            parse::absolute::<Self>(text)
        }

        /// Whether `text` is a reference of this grammar: [`parse`]
        /// without the diagnosis of a rejection.
        ///
        /// [`parse`]: Self::parse
        #[inline(always)]
        fn is_valid(text: &str) -> bool
        where
            Self: Sized,
        {
            parse::is_reference::<Self>(text)
        }

        /// ... an absolute one.
        #[inline(always)]
        fn is_valid_absolute(text: &str) -> bool
        where
            Self: Sized,
        {
            parse::is_absolute::<Self>(text)
        }
    }
}

#[allow(private_interfaces)]
impl sealed::Sealed for Rfc3986 {
    const NAME: &'static str = "Uri";
    const ABSOLUTE_NAME: &'static str = "AbsoluteUri";
}

impl EntryPoints for Rfc3986 {
    type Grammar = compiled::uri::Grammar;
    const ENTRIES: Entries<Rule> = lower::entries::<Self::Grammar>(
        Rule::uri_reference_input,
        Rule::uri_reference_input as usize,
        Rule::uri_input,
        Rule::uri_input as usize,
    );

    fn syntax() -> &'static Syntax {
        &syntax::URI
    }
}

#[allow(private_interfaces)]
impl sealed::Sealed for Rfc3987 {
    const NAME: &'static str = "Iri";
    const ABSOLUTE_NAME: &'static str = "AbsoluteIri";
}

impl EntryPoints for Rfc3987 {
    type Grammar = compiled::iri::Grammar;
    const ENTRIES: Entries<IriRule> = lower::entries::<Self::Grammar>(
        IriRule::iri_reference_input,
        IriRule::iri_reference_input as usize,
        IriRule::iri_input,
        IriRule::iri_input as usize,
    );

    fn syntax() -> &'static Syntax {
        &syntax::IRI
    }
}
