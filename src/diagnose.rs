//! From a failed parse to an error that says what is wrong and where.
//!
//! The offset comes from the grammar: pest reports the furthest byte its
//! rules reached, which is where the longest valid prefix of the input ends.
//! To say *what* is wrong there, the diagnosis parses that prefix again with
//! the same grammar and looks at the component it ends in. Only when the
//! failure is inside an IP literal does it look closer, by running the
//! grammar's `IPv6address` or `IPvFuture` rule on the literal.
//!
//! Everything here runs only after a parse failed; a successful parse never
//! pays for it.

use pest::error::InputLocation;
use pest::Parser;

use crate::builder::Component;
use crate::chars;
use crate::error::{ErrorKind, ParseError};
use crate::grammar::{RfcRule, UriRule};
use crate::lower::{lower, pest_nodes};
use crate::parts::{HostParts, Parts};
use crate::percent;
use crate::syntax::Syntax;

/// What may follow each kind of prefix, in the RFC's terms, where both
/// grammars say the same.
mod expected {
    pub const START: &str = r##"scheme, path, "?", "#" or end of input"##;
    pub const AFTER_IP_LITERAL: &str = r##"":" port, "/", "?", "#" or end of input"##;
    pub const PORT: &str = r##"DIGIT, "/", "?", "#" or end of input"##;
    pub const PCT_ENCODED: &str = r##""%" HEXDIG HEXDIG"##;
    pub const SCHEME_START: &str = "ALPHA";
    pub const SCHEME: &str = r##"ALPHA, DIGIT, "+", "-", "." or ":""##;
    pub const CLOSE_BRACKET: &str = r##""]""##;
    pub const IP_LITERAL: &str = "IPv6address or IPvFuture";
    pub const IPV6: &str = "IPv6address";
    pub const IPVFUTURE_VERSION: &str = "HEXDIG";
    pub const IPVFUTURE_DOT: &str = r##"HEXDIG or ".""##;
    pub const IPVFUTURE_ADDRESS: &str = r##"unreserved, sub-delims or ":""##;
    pub const IPVFUTURE_MORE: &str = r##"unreserved, sub-delims, ":" or "]""##;
}

/// What may follow each kind of prefix where the grammars differ, in each
/// grammar's rule names (RFC 3987 puts an "i" before the rules it extends).
pub(crate) struct Expected {
    path: &'static str,
    query: &'static str,
    fragment: &'static str,
    host_start: &'static str,
    reg_name: &'static str,
    userinfo: &'static str,
    /// What a component given to the builder may hold.
    component_userinfo: &'static str,
    component_host: &'static str,
    component_path: &'static str,
    component_query: &'static str,
    component_fragment: &'static str,
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
        component_host: "unreserved, pct-encoded or sub-delims, or an IP address",
        component_path: r#"pchar or "/""#,
        component_query: r#"pchar, "/" or "?""#,
        component_fragment: r#"pchar, "/" or "?""#,
    };

    /// `iri.pest`'s.
    pub(crate) const IRI: Expected = Expected {
        path: r##"ipchar, "/", "?", "#" or end of input"##,
        query: r##"ipchar, iprivate, "/", "?", "#" or end of input"##,
        fragment: r##"ipchar, "/", "?" or end of input"##,
        host_start: r##"iuserinfo, ihost, "/", "?", "#" or end of input"##,
        reg_name: r##"ireg-name character, ":" port, "/", "?", "#" or end of input"##,
        userinfo: r##"iuserinfo character or "@""##,
        component_userinfo: r#"iunreserved, pct-encoded, sub-delims or ":""#,
        component_host: "iunreserved, pct-encoded or sub-delims, or an IP address",
        component_path: r#"ipchar or "/""#,
        component_query: r#"ipchar, iprivate, "/" or "?""#,
        component_fragment: r#"ipchar, "/" or "?""#,
    };
}

/// The component a valid prefix of the input ends in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Context {
    /// Nothing parsed yet.
    Start,
    /// The first segment of a relative reference: a `:` here means the
    /// input was meant as a URI with a scheme.
    FirstSegment,
    Path,
    Query,
    Fragment,
    /// Right after `//`: the host is empty so far.
    HostStart,
    /// A registered name or IPv4 address, which more host characters would
    /// extend.
    RegName,
    /// A closed IP literal.
    AfterIpLiteral,
    /// What was read as a host, but the authority has an `@` further on.
    Userinfo,
    Port,
}

