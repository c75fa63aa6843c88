//! From a failed parse to an error that says what is wrong and where.
//!
//! The offset comes from the grammar: pest reports the furthest byte at
//! which a rule failed, which is where the longest valid prefix of the
//! input ends. To say *what* is wrong there, the diagnosis parses that
//! prefix again with the same grammar and looks at the component it ends
//! in. Only when the failure is inside an IP literal, a scheme or a
//! userinfo does it look closer, by running the grammar's rule for it
//! there.
//!
//! The parses it runs come from [`Parsers`], of which there are two: the
//! compiled parsers ([`Compiled`]: the diagnostic variant for the furthest
//! byte, the fast one for the rest), which the crate runs, and
//! pest_derive's ([`Derived`]), which `parse_with` runs for users'
//! grammars and the tests compare the compiled ones with. The diagnosis is
//! the same code for both.
//!
//! Everything here runs only after a parse failed; a successful parse never
//! pays for it.

use alloc::borrow::Cow;
use core::marker::PhantomData;

use pest::error::{ErrorVariant, InputLocation};

use crate::bounds::{Bounds, HostKind};
use crate::chars;
use crate::compiled::runtime::{Attempts, Tree};
pub(crate) use crate::compiled::Entries as Compiled;
use crate::component::Component;
use crate::error::{ErrorKind, ParseError};
use crate::grammar::{RfcRule, UriRule};
use crate::lower::{self, lower, lower_tiled, pest_nodes, Held, Kept, Node};
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
    #[inline(always)]
    fn of(bounds: &Bounds, prefix: &str, rest: &str) -> Context {
        if bounds.fragment_start().is_some() {
            return Context::Fragment;
        }
        if bounds.query().is_some() {
            return Context::Query;
        }
        let path = bounds.path();
        if !path.is_empty() {
            let relative = bounds.scheme().is_none() && !bounds.has_authority();
            return if relative && !prefix[path].contains('/') {
                Context::FirstSegment
            } else {
                Context::Path
            };
        }
        let Some(host) = bounds.host() else {
            return if bounds.scheme().is_some() {
                Context::Path
            } else {
                Context::Start
            };
        };
        // The grammar reads userinfo only when an "@" ends it, so a bad
        // character before a later "@" in the authority belongs to the
        // userinfo. Only a host that is a registered name or IPv4 address
        // could have been the start of one: an IP literal's brackets are
        // not userinfo characters, so an "@" after one cannot make it one.
        let named = matches!(bounds.host_kind(), HostKind::RegName | HostKind::Ipv4);
        let userinfo_ahead = named && bounds.userinfo().is_none() && at_ahead(rest);
        if bounds.port().is_some() {
            // `user:pass` before an "@" reads as far as `user:` as a host
            // and an empty port: it is userinfo all the same.
            return if userinfo_ahead {
                Context::Userinfo
            } else {
                Context::Port
            };
        }
        if userinfo_ahead {
            return Context::Userinfo;
        }
        match bounds.host_kind() {
            _ if host.is_empty() => Context::HostStart,
            HostKind::Ipv6 | HostKind::IpvFuture => Context::AfterIpLiteral,
            HostKind::Ipv4 | HostKind::RegName => Context::RegName,
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

/// Whether an "@" follows the character that `rest` starts with (however
/// many bytes it takes) before the authority ends (at "/", "?", "#", or
/// that character if it is one of them). ASCII delimiters never occur
/// inside a multi-byte character, so the bytes tell.
fn at_ahead(rest: &str) -> bool {
    let bytes = rest.as_bytes();
    let Some(&first) = bytes.first() else {
        return false;
    };
    if matches!(first, b'/' | b'?' | b'#') {
        return false;
    }
    let after = rest.chars().next().map_or(1, char::len_utf8);
    // One load and one test a byte, where four comparisons would each be a
    // branch to predict.
    let first_of = bytes[after..]
        .iter()
        .find(|&&b| ENDS_AUTHORITY[usize::from(b)]);
    first_of == Some(&b'@')
}

/// The bytes [`at_ahead`] looks for: "/", "?", "#" and "@".
static ENDS_AUTHORITY: [bool; 256] = {
    let mut table = [false; 256];
    table[b'/' as usize] = true;
    table[b'?' as usize] = true;
    table[b'#' as usize] = true;
    table[b'@' as usize] = true;
    table
};

/// The parses a diagnosis runs, with a grammar's parsers.
pub(crate) trait Parsers<R: UriRule> {
    /// The record of a failed parse.
    type Failure: Failure<R>;

    /// What pest records for the error of a failed parse of `input` from
    /// `entry`: the furthest byte at which a rule failed, and the rules
    /// tried there, given to `f`.
    fn failure<T>(&self, entry: R, input: &str, f: impl FnOnce(&Self::Failure) -> T) -> T;

    /// What a diagnosis that names no rule reads of the record of a failed
    /// parse of `input` from `entry`: the furthest byte at which a rule
    /// failed, and the bounds of the input up to it, from what the parse
    /// kept there (`None` where it kept nothing, or that does not lower).
    /// `tiled` is [`diagnose`]'s.
    ///
    /// This is [`failure`](Self::failure)'s position, and its pairs
    /// ([`Failure::prefix`]) lowered; a parser may record less to say the
    /// same ([`Own`]).
    fn furthest(&self, entry: R, tiled: bool, input: &str) -> (usize, Option<Bounds>) {
        self.failure(entry, input, |failure| {
            let offset = failure.pos().min(input.len());
            let kept = failure
                .prefix()
                .and_then(|nodes| lower_kept(tiled, &input[..offset], nodes));
            (offset, kept)
        })
    }

    /// `f` of the pairs of a parse of `input` from `entry`, in preorder;
    /// `None` when the parse fails.
    fn with_nodes<T>(
        &self,
        entry: R,
        input: &str,
        f: impl FnOnce(&mut dyn Iterator<Item = Node<R>>) -> T,
    ) -> Option<T>;

    /// How many bytes at the start of `input` `rule` matches, or `None`
    /// when it fails.
    fn match_len(&self, rule: R, input: &str) -> Option<usize>;

    /// `rule`'s name as the RFCs write it: `addr_spec` is `addr-spec`.
    fn rule_name(&self, rule: R) -> Cow<'static, str>;
}

/// The record of a failed parse: pest's (the furthest byte at which a rule
/// failed, and the rules tried there), and, where the parser kept them, the
/// pairs it held when it first got there.
pub(crate) trait Failure<R> {
    fn pos(&self) -> usize;
    fn positives(&self) -> &[R];
    fn prefix(&self) -> Option<&[Node<R>]>;
}

impl<R: Copy + Ord, const N: usize> Failure<R> for Attempts<R, N> {
    fn pos(&self) -> usize {
        Attempts::pos(self)
    }

    fn positives(&self) -> &[R] {
        Attempts::positives(self)
    }

    fn prefix(&self) -> Option<&[Node<R>]> {
        Attempts::prefix(self)
    }
}

impl<R: UriRule, const N: usize> Parsers<R> for Compiled<R, N> {
    type Failure = Attempts<R, N>;

    fn failure<T>(&self, entry: R, input: &str, f: impl FnOnce(&Attempts<R, N>) -> T) -> T {
        let mut failure = Attempts::new(entry);
        (self.failure)(entry, input, &mut failure);
        f(&failure)
    }

    fn with_nodes<T>(
        &self,
        entry: R,
        input: &str,
        f: impl FnOnce(&mut dyn Iterator<Item = Node<R>>) -> T,
    ) -> Option<T> {
        let mut tree = Tree::new(input, entry);
        (self.run)(entry, &mut tree)?;
        Some(f(&mut tree.nodes()))
    }

    fn match_len(&self, rule: R, input: &str) -> Option<usize> {
        let mut tree = Tree::new(input, rule);
        (self.run)(rule, &mut tree)
    }

    fn rule_name(&self, rule: R) -> Cow<'static, str> {
        Cow::Borrowed((self.rule_name)(rule))
    }
}

/// The compiled parsers of one of the crate's grammars (`uri.pest`, and
/// `uri.pest` + `iri.pest`): [`Compiled`], and the diagnostic variant
/// without pest's lists of rules that records into the lowering's slots
/// ([`Held`]), for the furthest byte and the bounds up to there: what the
/// diagnosis of those grammars reads, from an entry rule that tiles its
/// input (as theirs do unless edited into another shape). A derived
/// grammar's errors name its rules, so its diagnosis runs [`Compiled`]'s
/// variant with the lists.
pub(crate) struct Own<R: 'static, const N: usize> {
    /// The grammar's compiled parsers.
    pub(crate) parsers: Compiled<R, N>,
    /// The diagnostic variant recording into the lowering's slots.
    pub(crate) held: for<'i> fn(R, &'i str, &mut Attempts<R, N, false, Held<'i>>) -> Option<usize>,
    /// The diagnostic variant recording nothing.
    pub(crate) furthest: fn(R, &str, &mut Attempts<R, N, false, ()>) -> Option<usize>,
    /// The fast variant's slots where `EOI` failed furthest, from an entry
    /// rule that tiles its input (what `Uri::parse` hands a diagnosis).
    pub(crate) kept: for<'i> fn(R, &'i str) -> Option<Kept<'i>>,
}

