//! What `#[derive(rfc3986::Grammar)]` expands to, as Rust source: the
//! user's grammar joined to `uri.pest` (or `iri.pest`), compiled, with the
//! `Rule` type pest_derive would declare for the same files and the glue
//! that makes the user's struct a `rfc3986::schemes::Grammar`.
//!
//! The proc-macro crate only reads the attributes and turns this text into
//! tokens; everything that can go wrong with a grammar is found here, and
//! said with the file, the line, the column and the rule; when it fails,
//! the items the user's code names are still declared, so that the
//! grammar's errors are the only ones.

use std::fmt::Write;
use std::path::{Path, PathBuf};

use crate::compile::{compile_all, defined_rules, definition_place, Compiled, Options, Starts};
use crate::counts::Count;
use crate::docs::{docs, Docs};
use crate::extend;
use crate::literal::{fingerprint, grammar_of, literal_macro, LiteralFacts};
use crate::tokens::{is_keyword, InlineOrigin};
use crate::{IRI_PEST, URI_PEST};

/// The grammar a user's rules are joined to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Base {
    /// `uri.pest` (`#[grammar_base = "uri"]`, the default): RFC 3986's
    /// rules, and the generic [`Uri`] of a parse.
    ///
    /// [`Uri`]: https://docs.rs/rfc3986/latest/rfc3986/type.Uri.html
    Uri,
    /// `uri.pest` and `iri.pest` (`#[grammar_base = "iri"]`): RFC 3987's
    /// rules too, and the generic `Iri` of a parse.
    Iri,
    /// Nothing (`#[grammar_base = "none"]`): the user's rules alone. A
    /// parse's generic `Uri` then comes from the generic parser.
    None,
}

/// One `#[grammar = "..."]` or `#[grammar_inline = "..."]` attribute.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GrammarSource {
    /// A file, as pest_derive finds it: relative to the crate's manifest
    /// directory if it is there, else to its `src/`.
    File(String),
    /// The grammar's text itself.
    Inline(String),
    /// The grammar's text itself, and where it is in the user's source
    /// (the `#[grammar_inline = "..."]` literal): errors in it name that
    /// file, line and column, where those of [`Inline`](Self::Inline)
    /// count in the text.
    InlineAt(String, InlineOrigin),
}

/// What the derive was given.
#[derive(Clone, Debug)]
pub struct DeriveInput {
    /// The struct's name.
    pub name: String,
    /// The grammar's parts, in the order of the attributes.
    pub sources: Vec<GrammarSource>,
    /// What the user's rules are joined to.
    pub base: Base,
    /// The scheme's name in errors (`#[scheme = "ssh"]`); the struct's
    /// name in lowercase by default.
    pub scheme: Option<String>,
    /// The name of the macro that makes literals of the grammar checked
    /// at compile time (`#[literal_macro = "redis"]`), if it has one.
    pub literal_macro: Option<String>,
}

impl DeriveInput {
    /// The scheme's name in errors.
    fn scheme(&self) -> String {
        self.scheme
            .clone()
            .unwrap_or_else(|| self.name.to_lowercase())
    }
}

/// Where the generated code finds the crate's runtime.
const RUNTIME: &str = "::rfc3986::__private::runtime";

/// The names the generated code declares beside the parse functions, in
/// the block where it also implements the user's struct: a struct of one of
/// these names would be shadowed there.
const RESERVED: &[&str] = &[
    "Rule",
    "PAIRS",
    "PARSERS",
    "Tree",
    "ParseOf",
    "Diagnosis",
    "Failure",
    "rt",
    "chars",
];

/// One part of the joined grammar text: where it came from, and the line
/// of the joined text it starts on (from 1).
struct Part<'a> {
    name: String,
    first_line: usize,
    /// Where an inline grammar's text is in the user's source, and the
    /// text.
    origin: Option<(&'a InlineOrigin, &'a str)>,
    /// Whether it is the base's (uri.pest or iri.pest).
    is_base: bool,
}

/// A part of the user's, read: its name in errors, its text, and where an
/// inline grammar's text is in the user's source.
type UserPart<'a> = (String, &'a str, Option<(&'a InlineOrigin, &'a str)>);

/// How errors name uri.pest.
const URI_BASE: &str = "uri.pest (rfc3986's)";

/// How errors name iri.pest.
const IRI_BASE: &str = "iri.pest (rfc3986's)";

/// That `base` does not define a rule, as a marker's error says it.
fn not_defined(base: Base) -> &'static str {
    match base {
        Base::Uri => "uri.pest does not define",
        Base::Iri => "neither uri.pest nor iri.pest defines",
        Base::None => "no base defines",
    }
}

impl Part<'_> {
    /// The place of the part's line `line` (from 1), and its column
    /// `column`: in the user's source for an inline grammar whose origin
    /// is known, else in the part.
    fn place(&self, line: usize, column: Option<usize>) -> String {
        let in_source = self.origin.and_then(|(origin, text)| {
            let mut lines = text.split('\n');
            let before: usize = lines
                .by_ref()
                .take(line.checked_sub(1)?)
                .map(|line| line.chars().count() + 1)
                .sum();
            let this = lines.next()?.chars().count();
            let at = column.unwrap_or(1).checked_sub(1)?.min(this);
            let &(line, column_in_source) = origin.positions.get(before + at)?;
            Some(match column {
                Some(_) => format!("{}, line {line}, column {column_in_source}", origin.file),
                None => format!("{}, line {line}", origin.file),
            })
        });
        in_source.unwrap_or_else(|| match column {
            Some(column) => format!("{}, line {line}, column {column}", self.name),
            None => format!("{}, line {line}", self.name),
        })
    }
}

/// Why [`derive()`] gave no parser: the errors, and what to expand to
/// beside them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeriveError {
    /// What is wrong, one message each (for one `compile_error!` each),
    /// with the file, the line, the column and the rule: every error
    /// found, up to [`MAX_ERRORS`], and then one that counts the rest.
    pub errors: Vec<String>,
    /// Rust source to expand to beside the errors, unless the struct's
    /// name is the problem: `Rule`, with a variant for each rule the
    /// grammar's text defines (read leniently, as the text may not parse)
    /// and `EOI`, and the struct's `parse`, `parse_pairs` and
    /// `rfc3986::schemes::Grammar`, whose parser never runs (the build
    /// fails). The user's code that names them then compiles, and the
    /// grammar's errors are the only ones, not the first of a cascade.
    pub fallback: Option<String>,
}

impl std::fmt::Display for DeriveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.errors.join("\n"))
    }
}

impl std::error::Error for DeriveError {}

/// The most errors of a grammar said one by one; a last message counts
/// the others.
pub const MAX_ERRORS: usize = 10;

