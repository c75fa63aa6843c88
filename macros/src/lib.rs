//! URI literals checked at compile time: `uri!`, `iri!`, `absolute_uri!`
//! and `absolute_iri!` make a `const` reference of the [rfc3986] crate
//! from a string literal, or fail the build with the error `Uri::parse`
//! would give at run time.
//!
//! ```
//! use rfc3986::Uri;
//! use rfc3986_macros::uri;
//!
//! const API: Uri<&str> = uri!("https://api.example.com/v1/?pretty#top");
//!
//! assert_eq!(API.host_str(), Some("api.example.com"));
//! assert_eq!(API.path(), "/v1/");
//! assert_eq!(API.query(), Some("pretty"));
//! ```
//!
//! # How a literal is checked
//!
//! The macro runs the crate's own parse when it expands: this crate
//! depends on rfc3986, and calls the parse of the type it makes
//! (`Uri::parse`, `Iri::parse`, `AbsoluteUri::parse`,
//! `AbsoluteIri::parse`), which runs the parser compiled from `uri.pest`
//! (or `iri.pest`), the lowering and, for a rejected literal, the
//! diagnosis. A literal is accepted exactly where a parse of its text is,
//! and its components lie where the parse puts them: the expansion is the
//! text and the bounds of that parse, handed to a `const` constructor, so
//! the value works in `const` and `static` items and using it runs no
//! parse. (rfc3986's tests compare the two on every input of its
//! differential corpus.)
//!
//! A literal that is not valid is a compile error that carries the parse
//! error's message: its kind, the byte, what the grammar expected there
//! and what it found, the text with a caret under the byte, and the line
//! and column of that character in your source, since a stable proc-macro
//! can only point at the literal as a whole:
//!
//! ```compile_fail
//! const BAD: rfc3986::Uri<&str> = rfc3986_macros::uri!("http://exa mple.com/");
//! ```
//!
//! ```text
//! error: `uri!`: invalid character at byte 10: expected reg-name character, ":" port, "/", "?", "#" or end of input, found ' '
//!          http://exa mple.com/
//!                    ^
//!        (the character at fault is at src/main.rs:1:65)
//! ```
//!
//! # Literals of your own grammars
//!
//! A grammar derived with `#[derive(rfc3986::Grammar)]` and
//! `#[literal_macro = "redis"]` gets `redis!(Rule::redis_input, "...")`,
//! a `const` `Parsed` of the grammar checked when the macro expands: the
//! derive declares the macro, which hands this crate the grammar's text and
//! what its parse reads of the compiled grammar. This crate matches the
//! literal with rfc3986-generator's interpreter of that text (the tree the
//! compiler optimizes, run as pest_derive's parser of it runs), and then
//! runs the code the grammar's parse runs after its parser. The derive's
//! documentation says how it is spelled, and why.
//!
//! # Why a crate of its own
//!
//! A proc-macro that runs the crate's parse must depend on the crate that
//! holds it, `rfc3986-core`, so that crate cannot depend on it (cargo
//! refuses the cycle). The `rfc3986` crate, which users depend on,
//! re-exports both: with its `macros` feature the macros are
//! `rfc3986::uri!` and the rest, and this crate need not be named.
//!
//! ```toml
//! # Until rfc3986 is on crates.io, a clone of its repository beside your crate:
//! rfc3986 = { path = "../rfc3986/facade", features = ["macros"] }
//! # Once it is published (it is not yet): rfc3986 = { version = "0.1", features = ["macros"] }
//! ```
//!
//! What it costs: cargo compiles rfc3986-core a second time, for the
//! compiler's host, unoptimized and without debug info (the profile's
//! `build-override`), beside the copy your program links. An application
//! that depends on rfc3986 alone built from clean in 20.4 s (debug) and
//! 30.5 s (release) on 2 cores; with this crate and one `uri!`, in 23.5 s
//! and 35.8 s.
//!
//! [rfc3986]: https://docs.rs/rfc3986

#![forbid(unsafe_code)]
#![deny(missing_docs)]

extern crate proc_macro;

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use proc_macro::{Delimiter, Span, TokenStream, TokenTree};
use rfc3986::__private::{
    literal_expansion, GrammarFacts, GrammarLiteral, GrammarMatcher, LiteralError, LiteralKind,
    NamedRule,
};
use rfc3986_generator::interpret::Interpreter;
use rfc3986_generator::literal::{fingerprint, LiteralFacts};
use rfc3986_generator::tokens::{compile_error, literal_origin, string_value, unwrap_group};

