//! The parser derived from `uri.pest`, and the mapping that lets the lowering
//! read the parse tree of any parser derived from that grammar.

#[cfg(feature = "pest-parsers")]
pub use derived::{Rule, UriParser};
#[cfg(not(feature = "pest-parsers"))]
pub use generated::Rule;

use pest::iterators::Pairs;

use crate::error::ParseError;
use crate::role::Role;

/// Parses `input` from `rule` with the pest parser `P`, as
/// [`P::parse(rule, input)`](pest::Parser::parse) does, and gives its
/// pairs; but on failure, a [`ParseError`] of bounded size in place of
/// pest's error, whose message repeats the input's line (see
/// `UriParser`'s errors).
///
/// `P` is any parser pest_derive generates: one of yours, or the crate's
/// `UriParser` and `IriParser` (the `pest-parsers` feature). To parse a whole URI reference into a [`Uri`](crate::Uri),
/// use [`parse_with`](crate::parse_with), whose errors say which component
/// is wrong.
///
/// # Errors
///
/// A [`ParseError`] of kind [`ErrorKind::Rule`](crate::ErrorKind::Rule),
/// at the byte where pest's parse failed (the furthest it got), which
/// names as expected the rules pest tried there (at most six, and how
/// many more). Its one-line message stays under 200 bytes for this
/// crate's grammars, whatever the input's length.
///
/// ```
/// use rfc3986::{parse_rule, ErrorKind, Rule, UriParser};
///
/// let pairs = parse_rule::<UriParser, _>(Rule::path_absolute, "/a/b?q")?;
/// assert_eq!(pairs.as_str(), "/a/b");
///
/// let err = parse_rule::<UriParser, _>(Rule::IPv4address, "256.1.1.1").unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::Rule);
/// assert_eq!(err.offset(), 0);
/// assert_eq!(err.to_string(), "no match for the rule at byte 0: expected IPv4address, found '2'");
/// # Ok::<(), rfc3986::ParseError>(())
/// ```
pub fn parse_rule<P, R>(rule: R, input: &str) -> Result<Pairs<'_, R>, ParseError>
where
    P: pest::Parser<R>,
    R: pest::RuleType,
{
    P::parse(rule, input).map_err(|error| crate::pest_error::from_pest(&error, input))
}

/// The `Rule` type of `uri.pest` as the build script declares it, where
/// pest_derive's parser (which declares its own) is not built: the same
/// variants, in the same order, with the same docs (the grammar's `///`
/// lines, whose ABNF brackets are no links, as in pest_derive's).
#[cfg(not(feature = "pest-parsers"))]
#[allow(rustdoc::broken_intra_doc_links, rustdoc::invalid_html_tags)]
mod generated {
    include!(concat!(env!("OUT_DIR"), "/uri_rule.rs"));
}

/// The derive's output, in a module of its own because pest documents the
/// `Rule` enum and its variants from the grammar's comments but not the
/// helper functions it generates.
#[cfg(feature = "pest-parsers")]
#[allow(missing_docs)]
mod derived {
    use pest_derive::Parser;

    /// The parser that `pest_derive` generates from `uri.pest`, the RFC 3986
    /// Appendix A grammar at the root of this crate.
    ///
    /// [`Uri::parse`](crate::Uri::parse) uses it with the entry rule
    /// [`Rule::uri_reference_input`]. It is public so that its rules can be used
    /// directly, for example to check that a string is a `path-absolute`:
    ///
    /// ```
    /// use pest::Parser;
    /// use rfc3986::{Rule, UriParser};
    ///
    /// let pairs = UriParser::parse(Rule::path_absolute, "/a/b?q").unwrap();
    /// assert_eq!(pairs.as_str(), "/a/b");
    /// ```
    ///
    /// # Errors
    ///
    /// `UriParser::parse` is pest_derive's implementation of
    /// [`pest::Parser`], and returns pest's [`pest::error::Error`] as it
    /// is: the one error of this crate that is not bounded in size. Its
    /// message repeats the line of the input where the parse failed (all
    /// of a one-line input: a 10 MiB input gives a 10 MB message), and the
    /// error holds that line. Every error of this crate's own functions
    /// stays under 200 bytes on one line; for one of those from any rule,
    /// call [`parse_rule`](crate::parse_rule) instead, which gives the
    /// same pairs:
    ///
    /// ```
    /// use pest::Parser;
    /// use rfc3986::{parse_rule, ErrorKind, Rule, UriParser};
    ///
    /// let input = format!("{}\u{7f}", "a".repeat(1 << 20));
    /// let theirs = UriParser::parse(Rule::uri_reference_input, &input).unwrap_err();
    /// assert!(theirs.to_string().len() > 1 << 20);
    /// let ours = parse_rule::<UriParser, _>(Rule::uri_reference_input, &input).unwrap_err();
    /// assert!(ours.to_string().len() < 200);
    /// assert_eq!((ours.kind(), ours.offset()), (ErrorKind::Rule, 1 << 20));
    /// ```
    #[derive(Parser)]
    #[grammar = "../uri.pest"]
    pub struct UriParser;
}