impl Context {
    fn of(parts: &Parts, prefix: &str, rest: &str) -> Context {
        if parts.fragment.is_some() {
            return Context::Fragment;
        }
        if parts.query.is_some() {
            return Context::Query;
        }
        if !parts.path.is_empty() {
            let relative = parts.scheme.is_none() && parts.authority.is_none();
            return if relative && !prefix[parts.path.clone()].contains('/') {
                Context::FirstSegment
            } else {
                Context::Path
            };
        }
        let Some(authority) = &parts.authority else {
            return if parts.scheme.is_some() {
                Context::Path
            } else {
                Context::Start
            };
        };
        // The grammar reads userinfo only when an "@" ends it, so a bad
        // character before a later "@" belongs to the userinfo.
        let authority_rest = rest.split(['/', '?', '#']).next().unwrap_or("");
        let userinfo_ahead = authority.userinfo.is_none() && {
            // After the character at fault, however many bytes it takes.
            let mut after = authority_rest.chars();
            after.next();
            after.as_str().contains('@')
        };
        if authority.port_span.is_some() {
            // `user:pass` before an "@" reads as far as `user:` as a host
            // and an empty port: it is userinfo all the same.
            let named = matches!(authority.host, HostParts::RegName(_) | HostParts::Ipv4(_));
            return if userinfo_ahead && named {
                Context::Userinfo
            } else {
                Context::Port
            };
        }
        if userinfo_ahead {
            return Context::Userinfo;
        }
        match authority.host {
            _ if authority.host_span.is_empty() => Context::HostStart,
            HostParts::Ipv6(_) | HostParts::IpvFuture { .. } => Context::AfterIpLiteral,
            HostParts::Ipv4(_) | HostParts::RegName(_) => Context::RegName,
        }
    }

    /// The kind of error for a misplaced URI character here, and what
    /// could have come instead.
    fn error(self, expected: &Expected) -> (ErrorKind, &'static str) {
        match self {
            Context::Start => (ErrorKind::Path, expected::START),
            Context::FirstSegment | Context::Path => (ErrorKind::Path, expected.path),
            Context::Query => (ErrorKind::Query, expected.query),
            Context::Fragment => (ErrorKind::Fragment, expected.fragment),
            Context::HostStart => (ErrorKind::Host, expected.host_start),
            Context::RegName => (ErrorKind::Host, expected.reg_name),
            Context::AfterIpLiteral => (ErrorKind::Host, expected::AFTER_IP_LITERAL),
            Context::Userinfo => (ErrorKind::Userinfo, expected.userinfo),
            Context::Port => (ErrorKind::Port, expected::PORT),
        }
    }
}

