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
use crate::compiled::runtime::Parse;
use crate::error::ParseError;
use crate::grammar::Rule;
use crate::iri::IriRule;
use crate::lower::{self, captured_tiled, Capture, Kept};
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

    /// What the crate needs of a grammar.
    pub trait Sealed {
        /// The type's name, for `Debug`.
        const NAME: &'static str;
        /// The name of its absolute kind, for `Debug`.
        const ABSOLUTE_NAME: &'static str;

        /// What differs between the grammars, for the algorithms.
        fn syntax() -> &'static Syntax;

        /// The bounds of `text` as a reference of this grammar: the
        /// compiled parser, then the lowering.
        fn parse(text: &str) -> Result<Bounds, ParseError>;

        /// ... as an absolute one (one with a scheme).
        fn parse_absolute(text: &str) -> Result<Bounds, ParseError>;
    }
}

#[allow(private_interfaces)]
impl sealed::Sealed for Rfc3986 {
    const NAME: &'static str = "Uri";
    const ABSOLUTE_NAME: &'static str = "AbsoluteUri";

    fn syntax() -> &'static Syntax {
        &syntax::URI
    }

    #[inline(always)]
    fn parse(text: &str) -> Result<Bounds, ParseError> {
        parse_uri::<{ URI_TILES[0] }>(Rule::uri_reference_input, text, |text, kept| {
            crate::verify::uri_error(Rule::uri_reference_input, text, kept)
        })
    }

    #[inline(always)]
    fn parse_absolute(text: &str) -> Result<Bounds, ParseError> {
        parse_uri::<{ URI_TILES[1] }>(Rule::uri_input, text, |text, _| {
            crate::verify::not_a_uri(text)
        })
    }
}

#[allow(private_interfaces)]
impl sealed::Sealed for Rfc3987 {
    const NAME: &'static str = "Iri";
    const ABSOLUTE_NAME: &'static str = "AbsoluteIri";

    fn syntax() -> &'static Syntax {
        &syntax::IRI
    }

    #[inline(always)]
    fn parse(text: &str) -> Result<Bounds, ParseError> {
        parse_iri::<{ IRI_TILES[0] }>(IriRule::iri_reference_input, text, |text, kept| {
            crate::verify::iri_error(IriRule::iri_reference_input, text, kept)
        })
    }

    #[inline(always)]
    fn parse_absolute(text: &str) -> Result<Bounds, ParseError> {
        parse_iri::<{ IRI_TILES[1] }>(IriRule::iri_input, text, |text, _| {
            crate::verify::not_an_iri(text)
        })
    }
}

/// Whether every tree of `uri.pest`'s entry rules (a reference, a URI)
/// tiles its input as the lowering checks, decided from the grammar when
/// the crate is compiled ([`lower::tiles`]): where it does, the lowering
/// skips those checks. An edit of `uri.pest` that breaks the shape turns
/// them back on.
const URI_TILES: [bool; 2] = {
    let grammar = lower::Grammar {
        layouts: crate::compiled::uri::LAYOUTS,
        rfc: <Rule as crate::grammar::UriRule>::RFC_RULES,
    };
    [
        lower::tiles(&grammar, Rule::uri_reference_input as usize),
        lower::tiles(&grammar, Rule::uri_input as usize),
    ]
};

/// Whether every tree of `uri.pest`'s rule `entry` tiles its input
/// ([`URI_TILES`]; `false` for a rule that is not an entry rule).
pub(crate) fn uri_tiles(entry: Rule) -> bool {
    match entry {
        Rule::uri_reference_input => URI_TILES[0],
        Rule::uri_input => URI_TILES[1],
        _ => false,
    }
}

/// [`uri_tiles`] for `uri.pest` + `iri.pest`.
pub(crate) fn iri_tiles(entry: IriRule) -> bool {
    match entry {
        IriRule::iri_reference_input => IRI_TILES[0],
        IriRule::iri_input => IRI_TILES[1],
        _ => false,
    }
}

/// [`URI_TILES`] and [`IRI_TILES`], for the tests and `verify-compiled`.
pub(crate) const TILES: [bool; 4] = [URI_TILES[0], URI_TILES[1], IRI_TILES[0], IRI_TILES[1]];

/// [`URI_TILES`] for `uri.pest` + `iri.pest`.
const IRI_TILES: [bool; 2] = {
    let grammar = lower::Grammar {
        layouts: crate::iri::compiled::LAYOUTS,
        rfc: <IriRule as crate::grammar::UriRule>::RFC_RULES,
    };
    [
        lower::tiles(&grammar, IriRule::iri_reference_input as usize),
        lower::tiles(&grammar, IriRule::iri_input as usize),
    ]
};

/// A parse through a compiled grammar's capture variant (`$parse`), and
/// the lowering of its full pairs where the capture cannot tell (`$full`),
/// for one grammar: `uri.pest`, or `uri.pest` + `iri.pest`.
macro_rules! capture_parse {
    ($(#[$doc:meta])* $parse:ident, $full:ident, $compiled:path, $rule:ty, $oracle:ty) => {
        $(#[$doc])*
        #[inline(always)]
        fn $parse<const TILED: bool>(
            entry: $rule,
            text: &str,
            rejected: fn(&str, Option<&Kept<'_>>) -> ParseError,
        ) -> Result<Bounds, ParseError> {
            use $compiled as compiled;
            let mut parse = Parse::with_sink(text, Capture::<TILED>::new(text));
            let matched = compiled::run_with(entry, &mut parse).is_some();
            #[cfg(feature = "verify-compiled")]
            {
                crate::verify::verify_entries::<$oracle, _, { compiled::PAIRS }>(
                    &compiled::PARSERS,
                    entry,
                    text,
                );
                if let Err(difference) = crate::verify::compare_capture(text) {
                    panic!("{difference}");
                }
            }
            if !matched {
                return Err(rejected(text, parse.pairs.kept()));
            }
            match captured_tiled::<TILED>(&parse.pairs.slots) {
                Some(bounds) => bounds,
                None => $full(entry, text),
            }
        }

        /// The lowering of the full pairs, where a capture cannot tell.
        #[cold]
        #[inline(never)]
        fn $full(entry: $rule, text: &str) -> Result<Bounds, ParseError> {
            use $compiled as compiled;
            let mut tree = compiled::tree(text);
            compiled::run(entry, &mut tree);
            crate::lower::lower(text, tree.nodes())
        }
    };
}

capture_parse!(
    /// The bounds of `text` from `entry` of `uri.pest`: the compiled
    /// parser's capture variant, which fills the lowering's slots as it
    /// matches, then the lowering of those slots (without the shape checks
    /// where `TILED`); `rejected`'s error (the diagnosis, given the slots
    /// the capture kept where `EOI` failed) when the grammar rejects it. Inlined into each caller with the lowering, so that the
    /// bounds are built where they are returned.
    parse_uri,
    full_uri,
    crate::compiled::uri,
    Rule,
    crate::grammar::UriParser
);

capture_parse!(
    /// [`parse_uri`] with `uri.pest` + `iri.pest`.
    parse_iri,
    full_iri,
    crate::iri::compiled,
    IriRule,
    crate::iri::IriParser
);