impl<R: UriRule, const N: usize> Own<R, N> {
    /// [`Parsers::furthest`] from `entry`, an entry rule that tiles its
    /// input, where the fast variant's failed parse kept `kept`: the
    /// diagnostic variant runs without recording, for the furthest byte,
    /// and the bounds up to it are the kept slots' where `EOI` failed
    /// there. With `verify-compiled`, compared with the full pairs'
    /// lowering.
    ///
    /// # Panics
    ///
    /// With `verify-compiled`, when the two differ.
    #[inline(always)]
    pub(crate) fn furthest_kept(
        &self,
        entry: R,
        input: &str,
        kept: Option<&Kept<'_>>,
    ) -> (usize, Option<Bounds>) {
        let mut record = Attempts::new(entry);
        (self.furthest)(entry, input, &mut record);
        let pos = record.pos();
        let bounds = kept.filter(|kept| kept.pos() == pos).and_then(Kept::bounds);
        self.checked(entry, input, (pos.min(input.len()), bounds))
    }

    /// `found`, what a route through the slots gives for a rejection of
    /// `input` from `entry`, an entry rule that tiles its input: with
    /// `verify-compiled`, compared with the full pairs' lowering.
    ///
    /// # Panics
    ///
    /// With `verify-compiled`, when the two differ.
    #[inline(always)]
    fn checked(
        &self,
        entry: R,
        input: &str,
        found: (usize, Option<Bounds>),
    ) -> (usize, Option<Bounds>) {
        #[cfg(feature = "verify-compiled")]
        {
            let (full_offset, full) = self.parsers.furthest(entry, true, input);
            assert!(
                (full_offset, full.as_ref()) == (found.0, found.1.as_ref()),
                "the slots kept for {input:?} lower otherwise than the full pairs"
            );
        }
        #[cfg(not(feature = "verify-compiled"))]
        let _ = (entry, input);
        found
    }
}