/// A `Uri<&'static str>` (any URI reference: absolute, or relative such
/// as `../a?b`) from a string literal, checked by `Uri::parse` when the
/// macro expands. It works in `const` and `static` items.
///
/// ```
/// use rfc3986::Uri;
///
/// static HOME: Uri<&str> = rfc3986_macros::uri!("https://example.com/");
/// const UP: Uri<&str> = rfc3986_macros::uri!("../a?b");
///
/// assert_eq!(HOME.resolve(&UP).unwrap(), "https://example.com/a?b");
/// ```
#[proc_macro]
pub fn uri(input: TokenStream) -> TokenStream {
    literal("uri", LiteralKind::Uri, input)
}

/// An `Iri<&'static str>` (any IRI reference, RFC 3987) from a string
/// literal, checked by `Iri::parse` when the macro expands.
///
/// ```
/// const CAFE: rfc3986::Iri<&str> = rfc3986_macros::iri!("https://café.example/menü");
///
/// assert_eq!(CAFE.host_str(), Some("café.example"));
/// ```
#[proc_macro]
pub fn iri(input: TokenStream) -> TokenStream {
    literal("iri", LiteralKind::Iri, input)
}

/// An `AbsoluteUri<&'static str>` (a URI with a scheme, as a base must
/// be) from a string literal, checked by `AbsoluteUri::parse` when the
/// macro expands.
///
/// ```
/// use rfc3986::{AbsoluteUri, Uri};
///
/// const BASE: AbsoluteUri<&str> = rfc3986_macros::absolute_uri!("http://a/b/c/d;p?q");
///
/// assert_eq!(BASE.resolve(&Uri::parse("../g").unwrap()).unwrap(), "http://a/b/g");
/// ```
///
/// A relative reference is not an absolute URI:
///
/// ```compile_fail
/// const BASE: rfc3986::AbsoluteUri<&str> = rfc3986_macros::absolute_uri!("/b/c");
/// ```
#[proc_macro]
pub fn absolute_uri(input: TokenStream) -> TokenStream {
    literal("absolute_uri", LiteralKind::AbsoluteUri, input)
}

/// An `AbsoluteIri<&'static str>` from a string literal, checked by
/// `AbsoluteIri::parse` when the macro expands.
///
/// ```
/// const BASE: rfc3986::AbsoluteIri<&str> = rfc3986_macros::absolute_iri!("http://例え.テスト/");
///
/// assert_eq!(BASE.scheme(), "http");
/// ```
#[proc_macro]
pub fn absolute_iri(input: TokenStream) -> TokenStream {
    literal("absolute_iri", LiteralKind::AbsoluteIri, input)
}

/// Not public API: what the macro a derived grammar declares with
/// `#[literal_macro = "name"]` expands to. The derive writes its input:
/// the macro's name, the fingerprint, the facts and the text of the
/// grammar it compiled (or `failed`, where the grammar did not compile),
/// then `;` and the macro's own input, `Rule::entry, "text"`.
#[doc(hidden)]
#[proc_macro]
pub fn __grammar_literal(input: TokenStream) -> TokenStream {
    match grammar_literal(input) {
        Ok(tokens) => tokens,
        Err((message, span)) => compile_error(&message, span),
    }
}

/// The interpreter of a derived grammar, as a literal of it is matched.
struct Interpreted(Interpreter<NamedRule>);

impl GrammarMatcher for Interpreted {
    fn parse<'i>(
        &self,
        rule: NamedRule,
        input: &'i str,
    ) -> Result<(pest::iterators::Pairs<'i, NamedRule>, usize), pest::error::Error<NamedRule>> {
        self.0.parse_with_end(rule.name(), input)
    }
}

thread_local! {
    /// The grammars checked so far in this process, by fingerprint: a
    /// grammar is optimized once, however many literals it has.
    static GRAMMARS: RefCell<HashMap<u64, Rc<GrammarLiteral<Interpreted>>>> =
        RefCell::new(HashMap::new());
}

