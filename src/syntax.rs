//! What differs between the two grammars the crate parses with, URI
//! (`uri.pest`) and IRI (`uri.pest` + `iri.pest`), gathered in one value
//! that the algorithms which must behave differently take as a parameter:
//! error diagnosis, the builder's checks and encodings, and the
//! percent-encodings that normalization decodes. Everything else (the
//! lowering, resolution, recomposition, `make_relative`) does not depend on
//! it. Each [`Spec`](crate::spec::Spec) gives its grammar's value.

#[cfg(feature = "iri")]
use crate::chars::iri as iri_chars;
use crate::chars::{self, CharClass};
use crate::compiled::{self, CompiledGrammar};
use crate::grammar::UriRule;
use crate::role::Role;

/// A grammar's differences from the others, for the algorithms that take
/// one.
pub(crate) struct Syntax {
    /// The name of its builder, for `Debug`.
    pub builder: &'static str,
    /// Every character that may stand somewhere in a reference, unencoded
    /// or as the `%` of a `pct-encoded`: any other is
    /// [`ErrorKind::InvalidCharacter`](crate::ErrorKind::InvalidCharacter)
    /// wherever it stands.
    pub chars: CharClass,
    /// What the diagnosis of a failure says was expected, in the grammar's
    /// own rule names.
    pub expected: &'static Expected,
    /// The characters each component takes unencoded: the builder's
    /// decoded input is percent-encoded but for these.
    pub userinfo: CharClass,
    pub reg_name: CharClass,
    pub segment: CharClass,
    pub segment_nz_nc: CharClass,
    pub query: CharClass,
    /// A name or value of a query pair ([`QUERY_PAIR_DELIMITERS`] encoded).
    ///
    /// [`QUERY_PAIR_DELIMITERS`]: crate::percent::QUERY_PAIR_DELIMITERS
    pub query_pair: CharClass,
    /// A name or value of a form-encoded pair: a query pair's characters
    /// without [`FORM_ENCODED`], which the WHATWG serializer encodes.
    ///
    /// [`FORM_ENCODED`]: crate::percent::FORM_ENCODED
    pub form_pair: CharClass,
    pub fragment: CharClass,
    /// How many bytes at the start of `text` the grammar's rule for `rule`
    /// matches, with the compiled parser; `None` when it matches nothing
    /// (or the grammar has no such rule).
    pub matches: fn(Role, &str) -> Option<usize>,
    /// The first character of every string of two or more characters the
    /// grammar matches (`STRING_STARTS` of its compiled parser): a
    /// diagnosis looks past the furthest byte a token reached where one
    /// stands there, since such a string counts only whole.
    pub string_starts: CharClass,
    /// The furthest byte a token reaches in a parse of `text` from the
    /// grammar's rule for `rule`, matched or not: how much of `text` is the
    /// start of a match (0 where the grammar has no such rule).
    pub reach: fn(Role, &str) -> usize,
    /// Whether normalization decodes a percent-encoded `c`: the same set
    /// in every component (RFC 3986 section 6.2.2.2, RFC 3987 section
    /// 5.3.2.3).
    pub decodes: fn(char) -> bool,
}

/// RFC 3986: `uri.pest`.
pub(crate) static URI: Syntax = Syntax {
    builder: "UriBuilder",
    chars: chars::URI,
    expected: &Expected::URI,
    userinfo: chars::userinfo,
    reg_name: chars::reg_name,
    segment: chars::segment,
    segment_nz_nc: chars::segment_nz_nc,
    query: chars::query,
    query_pair: crate::percent::QUERY_PAIR,
    form_pair: crate::percent::FORM_PAIR,
    fragment: chars::fragment,
    matches: matches::<compiled::uri::Grammar>,
    string_starts: <compiled::uri::Grammar as CompiledGrammar>::STRING_STARTS,
    reach: reach::<compiled::uri::Grammar>,
    // Section 6.2.2.2: the unreserved characters.
    decodes: |c| chars::unreserved.contains(c),
};

/// RFC 3987: `uri.pest` and `iri.pest`.
#[cfg(feature = "iri")]
pub(crate) static IRI: Syntax = Syntax {
    builder: "IriBuilder",
    // `iquery` takes every character above ASCII that an IRI may hold
    // (`ucschar` and `iprivate`); the ASCII ones are the URI's.
    chars: iri_chars::iquery.with(&chars::URI),
    expected: &Expected::IRI,
    userinfo: iri_chars::iuserinfo,
    reg_name: iri_chars::ireg_name,
    segment: iri_chars::isegment,
    segment_nz_nc: iri_chars::isegment_nz_nc,
    query: iri_chars::iquery,
    query_pair: iri_chars::iquery.without(crate::percent::QUERY_PAIR_DELIMITERS),
    form_pair: iri_chars::iquery
        .without(crate::percent::QUERY_PAIR_DELIMITERS)
        .without(crate::percent::FORM_ENCODED),
    fragment: iri_chars::ifragment,
    matches: matches::<compiled::iri::Grammar>,
    string_starts: <compiled::iri::Grammar as CompiledGrammar>::STRING_STARTS,
    reach: reach::<compiled::iri::Grammar>,
    decodes: iri_decodes,
};