/// Turns pest's error for `input`, parsed from `entry` of a grammar of
/// `syntax`, into a [`ParseError`].
pub(crate) fn diagnose<P, R>(
    syntax: &Syntax,
    entry: R,
    input: &str,
    failure: &pest::error::Error<R>,
) -> ParseError
where
    P: Parser<R>,
    R: UriRule,
{
    let mut offset = failure_offset(failure, input);
    let mut parsed = P::parse(entry, &input[..offset]);
    // Inside an IP literal the grammar's IPv6address and IPvFuture rules fail
    // right after the "[", where no valid prefix ends; the literal as a
    // whole is what failed, at its "[".
    if parsed.is_err() && input[..offset].ends_with('[') {
        offset -= 1;
        parsed = P::parse(entry, &input[..offset]);
    }
    let (prefix, rest) = input.split_at(offset);

    let context = match parsed.map(|pairs| lower(prefix, pest_nodes(pairs))) {
        Ok(Ok(parts)) => {
            let context = Context::of(&parts, prefix, rest);
            // The furthest byte pest reports can be short of where the
            // userinfo fails, when part of it also reads as a host and
            // port (`user:pa\ss@`): the userinfo rule says where it ends.
            if let (Context::Userinfo, Some(authority)) = (context, &parts.authority) {
                let start = authority.span.start;
                if let Some(len) = match_len::<P, R>(RfcRule::Userinfo, &input[start..]) {
                    offset = offset.max(start + len);
                }
            }
            context
        }
        // The prefix has an error of its own, earlier (a port out of range):
        // that is the first error in the input.
        Ok(Err(earlier)) if earlier.kind() != ErrorKind::Grammar => {
            return earlier.with_input(input);
        }
        // A derived grammar whose entry rule does not accept prefixes (a
        // scheme-specific lookahead, say): no component to name.
        Ok(Err(_)) | Err(_) => Context::Start,
    };
    let rest = &input[offset..];

    let Some(found) = rest.chars().next() else {
        let (kind, expected) = context.error(syntax.expected);
        return ParseError::new(kind, input, offset, expected);
    };
    match (context, found) {
        (_, '%') if !is_pct_encoded(rest) => ParseError::new(
            ErrorKind::PercentEncoding,
            input,
            offset,
            expected::PCT_ENCODED,
        ),
        (Context::Start | Context::FirstSegment, ':') => scheme::<P, R>(syntax, input),
        (Context::HostStart, '[') => ip_literal::<P, R>(syntax, input, offset + 1),
        (context, _) => {
            let (kind, expected) = context.error(syntax.expected);
            error(syntax, kind, input, offset, expected)
        }
    }
}

/// The byte where pest's parser stopped: the furthest a rule reached, at
/// most the end of `input`.
pub(crate) fn failure_offset<R: pest::RuleType>(
    failure: &pest::error::Error<R>,
    input: &str,
) -> usize {
    let offset = match failure.location {
        InputLocation::Pos(pos) => pos,
        InputLocation::Span((start, _)) => start,
    };
    offset.min(input.len())
}

/// An error of `kind` at `offset`, unless the character there belongs to
/// no part of a reference of `syntax`: that is
/// [`ErrorKind::InvalidCharacter`] wherever it stands.
fn error(
    syntax: &Syntax,
    kind: ErrorKind,
    input: &str,
    offset: usize,
    expected: &'static str,
) -> ParseError {
    let stray = input[offset..]
        .chars()
        .next()
        .is_some_and(|c| !syntax.chars.contains(c));
    let kind = if stray {
        ErrorKind::InvalidCharacter
    } else {
        kind
    };
    ParseError::new(kind, input, offset, expected)
}

/// A relative reference cannot have `:` in its first segment, so an input
/// whose first segment does was meant as a URI: its scheme is what is
/// wrong, at the first character the grammar's `scheme` rule does not take.
fn scheme<P: Parser<R>, R: UriRule>(syntax: &Syntax, input: &str) -> ParseError {
    match match_len::<P, R>(RfcRule::Scheme, input) {
        Some(len) if input[len..].starts_with(':') => {
            // The scheme is fine; only a grammar that is not the RFC's gets here.
            error(syntax, ErrorKind::Path, input, len, syntax.expected.path)
        }
        Some(len) => error(syntax, ErrorKind::Scheme, input, len, expected::SCHEME),
        None => error(syntax, ErrorKind::Scheme, input, 0, expected::SCHEME_START),
    }
}

/// Why `input`, which the grammar's `URI` rule rejected, is not a URI with
/// a scheme: the error of its parse as a URI reference when it is not one
/// either (the first error in it), or, for a relative reference, the byte
/// where a scheme stops being possible.
pub(crate) fn not_a_uri(input: &str) -> ParseError {
    use crate::grammar::{Rule, UriParser};
    match crate::uri::Uri::parse(input) {
        Err(error) => error,
        Ok(_) => scheme::<UriParser, Rule>(&crate::syntax::URI, input),
    }
}

