//! Extending a rule of the base (`uri.pest`, `iri.pest`): a user's rule
//! that says so with the marker `// #[extends]` among the comment lines
//! right above it (where `// #[allow(lint)]` lines go too) replaces the
//! base's rule of the same name. The base's definition is blanked out of
//! its text, line for line, so that pest_meta sees one definition and
//! every other line of the joined text keeps its number.

use pest_meta::parser::{parse, Rule as P};

/// What a marker line starts with, after `//` and spaces.
const MARKER: &str = "#[extends";

/// The marker as it must be written.
pub(crate) const WRITTEN: &str = "// #[extends]: why";

/// A marker in a user's text: the rule below it, and where the marker
/// stands (line and column from 1, the column of its `#`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Marker {
    /// The rule defined right below the marker's comment lines; `None`
    /// where no definition follows them.
    pub rule: Option<String>,
    pub line: usize,
    pub column: usize,
    /// The marker is not `#[extends]`, alone or followed by `:` and a
    /// reason.
    pub malformed: bool,
}

/// The markers of `text`, a user's grammar, in the order of the text.
pub(crate) fn markers(text: &str) -> Vec<Marker> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(comment) = line.trim_start().strip_prefix("//") else {
            continue;
        };
        // A `///` line is documentation, where a marker is text.
        if comment.starts_with('/') {
            continue;
        }
        let marker = comment.trim_start();
        if !marker.starts_with(MARKER) {
            continue;
        }
        let after = &marker["#[extends]".len().min(marker.len())..];
        let malformed = !marker.starts_with("#[extends]")
            || !(after.trim().is_empty() || after.trim_start().starts_with(':'));
        // The definition below the contiguous comment lines.
        let rule = lines[i + 1..]
            .iter()
            .find(|line| !line.trim_start().starts_with("//"))
            .and_then(|line| crate::compile::defined_on(line))
            .map(str::to_string);
        found.push(Marker {
            rule,
            line: i + 1,
            column: line[..line.len() - marker.len()].chars().count() + 1,
            malformed,
        });
    }
    found
}

/// `base` (a grammar that parses) without its definition of `rule`: the
/// definition and the comment and doc lines right above it turned into
/// empty lines, as many as they were, so that every line after them keeps
/// its number. `None` where `base` does not define `rule`.
pub(crate) fn without_rule(base: &str, rule: &str) -> Option<String> {
    let pairs = parse(P::grammar_rules, base).ok()?;
    let span = pairs
        .filter(|pair| pair.as_rule() == P::grammar_rule)
        .find(|pair| {
            pair.clone()
                .into_inner()
                .next()
                .is_some_and(|first| first.as_rule() == P::identifier && first.as_str() == rule)
        })?
        .as_span();
    // Back over the comment and doc lines right above the definition.
    let mut start = base[..span.start()].rfind('\n').map_or(0, |i| i + 1);
    while start > 0 {
        let above = base[..start - 1].rfind('\n').map_or(0, |i| i + 1);
        if !base[above..start].trim_start().starts_with("//") {
            break;
        }
        start = above;
    }
    let blank = "\n".repeat(base[start..span.end()].matches('\n').count());
    Some(format!("{}{blank}{}", &base[..start], &base[span.end()..]))
}

/// The type of `rule` as `text` defines it (first): its modifier, `_`,
/// `@`, `$` or `!`, or `""` for a normal rule. `None` where `text` does
/// not parse or does not define `rule`.
pub(crate) fn rule_type(text: &str, rule: &str) -> Option<&'static str> {
    let pairs = parse(P::grammar_rules, text).ok()?;
    let definition = pairs
        .filter(|pair| pair.as_rule() == P::grammar_rule)
        .find(|pair| {
            pair.clone()
                .into_inner()
                .next()
                .is_some_and(|first| first.as_rule() == P::identifier && first.as_str() == rule)
        })?;
    let modifier = definition.into_inner().nth(2)?;
    Some(match modifier.as_rule() {
        P::silent_modifier => "_",
        P::atomic_modifier => "@",
        P::compound_atomic_modifier => "$",
        P::non_atomic_modifier => "!",
        _ => "",
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_are_read_above_their_rule() {
        let text = "/// Doc.\n// #[extends]: RFC 6874\n// #[allow(greedy_repetition)]\n\
                    IP_literal = ${ \"[\" }\n  //   #[extends]\n\nx = { \"x\" }\n\
                    // #[extends(host)]\nhost = { \"h\" }\n// #[extendsx]\n";
        assert_eq!(
            markers(text),
            [
                Marker {
                    rule: Some("IP_literal".into()),
                    line: 2,
                    column: 4,
                    malformed: false
                },
                Marker {
                    rule: None,
                    line: 5,
                    column: 8,
                    malformed: false
                },
                Marker {
                    rule: Some("host".into()),
                    line: 8,
                    column: 4,
                    malformed: true
                },
                Marker {
                    rule: None,
                    line: 10,
                    column: 4,
                    malformed: true
                },
            ]
        );
        // Documentation that mentions the marker is no marker.
        assert_eq!(
            markers("/// // #[extends]\n/// #[extends]\na = { \"a\" }"),
            []
        );
    }

    #[test]
    fn rule_types_are_read() {
        let text = "a = { \"a\" }\nb = _{ a }\nc = @{ a }\nd = ${ a }\ne = !{ a }\n";
        let types: Vec<_> = ["a", "b", "c", "d", "e", "f"]
            .iter()
            .map(|rule| rule_type(text, rule))
            .collect();
        assert_eq!(
            types,
            [Some(""), Some("_"), Some("@"), Some("$"), Some("!"), None]
        );
        assert_eq!(rule_type(crate::URI_PEST, "IP_literal"), Some("$"));
    }

    #[test]
    fn the_base_rule_is_blanked_with_its_comments() {
        let base = "/// A.\na = { \"a\" }\n\n/// B.\n// PEG: why\nb = {\n  \"b\"\n}\n\nc = { b }\n";
        let without = without_rule(base, "b").unwrap();
        assert_eq!(without, "/// A.\na = { \"a\" }\n\n\n\n\n\n\n\nc = { b }\n");
        assert_eq!(without.lines().count(), base.lines().count());
        assert_eq!(without_rule(base, "d"), None);
        let uri = without_rule(crate::URI_PEST, "IP_literal").unwrap();
        assert!(!uri.contains("IP_literal ="));
        assert!(!uri.contains("/// IP-literal"));
        assert_eq!(uri.lines().count(), crate::URI_PEST.lines().count());
    }
}
