//! The compiler's driver: a grammar's text to the Rust source of its
//! parser, through pest_meta and the stages of the crate's other modules.

use crate::docs::{self, RuleFacts};
use crate::error::CompileError;
use crate::lint::{self, Finding};
use crate::role::Role;
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
    /// The rules that play a role (`Role:` in their doc comment), from
    /// which the library parses a reference or checks a component, and
    /// these: the crate's own grammars, which only the library starts.
    RolesAnd(&'a [&'a str]),
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
    /// The name of a `#[macro_export]` macro to declare, which implements
    /// `UriRule` for the `Rule` type of another parser of the same files
    /// (pest_derive's): `impl_uri_rule!` expands to uri.pest's. `None`
    /// for every other grammar.
    pub role_macro: Option<&'a str>,
    /// The text the rules' doc comments are read from, where it is not the
    /// grammar's: the derive's, with the base's definitions of the rules a
    /// user's grammar extends still in it, so that an extension keeps the
    /// role of the rule it replaces (unless its own doc comment gives it
    /// another). `None`: the grammar's.
    pub docs: Option<&'a str>,
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
    /// The rules the generator proved are read as the generic grammar
    /// reads them, in the grammar's order: the derive parses from each
    /// with no check of the reading.
    pub static_reading: Vec<String>,
    /// The rules the generator proved no pair of crosses a component of
    /// the generic reading, in the grammar's order: the derive parses from
    /// each with no comparison of its pairs with the components.
    pub pairs_nest: Vec<String>,
    /// What each rule's doc comment says of it (its RFC name, ABNF and
    /// role), by rule.
    pub facts: std::collections::BTreeMap<String, RuleFacts>,
}

impl Compiled {
    /// The rules that play a role, each with it, in the grammar's order.
    pub fn roles(&self) -> Vec<(String, Role)> {
        self.rules
            .iter()
            .filter_map(|rule| Some((rule.clone(), self.facts.get(rule)?.role?)))
            .collect()
    }
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
    let facts = docs::rule_facts(options.docs.unwrap_or(grammar), &names)?;
    let mut entries = names.clone();
    if uses_eoi {
        entries.push(analysis::EOI.to_string());
    }
    // The rules a parse can start from, in the grammar's order.
    let starts: Vec<String> = match options.starts {
        Starts::Every => entries.clone(),
        Starts::RolesAnd(more) | Starts::Only(more) => {
            if let Some(missing) = more.iter().find(|rule| !names.iter().any(|n| n == *rule)) {
                return Err(vec![CompileError {
                    rule: (*missing).to_string(),
                    message: format!("a start rule `{missing}` that the grammar does not define"),
                    line: None,
                    column: None,
                }]);
            }
            let playing = |name: &String| {
                matches!(options.starts, Starts::RolesAnd(_))
                    && facts.get(name).is_some_and(|facts| facts.role.is_some())
            };
            entries
                .iter()
                .filter(|name| playing(name) || more.contains(&name.as_str()))
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

    let mut name_arms = String::new();
    let mut rfc_name_arms = String::new();
    let mut abnf_arms = String::new();
    for name in &entries {
        name_arms.push_str(&format!(
            "        Rule::r#{name} => \"{}\",\n",
            name.replace('_', "-")
        ));
        let Some(facts) = facts.get(name) else {
            continue;
        };
        if !facts.abnf.is_empty() {
            rfc_name_arms.push_str(&format!("        Rule::r#{name} => {:?},\n", facts.name));
            abnf_arms.push_str(&format!("        Rule::r#{name} => {:?},\n", facts.abnf));
        }
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
    let roles: Vec<(String, Role)> = names
        .iter()
        .filter_map(|name| Some((name.clone(), facts.get(name)?.role?)))
        .collect();
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

/// Each rule's name as errors write it: its own, with `_` written `-`
/// (`addr_spec` is `addr-spec`).
#[allow(unreachable_patterns)]
pub fn rule_name(rule: Rule) -> &'static str {{
    match rule {{
{name_arms}        _ => "EOI",
    }}
}}

/// The name of the ABNF each rule's doc comment starts with, as its RFC
/// writes it (`ireg_name` is RFC 3987's `ireg-name`, a scheme grammar's
/// `ssh_user` its RFC's `user`); empty for a rule that has none.
#[allow(unreachable_patterns)]
pub fn rfc_name(rule: Rule) -> &'static str {{
    match rule {{
{rfc_name_arms}        _ => "",
    }}
}}

/// The ABNF each rule's doc comment starts with, as its RFC writes it;
/// empty for a rule that has none.
#[allow(unreachable_patterns)]
pub fn abnf(rule: Rule) -> &'static str {{
    match rule {{
{abnf_arms}        _ => "",
    }}
}}

/// The grammar as one value: what the library's parse, lowering and
/// diagnosis take.
impl rt::CompiledGrammar for {grammar_type} {{
    type Rule = Rule;
    type Buffer = rt::NodeBuffer<Rule, PAIRS>;
    const RULES: &'static [Rule] = RULES;
    const STARTS: &'static [Rule] = STARTS;
    const STRING_STARTS: rt::CharClass = STRING_STARTS;
    const TOKENS: &'static [rt::Token] = TOKENS;
    const COUNTS_SUCCESSES: bool = COUNTS_SUCCESSES;
    const FILLER: Rule = Rule::r#{filler};

