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

use proc_macro::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};
use rfc3986_generator::{Base, DeriveInput, GrammarSource, InlineOrigin};

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
/// errors (the struct's name in lowercase by default).
#[proc_macro_derive(Grammar, attributes(grammar, grammar_inline, grammar_base, scheme))]
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
                        sources.push(match inline_origin(&literal) {
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
    if !["grammar", "grammar_inline", "grammar_base", "scheme"].contains(&key.as_str()) {
        return Ok(None);
    }
    let expected = || {
        error(
            format!("expected #[{key} = \"...\"], with a string literal"),
            group.span(),
        )
    };
    // A `macro_rules!` fragment (`$file:literal`) comes wrapped in an
    // invisible group.
    let unwrap = |token: Option<TokenTree>| match token {
        Some(TokenTree::Group(group)) if group.delimiter() == Delimiter::None => {
            let mut tokens = group.stream().into_iter();
            match (tokens.next(), tokens.next()) {
                (Some(only), None) => Some(only),
                _ => Some(TokenTree::Group(group)),
            }
        }
        other => other,
    };
    match (inner.next(), unwrap(inner.next()), inner.next()) {
        (Some(TokenTree::Punct(eq)), Some(TokenTree::Literal(literal)), None)
            if eq.as_char() == '=' =>
        {
            let value = string_value(&literal.to_string()).ok_or_else(expected)?;
            Ok(Some((key, value, literal)))
        }
        _ => Err(expected()),
    }
}

/// The value of a string literal's source: `"..."` with its escapes, or a
/// raw `r#"..."#`. `None` for any other literal.
fn string_value(source: &str) -> Option<String> {
    walk(source, (1, 1)).map(|walked| walked.chars.into_iter().map(|(c, _)| c).collect())
}

/// A string literal's source read from its first character's line and
/// column (`start`): each character of its value with the line and column
/// where it is written (an escape's is the one of its `\`), the line and
/// column of the closing quote, and the one after the literal.
#[derive(Debug, PartialEq, Eq)]
struct Walked {
    chars: Vec<(char, (usize, usize))>,
    closing: (usize, usize),
    end: (usize, usize),
}

/// [`Walked`] of a string literal's source, `None` for any other literal.
/// Lines and columns count as rustc's do: a column is a character's, and a
/// newline starts the next line at column 1.
fn walk(source: &str, start: (usize, usize)) -> Option<Walked> {
    let mut at = start;
    let mut chars = source
        .chars()
        .map(|c| {
            let here = at;
            at = if c == '\n' {
                (at.0 + 1, 1)
            } else {
                (at.0, at.1 + 1)
            };
            (c, here)
        })
        .collect::<Vec<_>>()
        .into_iter()
        .peekable();
    let end = at;
    let mut out = Vec::new();
    if source.starts_with('r') {
        chars.next();
        let mut hashes = 0;
        while chars.next_if(|&(c, _)| c == '#').is_some() {
            hashes += 1;
        }
        chars.next().filter(|&(c, _)| c == '"')?;
        let mut rest: Vec<_> = chars.collect();
        // The closing `"` and as many `#` as opened it.
        let tail = rest.len().checked_sub(hashes + 1)?;
        let closing = rest.get(tail).filter(|&&(c, _)| c == '"')?.1;
        if !rest[tail + 1..].iter().all(|&(c, _)| c == '#') {
            return None;
        }
        rest.truncate(tail);
        return Some(Walked {
            chars: rest,
            closing,
            end,
        });
    }
    chars.next().filter(|&(c, _)| c == '"')?;
    loop {
        let (c, here) = chars.next()?;
        if c == '"' {
            // The closing quote must be the last character.
            return chars.next().is_none().then_some(Walked {
                chars: out,
                closing: here,
                end,
            });
        }
        if c != '\\' {
            out.push((c, here));
            continue;
        }
        let mut push = |c| out.push((c, here));
        match chars.next()?.0 {
            'n' => push('\n'),
            'r' => push('\r'),
            't' => push('\t'),
            '0' => push('\0'),
            '\\' => push('\\'),
            '\'' => push('\''),
            '"' => push('"'),
            'x' => {
                let hex: String = chars.by_ref().take(2).map(|(c, _)| c).collect();
                push(char::from(u8::from_str_radix(&hex, 16).ok()?));
            }
            'u' => {
                chars.next().filter(|&(c, _)| c == '{')?;
                let hex: String = chars
                    .by_ref()
                    .map(|(c, _)| c)
                    .take_while(|&c| c != '}')
                    .collect();
                push(char::from_u32(
                    u32::from_str_radix(&hex.replace('_', ""), 16).ok()?,
                )?);
            }
            // A line continuation: the newline and the next line's leading
            // whitespace are not part of the string.
            '\n' | '\r' => while chars.next_if(|&(c, _)| c.is_whitespace()).is_some() {},
            _ => return None,
        }
    }
}

/// Where the value of a `#[grammar_inline = "..."]` literal is in the
/// user's source: `None` where the compiler does not say, or says what
/// does not fit the literal's text (which the generator's errors then
/// place in the text itself).
fn inline_origin(literal: &Literal) -> Option<InlineOrigin> {
    let span = literal.span();
    let (start, end) = (span.start(), span.end());
    // `Span::column` counts from 1, and in characters.
    let walked = walk(&literal.to_string(), (start.line(), start.column()))?;
    if start.line() == 0 || walked.end != (end.line(), end.column()) {
        return None;
    }
    let file = shown_file(&span)?;
    let mut positions: Vec<(usize, usize)> = walked.chars.iter().map(|&(_, at)| at).collect();
    positions.push(walked.closing);
    Some(InlineOrigin { file, positions })
}

/// The file of `span` as the user reads it: relative to the crate's
/// manifest directory when it is in it, else as the compiler names it.
fn shown_file(span: &Span) -> Option<String> {
    let manifest_dir = std::env::var_os("CARGO_MANIFEST_DIR").map(std::path::PathBuf::from);
    let local = span.local_file().map(|path| match std::env::current_dir() {
        Ok(dir) if path.is_relative() => dir.join(path),
        _ => path,
    });
    if let (Some(local), Some(dir)) = (&local, &manifest_dir) {
        if let Ok(relative) = local.strip_prefix(dir) {
            return Some(relative.display().to_string());
        }
    }
    let file = span.file();
    (!file.is_empty()).then_some(file)
}

/// `::core::compile_error! { "message" }`, pointing at `span`.
fn compile_error(message: &str, span: Span) -> TokenStream {
    let mut literal = Literal::string(message);
    literal.set_span(span);
    let punct = |c, spacing| {
        let mut p = Punct::new(c, spacing);
        p.set_span(span);
        TokenTree::Punct(p)
    };
    let ident = |name| TokenTree::Ident(Ident::new(name, span));
    let mut body = Group::new(Delimiter::Brace, TokenTree::Literal(literal).into());
    body.set_span(span);
    [
        punct(':', Spacing::Joint),
        punct(':', Spacing::Alone),
        ident("core"),
        punct(':', Spacing::Joint),
        punct(':', Spacing::Alone),
        ident("compile_error"),
        punct('!', Spacing::Alone),
        TokenTree::Group(body),
    ]
    .into_iter()
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The value of `source`, read from `start`, each character with its
    /// line and column, then the closing quote's and the end's.
    fn walked(source: &str, start: (usize, usize)) -> (String, Vec<(usize, usize)>) {
        let walked = walk(source, start).unwrap();
        let value = walked.chars.iter().map(|&(c, _)| c).collect();
        let mut places: Vec<_> = walked.chars.iter().map(|&(_, at)| at).collect();
        places.extend([walked.closing, walked.end]);
        (value, places)
    }

    #[test]
    fn an_escape_is_where_its_backslash_is() {
        assert_eq!(
            walked(r#""a\"b""#, (1, 1)),
            ("a\"b".into(), vec![(1, 2), (1, 3), (1, 5), (1, 6), (1, 7)])
        );
        assert_eq!(
            walked(r#""a\nb""#, (4, 8)),
            (
                "a\nb".into(),
                vec![(4, 9), (4, 10), (4, 12), (4, 13), (4, 14)]
            )
        );
        assert_eq!(
            walked(r#""\u{e9}x""#, (1, 1)),
            ("\u{e9}x".into(), vec![(1, 2), (1, 8), (1, 9), (1, 10)])
        );
    }

    #[test]
    fn a_line_continuation_is_skipped() {
        assert_eq!(
            walked("\"a\\\n    b\"", (2, 20)),
            ("ab".into(), vec![(2, 21), (3, 5), (3, 6), (3, 7)])
        );
    }

    #[test]
    fn a_raw_string_is_read_as_written() {
        assert_eq!(
            walked(r###"r#"a"b"#"###, (3, 10)),
            (
                "a\"b".into(),
                vec![(3, 13), (3, 14), (3, 15), (3, 16), (3, 18)]
            )
        );
    }

    #[test]
    fn a_newline_starts_a_line_at_column_1() {
        assert_eq!(
            walked("\"\nab\n c\"", (5, 24)),
            (
                "\nab\n c".into(),
                vec![
                    (5, 25),
                    (6, 1),
                    (6, 2),
                    (6, 3),
                    (7, 1),
                    (7, 2),
                    (7, 3),
                    (7, 4)
                ]
            )
        );
        assert_eq!(
            walked("r\"\né\"", (1, 1)),
            ("\né".into(), vec![(1, 3), (2, 1), (2, 2), (2, 3)])
        );
    }

    #[test]
    fn other_literals_have_no_value() {
        for source in [
            "b\"x\"",
            "'x'",
            "1",
            "\"x",
            "\"x\"suffix",
            "r#\"x\"",
            "\"\\q\"",
        ] {
            assert_eq!(walk(source, (1, 1)), None, "{source}");
            assert_eq!(string_value(source), None, "{source}");
        }
        assert_eq!(string_value("r\"a\\b\""), Some("a\\b".into()));
    }
}
