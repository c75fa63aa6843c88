//! What the two proc-macro crates (`rfc3986-derive`, `rfc3986-macros`)
//! read of their input and write as their errors: a string literal's
//! value, and where each of its characters is in the user's source (for
//! an error that names the line and column of the character at fault,
//! which a stable proc-macro cannot point at with a span of its own), and
//! `compile_error!` at a span.
//!
//! It links `proc_macro`, as proc-macro2 does; its functions that take a
//! `Span` work only while a proc-macro runs, and the build script calls
//! none of them.

extern crate proc_macro;

use proc_macro::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};

/// Where the text of an inline grammar is in the user's source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InlineOrigin {
    /// The file, as errors show it.
    pub file: String,
    /// The line and column (from 1, in characters, as rustc counts them)
    /// of each character of the text, in order (an escape's is the one of
    /// its `\`), and then one more: of the literal's closing quote, for
    /// the end of the text.
    pub positions: Vec<(usize, usize)>,
}

/// The value of a string literal's source: `"..."` with its escapes, or a
/// raw `r#"..."#`. `None` for any other literal.
pub fn string_value(source: &str) -> Option<String> {
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

/// Where each character of a string literal's value is in the user's
/// source, and its closing quote (a `#[grammar_inline = "..."]`'s, a
/// `uri!` literal's): `None` where the compiler does not say, or says what
/// does not fit the literal's text.
pub fn literal_origin(literal: &Literal) -> Option<InlineOrigin> {
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
pub fn shown_file(span: &Span) -> Option<String> {
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

/// The one token a `macro_rules!` fragment (`$file:literal`) wraps in
/// the invisible group it comes in; any other token as it is.
pub fn unwrap_group(token: Option<TokenTree>) -> Option<TokenTree> {
    match token {
        Some(TokenTree::Group(group)) if group.delimiter() == Delimiter::None => {
            let mut tokens = group.stream().into_iter();
            match (tokens.next(), tokens.next()) {
                (Some(only), None) => Some(only),
                _ => Some(TokenTree::Group(group)),
            }
        }
        other => other,
    }
}

/// `::core::compile_error! { "message" }`, pointing at `span`.
pub fn compile_error(message: &str, span: Span) -> TokenStream {
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

/// Rust's keywords, strict and reserved, in every edition.
const KEYWORDS: &[&str] = &[
    "as", "break", "const", "continue", "crate", "else", "enum", "extern", "false", "fn", "for",
    "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return",
    "self", "Self", "static", "struct", "super", "trait", "true", "type", "unsafe", "use", "where",
    "while", "async", "await", "dyn", "abstract", "become", "box", "do", "final", "macro",
    "override", "priv", "typeof", "unsized", "virtual", "yield", "try", "gen",
];

/// Whether `name` is one of Rust's keywords, strict or reserved, in any
/// edition: a method named after a rule of such a name is written as a
/// raw identifier (`r#type`), and a macro cannot be named so.
pub fn is_keyword(name: &str) -> bool {
    KEYWORDS.contains(&name)
}

/// Whether `name` can name a `macro_rules!` macro invoked as `name!(..)`:
/// an ASCII identifier that is neither a keyword, `_` nor `macro_rules`.
pub fn is_macro_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c == '_' || c.is_ascii_alphabetic())
        && chars.all(|c| c == '_' || c.is_ascii_alphanumeric())
        && !is_keyword(name)
        && !matches!(name, "_" | "macro_rules")
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

    #[test]
    fn macro_names_are_identifiers_but_keywords() {
        for name in ["redis", "_x", "s3", "Tel_2"] {
            assert!(is_macro_name(name), "{name}");
        }
        for name in [
            "",
            "2x",
            "a-b",
            "é",
            "type",
            "self",
            "gen",
            "_",
            "macro_rules",
            "r#x",
        ] {
            assert!(!is_macro_name(name), "{name}");
        }
    }
}