/// The Rust source `#[derive(rfc3986::Grammar)]` expands to for `input`,
/// with the grammar files found from `manifest_dir` (the user's
/// `CARGO_MANIFEST_DIR`).
///
/// # Errors
///
/// The messages for `compile_error!`: a file that cannot be read, or each
/// thing wrong with the grammar, with the file, the line, the column and
/// the rule; and the items to expand to beside them.
pub fn derive(input: &DeriveInput, manifest_dir: &Path) -> Result<String, DeriveError> {
    let name = &input.name;
    if RESERVED.contains(&name.as_str())
        || name.starts_with("TABLE_")
        || name.starts_with("RANGES_")
    {
        // No fallback: it would declare what the name clashes with.
        return Err(DeriveError {
            errors: vec![format!(
                "rfc3986::Grammar: a struct named `{name}` would be shadowed by the generated \
                 code; rename it (reserved: {})",
                RESERVED.join(", ")
            )],
            fallback: None,
        });
    }
    match compile_input(input, manifest_dir) {
        Ok(Artifact {
            compiled,
            grammar,
            files,
            extended,
        }) => {
            let docs = docs(&grammar);
            let literal = input.literal_macro.as_ref().map(|macro_name| {
                let facts = facts_of(input, &compiled, &extended).to_text();
                Literal {
                    grammar_of: grammar_of(name, fingerprint(&facts, &grammar)),
                    declaration: literal_macro(name, macro_name, Some((&facts, &grammar))),
                }
            });
            Ok(expansion(
                input,
                &compiled.rules,
                compiled.uses_eoi,
                &docs,
                &files,
                &compiled.code,
                &accessors(&compiled, input.base, &docs),
                !extended.is_empty(),
                literal.as_ref(),
                &parse_arms(&compiled.static_reading, &compiled.pairs_nest),
            ))
        }
        Err(failure) => {
            // `EOI` always, and once (a grammar may define it, which pest
            // refuses): a grammar that does not compile may well use it.
            let mut rules = defined_rules(&failure.grammar);
            rules.retain(|rule| rule != "EOI");
            let docs = Docs {
                grammar: None,
                rules: Vec::new(),
            };
            // An empty `{Name}Rules`, so that a `use` of it resolves; and
            // the literal macro, which then makes no error of its own.
            let literal = input.literal_macro.as_ref().map(|macro_name| Literal {
                grammar_of: grammar_of(name, 0),
                declaration: literal_macro(name, macro_name, None),
            });
            let fallback = expansion(
                input,
                &rules,
                true,
                &docs,
                &failure.files,
                &stub(name),
                &[],
                false,
                literal.as_ref(),
                &parse_arms(&[], &[]),
            );
            Err(DeriveError {
                errors: failure.errors,
                fallback: Some(fallback),
            })
        }
    }
}

/// What a literal of the grammar of `input` is checked with: the facts
/// and the grammar's text that `#[literal_macro = "..."]` hands its macro
/// (whether `input` declares one or not).
///
/// # Errors
///
/// The grammar's errors, as [`derive`](fn@derive) gives them.
pub fn literal_facts(
    input: &DeriveInput,
    manifest_dir: &Path,
) -> Result<(LiteralFacts, String), Vec<String>> {
    compile_input(input, manifest_dir)
        .map(|artifact| {
            let facts = facts_of(input, &artifact.compiled, &artifact.extended);
            (facts, artifact.grammar)
        })
        .map_err(|failure| failure.errors)
}

/// The grammar of `input` compiled as the derive compiles it: every rule a
/// start, with the runtime at [`RUNTIME`], for the struct `input.name`.
fn compile_input(input: &DeriveInput, manifest_dir: &Path) -> Result<Artifact, Failure> {
    let name = &input.name;
    compile_parts(
        name,
        input.base,
        &input.sources,
        manifest_dir,
        Target {
            runtime: RUNTIME,
            grammar_type: name,
            starts: Starts::Every,
            role_macro: None,
        },
    )
}

/// The literal facts of the grammar of `input`, compiled as `compiled`,
/// which replaces the base's rules `extended`.
fn facts_of(input: &DeriveInput, compiled: &Compiled, extended: &[String]) -> LiteralFacts {
    LiteralFacts::of(
        &input.name,
        &input.scheme(),
        input.base == Base::Iri,
        !extended.is_empty(),
        compiled,
    )
}

/// The code in place of a compiled grammar's, for the items of a grammar
/// that does not compile ([`DeriveError::fallback`]): `CompiledGrammar`
/// and `UriRule`, implemented with code that never runs, as the build
/// fails with the grammar's errors.
fn stub(name: &str) -> String {
    let uri_rule = crate::compile::uri_rule_impl(&[], None);
    format!(
        r#"use {RUNTIME} as rt;

impl rt::CompiledGrammar for {name} {{
    type Rule = Rule;
    type Buffer = rt::NodeBuffer<Rule, 1>;
    const RULES: &'static [Rule] = &[];
    const STARTS: &'static [Rule] = &[];
    const STRING_STARTS: rt::CharClass = rt::CharClass::new(0, &[]);
    const TOKENS: &'static [rt::Token] = &[];
    const COUNTS_SUCCESSES: bool = false;
    const FILLER: Rule = Rule::EOI;

    fn rule_name(_: Rule) -> &'static str {{
        ::core::unreachable!()
    }}

    fn rfc_name(_: Rule) -> &'static str {{
        ::core::unreachable!()
    }}

    fn abnf(_: Rule) -> &'static str {{
        ::core::unreachable!()
    }}

    fn run_with<K: rt::Sink<Rule>>(_: Rule, _: &mut rt::Parse<'_, K>) -> Option<usize> {{
        ::core::unreachable!()
    }}

    fn failure_with<K: rt::Sink<Rule> + rt::Keep, const L: bool>(
        _: Rule,
        _: &str,
        _: K,
        _: &mut rt::Attempts<Rule, L, K>,
    ) -> Option<usize> {{
        ::core::unreachable!()
    }}

    fn reach(_: Rule, _: &str) -> usize {{
        ::core::unreachable!()
    }}
}}

{uri_rule}"#
    )
}

/// The items of a grammar's literal macro: the items on its
/// `Rule` (in the block of the grammar's impls) and the macro's
/// declaration (beside the struct).
struct Literal {
    grammar_of: String,
    declaration: String,
}

/// The arms of the derived `Grammar::parse`: a parse from each rule in
/// `static_reading` (whose reading the generator proved) or `pairs_nest`
/// (whose pairs it proved nest with the components), with what was
/// proven, and from every other rule with the checks.
fn parse_arms(static_reading: &[String], pairs_nest: &[String]) -> String {
    let mut arms = String::new();
    let call = |proven: bool, nest: bool| {
        format!("::rfc3986::__private::parse_grammar::<Self, {proven}, {nest}>(rule, input)")
    };
    for rule in pairs_nest {
        let proven = static_reading.contains(rule);
        writeln!(
            arms,
            "                Rule::r#{rule} => {},",
            call(proven, true)
        )
        .unwrap();
    }
    writeln!(arms, "                _ => {},", call(false, false)).unwrap();
    arms
}