impl<R: UriRule, const N: usize> Parsers<R> for Own<R, N> {
    type Failure = Attempts<R, N>;

    fn failure<T>(&self, entry: R, input: &str, f: impl FnOnce(&Attempts<R, N>) -> T) -> T {
        self.parsers.failure(entry, input, f)
    }

    /// [`Parsers::furthest`], from the slots: with `verify-compiled`,
    /// compared with the full pairs' lowering.
    ///
    /// # Panics
    ///
    /// With `verify-compiled`, when the two differ.
    #[inline(always)]
    fn furthest(&self, entry: R, tiled: bool, input: &str) -> (usize, Option<Bounds>) {
        // The slots record an entry rule that tiles its input ([`Held`]);
        // a grammar edited into another shape keeps the full pairs.
        if !tiled {
            return self.parsers.furthest(entry, tiled, input);
        }
        let mut record = Attempts::new(entry);
        (self.held)(entry, input, &mut record);
        let offset = record.pos().min(input.len());
        self.checked(entry, input, (offset, record.kept().and_then(lower::held)))
    }

    fn with_nodes<T>(
        &self,
        entry: R,
        input: &str,
        f: impl FnOnce(&mut dyn Iterator<Item = Node<R>>) -> T,
    ) -> Option<T> {
        self.parsers.with_nodes(entry, input, f)
    }

