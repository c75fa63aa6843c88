//! From a failed parse to an error that says what is wrong and where.
//!
//! The offset comes from the grammar: pest reports the furthest byte at
//! which a rule failed, which is where the longest valid prefix of the
//! input ends. To say *what* is wrong there, the diagnosis parses that
//! prefix again with the same grammar and looks at the component it ends
//! in. Only when the failure is inside an IP literal, a scheme or a
//! userinfo does it look closer, by running the grammar's rule for it
//! there. A userinfo that never finds its `@` is none: the authority is
//! the host and port the parse read, and the grammar's `IPv6address` and
//! `authority` rules say whether that host is an IPv6 address without its
//! brackets.
//!
//! The parses it runs come from [`Parsers`], of which there are two: the
//! compiled parsers of a grammar ([`CompiledParsers`]: the diagnostic variant for the
//! furthest byte, the fast one for the rest), which the crate runs, and
//! pest_derive's ([`Derived`]), which `parse_with` runs for users' grammars
//! and the tests compare the compiled ones with. The diagnosis is the same
//! code for both.
//!
//! Everything here runs only after a parse failed; a successful parse never
//! pays for it.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::marker::PhantomData;

use pest::error::{ErrorVariant, InputLocation};

use crate::bounds::{Bounds, HostKind};
use crate::chars;
use crate::compiled::runtime::{Attempts, PairBuffer, Token};
use crate::compiled::{self, CompiledGrammar};
use crate::component::Component;
use crate::error::{ErrorKind, ParseError};
use crate::grammar::UriRule;
use crate::lower::{lower, pest_nodes, Kept, Node};
use crate::pest_error::pest_rule_name;
use crate::role::Role;
use crate::syntax::{Expected, Syntax};

/// What may follow each kind of prefix, in the RFC's terms, where both
/// grammars say the same.
mod expected {
    pub const START: &str = r##"scheme, path, "?", "#" or end of input"##;
    pub const AFTER_IP_LITERAL: &str = r##"":" port, "/", "?", "#" or end of input"##;
    pub const PORT: &str = r##"DIGIT, "/", "?", "#" or end of input"##;
    pub const HEXDIG: &str = "HEXDIG";
    pub const SCHEME_START: &str = "ALPHA";
    pub const SCHEME: &str = r##"ALPHA, DIGIT, "+", "-", "." or ":""##;
    pub const SCHEME_BEFORE_COLON: &str =
        r##"a scheme before ":" (ALPHA, then ALPHA, DIGIT, "+", "-" or ".")"##;
    pub const IP_LITERAL: &str = "IPv6address or IPvFuture";
    /// Where an IPv6address stands as a host without its brackets.
    pub const UNBRACKETED_IPV6: &str = r#""[" before an IPv6address"#;
    pub const END_OF_HOST: &str = "end of host";
    pub const IPV6: &str = "IPv6address";
    /// What may come next in an IPv6 address: by the digits that may (none,
    /// every HEXDIG, only a DIGIT), then by which of ":", "." and "]" may
    /// (bits 0, 1 and 2).
    pub const IPV6_NEXT: [[&str; 8]; 3] = [
        [
            IPV6,
            r##"":""##,
            r##"".""##,
            r##"":" or ".""##,
            r##""]""##,
            r##"":" or "]""##,
            r##""." or "]""##,
            r##"":", "." or "]""##,
        ],
        [
            HEXDIG,
            r##"HEXDIG or ":""##,
            r##"HEXDIG or ".""##,
            r##"HEXDIG, ":" or ".""##,
            r##"HEXDIG or "]""##,
            r##"HEXDIG, ":" or "]""##,
            r##"HEXDIG, "." or "]""##,
            r##"HEXDIG, ":", "." or "]""##,
        ],
        [
            "DIGIT",
            r##"DIGIT or ":""##,
            r##"DIGIT or ".""##,
            r##"DIGIT, ":" or ".""##,
            r##"DIGIT or "]""##,
            r##"DIGIT, ":" or "]""##,
            r##"DIGIT, "." or "]""##,
            r##"DIGIT, ":", "." or "]""##,
        ],
    ];
    pub const IPVFUTURE_VERSION: &str = "HEXDIG";
    pub const IPVFUTURE_DOT: &str = r##"HEXDIG or ".""##;
    pub const IPVFUTURE_ADDRESS: &str = r##"unreserved, sub-delims or ":""##;
    pub const IPVFUTURE_MORE: &str = r##"unreserved, sub-delims, ":" or "]""##;
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
    // The first of the four bytes that end the search, looked up in one
    // table ([`ENDS_AUTHORITY`]) rather than compared one by one.
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

/// Where a failed parse got: what a diagnosis that names no rule reads of
/// its record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Furthest {
    /// The furthest byte at which a rule failed (pest's error position).
    pub(crate) pos: usize,
    /// The furthest byte a token reached (pest's error detail): where the
    /// input stops being the start of a match, which the error names.
    pub(crate) far: usize,
    /// The bounds of the input up to `pos`, from what the parse kept
    /// there; `None` where it kept nothing, or nothing that lowers.
    pub(crate) bounds: Option<Bounds>,
}

/// The parses a diagnosis runs, with a grammar's parsers.
pub(crate) trait Parsers<R: UriRule> {
    /// The record of a failed parse.
    type Failure: Failure<R>;

    /// What pest records for the error of a failed parse of `input` from
    /// `entry`: the furthest byte at which a rule failed, and the rules
    /// tried there, given to `f`.
    fn failure<T>(&self, entry: R, input: &str, f: impl FnOnce(&Self::Failure) -> T) -> T;

    /// What a diagnosis that names no rule reads of the record of a failed
    /// parse of `input` from `entry` ([`Furthest`]).
    ///
    /// This is [`failure`](Self::failure)'s positions, and its pairs
    /// ([`Failure::prefix`]) lowered; a parser may record less to say the
    /// same ([`CompiledParsers`]).
    fn furthest(&self, entry: R, input: &str) -> Furthest {
        self.failure(entry, input, |failure| {
            let pos = failure.pos().min(input.len());
            let bounds = failure
                .prefix()
                .and_then(|nodes| lower_kept(&input[..pos], nodes));
            Furthest {
                pos,
                far: failure.far().min(input.len()),
                bounds,
            }
        })
    }

    /// The furthest byte a token reached in a parse of `input` from
    /// `rule`, whether it matched or not: how much of `input` is the start
    /// of a match of `rule`.
    fn reach(&self, rule: R, input: &str) -> usize {
        self.failure(rule, input, |failure| failure.far().min(input.len()))
    }

