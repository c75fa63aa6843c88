//! The compiler's driver: a grammar's text to the Rust source of its
//! parser, through pest_meta and the stages of the crate's other modules.

use crate::error::CompileError;
use crate::lint::{self, Finding};
use crate::sets::CharSet;
use crate::{analysis, counts, emit, ir, simplify};

/// The Rust keywords that no raw identifier can be (`r#self` is not one):
/// a rule of one of these names cannot be a variant of `Rule`. Every other
/// keyword can (`r#type`, `r#match`), and the generated code names every
/// rule as a raw identifier.
pub(crate) const NOT_RAW: &[&str] = &["self", "Self", "super", "crate", "_"];

impl CompileError {
    /// The error with its line and column filled in from `grammar`, the
    /// text it is an error of, where a later stage than pest_meta found it
    /// (and knew only the rule): the offending name in the rule's
    /// definition where the message names one (`PUSH`, a built-in rule),
    /// else the rule's name where it is defined.
    fn located(mut self, grammar: &str) -> CompileError {
        if self.line.is_none() {
            let place = offending_name(&self.message)
                .and_then(|name| find_in_definition(grammar, &self.rule, name))
                .or_else(|| definition_place(grammar, &self.rule));
            if let Some((line, column)) = place {
                self.line = Some(line);
                self.column = Some(column);
            }
        }
        self
    }
}

impl CompileError {
    /// A lint's finding as an error: what is wrong, how to write it, and
    /// how to allow it, at the line and column of the sub-expression at
    /// fault.
    fn of_lint(grammar: &str, finding: Finding) -> CompileError {
        let before = &grammar[..finding.offset];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let column = before[line_start..].chars().count() + 1;
        let allow = if finding.lint == "unknown_lint" {
            String::new()
        } else {
            format!(
                "; or, if it is meant, allow it with `// #[allow({})]: why` on a line above the \
                 rule",
                finding.lint
            )
        };
        CompileError {
            rule: finding.rule,
            message: format!(
                "{} [lint `{}`]; help: {}{allow}",
                finding.message, finding.lint, finding.help
            ),
            line: Some(line),
            column: Some(column),
        }
    }
}

/// Whether `c` can stand in a pest rule's name.
fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The name a line of a grammar defines (`name = { ... }`, with any
/// modifier), if it starts a rule's definition. Where `hyphens`, a name
/// may hold `-` (as RFC ABNF's do, and pest's cannot): a lenient reading
/// of a grammar that does not parse.
fn defined_on_with(line: &str, hyphens: bool) -> Option<&str> {
    let line = line.trim_start();
    let end = line
        .find(|c: char| !(is_name_char(c) || (hyphens && c == '-')))
        .unwrap_or(line.len());
    let (name, rest) = line.split_at(end);
    let starts_ok = name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_');
    (starts_ok && rest.trim_start().starts_with('=')).then_some(name)
}

/// The name a line of a grammar defines, if it starts a rule's definition.
pub(crate) fn defined_on(line: &str) -> Option<&str> {
    defined_on_with(line, false)
}

/// The line and column (from 1) where `grammar` defines `rule`: of the
/// rule's name.
pub(crate) fn definition_place(grammar: &str, rule: &str) -> Option<(usize, usize)> {
    grammar.lines().enumerate().find_map(|(i, line)| {
        (defined_on(line) == Some(rule)).then(|| (i + 1, column_of(line, line.trim_start())))
    })
}

/// The column (from 1, in characters, as pest counts them) where `rest`,
/// a suffix of `line`, starts.
fn column_of(line: &str, rest: &str) -> usize {
    line[..line.len() - rest.len()].chars().count() + 1
}

/// The rule whose definition holds line `line` (from 1) of `grammar`: the
/// last one defined at or before it (read leniently: `path-abempty =`
/// names `path-abempty`, so that the error of a hyphenated name is that
/// rule's).
fn rule_at_line(grammar: &str, line: usize) -> Option<&str> {
    grammar
        .lines()
        .take(line)
        .filter_map(|line| defined_on_with(line, true))
        .last()
}

/// Every rule a grammar's text defines, read line by line and leniently,
/// for a grammar that may not parse: each line that starts with a name
/// and `=`, once, with `-` in a name read as `_` (the name the user will
/// write once told to), and without the names no variant of `Rule` can
/// have ([`NOT_RAW`]).
pub(crate) fn defined_rules(grammar: &str) -> Vec<String> {
    let mut rules: Vec<String> = Vec::new();
    for line in grammar.lines() {
        if let Some(name) = defined_on_with(line, true) {
            let name = name.replace('-', "_");
            if !NOT_RAW.contains(&name.as_str()) && !rules.contains(&name) {
                rules.push(name);
            }
        }
    }
    rules
}

/// The name in the message of an error of the compiler's later stages
/// that stands in the grammar's text where the error is: the stack's
/// `PUSH`, `POP`, `PEEK` or `DROP`, or a built-in rule.
fn offending_name(message: &str) -> Option<&str> {
    let construct = message.strip_prefix("the compiled parser does not support ")?;
    if let Some(stack) = construct.strip_prefix("the stack (") {
        return stack
            .split([')', '['])
            .next()
            .filter(|name| !name.is_empty());
    }
    construct.strip_prefix("the built-in rule ")
}

/// The line and column of the first `name`, as a whole name and outside
/// strings and comments, in the definition of `rule` in `grammar` (its
/// line and those up to the next definition).
fn find_in_definition(grammar: &str, rule: &str, name: &str) -> Option<(usize, usize)> {
    let (first, _) = definition_place(grammar, rule)?;
    for (i, line) in grammar.lines().enumerate().skip(first - 1) {
        if i + 1 > first && defined_on(line).is_some() {
            break;
        }
        let mut quote = None;
        let mut escaped = false;
        let mut prev = ' ';
        for (at, c) in line.char_indices() {
            if let Some(q) = quote {
                if escaped {
                    escaped = false;
                } else if c == '\\' {
                    escaped = true;
                } else if c == q {
                    quote = None;
                }
            } else if c == '"' || c == '\'' {
                quote = Some(c);
            } else if line[at..].starts_with("//") {
                break;
            } else if !is_name_char(prev)
                && line[at..].starts_with(name)
                && !line[at + name.len()..].starts_with(is_name_char)
            {
                return Some((i + 1, column_of(line, &line[at..])));
            }
            prev = c;
        }
    }
    None
}

/// The name that holds the `-` at `offset` of `grammar`, where the `-`
/// stands between two characters of a name (`path-abempty`): what a pest
/// error there is about, a name written as RFC ABNF writes it; with the
/// offset where the name starts.
fn hyphenated_name(grammar: &str, offset: usize) -> Option<(&str, usize)> {
    let (before, after) = (grammar.get(..offset)?, grammar.get(offset..)?);
    let after = after.strip_prefix('-')?;
    if !before.ends_with(is_name_char) || !after.starts_with(is_name_char) {
        return None;
    }
    let is_part = |c: char| is_name_char(c) || c == '-';
    let start = before.trim_end_matches(is_part).len();
    let end = grammar.len() - after.trim_start_matches(is_part).len();
    Some((&grammar[start..end], start))
}

/// What is wrong with a name that holds `-`, and what to write instead.
fn hyphen_message(name: &str) -> String {
    format!(
        "pest rule names cannot hold `-` (RFC ABNF names do): write `{}`",
        name.replace('-', "_")
    )
}

/// What is wrong with a rule named `name`, one of [`NOT_RAW`].
fn not_raw_message(name: &str) -> String {
    format!(
        "a rule cannot be named `{name}`: each rule is a variant of `Rule`, and `{name}` is a \
         Rust keyword that not even a raw identifier (`r#{name}`) can be; name your rule \
         otherwise"
    )
}

/// pest_meta's error, as one of the compiler's: its message (or, where it
/// stands on the `-` of a hyphenated name, what to write instead), its
/// line and column, and the rule whose definition it is in.
fn from_pest(grammar: &str, error: &pest::error::Error<pest_meta::parser::Rule>) -> CompileError {
    use pest::error::{InputLocation, LineColLocation};
    let (line, column) = match error.line_col {
        LineColLocation::Pos(at) | LineColLocation::Span(at, _) => at,
    };
    let offset = match error.location {
        InputLocation::Pos(at) | InputLocation::Span((at, _)) => at,
    };
    let (message, column) = match hyphenated_name(grammar, offset) {
        // At the start of the name, which pest located at its `-`.
        Some((name, start)) => (
            hyphen_message(name),
            column.saturating_sub(grammar[start..offset].chars().count()),
        ),
        None => (
            error
                .clone()
                .renamed_rules(pest_meta::parser::rename_meta_rule)
                .variant
                .message()
                .into_owned(),
            column,
        ),
    };
    CompileError {
        rule: rule_at_line(grammar, line).unwrap_or("grammar").to_string(),
        message,
        line: Some(line),
        column: Some(column),
    }
}

/// The rules a parse of a compiled grammar can start from: those whose
/// functions its `run_with`, `failure_with` and `reach` dispatch to. Any
/// other rule is compiled only as far as these call it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Starts<'a> {
    /// Every rule: a derived grammar, which its user may parse from any
    /// of its rules.
    Every,
    /// The RFC rules the lowering reads (`host`, `URI_reference`, ...;
    /// RFC 3987's in a grammar that holds them), from which the library
    /// checks a component, and these: the crate's own grammars, which
    /// only the library starts.
    RfcRulesAnd(&'a [&'a str]),
    /// These rules only: a grammar of the crate's whose result is not a
    /// reference (`template.pest`), which the library starts from its
    /// entry alone, and which names the RFC rules it builds on but never
    /// starts a parse from them. The code of a rule none of these reaches
    /// is not generated.
    Only(&'a [&'a str]),
}