/// The expansion: `Rule` with `rules` (and `EOI` first where `uses_eoi`),
/// documented with `docs`, the files included so that Cargo builds the
/// crate again when one changes, and `code` (the grammar's, which
/// implements `CompiledGrammar` for the struct) with the struct's
/// `parse`, `parse_pairs` and `rfc3986::schemes::Grammar`, and the trait
/// `{Name}Rules` with a method for each of `accessors`.
#[allow(clippy::too_many_arguments)]
fn expansion(
    input: &DeriveInput,
    rules: &[String],
    uses_eoi: bool,
    docs: &Docs,
    files: &[PathBuf],
    code: &str,
    accessors: &[Accessor],
    extends_base: bool,
    literal: Option<&Literal>,
    parse_arms: &str,
) -> String {
    let name = &input.name;
    let scheme = input.scheme();
    let mut out = String::new();

    out.push_str(&rule_type(rules, uses_eoi, docs));

    write_rules_trait(&mut out, name, accessors);
    if let Some(literal) = literal {
        out.push_str(&literal.declaration);
    }

    // The files, included so that Cargo builds the crate again when one
    // changes (as pest_derive does).
    if !files.is_empty() {
        write!(
            out,
            "#[allow(non_upper_case_globals)]\nconst _RFC3986_GRAMMAR_{name}: [&str; {}] = [",
            files.len()
        )
        .unwrap();
        for file in files {
            write!(out, "include_str!({:?}), ", file.display().to_string()).unwrap();
        }
        out.push_str("];\n");
    }

    let spec = match input.base {
        Base::Iri => "::rfc3986::spec::Rfc3987",
        Base::Uri | Base::None => "::rfc3986::spec::Rfc3986",
    };
    let reference = match input.base {
        Base::Iri => "IRI reference",
        Base::Uri | Base::None => "URI reference",
    };
    write!(
        out,
        r#"
#[allow(dead_code, unused_imports, unused_qualifications, non_snake_case, non_upper_case_globals, clippy::all, clippy::pedantic)]
const _: () = {{
{code}
    impl {name} {{
        /// Parses `input` from `rule`, which must match all of it: the
        /// generic {reference} and the pairs of the grammar's rules, in
        /// one pass where the pairs hold the generic components.
        ///
        /// # Errors
        ///
        /// [`SchemeError::Syntax`](::rfc3986::schemes::SchemeError::Syntax)
        /// when `input` is not a {reference}, else
        /// [`SchemeError::Scheme`](::rfc3986::schemes::SchemeError::Scheme)
        /// naming the grammar's rule that failed and the byte.
        pub fn parse(
            rule: Rule,
            input: &str,
        ) -> ::core::result::Result<::rfc3986::schemes::Parsed<'_, {name}>, ::rfc3986::schemes::SchemeError> {{
            <{name} as ::rfc3986::schemes::Grammar>::parse(rule, input)
        }}

        /// Matches `input` from `rule` with the grammar alone, as pest's
        /// `Parser::parse` does (a prefix, unless the rule ends in `EOI`):
        /// the pairs, and no generic {reference}.
        ///
        /// # Errors
        ///
        /// A [`SchemeViolation`](::rfc3986::schemes::SchemeViolation)
        /// naming the grammar's rule that failed and the byte.
        pub fn parse_pairs(
            rule: Rule,
            input: &str,
        ) -> ::core::result::Result<::rfc3986::schemes::Pairs<'_, {name}>, ::rfc3986::schemes::SchemeViolation> {{
            <{name} as ::rfc3986::schemes::Grammar>::parse_pairs(rule, input)
        }}
    }}

    impl ::rfc3986::schemes::Grammar for {name} {{
        type Rule = Rule;
        type Spec = {spec};
        type Compiled = Self;
        const SCHEME: &'static str = {scheme:?};
        const EXTENDS_BASE: bool = {extends_base};

        #[inline]
        fn parse(
            rule: Rule,
            input: &str,
        ) -> ::core::result::Result<::rfc3986::schemes::Parsed<'_, Self>, ::rfc3986::schemes::SchemeError> {{
            // What the generator proved of each rule's matches decides how
            // a parse from it reads the generic reference: from the pairs
            // and literal bytes alone where it proved the reading, without
            // comparing the pairs with it where it proved they nest.
            match rule {{
{parse_arms}            }}
        }}

        fn parse_pairs(
            rule: Rule,
            input: &str,
        ) -> ::core::result::Result<::rfc3986::schemes::Pairs<'_, Self>, ::rfc3986::schemes::SchemeViolation> {{
            ::rfc3986::__private::parse_pairs::<Self>(rule, input)
        }}
    }}
{grammar_of}{impls}}};
"#,
        grammar_of = literal.map_or("", |literal| &literal.grammar_of),
        impls = rules_impls(name, accessors),
    )
    .unwrap();
    out
}

/// The `Rule` type of a grammar whose rules are `rules` (and `EOI` first
/// where `uses_eoi`), as pest_derive declares it for the same files:
/// every rule in the files' order, documented with the rule's `///`
/// lines (and the type with the grammar's `//!` lines), and
/// `Rule::all_rules()`. Each is a raw identifier, so that a rule may be
/// named with a Rust keyword (`type`).
fn rule_type(rules: &[String], uses_eoi: bool, docs: &Docs) -> String {
    let mut out = String::new();
    if let Some(doc) = &docs.grammar {
        writeln!(out, "#[doc = {doc:?}]").unwrap();
    }
    out.push_str(
        "#[allow(dead_code, non_camel_case_types, clippy::upper_case_acronyms)]\n\
         #[derive(Clone, Copy, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]\n\
         pub enum Rule {\n",
    );
    if uses_eoi {
        out.push_str("    #[doc = \"End-of-input\"]\n    EOI,\n");
    }
    for rule in rules {
        if let Some(doc) = docs.rules.iter().find(|(r, _)| r == rule).map(|(_, d)| d) {
            writeln!(out, "    #[doc = {doc:?}]").unwrap();
        }
        writeln!(out, "    r#{rule},").unwrap();
    }
    out.push_str("}\n\nimpl Rule {\n    /// Every rule of the grammar but `EOI`, in the order of its files.\n    pub fn all_rules() -> &'static [Rule] {\n        &[");
    for rule in rules {
        write!(out, "Rule::r#{rule}, ").unwrap();
    }
    out.push_str("]\n    }\n}\n");
    out
}

/// A method of the trait of a grammar's rules (`RedisRules`): the rule it
/// reads, and how.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Accessor {
    /// The rule's name, which the method has too.
    rule: String,
    /// Whether a parse can record more than one pair of it: the method
    /// then gives the texts of all of them.
    repeats: bool,
    /// The rule's `///` lines.
    doc: Option<String>,
}

/// The accessors of a grammar's rules: one per rule of the user's files
/// (not of the base's) that a parse from one of the grammar's entries can
/// record a pair of (see `counts`), in the order of the files.
fn accessors(compiled: &Compiled, base: Base, docs: &Docs) -> Vec<Accessor> {
    let base_rules: Vec<String> = match base {
        Base::Uri => defined_rules(URI_PEST),
        Base::Iri => [defined_rules(URI_PEST), defined_rules(IRI_PEST)].concat(),
        Base::None => Vec::new(),
    };
    compiled
        .rules
        .iter()
        .filter(|rule| !base_rules.contains(rule))
        .filter_map(|rule| {
            let count = compiled.counts.get(rule)?;
            Some(Accessor {
                rule: rule.clone(),
                repeats: *count == Count::Many,
                doc: docs
                    .rules
                    .iter()
                    .find(|(r, _)| r == rule)
                    .map(|(_, doc)| doc.clone()),
            })
        })
        .collect()
}

/// `name` as an identifier: raw where it is a keyword (`r#type`).
fn ident(name: &str) -> String {
    if is_keyword(name) {
        format!("r#{name}")
    } else {
        name.to_string()
    }
}

/// The signature of the accessor `accessor` (without `;` or a body).
fn signature(accessor: &Accessor) -> String {
    let output = if accessor.repeats {
        "::rfc3986::schemes::Texts<'_, 'i, Rule>"
    } else {
        "::core::option::Option<&'i str>"
    };
    format!("fn {}(&self) -> {output}", ident(&accessor.rule))
}

/// Declares `{name}Rules`, the trait of the accessors, beside the struct
/// (where `Rule` is), so that a user can name it in a `use`.
fn write_rules_trait(out: &mut String, name: &str, accessors: &[Accessor]) {
    writeln!(
        out,
        "/// The rules of the grammar of `{name}`, each read by its name from a\n\
         /// parse: a method for each rule of the grammar's own files that a parse\n\
         /// records, on [`Parsed`](::rfc3986::schemes::Parsed) and\n\
         /// [`Pairs`](::rfc3986::schemes::Pairs) of `{name}`. A rule that a parse\n\
         /// can record more than once gives the texts of all its pairs, in\n\
         /// preorder; any other, the text of its pair.\n\
         ///\n\
         /// A method named as one of `Parsed`'s or `Pairs`' own (`uri`, `get`,\n\
         /// `all`...) is theirs in method-call syntax: call the rule's as\n\
         /// `{name}Rules::uri(&parsed)`.\n\
         #[allow(dead_code, non_snake_case, clippy::all, clippy::pedantic)]\n\
         pub trait {name}Rules<'i> {{"
    )
    .unwrap();
    for accessor in accessors {
        if let Some(doc) = &accessor.doc {
            writeln!(out, "    #[doc = {doc:?}]\n    #[doc = \"\"]").unwrap();
        }
        let rule = ident(&accessor.rule);
        let what = if accessor.repeats {
            format!(
                "The texts of every pair of `Rule::{rule}`, in preorder, as \
                 `all(Rule::{rule})` gives them: a parse can record more than one."
            )
        } else {
            format!(
                "The text of the pair of `Rule::{rule}`, as `get(Rule::{rule})` \
                 gives it; `None` where the parse has none."
            )
        };
        writeln!(out, "    #[doc = {what:?}]\n    {};", signature(accessor)).unwrap();
    }
    out.push_str("}\n\n");
}