    fn match_len(&self, rule: R, input: &str) -> Option<usize> {
        self.parsers.match_len(rule, input)
    }

    fn rule_name(&self, rule: R) -> Cow<'static, str> {
        self.parsers.rule_name(rule)
    }
}

/// The pest_derive parser `P` of a grammar.
pub(crate) struct Derived<P>(PhantomData<P>);

impl<P> Derived<P> {
    pub(crate) const PARSERS: Derived<P> = Derived(PhantomData);
}

impl<P: pest::Parser<R>, R: UriRule> Parsers<R> for Derived<P> {
    type Failure = Attempts<R>;

    fn failure<T>(&self, entry: R, input: &str, f: impl FnOnce(&Attempts<R>) -> T) -> T {
        match P::parse(entry, input) {
            Ok(_) => f(&Attempts::new(entry)),
            Err(error) => f(&attempts(&error, entry)),
        }
    }

    fn with_nodes<T>(
        &self,
        entry: R,
        input: &str,
        f: impl FnOnce(&mut dyn Iterator<Item = Node<R>>) -> T,
    ) -> Option<T> {
        let pairs = P::parse(entry, input).ok()?;
        Some(f(&mut pest_nodes(pairs)))
    }

    fn match_len(&self, rule: R, input: &str) -> Option<usize> {
        let pairs = P::parse(rule, input).ok()?;
        Some(pairs.peek().map_or(0, |pair| pair.as_span().end()))
    }

    fn rule_name(&self, rule: R) -> Cow<'static, str> {
        Cow::Owned(pest_rule_name(rule))
    }
}

/// The name of a rule of a pest_derive parser as the RFCs write it: the
/// `Rule` variant's, `_` written `-` (`addr_spec` is `addr-spec`).
fn pest_rule_name<R: core::fmt::Debug>(rule: R) -> alloc::string::String {
    alloc::format!("{rule:?}").replace('_', "-")
}

/// pest's error `error` of a parse of `input`, as a [`ParseError`] of a
/// bounded size ([`ErrorKind::Rule`]): pest's position, and as expected the
/// rules pest tried there, at most [`MAX_RULES`] of them named, or pest's
/// own message cut short.
pub(crate) fn from_pest<R: pest::RuleType>(
    error: &pest::error::Error<R>,
    input: &str,
) -> ParseError {
    /// How many of the rules tried are named; the rest are counted.
    const MAX_RULES: usize = 6;
    /// The longest `expected` text, in bytes.
    const MAX_LEN: usize = 100;
    let offset = match error.location {
        InputLocation::Pos(pos) => pos,
        InputLocation::Span((start, _)) => start,
    }
    .min(input.len());
    let mut expected = alloc::string::String::new();
    match &error.variant {
        ErrorVariant::ParsingError {
            positives,
            negatives,
        } => {
            let (rules, not) = if positives.is_empty() {
                (negatives, "not ")
            } else {
                (positives, "")
            };
            let named = rules.len().min(MAX_RULES);
            for (i, &rule) in rules[..named].iter().enumerate() {
                if i > 0 {
                    expected.push_str(if i + 1 == rules.len() { " or " } else { ", " });
                }
                expected.push_str(not);
                expected.push_str(&pest_rule_name(rule));
            }
            if rules.len() > named {
                let _ = core::fmt::Write::write_fmt(
                    &mut expected,
                    format_args!(" or {} other rules", rules.len() - named),
                );
            }
            if rules.is_empty() {
                expected.push_str("a match of the rule");
            }
        }
        ErrorVariant::CustomError { message } => expected.push_str(message),
    }
    if expected.len() > MAX_LEN {
        let mut end = MAX_LEN - 3;
        while !expected.is_char_boundary(end) {
            end -= 1;
        }
        expected.truncate(end);
        expected.push_str("...");
    }
    ParseError::new(ErrorKind::Rule, input, offset, expected)
}