/// The grammar of `facts` and `text`, whose fingerprint is `fingerprint`.
fn grammar(
    fingerprint: u64,
    facts: &LiteralFacts,
    text: &str,
) -> Result<Rc<GrammarLiteral<Interpreted>>, String> {
    if let Some(known) = GRAMMARS.with(|grammars| grammars.borrow().get(&fingerprint).cloned()) {
        return Ok(known);
    }
    let facts_of = GrammarFacts {
        scheme: facts.scheme.clone(),
        iri: facts.iri,
        extends_base: facts.extends_base,
        rules: facts.rules.clone(),
        static_reading: facts.static_reading.clone(),
        pairs_nest: facts.pairs_nest.clone(),
    };
    let literal = GrammarLiteral::new(&facts_of, |rule| {
        // Any rule, for a name the facts lack: the error below stops the
        // literal then.
        let any = facts
            .rules
            .first()
            .and_then(|(name, _)| rule(name))
            .ok_or("the facts name no rule")?;
        let mut missing = Vec::new();
        let interpreter = Interpreter::new(text, |name| {
            rule(name).unwrap_or_else(|| {
                missing.push(name.to_string());
                any
            })
        })
        .map_err(|errors| format!("{} errors in the grammar", errors.len()))?;
        match missing.first() {
            None => Ok(Interpreted(interpreter)),
            Some(name) => Err(format!("the facts name no rule `{name}`")),
        }
    })?;
    let literal = Rc::new(literal);
    GRAMMARS.with(|grammars| grammars.borrow_mut().insert(fingerprint, literal.clone()));
    Ok(literal)
}

/// An error of a grammar literal, and where it points.
type Failure = (String, Span);

fn grammar_literal(input: TokenStream) -> Result<TokenStream, Failure> {
    let site = Span::call_site();
    let forged = || {
        (
            "`__grammar_literal!` is written by `#[derive(rfc3986::Grammar)]`, not by hand"
                .to_string(),
            site,
        )
    };
    let mut tokens = input.into_iter();
    let name = match unwrap_group(tokens.next()) {
        Some(TokenTree::Literal(literal)) => string_value(&literal.to_string()),
        _ => None,
    }
    .ok_or_else(forged)?;
    let forwarded = match unwrap_group(tokens.next()) {
        Some(TokenTree::Ident(failed)) if failed.to_string() == "failed" => None,
        Some(TokenTree::Literal(given)) => {
            let string = |token: Option<TokenTree>| match unwrap_group(token) {
                Some(TokenTree::Literal(literal)) => string_value(&literal.to_string()),
                _ => None,
            };
            let (facts, text) = (string(tokens.next()), string(tokens.next()));
            let (Some(facts), Some(text)) = (facts, text) else {
                return Err(forged());
            };
            let given = given.to_string();
            let given = u64::from_str_radix(given.trim_start_matches("0x"), 16).ok();
            if given != Some(fingerprint(&facts, &text)) {
                return Err(forged());
            }
            Some((given.unwrap_or(0), facts, text))
        }
        _ => return Err(forged()),
    };
    match tokens.next() {
        Some(TokenTree::Punct(semi)) if semi.as_char() == ';' => {}
        _ => return Err(forged()),
    }
    let usage = || {
        (
            format!(
                "`{name}!` takes the rule to parse from and a string literal: \
                 {name}!(Rule::entry, \"...\")"
            ),
            site,
        )
    };

    // The call: a path to a rule, `,`, a string literal.
    let call: Vec<TokenTree> = tokens.flat_map(unwrap_none_group).collect();
    let comma = call
        .iter()
        .position(|token| matches!(token, TokenTree::Punct(p) if p.as_char() == ','))
        .ok_or_else(usage)?;
    let (path, rest) = call.split_at(comma);
    let literal = match &rest[1..] {
        [TokenTree::Literal(literal)] | [TokenTree::Literal(literal), TokenTree::Punct(_)] => {
            literal
        }
        _ => return Err(usage()),
    };
    let text = string_value(&literal.to_string()).ok_or_else(|| {
        (
            format!("`{name}!` takes a string literal (\"...\" or r\"...\")"),
            literal.span(),
        )
    })?;
    let Some((TokenTree::Ident(rule), prefix)) = path.split_last() else {
        return Err(usage());
    };
    let prefix: String = prefix.iter().map(ToString::to_string).collect();
    let Some(rule_type) = prefix.strip_suffix("::").filter(|p| !p.is_empty()) else {
        return Err((
            format!(
                "`{name}!` takes the rule as a path to a variant of the grammar's `Rule`: \
                 {name}!(Rule::{rule}, \"...\")"
            ),
            rule.span(),
        ));
    };

    let Some((fingerprint, facts, grammar_text)) = forwarded else {
        // The grammar did not compile, and its errors say why: a value of
        // the right type, and no error of the literal's.
        return Ok(parse_expansion(
            &format!("{rule_type}::__rfc3986_literal(\"\", [0; 8], &[])"),
            literal.span(),
        ));
    };
    let facts = LiteralFacts::parse(&facts).ok_or_else(forged)?;
    let checker = grammar(fingerprint, &facts, &grammar_text).map_err(|error| {
        (
            format!(
                "`{name}!` cannot check literals of `{}`: {error}",
                facts.grammar
            ),
            site,
        )
    })?;
    let rule_name = rule.to_string();
    let rule_name = rule_name.strip_prefix("r#").unwrap_or(&rule_name);
    if checker.rule(rule_name).is_none() {
        return Err((
            format!(
                "`{name}!`: the grammar of `{}` has no rule `{rule_name}`",
                facts.grammar
            ),
            rule.span(),
        ));
    }
    match checker.expansion(rule_type, rule_name, &text) {
        Ok(expression) => Ok(parse_expansion(
            &format!(
                "{{ const _: () = ::core::assert!({rule_type}::__RFC3986_LITERAL_FINGERPRINT \
                 == {fingerprint:#x}, \"`{name}!` takes a rule of the grammar `{grammar}`\"); \
                 {expression} }}",
                grammar = facts.grammar
            ),
            literal.span(),
        )),
        Err(LiteralError { offset, message }) => {
            let mut message = format!("`{name}!`: {message}");
            if let Some(place) = place(literal, &text, offset) {
                message.push_str(&format!("\n(the character at fault is at {place})"));
            }
            Err((message, literal.span()))
        }
    }
}