/// What the generated code needs from its surroundings.
pub struct Options<'a> {
    /// The path of the runtime module (`Parse`, `Tree`, helpers).
    pub runtime: &'a str,
    /// The grammar files, named in the generated file's header.
    pub sources: &'a [String],
    /// The type the generated code implements the runtime's
    /// `CompiledGrammar` for: the grammar as one value, which the
    /// library's parse, lowering and diagnosis take.
    pub grammar_type: &'a str,
    /// The rules a parse can start from.
    pub starts: Starts<'a>,
}

type GrammarErrors = Vec<pest::error::Error<pest_meta::parser::Rule>>;

/// `pest_meta::parse_and_optimize`, with `e+` always unrolled into `e ~ e*`
/// before the optimizer runs.
///
/// pest_meta's `grammar-extras` feature keeps `e+` as a node of its own
/// (`RepOnce`) instead, which the optimizer's later passes then leave
/// alone. Any crate of a build can turn that feature on for all (through
/// pest_derive's feature of the same name), and this code cannot name a
/// variant that exists in only one configuration. Unrolling first gives the
/// tree of the default configuration in both. The two forms differ in
/// meaning only where implicit whitespace would be skipped between the
/// repetitions, which the compiler rejects anyway.
fn parse_and_optimize(
    grammar: &str,
) -> Result<(Vec<&str>, Vec<pest_meta::optimizer::OptimizedRule>), GrammarErrors> {
    use pest_meta::ast::Expr;
    use pest_meta::parser;

    let pairs = parser::parse(parser::Rule::grammar_rules, grammar).map_err(|e| vec![e])?;
    let builtins = pest_meta::validator::validate_pairs(pairs.clone())?;
    let rules = parser::consume_rules(pairs)?
        .into_iter()
        .map(|rule| pest_meta::ast::Rule {
            expr: rule.expr.map_bottom_up(|expr| match expr {
                Expr::RepOnce(e) => Expr::Seq(e.clone(), Box::new(Expr::Rep(e))),
                other => other,
            }),
            ..rule
        })
        .collect();
    Ok((builtins, pest_meta::optimizer::optimize(rules)))
}