    /// Which of the ASCII characters `next` take a parse of `text` from
    /// `rule` further: bit `i` where the tokens of a parse of `text`
    /// followed by `next[i]` reach past `text` ([`reach`](Self::reach)),
    /// each found by a parse of its own.
    fn takes(&self, rule: R, text: &str, next: &[u8]) -> usize {
        probed_takes(text, next, |probe| self.reach(rule, probe))
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

    /// What `failure` expected where its tokens got furthest
    /// ([`Failure::far`]).
    fn expected(&self, failure: &Self::Failure) -> Tokens;
}

/// The record of a failed parse: pest's (the furthest byte at which a rule
/// failed, and the rules tried there), and, where the parser kept them, the
/// pairs it held when it first got there.
pub(crate) trait Failure<R> {
    fn pos(&self) -> usize;
    fn far(&self) -> usize;
    fn positives(&self) -> &[R];
    fn prefix(&self) -> Option<&[Node<R>]>;
}

impl<R: Copy + Ord, const LISTS: bool, P: PairBuffer<R>> Failure<R> for Attempts<R, LISTS, P> {
    fn pos(&self) -> usize {
        Attempts::pos(self)
    }

    fn far(&self) -> usize {
        Attempts::far(self)
    }

    fn positives(&self) -> &[R] {
        Attempts::positives(self)
    }

    fn prefix(&self) -> Option<&[Node<R>]> {
        self.kept().map(|pairs| pairs.parts()[0])
    }
}

/// The compiled parsers of the grammar `G`: the diagnostic variant with
/// pest's lists of rules where an error names the grammar's rules (a
/// derived grammar's), and without them, recording nothing, for the
/// furthest byte, where it names none (a reference's).
pub(crate) struct CompiledParsers<G>(PhantomData<G>);

impl<G: CompiledGrammar> CompiledParsers<G> {
    pub(crate) const PARSERS: CompiledParsers<G> = CompiledParsers(PhantomData);

    /// [`Parsers::furthest`] from `entry`, where the fast variant's failed
    /// parse kept `kept`: the diagnostic variant runs without recording,
    /// for the furthest byte, and the bounds up to it are the kept
    /// record's where `EOI` failed there.
    #[inline(always)]
    pub(crate) fn furthest_kept(
        &self,
        entry: G::Rule,
        input: &str,
        kept: Option<&Kept>,
    ) -> Furthest {
        let mut record = Attempts::<G::Rule, false, ()>::new(entry);
        furthest_position::<G>(entry, input, &mut record);
        let pos = record.pos();
        let bounds = kept
            .filter(|kept| kept.pos() == pos)
            .and_then(|kept| kept.bounds(input));
        Furthest {
            pos: pos.min(input.len()),
            far: record.far().min(input.len()),
            bounds,
        }
    }
}

/// The diagnostic variant of `G` recording nothing: the furthest position.
#[inline(never)]
fn furthest_position<G: CompiledGrammar>(
    entry: G::Rule,
    input: &str,
    record: &mut Attempts<G::Rule, false, ()>,
) -> Option<usize> {
    G::failure_with(entry, input, (), record)
}

impl<G: CompiledGrammar> Parsers<G::Rule> for CompiledParsers<G> {
    type Failure = Attempts<G::Rule, true, G::Buffer>;

    fn expected(&self, failure: &Self::Failure) -> Tokens {
        Tokens::of_tokens(G::TOKENS, failure.tokens())
    }

    fn failure<T>(
        &self,
        entry: G::Rule,
        input: &str,
        f: impl FnOnce(&Attempts<G::Rule, true, G::Buffer>) -> T,
    ) -> T {
        f(&compiled::failure::<G>(entry, input).0)
    }

    fn reach(&self, rule: G::Rule, input: &str) -> usize {
        G::reach(rule, input).min(input.len())
    }

    /// [`Parsers::takes`] from one parse of `text` alone, for each
    /// character that `rule` reads only through tokens pest counts (none
    /// of its [`CompiledGrammar::hidden_reads`]).
    ///
    /// A parse of `text` followed by such a character is the parse of
    /// `text` alone up to the first read of the byte after `text` whose
    /// outcome the character changes. That read is a counted token that
    /// takes the character, and so reaches past `text`; in the parse of
    /// `text` alone, it is a token that failed at the end of `text`. So
    /// the character takes `rule` further exactly where one of the tokens
    /// counted failing there takes it. The other characters are probed as
    /// the default does, each by a parse of its own.
    fn takes(&self, rule: G::Rule, text: &str, next: &[u8]) -> usize {
        let probe = |c: u8| reaches_past(text, c, |probe| self.reach(rule, probe));
        let Some(hidden) = G::hidden_reads(rule) else {
            return probed_takes(text, next, |probe| self.reach(rule, probe));
        };
        let mut record = Attempts::<G::Rule, false, ()>::keeping_token_set(rule);
        G::failure_with(rule, text, (), &mut record);
        // No counted token failed at the end of `text`: none read there.
        let set = if record.far() == text.len() {
            record.token_set()
        } else {
            Some(0)
        };
        // Which characters the tokens in the set take; `None` where one
        // of them is a property, or the set does not hold them all.
        let taken = set.and_then(|mut set| {
            let mut chars = 0u128;
            while set != 0 {
                let token = set.trailing_zeros() as usize;
                set &= set - 1;
                match G::TOKENS.get(token)? {
                    Token::Chars(ranges) => {
                        for &(start, end) in *ranges {
                            chars |= ascii_bits(start, end);
                        }
                    }
                    // A string of two or more characters fails at a byte
                    // that ends the input.
                    Token::Str(_) | Token::Insens(_) => {}
                    Token::Property(_) => return None,
                }
            }
            Some(chars)
        });
        next.iter().enumerate().fold(0, |bits, (i, &c)| {
            let took = match taken {
                Some(chars) if c.is_ascii() && !hidden.contains(char::from(c)) => {
                    chars >> c & 1 != 0
                }
                _ => probe(c),
            };
            bits | usize::from(took) << i
        })
    }

    fn with_nodes<T>(
        &self,
        entry: G::Rule,
        input: &str,
        f: impl FnOnce(&mut dyn Iterator<Item = Node<G::Rule>>) -> T,
    ) -> Option<T> {
        let mut tree = compiled::tree::<G>(input);
        compiled::run::<G>(entry, &mut tree)?;
        Some(f(&mut tree.pairs.nodes()))
    }

    fn match_len(&self, rule: G::Rule, input: &str) -> Option<usize> {
        compiled::match_len::<G>(rule, input)
    }

    fn rule_name(&self, rule: G::Rule) -> Cow<'static, str> {
        Cow::Borrowed(G::rule_name(rule))
    }
}

/// A parser with pest's API, as [`PestParsers`] runs it: pest_derive's
/// parser of a grammar ([`ByType`]), or, with the `grammar-literals`
/// feature, the interpreter that checks a literal of a user's grammar at
/// compile time.
pub(crate) trait PestParse<R: pest::RuleType> {
    /// pest's `Parser::parse` of `input` from `rule`.
    fn pest_parse<'i>(
        &self,
        rule: R,
        input: &'i str,
    ) -> Result<pest::iterators::Pairs<'i, R>, pest::error::Error<R>>;
}

