//! What `#[derive(rfc3986::Grammar)]` hands a literal of the grammar
//! (`#[literal_macro = "name"]`): the grammar's text and the facts the
//! parse reads of the compiled grammar ([`LiteralFacts`]), written into a
//! `macro_rules!` that forwards them, with the literal, to rfc3986-macros'
//! `__grammar_literal!`, which reads them back here.
//!
//! The facts are forwarded, not computed again when the literal expands:
//! they are what the compiled parse reads ([`Compiled`]). A fingerprint of
//! the forwarded text ([`fingerprint`]) is compiled into the grammar's
//! `Rule` (`Rule::__RFC3986_LITERAL_FINGERPRINT`), and a literal's
//! expansion asserts that the rule it is given is of the grammar that
//! checked it.

use std::fmt::Write as _;

use crate::compile::Compiled;

/// What a literal of a derived grammar is checked with, beside the
/// grammar's text: the facts a parse reads of the compiled grammar.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LiteralFacts {
    /// The struct's name, for messages.
    pub grammar: String,
    /// The scheme's name in errors (`Grammar::SCHEME`).
    pub scheme: String,
    /// Whether the grammar is built on `iri.pest`.
    pub iri: bool,
    /// `Grammar::EXTENDS_BASE`.
    pub extends_base: bool,
    /// Every rule, in the order of the variants of `Rule` (`EOI` first
    /// where the grammar uses it), each with the role it plays, as its
    /// place in [`Role::ALL`](crate::role::Role::ALL).
    pub rules: Vec<(String, Option<usize>)>,
    /// [`Compiled::static_reading`].
    pub static_reading: Vec<String>,
    /// [`Compiled::pairs_nest`].
    pub pairs_nest: Vec<String>,
}

impl LiteralFacts {
    /// The facts of the grammar `compiled`, of the struct `grammar`.
    pub fn of(
        grammar: &str,
        scheme: &str,
        iri: bool,
        extends_base: bool,
        compiled: &Compiled,
    ) -> LiteralFacts {
        let eoi = compiled.uses_eoi.then(|| "EOI".to_string());
        let role = |name: &str| {
            let role = compiled.facts.get(name)?.role?;
            crate::role::Role::ALL.iter().position(|&r| r == role)
        };
        LiteralFacts {
            grammar: grammar.to_string(),
            scheme: scheme.to_string(),
            iri,
            extends_base,
            rules: eoi
                .into_iter()
                .chain(compiled.rules.iter().cloned())
                .map(|name| {
                    let index = role(&name);
                    (name, index)
                })
                .collect(),
            static_reading: compiled.static_reading.clone(),
            pairs_nest: compiled.pairs_nest.clone(),
        }
    }

    /// The facts as one line of words each, which [`parse`](Self::parse)
    /// reads back: rule names are identifiers, and a struct's and a
    /// scheme's names have no line break.
    pub fn to_text(&self) -> String {
        let mut text = String::new();
        let _ = writeln!(text, "grammar {}", self.grammar);
        let _ = writeln!(text, "scheme {}", self.scheme);
        let _ = writeln!(text, "iri {}", self.iri);
        let _ = writeln!(text, "extends_base {}", self.extends_base);
        text.push_str("rules");
        for (name, rfc) in &self.rules {
            match rfc {
                Some(rfc) => {
                    let _ = write!(text, " {name}={rfc}");
                }
                None => {
                    let _ = write!(text, " {name}");
                }
            }
        }
        text.push_str("\nstatic_reading");
        for name in &self.static_reading {
            let _ = write!(text, " {name}");
        }
        text.push_str("\npairs_nest");
        for name in &self.pairs_nest {
            let _ = write!(text, " {name}");
        }
        text.push('\n');
        text
    }

    /// The facts [`to_text`](Self::to_text) wrote; `None` for any other
    /// text.
    pub fn parse(text: &str) -> Option<LiteralFacts> {
        let mut lines = text.lines();
        let mut line = |key: &str| {
            let line = lines.next()?;
            let rest = line.strip_prefix(key)?;
            if rest.is_empty() {
                Some("")
            } else {
                rest.strip_prefix(' ')
            }
        };
        let boolean = |word: &str| match word {
            "true" => Some(true),
            "false" => Some(false),
            _ => None,
        };
        let words = |line: &str| line.split_whitespace().map(str::to_string).collect();
        let grammar = line("grammar")?.to_string();
        let scheme = line("scheme")?.to_string();
        let iri = boolean(line("iri")?)?;
        let extends_base = boolean(line("extends_base")?)?;
        let mut rules = Vec::new();
        for word in line("rules")?.split_whitespace() {
            rules.push(match word.split_once('=') {
                Some((name, rfc)) => (name.to_string(), Some(rfc.parse().ok()?)),
                None => (word.to_string(), None),
            });
        }
        let static_reading = words(line("static_reading")?);
        let pairs_nest = words(line("pairs_nest")?);
        if lines.next().is_some() {
            return None;
        }
        Some(LiteralFacts {
            grammar,
            scheme,
            iri,
            extends_base,
            rules,
            static_reading,
            pairs_nest,
        })
    }
}