/// Compiles `grammar` (the text of one or more pest files, joined as
/// pest_derive joins them) to Rust source that defines, beside the `Rule`
/// type that pest_derive generates from the same text and that the caller
/// has in scope:
///
/// - `PAIRS`, the pair buffer's size, and `Tree`, a parse tree;
/// - `parse(rule, input) -> Option<Tree>`, which matches a prefix of
///   `input` from `rule` as `pest::Parser::parse` does.
pub fn compile(grammar: &str, options: &Options<'_>) -> Result<String, CompileError> {
    compile_grammar(grammar, options).map(|compiled| compiled.code)
}

/// A compiled grammar: the code, and what a caller that also declares the
/// grammar's `Rule` type needs to know of it.
#[derive(Debug, Clone)]
pub struct Compiled {
    /// The code [`compile`] gives.
    pub code: String,
    /// The grammar's rules, in the order of the file (pest_derive's order
    /// of the `Rule` variants after `EOI`).
    pub rules: Vec<String>,
    /// Whether the grammar uses `EOI`, which is then a rule too (pest_derive
    /// declares it first).
    pub uses_eoi: bool,
    /// The rules a parse from one of the grammar's entries can record a
    /// pair of, with whether it can record several, for the derive's
    /// accessors.
    pub(crate) counts: std::collections::BTreeMap<String, counts::Count>,
    /// The rules for which the generated `holds_delimiter` answers true:
    /// those whose match can hold one of `:` `/` `?` `#` `@`, in the
    /// grammar's order.
    pub holds_delimiter: Vec<String>,
    /// The rules for which the generated `static_reading` answers true:
    /// those the generator proved are read as the generic grammar reads
    /// them, in the grammar's order.
    pub static_reading: Vec<String>,
    /// The rules for which the generated `pairs_nest` answers true: those
    /// the generator proved no pair of crosses a component of the generic
    /// reading, in the grammar's order.
    pub pairs_nest: Vec<String>,
    /// The rules the generated `UriRule` implementation maps to an RFC
    /// rule, each with that rule's index in the declaration order of the
    /// runtime's `RfcRule` (`UriReference` is 0, `ZoneId` the last), in
    /// that order: RFC 3987's names where the grammar defines
    /// `IRI_reference`, else RFC 3986's where it defines `URI_reference`,
    /// else none.
    pub rfc_rules: Vec<(String, usize)>,
}

/// [`compile`], with the grammar's rules.
///
/// # Errors
///
/// The first error of [`compile_all`]'s, with the number of the others
/// after its message (`(and 2 more errors)`).
pub fn compile_grammar(grammar: &str, options: &Options<'_>) -> Result<Compiled, CompileError> {
    compile_all(grammar, options).map_err(|errors| {
        let more = errors.len().saturating_sub(1);
        // `compile_all` gives at least one error.
        let mut first = errors.into_iter().next().unwrap_or_else(|| CompileError {
            rule: "grammar".to_string(),
            message: "cannot compile the grammar".to_string(),
            line: None,
            column: None,
        });
        match more {
            0 => {}
            1 => first.message.push_str(" (and 1 more error)"),
            n => first.message.push_str(&format!(" (and {n} more errors)")),
        }
        first
    })
}

/// [`compile_grammar`], with every error found, each with its place.
///
/// # Errors
///
/// Every error pest_meta finds in the grammar (each with the rule whose
/// definition holds it, its line and its column), or else each rule whose
/// name no variant of `Rule` can have (`self`), or else the first
/// construct the compiler does not support (with the rule, and the line
/// and column of the construct, or of the rule's name where it is
/// defined). In the order of the text; never empty.
pub fn compile_all(grammar: &str, options: &Options<'_>) -> Result<Compiled, Vec<CompileError>> {
    compile_located(grammar, options).map_err(|errors| located_all(grammar, errors))
}

/// `errors` of `grammar` each with its place, in the order of the text.
fn located_all(grammar: &str, errors: Vec<CompileError>) -> Vec<CompileError> {
    let mut errors: Vec<CompileError> = errors
        .into_iter()
        .map(|error| error.located(grammar))
        .collect();
    errors.sort_by_key(|error| (error.line.is_none(), error.line, error.column));
    errors
}

/// The optimized tree the compiled parser of `grammar` is generated from,
/// and whether the grammar uses `EOI`, for the interpreter; with the
/// errors [`compile_all`] gives for what pest_meta rejects and for the
/// constructs the compiler does not support (which the interpreter does
/// not implement either). Not the compiler's other checks (rule names no
/// variant of `Rule` can have, lints): they are about the generated code
/// and the grammar's style, not what a parse means.
#[cfg(feature = "interpreter")]
pub(crate) fn optimized(
    grammar: &str,
) -> Result<(bool, Vec<pest_meta::optimizer::OptimizedRule>), Vec<CompileError>> {
    let (builtins, optimized) = parse_and_optimize(grammar).map_err(|errors| {
        let errors = errors
            .iter()
            .map(|error| from_pest(grammar, error))
            .collect();
        located_all(grammar, errors)
    })?;
    ir::lower(&optimized).map_err(|error| vec![error.located(grammar)])?;
    Ok((builtins.contains(&"EOI"), optimized))
}

/// The rules the fast variant is generated from: `lowered` with each
/// rule's choices flattened and its loops fused (`simplify`), as `before`,
/// the analysis of the lowered rules, allows.
pub(crate) fn simplified(lowered: Vec<ir::IrRule>, before: &analysis::Analysis) -> Vec<ir::IrRule> {
    lowered
        .into_iter()
        .map(|rule| ir::IrRule {
            expr: simplify::simplify(rule.expr, before),
            ..rule
        })
        .collect()
}