/// An IP literal that the grammar rejected; `start` is the byte after `[`.
fn ip_literal<P: Parser<R>, R: UriRule>(syntax: &Syntax, input: &str, start: usize) -> ParseError {
    let literal = &input[start..];
    let unclosed_or =
        |after: usize, kind: ErrorKind, expected: &'static str| match input[after..].chars().next()
        {
            None | Some('/' | '?' | '#') => error(
                syntax,
                ErrorKind::IpLiteral,
                input,
                after,
                expected::CLOSE_BRACKET,
            ),
            Some(_) => error(syntax, kind, input, after, expected),
        };

    if literal.starts_with(['v', 'V']) {
        if let Some(len) = match_len::<P, R>(RfcRule::IpvFuture, literal) {
            return unclosed_or(start + len, ErrorKind::IpvFuture, expected::IPVFUTURE_MORE);
        }
        // IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ):
        // the rule failed, so one of its three parts is missing.
        let version = literal[1..]
            .bytes()
            .take_while(|&b| chars::HEXDIG.has_byte(b))
            .count();
        let (at, expected) = if version == 0 {
            (start + 1, expected::IPVFUTURE_VERSION)
        } else if literal.as_bytes().get(1 + version) != Some(&b'.') {
            (start + 1 + version, expected::IPVFUTURE_DOT)
        } else {
            (start + 2 + version, expected::IPVFUTURE_ADDRESS)
        };
        return error(syntax, ErrorKind::IpvFuture, input, at, expected);
    }

    match match_len::<P, R>(RfcRule::Ipv6Address, literal) {
        Some(len) => unclosed_or(start + len, ErrorKind::Ipv6Address, expected::CLOSE_BRACKET),
        // Nothing between "[" and "]", or nothing before the authority ends.
        None if literal.is_empty() || literal.starts_with([']', '/', '?', '#']) => error(
            syntax,
            ErrorKind::IpLiteral,
            input,
            start,
            expected::IP_LITERAL,
        ),
        None => error(syntax, ErrorKind::Ipv6Address, input, start, expected::IPV6),
    }
}

/// How many bytes at the start of `input` the grammar's `rule` matches, or
/// `None` when it matches nothing.
fn match_len<P: Parser<R>, R: UriRule>(rule: RfcRule, input: &str) -> Option<usize> {
    let pairs = P::parse(R::from_rfc_rule(rule)?, input).ok()?;
    let end = pairs.peek()?.as_span().end();
    (end > 0).then_some(end)
}

/// Whether `s` starts with `pct-encoded = "%" HEXDIG HEXDIG`.
fn is_pct_encoded(s: &str) -> bool {
    percent::octet_at(s.as_bytes(), 0).is_some()
}

/// Checks that the rule of `syntax`'s grammar for `component` (`rule`)
/// matches all of `text`, the text given for it (the builder's and
/// setters' check), with the compiled parser, which gives where the match
/// ends; past it is the error.
pub(crate) fn component(
    syntax: &Syntax,
    component: Component,
    rule: RfcRule,
    text: &str,
) -> Result<(), ParseError> {
    // `None` when the rule cannot match even the empty string there (a
    // scheme needs a letter).
    let matched = (syntax.matches)(rule, text);
    if matched == Some(text.len()) {
        return Ok(());
    }
    let matched = matched.unwrap_or(0);
    let expected = syntax.expected;
    let (kind, expected) = match component {
        Component::Scheme if matched == 0 => (ErrorKind::Scheme, expected::SCHEME_START),
        Component::Scheme => (ErrorKind::Scheme, r#"ALPHA, DIGIT, "+", "-" or ".""#),
        Component::Userinfo => (ErrorKind::Userinfo, expected.component_userinfo),
        Component::Host => (ErrorKind::Host, expected.component_host),
        Component::Port => (ErrorKind::Port, "DIGIT"),
        Component::Path => (ErrorKind::Path, expected.component_path),
        Component::PathSegment => (ErrorKind::Path, "pchar"),
        Component::Query => (ErrorKind::Query, expected.component_query),
        Component::QueryPair => (
            ErrorKind::Query,
            r#"pchar, "/" or "?", but not "&", "=" or "+""#,
        ),
        Component::Fragment => (ErrorKind::Fragment, expected.component_fragment),
    };
    let rest = &text[matched..];
    match rest.chars().next() {
        Some('%') if !is_pct_encoded(rest) => Err(ParseError::new(
            ErrorKind::PercentEncoding,
            text,
            matched,
            expected::PCT_ENCODED,
        )),
        _ => Err(error(syntax, kind, text, matched, expected)),
    }
}