/// The tokens of an invisible group (what a `macro_rules!` fragment
/// becomes), else the token itself.
fn unwrap_none_group(token: TokenTree) -> Vec<TokenTree> {
    match token {
        TokenTree::Group(group) if group.delimiter() == Delimiter::None => group
            .stream()
            .into_iter()
            .flat_map(unwrap_none_group)
            .collect(),
        other => vec![other],
    }
}

/// `expression` as tokens, or the error that says it is a bug.
fn parse_expansion(expression: &str, span: Span) -> TokenStream {
    match expression.parse() {
        Ok(tokens) => tokens,
        Err(error) => compile_error(
            &format!("a literal wrote an expansion that does not parse (a bug): {error}"),
            span,
        ),
    }
}

/// The expansion of `name!(input)`: the reference's `const` constructor
/// call, or the compile error.
fn literal(name: &str, kind: LiteralKind, input: TokenStream) -> TokenStream {
    let mut tokens = input.into_iter();
    let (token, rest) = (unwrap_group(tokens.next()), tokens.next());
    let Some(TokenTree::Literal(literal)) = token.filter(|_| rest.is_none()) else {
        return compile_error(
            &format!("`{name}!` takes one string literal: {name}!(\"http://example.com/\")"),
            Span::call_site(),
        );
    };
    let span = literal.span();
    let Some(text) = string_value(&literal.to_string()) else {
        return compile_error(
            &format!("`{name}!` takes a string literal (\"...\" or r\"...\")"),
            span,
        );
    };
    match literal_expansion(kind, &text) {
        Ok(expression) => match expression.parse() {
            Ok(tokens) => tokens,
            Err(error) => compile_error(
                &format!("`{name}!` wrote an expansion that does not parse (a bug): {error}"),
                span,
            ),
        },
        Err(LiteralError { offset, message }) => {
            let mut message = format!("`{name}!`: {message}");
            if let Some(place) = place(&literal, &text, offset) {
                message.push_str(&format!("\n(the character at fault is at {place})"));
            }
            compile_error(&message, span)
        }
    }
}

/// `file:line:column` of the character of the literal's value that
/// starts at byte `offset` of `text` (its closing quote at the end of the
/// text), where the compiler says where the literal is.
fn place(literal: &proc_macro::Literal, text: &str, offset: usize) -> Option<String> {
    let origin = literal_origin(literal)?;
    let index = text.get(..offset)?.chars().count();
    let (line, column) = origin.positions.get(index)?;
    Some(format!("{}:{line}:{column}", origin.file))
}
