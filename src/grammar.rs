//! The parser derived from `uri.pest`, and the mapping that lets the lowering
//! read the parse tree of any parser derived from that grammar.

#[cfg(feature = "pest-parsers")]
pub use derived::{Rule, UriParser};
#[cfg(not(feature = "pest-parsers"))]
pub use generated::Rule;

use pest::iterators::Pairs;

use crate::error::ParseError;

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

/// The RFC 3986 rules whose pairs the lowering reads.
///
/// A parser derived from a grammar that includes `uri.pest` maps its own
/// generated `Rule` type onto these through [`UriRule`]; the lowering then
/// works for that parser as it does for `UriParser`. The names are the
/// RFC's (section 3 and Appendix A), in the Appendix's order.
///
/// ```
/// use rfc3986::{RfcRule, Rule, UriRule};
///
/// assert_eq!(Rule::path_absolute.rfc_rule(), Some(RfcRule::PathAbsolute));
/// assert_eq!(Rule::from_rfc_rule(RfcRule::IpvFuture), Some(Rule::IPvFuture));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RfcRule {
    /// `URI-reference = URI / relative-ref`
    UriReference,
    /// `URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]`
    Uri,
    /// `absolute-URI = scheme ":" hier-part [ "?" query ]`
    AbsoluteUri,
    /// `relative-ref = relative-part [ "?" query ] [ "#" fragment ]`
    RelativeRef,
    /// `relative-part`, the part of a relative reference before its query.
    RelativePart,
    /// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`
    Scheme,
    /// `hier-part`, the part of a URI between `scheme ":"` and its query.
    HierPart,
    /// `query = *( pchar / "/" / "?" )`
    Query,
    /// `fragment = *( pchar / "/" / "?" )`
    Fragment,
    /// `authority = [ userinfo "@" ] host [ ":" port ]`
    Authority,
    /// `path`, any of the five path forms.
    Path,
    /// `path-abempty = *( "/" segment )`
    PathAbempty,
    /// `path-absolute = "/" [ segment-nz *( "/" segment ) ]`
    PathAbsolute,
    /// `path-noscheme = segment-nz-nc *( "/" segment )`
    PathNoscheme,
    /// `path-rootless = segment-nz *( "/" segment )`
    PathRootless,
    /// `path-empty = 0<pchar>`
    PathEmpty,
    /// `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )`
    Userinfo,
    /// `host = IP-literal / IPv4address / reg-name`
    Host,
    /// `port = *DIGIT`
    Port,
    /// `IP-literal = "[" ( IPv6address / IPvFuture ) "]"`
    IpLiteral,
    /// `IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet`
    Ipv4Address,
    /// `reg-name = *( unreserved / pct-encoded / sub-delims )`
    RegName,
    /// `IPv6address`, the nine forms of section 3.2.2.
    Ipv6Address,
    /// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`
    IpvFuture,
    /// `ZoneID = 1*( unreserved / pct-encoded )`, of RFC 6874, which
    /// updates `IP-literal` with `IPv6addrz = IPv6address "%25" ZoneID`.
    /// `uri.pest` has no such rule (RFC 3986 has no zone); a grammar that
    /// extends its `IP-literal` with one names it `ZoneID`, and its host
    /// is then [`Host::Ipv6Zoned`](crate::Host::Ipv6Zoned).
    ZoneId,
}

impl RfcRule {
    /// Every RFC rule, in the order of the enum (the generator's table of
    /// them has its rows in that order).
    #[cfg(feature = "grammar-literals")]
    pub(crate) const ALL: [RfcRule; 25] = {
        use RfcRule::*;
        [
            UriReference,
            Uri,
            AbsoluteUri,
            RelativeRef,
            RelativePart,
            Scheme,
            HierPart,
            Query,
            Fragment,
            Authority,
            Path,
            PathAbempty,
            PathAbsolute,
            PathNoscheme,
            PathRootless,
            PathEmpty,
            Userinfo,
            Host,
            Port,
            IpLiteral,
            Ipv4Address,
            RegName,
            Ipv6Address,
            IpvFuture,
            ZoneId,
        ]
    };
}