fn compile_located(grammar: &str, options: &Options<'_>) -> Result<Compiled, Vec<CompileError>> {
    let (builtins, optimized) = parse_and_optimize(grammar).map_err(|errors| {
        errors
            .iter()
            .map(|error| from_pest(grammar, error))
            .collect::<Vec<_>>()
    })?;
    // Every rule is a variant of `Rule`, written as a raw identifier in the
    // generated code, which no name of `NOT_RAW` can be.
    let unnamable: Vec<CompileError> = optimized
        .iter()
        .filter(|rule| NOT_RAW.contains(&rule.name.as_str()))
        .map(|rule| CompileError {
            rule: rule.name.clone(),
            message: not_raw_message(&rule.name),
            line: None,
            column: None,
        })
        .collect();
    if !unnamable.is_empty() {
        return Err(unnamable);
    }
    let uses_eoi = builtins.contains(&"EOI");
    let lowered = ir::lower(&optimized).map_err(|error| vec![error])?;
    let findings = lint::lint(grammar);
    if !findings.is_empty() {
        return Err(findings
            .into_iter()
            .map(|finding| CompileError::of_lint(grammar, finding))
            .collect());
    }
    let counts = counts::rule_counts(&lowered);
    let before = analysis::Analysis::new(&lowered);
    let simplified = simplified(lowered, &before);
    let analysis = analysis::Analysis::new(&simplified);

    let names: Vec<String> = simplified.iter().map(|r| r.name.clone()).collect();
    let mut entries = names.clone();
    if uses_eoi {
        entries.push(analysis::EOI.to_string());
    }
    // The rules a parse can start from, in the grammar's order.
    let starts: Vec<String> = match options.starts {
        Starts::Every => entries.clone(),
        Starts::RfcRulesAnd(more) | Starts::Only(more) => {
            if let Some(missing) = more.iter().find(|rule| !names.iter().any(|n| n == *rule)) {
                return Err(vec![CompileError {
                    rule: (*missing).to_string(),
                    message: format!("a start rule `{missing}` that the grammar does not define"),
                    line: None,
                    column: None,
                }]);
            }
            let rfc = match options.starts {
                Starts::Only(_) => Vec::new(),
                _ => rfc_rule_names(&names),
            };
            entries
                .iter()
                .filter(|name| rfc.contains(name) || more.contains(&name.as_str()))
                .cloned()
                .collect()
        }
    };
    let bounds: Vec<(String, Option<usize>)> = entries
        .iter()
        .map(|name| {
            let call = ir::Ir::Call(name.clone());
            (
                name.clone(),
                analysis.max_pairs(&call, analysis::Ctx::Record),
            )
        })
        .collect();
    let pairs = bounds
        .iter()
        .filter_map(|(_, n)| *n)
        .max()
        .unwrap_or(0)
        .max(1);
    let unbounded: Vec<String> = bounds
        .iter()
        .filter(|(_, n)| n.is_none())
        .map(|(name, _)| name.clone())
        .collect();

    let mut emitter = emit::Emitter::new(&analysis, &before);
    let mut diagnostic_arms = String::new();
    let mut reach_arms = String::new();
    for name in &starts {
        let call = emitter.entry(name, emit::Mode::Diagnostic(analysis::Track::START));
        diagnostic_arms.push_str(&format!(
            "        Rule::r#{name} => {{\n let pos = 0;\n {call}\n }}\n"
        ));
        let reach = emitter.reach_entry(name);
        reach_arms.push_str(&format!("        Rule::r#{name} => {reach},\n"));
    }
    // What the lowering reads of a reference grammar's entries: a grammar
    // started from its own entries alone (`Starts::Only`) is no reference
    // grammar, and nothing reads its layouts.
    let layout_rules: &[String] = match options.starts {
        Starts::Only(_) => &[],
        _ => &names,
    };
    let (functions, stats) = emitter.functions(&starts).map_err(|error| vec![error])?;
    // A rule no parse starts from: no match.
    if starts.len() < entries.len() {
        diagnostic_arms.push_str("        _ => None,\n");
        reach_arms.push_str("        _ => None,\n");
    }

    let mut chars = String::new();
    for rule in &simplified {
        if let Some(class) = analysis.single_chars(&rule.expr) {
            chars.push_str(&format!(
                "    /// What `{name}` takes one character at a time.\n    pub const r#{name}: CharClass = {class};\n",
                name = rule.name,
                class = char_class(&class, "CharClass"),
            ));
        }
    }

    // The first character of each string of two or more characters: where
    // a diagnosis must look past the furthest byte a token reached, since
    // pest counts such a string only whole.
    let mut string_starts = CharSet::default();
    for rule in before.rules.values() {
        ir::each_string(&rule.expr, &mut |text, insensitive| {
            if let Some(first) = text.chars().next() {
                string_starts = string_starts.union(&CharSet::char(first));
                if insensitive {
                    string_starts = string_starts
                        .union(&CharSet::char(first.to_ascii_lowercase()))
                        .union(&CharSet::char(first.to_ascii_uppercase()));
                }
            }
        });
    }
    let string_starts = char_class(&string_starts, "rt::CharClass");
    // The characters some token takes: where `EOI` failed furthest at one
    // that none takes, the parse got no further.
    let readable = match crate::hidden::readable(&before.rules) {
        Some(set) => format!("Some({})", char_class(&set, "rt::CharClass")),
        None => "None".to_string(),
    };

    // What a parse from each rule reads without a token that pest counts
    // failing there, where that is known: what a diagnosis's question of
    // which characters take a rule further must ask of each character.
    let mut hidden_arms = String::new();
    for name in &names {
        if let Some(hidden) = crate::hidden::hidden_reads(&before.rules, name) {
            hidden_arms.push_str(&format!(
                "        Rule::r#{name} => Some({}),\n",
                char_class(&hidden, "rt::CharClass")
            ));
        }
    }

    // The rules whose match can hold a byte at which RFC 3986 ends or
    // starts a component: only their pairs can run across one.
    let delimiters = b":/?#@"
        .iter()
        .fold(crate::sets::ByteSet::empty(), |mut set, &b| {
            set.insert(usize::from(b));
            set
        });
    let holding: Vec<String> = names
        .iter()
        .filter(|name| !analysis.consumed(name).is_disjoint(&delimiters))
        .cloned()
        .collect();
    let holds_delimiter = if holding.is_empty() {
        "false".to_string()
    } else {
        let arms: Vec<String> = holding
            .iter()
            .map(|name| format!("Rule::r#{name}"))
            .collect();
        format!("matches!(rule, {})", arms.join(" | "))
    };
    let mut name_arms = String::new();
    for name in &entries {
        name_arms.push_str(&format!(
            "        Rule::r#{name} => \"{}\",\n",
            name.replace('_', "-")
        ));
    }
    let mut arms = String::new();
    for name in &starts {
        arms.push_str(&format!(
            "        Rule::r#{name} => {}(p, 0),\n",
            emit::fn_name(name, emit::Mode::Fast(analysis::Ctx::Record))
        ));
    }
    if starts.len() < entries.len() {
        arms.push_str("        _ => None,\n");
    }
    let start_list: String = starts
        .iter()
        .map(|name| format!("Rule::r#{name}, "))
        .collect();
    let filler = &entries[0];
    // Whether the lowering need not read an IP host to check it.
    let ip_addresses_read = crate::ip_read::ip_addresses_read(&analysis.rules);
    let rule_list: String = entries
        .iter()
        .map(|name| format!("Rule::r#{name}, "))
        .collect();
    let sources = options.sources.join(", ");
    let runtime = options.runtime;
    let grammar_type = options.grammar_type;
    let unbounded_note = match unbounded.len() {
        0 => "every rule's count is bounded: a parse never allocates".to_string(),
        n => format!(
            "a parse from {n} rules ({}, ...) can record more, which spills to the heap",
            unbounded[0]
        ),
    };
    let proven = crate::reading::prove(&analysis, &names);
    let code = format!(
        r#"// @generated by rfc3986-generator, the grammar compiler of the rfc3986 crate,
// from {sources}. Do not edit: edit the grammar.
//
// {rules} rules, {fns} functions, {tables} byte-class tables. Pair buffer:
// {pairs} pairs; {unbounded_note}.

use {runtime} as rt;

/// The size of the pair buffer: the most pairs that a parse from a rule
/// whose count is bounded records.
pub const PAIRS: usize = {pairs};

/// A parse tree of this grammar.
pub type Tree<'i> = rt::Tree<'i, Rule, PAIRS>;

type ParseOf<'i, K> = rt::Parse<'i, K>;

#[allow(unused_imports)]
use rt::Sink as _;

/// Matches a prefix of `input` from `rule`, as `pest::Parser::parse` does,
/// and returns its pairs; `None` where pest returns an error.
#[inline]
pub fn parse(rule: Rule, input: &str) -> Option<Tree<'_>> {{
    let mut tree = tree(input);
    run(rule, &mut tree).map(|_| tree)
}}

