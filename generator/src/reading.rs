//! Which entry rules are read as RFC 3986 reads them, proven before any
//! parse: a rule whose every match from `SOI` to `EOI` is a URI whose
//! components the lowering can take from the match's pairs and literal
//! bytes alone, without checking any text with the generic grammar, and
//! whose pairs nest with those components.
//!
//! A grammar of one's own writes `^"ssh://" ~ (user ~ "@")? ~ host ~ ...`
//! rather than `scheme ~ ":" ~ "//" ~ authority`. The lowering then finds
//! the components around the pairs it knows (a scheme up to the first
//! `:`, an authority from `//` to the end of the port or host, a path up
//! to the first `?` or `#`). That is the generic reading only where the
//! text it finds there is what the generic rule would match, and where no
//! pair of the grammar runs across a component. This module proves both
//! for every shape of match a rule can make (its *layouts*, the sequences
//! of pairs, literal bytes and stretches of text its expression lays out),
//! from the grammar's own rules:
//!
//! - a literal scheme matches the grammar's `scheme` rule, in every case
//!   its letters may take;
//! - a stretch of text standing for a userinfo, a path, a query or a
//!   fragment holds only what the grammar's `userinfo`, `segment` (and
//!   `/`), `query` or `fragment` holds, each of them a repetition of
//!   characters and percent-encoded triples, so that any such text is one
//!   of its matches, and none holds the delimiter that ends it;
//! - the delimiters stand where the generic grammar puts them: `:` after
//!   the scheme, `//` before an authority, `@` before the host, `:` before
//!   the port, `?` and `#`;
//! - each pair holds all of a component or none of it.
//!
//! The host must be the grammar's `host` rule (so that the kind of host is
//! the one the generic grammar reads), and the port its `port`. What the
//! proof cannot list (a repetition that records pairs, too many layouts,
//! text above ASCII) is no proof: such a rule is read the way every other
//! rule is, with the generic grammar's checks at run time.
//!
//! Where that fails, a weaker proof may still hold: that the literal
//! delimiters alone place every component of the generic reading, and
//! that each pair holds all of a component or none of it (`pairs_nest`).
//! The components are then found at run time as for any other rule (file's
//! UNC paths hold a host inside the path; S3's bucket is a host that is
//! not `host`), but no pair of the parse needs comparing with them.
//!
//! The generator states the results per rule (`static_reading`,
//! `pairs_nest`), and the derive writes them into the parse from each rule
//! (`Grammar::parse` calls the library's parse with what was proven), so
//! that no parse reads a proof.

use std::collections::HashMap;

use pest_meta::ast::RuleType;

use crate::analysis::{body_ctx, records, Analysis, Ctx, EOI};
use crate::ir::Ir;
use crate::sets::{ByteSet, CharSet};

/// At most this many layouts per rule: beyond, no proof.
const MAX_LAYOUTS: usize = 256;

/// At most this deep through rules.
const MAX_DEPTH: usize = 32;

/// At most this many case-insensitive letters in a literal scheme: each
/// combination of cases is matched against `scheme`.
const MAX_SCHEME_LETTERS: usize = 10;

/// What a stretch of text can hold: ASCII bytes, percent-encoded triples,
/// and whether anything else (a character above ASCII, `ANY`) can stand in
/// it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Tokens {
    bytes: ByteSet,
    pct: bool,
    other: bool,
}

impl Tokens {
    fn none() -> Tokens {
        Tokens {
            bytes: ByteSet::empty(),
            pct: false,
            other: false,
        }
    }

    fn byte(byte: u8) -> Tokens {
        Tokens {
            bytes: ByteSet::single(usize::from(byte)),
            ..Tokens::none()
        }
    }

    fn other() -> Tokens {
        Tokens {
            other: true,
            ..Tokens::none()
        }
    }

    fn union(self, other: Tokens) -> Tokens {
        Tokens {
            bytes: self.bytes.union(&other.bytes),
            pct: self.pct | other.pct,
            other: self.other | other.other,
        }
    }

    /// Whether every text made of these tokens is made of `target`'s.
    fn within(self, target: Tokens) -> bool {
        !self.other && self.bytes.union(&target.bytes) == target.bytes && (!self.pct || target.pct)
    }

    /// Whether a text made of these tokens can hold `byte`.
    fn can_hold(self, byte: u8) -> bool {
        self.other || self.bytes.contains(usize::from(byte)) || (self.pct && byte == b'%')
    }
}

/// The component an RFC rule's pair is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Part {
    Scheme,
    Authority,
    Userinfo,
    Port,
    /// A path rule, and whether the generic grammar reads its text as the
    /// path after an authority (empty, or `/` first) and without one (not
    /// `//` first).
    Path {
        with_authority: bool,
        without_authority: bool,
    },
    Query,
    Fragment,
    /// `IP-literal`, `IPv4address`, `reg-name`... matched other than
    /// through `host`: the kind of host could differ from the generic
    /// grammar's.
    HostValue,
}

impl Part {
    /// Whether this is a path rule whose text the generic grammar reads as
    /// the path after an authority (`authority`), or without one.
    fn is_path_read(self, authority: bool) -> bool {
        match self {
            Part::Path {
                with_authority,
                without_authority,
            } => {
                if authority {
                    with_authority
                } else {
                    without_authority
                }
            }
            _ => false,
        }
    }
}

/// Whether `atom` is the literal byte `want`, in its one case.
fn is_lit(atom: &Atom, want: u8) -> bool {
    matches!(atom, Atom::Lit { byte, insensitive: false } if *byte == want)
}

/// One step of a layout.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Atom {
    Soi,
    Eoi,
    /// This ASCII byte; a letter in either case where `insensitive`.
    Lit {
        byte: u8,
        insensitive: bool,
    },
    /// Text made of these tokens: of any length, or (`nonempty`) of one
    /// character or more.
    Text {
        tokens: Tokens,
        nonempty: bool,
    },
    /// A pair of a rule of the grammar's own starts, or ends.
    Open,
    Close,
    /// A pair of an RFC rule, whole.
    Comp(Part),
    /// The grammar's `host` rule, whose alternatives record the host's
    /// pair.
    Host,
}

type Layout = Vec<Atom>;

