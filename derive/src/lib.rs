//! `#[derive(Grammar)]`, re-exported by the rfc3986 crate as
//! `rfc3986::Grammar` (its `derive` feature): a scheme grammar built on
//! `uri.pest`, compiled by `rfc3986-generator` into the parser kind that
//! `Uri::parse` runs. Use it through rfc3986; see the documentation of
//! `rfc3986::Grammar` there.
//!
//! This crate only reads the item and its attributes: the generator does
//! the rest, and returns Rust source, which becomes the expansion. It uses
//! no parsing library: the input is a struct with a few attributes whose
//! values are string literals.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

extern crate proc_macro;

use proc_macro::{Delimiter, Group, Literal, Span, TokenStream, TokenTree};
use rfc3986_generator::tokens::{
    compile_error, is_macro_name, literal_origin, string_value, unwrap_group,
};
use rfc3986_generator::{Base, DeriveInput, GrammarSource};

/// Compiles the grammar named by the struct's `#[grammar = "..."]`
/// attributes (relative to `src/`, as pest_derive finds them) or given by
/// `#[grammar_inline = "..."]`, joined to `uri.pest` (or to `uri.pest` and
/// `iri.pest` with `#[grammar_base = "iri"]`, or to nothing with
/// `#[grammar_base = "none"]`), into a parser of the rfc3986 crate.
///
/// It declares `Rule` beside the struct (as pest_derive does), and gives
/// the struct `parse`, `parse_pairs` and the trait
/// `rfc3986::schemes::Grammar`. It also declares `{Name}Rules` beside the
/// struct, a trait with a method for each rule of the grammar's own files
/// that a parse records, which reads the rule's text (or texts, for a rule
/// that a parse can record more than once) from a parse. `#[scheme = "name"]` names the scheme in
/// errors (the struct's name in lowercase by default). `#[literal_macro =
/// "name"]` declares `name!`, whose literals of the grammar are checked at
/// compile time (with rfc3986's `macros` feature).
#[proc_macro_derive(
    Grammar,
    attributes(grammar, grammar_inline, grammar_base, scheme, literal_macro)
)]
pub fn derive_grammar(item: TokenStream) -> TokenStream {
    match expand(item) {
        Ok(tokens) => tokens,
        Err((messages, span, fallback)) => {
            // One `compile_error!` per error, each its own error in
            // rustc's output, and beside them the items the user's code
            // names (`Rule`, `parse`, ...), so that nothing else fails.
            let mut tokens: TokenStream = messages
                .iter()
                .map(|message| compile_error(message, span))
                .collect();
            tokens.extend(fallback);
            tokens
        }
    }
}

/// The errors, where to point at, and the items to expand to beside them
/// (none where they are not known).
type Error = (Vec<String>, Span, Option<TokenStream>);

/// An error with nothing to expand to beside it.
fn error(message: String, span: Span) -> Error {
    (vec![message], span, None)
}

fn expand(item: TokenStream) -> Result<TokenStream, Error> {
    let (input, span) = read_item(item)?;
    let manifest_dir = std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_else(|| ".".into());
    let code = rfc3986_generator::derive(&input, std::path::Path::new(&manifest_dir)).map_err(
        |failure| {
            // Source the generator wrote that does not parse is a bug of
            // its; the grammar's errors are the ones to show then.
            let fallback = failure
                .fallback
                .and_then(|code| code.parse::<TokenStream>().ok());
            (failure.errors, span, fallback)
        },
    )?;
    code.parse::<TokenStream>().map_err(|e| {
        error(
            format!("rfc3986::Grammar generated code that does not parse (a bug): {e}"),
            span,
        )
    })
}