/// pest_derive's parser `P`, a type, as a [`PestParse`] value.
pub(crate) struct ByType<P>(PhantomData<P>);

impl<P: pest::Parser<R>, R: pest::RuleType> PestParse<R> for ByType<P> {
    fn pest_parse<'i>(
        &self,
        rule: R,
        input: &'i str,
    ) -> Result<pest::iterators::Pairs<'i, R>, pest::error::Error<R>> {
        P::parse(rule, input)
    }
}

/// The parsers of a grammar that pest's API runs: every parse is a whole
/// parse of the [`PestParse`] `M`, whose error holds what pest records.
pub(crate) struct PestParsers<M>(pub(crate) M);

/// The pest_derive parser `P` of a grammar.
pub(crate) type Derived<P> = PestParsers<ByType<P>>;

impl<P> Derived<P> {
    pub(crate) const PARSERS: Derived<P> = PestParsers(ByType(PhantomData));
}

impl<M: PestParse<R>, R: UriRule> Parsers<R> for PestParsers<M> {
    type Failure = PestFailure<R>;

    fn failure<T>(&self, entry: R, input: &str, f: impl FnOnce(&PestFailure<R>) -> T) -> T {
        match self.0.pest_parse(entry, input) {
            Ok(_) => f(&PestFailure {
                attempts: Attempts::new(entry),
                expected: Tokens::default(),
            }),
            Err(error) => f(&PestFailure {
                attempts: attempts(&error, entry),
                expected: Tokens::of_pest(&error),
            }),
        }
    }

    fn expected(&self, failure: &PestFailure<R>) -> Tokens {
        failure.expected.clone()
    }

    fn with_nodes<T>(
        &self,
        entry: R,
        input: &str,
        f: impl FnOnce(&mut dyn Iterator<Item = Node<R>>) -> T,
    ) -> Option<T> {
        let pairs = self.0.pest_parse(entry, input).ok()?;
        Some(f(&mut pest_nodes(pairs)))
    }

    fn match_len(&self, rule: R, input: &str) -> Option<usize> {
        let pairs = self.0.pest_parse(rule, input).ok()?;
        Some(pairs.peek().map_or(0, |pair| pair.as_span().end()))
    }

    /// [`Parsers::reach`]: where pest's parse failed, the furthest byte
    /// its error detail saw (where that is on: see [`attempts`]); where it
    /// matched, the end of its last pair.
    fn reach(&self, rule: R, input: &str) -> usize {
        match self.0.pest_parse(rule, input) {
            Ok(pairs) => pairs.map(|pair| pair.as_span().end()).max().unwrap_or(0),
            Err(error) => attempts(&error, rule).far().min(input.len()),
        }
    }

    fn rule_name(&self, rule: R) -> Cow<'static, str> {
        Cow::Owned(pest_rule_name(rule))
    }
}

/// pest's error: what the diagnostic variant records, and what was
/// expected where its tokens got furthest.
pub(crate) struct PestFailure<R> {
    attempts: Attempts<R>,
    expected: Tokens,
}

impl<R: Copy + Ord> Failure<R> for PestFailure<R> {
    fn pos(&self) -> usize {
        self.attempts.pos()
    }

    fn far(&self) -> usize {
        self.attempts.far()
    }

    fn positives(&self) -> &[R] {
        self.attempts.positives()
    }

    fn prefix(&self) -> Option<&[Node<R>]> {
        None
    }
}

/// What a failed parse expected where its tokens got furthest, as one
/// set: what pest's error detail lists there (`expected_tokens`), with
/// the characters of its one-character tokens as one set (the compiled
/// parser merges the character classes that pest tries one by one).
///
/// A compiled grammar's tokens are static: read from them, the set
/// allocates only for characters above ASCII.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tokens {
    /// The characters below 0x80, by bit.
    ascii: u128,
    /// The characters above, as sorted, disjoint, non-adjacent inclusive
    /// ranges.
    high: Vec<(char, char)>,
    /// Strings of two or more characters, sorted, each once.
    strings: Vec<Cow<'static, str>>,
    /// Strings of two or more characters matched in either case,
    /// lowercase, sorted, each once.
    insensitive: Vec<Cow<'static, str>>,
    /// Whether a character with a Unicode property was.
    property: bool,
}

/// One item of what was expected, as an error writes it.
#[derive(Clone, Copy)]
enum Item<'a> {
    /// One character, quoted: `"="`.
    Char(char),
    /// A range of ASCII characters: `'1'..'9'`.
    Range(char, char),
    /// Many ASCII characters, listed: `one of !$&`.
    OneOf(u128),
    /// A range above ASCII: `U+00A0..U+D7FF`.
    High(char, char),
    /// So many ranges above ASCII.
    Highs(usize),
    Text(&'a str),
    Str(&'a str),
    Insens(&'a str),
}

impl fmt::Display for Item<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Item::Char(c) => write!(f, "{:?}", c.encode_utf8(&mut [0; 4])),
            Item::Range(a, b) => write!(f, "{a:?}..{b:?}"),
            Item::OneOf(bits) => {
                f.write_str("one of ")?;
                (0..128u8)
                    .filter(|&b| bits & (1 << b) != 0)
                    .try_for_each(|b| fmt::Write::write_char(f, char::from(b)))
            }
            Item::High(a, b) if a == b => write!(f, "U+{:04X}", u32::from(a)),
            Item::High(a, b) => write!(f, "U+{:04X}..U+{:04X}", u32::from(a), u32::from(b)),
            Item::Highs(n) => write!(f, "a character of {n} ranges above ASCII"),
            Item::Text(text) => f.write_str(text),
            Item::Str(text) => write!(f, "{text:?}"),
            Item::Insens(text) => write!(f, "^{text:?}"),
        }
    }
}

/// The bits of the ASCII characters `start..=end` (those below 0x80).
fn ascii_bits(start: char, end: char) -> u128 {
    let (start, end) = (u32::from(start), u32::from(end).min(0x7f));
    if start > end {
        return 0;
    }
    let width = end - start + 1;
    let ones = if width == 128 {
        u128::MAX
    } else {
        (1u128 << width) - 1
    };
    ones << start
}

impl Tokens {
    /// Adds the characters `start..=end`.
    fn add_chars(&mut self, start: char, end: char) {
        if start > end {
            return;
        }
        self.ascii |= ascii_bits(start, end);
        if u32::from(end) >= 0x80 {
            self.high.push((start.max('\u{80}'), end));
        }
    }