/// The names of the RFC rules this module reads, in the grammar's base
/// (RFC 3986's, or RFC 3987's with an "i" before the rules it extends).
struct Names {
    host: &'static str,
    userinfo: &'static str,
    segment: &'static str,
    query: &'static str,
    fragment: &'static str,
    parts: Vec<(&'static str, Part)>,
}

impl Names {
    fn of(iri: bool) -> Names {
        let i = |uri: &'static str, iri_name: &'static str| if iri { iri_name } else { uri };
        let path = |with_authority, without_authority| Part::Path {
            with_authority,
            without_authority,
        };
        Names {
            host: i("host", "ihost"),
            userinfo: i("userinfo", "iuserinfo"),
            segment: i("segment", "isegment"),
            query: i("query", "iquery"),
            fragment: i("fragment", "ifragment"),
            parts: vec![
                ("scheme", Part::Scheme),
                (i("authority", "iauthority"), Part::Authority),
                (i("userinfo", "iuserinfo"), Part::Userinfo),
                ("port", Part::Port),
                (i("path_abempty", "ipath_abempty"), path(true, false)),
                (i("path_empty", "ipath_empty"), path(true, true)),
                (i("path_absolute", "ipath_absolute"), path(true, true)),
                (i("path_rootless", "ipath_rootless"), path(false, true)),
                (i("path_noscheme", "ipath_noscheme"), path(false, true)),
                (i("query", "iquery"), Part::Query),
                (i("fragment", "ifragment"), Part::Fragment),
                ("IP_literal", Part::HostValue),
                ("IPv4address", Part::HostValue),
                (i("reg_name", "ireg_name"), Part::HostValue),
                ("IPv6address", Part::HostValue),
                ("IPvFuture", Part::HostValue),
            ],
        }
    }

    fn part(&self, name: &str) -> Option<Part> {
        self.parts
            .iter()
            .find(|(rule, _)| *rule == name)
            .map(|&(_, part)| part)
    }
}

/// The texts the components can hold, from the grammar's rules: each a
/// repetition of single characters and percent-encoded triples.
struct Targets {
    userinfo: Tokens,
    path: Tokens,
    query: Tokens,
    fragment: Tokens,
}

/// The proof, over one grammar.
struct Prover<'a> {
    analysis: &'a Analysis,
    names: Names,
    targets: Targets,
    /// What a pair of each RFC rule's component can hold, through the
    /// rules it calls (a part's rules together).
    held_by_parts: Vec<(Part, Tokens)>,
    /// What a match of the grammar's `host` can hold.
    held_by_host: Option<Tokens>,
}

/// What the generator proved of a grammar's entry rules.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Proven {
    /// The rules whose matches are read as the generic grammar reads them
    /// (see the module's doc).
    pub static_reading: Vec<String>,
    /// The rules whose pairs nest with the components of the generic
    /// reading of every match, where the components may not be found from
    /// the pairs alone: the `static_reading` rules, and those whose layouts
    /// place every component at literal delimiters.
    pub pairs_nest: Vec<String>,
}

/// What the generator proves of the rules `names` (see the module's doc).
/// Nothing unless the grammar holds RFC 3986's or RFC 3987's rules.
pub fn prove(analysis: &Analysis, names: &[String]) -> Proven {
    let has = |name: &str| analysis.rules.contains_key(name);
    let iri = has("IRI_reference");
    if !iri && !has("URI_reference") {
        return Proven::default();
    }
    let rule_names = Names::of(iri);
    let Some(targets) = targets(analysis, &rule_names) else {
        return Proven::default();
    };
    let held = |name: &str| tokens(analysis, &Ir::Call(name.to_string()), &mut HashMap::new());
    let prover = Prover {
        analysis,
        held_by_parts: rule_names
            .parts
            .iter()
            .filter(|(name, _)| has(name))
            .map(|&(name, part)| (part, held(name)))
            .collect(),
        held_by_host: has(rule_names.host).then(|| held(rule_names.host)),
        names: rule_names,
        targets,
    };
    let mut proven = Proven::default();
    for name in names {
        let rule = &analysis.rules[name.as_str()];
        if !starts_with_soi(analysis, &rule.expr, 0) {
            continue;
        }
        let Some(layouts) = prover.layouts(name) else {
            continue;
        };
        if layouts.iter().all(|layout| prover.reads(layout)) {
            proven.static_reading.push(name.clone());
            proven.pairs_nest.push(name.clone());
        } else if layouts.iter().all(|layout| prover.nests(layout)) {
            proven.pairs_nest.push(name.clone());
        }
    }
    proven
}

/// Whether every match of `e` starts with `SOI`: only such a rule can be
/// an entry that matches a whole input.
fn starts_with_soi(analysis: &Analysis, e: &Ir, depth: usize) -> bool {
    match e {
        Ir::Soi => true,
        Ir::Seq(items) => items
            .first()
            .is_some_and(|first| starts_with_soi(analysis, first, depth)),
        Ir::Call(name) if depth < MAX_DEPTH => analysis
            .rules
            .get(name)
            .is_some_and(|rule| starts_with_soi(analysis, &rule.expr, depth + 1)),
        _ => false,
    }
}

fn targets(analysis: &Analysis, names: &Names) -> Option<Targets> {
    let star = |name: &str| star_tokens(analysis, &analysis.rules.get(name)?.expr, 0);
    let mut path = star(names.segment)?;
    path.bytes.insert(usize::from(b'/'));
    Some(Targets {
        userinfo: star(names.userinfo)?,
        path,
        query: star(names.query)?,
        fragment: star(names.fragment)?,
    })
}

/// The tokens of `e` where `e` is a repetition of single characters and
/// percent-encoded triples (`*( unreserved / pct-encoded / ... )`): then
/// every text made of them is a match of `e`, as each token matches one
/// alternative and no alternative starts another's token (a `%` stands
/// only in a triple). `None` for any other shape.
fn star_tokens(analysis: &Analysis, e: &Ir, depth: usize) -> Option<Tokens> {
    fn alternative(analysis: &Analysis, e: &Ir, depth: usize) -> Option<Tokens> {
        match e {
            // Characters above ASCII count for nothing: a text that can
            // hold one is within no target.
            Ir::Class(class) if !class.ascii_bytes().contains(usize::from(b'%')) => Some(Tokens {
                bytes: class.ascii_bytes(),
                ..Tokens::none()
            }),
            Ir::Seq(items) if is_pct_triple(items) => Some(Tokens {
                pct: true,
                ..Tokens::none()
            }),
            Ir::Choice(items) => items.iter().try_fold(Tokens::none(), |all, item| {
                Some(all.union(alternative(analysis, item, depth)?))
            }),
            Ir::Call(name) if depth < MAX_DEPTH => {
                let rule = analysis.rules.get(name)?;
                (rule.ty == RuleType::Silent)
                    .then(|| alternative(analysis, &rule.expr, depth + 1))?
            }
            _ => None,
        }
    }
    match e {
        Ir::Rep(inner) => alternative(analysis, inner, depth),
        Ir::Call(name) if depth < MAX_DEPTH => {
            let rule = analysis.rules.get(name)?;
            (rule.ty == RuleType::Silent).then(|| star_tokens(analysis, &rule.expr, depth + 1))?
        }
        _ => None,
    }
}