/// A tree for a parse of `input`, for [`run`].
#[inline(always)]
pub fn tree(input: &str) -> Tree<'_> {{
    Tree::new(input, Rule::r#{filler})
}}

/// [`parse`] into a tree the caller holds, so that nothing is moved: the
/// end of the match, or `None` where pest returns an error.
#[inline(always)]
pub fn run(rule: Rule, p: &mut Tree<'_>) -> Option<usize> {{
    run_with(rule, p)
}}

/// [`run`] recording into any sink: the full pairs ([`Tree`]), or what a
/// reader of the tree keeps of it.
#[inline(always)]
pub fn run_with<K: rt::Sink<Rule>>(rule: Rule, p: &mut rt::Parse<'_, K>) -> Option<usize> {{
    let end = match rule {{
{arms}    }}?;
    p.set_end(end);
    Some(end)
}}
/// The diagnostic variant's state: the input, what it recorded so far (the
/// full pairs, or what a reader of them keeps), and pest's attempts (with
/// its lists of rules where `L`).
struct Diagnosis<'i, 'a, K, const L: bool> {{
    s: &'i [u8],
    pairs: K,
    a: &'a mut rt::Attempts<Rule, L, K>,
}}

/// What pest's parser records for the error of a failed parse, as the
/// diagnostic variant records it.
pub type Failure = rt::Attempts<Rule, true, rt::NodeBuffer<Rule, PAIRS>>;