/// pest's error, as the diagnostic variant records it. The furthest byte a
/// token reached is pest's only where its error detail was on
/// (`pest::set_error_detail`); otherwise it is taken to be the furthest
/// position at which a rule failed.
pub(crate) fn attempts<R: pest::RuleType>(error: &pest::error::Error<R>, filler: R) -> Attempts<R> {
    let pos = match error.location {
        InputLocation::Pos(pos) => pos,
        InputLocation::Span((start, _)) => start,
    };
    let far = error.parse_attempts().map(|attempts| attempts.max_position);
    match &error.variant {
        ErrorVariant::ParsingError {
            positives,
            negatives,
        } => Attempts::from_parts(filler, pos, far, positives, negatives),
        ErrorVariant::CustomError { .. } => Attempts::from_parts(filler, pos, far, &[], &[]),
    }
}

/// Why `input`, which `parsers` reject from `entry` of a grammar of
/// `syntax`, is not a URI reference. `tiled` says that every tree of
/// `entry` tiles its input ([`tiles`](crate::lower::tiles)).
pub(crate) fn diagnose<R, B>(
    parsers: &B,
    syntax: &Syntax,
    entry: R,
    tiled: bool,
    input: &str,
) -> ParseError
where
    R: UriRule,
    B: Parsers<R>,
{
    // The furthest byte, and the bounds of the input up to it: from what
    // the diagnostic parse held when it found no end of input there (its
    // pairs, or the lowering's slots).
    explain(
        parsers,
        syntax,
        entry,
        input,
        parsers.furthest(entry, tiled, input),
    )
}

/// [`diagnose`] for the crate's grammars, where the fast variant's failed
/// parse kept `kept` ([`Own::furthest_kept`]): from an entry rule that
/// tiles its input, the diagnostic parse records nothing.
#[inline(always)]
pub(crate) fn diagnose_kept<R: UriRule, const N: usize>(
    own: &Own<R, N>,
    syntax: &Syntax,
    entry: R,
    tiled: bool,
    input: &str,
    kept: Option<&Kept<'_>>,
) -> ParseError {
    let furthest = if tiled {
        own.furthest_kept(entry, input, kept)
    } else {
        own.furthest(entry, tiled, input)
    };
    explain(own, syntax, entry, input, furthest)
}

/// [`diagnose`] from the furthest byte and, where the diagnostic parse
/// kept them, the bounds of the input up to it; where it kept nothing, from
/// a parse of a prefix ([`reparse`]).
#[inline(always)]
fn explain<R, B>(
    parsers: &B,
    syntax: &Syntax,
    entry: R,
    input: &str,
    (offset, kept): (usize, Option<Bounds>),
) -> ParseError
where
    R: UriRule,
    B: Parsers<R>,
{
    let (mut offset, bounds) = match kept {
        Some(bounds) => (offset, Some(bounds)),
        None => match reparse(parsers, entry, input, offset) {
            Ok(found) => found,
            Err(earlier) => return earlier,
        },
    };
    let context = match bounds {
        Some(bounds) => {
            let (prefix, rest) = input.split_at(offset);
            let context = Context::of(&bounds, prefix, rest);
            // The furthest byte pest reports can be short of where the
            // userinfo fails, when part of it also reads as a host and
            // port (`user:pa\ss@`): the userinfo rule says where it ends.
            if let (Context::Userinfo, Some(authority)) = (context, bounds.authority()) {
                let start = authority.start;
                if let Some(len) = match_len(parsers, RfcRule::Userinfo, &input[start..]) {
                    offset = offset.max(start + len);
                }
            }
            context
        }
        // A derived grammar whose entry rule does not accept prefixes (a
        // scheme-specific lookahead, say): no component to name.
        None => Context::Start,
    };
    let rest = &input[offset..];

    let Some(found) = rest.chars().next() else {
        let (kind, expected) = context.error(syntax.expected);
        return ParseError::new(kind, input, offset, expected);
    };
    match (context, found) {
        (_, '%') if !is_pct_encoded(rest) => ParseError::with_found(
            ErrorKind::PercentEncoding,
            input,
            offset,
            Cow::Borrowed(expected::PCT_ENCODED),
            Some('%'),
        ),
        (Context::Start | Context::FirstSegment, ':') => scheme(parsers, syntax, input),
        (Context::HostStart, '[') => ip_literal(parsers, syntax, input, offset + 1),
        (context, _) => {
            let (kind, expected) = context.error(syntax.expected);
            error_found(syntax, kind, input, offset, expected, found)
        }
    }
}