/// Whether `items` is `"%" HEXDIG HEXDIG`.
fn is_pct_triple(items: &[Ir]) -> bool {
    let hex = CharSet::range('0', '9')
        .union(&CharSet::range('a', 'f'))
        .union(&CharSet::range('A', 'F'));
    match items {
        [Ir::Class(percent), Ir::Class(a), Ir::Class(b)] => {
            *percent == CharSet::char('%') && *a == hex && *b == hex
        }
        _ => false,
    }
}

/// The tokens a match of `e` can hold, through the rules it calls; a
/// lookahead holds none.
fn tokens(analysis: &Analysis, e: &Ir, memo: &mut HashMap<String, Tokens>) -> Tokens {
    match e {
        Ir::Empty | Ir::Soi | Ir::Pos(_) | Ir::Neg(_) => Tokens::none(),
        Ir::Class(class) => Tokens {
            bytes: class.ascii_bytes(),
            pct: false,
            other: !class.is_ascii(),
        },
        Ir::Str(text) | Ir::Insens(text) => {
            if !text.is_ascii() {
                return Tokens::other();
            }
            let mut all = Tokens::none();
            for byte in text.bytes() {
                all = all.union(Tokens::byte(byte));
                if matches!(e, Ir::Insens(_)) {
                    all = all.union(Tokens::byte(byte.to_ascii_uppercase()));
                    all = all.union(Tokens::byte(byte.to_ascii_lowercase()));
                }
            }
            all
        }
        Ir::Any | Ir::Unicode(_) | Ir::SkipUntil(_) => Tokens::other(),
        Ir::Call(name) if name == EOI => Tokens::none(),
        Ir::Call(name) => {
            if let Some(&known) = memo.get(name) {
                return known;
            }
            // A rule met again inside itself adds nothing its first
            // visit does not: the least fixpoint of the union.
            memo.insert(name.clone(), Tokens::none());
            let found = match analysis.rules.get(name) {
                Some(rule) => tokens(analysis, &rule.expr, memo),
                None => Tokens::other(),
            };
            memo.insert(name.clone(), found);
            found
        }
        Ir::Seq(items) => {
            let mut all = Tokens::none();
            let mut i = 0;
            while i < items.len() {
                if items.len() - i >= 3 && is_pct_triple(&items[i..i + 3]) {
                    all.pct = true;
                    i += 3;
                } else {
                    all = all.union(tokens(analysis, &items[i], memo));
                    i += 1;
                }
            }
            all
        }
        Ir::Choice(items) => items.iter().fold(Tokens::none(), |all, item| {
            all.union(tokens(analysis, item, memo))
        }),
        Ir::Opt(inner) | Ir::Rep(inner) => tokens(analysis, inner, memo),
    }
}