/// Runs the diagnostic variant from `rule` on `input`, after the fast one
/// failed: what pest's parser records for its error (the furthest position
/// at which a rule failed, and the rules tried there), with the pairs the
/// parse held when it got there, and the end of the match, which is `None`
/// as the fast variant's is.
pub fn failure(rule: Rule, input: &str) -> (Failure, Option<usize>) {{
    let mut failure = rt::Attempts::new(Rule::r#{filler});
    let end = failure_into(rule, input, &mut failure);
    (failure, end)
}}

/// [`failure`] into a record the caller holds (new), so that nothing is
/// moved.
#[inline(never)]
pub fn failure_into(rule: Rule, input: &str, a: &mut Failure) -> Option<usize> {{
    failure_with(rule, input, rt::NodeBuffer::new(Rule::r#{filler}), a)
}}

/// [`failure_into`], recording into `sink` (empty) and keeping a copy of
/// it where `EOI` fails, and pest's lists of rules where `L`. Without
/// them, it records only the furthest position and that copy, which is
/// what a diagnosis that does not name rules reads; and a sink that keeps
/// only what a reader of the pairs reads records less than the full pairs.
/// Generic over the sink, so that each caller picks the record it wants
/// (`failure_into` the full pairs), and only the sinks in use are
/// compiled.
#[inline(always)]
pub fn failure_with<K: rt::Sink<Rule> + rt::Keep, const L: bool>(
    rule: Rule,
    input: &str,
    sink: K,
    a: &mut rt::Attempts<Rule, L, K>,
) -> Option<usize> {{
    let mut d = Diagnosis {{
        s: input.as_bytes(),
        pairs: sink,
        a,
    }};
    let p = &mut d;
    #[allow(unused_variables)]
    let s = p.s;
    let end = match rule {{
{diagnostic_arms}    }};
    // Where the parse matched, it stood at its end last.
    if let Some(end) = end {{
        d.a.reach(end);
    }}
    d.a.finish();
    end
}}

/// How far the tokens of a parse of `input` from `rule` reach, whether it
/// matches or not, as pest's error detail counts them
/// ([`rt::Attempts::far`]): how much of `input` is the start of a match of
/// `rule`, for a diagnosis that tries a rule on a piece of an input. By
/// the fast variant's code that counts where the parse stops, where the
/// grammar allows it, else by the diagnostic variant.
pub fn reach(rule: Rule, input: &str) -> usize {{
    #[allow(unused_variables)]
    let s = input.as_bytes();
    let mut far = rt::Reach::new(false);
    let end = match rule {{
{reach_arms}    }};
    end.map_or(far.far(), |end| far.far().max(end))
}}

/// Every rule, `EOI` too, in the grammar's order.
pub const RULES: &[Rule] = &[{rule_list}];

/// The rules a parse can start from, in the grammar's order: from any
/// other, [`run_with`], [`failure_with`] and [`reach`] match nothing.
pub const STARTS: &[Rule] = &[{start_list}];

/// The first character of every string of two or more characters that the
/// grammar matches: pest counts such a string only whole, so that the
/// input can go on past the furthest byte a token reached where one of
/// these stands there.
pub const STRING_STARTS: rt::CharClass = {string_starts};

/// The characters some token of the grammar takes; `None` where a token
/// may take any. No parse reaches past a character outside them: where
/// `EOI` failed furthest at one, a failed parse got no further.
pub const READABLE: Option<rt::CharClass> = {readable};

/// The characters a parse from `rule` may read at a byte without a token
/// that pest's error detail counts failing there (in a lookahead, or past
/// the first character of a string); `None` where it may read a byte
/// otherwise, or where that is not known. A diagnosis that asks which
/// characters take `rule` further answers for the others from one parse.
#[allow(unreachable_patterns)]
pub fn hidden_reads(rule: Rule) -> Option<rt::CharClass> {{
    match rule {{
{hidden_arms}        _ => None,
    }}
}}

/// Whether a match of `rule` can hold one of `:` `/` `?` `#` `@`, the bytes
/// at which RFC 3986 ends or starts a component: a pair of any other rule
/// lies inside one component, or between two.
#[allow(unused_variables)]
pub fn holds_delimiter(rule: Rule) -> bool {{
    {holds_delimiter}
}}

/// Each rule's name as the RFCs write it (`addr_spec` is `addr-spec`), for
/// errors.
#[allow(unreachable_patterns)]
pub fn rule_name(rule: Rule) -> &'static str {{
    match rule {{
{name_arms}        _ => "EOI",
    }}
}}

/// The grammar as one value: what the library's parse, lowering and
/// diagnosis take.
impl rt::CompiledGrammar for {grammar_type} {{
    type Rule = Rule;
    type Buffer = rt::NodeBuffer<Rule, PAIRS>;
    const RULES: &'static [Rule] = RULES;
    const STARTS: &'static [Rule] = STARTS;
    const LAYOUTS: &'static [(usize, rt::Layouts)] = LAYOUTS;
    const STRING_STARTS: rt::CharClass = STRING_STARTS;
    const READABLE: Option<rt::CharClass> = READABLE;
    const TOKENS: &'static [rt::Token] = TOKENS;
    const COUNTS_SUCCESSES: bool = COUNTS_SUCCESSES;
    const IP_ADDRESSES_READ: bool = {ip_addresses_read};
    const FILLER: Rule = Rule::r#{filler};

    #[inline(always)]
    fn rule_name(rule: Rule) -> &'static str {{
        rule_name(rule)
    }}

    #[inline(always)]
    fn holds_delimiter(rule: Rule) -> bool {{
        holds_delimiter(rule)
    }}

    #[inline(always)]
    fn static_reading(rule: Rule) -> bool {{
        static_reading(rule)
    }}

    #[inline(always)]
    fn pairs_nest(rule: Rule) -> bool {{
        pairs_nest(rule)
    }}

    #[inline(always)]
    fn run_with<K: rt::Sink<Rule>>(rule: Rule, p: &mut rt::Parse<'_, K>) -> Option<usize> {{
        run_with(rule, p)
    }}

    #[inline(always)]
    fn failure_with<K: rt::Sink<Rule> + rt::Keep, const L: bool>(
        rule: Rule,
        input: &str,
        sink: K,
        a: &mut rt::Attempts<Rule, L, K>,
    ) -> Option<usize> {{
        failure_with(rule, input, sink, a)
    }}

    #[inline]
    fn reach(rule: Rule, input: &str) -> usize {{
        reach(rule, input)
    }}

    #[inline]
    fn hidden_reads(rule: Rule) -> Option<rt::CharClass> {{
        hidden_reads(rule)
    }}
}}

/// For each rule that is a character class, a choice with character
/// alternatives, or a repetition of one, the characters it takes one at a
/// time (a `pct-encoded` is three characters, and not among them): what
/// may stand unencoded where the rule matches.
#[allow(non_upper_case_globals)]
pub mod chars {{
    use {runtime}::CharClass;

{chars}}}
{functions}"#,
        rules = names.len(),
        fns = stats.functions,
        tables = stats.tables,
    ) + &crate::layout::emit(&analysis, layout_rules)
        + &crate::reading::emit(&proven)
        + &rfc_rule_table(&names);
    Ok(Compiled {
        code,
        uses_eoi,
        counts,
        holds_delimiter: holding,
        static_reading: proven.static_reading,
        pairs_nest: proven.pairs_nest,
        rfc_rules: rfc_rule_rows(&names),
        rules: names,
    })
}

/// The Rust expression of `set` as the runtime's `CharClass`, whose type
/// is written `ty` where the expression stands: its ASCII characters as a
/// bit set, and its other characters as ranges.
fn char_class(set: &CharSet, ty: &str) -> String {
    let ranges: Vec<String> = set
        .non_ascii_ranges()
        .iter()
        .map(|(a, b)| format!("({a:#x}, {b:#x})"))
        .collect();
    let ascii = set
        .ascii_bytes()
        .bytes()
        .fold(0u128, |bits, b| bits | 1 << b);
    format!("{ty}::new({ascii:#x}, &[{}])", ranges.join(", "))
}