/// Where the diagnostic parse of `input` kept nothing at `offset`, its
/// furthest byte, or nothing that makes a reference (inside an IP literal):
/// the offset, and the bounds of the input up to it from a parse of that
/// prefix (`None` where the prefix does not parse); or the error of that
/// prefix when it has one of its own (a port out of range), the first
/// error in the input.
#[cold]
#[inline(never)]
fn reparse<R: UriRule>(
    parsers: &impl Parsers<R>,
    entry: R,
    input: &str,
    mut offset: usize,
) -> Result<(usize, Option<Bounds>), ParseError> {
    let lower_prefix = |offset: usize| {
        let prefix = &input[..offset];
        parsers.with_nodes(entry, prefix, |nodes| lower(prefix, nodes))
    };
    let mut parsed = lower_prefix(offset);
    // Inside an IP literal the grammar's IPv6address and IPvFuture rules fail
    // right after the "[", where no valid prefix ends; the literal as a
    // whole is what failed, at its "[".
    if parsed.is_none() && input[..offset].ends_with('[') {
        offset -= 1;
        parsed = lower_prefix(offset);
    }
    match parsed {
        Some(Ok(bounds)) => Ok((offset, Some(bounds))),
        Some(Err(earlier)) if earlier.kind() != ErrorKind::Grammar => {
            Err(earlier.with_input(input))
        }
        Some(Err(_)) | None => Ok((offset, None)),
    }
}

/// The bounds of `prefix` from `nodes`, the pairs a diagnostic parse held
/// when it found no end of input at the end of `prefix` (the rules not
/// finished yet end there): the tree that the parse's entry rule derives
/// of `prefix`. `None` where they do not lower.
///
/// Where every tree of that rule tiles its input (`tiled`, from
/// [`tiles`](crate::lower::tiles)), the lowering skips the checks of the
/// tree's shape, as a parse does. With `verify-compiled`, it is compared
/// with the lowering that checks.
///
/// # Panics
///
/// With `verify-compiled`, when the two lowerings differ.
fn lower_kept<R: UriRule>(tiled: bool, prefix: &str, nodes: &[Node<R>]) -> Option<Bounds> {
    let offset = prefix.len();
    let closed = nodes.iter().map(|&node| Node {
        end: node.end.min(offset),
        ..node
    });
    if !tiled {
        return lower(prefix, closed).ok();
    }
    let bounds = lower_tiled::<R, true>(prefix, closed.clone());
    #[cfg(feature = "verify-compiled")]
    assert!(
        bounds == lower(prefix, closed),
        "the kept pairs of {prefix:?} lower otherwise without the checks of their shape"
    );
    bounds.ok()
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
    match input[offset..].chars().next() {
        Some(found) => error_found(syntax, kind, input, offset, expected, found),
        None => ParseError::new(kind, input, offset, expected),
    }
}

/// [`error`], where the character at `offset` is `found`.
fn error_found(
    syntax: &Syntax,
    kind: ErrorKind,
    input: &str,
    offset: usize,
    expected: &'static str,
    found: char,
) -> ParseError {
    let kind = if syntax.chars.contains(found) {
        kind
    } else {
        ErrorKind::InvalidCharacter
    };
    ParseError::with_found(kind, input, offset, Cow::Borrowed(expected), Some(found))
}