/// The implementations of `{name}Rules` for `Parsed` and `Pairs`. Each
/// method calls the type's own `get` or `all`, which method-call syntax
/// prefers to the trait's method of the same name.
fn rules_impls(name: &str, accessors: &[Accessor]) -> String {
    let mut out = String::new();
    for ty in ["Parsed", "Pairs"] {
        writeln!(
            out,
            "    impl<'i> {name}Rules<'i> for ::rfc3986::schemes::{ty}<'i, {name}> {{"
        )
        .unwrap();
        for accessor in accessors {
            let call = if accessor.repeats { "all" } else { "get" };
            writeln!(
                out,
                "        #[inline]\n        {} {{ self.{call}(Rule::{}) }}",
                signature(accessor),
                ident(&accessor.rule)
            )
            .unwrap();
        }
        out.push_str("    }\n");
    }
    out
}

/// A grammar compiled from its files, as the derive and the crate's build
/// script both make it: the code (its parser, its tables, and the
/// implementation of `CompiledGrammar` for the grammar's type), the joined
/// text, and the files read.
#[derive(Debug, Clone)]
pub struct Artifact {
    /// What [`compile_grammar`](crate::compile_grammar) gave.
    pub compiled: Compiled,
    /// The grammar's text: the base's files and the sources, joined.
    pub grammar: String,
    /// The files read, as found from the manifest directory.
    pub files: Vec<PathBuf>,
    /// The rules of the base that the grammar's own replace (each marked
    /// `// #[extends]`), in the order of the markers.
    pub extended: Vec<String>,
}

impl Artifact {
    /// The grammar's `Rule` type, as `#[derive(rfc3986::Grammar)]` and
    /// pest_derive declare it for the same files (documented from the
    /// grammar's `//!` and `///` lines): for a compiled grammar that no
    /// derive declares the type of, as the crate's own when pest_derive's
    /// parsers of them are not built.
    pub fn rule_type(&self) -> String {
        rule_type(
            &self.compiled.rules,
            self.compiled.uses_eoi,
            &docs(&self.grammar),
        )
    }
}

/// Compiles the grammar made of `base` and `sources` (files found from
/// `manifest_dir` as pest_derive finds them), with the runtime at
/// `runtime`, implementing `CompiledGrammar` for `grammar_type`: the one
/// door every grammar goes through, the crate's own (from its build
/// script) and each one `#[derive(rfc3986::Grammar)]` compiles. `name`
/// names the grammar in errors; `starts` says which rules a parse can
/// start from (every one, for a derived grammar).
///
/// # Errors
///
/// A message for `compile_error!` or the build script: a file that cannot
/// be read, or each thing wrong with the grammar (one per line, at most
/// [`MAX_ERRORS`] and one that counts the rest), with the file, the line,
/// the column and the rule.
pub fn compile_files(
    name: &str,
    base: Base,
    sources: &[GrammarSource],
    manifest_dir: &Path,
    target: Target<'_>,
) -> Result<Artifact, String> {
    compile_parts(name, base, sources, manifest_dir, target)
        .map_err(|failure| failure.errors.join("\n"))
}

/// What [`compile_files`] generates code for: where the code finds the
/// runtime, the type it implements `CompiledGrammar` for, which rules a
/// parse can start from, and the macro it declares for other parsers of
/// the same files, if any ([`Options`]).
#[derive(Clone, Copy)]
pub struct Target<'a> {
    /// [`Options::runtime`].
    pub runtime: &'a str,
    /// [`Options::grammar_type`].
    pub grammar_type: &'a str,
    /// [`Options::starts`].
    pub starts: Starts<'a>,
    /// [`Options::role_macro`].
    pub role_macro: Option<&'a str>,
}

/// Why [`compile_parts`] failed: the messages, and what it had read.
struct Failure {
    /// The messages, one per error, at most [`MAX_ERRORS`] and one that
    /// counts the rest.
    errors: Vec<String>,
    /// The grammar's text as far as it was read: the base's files and the
    /// sources, joined.
    grammar: String,
    /// The files read.
    files: Vec<PathBuf>,
}

/// [`compile_files`], with every error, and what was read.
fn compile_parts(
    name: &str,
    base: Base,
    sources: &[GrammarSource],
    manifest_dir: &Path,
    Target {
        runtime,
        grammar_type,
        starts,
        role_macro,
    }: Target<'_>,
) -> Result<Artifact, Failure> {
    let mut grammar = String::new();
    let mut parts = Vec::new();
    let mut files = Vec::new();
    // Each part starts on a line of its own, so that a line and a column
    // of the joined text are a line and a column of one part.
    let mut push = |grammar: &mut String, name: String, text: &str, origin, is_base| {
        if !grammar.is_empty() && !grammar.ends_with('\n') {
            grammar.push('\n');
        }
        parts.push(Part {
            name,
            first_line: grammar.matches('\n').count() + 1,
            origin,
            is_base,
        });
        grammar.push_str(text);
    };
    let fail = |message: String, grammar: String, files: Vec<PathBuf>| Failure {
        errors: vec![message],
        grammar,
        files,
    };
    let mut bases: Vec<(&str, String)> = match base {
        Base::Uri => vec![(URI_BASE, URI_PEST.to_string())],
        Base::Iri => vec![
            (URI_BASE, URI_PEST.to_string()),
            (IRI_BASE, IRI_PEST.to_string()),
        ],
        Base::None => Vec::new(),
    };
    if sources.is_empty() {
        for (base_name, text) in &bases {
            push(&mut grammar, (*base_name).into(), text, None, true);
        }
        return Err(fail(
            "rfc3986::Grammar needs a grammar: #[grammar = \"file.pest\"] (relative to src/) \
             or #[grammar_inline = \"...\"]"
                .to_string(),
            grammar,
            files,
        ));
    }
    // The user's parts, read before the base's are joined: a rule of
    // theirs that extends one of the base's drops the base's definition.
    let mut users: Vec<UserPart<'_>> = Vec::new();
    let mut texts: Vec<String> = Vec::new();
    for source in sources {
        if let GrammarSource::File(path) = source {
            let resolved = resolve(manifest_dir, path);
            match std::fs::read_to_string(&resolved) {
                Ok(text) => texts.push(text),
                Err(e) => {
                    for (base_name, text) in &bases {
                        push(&mut grammar, (*base_name).into(), text, None, true);
                    }
                    let message = format!("cannot read grammar {}: {e}", resolved.display());
                    return Err(fail(message, grammar, files));
                }
            }
            files.push(resolved);
        }
    }
    let mut read = texts.iter().zip(&files);
    for source in sources {
        users.push(match source {
            GrammarSource::File(_) => {
                let (text, resolved) = read.next().expect("each file was read");
                let shown = resolved
                    .strip_prefix(manifest_dir)
                    .unwrap_or(resolved)
                    .display()
                    .to_string();
                (shown, text.as_str(), None)
            }
            GrammarSource::Inline(text) => ("the inline grammar".into(), text.as_str(), None),
            GrammarSource::InlineAt(text, origin) => (
                "the inline grammar".into(),
                text.as_str(),
                Some((origin, text.as_str())),
            ),
        });
    }
    // The rules' doc comments are read from the files as they are: a rule
    // that extends the base's keeps the role of the rule it replaces,
    // unless its own doc comment gives it another.
    let mut docs_text = String::new();
    for text in bases
        .iter()
        .map(|(_, text)| text.as_str())
        .chain(users.iter().map(|(_, text, _)| *text))
    {
        docs_text.push_str(text);
        docs_text.push('\n');
    }
    // Each marker's rule is dropped from the base that defines it.
    let (extended, marker_errors) = extend_bases(name, base, &mut bases, &users);
    for (base_name, text) in &bases {
        push(&mut grammar, (*base_name).into(), text, None, true);
    }
    for (part_name, text, origin) in users {
        push(&mut grammar, part_name, text, origin, false);
    }
    if !marker_errors.is_empty() {
        return Err(Failure {
            errors: marker_errors,
            grammar,
            files,
        });
    }

    let options = Options {
        runtime,
        sources: &[format!("the grammar of `{name}`")],
        grammar_type,
        starts,
        role_macro,
        docs: (!extended.is_empty()).then_some(docs_text.as_str()),
    };
    let errors = match compile_all(&grammar, &options) {
        Ok(compiled) => {
            return Ok(Artifact {
                compiled,
                grammar,
                files,
                extended,
            })
        }
        Err(errors) => errors,
    };
    // The part of the joined text that holds its line `line`, and the
    // line in that part.
    let part_of = |line: usize| {
        let part = parts
            .iter()
            .rev()
            .find(|part| part.first_line <= line)
            .or(parts.first());
        part.map(|part| (part, (line + 1).saturating_sub(part.first_line)))
    };
    let mut messages: Vec<String> = errors
        .iter()
        .take(MAX_ERRORS)
        .map(|error| {
            let place = match error.line.and_then(part_of) {
                Some((part, line)) => part.place(line, error.column),
                None => "the grammar".to_string(),
            };
            let mut message = error.message.clone();
            // pest_meta's error at a second definition: say where the
            // first one is, which may be in another file (uri.pest's).
            if message == format!("rule {} already defined", error.rule) {
                let first =
                    definition_place(&grammar, &error.rule).and_then(|(line, _)| part_of(line));
                if let Some((part, line)) = first {
                    message = already_defined(&error.rule, &part.place(line, None), part.is_base);
                }
            }
            format!(
                "cannot compile the grammar of `{name}`: {place}, rule `{}`: {message}",
                error.rule
            )
        })
        .collect();
    if errors.len() > MAX_ERRORS {
        messages.push(format!(
            "cannot compile the grammar of `{name}`: and {} more errors",
            errors.len() - MAX_ERRORS
        ));
    }
    Err(Failure {
        errors: messages,
        grammar,
        files,
    })
}

