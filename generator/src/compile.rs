//! The compiler's driver: a grammar's text to the Rust source of its
//! parser, through pest_meta and the stages of the crate's other modules.

use crate::error::CompileError;
use crate::sets::CharSet;
use crate::{analysis, counts, emit, ir, simplify};

impl CompileError {
    /// The error with its line filled in from `grammar`, the text it is an
    /// error of: where its rule is defined.
    fn located(mut self, grammar: &str) -> CompileError {
        if self.line.is_none() {
            self.line = definition_line(grammar, &self.rule);
        }
        self
    }
}

/// The name a line of a grammar defines (`name = { ... }`, with any
/// modifier), if it starts a rule's definition.
fn defined_on(line: &str) -> Option<&str> {
    let line = line.trim_start();
    let end = line
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(line.len());
    let (name, rest) = line.split_at(end);
    let starts_ok = name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_');
    (starts_ok && rest.trim_start().starts_with('=')).then_some(name)
}

/// The line (from 1) where `grammar` defines `rule`.
fn definition_line(grammar: &str, rule: &str) -> Option<usize> {
    grammar
        .lines()
        .position(|line| defined_on(line) == Some(rule))
        .map(|i| i + 1)
}

/// The rule whose definition holds line `line` (from 1) of `grammar`: the
/// last one defined at or before it.
fn rule_at_line(grammar: &str, line: usize) -> Option<&str> {
    grammar.lines().take(line).filter_map(defined_on).last()
}

/// pest_meta's error, as one of the compiler's: its message, its line, and
/// the rule whose definition it is in.
fn from_pest(grammar: &str, error: &pest::error::Error<pest_meta::parser::Rule>) -> CompileError {
    use pest::error::LineColLocation;
    let line = match error.line_col {
        LineColLocation::Pos((line, _)) | LineColLocation::Span((line, _), _) => line,
    };
    let error = error
        .clone()
        .renamed_rules(pest_meta::parser::rename_meta_rule);
    CompileError {
        rule: rule_at_line(grammar, line).unwrap_or("grammar").to_string(),
        message: error.variant.message().into_owned(),
        line: Some(line),
    }
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
}

/// [`compile`], with the grammar's rules.
///
/// # Errors
///
/// The first error pest_meta finds in the grammar (with the rule whose
/// definition holds it, and its line), or the first construct the compiler
/// does not support (with the rule and the line where it is defined).
pub fn compile_grammar(grammar: &str, options: &Options<'_>) -> Result<Compiled, CompileError> {
    compile_located(grammar, options).map_err(|error| error.located(grammar))
}