/// Connects the `Rule` type of a parser derived from `uri.pest` to the RFC
/// rules that the lowering reads.
///
/// A grammar that includes `uri.pest` unchanged (and adds its own rules) gets
/// this implementation from [`impl_uri_rule!`](crate::impl_uri_rule); a
/// grammar that renames rules writes the two functions by hand.
///
/// ```
/// use rfc3986::{RfcRule, Rule, UriRule};
///
/// // This crate's own `Rule` implements it, as every derived grammar's can.
/// fn is_a_host_rule<R: UriRule>(rule: R) -> bool {
///     matches!(rule.rfc_rule(), Some(RfcRule::Host | RfcRule::RegName | RfcRule::IpLiteral))
/// }
/// assert!(is_a_host_rule(Rule::reg_name));
/// assert!(!is_a_host_rule(Rule::uri_reference_input));
/// ```
pub trait UriRule: pest::RuleType {
    /// The RFC rule that `self` is, or `None` for a rule of the derived
    /// grammar's own. The lowering descends into the pairs of such rules and
    /// reads the RFC rules it finds inside them.
    ///
    /// ```
    /// use rfc3986::{RfcRule, Rule, UriRule};
    ///
    /// assert_eq!(Rule::scheme.rfc_rule(), Some(RfcRule::Scheme));
    /// // An entry rule is the grammar's own, not the RFC's.
    /// assert_eq!(Rule::uri_input.rfc_rule(), None);
    /// ```
    fn rfc_rule(self) -> Option<RfcRule>;

    /// The rule of the derived grammar that is the RFC rule `rule`, if it has
    /// one. Error diagnosis uses it to re-run parts of the grammar.
    ///
    /// ```
    /// use rfc3986::{RfcRule, Rule, UriRule};
    ///
    /// assert_eq!(Rule::from_rfc_rule(RfcRule::Userinfo), Some(Rule::userinfo));
    /// ```
    fn from_rfc_rule(rule: RfcRule) -> Option<Self>;

    /// Every rule of the grammar that is an RFC rule, by discriminant, with
    /// that RFC rule: [`rfc_rule`](Self::rfc_rule) as a table, for what is
    /// decided of a grammar at compile time. [`impl_uri_rule!`] fills it;
    /// where the trait is implemented by hand it is empty, nothing is
    /// decided at compile time, and the lowering checks every tree.
    #[doc(hidden)]
    const RFC_RULES: &'static [(usize, RfcRule)] = &[];
}

/// Implements [`UriRule`] for the `Rule` type of a parser derived from a
/// grammar that includes `uri.pest` with its rule names unchanged.
///
/// ```
/// // pest_derive's generated code uses `alloc` when pest is built without
/// // its `std` feature, as this crate builds it.
/// extern crate alloc;
///
/// use pest_derive::Parser;
///
/// #[derive(Parser)]
/// #[grammar = "../uri.pest"] // the path is relative to `src/`
/// #[grammar_inline = r#"
/// ftp_input = { SOI ~ &(^"ftp:") ~ URI ~ EOI }
/// "#]
/// struct FtpParser;
///
/// rfc3986::impl_uri_rule!(Rule);
///
/// fn main() -> Result<(), rfc3986::ParseError> {
///     let uri = rfc3986::parse_with::<FtpParser, Rule>(Rule::ftp_input, "ftp://example.com/pub")?;
///     assert_eq!(uri.host_str(), Some("example.com"));
///     assert!(rfc3986::parse_with::<FtpParser, Rule>(Rule::ftp_input, "http://example.com/").is_err());
///     Ok(())
/// }
/// ```
#[macro_export]
macro_rules! impl_uri_rule {
    ($rule:ident) => {
        $crate::__uri_rule_table!(@impl $rule,
            URI_reference => UriReference,
            URI => Uri,
            absolute_URI => AbsoluteUri,
            relative_ref => RelativeRef,
            relative_part => RelativePart,
            scheme => Scheme,
            hier_part => HierPart,
            query => Query,
            fragment => Fragment,
            authority => Authority,
            path => Path,
            path_abempty => PathAbempty,
            path_absolute => PathAbsolute,
            path_noscheme => PathNoscheme,
            path_rootless => PathRootless,
            path_empty => PathEmpty,
            userinfo => Userinfo,
            host => Host,
            port => Port,
            IP_literal => IpLiteral,
            IPv4address => Ipv4Address,
            reg_name => RegName,
            IPv6address => Ipv6Address,
            IPvFuture => IpvFuture,
        );
    };
}