/// The RFC rules the lowering reads, each with its name in RFC 3986
/// (`uri.pest`) and in RFC 3987 (`iri.pest`, which puts an "i" before the
/// rules it extends and keeps the others' names), in the order the
/// runtime's `RfcRule` declares them: [`Compiled::rfc_rules`] gives rows
/// of this table by index.
const RFC_RULES: &[(&str, &str, &str)] = &[
    ("UriReference", "URI_reference", "IRI_reference"),
    ("Uri", "URI", "IRI"),
    ("AbsoluteUri", "absolute_URI", "absolute_IRI"),
    ("RelativeRef", "relative_ref", "irelative_ref"),
    ("RelativePart", "relative_part", "irelative_part"),
    ("Scheme", "scheme", "scheme"),
    ("HierPart", "hier_part", "ihier_part"),
    ("Query", "query", "iquery"),
    ("Fragment", "fragment", "ifragment"),
    ("Authority", "authority", "iauthority"),
    ("Path", "path", "ipath"),
    ("PathAbempty", "path_abempty", "ipath_abempty"),
    ("PathAbsolute", "path_absolute", "ipath_absolute"),
    ("PathNoscheme", "path_noscheme", "ipath_noscheme"),
    ("PathRootless", "path_rootless", "ipath_rootless"),
    ("PathEmpty", "path_empty", "ipath_empty"),
    ("Userinfo", "userinfo", "iuserinfo"),
    ("Host", "host", "ihost"),
    ("Port", "port", "port"),
    ("IpLiteral", "IP_literal", "IP_literal"),
    ("Ipv4Address", "IPv4address", "IPv4address"),
    ("RegName", "reg_name", "ireg_name"),
    ("Ipv6Address", "IPv6address", "IPv6address"),
    ("IpvFuture", "IPvFuture", "IPvFuture"),
    // RFC 6874's, in a grammar that extends `IP_literal` with a zone.
    ("ZoneId", "ZoneID", "ZoneID"),
];

/// The names of the grammar's rules that are RFC rules the lowering reads
/// (RFC 3987's where the grammar holds them, as [`rfc_rule_table`] maps
/// them).
fn rfc_rule_names(names: &[String]) -> Vec<String> {
    let has = |name: &str| names.iter().any(|n| n == name);
    let column = if has("IRI_reference") {
        2
    } else if has("URI_reference") {
        1
    } else {
        return Vec::new();
    };
    RFC_RULES
        .iter()
        .map(|row| if column == 1 { row.1 } else { row.2 })
        .filter(|name| has(name))
        .map(str::to_string)
        .collect()
}

/// The grammar's rules that [`rfc_rule_table`] maps, each with the index
/// of its row of [`RFC_RULES`] (the order of the runtime's `RfcRule`): a
/// grammar that holds RFC 3987's rules (`IRI_reference`) maps those; one
/// that holds RFC 3986's (`URI_reference`) maps those; any other none.
fn rfc_rule_rows(names: &[String]) -> Vec<(String, usize)> {
    let has = |name: &str| names.iter().any(|n| n == name);
    let iri = if has("IRI_reference") {
        true
    } else if has("URI_reference") {
        false
    } else {
        return Vec::new();
    };
    RFC_RULES
        .iter()
        .enumerate()
        .map(|(row, &(_, uri, iri_name))| (if iri { iri_name } else { uri }, row))
        .filter(|(name, _)| has(name))
        .map(|(name, row)| (name.to_string(), row))
        .collect()
}

/// The `UriRule` implementation of the grammar's `Rule`: the map from its
/// rules to the RFC rules the lowering reads. A grammar that holds RFC
/// 3987's rules (`IRI_reference`) maps those; one that holds RFC 3986's
/// (`URI_reference`) maps those; any other grammar's rules are its own,
/// and none is an RFC rule.
fn rfc_rule_table(names: &[String]) -> String {
    let mut table = String::new();
    for (name, row) in rfc_rule_rows(names) {
        if let Some((rfc, _, _)) = RFC_RULES.get(row) {
            table.push_str(&format!("    {name} => {rfc},\n"));
        }
    }
    format!(
        "\n// Which of the grammar's rules are the RFC rules the lowering reads.\n\
         rt::__uri_rule_table!(@impl Rule,\n{table});\n"
    )
}

#[cfg(test)]
mod tests {
    use super::{compile, compile_grammar, Options, Starts, RFC_RULES};

    const GRAMMAR: &str = r#"
a = { b ~ c }
b = { "x" }
c = { "y" }
d = { "z" }
"#;