fn compile_located(grammar: &str, options: &Options<'_>) -> Result<Compiled, CompileError> {
    let (builtins, optimized) = parse_and_optimize(grammar).map_err(|errors| {
        let mut first = from_pest(grammar, &errors[0]);
        if errors.len() > 1 {
            first.message = format!("{} (and {} more errors)", first.message, errors.len() - 1);
        }
        first
    })?;
    let uses_eoi = builtins.contains(&"EOI");
    let lowered = ir::lower(&optimized)?;
    let counts = counts::rule_counts(&lowered);
    let before = analysis::Analysis::new(&lowered);
    let simplified: Vec<ir::IrRule> = lowered
        .into_iter()
        .map(|rule| ir::IrRule {
            expr: simplify::simplify(rule.expr, &before),
            ..rule
        })
        .collect();
    let analysis = analysis::Analysis::new(&simplified);

    let names: Vec<String> = simplified.iter().map(|r| r.name.clone()).collect();
    let mut entries = names.clone();
    if uses_eoi {
        entries.push(analysis::EOI.to_string());
    }
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
    for name in &entries {
        let call = emitter.entry(name, emit::Mode::Diagnostic(analysis::Track::START));
        diagnostic_arms.push_str(&format!(
            "        Rule::{name} => {{\n let pos = 0;\n {call}\n }}\n"
        ));
        let reach = emitter.reach_entry(name);
        reach_arms.push_str(&format!("        Rule::{name} => {reach},\n"));
    }
    let (functions, stats) = emitter.functions(&entries)?;

    let mut chars = String::new();
    for rule in &simplified {
        if let Some(class) = analysis.single_chars(&rule.expr) {
            let ranges: Vec<String> = class
                .non_ascii_ranges()
                .iter()
                .map(|(a, b)| format!("({a:#x}, {b:#x})"))
                .collect();
            let ascii = class
                .ascii_bytes()
                .bytes()
                .fold(0u128, |bits, b| bits | 1 << b);
            chars.push_str(&format!(
                "    /// What `{name}` takes one character at a time.\n    pub const {name}: CharClass = CharClass::new({ascii:#x}, &[{ranges}]);\n",
                name = rule.name,
                ranges = ranges.join(", "),
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
    let string_starts = {
        let ranges: Vec<String> = string_starts
            .non_ascii_ranges()
            .iter()
            .map(|(a, b)| format!("({a:#x}, {b:#x})"))
            .collect();
        let ascii = string_starts
            .ascii_bytes()
            .bytes()
            .fold(0u128, |bits, b| bits | 1 << b);
        format!("rt::CharClass::new({ascii:#x}, &[{}])", ranges.join(", "))
    };

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
        .map(|name| format!("Rule::{name}"))
        .collect();
    let holds_delimiter = if holding.is_empty() {
        "false".to_string()
    } else {
        format!("matches!(rule, {})", holding.join(" | "))
    };
    let mut name_arms = String::new();
    for name in &entries {
        name_arms.push_str(&format!(
            "        Rule::{name} => \"{}\",\n",
            name.replace('_', "-")
        ));
    }
    let mut arms = String::new();
    for name in &entries {
        arms.push_str(&format!(
            "        Rule::{name} => {}(p, 0),\n",
            emit::fn_name(name, emit::Mode::Fast(analysis::Ctx::Record))
        ));
    }
    let filler = &entries[0];
    let rule_list: String = entries
        .iter()
        .map(|name| format!("Rule::{name}, "))
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
    Tree::new(input, Rule::{filler})
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
    let mut failure = rt::Attempts::new(Rule::{filler});
    let end = failure_into(rule, input, &mut failure);
    (failure, end)
}}

/// [`failure`] into a record the caller holds (new), so that nothing is
/// moved.
#[inline(never)]
pub fn failure_into(rule: Rule, input: &str, a: &mut Failure) -> Option<usize> {{
    failure_with(rule, input, rt::NodeBuffer::new(Rule::{filler}), a)
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
    let mut far = 0;
    let end = match rule {{
{reach_arms}    }};
    end.map_or(far, |end| far.max(end))
}}

/// Every rule, `EOI` too, in the grammar's order.
pub const RULES: &[Rule] = &[{rule_list}];

/// The first character of every string of two or more characters that the
/// grammar matches: pest counts such a string only whole, so that the
/// input can go on past the furthest byte a token reached where one of
/// these stands there.
pub const STRING_STARTS: rt::CharClass = {string_starts};

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
    const LAYOUTS: &'static [(usize, rt::Layouts)] = LAYOUTS;
    const STRING_STARTS: rt::CharClass = STRING_STARTS;
    const FILLER: Rule = Rule::{filler};

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
    ) + &crate::layout::emit(&analysis, &names)
        + &crate::reading::emit(&analysis, &names)
        + &rfc_rule_table(&names);
    Ok(Compiled {
        code,
        rules: names,
        uses_eoi,
        counts,
    })
}

/// The RFC rules the lowering reads, each with its name in RFC 3986
/// (`uri.pest`) and in RFC 3987 (`iri.pest`, which puts an "i" before the
/// rules it extends and keeps the others' names).
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
];

/// The `UriRule` implementation of the grammar's `Rule`: the map from its
/// rules to the RFC rules the lowering reads. A grammar that holds RFC
/// 3987's rules (`IRI_reference`) maps those; one that holds RFC 3986's
/// (`URI_reference`) maps those; any other grammar's rules are its own,
/// and none is an RFC rule.
fn rfc_rule_table(names: &[String]) -> String {
    let has = |name: &str| names.iter().any(|n| n == name);
    let column = if has("IRI_reference") {
        Some(2)
    } else if has("URI_reference") {
        Some(1)
    } else {
        None
    };
    let mut table = String::new();
    for row in RFC_RULES {
        let (rfc, name) = match column {
            Some(1) => (row.0, row.1),
            Some(_) => (row.0, row.2),
            None => break,
        };
        if has(name) {
            table.push_str(&format!("    {name} => {rfc},\n"));
        }
    }
    format!(
        "\n// Which of the grammar's rules are the RFC rules the lowering reads.\n\
         rt::__uri_rule_table!(@impl Rule,\n{table});\n"
    )
}