    #[inline(always)]
    fn rule_name(rule: Rule) -> &'static str {{
        rule_name(rule)
    }}

    fn rfc_name(rule: Rule) -> &'static str {{
        rfc_name(rule)
    }}

    fn abnf(rule: Rule) -> &'static str {{
        abnf(rule)
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
    ) + &uri_rule_impl(&roles, options.role_macro);
    Ok(Compiled {
        code,
        uses_eoi,
        counts,
        static_reading: proven.static_reading,
        pairs_nest: proven.pairs_nest,
        rules: names,
        facts,
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

/// The `UriRule` implementation of the grammar's `Rule`: the role each
/// rule plays (`roles`, from the grammar's `Role:` lines), both ways. With
/// `role_macro`, also that macro, which implements it for another `Rule`
/// type of the same files (pest_derive's, in a user's crate).
pub(crate) fn uri_rule_impl(roles: &[(String, Role)], role_macro: Option<&str>) -> String {
    let body = |rule: &str, runtime: &str| {
        let mut to = String::new();
        let mut from = String::new();
        for (name, role) in roles {
            to.push_str(&format!(
                "            {rule}::r#{name} => ::core::option::Option::Some({runtime}::Role::{role:?}),\n"
            ));
            from.push_str(&format!(
                "            {runtime}::Role::{role:?} => ::core::option::Option::Some({rule}::r#{name}),\n"
            ));
        }
        let table: String = roles
            .iter()
            .map(|(name, role)| format!("({rule}::r#{name} as usize, {runtime}::Role::{role:?}), "))
            .collect();
        format!(
            "impl {runtime}::UriRule for {rule} {{\n\
             \x20   const ROLES: &'static [(usize, {runtime}::Role)] = &[{table}];\n\n\
             \x20   #[inline(always)]\n\
             \x20   fn role(self) -> ::core::option::Option<{runtime}::Role> {{\n\
             \x20       #[allow(unreachable_patterns)]\n\
             \x20       match self {{\n{to}            _ => ::core::option::Option::None,\n        }}\n    }}\n\n\
             \x20   #[inline(always)]\n\
             \x20   fn with_role(role: {runtime}::Role) -> ::core::option::Option<Self> {{\n\
             \x20       #[allow(unreachable_patterns)]\n\
             \x20       match role {{\n{from}            _ => ::core::option::Option::None,\n        }}\n    }}\n}}\n"
        )
    };
    let mut out = String::from(
        "\n// The role each rule plays in a URI reference, as the grammar's `Role:`\n// lines say.\n",
    );
    out.push_str(&body("Rule", "rt"));
    if let Some(name) = role_macro {
        out.push_str(&format!(
            "\n/// Implements `UriRule` for `$rule`, the `Rule` type of another parser of\n\
             /// this grammar's files, with the roles above. Not public API.\n\
             #[doc(hidden)]\n#[macro_export]\nmacro_rules! {name} {{\n    ($rule:ident) => {{\n{}    }};\n}}\n",
            body("$rule", "$crate")
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{compile, compile_grammar, Options, Starts};
    use crate::role::Role;

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
            role_macro: None,
            docs: None,
        }
    }

    /// `Starts::Only` starts a parse from its rules alone, compiles only
    /// the rules they reach.
    #[test]
    fn only_its_entries_start_a_parse() {
        let code = compile(GRAMMAR, &options(Starts::Only(&["a"]))).unwrap();
        assert!(
            code.contains("pub const STARTS: &[Rule] = &[Rule::r#a, ];"),
            "{code}"
        );
        assert!(code.contains("fn r_b<") && code.contains("fn r_c<"));
        assert!(!code.contains("fn r_d<"));
        let every = compile(GRAMMAR, &options(Starts::Every)).unwrap();
        assert!(every.contains(
            "pub const STARTS: &[Rule] = &[Rule::r#a, Rule::r#b, Rule::r#c, Rule::r#d, ];"
        ));
        assert!(every.contains("fn r_d<"));
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

    /// The arms of the generated `UriRule::role`: each rule's name and the
    /// role it plays.
    fn role_table(code: &str) -> Vec<(String, String)> {
        let body = code
            .split("fn role(self) -> ::core::option::Option<rt::Role> {")
            .nth(1)
            .unwrap();
        body[..body.find("_ =>").unwrap()]
            .lines()
            .filter_map(|line| {
                let (name, role) = line.trim().split_once(" => ")?;
                let role = role.strip_prefix("::core::option::Option::Some(rt::Role::")?;
                Some((
                    name.strip_prefix("Rule::r#")?.to_string(),
                    role.trim_end_matches("),").to_string(),
                ))
            })
            .collect()
    }

    /// `roles` states what the generated code encodes, for a grammar of RFC 3986's
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
            let rows: Vec<(String, String)> = compiled
                .roles()
                .iter()
                .map(|(name, role)| (name.clone(), format!("{role:?}")))
                .collect();
            assert_eq!(rows, role_table(code));
            assert_eq!(rows.is_empty(), !rfc);
        }
        let compiled = compile_grammar(&uri, &options(Starts::Every)).unwrap();
        assert_eq!(compiled.static_reading, ["uri_input", "ssh_input"]);
        assert!(compiled
            .roles()
            .contains(&("path_abempty".to_string(), Role::PathAbempty)));
        // In the IRI grammar, iri.pest's rules take over the roles it gives
        // them, and uri.pest's `port` keeps its own.
        let roles = compile_grammar(&iri, &options(Starts::Every))
            .unwrap()
            .roles();
        assert!(roles.contains(&("ireg_name".to_string(), Role::RegName)));
        assert!(roles.contains(&("port".to_string(), Role::Port)));
        assert!(!roles.iter().any(|(name, _)| name == "reg_name"));
    }
}