    /// The tokens of a compiled grammar's list (`TOKENS`) at `indices`.
    pub(crate) fn of_tokens(tokens: &[Token], indices: &[u16]) -> Tokens {
        let mut expected = Tokens::default();
        for token in indices.iter().filter_map(|&i| tokens.get(usize::from(i))) {
            match *token {
                Token::Chars(ranges) => {
                    for &(start, end) in ranges {
                        expected.add_chars(start, end);
                    }
                }
                Token::Str(text) => expected.strings.push(Cow::Borrowed(text)),
                Token::Insens(text) if !text.bytes().any(|b| b.is_ascii_uppercase()) => {
                    expected.insensitive.push(Cow::Borrowed(text));
                }
                Token::Insens(text) => expected
                    .insensitive
                    .push(Cow::Owned(text.to_ascii_lowercase())),
                Token::Property(_) => expected.property = true,
            }
        }
        expected.normalized()
    }

    /// What pest's error detail lists, where it was on.
    pub(crate) fn of_pest<R: pest::RuleType>(error: &pest::error::Error<R>) -> Tokens {
        let mut expected = Tokens::default();
        let Some(detail) = error.parse_attempts() else {
            return expected;
        };
        // pest's `ParsingToken` cannot be named (its module is private):
        // its variant is the first word of its `Debug`, and its text its
        // `Display` (a string as written; a range as `start..end`), but
        // for an insensitive string, which `Display` writes in uppercase:
        // its `Debug` quotes it as written.
        for token in detail.expected_tokens() {
            let debug = alloc::format!("{token:?}");
            let text = alloc::format!("{token}");
            let mut chars = text.chars();
            let one = match (chars.next(), chars.next()) {
                (Some(c), None) => Some(c),
                _ => None,
            };
            match debug.split(' ').next().unwrap_or("") {
                "Sensitive" => match one {
                    Some(c) => expected.add_chars(c, c),
                    None => expected.strings.push(Cow::Owned(text)),
                },
                "Insensitive" => {
                    let text = debug_string(&debug);
                    let mut chars = text.chars();
                    match (chars.next(), chars.next()) {
                        (Some(c), None) => {
                            let (lower, upper) = (c.to_ascii_lowercase(), c.to_ascii_uppercase());
                            expected.add_chars(lower, lower);
                            expected.add_chars(upper, upper);
                        }
                        _ => expected
                            .insensitive
                            .push(Cow::Owned(text.to_ascii_lowercase())),
                    }
                }
                "Range" => {
                    if let (Some(start), Some(end)) = (text.chars().next(), text.chars().last()) {
                        expected.add_chars(start, end);
                    }
                }
                _ => expected.property = true,
            }
        }
        expected.normalized()
    }

    /// The same, each part sorted and each range merged with those it
    /// touches.
    fn normalized(mut self) -> Tokens {
        if self.high.len() > 1 {
            self.high.sort_unstable();
            let mut merged: Vec<(char, char)> = Vec::with_capacity(self.high.len());
            for &(start, end) in &self.high {
                match merged.last_mut() {
                    Some(last) if u32::from(start) <= u32::from(last.1).saturating_add(1) => {
                        last.1 = last.1.max(end);
                    }
                    _ => merged.push((start, end)),
                }
            }
            self.high = merged;
        }
        for list in [&mut self.strings, &mut self.insensitive] {
            list.sort_unstable();
            list.dedup();
        }
        self
    }

    /// Whether nothing was.
    pub(crate) fn is_empty(&self) -> bool {
        *self == Tokens::default()
    }

    /// Whether pest's error detail, which listed `derived`, agrees with
    /// the record of a compiled grammar's diagnostic variant: the
    /// indices `ids` into the grammar's `tokens`, and `first`, the token
    /// whose failure took the count to the furthest byte, if one did
    /// ([`Reach::first`](crate::compiled::runtime::Reach::first)).
    ///
    /// They list the same, except that pest leaves out that first token
    /// (it lists it, then clears its list for the new position); where
    /// the compiled parser merged it with other characters into one class,
    /// pest lists some of those characters, so all that can be asked is
    /// that pest lists no more than the record, nor less than the record
    /// without that token. Only where the variant counts every token's end
    /// (`counts_successes`) can a failure be the first to get somewhere.
    #[cfg(feature = "pest-parsers")]
    pub(crate) fn agree(
        derived: &Tokens,
        tokens: &[Token],
        counts_successes: bool,
        ids: &[u16],
        first: Option<u16>,
    ) -> bool {
        let compiled = Tokens::of_tokens(tokens, ids);
        if *derived == compiled {
            return true;
        }
        let Some(first) = first.filter(|_| counts_successes) else {
            return false;
        };
        let others: Vec<u16> = ids.iter().copied().filter(|&id| id != first).collect();
        let without = Tokens::of_tokens(tokens, &others);
        compiled.contains(derived) && derived.contains(&without)
    }

    /// Whether every token of `other` is one of these (a character, of
    /// one of these ranges).
    #[cfg(feature = "pest-parsers")]
    fn contains(&self, other: &Tokens) -> bool {
        let high = other
            .high
            .iter()
            .all(|&(start, end)| self.high.iter().any(|&(lo, hi)| lo <= start && end <= hi));
        other.ascii & !self.ascii == 0
            && high
            && other.strings.iter().all(|text| self.strings.contains(text))
            && other
                .insensitive
                .iter()
                .all(|text| self.insensitive.contains(text))
            && (!other.property || self.property)
    }