impl Prover<'_> {
    /// The layouts of rule `name`, matched as an entry; `None` where they
    /// cannot be listed.
    fn layouts(&self, name: &str) -> Option<Vec<Layout>> {
        let rule = &self.analysis.rules[name];
        let layouts = self.expand(&rule.expr, body_ctx(Ctx::Record, rule.ty), 0)?;
        Some(if records(Ctx::Record, rule.ty) {
            layouts.into_iter().map(wrap).collect()
        } else {
            layouts
        })
    }

    /// The layouts of `e` matched in `ctx`; `None` where they cannot be
    /// listed.
    fn expand(&self, e: &Ir, ctx: Ctx, depth: usize) -> Option<Vec<Layout>> {
        if depth > MAX_DEPTH {
            return None;
        }
        let one = |atoms: Layout| Some(vec![atoms]);
        let text = |e: &Ir| Atom::Text {
            tokens: tokens(self.analysis, e, &mut HashMap::new()),
            nonempty: !self.analysis.nullable(e),
        };
        match e {
            Ir::Empty | Ir::Pos(_) | Ir::Neg(_) => one(Vec::new()),
            Ir::Soi => one(vec![Atom::Soi]),
            Ir::Call(name) if name == EOI => one(vec![Atom::Eoi]),
            Ir::Class(class) => {
                let bytes: Vec<u8> = class.ascii_bytes().bytes().collect();
                match bytes.as_slice() {
                    [byte] if class.is_ascii() => one(vec![Atom::Lit {
                        byte: *byte,
                        insensitive: false,
                    }]),
                    [upper, lower]
                        if class.is_ascii()
                            && upper.is_ascii_uppercase()
                            && *lower == upper.to_ascii_lowercase() =>
                    {
                        one(vec![Atom::Lit {
                            byte: *lower,
                            insensitive: true,
                        }])
                    }
                    _ => one(vec![text(e)]),
                }
            }
            Ir::Str(s) | Ir::Insens(s) if s.is_ascii() => {
                let insensitive = matches!(e, Ir::Insens(_));
                one(s
                    .bytes()
                    .map(|byte| Atom::Lit {
                        byte: if insensitive {
                            byte.to_ascii_lowercase()
                        } else {
                            byte
                        },
                        insensitive: insensitive && byte.is_ascii_alphabetic(),
                    })
                    .collect())
            }
            Ir::Str(_) | Ir::Insens(_) | Ir::Any | Ir::Unicode(_) | Ir::SkipUntil(_) => {
                one(vec![Atom::Text {
                    tokens: Tokens::other(),
                    nonempty: false,
                }])
            }
            Ir::Call(name) => self.expand_call(name, ctx, depth),
            Ir::Choice(_) if ctx == Ctx::Record && self.is_host(e) => one(vec![Atom::Host]),
            _ if self.analysis.max_pairs(e, ctx) == Some(0) && !matches!(e, Ir::Seq(_)) => {
                // Text that records nothing, of more than one shape: what
                // it can hold is all that is read of it.
                one(vec![text(e)])
            }
            Ir::Seq(items) => {
                let mut all = vec![Vec::new()];
                for item in items {
                    let next = self.expand(item, ctx, depth)?;
                    let mut product = Vec::new();
                    for head in &all {
                        for tail in &next {
                            let mut joined = head.clone();
                            joined.extend(tail.iter().cloned());
                            product.push(joined);
                        }
                    }
                    if product.len() > MAX_LAYOUTS {
                        return None;
                    }
                    all = product;
                }
                Some(all)
            }
            Ir::Choice(items) => {
                let mut all = Vec::new();
                for item in items {
                    all.extend(self.expand(item, ctx, depth)?);
                    if all.len() > MAX_LAYOUTS {
                        return None;
                    }
                }
                Some(all)
            }
            Ir::Opt(inner) => {
                let mut all = self.expand(inner, ctx, depth)?;
                all.push(Vec::new());
                Some(all)
            }
            // A repetition that records pairs: they cannot be listed, but
            // where none of them is an RFC rule's (no slot is filled from
            // them), the repetition is one stretch of text, whose pairs
            // nest inside it, and so inside whatever component holds it.
            Ir::Rep(inner) => {
                let once = self.expand(inner, ctx, depth)?;
                let plain = once.iter().flatten().all(|atom| {
                    matches!(
                        atom,
                        Atom::Lit { .. } | Atom::Text { .. } | Atom::Open | Atom::Close
                    )
                });
                plain.then(|| vec![vec![text(e)]])
            }
        }
    }

    fn expand_call(&self, name: &str, ctx: Ctx, depth: usize) -> Option<Vec<Layout>> {
        let rule = self.analysis.rules.get(name)?;
        if name == self.names.host && ctx == Ctx::Record {
            return Some(vec![vec![Atom::Host]]);
        }
        let recorded = records(ctx, rule.ty);
        if recorded {
            if let Some(part) = self.names.part(name) {
                return Some(vec![vec![Atom::Comp(part)]]);
            }
        }
        let inner = body_ctx(ctx, rule.ty);
        let body = self.expand(&rule.expr, inner, depth + 1)?;
        Some(if recorded {
            body.into_iter().map(wrap).collect()
        } else {
            body
        })
    }

    /// Whether `e` is the grammar's `host` rule, inlined: the choice of
    /// `IP-literal`, `IPv4address` and `reg-name`, in that order.
    fn is_host(&self, e: &Ir) -> bool {
        self.analysis
            .rules
            .get(self.names.host)
            .is_some_and(|host| host.expr == *e)
    }

    /// Whether `layout`, a whole match, reads as the generic grammar reads
    /// it, and each of its pairs holds all of a component or none of it.
    fn reads(&self, layout: &[Atom]) -> bool {
        self.nests_with(layout, |atoms| self.label(atoms))
    }

    /// Whether each pair of `layout`, a whole match, holds all of each
    /// component of the generic reading or none of it, where the
    /// delimiters alone place the components
    /// ([`place`](Self::place)).
    fn nests(&self, layout: &[Atom]) -> bool {
        self.nests_with(layout, |atoms| self.place(atoms))
    }

    /// Whether `layout`, a whole match from `SOI` to `EOI` whose steps
    /// (but `SOI` and `EOI`) `label` gives the components of, has each of
    /// its pairs hold all of a component or none of it.
    fn nests_with(
        &self,
        layout: &[Atom],
        label: impl FnOnce(&[&Atom]) -> Option<Vec<Label>>,
    ) -> bool {
        // The steps that are text or components, with their places in the
        // layout; the pairs' starts and ends are checked last.
        let items: Vec<(usize, &Atom)> = layout
            .iter()
            .enumerate()
            .filter(|(_, atom)| !matches!(atom, Atom::Open | Atom::Close))
            .collect();
        let (Some((_, Atom::Soi)), Some((_, Atom::Eoi))) = (items.first(), items.last()) else {
            return false;
        };
        let items = &items[1..items.len() - 1];
        let atoms: Vec<&Atom> = items.iter().map(|&(_, atom)| atom).collect();
        let Some(labels) = label(&atoms) else {
            return false;
        };
        // Each pair holds all of a component's steps or none of them.
        let mut open = Vec::new();
        for (at, atom) in layout.iter().enumerate() {
            match atom {
                Atom::Open => open.push(at),
                Atom::Close => {
                    let Some(start) = open.pop() else {
                        return false;
                    };
                    // Where the pair and a component overlap, one holds
                    // the other: the pair lies inside the component (it
                    // holds nothing else), or holds all of it.
                    let inside = |place: usize| start < place && place < at;
                    let held = items.iter().filter(|&&(place, _)| inside(place)).count();
                    for label in [
                        Label::Scheme,
                        Label::Authority,
                        Label::Userinfo,
                        Label::Host,
                        Label::Port,
                        Label::Path,
                        Label::Query,
                        Label::Fragment,
                    ] {
                        let of_label = || {
                            items
                                .iter()
                                .zip(&labels)
                                .filter(move |(_, &l)| l == label)
                                .map(|(&(place, _), _)| place)
                        };
                        let shared = of_label().filter(|&place| inside(place)).count();
                        if shared != 0 && shared != held && shared != of_label().count() {
                            return false;
                        }
                    }
                }
                _ => {}
            }
        }
        open.is_empty()
    }

    /// The component of each step of a whole match (`SOI` and `EOI` left
    /// out), where the generic grammar reads the same components there and
    /// the lowering finds them as it reads the slots; `None` otherwise.
    fn label(&self, atoms: &[&Atom]) -> Option<Vec<Label>> {
        let mut labels = vec![Label::Delimiter; atoms.len()];
        let lit = |at: usize, want: u8| atoms.get(at).is_some_and(|atom| is_lit(atom, want));
        let mut at = self.scheme(atoms, &mut labels)?;

        // The authority: its pair, or `//`, a userinfo and `@`, the host,
        // and a `:` and the port.
        let rest = &atoms[at..];
        let inside_authority = |atom: &Atom| {
            matches!(
                atom,
                Atom::Host | Atom::Comp(Part::Authority | Part::Userinfo | Part::Port)
            )
        };
        if rest
            .iter()
            .any(|atom| matches!(atom, Atom::Comp(Part::HostValue)))
        {
            return None;
        }
        let authority = rest.iter().any(|atom| inside_authority(atom));
        if authority {
            if !(lit(at, b'/') && lit(at + 1, b'/')) {
                return None;
            }
            at += 2;
            if let Some(Atom::Comp(Part::Authority)) = atoms.get(at) {
                labels[at] = Label::Authority;
                at += 1;
            } else {
                let host = at + atoms[at..].iter().position(|atom| **atom == Atom::Host)?;
                if host > at {
                    // A userinfo, then "@".
                    if !lit(host - 1, b'@') {
                        return None;
                    }
                    let userinfo = &atoms[at..host - 1];
                    let whole = matches!(userinfo, [Atom::Comp(Part::Userinfo)]);
                    if !whole && !self.text_within(userinfo, self.targets.userinfo) {
                        return None;
                    }
                    labels[at..host - 1].fill(Label::Userinfo);
                }
                labels[host] = Label::Host;
                at = host + 1;
                if lit(at, b':') {
                    if !matches!(atoms.get(at + 1), Some(Atom::Comp(Part::Port))) {
                        return None;
                    }
                    labels[at + 1] = Label::Port;
                    at += 2;
                }
            }
            if atoms[at..].iter().any(|atom| inside_authority(atom)) {
                return None;
            }
        }

        // The path, up to the first "?" or "#".
        let end = |from: usize, stops: &[u8], comps: &[Part]| {
            (from..atoms.len())
                .find(|&i| {
                    stops.iter().any(|&stop| lit(i, stop))
                        || matches!(atoms[i], Atom::Comp(part) if comps.contains(part))
                })
                .unwrap_or(atoms.len())
        };
        let path_end = end(at, b"?#", &[Part::Query, Part::Fragment]);
        let path = &atoms[at..path_end];
        match path {
            [Atom::Comp(part @ Part::Path { .. })] => {
                if !part.is_path_read(authority) {
                    return None;
                }
            }
            _ => {
                if !self.text_within(path, self.targets.path) {
                    return None;
                }
                let starts_with_slash = matches!(path.first(), Some(Atom::Lit { byte: b'/', .. }));
                if authority {
                    // Empty, or "/" first.
                    if !path.is_empty() && !starts_with_slash {
                        return None;
                    }
                } else if !self.no_double_slash(path) {
                    return None;
                }
            }
        }
        labels[at..path_end].fill(Label::Path);
        at = path_end;

        // The query, after "?", up to the first "#"; the fragment, after
        // "#", to the end.
        if lit(at, b'?') {
            let query_end = end(at + 1, b"#", &[Part::Fragment]);
            let query = &atoms[at + 1..query_end];
            if !matches!(query, [Atom::Comp(Part::Query)])
                && !self.text_within(query, self.targets.query)
            {
                return None;
            }
            labels[at + 1..query_end].fill(Label::Query);
            at = query_end;
        }
        if lit(at, b'#') {
            let fragment = &atoms[at + 1..];
            if !matches!(fragment, [Atom::Comp(Part::Fragment)])
                && !self.text_within(fragment, self.targets.fragment)
            {
                return None;
            }
            labels[at + 1..].fill(Label::Fragment);
            at = atoms.len();
        }
        (at == atoms.len()).then_some(labels)
    }

    /// Labels the scheme of a whole match's steps `atoms`: its pair, or
    /// literal bytes up to the first ":", which the grammar's `scheme`
    /// rule matches in every case. The place after the ":"; `None` where
    /// the match does not start so.
    fn scheme(&self, atoms: &[&Atom], labels: &mut [Label]) -> Option<usize> {
        let mut at = 0;
        if let Some(Atom::Comp(Part::Scheme)) = atoms.first() {
            labels[0] = Label::Scheme;
            at = 1;
        } else {
            let mut letters = Vec::new();
            while let Some(Atom::Lit { byte, insensitive }) = atoms.get(at) {
                if *byte == b':' && !insensitive {
                    break;
                }
                if matches!(byte, b'/' | b'?' | b'#') {
                    return None;
                }
                letters.push((*byte, *insensitive));
                labels[at] = Label::Scheme;
                at += 1;
            }
            if letters.is_empty() || !self.is_scheme(&letters) {
                return None;
            }
        }
        atoms
            .get(at)
            .is_some_and(|atom| is_lit(atom, b':'))
            .then_some(at + 1)
    }

    /// The component of each step of a whole match (`SOI` and `EOI` left
    /// out) as the generic grammar reads its text, where the literal
    /// delimiters alone place them: each other step cannot hold the byte
    /// that would end its component there. Unlike [`label`](Self::label),
    /// this asks nothing of what the components hold, or of how the
    /// lowering finds them: a text the generic grammar does not accept is
    /// no reference, and no pair of it is compared with a component.
    ///
    /// - The scheme is as [`label`](Self::label) reads it.
    /// - An authority follows where `//` does, up to the first step that can
    ///   hold `/`, `?` or `#`, which must be a literal `/`, or the path's
    ///   pair, or `?`, `#` or the end. In it, a userinfo up to the one
    ///   literal `@`, where no other step can hold one; then the grammar's
    ///   `host` alone, or steps that cannot hold `:`; then, after a literal
    ///   `:`, a port of digits.
    /// - The path, up to the first literal `?` or `#`, where no step can
    ///   hold either; without an authority, it cannot start with `//`.
    /// - The query, up to the first literal `#`, where no step can hold
    ///   one; the fragment, to the end.
    fn place(&self, atoms: &[&Atom]) -> Option<Vec<Label>> {
        let mut labels = vec![Label::Delimiter; atoms.len()];
        let lit = |at: usize, want: u8| atoms.get(at).is_some_and(|atom| is_lit(atom, want));
        let free_of = |from: usize, to: usize, bytes: &[u8]| {
            atoms[from..to]
                .iter()
                .all(|atom| self.cannot_hold(atom, bytes))
        };
        let mut at = self.scheme(atoms, &mut labels)?;

        let authority = lit(at, b'/') && lit(at + 1, b'/');
        if authority {
            at += 2;
            let end = (at..atoms.len())
                .find(|&i| !free_of(i, i + 1, b"/?#"))
                .unwrap_or(atoms.len());
            self.place_authority(&atoms[at..end], &mut labels[at..end])?;
            at = end;
        }

        let path_end = (at..atoms.len())
            .find(|&i| lit(i, b'?') || lit(i, b'#'))
            .unwrap_or(atoms.len());
        if !free_of(at, path_end, b"?#") {
            return None;
        }
        let path = &atoms[at..path_end];
        let starts_right = match path {
            [] => true,
            [Atom::Comp(part @ Part::Path { .. })] => part.is_path_read(authority),
            [Atom::Lit { byte: b'/', .. }, ..] if authority => true,
            _ => !authority && self.no_double_slash(path),
        };
        if !starts_right {
            return None;
        }
        labels[at..path_end].fill(Label::Path);
        at = path_end;

        if lit(at, b'?') {
            let query_end = (at + 1..atoms.len())
                .find(|&i| lit(i, b'#'))
                .unwrap_or(atoms.len());
            if !free_of(at + 1, query_end, b"#") {
                return None;
            }
            labels[at + 1..query_end].fill(Label::Query);
            at = query_end;
        }
        if lit(at, b'#') {
            labels[at + 1..].fill(Label::Fragment);
        }
        Some(labels)
    }

    /// Labels the steps `atoms` of an authority that no step but a literal
    /// delimiter can end ([`place`](Self::place)); `None` where the
    /// delimiters do not place its parts.
    fn place_authority(&self, atoms: &[&Atom], labels: &mut [Label]) -> Option<()> {
        if let [Atom::Comp(Part::Authority)] = atoms {
            labels[0] = Label::Authority;
            return Some(());
        }
        let lit = |atom: &Atom, want: u8| is_lit(atom, want);
        let free_of =
            |atoms: &[&Atom], byte: u8| atoms.iter().all(|atom| self.cannot_hold(atom, &[byte]));
        // The userinfo: what comes before the one "@". The generic
        // grammar's userinfo cannot hold one, and its host and port cannot
        // either, so a reference it reads from this text ends its userinfo
        // there.
        let mut from = 0;
        if let Some(at) = atoms.iter().position(|atom| lit(atom, b'@')) {
            labels[..at].fill(Label::Userinfo);
            from = at + 1;
        }
        let (before, rest) = atoms.split_at(from);
        let others = before.iter().take(from.saturating_sub(1));
        if !others.chain(rest).all(|atom| self.cannot_hold(atom, b"@")) {
            return None;
        }
        // The host, up to a ":" and the port's digits; the grammar's
        // `host` can hold a ":" only inside brackets, and matches here
        // what the generic grammar's host does.
        let host_end = match rest {
            [Atom::Host, ..] => 1,
            _ => rest
                .iter()
                .position(|atom| lit(atom, b':'))
                .unwrap_or(rest.len()),
        };
        if !free_of(&rest[..host_end], b':') && !matches!(rest, [Atom::Host, ..]) {
            return None;
        }
        labels[from..from + host_end].fill(Label::Host);
        let port = &rest[host_end..];
        match port {
            [] => Some(()),
            [colon, digits @ ..] if lit(colon, b':') => {
                let digit = Tokens {
                    bytes: CharSet::range('0', '9').ascii_bytes(),
                    ..Tokens::none()
                };
                if !digits.iter().all(|atom| self.held(atom).within(digit)) {
                    return None;
                }
                labels[from + host_end + 1..].fill(Label::Port);
                Some(())
            }
            _ => None,
        }
    }

    /// Whether a step can hold none of `bytes`.
    fn cannot_hold(&self, atom: &Atom, bytes: &[u8]) -> bool {
        let held = self.held(atom);
        bytes.iter().all(|&byte| !held.can_hold(byte))
    }

    /// What a step can hold: a pair of an RFC rule whatever the rules of
    /// its component can.
    fn held(&self, atom: &Atom) -> Tokens {
        match atom {
            Atom::Lit { byte, insensitive } => {
                let held = Tokens::byte(*byte);
                if *insensitive {
                    held.union(Tokens::byte(byte.to_ascii_uppercase()))
                } else {
                    held
                }
            }
            Atom::Text { tokens, .. } => *tokens,
            Atom::Comp(part) => {
                let mut held = self.held_by_parts.iter().filter(|(of, _)| of == part);
                held.next().map_or(Tokens::other(), |&(_, first)| {
                    held.fold(first, |all, &(_, more)| all.union(more))
                })
            }
            Atom::Host => self.held_by_host.unwrap_or(Tokens::other()),
            Atom::Soi | Atom::Eoi | Atom::Open | Atom::Close => Tokens::none(),
        }
    }

    /// Whether `atoms` are literal bytes and text made of `target`'s
    /// tokens only.
    fn text_within(&self, atoms: &[&Atom], target: Tokens) -> bool {
        atoms.iter().all(|atom| {
            matches!(atom, Atom::Lit { .. } | Atom::Text { .. }) && self.held(atom).within(target)
        })
    }

    /// Whether a path without an authority, laid out as `path`, cannot
    /// start with `//` (the generic grammar would read an authority): its
    /// first two bytes, through text that may be empty.
    fn no_double_slash(&self, path: &[&Atom]) -> bool {
        let mut after_slash = false;
        for atom in path {
            match atom {
                Atom::Lit { byte: b'/', .. } if !after_slash => after_slash = true,
                Atom::Lit { byte, .. } => return *byte != b'/',
                Atom::Text { tokens, nonempty } => {
                    if tokens.can_hold(b'/') {
                        return false;
                    }
                    if *nonempty {
                        return true;
                    }
                }
                // A pair that cannot hold "/", and may be empty.
                _ => {
                    if self.held(atom).can_hold(b'/') {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Whether the literal scheme `letters` (each a byte, and whether it
    /// is a letter in either case) is a match of the grammar's `scheme`
    /// rule, in every combination of cases.
    fn is_scheme(&self, letters: &[(u8, bool)]) -> bool {
        let Some(scheme) = self.analysis.rules.get("scheme") else {
            return false;
        };
        let free: Vec<usize> = (0..letters.len()).filter(|&i| letters[i].1).collect();
        if free.len() > MAX_SCHEME_LETTERS {
            return false;
        }
        (0..1u32 << free.len()).all(|cases| {
            let mut text: Vec<u8> = letters.iter().map(|&(byte, _)| byte).collect();
            for (bit, &i) in free.iter().enumerate() {
                if cases & (1 << bit) != 0 {
                    text[i] = text[i].to_ascii_uppercase();
                }
            }
            matches!(run(self.analysis, &scheme.expr, &text, 0, 0), Ok(Some(end)) if end == text.len())
        })
    }
}

/// A layout recorded as one pair: its start and end around it.
fn wrap(layout: Layout) -> Layout {
    let mut wrapped = Vec::with_capacity(layout.len() + 2);
    wrapped.push(Atom::Open);
    wrapped.extend(layout);
    wrapped.push(Atom::Close);
    wrapped
}

/// What each step of a match is read as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Label {
    /// A delimiter, or nothing of a component.
    Delimiter,
    Scheme,
    Authority,
    Userinfo,
    Host,
    Port,
    Path,
    Query,
    Fragment,
}

/// Matches `e` against ASCII `text` from `pos` as pest does (ordered
/// choice, greedy repetition, lookahead that consumes nothing): the end,
/// `None` where it fails, `Err` where this matcher cannot say (a Unicode
/// property, or too deep).
fn run(
    analysis: &Analysis,
    e: &Ir,
    text: &[u8],
    pos: usize,
    depth: usize,
) -> Result<Option<usize>, ()> {
    if depth > MAX_DEPTH * 4 {
        return Err(());
    }
    let next = text.get(pos).copied();
    Ok(match e {
        Ir::Empty => Some(pos),
        Ir::Soi => (pos == 0).then_some(pos),
        Ir::Class(class) => next
            .filter(|&byte| class.ascii_bytes().contains(usize::from(byte)))
            .map(|_| pos + 1),
        Ir::Str(s) => text[pos..].starts_with(s.as_bytes()).then(|| pos + s.len()),
        Ir::Insens(s) => text
            .get(pos..pos + s.len())
            .filter(|window| window.eq_ignore_ascii_case(s.as_bytes()))
            .map(|_| pos + s.len()),
        Ir::Any => next.map(|_| pos + 1),
        Ir::Unicode(_) | Ir::SkipUntil(_) => return Err(()),
        Ir::Call(name) if name == EOI => (pos == text.len()).then_some(pos),
        Ir::Call(name) => {
            let rule = analysis.rules.get(name).ok_or(())?;
            run(analysis, &rule.expr, text, pos, depth + 1)?
        }
        Ir::Seq(items) => {
            let mut at = pos;
            for item in items {
                match run(analysis, item, text, at, depth + 1)? {
                    Some(end) => at = end,
                    None => return Ok(None),
                }
            }
            Some(at)
        }
        Ir::Choice(items) => {
            for item in items {
                if let Some(end) = run(analysis, item, text, pos, depth + 1)? {
                    return Ok(Some(end));
                }
            }
            None
        }
        Ir::Opt(inner) => Some(run(analysis, inner, text, pos, depth + 1)?.unwrap_or(pos)),
        Ir::Rep(inner) => {
            let mut at = pos;
            while let Some(end) = run(analysis, inner, text, at, depth + 1)? {
                if end == at {
                    break;
                }
                at = end;
            }
            Some(at)
        }
        Ir::Pos(inner) => run(analysis, inner, text, pos, depth + 1)?.map(|_| pos),
        Ir::Neg(inner) => match run(analysis, inner, text, pos, depth + 1)? {
            Some(_) => None,
            None => Some(pos),
        },
    })
}

#[cfg(test)]
mod tests {
    use crate::compile::{compile_grammar, Options};
    use crate::{IRI_PEST, URI_PEST};

    /// The rules whose reading is proven, for `grammar` on top of uri.pest
    /// (and iri.pest where `iri`).
    fn read(iri: bool, grammar: &str) -> Vec<String> {
        compiled(iri, grammar).static_reading
    }

    /// The rules whose pairs are proven to nest with the components, for
    /// `grammar` on top of uri.pest.
    fn nest(grammar: &str) -> Vec<String> {
        compiled(false, grammar).pairs_nest
    }

    /// `grammar` on top of uri.pest (and iri.pest where `iri`), compiled.
    fn compiled(iri: bool, grammar: &str) -> crate::Compiled {
        let mut text = URI_PEST.to_string();
        if iri {
            text.push_str(IRI_PEST);
        }
        text.push_str(grammar);
        let options = Options {
            runtime: "rt",
            sources: &[],
            grammar_type: "G",
            starts: crate::compile::Starts::Every,
            role_macro: None,
            docs: None,
        };
        compile_grammar(&text, &options).unwrap()
    }

    #[test]
    fn the_generic_entries_read_statically_where_a_uri_is_whole() {
        assert_eq!(read(false, ""), ["uri_input"]);
    }

    /// The grammars of the benches, written as their specifications read.
    #[test]
    fn scheme_grammars_written_with_literals_read_statically() {
        let ssh = r#"
ssh_URI = ${ ^"ssh://" ~ (ssh_user ~ "@")? ~ host ~ (":" ~ port)? ~ path_abempty }
ssh_user = @{ (unreserved | pct_encoded | sub_delims)+ }
ssh_input = _{ SOI ~ ssh_URI ~ EOI }
"#;
        assert_eq!(read(false, ssh), ["uri_input", "ssh_input"]);
        let redis = r#"
redis_URI = ${ ^"redis://" ~ (credentials ~ "@")? ~ host ~ (":" ~ port)? ~ ("/" ~ db_number)? }
credentials = ${ user? ~ ":" ~ password }
user = @{ (unreserved | pct_encoded | sub_delims)+ }
password = @{ (unreserved | pct_encoded | sub_delims | ":")* }
db_number = @{ DIGIT+ }
redis_input = _{ SOI ~ redis_URI ~ EOI }
"#;
        assert_eq!(read(false, redis), ["uri_input", "redis_input"]);
        let s3 = r#"
s3_URI = ${ ^"s3://" ~ bucket ~ key ~ ("?" ~ version)? }
bucket = @{ (ASCII_ALPHANUMERIC | "-" | ".")+ }
key = ${ path_abempty }
version = ${ "versionId=" ~ version_id }
version_id = @{ (unreserved | pct_encoded)+ }
s3_input = _{ SOI ~ s3_URI ~ EOI }
"#;
        // The bucket is no `host`: the kind of host could differ.
        assert_eq!(read(false, s3), ["uri_input"]);
    }

    /// The crate's scheme grammars: http, mailto (whose addresses and
    /// header fields are repetitions of pairs, inside the path and the
    /// query) and urn are proven; file's UNC paths hold a host of their
    /// own after `////`.
    #[test]
    fn the_crates_scheme_grammars() {
        let scheme = |file: &str| {
            let path = format!("{}/../src/schemes/{file}", env!("CARGO_MANIFEST_DIR"));
            read(false, &std::fs::read_to_string(path).unwrap())
        };
        assert_eq!(scheme("http.pest"), ["uri_input", "http_input"]);
        assert_eq!(scheme("urn.pest"), ["uri_input", "urn_input"]);
        assert_eq!(scheme("mailto.pest"), ["uri_input", "mailto_input"]);
        assert_eq!(scheme("file.pest"), ["uri_input"]);
    }

    /// Where the reading is not proven, the pairs may still nest with the
    /// components wherever the delimiters place them: file's UNC paths
    /// (a host inside the path), and S3's bucket (a host that is no
    /// `host`). A tel number that can hold a "#" is no proof.
    #[test]
    fn pairs_nest_where_the_delimiters_place_the_components() {
        let text = |path: &str| {
            let path = format!("{}/../{path}", env!("CARGO_MANIFEST_DIR"));
            std::fs::read_to_string(path).unwrap()
        };
        assert_eq!(
            nest(&text("src/schemes/file.pest")),
            ["uri_input", "file_input"]
        );
        assert_eq!(
            nest(&text("src/schemes/http.pest")),
            ["uri_input", "http_input"]
        );
        assert_eq!(
            nest(&text("tests/grammars/user/s3.pest")),
            ["uri_input", "s3_input"]
        );
        assert_eq!(nest(&text("tests/grammars/user/tel.pest")), ["uri_input"]);
    }

    /// Shapes whose pairs may cross a component, or whose components the
    /// delimiters do not place; and the same shapes where they nest.
    #[test]
    fn pairs_that_may_cross_are_no_proof() {
        let cases = [
            // A "#" inside a pair: RFC 3986 starts a fragment there.
            r##"t = { SOI ~ "x:" ~ n ~ EOI }
n = { ("#" | DIGIT)+ }"##,
            // A pair across the path and the query.
            r#"t = { SOI ~ "x:" ~ ALPHA ~ q ~ EOI }
q = { ALPHA ~ "?" ~ ALPHA }"#,
            // A pair across the host and the port.
            r#"t = { SOI ~ "x://" ~ h ~ DIGIT* ~ EOI }
h = { ALPHA+ ~ ":" ~ DIGIT }"#,
            // A pair across the userinfo and the host.
            r#"t = { SOI ~ "x://a" ~ u ~ "b" ~ EOI }
u = { DIGIT ~ "@" ~ DIGIT }"#,
            // A second "@", in a pair: where the userinfo ends is not
            // placed by the literal one.
            r#"t = { SOI ~ "x://" ~ u ~ "@" ~ host ~ EOI }
u = { ALPHA ~ "@" ~ ALPHA }"#,
            // A host that can hold ":" outside `host`: where the port
            // starts is not placed.
            r#"t = { SOI ~ "x://" ~ h ~ EOI }
h = { (ALPHA | ":")+ }"#,
            // A port that can hold more than digits.
            r#"t = { SOI ~ "x://" ~ host ~ ":" ~ p ~ EOI }
p = { ALPHA+ }"#,
            // A pair across the host and the path: the host ends at its
            // "/".
            r#"t = { SOI ~ "x://" ~ h ~ p ~ EOI }
h = { ALPHA+ }
p = { DIGIT ~ "/" ~ DIGIT }"#,
            // A path after an authority that may not start with "/".
            r#"t = { SOI ~ "x://" ~ h ~ p ~ EOI }
h = { ALPHA+ }
p = { ("/" | DIGIT)+ }"#,
            // A path without an authority that can start with "//".
            r#"t = { SOI ~ "x:" ~ p ~ EOI }
p = { ("/" | ALPHA)* }"#,
            // A query that can hold a "#".
            r##"t = { SOI ~ "x:a?" ~ q ~ EOI }
q = { ("#" | ALPHA)* }"##,
        ];
        for grammar in cases {
            assert_eq!(nest(grammar), ["uri_input"], "{grammar}");
        }
        let proven = [
            r#"t = { SOI ~ "x:" ~ n ~ EOI }
n = { ("+" | DIGIT)+ }"#,
            r#"t = { SOI ~ "x:" ~ q ~ "?" ~ q ~ EOI }
q = { ALPHA+ }"#,
            r#"t = { SOI ~ "x://" ~ h ~ (":" ~ p)? ~ EOI }
h = { ALPHA+ }
p = { DIGIT+ }"#,
            r#"t = { SOI ~ "x://" ~ u ~ "@" ~ h ~ EOI }
u = { (ALPHA | ":")+ }
h = { ALPHA+ }"#,
            r#"t = { SOI ~ "x://" ~ h ~ "/" ~ p ~ EOI }
h = { ALPHA+ }
p = { DIGIT+ }"#,
            r#"t = { SOI ~ "x:" ~ p ~ EOI }
p = { ALPHA ~ ("/" | ALPHA)* }"#,
            // A host inside the path, as file's UNC paths hold one.
            r#"t = { SOI ~ "x:////" ~ h ~ path_absolute ~ EOI }
h = { reg_name }"#,
        ];
        for grammar in proven {
            assert_eq!(nest(grammar), ["uri_input", "t"], "{grammar}");
        }
    }

    /// What the generic grammar would read otherwise is no proof.
    #[test]
    fn a_grammar_that_reads_otherwise_is_not_proven() {
        let cases = [
            // A "#" inside the path: RFC 3986 starts a fragment there.
            r##"t = { SOI ~ ^"tel:" ~ ("#" | DIGIT)+ ~ EOI }"##,
            // A "%" that is no percent-encoded triple.
            r#"t = { SOI ~ "x://" ~ u ~ "@" ~ host ~ EOI }
u = @{ (ALPHA | "%")* }"#,
            // A path without an authority that can start with "//".
            r#"t = { SOI ~ "x:" ~ ("/" | ALPHA)* ~ EOI }"#,
            // A host that is not `host`: an IPv4 address read as a name.
            r#"t = { SOI ~ "x://" ~ reg_name ~ EOI }"#,
            // A pair across the path and the query.
            r#"t = { SOI ~ "x:" ~ ALPHA ~ q ~ EOI }
q = { ALPHA ~ "?" ~ ALPHA }"#,
            // A scheme the `scheme` rule does not match.
            r#"t = { SOI ~ "1x://" ~ host ~ EOI }"#,
            // No EOI, as a grammar that allows the lint may have it.
            "// #[allow(missing_eoi)]: what is tested\nt = { SOI ~ \"x://\" ~ host }",
            // A repetition of pairs, one of which holds a "?".
            r#"t = { SOI ~ "x:" ~ p* ~ EOI }
p = { ALPHA ~ "?"? }"#,
            // A repetition of RFC rules' pairs.
            r#"t = { SOI ~ "x://" ~ host ~ ("/" ~ query)* ~ EOI }"#,
            // A userinfo with a "/", which ends an authority.
            r#"t = { SOI ~ "x://" ~ ("a" | "/")+ ~ "@" ~ host ~ EOI }"#,
        ];
        for grammar in cases {
            assert_eq!(read(false, grammar), ["uri_input"], "{grammar}");
        }
        // The same shapes, where they hold.
        let proven = [
            r#"t = { SOI ~ ^"tel:" ~ ("+" | DIGIT)+ ~ EOI }"#,
            r#"t = { SOI ~ "x://" ~ u ~ "@" ~ host ~ EOI }
u = @{ (ALPHA | pct_encoded)* }"#,
            r#"t = { SOI ~ "x:/" ~ ALPHA ~ ("/" | ALPHA)* ~ EOI }"#,
            r#"t = { SOI ~ "x:" ~ q ~ "?" ~ q ~ EOI }
q = { ALPHA+ }"#,
            r#"t = { SOI ~ "x:" ~ p ~ ("," ~ p)* ~ EOI }
p = { ALPHA+ ~ "@" ~ ALPHA+ }"#,
        ];
        for grammar in proven {
            assert_eq!(read(false, grammar), ["uri_input", "t"], "{grammar}");
        }
    }

    #[test]
    fn iri_grammars_read_statically_too() {
        let grammar = r#"t = { SOI ~ ^"x://" ~ ihost ~ ipath_abempty ~ EOI }"#;
        assert_eq!(read(true, grammar), ["iri_input", "t"]);
    }
}
