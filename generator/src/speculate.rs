//! A failed optional prefix, proved by what follows it: which sequences
//! the fast variant may match from their second item first.
//!
//! A sequence `(u ~ d)? ~ rest`, where `u` is a greedy run (`(C | t)*`,
//! `C` a class of ASCII characters and each `t` starting outside `C`) and
//! `d` a class, tries `u ~ d` at a position and, where it fails, matches
//! `rest` from that same position. When every text `rest` can match is
//! text of the run (its bytes are in `C` or are matches of a `t`), the
//! run of `u` from that position reads at least as far as `rest` did; so
//! where `rest` ends at a byte that neither continues the run (in `C`, or
//! the start of a `t`) nor is in `d`, the run ends there too and `u ~ d`
//! fails. pest's parse is then `rest`'s match, which the fast variant can
//! take without reading the text twice: RFC 3986's `authority`, whose
//! `(userinfo "@")?` reads the host and port that `host (":" port)?`
//! then reads again, in every grammar that has it.
//!
//! Where the byte after `rest` does not prove it (a `@` follows: there is
//! a userinfo), the pairs `rest` recorded are dropped and the sequence is
//! matched as written, so pest's result is kept in every case; the
//! diagnostic variants always match as written, as their attempts are
//! pest's.

use super::analysis::Analysis;
use super::ir::Ir;
use super::sets::{ByteSet, CharSet, END};

/// What the fast variant needs to match a sequence from its second item
/// first ([`speculation`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Speculation {
    /// The bytes on which the prefix is tried: its guard.
    pub lead: ByteSet,
    /// The bytes that, standing where the rest of the sequence ended, leave
    /// the prefix's fate open: the run's class, the first bytes of its
    /// other alternatives, and the prefix's last class.
    pub open: ByteSet,
}

/// The run `(C | t1 | ...)*` of a prefix: its class and its other
/// alternatives.
struct Run<'a> {
    class: ByteSet,
    tails: &'a [Ir],
}

/// How deep [`within`] follows calls: a grammar's rules call each other
/// a few levels deep where this applies (`host`, `reg_name`); a deeper or
/// recursive nest is not proved, and matched as written.
const DEPTH: usize = 8;

/// Whether the fast variant may match `items` (a sequence) from its second
/// item first, and what it tests then.
pub(crate) fn speculation(items: &[Ir], analysis: &Analysis) -> Option<Speculation> {
    let (Ir::Opt(prefix), rest) = items.split_first()? else {
        return None;
    };
    if rest.is_empty() {
        return None;
    }
    let Ir::Seq(parts) = &**prefix else {
        return None;
    };
    let [u, Ir::Class(last)] = parts.as_slice() else {
        return None;
    };
    let run = run_of(u, analysis, 0)?;
    let mut open = run.class.union(&ascii(last)?);
    for tail in run.tails {
        let first = analysis.guard(tail).without_end();
        if !first.is_disjoint(&run.class) {
            return None;
        }
        open = open.union(&first);
    }
    let lead = analysis.guard(prefix);
    let fits = rest
        .iter()
        .enumerate()
        .all(|(k, item)| within(item, (k == 0).then_some(&lead), &run, analysis, 0));
    fits.then_some(Speculation { lead, open })
}

/// The run `e` is, through calls: a repetition of a class of ASCII
/// characters, or of a choice whose first alternative is one.
fn run_of<'a>(e: &'a Ir, analysis: &'a Analysis, depth: usize) -> Option<Run<'a>> {
    match e {
        Ir::Call(name) if depth < DEPTH => {
            run_of(&analysis.rules.get(name)?.expr, analysis, depth + 1)
        }
        Ir::Rep(inner) => match &**inner {
            Ir::Class(class) => Some(Run {
                class: ascii(class)?,
                tails: &[],
            }),
            Ir::Choice(items) => match items.split_first()? {
                (Ir::Class(class), tails) => Some(Run {
                    class: ascii(class)?,
                    tails,
                }),
                _ => None,
            },
            _ => None,
        },
        _ => None,
    }
}

/// The bytes of `class`, if it has only ASCII characters.
fn ascii(class: &CharSet) -> Option<ByteSet> {
    class.is_ascii().then(|| class.ascii_bytes())
}

/// Whether every text `e` can match is text of `run`: bytes of its class
/// and matches of its other alternatives. At the position where the
/// sequence starts (`lead`, the bytes the prefix is tried on), a choice's
/// alternatives that cannot start on those bytes are left out.
fn within(
    e: &Ir,
    lead: Option<&ByteSet>,
    run: &Run<'_>,
    analysis: &Analysis,
    depth: usize,
) -> bool {
    if run.tails.contains(e) {
        return true;
    }
    let bytes_in = |bytes: &[u8]| bytes.iter().all(|&b| run.class.contains(usize::from(b)));
    match e {
        Ir::Empty | Ir::Soi | Ir::Pos(_) | Ir::Neg(_) => true,
        Ir::Class(class) => ascii(class).is_some_and(|set| set.intersection(&run.class) == set),
        Ir::Str(lit) => bytes_in(lit.as_bytes()),
        Ir::Insens(lit) => {
            bytes_in(lit.to_ascii_lowercase().as_bytes())
                && bytes_in(lit.to_ascii_uppercase().as_bytes())
        }
        Ir::Call(name) => {
            depth < DEPTH
                && analysis
                    .rules
                    .get(name)
                    .is_some_and(|rule| within(&rule.expr, lead, run, analysis, depth + 1))
        }
        Ir::Seq(items) => items
            .iter()
            .enumerate()
            .all(|(k, item)| within(item, lead.filter(|_| k == 0), run, analysis, depth)),
        Ir::Choice(items) => items.iter().all(|item| {
            let ruled_out = lead.is_some_and(|lead| {
                !analysis.nullable(item) && analysis.guard(item).is_disjoint(lead)
            });
            ruled_out || within(item, lead, run, analysis, depth)
        }),
        Ir::Opt(inner) => within(inner, lead, run, analysis, depth),
        Ir::Rep(inner) => within(inner, None, run, analysis, depth),
        Ir::Any | Ir::Unicode(_) | Ir::SkipUntil(_) => false,
    }
}