    /// Each item of what was expected, in the order an error writes them.
    /// Characters are named by the RFCs' classes where a whole class was
    /// (ALPHA, DIGIT, HEXDIG); the other ASCII ones are quoted one by one
    /// where there are few (`"-", ":"`), else listed together (`one of
    /// !$&'()*+,;=`); characters above ASCII are given as ranges of code
    /// points, or counted where there are many ranges.
    fn for_each_item(&self, f: &mut dyn FnMut(Item<'_>)) {
        /// At most this many single characters or ranges are quoted one by
        /// one.
        const QUOTED: usize = 4;
        /// At most this many ranges above ASCII are written out.
        const RANGES: usize = 3;
        let has = |start: char, end: char| {
            let bits = ascii_bits(start, end);
            self.ascii & bits == bits
        };
        let alpha = has('a', 'z') && has('A', 'Z');
        let digit = has('0', '9');
        let hexdig = !alpha && digit && has('a', 'f') && has('A', 'F');
        let mut named = 0;
        if alpha {
            named |= ascii_bits('a', 'z') | ascii_bits('A', 'Z');
        }
        if digit {
            named |= ascii_bits('0', '9');
        }
        if hexdig {
            named |= ascii_bits('a', 'f') | ascii_bits('A', 'F');
        }
        let rest = self.ascii & !named;
        // The runs of `rest`: its first and last characters each.
        let runs = || {
            let mut at = 0u32;
            core::iter::from_fn(move || {
                while at < 128 && rest & (1 << at) == 0 {
                    at += 1;
                }
                if at >= 128 {
                    return None;
                }
                let start = at;
                while at < 128 && rest & (1 << at) != 0 {
                    at += 1;
                }
                let byte = |b: u32| char::from(u8::try_from(b).unwrap_or(0));
                Some((byte(start), byte(at - 1)))
            })
        };
        let quoted: usize = runs()
            .map(|(a, b)| {
                if u32::from(b) - u32::from(a) == 1 {
                    2
                } else {
                    1
                }
            })
            .sum();
        if quoted <= QUOTED {
            for (a, b) in runs() {
                match u32::from(b) - u32::from(a) {
                    0 => f(Item::Char(a)),
                    1 => {
                        f(Item::Char(a));
                        f(Item::Char(b));
                    }
                    _ => f(Item::Range(a, b)),
                }
            }
        } else {
            f(Item::OneOf(rest));
        }
        if self.high.len() <= RANGES {
            for &(a, b) in &self.high {
                f(Item::High(a, b));
            }
        } else {
            f(Item::Highs(self.high.len()));
        }
        for (named, name) in [
            (alpha, "ALPHA"),
            (digit && !hexdig, "DIGIT"),
            (hexdig, "HEXDIG"),
        ] {
            if named {
                f(Item::Text(name));
            }
        }
        for text in &self.strings {
            f(Item::Str(text));
        }
        for text in &self.insensitive {
            f(Item::Insens(text));
        }
        if self.property {
            f(Item::Text("a character of a Unicode property"));
        }
    }

    /// Writes what was expected as an error says it: `"=", DIGIT or
    /// "sslmode"` ([`for_each_item`](Self::for_each_item)).
    pub(crate) fn write(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        let mut count = 0;
        self.for_each_item(&mut |_| count += 1);
        let mut written = 0;
        let mut result = Ok(());
        self.for_each_item(&mut |item| {
            let separator = match written {
                0 => "",
                _ if written + 1 == count => " or ",
                _ => ", ",
            };
            written += 1;
            if result.is_ok() {
                result = write!(out, "{separator}{item}");
            }
        });
        result
    }
}

/// The string that `debug`, a `Debug` of a struct with one string field
/// (`Insensitive { token: "a\u{e9}" }`), quotes, unescaped.
fn debug_string(debug: &str) -> String {
    let quoted = debug
        .find('"')
        .zip(debug.rfind('"'))
        .and_then(|(start, end)| debug.get(start + 1..end))
        .unwrap_or("");
    let mut text = String::with_capacity(quoted.len());
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            text.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => text.push('\n'),
            Some('r') => text.push('\r'),
            Some('t') => text.push('\t'),
            Some('0') => text.push('\0'),
            Some('u') => {
                let hex: String = chars.by_ref().skip(1).take_while(|&c| c != '}').collect();
                if let Some(c) = u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
                    text.push(c);
                }
            }
            Some(other) => text.push(other),
            None => {}
        }
    }
    text
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
/// `syntax`, is not a URI reference.
pub(crate) fn diagnose<R, B>(parsers: &B, syntax: &Syntax, entry: R, input: &str) -> ParseError
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
        parsers.furthest(entry, input),
    )
}

/// [`diagnose`] with the compiled parsers of `G`, where the fast
/// variant's failed parse kept `kept` ([`CompiledParsers::furthest_kept`]):
/// the diagnostic parse records nothing.
#[inline(always)]
pub(crate) fn diagnose_kept<G: CompiledGrammar>(
    syntax: &Syntax,
    entry: G::Rule,
    input: &str,
    kept: Option<&Kept>,
) -> ParseError {
    let own = &CompiledParsers::<G>::PARSERS;
    let furthest = own.furthest_kept(entry, input, kept);
    explain(own, syntax, entry, input, furthest)
}

/// [`diagnose`] from where the failed parse got ([`Furthest`]): the error
/// is at the furthest byte a token reached, the first that no match can
/// take, and names the component the input is in there, from the bounds
/// of the input up to the furthest byte at which a rule failed (kept by
/// the diagnostic parse, or else from a parse of that prefix:
/// [`reparse`]).
#[inline(always)]
fn explain<R, B>(
    parsers: &B,
    syntax: &Syntax,
    entry: R,
    input: &str,
    Furthest { pos, far, bounds }: Furthest,
) -> ParseError
where
    R: UriRule,
    B: Parsers<R>,
{
    let (offset, bounds) = match bounds {
        Some(bounds) => (pos, Some(bounds)),
        None => match reparse(parsers, entry, input, pos) {
            Ok(found) => found,
            Err(earlier) => return earlier,
        },
    };
    let context = match bounds {
        Some(bounds) => {
            let (prefix, rest) = input.split_at(offset);
            Context::of(&bounds, prefix, rest)
        }
        // A derived grammar whose entry rule does not accept prefixes (a
        // scheme-specific lookahead, say): no component to name.
        None => Context::Start,
    };
    // `ANY` alone moves a parse without a token, and the RFCs' grammars
    // have none: the rule's failure is then as far as the input got.
    let far = far.max(offset);
    if far > offset {
        let host = bounds
            .as_ref()
            .and_then(Bounds::host)
            .map(|host| host.start);
        return cut_short(parsers, syntax, input, offset, far, context, host);
    }
    let Some(found) = input[offset..].chars().next() else {
        let (kind, expected) = context.error(syntax.expected);
        return ParseError::new(kind, input, offset, expected);
    };
    match (context, found) {
        // A relative reference cannot have ":" in its first segment, so an
        // input with one there was meant as a URI, whose scheme is not one.
        // Where the grammar's scheme rule matches nothing at all, its first
        // character is what is wrong (`1http://a`); else the ":" that comes
        // after what the rule cannot take.
        (Context::FirstSegment, ':') if no_scheme(parsers, input) => {
            error(syntax, ErrorKind::Scheme, input, 0, expected::SCHEME_START)
        }
        (Context::Start | Context::FirstSegment, ':') => error_found(
            syntax,
            ErrorKind::Scheme,
            input,
            offset,
            expected::SCHEME_BEFORE_COLON,
            found,
        ),
        (context, _) => {
            let (kind, expected) = context.error(syntax.expected);
            error_found(syntax, kind, input, offset, expected, found)
        }
    }
}

/// Whether the grammar's scheme rule matches nothing at the start of
/// `input` (its first character is no `ALPHA`); `false` where the grammar
/// has no such rule.
fn no_scheme<R: UriRule>(parsers: &impl Parsers<R>, input: &str) -> bool {
    R::with_role(Role::Scheme).is_some() && match_len(parsers, Role::Scheme, input).is_none()
}