/// How many bytes at the start of `text` `G`'s rule for `rule` matches;
/// `None` when it matches nothing, or `G` has no such rule.
fn matches<G: CompiledGrammar>(rule: Role, text: &str) -> Option<usize> {
    compiled::match_len::<G>(G::Rule::with_role(rule)?, text)
}

/// The furthest byte a token reaches in a parse of `text` from `G`'s rule
/// for `rule`; 0 where `G` has no such rule.
fn reach<G: CompiledGrammar>(rule: Role, text: &str) -> usize {
    G::Rule::with_role(rule).map_or(0, |rule| G::reach(rule, text).min(text.len()))
}

/// Whether IRI normalization decodes a percent-encoded `c`: RFC 3987
/// section 5.3.2.3 decodes the octets of `iunreserved` characters only, in
/// every component, so `iprivate` (U+E000, say) stays encoded even in the
/// query, where it may stand as it is; so do the bidirectional formatting
/// characters that section 4.1 forbids in an IRI, although `ucschar`
/// holds them. The conversion of a URI to an IRI (section 3.2) decodes
/// `iprivate` in the query too: see `iri::convert`.
#[cfg(feature = "iri")]
pub(crate) fn iri_decodes(c: char) -> bool {
    iri_chars::iunreserved.contains(c) && !iri_chars::bidi_formatting.contains(c)
}

/// What may follow each kind of prefix where the grammars differ, in each
/// grammar's rule names (RFC 3987 puts an "i" before the rules it extends).
pub(crate) struct Expected {
    pub(crate) path: &'static str,
    pub(crate) query: &'static str,
    pub(crate) fragment: &'static str,
    pub(crate) host_start: &'static str,
    pub(crate) reg_name: &'static str,
    pub(crate) userinfo: &'static str,
    /// What a component given to the builder may hold.
    pub(crate) component_userinfo: &'static str,
    /// ... where nothing of the host has matched yet,
    pub(crate) component_host: &'static str,
    /// ... and after a registered name's first characters.
    pub(crate) component_reg_name: &'static str,
    pub(crate) component_path: &'static str,
    pub(crate) component_query: &'static str,
    pub(crate) component_fragment: &'static str,
}

impl Expected {
    /// `uri.pest`'s.
    pub(crate) const URI: Expected = Expected {
        path: r##"pchar, "/", "?", "#" or end of input"##,
        query: r##"pchar, "/", "?", "#" or end of input"##,
        fragment: r##"pchar, "/", "?" or end of input"##,
        host_start: r##"userinfo, host, "/", "?", "#" or end of input"##,
        reg_name: r##"reg-name character, ":" port, "/", "?", "#" or end of input"##,
        userinfo: r##"userinfo character or "@""##,
        component_userinfo: r#"unreserved, pct-encoded, sub-delims or ":""#,
        component_host: r#"unreserved, pct-encoded, sub-delims, "[" IP-literal or end of host"#,
        component_reg_name: "unreserved, pct-encoded, sub-delims or end of host",
        component_path: r#"pchar or "/""#,
        component_query: r#"pchar, "/" or "?""#,
        component_fragment: r#"pchar, "/" or "?""#,
    };

    /// `iri.pest`'s.
    #[cfg(feature = "iri")]
    pub(crate) const IRI: Expected = Expected {
        path: r##"ipchar, "/", "?", "#" or end of input"##,
        query: r##"ipchar, iprivate, "/", "?", "#" or end of input"##,
        fragment: r##"ipchar, "/", "?" or end of input"##,
        host_start: r##"iuserinfo, ihost, "/", "?", "#" or end of input"##,
        reg_name: r##"ireg-name character, ":" port, "/", "?", "#" or end of input"##,
        userinfo: r##"iuserinfo character or "@""##,
        component_userinfo: r#"iunreserved, pct-encoded, sub-delims or ":""#,
        component_host: r#"iunreserved, pct-encoded, sub-delims, "[" IP-literal or end of host"#,
        component_reg_name: "iunreserved, pct-encoded, sub-delims or end of host",
        component_path: r#"ipchar or "/""#,
        component_query: r#"ipchar, iprivate, "/" or "?""#,
        component_fragment: r#"ipchar, "/" or "?""#,
    };
}