/// Implements [`UriRule`] for `$rule` from a table of its rules and the
/// RFC rules each one is: [`impl_uri_rule!`] gives it uri.pest's names,
/// and the generator writes one for every grammar it compiles (with RFC
/// 3987's names where the grammar holds iri.pest's rules). Not public API.
#[doc(hidden)]
#[macro_export]
macro_rules! __uri_rule_table {
    (@impl $rule:ident, $($pest:ident => $rfc:ident,)*) => {
        impl $crate::UriRule for $rule {
            const RFC_RULES: &'static [(usize, $crate::RfcRule)] =
                &[$(($rule::$pest as usize, $crate::RfcRule::$rfc),)*];

            fn rfc_rule(self) -> ::core::option::Option<$crate::RfcRule> {
                $crate::__uri_rule_table!(@emit to self, $rule, $($pest => $rfc,)*)
            }

            fn from_rfc_rule(rule: $crate::RfcRule) -> ::core::option::Option<Self> {
                $crate::__uri_rule_table!(@emit from rule, $rule, $($pest => $rfc,)*)
            }
        }
    };
    // A table indexed by the rule's discriminant, built at compile time
    // from the list of pairs: the RFC rule of any rule is one lookup, the
    // same for every rule.
    (@emit to $value:expr, $rule:ident, $($pest:ident => $rfc:ident,)*) => {{
        const PAIRS: &[(usize, $crate::RfcRule)] = &[$(($rule::$pest as usize, $crate::RfcRule::$rfc),)*];
        // Every discriminant of a one-byte `Rule` (any grammar of fewer
        // than 257 rules) has an entry, so that every rule, those past the
        // last RFC rule too (`EOI` is the first), is in the table, with
        // `None` for a rule the RFCs do not name; a wider `Rule` gets a
        // table up to its last RFC rule, and `None` past it.
        const LEN: usize = if ::core::mem::size_of::<$rule>() == 1 {
            256
        } else {
            let mut len = 0;
            let mut i = 0;
            while i < PAIRS.len() {
                if PAIRS[i].0 >= len {
                    len = PAIRS[i].0 + 1;
                }
                i += 1;
            }
            len
        };
        const TABLE: [::core::option::Option<$crate::RfcRule>; LEN] = {
            let mut table = [::core::option::Option::None; LEN];
            let mut i = 0;
            while i < PAIRS.len() {
                table[PAIRS[i].0] = ::core::option::Option::Some(PAIRS[i].1);
                i += 1;
            }
            table
        };
        match TABLE.get($value as usize) {
            ::core::option::Option::Some(rule) => *rule,
            ::core::option::Option::None => ::core::option::Option::None,
        }
    }};
    (@emit from $value:expr, $rule:ident, $($pest:ident => $rfc:ident,)*) => {
        match $value {
            $($crate::RfcRule::$rfc => ::core::option::Option::Some($rule::$pest),)*
            // `RfcRule` is non-exhaustive: a rule added to it later has no
            // counterpart in a grammar written before.
            #[allow(unreachable_patterns)]
            _ => ::core::option::Option::None,
        }
    };
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