/// The error where the tokens of a failed parse got to `far`, past
/// `offset`, the furthest byte at which a rule failed, where the input is
/// in `context`: what was cut short there, a `pct-encoded`, an IP literal
/// or a userinfo, and where that userinfo never finds its `@`, the
/// authority read as host and port ([`host_and_port`]). `host` is where
/// the host starts, in the bounds up to `offset`.
#[cold]
#[inline(never)]
fn cut_short<R: UriRule>(
    parsers: &impl Parsers<R>,
    syntax: &Syntax,
    input: &str,
    offset: usize,
    far: usize,
    context: Context,
    host: Option<usize>,
) -> ParseError {
    if let Some(error) = cut_pct_encoded(syntax, input, far) {
        return error;
    }
    match context {
        // An "@" further on makes the host so far read as the start of a
        // userinfo, but a "[" starts none.
        Context::HostStart | Context::Userinfo if input[offset..].starts_with('[') => {
            let takes = |text: &str| {
                R::with_role(Role::IpLiteral).map_or(0, |rule| parsers.takes(rule, text, IPV6_NEXT))
            };
            ip_literal(syntax, &takes, input, offset + 1, far)
        }
        // In the authority, only a userinfo reads further than its host
        // and port, up to the "@" it lacks. With an "@" ahead, the
        // userinfo holds a character it may not.
        Context::Userinfo => error(
            syntax,
            ErrorKind::Userinfo,
            input,
            far,
            syntax.expected.userinfo,
        ),
        // With none, there is no userinfo: the authority is a host and a
        // port.
        Context::HostStart | Context::RegName | Context::Port => {
            host_and_port(parsers, syntax, input, offset, far, context, host)
        }
        context => {
            let (kind, expected) = context.error(syntax.expected);
            error(syntax, kind, input, far, expected)
        }
    }
}

/// The error of an authority without an `@`, which a userinfo would read
/// up to `far`, further than its host and port (`example.com:80:80`,
/// `2001:db8::1`), taken as what it is, a host and a port: at `offset`,
/// where the host and port that the parse read end, named by `context`,
/// the component they end in (`http://example.com:80:80/` has an invalid
/// port at its second `:`). Where the host, from `host`, is an IPv6
/// address without the brackets of an `IP-literal`
/// ([`unbracketed_ipv6`]), the error is at its first byte, where the "["
/// is missing.
fn host_and_port<R: UriRule>(
    parsers: &impl Parsers<R>,
    syntax: &Syntax,
    input: &str,
    offset: usize,
    far: usize,
    context: Context,
    host: Option<usize>,
) -> ParseError {
    if let Some(host) = host.filter(|&host| unbracketed_ipv6(parsers, &input[host..far])) {
        return error(
            syntax,
            ErrorKind::IpLiteral,
            input,
            host,
            expected::UNBRACKETED_IPV6,
        );
    }
    let (kind, expected) = context.error(syntax.expected);
    error(syntax, kind, input, offset, expected)
}

/// Whether `authority`, the text of an authority from its host on, is an
/// IPv6 address without its brackets, as the grammar says: its
/// `IPv6address` rule matches at its start, and with that match in
/// brackets its `authority` rule matches the whole text (a port may follow
/// the address).
fn unbracketed_ipv6<R: UriRule>(parsers: &impl Parsers<R>, authority: &str) -> bool {
    let Some(len) = match_len(parsers, Role::Ipv6Address, authority) else {
        return false;
    };
    let mut bracketed = String::with_capacity(authority.len() + 2);
    bracketed.push('[');
    bracketed.push_str(&authority[..len]);
    bracketed.push(']');
    bracketed.push_str(&authority[len..]);
    match_len(parsers, Role::Authority, &bracketed) == Some(bracketed.len())
}

