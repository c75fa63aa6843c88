//! The caret display of an error that has only a byte offset: the one
//! `ParseError`'s alternate form (`{:#}`) writes, for errors that have no
//! alternate form of their own (`SchemeViolation`).
//!
//! It must look the same as `ParseError`'s, so it is built the same way:
//! at most 32 characters on each side of the offset, "..." where the input
//! is cut, and control and other invisible characters escaped so that the
//! caret stays under the right character. The tests below compare the two.

use std::fmt;

/// Characters shown on each side of the offset.
const RADIUS: usize = 32;
/// What stands for the characters cut off.
const CUT: &str = "...";

/// The two lines under an error message, each indented by two spaces: the
/// input around `offset`, and a caret under the byte at `offset`. Writes
/// "\n  excerpt\n  caret", to go right after the message.
pub struct Caret<'a> {
    pub input: &'a str,
    pub offset: usize,
}

impl fmt::Display for Caret<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut offset = self.offset.min(self.input.len());
        while !self.input.is_char_boundary(offset) {
            offset -= 1;
        }
        let (before, after) = self.input.split_at(offset);

        let mut text = String::new();
        let mut caret = 0;
        let skipped = before.chars().count().saturating_sub(RADIUS);
        if skipped > 0 {
            text.push_str(CUT);
            caret += CUT.len();
        }
        for c in before.chars().skip(skipped) {
            caret += push(&mut text, c);
        }
        for (shown, c) in after.chars().enumerate() {
            if shown == RADIUS {
                text.push_str(CUT);
                break;
            }
            push(&mut text, c);
        }
        write!(f, "\n  {text}\n  {:>width$}", "^", width = caret + 1)
    }
}

/// Appends `c` as an error shows it, and returns how many characters that
/// took: itself when it is visible, escaped (`\u{202e}`, `\n`) otherwise.
fn push(text: &mut String, c: char) -> usize {
    let start = text.len();
    match c {
        // `escape_debug` would write these with a backslash.
        '"' | '\'' | '\\' => text.push(c),
        c => text.extend(c.escape_debug()),
    }
    text[start..].chars().count()
}

#[cfg(test)]
mod tests {
    use super::Caret;
    use rfc3986::Uri;

    /// The caret lines of `ParseError`'s alternate form, and ours for the
    /// same input and offset.
    fn both(input: &str) -> (String, String) {
        let err = Uri::parse(input).unwrap_err();
        let theirs = format!("{err:#}");
        let theirs = theirs[theirs.find('\n').unwrap()..].to_string();
        let ours = Caret {
            input,
            offset: err.offset(),
        }
        .to_string();
        (theirs, ours)
    }

    #[test]
    fn looks_like_parse_errors() {
        let long = "x".repeat(100);
        for input in [
            "http://exa mple.com/".to_string(),
            "a b".to_string(),
            " ".to_string(),
            "http://a/\r".to_string(),
            "http://a/\u{202e}b".to_string(),
            "http://a/\tb\u{7}c d".to_string(),
            "café/\"x\" y".to_string(),
            "http://[::1::]/".to_string(),
            "http://a:99999/".to_string(),
            "http://a/%zz".to_string(),
            format!("http://h/{long} {long}"),
            format!("http://h/{long} x"),
            format!("http://h/x {long}"),
            format!("é{long}\u{1}{long}"),
            format!("http://h/{} {}", "é".repeat(40), "\n".repeat(40)),
        ] {
            let (theirs, ours) = both(&input);
            assert_eq!(ours, theirs, "{input:?}");
        }
    }

    #[test]
    fn clamps_the_offset() {
        let caret = Caret {
            input: "ab",
            offset: 9,
        };
        assert_eq!(caret.to_string(), "\n  ab\n    ^");
        // Inside a character: under the character.
        let caret = Caret {
            input: "aéb",
            offset: 2,
        };
        assert_eq!(caret.to_string(), "\n  aéb\n   ^");
    }
}