/// Connects the `Rule` type of a grammar built on `uri.pest` to the roles
/// its rules play in a URI reference ([`Role`]), as the grammar's `Role:`
/// lines say: what the parse records each pair by.
///
/// The grammar compiler implements it for every grammar it compiles (the
/// crate's, and each `#[derive(rfc3986::Grammar)]`); for the `Rule` of a
/// parser pest_derive generates from a grammar that includes `uri.pest`,
/// [`impl_uri_rule!`](crate::impl_uri_rule) implements it with
/// `uri.pest`'s roles.
///
/// ```
/// use rfc3986::{Role, Rule, UriRule};
///
/// fn is_a_host_rule<R: UriRule>(rule: R) -> bool {
///     rule.role().is_some_and(Role::is_host)
/// }
/// assert!(is_a_host_rule(Rule::reg_name));
/// assert!(!is_a_host_rule(Rule::pchar));
/// ```
pub trait UriRule: pest::RuleType {
    /// The role `self` plays, or `None` for a rule that plays none. The
    /// parse records the pairs of a rule with a role, and the lowering
    /// descends into the others.
    ///
    /// ```
    /// use rfc3986::{Role, Rule, UriRule};
    ///
    /// assert_eq!(Rule::scheme.role(), Some(Role::Scheme));
    /// assert_eq!(Rule::uri_reference_input.role(), Some(Role::ReferenceEntry));
    /// assert_eq!(Rule::segment.role(), None);
    /// ```
    fn role(self) -> Option<Role>;

    /// The rule that plays `role`, if one does: what the crate parses a
    /// reference from, or checks a component with.
    ///
    /// ```
    /// use rfc3986::{Role, Rule, UriRule};
    ///
    /// assert_eq!(Rule::with_role(Role::Userinfo), Some(Rule::userinfo));
    /// assert_eq!(Rule::with_role(Role::ZoneId), None);
    /// ```
    fn with_role(role: Role) -> Option<Self>;

    /// Every rule that plays a role, by discriminant, with that role:
    /// [`role`](Self::role) as a table, for what is decided of a grammar
    /// at compile time. Empty where the trait is implemented by hand.
    #[doc(hidden)]
    const ROLES: &'static [(usize, Role)] = &[];
}

/// The `Rule` the build script declares where pest_derive's parser is not
/// built is pest_derive's: the same variants, in the same order.
#[cfg(test)]
#[cfg(feature = "pest-parsers")]
pub(crate) mod tests {
    #[allow(dead_code, missing_docs)]
    mod generated {
        include!(concat!(env!("OUT_DIR"), "/uri_rule.rs"));
    }

    /// Each of `rules` by name, with its discriminant: what the tests of
    /// the crate's three `Rule` types compare between the build script's
    /// and pest_derive's.
    pub(crate) fn numbered<R: core::fmt::Debug + Copy>(
        rules: &[R],
        discriminant: fn(R) -> usize,
    ) -> alloc::vec::Vec<(alloc::string::String, usize)> {
        rules
            .iter()
            .map(|&rule| (alloc::format!("{rule:?}"), discriminant(rule)))
            .collect()
    }

    #[test]
    fn the_build_scripts_rule_is_pest_derives() {
        let ours = numbered(generated::Rule::all_rules(), |rule| rule as usize);
        let pests = numbered(super::Rule::all_rules(), |rule| rule as usize);
        assert_eq!(ours, pests);
        assert_eq!(generated::Rule::EOI as usize, super::Rule::EOI as usize);
        assert!(ours.len() > 40, "{ours:?}");
    }
}