/// A fingerprint of a grammar's literal facts and text (64-bit FNV-1a of
/// both, each followed by a 0 byte): equal for the same grammar, and
/// different, but for a collision, for two grammars.
pub fn fingerprint(facts: &str, grammar: &str) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in facts.bytes().chain([0]).chain(grammar.bytes()).chain([0]) {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}

/// The items beside the struct `name` that declare its literal macro
/// `macro_name`: a `macro_rules!` that hands the facts, the grammar's
/// text and its own input to `rfc3986::__grammar_literal!`, made usable
/// by path across the crate with `pub(crate) use`. `None` for the facts
/// where the grammar did not compile: the macro then expands to nothing
/// that fails, and the grammar's errors stay the only ones.
pub(crate) fn literal_macro(name: &str, macro_name: &str, facts: Option<(&str, &str)>) -> String {
    let forwarded = match facts {
        Some((facts, grammar)) => {
            format!("{:#x} {facts:?} {grammar:?}", fingerprint(facts, grammar))
        }
        None => "failed".to_string(),
    };
    format!(
        "#[doc(hidden)]\n#[allow(unused_macros)]\nmacro_rules! __rfc3986_literal_{name} {{\n    \
         ($($call:tt)*) => {{\n        ::rfc3986::__grammar_literal! {{ {macro_name:?} {forwarded} \
         ; $($call)* }}\n    }};\n}}\n#[allow(unused_imports)]\npub(crate) use \
         __rfc3986_literal_{name} as {macro_name};\n"
    )
}

/// The items on the grammar's `Rule` that a literal's expansion calls:
/// the fingerprint of what its literal macro was handed (0 where the
/// grammar did not compile), and the constructor of a `Parsed` of the
/// struct `name`, so that the expansion names the grammar by the path of
/// the rule it is given. Inherent items, not a trait's: an impl of a trait
/// for the public `Rule` could not name a private struct.
pub(crate) fn grammar_of(name: &str, fingerprint: u64) -> String {
    format!(
        r#"    impl Rule {{
        #[doc(hidden)]
        pub const __RFC3986_LITERAL_FINGERPRINT: u64 = {fingerprint:#x};

        #[doc(hidden)]
        #[allow(private_interfaces)]
        pub const fn __rfc3986_literal(
            text: &'static str,
            bounds: [u32; 8],
            pairs: &'static [::rfc3986::__private::runtime::Node<Rule>],
        ) -> ::rfc3986::schemes::Parsed<'static, {name}> {{
            ::rfc3986::schemes::Parsed::__from_literal(text, bounds, pairs)
        }}
    }}
"#
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facts_read_back_as_written() {
        let facts = LiteralFacts {
            grammar: "Redis".into(),
            scheme: "redis".into(),
            iri: false,
            extends_base: true,
            rules: vec![("EOI".into(), None), ("scheme".into(), Some(5))],
            static_reading: vec!["redis_input".into()],
            pairs_nest: vec!["redis_input".into(), "redis_URI".into()],
        };
        assert_eq!(LiteralFacts::parse(&facts.to_text()), Some(facts.clone()));
        assert_eq!(LiteralFacts::parse(&(facts.to_text() + "more\n")), None);
        assert_eq!(LiteralFacts::parse("grammar Redis\n"), None);
    }

    #[test]
    fn fingerprints_differ_by_text_and_by_facts() {
        let one = fingerprint("a", "b");
        assert_eq!(one, fingerprint("a", "b"));
        assert_ne!(one, fingerprint("a", "c"));
        assert_ne!(one, fingerprint("ab", ""));
        // FNV-1a 64 of "a\0\0" (the published test vector of "a" is
        // 0xaf63dc4c8601ec8c).
        assert_eq!(fingerprint("a", ""), 0xe5d2_f719_0427_066c);
    }
}