/// The struct's name and attributes, and the span of its first grammar
/// attribute (where a grammar's error is reported).
fn read_item(item: TokenStream) -> Result<(DeriveInput, Span), Error> {
    let mut sources = Vec::new();
    let mut base = Base::Uri;
    let mut scheme = None;
    let mut literal_macro = None;
    let mut grammar_span = None;
    let mut tokens = item.into_iter().peekable();
    let mut name = None;
    while let Some(token) = tokens.next() {
        match &token {
            TokenTree::Punct(p) if p.as_char() == '#' => {
                let Some(TokenTree::Group(group)) = tokens.next() else {
                    continue;
                };
                let Some((key, value, literal)) = attribute(&group)? else {
                    continue;
                };
                let span = literal.span();
                match key.as_str() {
                    "grammar" => {
                        grammar_span.get_or_insert(span);
                        sources.push(GrammarSource::File(value));
                    }
                    "grammar_inline" => {
                        grammar_span.get_or_insert(span);
                        sources.push(match literal_origin(&literal) {
                            Some(origin) => GrammarSource::InlineAt(value, origin),
                            None => GrammarSource::Inline(value),
                        });
                    }
                    "grammar_base" => {
                        base = match value.as_str() {
                            "uri" => Base::Uri,
                            "iri" => Base::Iri,
                            "none" => Base::None,
                            other => {
                                return Err(error(
                                    format!(
                                        "#[grammar_base = {other:?}]: expected \"uri\" (the \
                                         default), \"iri\" or \"none\""
                                    ),
                                    span,
                                ))
                            }
                        }
                    }
                    "scheme" => scheme = Some(value),
                    "literal_macro" => {
                        if !is_macro_name(&value) {
                            return Err(error(
                                format!(
                                    "#[literal_macro = {value:?}]: expected the macro's name, an \
                                     identifier that is not a keyword (\"redis\" declares \
                                     `redis!`)"
                                ),
                                span,
                            ));
                        }
                        literal_macro = Some(value);
                    }
                    _ => {}
                }
            }
            TokenTree::Ident(ident) if ident.to_string() == "struct" => {
                match tokens.next() {
                    Some(TokenTree::Ident(ident)) => name = Some(ident),
                    _ => return Err(error("expected the struct's name".into(), ident.span())),
                }
                if let Some(TokenTree::Punct(p)) = tokens.peek() {
                    if p.as_char() == '<' {
                        return Err(error(
                            "rfc3986::Grammar: the struct cannot have generic parameters".into(),
                            p.span(),
                        ));
                    }
                }
                break;
            }
            TokenTree::Ident(ident) if ["enum", "union"].contains(&ident.to_string().as_str()) => {
                return Err(error(
                    "rfc3986::Grammar is derived for a struct".into(),
                    ident.span(),
                ));
            }
            _ => {}
        }
    }
    let Some(name) = name else {
        return Err(error(
            "rfc3986::Grammar is derived for a struct".into(),
            Span::call_site(),
        ));
    };
    let span = grammar_span.unwrap_or_else(|| name.span());
    let input = DeriveInput {
        name: name.to_string(),
        sources,
        base,
        scheme,
        literal_macro,
    };
    Ok((input, span))
}

/// `key = "value"` of an attribute's brackets, when the key is one of the
/// derive's; other attributes are `None`.
fn attribute(group: &Group) -> Result<Option<(String, String, Literal)>, Error> {
    if group.delimiter() != Delimiter::Bracket {
        return Ok(None);
    }
    let mut inner = group.stream().into_iter();
    let Some(TokenTree::Ident(key)) = inner.next() else {
        return Ok(None);
    };
    let key = key.to_string();
    if ![
        "grammar",
        "grammar_inline",
        "grammar_base",
        "scheme",
        "literal_macro",
    ]
    .contains(&key.as_str())
    {
        return Ok(None);
    }
    let expected = || {
        error(
            format!("expected #[{key} = \"...\"], with a string literal"),
            group.span(),
        )
    };
    match (inner.next(), unwrap_group(inner.next()), inner.next()) {
        (Some(TokenTree::Punct(eq)), Some(TokenTree::Literal(literal)), None)
            if eq.as_char() == '=' =>
        {
            let value = string_value(&literal.to_string()).ok_or_else(expected)?;
            Ok(Some((key, value, literal)))
        }
        _ => Err(expected()),
    }
}