    fn options(starts: Starts<'_>) -> Options<'_> {
        Options {
            runtime: "rt",
            sources: &[],
            grammar_type: "Grammar",
            starts,
        }
    }

    /// `Starts::Only` starts a parse from its rules alone, compiles only
    /// the rules they reach, and emits no layouts (no lowering reads them).
    #[test]
    fn only_its_entries_start_a_parse() {
        let code = compile(GRAMMAR, &options(Starts::Only(&["a"]))).unwrap();
        assert!(
            code.contains("pub const STARTS: &[Rule] = &[Rule::r#a, ];"),
            "{code}"
        );
        assert!(code.contains("fn r_b<") && code.contains("fn r_c<"));
        assert!(!code.contains("fn r_d<"));
        assert!(!code.contains("(Rule::r#a as usize, "));
        let every = compile(GRAMMAR, &options(Starts::Every)).unwrap();
        assert!(every.contains(
            "pub const STARTS: &[Rule] = &[Rule::r#a, Rule::r#b, Rule::r#c, Rule::r#d, ];"
        ));
        assert!(every.contains("fn r_d<") && every.contains("(Rule::r#a as usize, "));
    }

    #[test]
    fn an_entry_the_grammar_does_not_define_is_an_error() {
        let err = compile(GRAMMAR, &options(Starts::Only(&["e"]))).unwrap_err();
        assert_eq!(err.rule, "e");
        assert_eq!(
            err.message,
            "a start rule `e` that the grammar does not define"
        );
    }

    /// The rules the generated `fn {function}(rule: Rule) -> bool` answers
    /// true for, read from `code`.
    fn answered(code: &str, function: &str) -> Vec<String> {
        let body = code
            .split(&format!("pub fn {function}(rule: Rule) -> bool {{"))
            .nth(1)
            .unwrap();
        let body = &body[..body.find('}').unwrap()];
        body.split("Rule::r#")
            .skip(1)
            .map(|arm| arm.trim_end_matches([' ', '|', ')', '\n']).to_string())
            .collect()
    }

    /// The rows of the generated `UriRule` table: each rule's name and the
    /// `RfcRule` it maps to.
    fn rfc_table(code: &str) -> Vec<(String, String)> {
        let table = code
            .split("rt::__uri_rule_table!(@impl Rule,\n")
            .nth(1)
            .unwrap();
        table[..table.find(");").unwrap()]
            .lines()
            .map(|line| {
                let (name, rfc) = line
                    .trim()
                    .trim_end_matches(',')
                    .split_once(" => ")
                    .unwrap();
                (name.to_string(), rfc.to_string())
            })
            .collect()
    }

    /// `holds_delimiter`, `static_reading`, `pairs_nest` and `rfc_rules`
    /// state what the generated code encodes, for a grammar of RFC 3986's
    /// rules, one of RFC 3987's, and one of neither.
    #[test]
    fn the_fields_state_what_the_code_encodes() {
        let ssh = "ssh_URI = ${ ^\"ssh://\" ~ (ssh_user ~ \"@\")? ~ host ~ (\":\" ~ port)? ~ \
                   path_abempty }\n\
                   ssh_user = @{ (unreserved | pct_encoded | sub_delims)+ }\n\
                   ssh_input = _{ SOI ~ ssh_URI ~ EOI }\n";
        let uri = format!("{}{ssh}", crate::URI_PEST);
        let iri = format!("{}{}", crate::URI_PEST, crate::IRI_PEST);
        for (text, rfc) in [(uri.as_str(), true), (iri.as_str(), true), (GRAMMAR, false)] {
            let compiled = compile_grammar(text, &options(Starts::Every)).unwrap();
            let code = &compiled.code;
            assert_eq!(compiled.holds_delimiter, answered(code, "holds_delimiter"));
            assert_eq!(compiled.static_reading, answered(code, "static_reading"));
            assert_eq!(compiled.pairs_nest, answered(code, "pairs_nest"));
            let rows: Vec<(String, String)> = compiled
                .rfc_rules
                .iter()
                .map(|(name, row)| (name.clone(), RFC_RULES[*row].0.to_string()))
                .collect();
            assert_eq!(rows, rfc_table(code));
            assert_eq!(compiled.rfc_rules.is_empty(), !rfc);
        }
        // The grammar of RFC 3986's rules holds both kinds of rule.
        let compiled = compile_grammar(&uri, &options(Starts::Every)).unwrap();
        assert!(compiled.holds_delimiter.contains(&"ssh_URI".to_string()));
        assert!(!compiled.holds_delimiter.contains(&"ssh_user".to_string()));
        assert_eq!(compiled.static_reading, ["uri_input", "ssh_input"]);
        assert!(compiled
            .rfc_rules
            .contains(&("path_abempty".to_string(), 11)));
        // The IRI grammar maps RFC 3987's names, and its own `port`.
        let compiled = compile_grammar(&iri, &options(Starts::Every)).unwrap();
        assert!(compiled.rfc_rules.contains(&("ihost".to_string(), 17)));
        assert!(compiled.rfc_rules.contains(&("port".to_string(), 18)));
        assert!(!compiled.rfc_rules.iter().any(|(name, _)| name == "host"));
    }

    /// `IP_ADDRESSES_READ` holds for the RFCs' grammars, whose
    /// `IPv4address` and `IPv6address` match only addresses, and not where
    /// an edit lets either match more: an octet of 256, a ninth piece.
    #[test]
    fn ip_addresses_read_holds_for_the_rfc_rules_only() {
        let read = |text: &str| {
            let code = compile_grammar(text, &options(Starts::Every)).unwrap().code;
            let at = code.find("const IP_ADDRESSES_READ: bool = ").unwrap();
            code[at..].split_once(';').unwrap().0.ends_with("true")
        };
        let uri = crate::URI_PEST.to_string();
        assert!(read(&uri));
        assert!(read(&format!("{uri}{}", crate::IRI_PEST)));
        let octet = uri.replacen(r#""25" ~ '0'..'5'"#, r#""25" ~ '0'..'6'"#, 1);
        assert_ne!(octet, uri);
        assert!(!read(&octet));
        // Nine pieces: seven, then ls32.
        let pieces = uri.replacen(
            r#"":" ~ (ls32 | h16 ~ "::")"#,
            r#"":" ~ (h16 ~ ":" ~ ls32 | h16 ~ "::")"#,
            1,
        );
        assert_ne!(pieces, uri);
        assert!(!read(&pieces));
        // How the rule is written is not what the proof needs: the RFC's
        // nine alternatives, as a PEG, hold as well as their merge.
        let start = uri.find("IPv6address = @{").unwrap();
        let end = start + uri[start..].find("\n}\n").unwrap() + 3;
        let nine = format!("{}{NINE_ALTERNATIVES}{}", &uri[..start], &uri[end..]);
        assert!(read(&nine));
    }

    /// `IPv6address` as the RFC writes it, its nine alternatives in order,
    /// as a PEG (`tests/grammars/ipv6.rs` holds `uri.pest`'s to it).
    const NINE_ALTERNATIVES: &str = r#"IPv6address = @{
                                                     (h16 ~ ":"){6} ~ ls32
  |                                           "::" ~ (h16 ~ ":"){5} ~ ls32
  | (                                   h16)? ~ "::" ~ (h16 ~ ":"){4} ~ ls32
  | ((h16 ~ ":" ~ !":"){, 1} ~ h16)? ~ "::" ~ (h16 ~ ":"){3} ~ ls32
  | ((h16 ~ ":" ~ !":"){, 2} ~ h16)? ~ "::" ~ (h16 ~ ":"){2} ~ ls32
  | ((h16 ~ ":" ~ !":"){, 3} ~ h16)? ~ "::" ~  h16 ~ ":"     ~ ls32
  | ((h16 ~ ":" ~ !":"){, 4} ~ h16)? ~ "::" ~                  ls32
  | ((h16 ~ ":" ~ !":"){, 5} ~ h16)? ~ "::" ~                  h16
  | ((h16 ~ ":" ~ !":"){, 6} ~ h16)? ~ "::"
}
"#;
}