/// The test, at `pos`, that the prefix has failed: the next byte is not
/// in `open`, or the input ended.
pub(crate) fn proved(open: &ByteSet) -> ByteSet {
    let mut proved = ByteSet::all_bytes().intersection(&complement(open));
    proved.insert(END);
    proved
}

/// The bytes not in `set` (the end of input aside).
fn complement(set: &ByteSet) -> ByteSet {
    let mut out = ByteSet::empty();
    for b in 0..=255u8 {
        if !set.contains(usize::from(b)) {
            out.insert(usize::from(b));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{proved, speculation, Speculation};
    use crate::analysis::Analysis;
    use crate::compile::simplified;
    use crate::ir::{lowered, Ir};
    use crate::sets::END;

    const URI: &str = include_str!("../../uri.pest");

    /// What the fast variant tests to match rule `name` of `grammar` from
    /// its second item first, if it may: of the rules as the compiler
    /// simplifies them.
    fn of(grammar: &str, name: &str) -> Option<Speculation> {
        let rules = lowered(grammar);
        let before = Analysis::new(&rules);
        let analysis = Analysis::new(&simplified(rules, &before));
        match &analysis.rules[name].expr {
            Ir::Seq(items) => speculation(items, &analysis),
            _ => None,
        }
    }

    /// The ASCII characters among `bytes` (a byte set), in order.
    fn chars(bytes: &crate::sets::ByteSet) -> String {
        bytes.bytes().filter(u8::is_ascii).map(char::from).collect()
    }

    #[test]
    fn rfc3986_authority_is_matched_from_its_host() {
        let speculation = of(URI, "authority").expect("authority speculates");
        // The prefix `userinfo "@"` is tried on a userinfo byte, a `%` or
        // the `@`; it is left open by those and by the `@`.
        let userinfo =
            "!$&'()*+,-.0123456789:;=ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~";
        let mut expected: Vec<char> = format!("{userinfo}%@").chars().collect();
        expected.sort_unstable();
        let expected: String = expected.into_iter().collect();
        assert_eq!(chars(&speculation.lead), expected);
        assert_eq!(chars(&speculation.open), expected);
        let proof = proved(&speculation.open);
        assert!(proof.contains(END));
        for b in [b'/', b'?', b'#', b'[', b' ', 0xc3] {
            assert!(proof.contains(usize::from(b)), "{}", char::from(b));
        }
        for b in [b'@', b':', b'%', b'a'] {
            assert!(!proof.contains(usize::from(b)), "{}", char::from(b));
        }
    }

    #[test]
    fn the_rest_must_be_text_of_the_run() {
        let grammar = |rest: &str| {
            format!(
                "a = {{ (b ~ \"@\")? ~ c }}\nb = @{{ (ASCII_ALPHA | \":\")* }}\nc = @{{ {rest} }}"
            )
        };
        assert!(of(&grammar("ASCII_ALPHA* ~ (\":\" ~ ASCII_ALPHA*)?"), "a").is_some());
        // `/` is not a byte of the run: a `c` of "x/" does not show where
        // `b` would end.
        assert!(of(&grammar("(ASCII_ALPHA | \"/\")*"), "a").is_none());
        assert!(of(&grammar("ANY*"), "a").is_none());
    }

    #[test]
    fn alternatives_that_cannot_start_the_rest_are_left_out() {
        let grammar = |c: &str| {
            format!("a = {{ (b ~ \"@\")? ~ c }}\nb = @{{ ASCII_ALPHA* }}\nc = _{{ {c} }}")
        };
        // "[" cannot start where `b ~ "@"` is tried: only a letter or "@".
        assert!(of(&grammar("\"[\" ~ ASCII_ALPHA* ~ \"]\" | ASCII_ALPHA+"), "a").is_some());
        // ... but after a letter it is read.
        assert!(of(&grammar("ASCII_ALPHA ~ \"[\" | ASCII_ALPHA+"), "a").is_none());
    }

    #[test]
    fn only_a_run_of_ascii_ending_in_a_class() {
        let with_prefix = |prefix: &str, b: &str| {
            format!("a = {{ ({prefix})? ~ c }}\nb = @{{ {b} }}\nc = @{{ ASCII_ALPHA* }}")
        };
        assert!(of(&with_prefix("b ~ \"@\"", "ASCII_ALPHA*"), "a").is_some());
        assert!(of(&with_prefix("b ~ \"@@\"", "ASCII_ALPHA*"), "a").is_none());
        assert!(of(&with_prefix("b ~ \"@\"", "ASCII_ALPHA+"), "a").is_none());
        assert!(of(
            &with_prefix("b ~ \"@\"", "(ASCII_ALPHA | '\\u{e0}'..'\\u{ff}')*"),
            "a"
        )
        .is_none());
        assert!(of(&with_prefix("b", "ASCII_ALPHA*"), "a").is_none());
        // A run whose other alternative starts inside its class does not
        // end where that class ends.
        assert!(of(
            &with_prefix("b ~ \"@\"", "(ASCII_ALPHA | \"a\" ~ \"%\")*"),
            "a"
        )
        .is_none());
    }
}
