//! pest's errors as [`ParseError`]s of a bounded size: what
//! [`parse_rule`](crate::parse_rule) returns in place of pest's error,
//! whose message repeats the input's line however long it is.
//!
//! Base layer: it imports only `error`, so that the grammar's `parse_rule`
//! and the diagnosis both take it from below.

use pest::error::{ErrorVariant, InputLocation};

use crate::error::{ErrorKind, ParseError};

/// The name of a rule of a pest_derive parser as the RFCs write it: the
/// `Rule` variant's, `_` written `-` (`addr_spec` is `addr-spec`).
pub(crate) fn pest_rule_name<R: core::fmt::Debug>(rule: R) -> alloc::string::String {
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