/// A relative reference cannot have `:` in its first segment, so an input
/// whose first segment does was meant as a URI: its scheme is what is
/// wrong, at the first character the grammar's `scheme` rule does not take.
fn scheme<R: UriRule>(parsers: &impl Parsers<R>, syntax: &Syntax, input: &str) -> ParseError {
    match match_len(parsers, RfcRule::Scheme, input) {
        Some(len) if input[len..].starts_with(':') => {
            // The scheme is fine; only a grammar that is not the RFC's gets here.
            error(syntax, ErrorKind::Path, input, len, syntax.expected.path)
        }
        Some(len) => error(syntax, ErrorKind::Scheme, input, len, expected::SCHEME),
        None => error(syntax, ErrorKind::Scheme, input, 0, expected::SCHEME_START),
    }
}

/// Why `input`, which the grammar's `URI` rule (`IRI`, for IRIs) rejected,
/// is not a reference with a scheme: the error of its parse as a reference
/// from `entry` when it is not one either (the first error in it), or, for
/// a relative reference, the byte where a scheme stops being possible.
/// `tiled` is [`diagnose`]'s.
pub(crate) fn not_absolute<R: UriRule>(
    parsers: &impl Parsers<R>,
    syntax: &Syntax,
    entry: R,
    tiled: bool,
    input: &str,
) -> ParseError {
    match parsers.with_nodes(entry, input, |nodes| lower(input, nodes)) {
        None => diagnose(parsers, syntax, entry, tiled, input),
        Some(Err(error)) => error,
        Some(Ok(_)) => scheme(parsers, syntax, input),
    }
}

/// An IP literal that the grammar rejected; `start` is the byte after `[`.
fn ip_literal<R: UriRule>(
    parsers: &impl Parsers<R>,
    syntax: &Syntax,
    input: &str,
    start: usize,
) -> ParseError {
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
        if let Some(len) = match_len(parsers, RfcRule::IpvFuture, literal) {
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

    match match_len(parsers, RfcRule::Ipv6Address, literal) {
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
fn match_len<R: UriRule>(parsers: &impl Parsers<R>, rule: RfcRule, input: &str) -> Option<usize> {
    let end = parsers.match_len(R::from_rfc_rule(rule)?, input)?;
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

#[cfg(test)]
mod tests {
    use pest::error::{Error, ErrorVariant};
    use pest::Position;

    use super::from_pest;
    use crate::grammar::Rule;

    /// pest's error with `positives` at byte `at` of `input`.
    fn pest_error(positives: alloc::vec::Vec<Rule>, input: &str, at: usize) -> Error<Rule> {
        let variant = ErrorVariant::ParsingError {
            positives,
            negatives: alloc::vec![],
        };
        Error::new_from_pos(variant, Position::new(input, at).unwrap())
    }

    #[test]
    fn from_pest_names_six_rules_and_counts_the_rest() {
        let rules = alloc::vec![
            Rule::scheme,
            Rule::userinfo,
            Rule::host,
            Rule::port,
            Rule::path_abempty,
            Rule::query,
            Rule::fragment,
            Rule::IPv4address,
        ];
        let error = from_pest(&pest_error(rules, "ab cd", 2), "ab cd");
        assert_eq!(
            alloc::string::ToString::to_string(&error),
            "no match for the rule at byte 2: expected scheme, userinfo, host, port, \
             path-abempty, query or 2 other rules, found ' '"
        );
        let error = from_pest(&pest_error(alloc::vec![Rule::host, Rule::port], "", 0), "");
        assert_eq!(error.expected(), "host or port");
    }

    #[test]
    fn from_pest_cuts_a_long_message_short() {
        let message = "\u{e9}".repeat(100);
        let variant = ErrorVariant::<Rule>::CustomError { message };
        let error = Error::new_from_pos(variant, Position::new("x", 1).unwrap());
        let error = from_pest(&error, "x");
        assert_eq!(error.expected().len(), 99);
        assert!(error.expected().ends_with("\u{e9}..."));
        assert_eq!(error.found(), None);
    }
}