/// Drops from `bases` (each the name errors give it, and its text) the
/// rules that a part of `users` extends (marked `// #[extends]`): the
/// rules extended, in the order of the markers, and the errors of the
/// grammar of `name` (on `base`) that the markers make: a marker that
/// extends nothing, one written otherwise, an extension of another type
/// than the rule it replaces.
fn extend_bases(
    name: &str,
    base: Base,
    bases: &mut [(&str, String)],
    users: &[UserPart<'_>],
) -> (Vec<String>, Vec<String>) {
    let mut marker_errors = Vec::new();
    let mut extended: Vec<String> = Vec::new();
    for (part_name, text, origin) in users {
        for marker in extend::markers(text) {
            let part = Part {
                name: part_name.clone(),
                first_line: 1,
                origin: *origin,
                is_base: false,
            };
            let place = part.place(marker.line, Some(marker.column));
            let rule = marker.rule.clone().unwrap_or_default();
            let problem = if marker.malformed {
                Some(format!(
                    "a marker that extends a rule of the base is written `{}`, alone on \
                     its comment line (with the reason after the `:`)",
                    extend::WRITTEN
                ))
            } else if marker.rule.is_none() {
                Some(
                    "`#[extends]` stands above no rule: write it among the comment lines \
                     right above the definition of the rule that replaces the base's"
                        .to_string(),
                )
            } else if extended.contains(&rule) {
                // Extended twice: pest_meta's error at the second
                // definition says where the first is.
                None
            } else {
                extended.push(rule.clone());
                let dropped = bases.iter_mut().find_map(|(base_name, text)| {
                    let base_type = extend::rule_type(text, &rule)?;
                    let line = crate::compile::definition_place(text, &rule)?.0;
                    *text = extend::without_rule(text, &rule)?;
                    Some((*base_name, line, base_type))
                });
                // The rule's type decides which pairs the tree holds,
                // which the lowering reads: an extension keeps it.
                if let Some((base_name, base_line, base_type)) = dropped {
                    let user_type = extend::rule_type(text, &rule);
                    let at = crate::compile::definition_place(text, &rule);
                    if let (Some(user_type), Some((line, column))) = (user_type, at) {
                        if user_type != base_type {
                            let written = |t: &str| format!("`{rule} = {t}{{ ... }}`");
                            marker_errors.push(format!(
                                "cannot compile the grammar of `{name}`: {}, rule `{rule}`: \
                                 an extension keeps the type of the rule it replaces, as the \
                                 pairs the lowering reads depend on it: {base_name}, line \
                                 {base_line}, defines {}, yours {}; write {}",
                                part.place(line, Some(column)),
                                written(base_type),
                                written(user_type),
                                written(base_type),
                            ));
                        }
                    }
                }
                dropped.is_none().then(|| match base {
                    Base::None => format!(
                        "`#[extends]` above `{rule}`, but the grammar has no base \
                         (#[grammar_base = \"none\"]): there is no rule to extend; \
                         remove the marker"
                    ),
                    Base::Uri | Base::Iri => format!(
                        "`#[extends]` above `{rule}`, which {}: only a rule of the base \
                         can be extended; remove the marker, or name the rule you mean to \
                         extend",
                        not_defined(base)
                    ),
                })
            };
            if let Some(problem) = problem {
                let rule = if rule.is_empty() {
                    String::new()
                } else {
                    format!(", rule `{rule}`")
                };
                marker_errors.push(format!(
                    "cannot compile the grammar of `{name}`: {place}{rule}: {problem}"
                ));
            }
        }
    }
    (extended, marker_errors)
}

/// What is wrong with a rule defined first at `place` (a file and a
/// line), in the base's files where `in_base`: the one place that says it
/// (a rule of the base's, `host`, is the case users meet), and how to
/// replace a rule of the base's.
fn already_defined(rule: &str, place: &str, in_base: bool) -> String {
    if in_base {
        format!(
            "`{rule}` is already defined by {place}; name your rule otherwise, or, to \
             replace the base's `{rule}` with yours, put `{}` on a line right above it",
            extend::WRITTEN
        )
    } else {
        format!("`{rule}` is already defined by {place}; name your rule otherwise")
    }
}

/// Where pest_derive looks for `#[grammar = "path"]`: the manifest
/// directory if the file is there, else its `src/`.
fn resolve(manifest_dir: &Path, path: &str) -> PathBuf {
    let direct = manifest_dir.join(path);
    if direct.exists() {
        direct
    } else {
        manifest_dir.join("src").join(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn derive_inline(base: Base, grammar: &str) -> Result<String, String> {
        let input = DeriveInput {
            name: "Test".to_string(),
            sources: vec![GrammarSource::Inline(grammar.to_string())],
            base,
            scheme: None,
            literal_macro: None,
        };
        derive(&input, Path::new(".")).map_err(|e| e.to_string())
    }

    /// The errors of a grammar of the user's, one message each.
    fn errors_of(base: Base, grammar: &str) -> Vec<String> {
        let input = DeriveInput {
            name: "Test".to_string(),
            sources: vec![GrammarSource::Inline(grammar.to_string())],
            base,
            scheme: None,
            literal_macro: None,
        };
        derive(&input, Path::new(".")).unwrap_err().errors
    }

    /// A lint is an error at the sub-expression at fault, in the user's
    /// file: every finding, each one error.
    #[test]
    fn lints_are_errors_at_the_sub_expression() {
        let grammar = "phonedigit = _{ DIGIT | \"-\" }\n\
                       digits = @{ \"+\" ~ phonedigit* ~ DIGIT }\n\
                       scheme_name = { ^\"tel\" | ^\"tel2\" }\n";
        let errors = errors_of(Base::Uri, grammar);
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert!(
            errors[0].starts_with(
                "cannot compile the grammar of `Test`: the inline grammar, line 2, column 19, \
                 rule `digits`: `phonedigit*` takes what must follow it: "
            ),
            "{}",
            errors[0]
        );
        assert!(
            errors[0].ends_with(
                "[lint `greedy_repetition`]; help: repeat only what cannot start what follows: \
                 `(!DIGIT ~ phonedigit)*`; or, if it is meant, allow it with \
                 `// #[allow(greedy_repetition)]: why` on a line above the rule"
            ),
            "{}",
            errors[0]
        );
        assert!(
            errors[1].starts_with(
                "cannot compile the grammar of `Test`: the inline grammar, line 3, column 26, \
                 rule `scheme_name`: `^\"tel2\"` can never be the alternative that matches"
            ),
            "{}",
            errors[1]
        );
    }

    /// A bad grammar's error names the rule, the file, the line and the
    /// column, in the user's file rather than the joined text: pest_meta's
    /// place, or the offending name in the rule, or the rule's name.
    #[test]
    fn errors_name_the_rule_the_file_the_line_and_the_column() {
        let grammar =
            "ssh_input = { SOI ~ ssh_URI ~ EOI }\n\n/// doc\nssh_URI = { ^\"ssh://\" ~ hots }\n";
        assert_eq!(
            errors_of(Base::Uri, grammar),
            [
                "cannot compile the grammar of `Test`: the inline grammar, line 4, column 25, \
              rule `ssh_URI`: rule hots is undefined"
            ]
        );

        let grammar = "a = { \"a\" }\n  WHITESPACE = _{ \" \" }\n";
        assert_eq!(
            errors_of(Base::None, grammar),
            [
                "cannot compile the grammar of `Test`: the inline grammar, line 2, column 3, \
              rule `WHITESPACE`: the compiled parser does not support implicit whitespace \
              (a WHITESPACE or COMMENT rule)"
            ]
        );

        let grammar = "ok = { \"x\" }\nexpr = { expr ~ \"+\" ~ host | host }\n";
        assert_eq!(
            errors_of(Base::Uri, grammar),
            [
                "cannot compile the grammar of `Test`: the inline grammar, line 2, column 10, \
              rule `expr`: rule expr is left-recursive (expr -> expr); pest::pratt_parser \
              might be useful in this case"
            ]
        );

        // The construct, not the rule: `PUSH` (a `"PUSH"` string before it
        // is no construct).
        let grammar = "b = { \"b\" }\nstack = { \"PUSH\" ~ PUSH(\"a\") ~ POP }\n";
        assert_eq!(
            errors_of(Base::Iri, grammar),
            [
                "cannot compile the grammar of `Test`: the inline grammar, line 2, column 20, \
              rule `stack`: the compiled parser does not support the stack (PUSH)"
            ]
        );
    }

    /// Every error pest_meta finds is a message of its own, with its own
    /// place, in the order of the text; past `MAX_ERRORS`, one more
    /// message counts the rest. `compile_grammar`, which gives one error,
    /// counts the others after it.
    #[test]
    fn every_error_is_said_with_its_place() {
        assert_eq!(
            errors_of(Base::Uri, "a = { b ~ c }\nd = { e }\n"),
            [
                "cannot compile the grammar of `Test`: the inline grammar, line 1, column 7, \
                 rule `a`: rule b is undefined",
                "cannot compile the grammar of `Test`: the inline grammar, line 1, column 11, \
                 rule `a`: rule c is undefined",
                "cannot compile the grammar of `Test`: the inline grammar, line 2, column 7, \
                 rule `d`: rule e is undefined",
            ]
        );

        let grammar: String = (0..12).map(|i| format!("r{i} = {{ u{i} }}\n")).collect();
        let errors = errors_of(Base::None, &grammar);
        assert_eq!(errors.len(), MAX_ERRORS + 1, "{errors:#?}");
        assert_eq!(
            errors[9],
            "cannot compile the grammar of `Test`: the inline grammar, line 10, column 8, \
             rule `r9`: rule u9 is undefined"
        );
        assert_eq!(
            errors[10],
            "cannot compile the grammar of `Test`: and 2 more errors"
        );

        let options = Options {
            runtime: "rt",
            sources: &[],
            grammar_type: "G",
            starts: crate::compile::Starts::Every,
            role_macro: None,
            docs: None,
        };
        let error = crate::compile_grammar("a = { b ~ c }", &options).unwrap_err();
        assert_eq!(
            (error.message.as_str(), error.line, error.column),
            ("rule b is undefined (and 1 more error)", Some(1), Some(7))
        );
    }

    /// A name written as RFC ABNF writes it, with `-`, where a rule is
    /// defined or named: the error says what to write, at the name.
    #[test]
    fn a_hyphenated_name_says_to_write_an_underscore() {
        assert_eq!(
            errors_of(Base::Uri, "ssh_URI = { ^\"ssh://\" ~ host ~ path-abempty }"),
            [
                "cannot compile the grammar of `Test`: the inline grammar, line 1, column 32, \
              rule `ssh_URI`: pest rule names cannot hold `-` (RFC ABNF names do): write \
              `path_abempty`"
            ]
        );
        assert_eq!(
            errors_of(Base::Uri, "x = { \"x\" }\nssh-user-info = { host }"),
            [
                "cannot compile the grammar of `Test`: the inline grammar, line 2, column 1, \
              rule `ssh-user-info`: pest rule names cannot hold `-` (RFC ABNF names do): \
              write `ssh_user_info`"
            ]
        );
        // A `-` that is no part of a name keeps pest's message.
        let errors = errors_of(Base::None, "a = { \"a\" - \"b\" }");
        assert!(
            errors[0].contains("column 11") && errors[0].contains("expected"),
            "{errors:?}"
        );
    }

    /// A rule of the base's, defined again: the error says which file
    /// defines it and where.
    #[test]
    fn a_rule_of_the_base_defined_again_says_where_it_is() {
        let line = URI_PEST
            .lines()
            .position(|line| line.starts_with("host "))
            .unwrap()
            + 1;
        assert_eq!(
            errors_of(Base::Uri, "x = { \"x\" }\nhost = { \"h\" }\n"),
            [format!(
                "cannot compile the grammar of `Test`: the inline grammar, line 2, column 1, \
                 rule `host`: `host` is already defined by uri.pest (rfc3986's), line {line}; \
                 name your rule otherwise, or, to replace the base's `host` with yours, put \
                 `// #[extends]: why` on a line right above it"
            )]
        );
        // A rule of the user's own, defined twice.
        assert_eq!(
            errors_of(Base::None, "a = { \"a\" }\nb = { a }\na = { \"b\" }"),
            [
                "cannot compile the grammar of `Test`: the inline grammar, line 3, column 1, \
              rule `a`: `a` is already defined by the inline grammar, line 1; name your rule \
              otherwise"
            ]
        );
    }

    /// A rule of the base's, redefined below the marker: the base's
    /// definition is dropped, the user's replaces it (one variant of
    /// `Rule`, where the user's file puts it, with the user's doc), and the
    /// lines after it keep their places.
    #[test]
    fn a_marked_rule_replaces_the_base_rule() {
        let grammar =
            "x = { \"x\" }\n/// RFC 6874.\n// #[extends]: RFC 6874 adds zone identifiers\n\
                       // #[allow(shadowed_alternative)]: no lint is raised, the line is read\n\
                       IP_literal = ${ \"[\" ~ (IPv6addrz | IPv6address | IPvFuture) ~ \"]\" }\n\
                       IPv6addrz = _{ IPv6address ~ \"%25\" ~ ZoneID }\n\
                       ZoneID = @{ (unreserved | pct_encoded)+ }\n";
        let code = derive_inline(Base::Uri, grammar).unwrap();
        assert_eq!(code.matches("    r#IP_literal,\n").count(), 1, "{code}");
        assert!(code.contains("    #[doc = \"RFC 6874.\"]\n    r#IP_literal,\n"));
        let (x, ip, zone) = (
            code.find("    r#x,").unwrap(),
            code.find("    r#IP_literal,").unwrap(),
            code.find("    r#ZoneID,").unwrap(),
        );
        assert!(x < ip && ip < zone, "{code}");
        // The base's rule is not the one that runs: an error after the
        // marked rule is still at its place in the user's text.
        assert_eq!(
            errors_of(Base::Uri, &format!("{grammar}y = {{ z }}\n")),
            [
                "cannot compile the grammar of `Test`: the inline grammar, line 8, column 7, \
                 rule `y`: rule z is undefined"
            ]
        );
        // iri.pest's rules too, and uri.pest's under the IRI base.
        derive_inline(
            Base::Iri,
            "// #[extends]\nIP_literal = ${ \"[\" ~ (IPv6address | IPvFuture) ~ \"]\" }\n\
             // #[extends]: why\niunreserved = _{ ALPHA | DIGIT | \"-\" | \".\" | \"_\" | \"~\" | ucschar }",
        )
        .unwrap();
    }

    /// An extension that changes the type of the rule it replaces (the
    /// pairs the tree holds, which the lowering reads) is refused where
    /// the user's rule is defined.
    #[test]
    fn an_extension_keeps_the_rules_type() {
        let line = URI_PEST
            .lines()
            .position(|line| line.starts_with("IP_literal "))
            .unwrap()
            + 1;
        assert_eq!(
            errors_of(
                Base::Uri,
                "x = { host }\n// #[extends]: zones\nIP_literal = _{ \"[\" ~ IPv6address ~ \"]\" }\n"
            ),
            [format!(
                "cannot compile the grammar of `Test`: the inline grammar, line 3, column 1, \
                 rule `IP_literal`: an extension keeps the type of the rule it replaces, as the \
                 pairs the lowering reads depend on it: uri.pest (rfc3986's), line {line}, \
                 defines `IP_literal = ${{ ... }}`, yours `IP_literal = _{{ ... }}`; write \
                 `IP_literal = ${{ ... }}`"
            )]
        );
        let line = URI_PEST
            .lines()
            .position(|line| line.starts_with("port "))
            .unwrap()
            + 1;
        assert_eq!(
            errors_of(Base::Uri, "// #[extends]\n  port = { DIGIT* }\n"),
            [format!(
                "cannot compile the grammar of `Test`: the inline grammar, line 2, column 3, \
                 rule `port`: an extension keeps the type of the rule it replaces, as the \
                 pairs the lowering reads depend on it: uri.pest (rfc3986's), line {line}, \
                 defines `port = @{{ ... }}`, yours `port = {{ ... }}`; write \
                 `port = @{{ ... }}`"
            )]
        );
    }

    /// A marker that extends nothing is an error at the marker: above a
    /// rule no base defines, above no rule, written otherwise, or in a
    /// grammar without a base.
    #[test]
    fn a_marker_that_extends_nothing_is_an_error_at_the_marker() {
        assert_eq!(
            errors_of(
                Base::Uri,
                "a = { host }\n\n  // #[extends]: mine\nzone = { ALPHA+ }\n// #[extends(host)]\n\
                 host = { ALPHA+ }\n// #[extends]\n\nb = { \"b\" }\n"
            ),
            [
                "cannot compile the grammar of `Test`: the inline grammar, line 3, column 6, \
                 rule `zone`: `#[extends]` above `zone`, which uri.pest does not define: only a \
                 rule of the base can be extended; remove the marker, or name the rule you mean \
                 to extend",
                "cannot compile the grammar of `Test`: the inline grammar, line 5, column 4, \
                 rule `host`: a marker that extends a rule of the base is written \
                 `// #[extends]: why`, alone on its comment line (with the reason after the `:`)",
                "cannot compile the grammar of `Test`: the inline grammar, line 7, column 4: \
                 `#[extends]` stands above no rule: write it among the comment lines right above \
                 the definition of the rule that replaces the base's",
            ]
        );
        assert_eq!(
            errors_of(Base::Iri, "// #[extends]\nhostname = { ALPHA+ }\n"),
            [
                "cannot compile the grammar of `Test`: the inline grammar, line 1, column 4, \
                 rule `hostname`: `#[extends]` above `hostname`, which neither uri.pest nor \
                 iri.pest defines: only a rule of the base can be extended; remove the marker, \
                 or name the rule you mean to extend"
            ]
        );
        assert_eq!(
            errors_of(Base::None, "// #[extends]\nhost = { ALPHA+ }\n"),
            [
                "cannot compile the grammar of `Test`: the inline grammar, line 1, column 4, \
                 rule `host`: `#[extends]` above `host`, but the grammar has no base \
                 (#[grammar_base = \"none\"]): there is no rule to extend; remove the marker"
            ]
        );
        // The same rule extended twice: the second is a rule defined again,
        // at the first.
        assert_eq!(
            errors_of(
                Base::Uri,
                "// #[extends]\nport = @{ DIGIT+ }\n// #[extends]\nport = @{ DIGIT* }\n"
            ),
            [
                "cannot compile the grammar of `Test`: the inline grammar, line 4, column 1, \
                 rule `port`: `port` is already defined by the inline grammar, line 2; name \
                 your rule otherwise"
            ]
        );
    }

    /// An inline grammar whose place in the user's source is known: its
    /// errors name that file, line and column, and a rule's first
    /// definition that line; a place past the text is the closing quote's.
    #[test]
    fn an_inline_grammar_with_its_origin_names_the_place_in_the_source() {
        let errors = |text: &str| {
            // The text starts on line 10, column 21, its second line on
            // line 11, column 1; the closing quote follows it.
            let mut positions = Vec::new();
            let (mut line, mut column) = (10, 21);
            for c in text.chars() {
                positions.push((line, column));
                (line, column) = if c == '\n' {
                    (line + 1, 1)
                } else {
                    (line, column + 1)
                };
            }
            positions.push((line, column));
            let input = DeriveInput {
                name: "Test".to_string(),
                sources: vec![GrammarSource::InlineAt(
                    text.to_string(),
                    InlineOrigin {
                        file: "src/lib.rs".to_string(),
                        positions,
                    },
                )],
                base: Base::None,
                scheme: None,
                literal_macro: None,
            };
            derive(&input, Path::new(".")).unwrap_err().errors
        };
        assert_eq!(
            errors("x = { y }"),
            [
                "cannot compile the grammar of `Test`: src/lib.rs, line 10, column 27, rule `x`: \
              rule y is undefined"
            ]
        );
        assert_eq!(
            errors("a = { \"a\" }\nb = { a }\na = { c }"),
            [
                "cannot compile the grammar of `Test`: src/lib.rs, line 12, column 1, rule `a`: \
                 `a` is already defined by src/lib.rs, line 10; name your rule otherwise",
                "cannot compile the grammar of `Test`: src/lib.rs, line 12, column 7, rule `a`: \
                 rule c is undefined"
            ]
        );
    }

    /// A rule named with a Rust keyword is a variant as any other (a raw
    /// identifier wherever the code names it), but for the keywords no raw
    /// identifier can be, which are an error at the rule.
    #[test]
    fn rules_named_with_keywords() {
        let code = derive_inline(
            Base::Uri,
            "t = { type ~ match }\ntype = { \"t\" }\nmatch = { \"m\" }",
        )
        .unwrap();
        assert!(
            code.contains("r#type,") && code.contains("r#match,"),
            "{code}"
        );
        for keyword in ["type", "match"] {
            assert!(!code.contains(&format!("Rule::{keyword}")), "{code}");
            assert!(!code.contains(&format!("const {keyword}:")), "{code}");
        }
        assert_eq!(
            errors_of(Base::Uri, "me = { ^\"me:\" ~ self }\n self = { ALPHA+ }"),
            [
                "cannot compile the grammar of `Test`: the inline grammar, line 2, column 2, \
              rule `self`: a rule cannot be named `self`: each rule is a variant of `Rule`, \
              and `self` is a Rust keyword that not even a raw identifier (`r#self`) can be; \
              name your rule otherwise"
            ]
        );
    }

    /// A grammar that does not compile still gives `Rule`, with the rules
    /// its text defines (a hyphenated name as it should be written, none
    /// that no variant can have), `EOI`, and the struct's functions.
    #[test]
    fn a_failure_falls_back_to_the_items_the_user_names() {
        let input = DeriveInput {
            name: "Ssh".to_string(),
            sources: vec![GrammarSource::Inline(
                "ssh_input = { SOI ~ ssh-uri ~ EOI }\nssh-uri = { host }\nself = { \"s\" }\n\
                 EOI = { \"e\" }"
                    .to_string(),
            )],
            base: Base::Uri,
            scheme: None,
            literal_macro: None,
        };
        let fallback = derive(&input, Path::new("."))
            .unwrap_err()
            .fallback
            .unwrap();
        for item in [
            "    EOI,",
            "    r#host,",
            "    r#ssh_input,",
            "    r#ssh_uri,",
            "pub fn parse(",
            "pub fn parse_pairs(",
            "impl ::rfc3986::schemes::Grammar for Ssh",
            "impl rt::CompiledGrammar for Ssh",
        ] {
            assert!(fallback.contains(item), "{item}: {fallback}");
        }
        assert!(!fallback.contains("r#self"), "{fallback}");
        assert_eq!(fallback.matches("EOI,").count(), 1, "{fallback}");
    }

    /// The file is found as pest_derive finds it, and named in errors as
    /// written under the manifest directory.
    #[test]
    fn files_resolve_as_pest_derives_do() {
        let dir = std::env::temp_dir().join(format!("rfc3986-generator-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("src")).unwrap();
        std::fs::write(dir.join("src/bad.pest"), "a = { \"a\" }\nb = { c }\n").unwrap();
        let input = DeriveInput {
            name: "Bad".to_string(),
            sources: vec![GrammarSource::File("bad.pest".to_string())],
            base: Base::Uri,
            scheme: None,
            literal_macro: None,
        };
        let err = derive(&input, &dir).unwrap_err().to_string();
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(
            err.contains(&format!(
                "{}, line 2, column 7, rule `b`: rule c is undefined",
                Path::new("src/bad.pest").display()
            )),
            "{err}"
        );
    }

    /// The lint docs/grammars.md shows, word for word: RFC 3966's
    /// global-number-digits on line 3 of `src/tel.pest`.
    #[test]
    fn the_guides_lint() {
        let dir = std::env::temp_dir().join(format!("rfc3986-lint-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("src")).unwrap();
        std::fs::write(
            dir.join("src/tel.pest"),
            "// RFC 3966\nphonedigit = _{ DIGIT | \"-\" | \".\" }\n\
             global_number_digits = @{ \"+\" ~ phonedigit* ~ DIGIT ~ phonedigit* }\n",
        )
        .unwrap();
        let input = DeriveInput {
            name: "Tel".to_string(),
            sources: vec![GrammarSource::File("tel.pest".to_string())],
            base: Base::Uri,
            scheme: None,
            literal_macro: None,
        };
        let errors = derive(&input, &dir).unwrap_err().errors;
        std::fs::remove_dir_all(&dir).unwrap();
        let guide = format!(
            "cannot compile the grammar of `Tel`: {}, line 3, column 33, rule \
             `global_number_digits`: `phonedigit*` takes what must follow it: a repetition is \
             greedy and never gives back, so it stops only at a character that `phonedigit` \
             does not match, and `DIGIT ~ phonedigit*` must start with one that it does; the \
             sequence can never match [lint `greedy_repetition`]; help: repeat only what \
             cannot start what follows: `(!DIGIT ~ phonedigit)*`; or, if it is meant, allow \
             it with `// #[allow(greedy_repetition)]: why` on a line above the rule",
            Path::new("src/tel.pest").display()
        );
        assert_eq!(errors, [guide]);
    }

    #[test]
    fn reserved_names_are_refused() {
        let input = DeriveInput {
            name: "Tree".to_string(),
            sources: vec![GrammarSource::Inline("a = { \"a\" }".to_string())],
            base: Base::None,
            scheme: None,
            literal_macro: None,
        };
        assert!(derive(&input, Path::new("."))
            .unwrap_err()
            .to_string()
            .contains("would be shadowed"));
    }

    /// The `Rule` type has pest_derive's variants, in its order, with the
    /// grammar's docs.
    #[test]
    fn rule_type_is_pest_derives() {
        let code = derive_inline(
            Base::None,
            "//! A grammar.\n/// The a.\na = { \"a\" ~ EOI }\nb = { a }\n",
        )
        .unwrap();
        assert!(code.contains("#[doc = \"A grammar.\"]"), "{code}");
        let variants = code.find("EOI,").unwrap();
        let a = code.find("#[doc = \"The a.\"]\n    r#a,").unwrap();
        let b = code.find("r#b,").unwrap();
        assert!(variants < a && a < b, "{code}");
    }

    /// The accessors: a method for each rule of the user's files that a
    /// parse records, an iterator for one it can record several times, a
    /// raw identifier for a keyword; none for a rule of uri.pest's, a
    /// silent rule, `EOI`, or a rule only matched inside an atomic rule or
    /// a lookahead.
    #[test]
    fn accessors_are_the_rules_that_keep_text() {
        let code = derive_inline(
            Base::Uri,
            "/// A list.\nlist_URI = ${ ^\"list:\" ~ item ~ (\",\" ~ item)* ~ (\"#\" ~ try)? }\n\
             item = @{ ALPHA+ ~ inner? }\ninner = { \"!\" }\ntry = { DIGIT }\n\
             hidden = _{ \"x\" }\npeek = { \"p\" }\n\
             list_input = _{ SOI ~ !peek ~ list_URI ~ hidden? ~ EOI }\n",
        )
        .unwrap();
        let single = "::core::option::Option<&'i str>";
        let texts = "::rfc3986::schemes::Texts<'_, 'i, Rule>";
        let trait_start = code.find("pub trait TestRules<'i> {").unwrap();
        let trait_end = trait_start + code[trait_start..].find("\n}\n").unwrap();
        let declared: Vec<&str> = code[trait_start..trait_end]
            .lines()
            .filter_map(|line| line.trim().strip_prefix("fn "))
            .collect();
        assert_eq!(
            declared,
            [
                format!("list_URI(&self) -> {single};"),
                format!("item(&self) -> {texts};"),
                format!("r#try(&self) -> {single};"),
            ],
            "{}",
            &code[trait_start..trait_end]
        );
        // The rule's `///` lines come first.
        assert!(code[trait_start..trait_end].contains(
            "    #[doc = \"A list.\"]\n    #[doc = \"\"]\n    #[doc = \"The text of the pair of `Rule::list_URI`"
        ));
        assert!(code.contains("impl<'i> TestRules<'i> for ::rfc3986::schemes::Parsed<'i, Test> {"));
        assert!(code.contains("impl<'i> TestRules<'i> for ::rfc3986::schemes::Pairs<'i, Test> {"));
        assert_eq!(
            code.matches(
                "fn r#try(&self) -> ::core::option::Option<&'i str> { self.get(Rule::r#try) }"
            )
            .count(),
            2
        );
        assert_eq!(
            code.matches(&format!(
                "fn item(&self) -> {texts} {{ self.all(Rule::item) }}"
            ))
            .count(),
            2
        );

        // A grammar with no rule that keeps text still has the trait, empty.
        let code = derive_inline(Base::None, "word = _{ ASCII_ALPHA+ }\n").unwrap();
        assert!(code.contains("pub trait TestRules<'i> {\n}\n"), "{code}");
    }

    /// The expansion of docs/grammars.md's redis grammar, whose rules each keep
    /// one text. Its size is printed, so that a change to what the derive
    /// generates can be measured
    /// (`cargo test -p rfc3986-generator redis_expansion -- --nocapture`).
    #[test]
    fn redis_expansion() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let input = DeriveInput {
            name: "Redis".to_string(),
            sources: vec![GrammarSource::File(
                "examples/custom_scheme/redis.pest".to_string(),
            )],
            base: Base::Uri,
            scheme: None,
            literal_macro: None,
        };
        let code = derive(&input, &root).unwrap();
        println!("redis expansion: {} bytes", code.len());
        for rule in ["redis_URI", "credentials", "user", "password", "db_number"] {
            assert!(
                code.contains(&format!(
                    "    fn {rule}(&self) -> ::core::option::Option<&'i str>;\n"
                )),
                "{rule}"
            );
        }
        assert!(!code.contains("fn redis_input("));
        assert!(!code.contains("fn host("));
        assert!(code.contains(
            "    #[doc = \"db-number = 1*DIGIT\"]\n    #[doc = \"\"]\n    #[doc = \"The text of the pair of `Rule::db_number`"
        ));
    }
}