/// The error at `far` when `input` has a `pct-encoded` cut short there:
/// `%`, or `%` and one HEXDIG, right before it.
fn cut_pct_encoded(syntax: &Syntax, input: &str, far: usize) -> Option<ParseError> {
    let cut = match input.as_bytes()[..far] {
        [.., b'%'] => true,
        [.., b'%', digit] => chars::HEXDIG.has_byte(digit),
        _ => false,
    };
    cut.then(|| {
        error(
            syntax,
            ErrorKind::PercentEncoding,
            input,
            far,
            expected::HEXDIG,
        )
    })
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
fn lower_kept<R: UriRule>(prefix: &str, nodes: &[Node<R>]) -> Option<Bounds> {
    let offset = prefix.len();
    let closed = nodes.iter().map(|&node| Node {
        end: node.end.min(offset),
        ..node
    });
    lower(prefix, closed).ok()
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
#[inline]
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

/// Why `input`, which the grammar's `URI` rule (`IRI`, for IRIs) rejected,
/// is not a reference with a scheme: where it has a scheme and its ":",
/// the error of its parse as a reference from `entry` (whose `URI`
/// alternative got furthest); otherwise the byte where a scheme stops
/// being possible.
pub(crate) fn not_absolute<R: UriRule>(
    parsers: &impl Parsers<R>,
    syntax: &Syntax,
    entry: R,
    input: &str,
) -> ParseError {
    match match_len(parsers, Role::Scheme, input) {
        Some(len) if input[len..].starts_with(':') => diagnose(parsers, syntax, entry, input),
        Some(len) => error(syntax, ErrorKind::Scheme, input, len, expected::SCHEME),
        None => error(syntax, ErrorKind::Scheme, input, 0, expected::SCHEME_START),
    }
}

/// An IP literal cut short: the input from its "[", the byte before
/// `start`, up to `far`, the furthest byte a token reached, is the start
/// of one. What may come at `far` is read from the grammar
/// ([`ipv6_expected`]) for an IPv6 address, and from the IPvFuture rule's
/// three parts for one.
fn ip_literal(
    syntax: &Syntax,
    takes: &dyn Fn(&str) -> usize,
    input: &str,
    start: usize,
    far: usize,
) -> ParseError {
    let literal = &input[start..far];
    // Where the authority would end: the literal is not closed.
    let unclosed = matches!(input[far..].chars().next(), None | Some('/' | '?' | '#'));
    let kind = |closes: bool, kind: ErrorKind| {
        if unclosed && closes {
            ErrorKind::IpLiteral
        } else {
            kind
        }
    };
    if literal.is_empty() && !input[far..].starts_with(':') {
        let kind = match input[far..].chars().next() {
            Some(']') => ErrorKind::IpLiteral,
            _ => kind(true, ErrorKind::Ipv6Address),
        };
        return error(syntax, kind, input, far, expected::IP_LITERAL);
    }
    if literal.starts_with(['v', 'V']) {
        // IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ),
        // then "]".
        let version = literal[1..]
            .bytes()
            .take_while(|&b| chars::HEXDIG.has_byte(b))
            .count();
        let (expected, closes) = if version == 0 {
            (expected::IPVFUTURE_VERSION, false)
        } else if literal.len() == 1 + version {
            (expected::IPVFUTURE_DOT, false)
        } else if literal.len() == 2 + version {
            (expected::IPVFUTURE_ADDRESS, false)
        } else {
            (expected::IPVFUTURE_MORE, true)
        };
        return error(
            syntax,
            kind(closes, ErrorKind::IpvFuture),
            input,
            far,
            expected,
        );
    }
    let (far, takes) = ipv6_start(syntax, takes, input, start - 1, far);
    let (expected, closes) = ipv6_expected(takes);
    let unclosed = matches!(input[far..].chars().next(), None | Some('/' | '?' | '#'));
    let kind = if unclosed && closes {
        ErrorKind::IpLiteral
    } else {
        ErrorKind::Ipv6Address
    };
    error(syntax, kind, input, far, expected)
}

/// How much of `input` from `open`, the "[" of an IP literal, is the start
/// of one holding an IPv6 address, from `far`, the furthest byte a token
/// reached. A string the grammar matches whole (the "::" of `IPv6address`)
/// counts for the parse only where all of it is there, so `[:` is the start
/// of an address (`[::1]`) although no token reached past its "[": the
/// characters after `far` are taken while the literal takes them
/// ([`ipv6_takes`]), or, for the first character of such a string
/// (`syntax.string_starts`), while some character after it would take the
/// literal further. Also which characters the literal up to there takes.
fn ipv6_start(
    syntax: &Syntax,
    takes_of: &dyn Fn(&str) -> usize,
    input: &str,
    open: usize,
    far: usize,
) -> (usize, usize) {
    let mut far = far;
    let mut takes = ipv6_takes(takes_of, &input[open..far]);
    while let Some(next) = input[far..].chars().next() {
        let end = far + next.len_utf8();
        let taken = match next {
            ']' => break,
            '0'..='9' => takes & DIGIT != 0,
            'a'..='f' | 'A'..='F' => takes & LETTER != 0,
            ':' => takes & COLON != 0,
            '.' => takes & DOT != 0,
            _ => false,
        };
        let started =
            || syntax.string_starts.contains(next) && ipv6_takes(takes_of, &input[open..end]) != 0;
        if !taken && !started() {
            break;
        }
        far = end;
        takes = ipv6_takes(takes_of, &input[open..far]);
    }
    (far, takes)
}

/// What may follow the start of an IP literal holding an IPv6 address
/// whose [`ipv6_takes`] is `takes`, in the RFC's terms; and whether "]" is
/// one of them.
fn ipv6_expected(takes: usize) -> (&'static str, bool) {
    let class = match (takes & DIGIT != 0, takes & LETTER != 0) {
        (true, true) => 1,
        (true, false) => 2,
        (false, _) => 0,
    };
    (expected::IPV6_NEXT[class][takes >> 2], takes & CLOSE != 0)
}

/// [`ipv6_takes`]'s bits: which characters take an IP literal further.
const DIGIT: usize = 1;
const LETTER: usize = 1 << 1;
const COLON: usize = 1 << 2;
const DOT: usize = 1 << 3;
const CLOSE: usize = 1 << 4;

/// The characters that can come next in an IPv6 address, as
/// [`ipv6_takes`] asks of them: a decimal digit, a hexadecimal letter,
/// ":", "." and "]", bits 0 to 4 of its answer.
const IPV6_NEXT: &[u8] = b"0a:.]";

/// Which of the characters [`IPV6_NEXT`] take `literal` (from its "[")
/// further with the grammar's `IP-literal` rule, as `takes_of` answers
/// ([`Parsers::takes`]). None for a start longer than any IP literal of an
/// IPv6 address.
fn ipv6_takes(takes_of: &dyn Fn(&str) -> usize, literal: &str) -> usize {
    /// An IPv6 address is at most 45 characters: a longer start is not one.
    const MAX: usize = 63;
    if literal.len() > MAX {
        return 0;
    }
    takes_of(literal)
}

/// [`Parsers::takes`] by probes: bit `i` where `reach` of `text` followed
/// by `next[i]` is past `text`.
fn probed_takes(text: &str, next: &[u8], reach: impl Fn(&str) -> usize) -> usize {
    next.iter().enumerate().fold(0, |bits, (i, &c)| {
        bits | usize::from(reaches_past(text, c, &reach)) << i
    })
}

/// Whether `reach` of `text` followed by the ASCII character `next` is
/// past `text`: the probe is built on the stack where it is short, as an
/// IP literal's is.
fn reaches_past(text: &str, next: u8, reach: impl Fn(&str) -> usize) -> bool {
    const SHORT: usize = 64;
    let mut probe = [0u8; SHORT];
    let reached = match probe.get_mut(..=text.len()) {
        Some(room) => {
            room[..text.len()].copy_from_slice(text.as_bytes());
            room[text.len()] = next;
            reach(core::str::from_utf8(room).unwrap_or_default())
        }
        None => {
            let mut long = String::with_capacity(text.len() + 1);
            long.push_str(text);
            long.push(char::from(next));
            reach(&long)
        }
    };
    reached > text.len()
}

/// How many bytes at the start of `input` the grammar's `rule` matches, or
/// `None` when it matches nothing.
fn match_len<R: UriRule>(parsers: &impl Parsers<R>, rule: Role, input: &str) -> Option<usize> {
    let end = parsers.match_len(R::with_role(rule)?, input)?;
    (end > 0).then_some(end)
}

/// Checks that the rule of `syntax`'s grammar for `component` (`rule`)
/// matches all of `text`, the text given for it (the builder's and
/// setters' check), with the compiled parser. Where it does not, the
/// error is at the first byte that no match of the rule takes (the
/// furthest its tokens reach), and says what the component takes.
pub(crate) fn component(
    syntax: &Syntax,
    component: Component,
    rule: Role,
    text: &str,
) -> Result<(), ParseError> {
    // `None` when the rule cannot match even the empty string there (a
    // scheme needs a letter).
    let matched = (syntax.matches)(rule, text);
    if matched == Some(text.len()) {
        return Ok(());
    }
    let far = (syntax.reach)(rule, text).max(matched.unwrap_or(0));
    if let Some(error) = cut_pct_encoded(syntax, text, far) {
        return Err(error);
    }
    let expected = syntax.expected;
    let (kind, expected) = match component {
        Component::Scheme if far == 0 => (ErrorKind::Scheme, expected::SCHEME_START),
        Component::Scheme => (ErrorKind::Scheme, r#"ALPHA, DIGIT, "+", "-" or ".""#),
        Component::Userinfo => (ErrorKind::Userinfo, expected.component_userinfo),
        Component::Host => return Err(host(syntax, text)),
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
    Err(error(syntax, kind, text, far, expected))
}

/// Why `text`, given for a host (the builder's and setters' check), which
/// the grammar's `host` rule does not match whole, is not one: the error at
/// the first byte no host takes, saying what a host takes there (never a
/// port, a path or what else would follow a host in a reference).
pub(crate) fn host(syntax: &Syntax, text: &str) -> ParseError {
    let far = (syntax.reach)(Role::Host, text);
    if let Some(error) = cut_pct_encoded(syntax, text, far) {
        return error;
    }
    let expected = syntax.expected;
    if text.starts_with('[') {
        return match text.find(']') {
            Some(close) if far > close => {
                error(syntax, ErrorKind::Host, text, far, expected::END_OF_HOST)
            }
            _ => {
                let takes = |literal: &str| {
                    probed_takes(literal, IPV6_NEXT, |probe| {
                        (syntax.reach)(Role::IpLiteral, probe)
                    })
                };
                ip_literal(syntax, &takes, text, 1, far.max(1))
            }
        };
    }
    let expected = if far == 0 {
        expected.component_host
    } else {
        expected.component_reg_name
    };
    error(syntax, ErrorKind::Host, text, far, expected)
}

/// The error of `input`, which `G` rejects from `entry`, its rule that
/// plays `URI-reference entry`, where its failed parse kept `kept`.
#[inline(always)]
pub(crate) fn reference_diagnosis<G: CompiledGrammar>(
    entry: G::Rule,
    syntax: &Syntax,
    input: &str,
    kept: Option<&Kept>,
) -> ParseError {
    diagnose_kept::<G>(syntax, entry, input, kept)
}

/// Why `input` is not an absolute reference of `G`, whose rule that plays
/// `URI-reference entry` is `entry`.
#[inline(always)]
pub(crate) fn absolute_diagnosis<G: CompiledGrammar>(
    entry: G::Rule,
    syntax: &Syntax,
    input: &str,
) -> ParseError {
    not_absolute(&CompiledParsers::<G>::PARSERS, syntax, entry, input)
}

/// The error of a failed parse of `input` from `entry` by `parsers`, of
/// kind `kind`, for a grammar whose result is not a reference (a
/// template): at the furthest byte a token reached, naming the tokens
/// tried and failed there, where they got further than any rule's
/// failure; else at the furthest byte at which a rule failed (pest's
/// error), naming the rules tried there (`EOI` as "end of input"), last
/// in the grammar first.
///
/// Written once over [`Parsers`], so that the compiled parser's error and
/// pest_derive's are the same code's, and the comparisons hold them equal.
#[cfg(feature = "template")]
pub(crate) fn rule_error<R: UriRule>(
    parsers: &impl Parsers<R>,
    kind: ErrorKind,
    entry: R,
    input: &str,
) -> ParseError {
    parsers.failure(entry, input, |failure| {
        let pos = failure.pos().min(input.len());
        let far = failure.far().min(input.len());
        if far >= pos {
            let tokens = parsers.expected(failure);
            if !tokens.is_empty() {
                let mut expected = String::new();
                let _ = tokens.write(&mut expected);
                return ParseError::new(kind, input, far, expected);
            }
        }
        let mut expected = String::new();
        let mut rules: Vec<Cow<'static, str>> = Vec::new();
        for &rule in failure.positives().iter().rev() {
            let name = match &*parsers.rule_name(rule) {
                "SOI" => continue,
                "EOI" => Cow::Borrowed("end of input"),
                _ => parsers.rule_name(rule),
            };
            if !rules.contains(&name) {
                rules.push(name);
            }
        }
        for (i, name) in rules.iter().enumerate() {
            if i > 0 {
                expected.push_str(if i + 1 == rules.len() { " or " } else { ", " });
            }
            expected.push_str(name);
        }
        if rules.is_empty() {
            expected.push_str(&parsers.rule_name(entry));
        }
        ParseError::new(kind, input, pos, expected)
    })
}

#[cfg(test)]
mod tests {
    use super::{probed_takes, CompiledParsers, Parsers, IPV6_NEXT};
    use crate::compiled::{self, CompiledGrammar};
    use crate::grammar::UriRule;
    use crate::role::Role;
    use alloc::string::String;
    use alloc::vec::Vec;

    /// The starts of IP literals a diagnosis asks about: every string of
    /// up to four characters over those an IPv6 address is made of (and
    /// some it is not), and every prefix of literals of each form.
    fn literal_starts() -> Vec<String> {
        let alphabet = "09afAg:.]v5-";
        let mut all = Vec::from([String::new()]);
        let mut frontier = Vec::from([String::new()]);
        for _ in 0..4 {
            frontier = frontier
                .iter()
                .flat_map(|start| alphabet.chars().map(move |c| alloc::format!("{start}{c}")))
                .collect();
            all.extend(frontier.iter().cloned());
        }
        for whole in [
            "1:2:3:4:5:6:7:8]",
            "2001:db8::8a2e:370:7334]",
            "::ffff:192.0.2.128]",
            "1:2:3:4:5:6:255.255.255.255]",
            "fe80::1:2:3:4:5]",
            "::]",
            "1::]",
            "abcd:ef01::2345:6789:abcd:ef01]",
            "v1f.a:b!$]",
            "::1.2.3.4]",
            "12345:6]",
        ] {
            all.extend((0..=whole.len()).map(|end| String::from(&whole[..end])));
        }
        all.iter().map(|start| alloc::format!("[{start}")).collect()
    }

    /// The compiled parsers answer which characters take a literal
    /// further as a probe of each does, on `G`'s `IP-literal`.
    fn takes_as_probes<G: CompiledGrammar>() {
        let rule = G::Rule::with_role(Role::IpLiteral).expect("an IP-literal rule");
        assert!(G::hidden_reads(rule).is_some());
        let parsers = &CompiledParsers::<G>::PARSERS;
        for start in literal_starts() {
            let probed = probed_takes(&start, IPV6_NEXT, |probe| parsers.reach(rule, probe));
            assert_eq!(parsers.takes(rule, &start, IPV6_NEXT), probed, "{start:?}");
        }
    }

    /// The furthest byte and the bounds of the input up to it, as the
    /// record the fast parse kept where `EOI` failed gives them, are what
    /// the full pairs of the diagnostic parse give: at the start, in each
    /// component, in a host after a userinfo, before an IP literal and
    /// after one, and where the byte there is one a token takes.
    #[test]
    fn the_kept_record_reads_as_the_pairs() {
        use crate::compiled::runtime::Parse;
        use crate::grammar::Rule;
        use crate::lower::Capture;
        type G = compiled::uri::Grammar;
        let entry = Rule::uri_reference_input;
        let parsers = &CompiledParsers::<G>::PARSERS;
        for input in [
            " http://a/b",
            "ht p://a/b",
            "http://a b/c",
            "http://u@h^st:80/p",
            "http://h:8<0/p",
            "http://h/p|q",
            "http://h/p?q\\r",
            "http://h/p?q#f`",
            "a/b\"c",
            "//[::1]x\"y",
            "//[::1]\"y",
            "//[::1^]",
            "http://h/%zz<",
            "http://h/p#f#<",
        ] {
            let mut parse = Parse::with_sink(input, Capture::new());
            assert!(G::run_with(entry, &mut parse).is_none(), "{input:?}");
            assert!(
                parsers.furthest_kept(entry, input, parse.pairs.kept())
                    == parsers.furthest(entry, input),
                "{input:?}"
            );
        }
    }

    #[test]
    fn one_parse_takes_as_probes_do() {
        takes_as_probes::<compiled::uri::Grammar>();
        #[cfg(feature = "iri")]
        takes_as_probes::<compiled::iri::Grammar>();
    }
}
