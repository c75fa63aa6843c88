//! Suggested fixes: [`ParseError::suggestion`], a corrected URI reference
//! for the common forms that RFC 3986 rejects (a space, a character above
//! ASCII, a `<...>`, `(...)` or quote wrapper, an unbracketed IPv6
//! address, a backslash, a Windows drive path), with each change it made,
//! as a [`Suggestion`] of [`Fix`]es.
//!
//! This module owns the rules of what is suggested and what is not (see
//! [`ParseError::suggestion`]), the passes that find the changes, and the
//! types that report them. A suggestion is only ever returned, never
//! applied: [`Uri::parse`](crate::Uri::parse) accepts exactly the grammar's
//! language, and nothing here is called by a parse.
//!
//! It imports only the layers below: the reference types (to check that a
//! suggestion parses), the base layer's error ([`ParseError`],
//! [`ErrorKind`]), and the IP address reader and percent-encoding of the
//! grammar layer.

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::ops::Range;

use crate::error::{ErrorKind, ParseError};
use crate::ip;
use crate::percent;
use crate::reference::Uri;

/// How many wrappers, one inside the other (`"<...>"`), are stripped.
const MAX_WRAPPERS: usize = 4;

/// The longest input a suggestion is looked for in: the longest a
/// reference can be (offsets are 32-bit), which also keeps a [`Fix`]'s
/// offsets in a `u32`.
const MAX_INPUT: usize = u32::MAX as usize - 1;

impl<I> ParseError<I> {
    /// A corrected URI reference for `input`, the text whose parse gave
    /// this error, with the changes made; `None` when none of the rules
    /// below gives a reference that parses, or when a correction would be a
    /// guess. The suggestion is never applied: a parse rejects `input` as
    /// before, and it is for a person or a program to take it or not.
    ///
    /// `input` must be the text that was parsed: the error holds only an
    /// excerpt of it. Another text gives a suggestion for that text (the
    /// error only decides, by its kind, whether to look for one), or
    /// `None`; never a panic.
    ///
    /// A suggestion is always a URI reference that
    /// [`Uri::parse`](crate::Uri::parse) accepts and that differs from
    /// `input`. For an error of [`Iri::parse`](https://docs.rs/rfc3986/latest/rfc3986/type.Iri.html#method.parse) too: the
    /// error does not say which grammar rejected the text, so characters
    /// above ASCII are percent-encoded (as RFC 3987 section 3.1 maps an IRI
    /// to a URI), and the suggestion, a URI reference, is an IRI reference
    /// as well.
    ///
    /// # The fixes
    ///
    /// The text is read as one reference, in this order:
    ///
    /// 1. [`TrimWhitespace`](FixKind::TrimWhitespace): whitespace before
    ///    and after it is removed.
    /// 2. [`StripWrapper`](FixKind::StripWrapper): a `<...>`, `(...)`,
    ///    `"..."` or `'...'` around the whole text is removed, then
    ///    whitespace inside it, up to four wrappers deep (a `(` only where
    ///    the last `)` closes it: `(a) and (b)` is no wrapper). Sentence
    ///    punctuation after the closing character (`<http://a/>.`) is
    ///    removed with it
    ///    ([`StripTrailingPunctuation`](FixKind::StripTrailingPunctuation)).
    /// 3. A Windows drive path, one letter, `:`, then `\` or `/`
    ///    (`C:\a b\c.txt`), is a file's name: it becomes a `file:` URI
    ///    with an empty authority (RFC 8089 appendix E.2), the drive
    ///    prefixed with `file:///` ([`DrivePath`](FixKind::DrivePath)),
    ///    each `\` turned into `/`, and every character no path may hold
    ///    percent-encoded as below, with `?`, `#` and every `%` too, which
    ///    stand for themselves in a file's name
    ///    (`file:///C:/a%20b/c.txt`). `C:/x` parses as it is (a URI of the
    ///    scheme `C`), and gets no suggestion.
    /// 4. Any other text is split into components as a parse would
    ///    (scheme, `//` authority, path, `?` query, `#` fragment), and in
    ///    each:
    ///    - [`PercentEncode`](FixKind::PercentEncode): a character that no
    ///      URI may hold (space, `"`, `<`, `>`, `\`, `^`, `` ` ``, `{`,
    ///      `|`, `}`, and characters above ASCII, each UTF-8 byte as `%XX`
    ///      in uppercase), a `%` not followed by two hexadecimal digits
    ///      (`%25`), `[` and `]` outside an IP literal, `@` in a userinfo
    ///      before the last `@` of the authority, and `#` in a fragment
    ///      (`%23`). In a host, only characters above ASCII (RFC 3987
    ///      section 3.1 maps an internationalized host so, and a resolver
    ///      decodes them); a host with any other character to encode gets
    ///      no suggestion;
    ///    - [`BackslashToSlash`](FixKind::BackslashToSlash): when the text
    ///      has an authority, after a scheme and two slashes, backslashes,
    ///      or one of each (`http:\\host\path`, `http://host\a\b`), or
    ///      after a leading `//`, `\\` or `\/` (`\\server\share`), it
    ///      is a URL written with backslashes: each `\` of those two and of
    ///      the path becomes `/`, and a `\` ends the authority. So does
    ///      each `\` of a path that starts with one, with neither a scheme
    ///      nor an authority (`\windows\path` gives `/windows/path`).
    ///      Anywhere else (a query, a fragment, another reference without
    ///      an authority) `\` is percent-encoded as `%5C`;
    ///    - [`BracketIpv6`](FixKind::BracketIpv6): a host (after the
    ///      userinfo's `@`) that is not in brackets and holds two `:` or
    ///      more is bracketed, if all of it is an IPv6 address, or else all
    ///      of it but a port (`:` and digits) after its last `:`. The
    ///      longer reading wins: `http://2001:db8::1:8080/` may be the
    ///      address `2001:db8::1` on port 8080, but it is an address as a
    ///      whole, and gives `http://[2001:db8::1:8080]/`.
    /// 5. If the result does not parse and the text ends with sentence
    ///    punctuation (`.`, `,`, `;`, `:`, `!`, `?`, and `)` when the text
    ///    has more `)` than `(`), it is removed and steps 3 and 4 run
    ///    again; the result must then have a scheme (a complete URI
    ///    followed by punctuation, as `http://[::1]:8080.` in a sentence).
    ///    Punctuation is removed only then: `.` and the others are allowed
    ///    at the end of a path or query, where they may belong to the
    ///    reference.
    ///
    /// # What gets no suggestion
    ///
    /// The text is taken as one reference, never searched for one:
    /// `see https://a/b for x` gets no suggestion (its spaces encoded, it
    /// is still no reference), nor does `[text](https://a/b)`. And a
    /// suggestion must not guess what text was meant to be:
    ///
    /// - a control character inside the text (a line break in the middle
    ///   of a link): whether it should go or be encoded is a guess;
    /// - a scheme followed by `::` (a path of a programming language,
    ///   `std::vec::Vec<u8>`) or by whitespace (`Note: see below`);
    /// - a host that holds an ASCII character it may not (`http://exa
    ///   mple.com`, `http://a]b/`): percent-encoded, it would be a host no
    ///   resolver takes (`exa%20mple.com`), and whether the character
    ///   should go is a guess;
    /// - a path with neither a scheme nor an authority before it (a
    ///   relative reference such as `a/b?c`) in which a character other
    ///   than a space, a `%` or one above ASCII would be encoded: without a
    ///   scheme or `//`, those characters (`[a-z]+@host`, `` `f()` ``,
    ///   `^https?://`, `{name}`) mark a pattern, code or a template more
    ///   often than a reference. A space is encoded there (`my file.html`
    ///   gives `my%20file.html`), as the target of a link often has one,
    ///   a path that starts with `\` has its backslashes turned (step 4),
    ///   and the query and fragment of such a reference are fixed as any
    ///   other; a `\` elsewhere in such a path (`..\a\b`) gets no
    ///   suggestion;
    /// - an error of a kind that is not about the reference's characters:
    ///   [`ErrorKind::TooLong`] (and any text longer than a reference can
    ///   be), [`ErrorKind::Borrowed`], and the errors of
    ///   a rule or an edited grammar ([`ErrorKind::Rule`],
    ///   [`ErrorKind::Grammar`]);
    /// - a text that parses as it is (`C:/x`: the error was another
    ///   text's), a text the fixes do not change, or which does not parse
    ///   after them (`1http://a/`, `http://a:8x/`).
    ///
    /// The work is a few passes over the text and one parse or two; the
    /// suggestion is at most three times as long as the text (a byte
    /// becomes `%XX`), and four bytes more for a drive path (whose two
    /// bytes `C:` become `file:///C:`), and there is at most one [`Fix`]
    /// per byte of the text.
    ///
    /// ```
    /// use rfc3986::{FixKind, Uri};
    ///
    /// let input = "http://example.com/a b";
    /// let err = Uri::parse(input).unwrap_err();
    /// let suggestion = err.suggestion(input).unwrap();
    /// assert_eq!(suggestion.as_str(), "http://example.com/a%20b");
    /// assert_eq!(suggestion.fixes()[0].kind(), FixKind::PercentEncode);
    /// assert_eq!(suggestion.fixes()[0].to_string(), "percent-encode ' ' at byte 20 as %20");
    ///
    /// let input = "<http://[::1]:8080/caf\u{e9}>.";
    /// let suggestion = Uri::parse(input).unwrap_err().suggestion(input).unwrap();
    /// assert_eq!(suggestion.as_str(), "http://[::1]:8080/caf%C3%A9");
    /// assert_eq!(
    ///     suggestion.fixes().iter().map(|fix| fix.to_string()).collect::<Vec<_>>(),
    ///     [
    ///         "strip the wrapper '<' at byte 0",
    ///         "percent-encode '\u{e9}' at bytes 22..24 as %C3%A9",
    ///         "strip the wrapper '>' at byte 24",
    ///         "strip the trailing punctuation at byte 25",
    ///     ]
    /// );
    ///
    /// // Windows paths: from the root of a drive, and from a drive.
    /// let suggest = |input: &str| Uri::parse(input).unwrap_err().suggestion(input);
    /// assert_eq!(suggest("\\windows\\path").unwrap().as_str(), "/windows/path");
    /// assert_eq!(suggest("c:\\a b\\c").unwrap().as_str(), "file:///c:/a%20b/c");
    /// assert_eq!(suggest("(http://a/b)").unwrap().as_str(), "http://a/b");
    ///
    /// // A host with a space would be no host: no suggestion.
    /// assert_eq!(suggest("http://exa mple.com"), None);
    ///
    /// // Prose around a link is not searched for it; a suggestion is never applied.
    /// let input = "see https://example.com/ for more";
    /// assert_eq!(Uri::parse(input).unwrap_err().suggestion(input), None);
    /// assert!(Uri::parse("http://example.com/a b").is_err());
    /// ```
    pub fn suggestion(&self, input: &str) -> Option<Suggestion> {
        match self.kind() {
            ErrorKind::TooLong
            | ErrorKind::Borrowed
            | ErrorKind::Rule
            | ErrorKind::Grammar
            | ErrorKind::Template
            | ErrorKind::ReservedOperator => None,
            _ => suggest(input),
        }
    }
}

/// A corrected URI reference, which [`Uri::parse`](crate::Uri::parse)
/// accepts, and the [`Fix`]es that turned the rejected text into it:
/// what [`ParseError::suggestion`] returns.
///
/// `Display` writes the corrected reference.
///
/// ```
/// use rfc3986::{FixKind, Uri};
///
/// let input = " \"http://example.com/{id}\" ";
/// let suggestion = Uri::parse(input).unwrap_err().suggestion(input).unwrap();
/// assert_eq!(suggestion.to_string(), "http://example.com/%7Bid%7D");
/// assert_eq!(
///     suggestion.fixes().iter().map(|fix| fix.kind()).collect::<Vec<_>>(),
///     [
///         FixKind::TrimWhitespace,
///         FixKind::StripWrapper,
///         FixKind::PercentEncode,
///         FixKind::PercentEncode,
///         FixKind::StripWrapper,
///         FixKind::TrimWhitespace,
///     ]
/// );
/// assert_eq!(suggestion.uri().path(), "/%7Bid%7D");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Suggestion {
    uri: Uri<String>,
    fixes: Vec<Fix>,
}

impl Suggestion {
    /// The corrected reference's text.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let input = "http://example.com/?q=a|b";
    /// let suggestion = Uri::parse(input).unwrap_err().suggestion(input).unwrap();
    /// assert_eq!(suggestion.as_str(), "http://example.com/?q=a%7Cb");
    /// ```
    pub fn as_str(&self) -> &str {
        self.uri.as_str()
    }

    /// The corrected reference, parsed.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let input = "http://::1/a";
    /// let suggestion = Uri::parse(input).unwrap_err().suggestion(input).unwrap();
    /// assert_eq!(suggestion.uri().host_str(), Some("[::1]"));
    /// ```
    pub fn uri(&self) -> &Uri<String> {
        &self.uri
    }

    /// The corrected reference, parsed, without the fixes.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let input = "http:\\\\example.com\\a\\b";
    /// let uri: Uri = Uri::parse(input).unwrap_err().suggestion(input).unwrap().into_uri();
    /// assert_eq!(uri, "http://example.com/a/b");
    /// ```
    pub fn into_uri(self) -> Uri<String> {
        self.uri
    }

    /// The corrected reference's text, without the fixes.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let input = "/a%/b";
    /// let text: String = Uri::parse(input).unwrap_err().suggestion(input).unwrap().into_string();
    /// assert_eq!(text, "/a%25/b");
    /// ```
    pub fn into_string(self) -> String {
        self.uri.into_string()
    }

    /// The changes, in the order of the bytes of the input they replace:
    /// their ranges do not overlap, none is empty, and replacing each range
    /// of the input by the fix's replacement gives
    /// [`as_str`](Self::as_str).
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let input = "<http://example.com/a b>";
    /// let suggestion = Uri::parse(input).unwrap_err().suggestion(input).unwrap();
    /// let mut rebuilt = String::new();
    /// let mut at = 0;
    /// for fix in suggestion.fixes() {
    ///     rebuilt.push_str(&input[at..fix.range().start]);
    ///     rebuilt.push_str(fix.replacement());
    ///     at = fix.range().end;
    /// }
    /// rebuilt.push_str(&input[at..]);
    /// assert_eq!(rebuilt, suggestion.as_str());
    /// assert_eq!(suggestion.fixes().len(), 3);
    /// ```
    pub fn fixes(&self) -> &[Fix] {
        &self.fixes
    }
}

impl fmt::Display for Suggestion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One change of a [`Suggestion`]: a range of bytes of the rejected input
/// and the text that replaces it (empty when it is removed).
///
/// `Display` says what it does, in one line.
///
/// ```
/// use rfc3986::{FixKind, Uri};
///
/// let input = "http://example.com/a\\b?c";
/// let suggestion = Uri::parse(input).unwrap_err().suggestion(input).unwrap();
/// let fix = &suggestion.fixes()[0];
/// assert_eq!(fix.kind(), FixKind::BackslashToSlash);
/// assert_eq!(fix.range(), 20..21);
/// assert_eq!(fix.replacement(), "/");
/// assert_eq!(fix.to_string(), "turn the backslash at byte 20 into /");
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Fix {
    kind: FixKind,
    /// The character replaced, for the kinds that replace one (a wrapper's,
    /// a percent-encoded one); `'\0'` for the others.
    was: char,
    start: u32,
    end: u32,
    replacement: Replacement,
}

impl Fix {
    /// What the change does.
    ///
    /// ```
    /// use rfc3986::{FixKind, Uri};
    ///
    /// let input = "http://example.com/a b";
    /// let suggestion = Uri::parse(input).unwrap_err().suggestion(input).unwrap();
    /// assert_eq!(suggestion.fixes()[0].kind(), FixKind::PercentEncode);
    /// ```
    pub fn kind(&self) -> FixKind {
        self.kind
    }

    /// The bytes of the input that the change replaces; never empty.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let input = "http://example.com/\u{e9}";
    /// let suggestion = Uri::parse(input).unwrap_err().suggestion(input).unwrap();
    /// assert_eq!(suggestion.fixes()[0].range(), 19..21);
    /// ```
    pub fn range(&self) -> Range<usize> {
        self.start as usize..self.end as usize
    }

    /// The text that replaces [`range`](Self::range): `%XX` for each byte
    /// percent-encoded, `/` for a backslash, the address in brackets for
    /// an IPv6 host, `file:///` and the drive for a drive path's drive,
    /// and nothing for what is stripped or trimmed.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let input = "http://example.com/\u{e9}";
    /// let suggestion = Uri::parse(input).unwrap_err().suggestion(input).unwrap();
    /// assert_eq!(suggestion.fixes()[0].replacement(), "%C3%A9");
    /// ```
    pub fn replacement(&self) -> &str {
        self.replacement.as_str()
    }

    fn new(kind: FixKind, was: char, range: Range<usize>, replacement: Replacement) -> Fix {
        // Every offset is below `MAX_INPUT`, which `suggest` checks first.
        Fix {
            kind,
            was,
            start: range.start as u32,
            end: range.end as u32,
            replacement,
        }
    }

    fn removal(kind: FixKind, was: char, range: Range<usize>) -> Fix {
        Fix::new(kind, was, range, Replacement::Static(""))
    }
}

impl fmt::Debug for Fix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Fix")
            .field("kind", &self.kind)
            .field("range", &self.range())
            .field("replacement", &self.replacement())
            .finish()
    }
}

impl fmt::Display for Fix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = At(self.range());
        let replacement = self.replacement();
        match self.kind {
            FixKind::PercentEncode => write!(
                f,
                "percent-encode {} at {at} as {replacement}",
                Quoted(self.was)
            ),
            FixKind::StripWrapper => write!(f, "strip the wrapper {} at {at}", Quoted(self.was)),
            FixKind::StripTrailingPunctuation => {
                write!(f, "strip the trailing punctuation at {at}")
            }
            FixKind::TrimWhitespace => write!(f, "trim the whitespace at {at}"),
            FixKind::BracketIpv6 => {
                write!(f, "bracket the IPv6 address at {at} as {replacement}")
            }
            FixKind::BackslashToSlash => write!(f, "turn the backslash at {at} into /"),
            FixKind::DrivePath => {
                write!(f, "turn the drive at {at} into {replacement}")
            }
        }
    }
}

/// A character in single quotes as it is (`'\\'`, `'é'`), or as its
/// Unicode escape if it is not visible (`'\u{a0}'`).
struct Quoted(char);

impl fmt::Display for Quoted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = self.0;
        if c == ' ' || c.is_ascii_graphic() || (!c.is_ascii() && c.is_alphanumeric()) {
            write!(f, "'{c}'")
        } else {
            write!(f, "'{}'", c.escape_unicode())
        }
    }
}

/// A range of bytes, as `byte 3` or `bytes 3..5`.
struct At(Range<usize>);

impl fmt::Display for At {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.len() == 1 {
            write!(f, "byte {}", self.0.start)
        } else {
            write!(f, "bytes {}..{}", self.0.start, self.0.end)
        }
    }
}

/// What a [`Fix`] does. See [`ParseError::suggestion`] for when each is
/// made.
///
/// ```
/// use rfc3986::{FixKind, Uri};
///
/// let kinds = |input: &str| -> Vec<FixKind> {
///     let suggestion = Uri::parse(input).unwrap_err().suggestion(input).unwrap();
///     suggestion.fixes().iter().map(|fix| fix.kind()).collect()
/// };
/// assert_eq!(kinds("http://a/b c"), [FixKind::PercentEncode]);
/// assert_eq!(kinds("'http://a/'"), [FixKind::StripWrapper, FixKind::StripWrapper]);
/// assert_eq!(kinds("http://a:80."), [FixKind::StripTrailingPunctuation]);
/// assert_eq!(kinds("http://a/\n"), [FixKind::TrimWhitespace]);
/// assert_eq!(kinds("http://::1/"), [FixKind::BracketIpv6]);
/// assert_eq!(kinds("http://a/b\\c"), [FixKind::BackslashToSlash]);
/// assert_eq!(kinds("C:\\a"), [FixKind::DrivePath, FixKind::BackslashToSlash]);
/// assert_eq!(FixKind::BracketIpv6.to_string(), "bracket-ipv6");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum FixKind {
    /// A character that may not stand where it is, percent-encoded: each
    /// of its UTF-8 bytes as `%XX` (in uppercase, as section 2.1 asks).
    PercentEncode,
    /// The opening or the closing character of a `<...>`, `(...)`,
    /// `"..."` or `'...'` around the whole reference, removed.
    StripWrapper,
    /// Sentence punctuation after the reference (`.`, `,`, `;`, `:`, `!`,
    /// `?`, an unbalanced `)`), removed.
    StripTrailingPunctuation,
    /// Whitespace before or after the reference, removed.
    TrimWhitespace,
    /// An IPv6 address written as a host without its brackets, put in
    /// brackets (section 3.2.2).
    BracketIpv6,
    /// A backslash in the path of a URL written with backslashes, of a
    /// path that starts with one, or of a Windows drive path, turned into
    /// `/`.
    BackslashToSlash,
    /// The drive of a Windows drive path (`C:` in `C:\a`), written as the
    /// start of a `file:` URI (`file:///C:`).
    DrivePath,
}

impl FixKind {
    /// The kind's name, in kebab case: what `Display` writes.
    ///
    /// ```
    /// use rfc3986::FixKind;
    ///
    /// assert_eq!(FixKind::PercentEncode.name(), "percent-encode");
    /// assert_eq!(FixKind::StripTrailingPunctuation.name(), "strip-trailing-punctuation");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            FixKind::PercentEncode => "percent-encode",
            FixKind::StripWrapper => "strip-wrapper",
            FixKind::StripTrailingPunctuation => "strip-trailing-punctuation",
            FixKind::TrimWhitespace => "trim-whitespace",
            FixKind::BracketIpv6 => "bracket-ipv6",
            FixKind::BackslashToSlash => "backslash-to-slash",
            FixKind::DrivePath => "drive-path",
        }
    }
}

impl fmt::Display for FixKind {
    /// The name, padded to the formatter's width (`{:<28}`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// A fix's replacement text, stored without an allocation but for a
/// bracketed address or a drive's `file:` URI (at most one per
/// suggestion).
#[derive(Clone, PartialEq, Eq, Hash)]
enum Replacement {
    Static(&'static str),
    /// The percent-encoding of one character: up to four `%XX`.
    Encoded {
        bytes: [u8; 12],
        len: u8,
    },
    Owned(Box<str>),
}

impl Replacement {
    /// The percent-encoding of `c`, in uppercase hexadecimal.
    fn encoded(c: char) -> Replacement {
        const HEX: &[u8; 16] = b"0123456789ABCDEF";
        let mut utf8 = [0u8; 4];
        let mut bytes = [0u8; 12];
        let mut len = 0;
        for &octet in c.encode_utf8(&mut utf8).as_bytes() {
            if let Some(slot) = bytes.get_mut(len..len + 3) {
                slot.copy_from_slice(&[
                    b'%',
                    HEX[usize::from(octet >> 4)],
                    HEX[usize::from(octet & 0xf)],
                ]);
                len += 3;
            }
        }
        Replacement::Encoded {
            bytes,
            len: len as u8,
        }
    }

    fn as_str(&self) -> &str {
        match self {
            Replacement::Static(text) => text,
            Replacement::Encoded { bytes, len } => bytes
                .get(..usize::from(*len))
                .and_then(|bytes| core::str::from_utf8(bytes).ok())
                .unwrap_or(""),
            Replacement::Owned(text) => text,
        }
    }
}

/// The suggestion for `input`, after the error's kind allowed one.
fn suggest(input: &str) -> Option<Suggestion> {
    if input.len() > MAX_INPUT || Uri::is_valid(input) {
        return None;
    }
    let mut fixes = Vec::new();
    let core = unwrap(input, &mut fixes);
    if let Some(suggestion) = attempt(input, core.clone(), &fixes, false) {
        return Some(suggestion);
    }
    let cut = punctuation_start(input, core.clone());
    if cut == core.end {
        return None;
    }
    fixes.push(Fix::removal(
        FixKind::StripTrailingPunctuation,
        '\0',
        cut..core.end,
    ));
    attempt(input, core.start..cut, &fixes, true)
}

/// Trims whitespace and strips wrappers from the ends of `input`; the
/// range left, the reference's text.
fn unwrap(input: &str, fixes: &mut Vec<Fix>) -> Range<usize> {
    let mut core = 0..input.len();
    let mut layers = 0;
    loop {
        trim(input, &mut core, fixes);
        if layers == MAX_WRAPPERS {
            break;
        }
        let bytes = input.as_bytes();
        let Some(&open) = bytes.get(core.start) else {
            break;
        };
        let close = match open {
            b'<' => b'>',
            b'(' => b')',
            b'"' | b'\'' => open,
            _ => break,
        };
        // The closing character, at the end or before punctuation.
        let end = if core.len() >= 2 && bytes.get(core.end - 1) == Some(&close) {
            core.end
        } else {
            let cut = punctuation_start(input, core.clone());
            if cut < core.end && cut >= core.start + 2 && bytes.get(cut - 1) == Some(&close) {
                fixes.push(Fix::removal(
                    FixKind::StripTrailingPunctuation,
                    '\0',
                    cut..core.end,
                ));
                cut
            } else {
                break;
            }
        };
        // A "(" must be closed by the last ")", not by one before it
        // (`(a) and (b)` is no wrapper).
        if open == b'(' && !closes_last(&bytes[core.start..end]) {
            break;
        }
        fixes.push(Fix::removal(
            FixKind::StripWrapper,
            char::from(open),
            core.start..core.start + 1,
        ));
        fixes.push(Fix::removal(
            FixKind::StripWrapper,
            char::from(close),
            end - 1..end,
        ));
        core = core.start + 1..end - 1;
        layers += 1;
    }
    core
}

/// Whether the "(" that `text` starts with is closed by the ")" it ends
/// with, the parentheses between them balanced.
fn closes_last(text: &[u8]) -> bool {
    let mut depth = 0usize;
    for (i, &b) in text.iter().enumerate() {
        match b {
            b'(' => depth += 1,
            b')' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return i + 1 == text.len();
                }
            }
            _ => {}
        }
    }
    false
}

/// Narrows `core` to leave out the whitespace at its ends.
fn trim(input: &str, core: &mut Range<usize>, fixes: &mut Vec<Fix>) {
    let Some(text) = input.get(core.clone()) else {
        return;
    };
    let start = core.start + (text.len() - text.trim_start().len());
    let end = core.start + text.trim_end().len();
    if start > core.start {
        fixes.push(Fix::removal(
            FixKind::TrimWhitespace,
            '\0',
            core.start..start,
        ));
    }
    if end < core.end && end >= start {
        fixes.push(Fix::removal(FixKind::TrimWhitespace, '\0', end..core.end));
    }
    *core = start..end.max(start);
}

/// Where the sentence punctuation at the end of `core` starts (`core.end`
/// when there is none): `.`, `,`, `;`, `:`, `!`, `?`, and `)` while the
/// text has more `)` than `(`.
fn punctuation_start(input: &str, core: Range<usize>) -> usize {
    let Some(bytes) = input.as_bytes().get(core.clone()) else {
        return core.end;
    };
    let open = bytes.iter().filter(|&&b| b == b'(').count();
    let mut close = bytes.iter().filter(|&&b| b == b')').count();
    let mut cut = bytes.len();
    while let Some(&last) = cut.checked_sub(1).and_then(|i| bytes.get(i)) {
        match last {
            b'.' | b',' | b';' | b':' | b'!' | b'?' => {}
            b')' if close > open => close -= 1,
            _ => break,
        }
        cut -= 1;
    }
    core.start + cut
}

/// The part of a reference a character stands in, which decides how a
/// character is fixed.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    Userinfo,
    Host,
    /// A path; `true` when its backslashes become `/`.
    Path(bool),
    /// The path of a Windows drive path (`C:\a\b`), after its drive: all
    /// of the rest of the text, a file's name, where `\` becomes `/` and
    /// `?`, `#` and every `%` stand for themselves.
    DrivePath,
    Query,
    Fragment,
}

/// The fixes inside `core` after `outer` (the trimming and unwrapping),
/// and the suggestion they give, if it parses and the rules allow it.
fn attempt(
    input: &str,
    core: Range<usize>,
    outer: &[Fix],
    need_scheme: bool,
) -> Option<Suggestion> {
    let text = input.get(core.clone())?;
    let bytes = text.as_bytes();
    if text.is_empty() || bytes.iter().any(|&b| b < 0x20 || b == 0x7f) {
        return None;
    }
    let mut fixes = outer.to_vec();
    let base = core.start;
    let scheme = scheme_end(bytes);
    let slash = |i: usize| matches!(bytes.get(i), Some(b'/' | b'\\'));
    let mut at = 0;
    let authority;
    if let Some(colon) = scheme {
        let next = bytes.get(colon + 1).copied();
        if next == Some(b':') || text.get(colon + 1..)?.starts_with(char::is_whitespace) {
            return None;
        }
        // One letter, ":" and a slash or a backslash: a Windows drive path.
        if colon == 1 && slash(2) {
            fixes.push(drive(input, base));
            encode(input, base + 2..core.end, Part::DrivePath, &mut fixes)?;
            return suggestion(input, fixes, need_scheme);
        }
        at = colon + 1;
        // Two slashes, or backslashes, or one of each: a URL.
        authority = slash(at) && slash(at + 1);
    } else {
        // A leading "//", or a leading backslash and a slash or a backslash.
        authority = bytes.starts_with(b"//") || (bytes.starts_with(b"\\") && slash(1));
    }
    if authority {
        for i in at..at + 2 {
            if bytes.get(i) == Some(&b'\\') {
                fixes.push(backslash(base + i));
            }
        }
        at += 2;
        let end = find(bytes, at, |b| matches!(b, b'/' | b'\\' | b'?' | b'#'));
        plan_authority(input, base + at..base + end, &mut fixes)?;
        at = end;
    }
    // A path with neither a scheme nor an authority before it that starts
    // with a backslash is a Windows path from the root of a drive.
    let slashes = authority || (scheme.is_none() && bytes.starts_with(b"\\"));
    let path_end = find(bytes, at, |b| matches!(b, b'?' | b'#'));
    let path_fixes = fixes.len();
    encode(
        input,
        base + at..base + path_end,
        Part::Path(slashes),
        &mut fixes,
    )?;
    // A path with neither a scheme nor an authority before it takes only a
    // space, a `%` and characters above ASCII encoded, and its backslashes
    // turned where it starts with one: see `suggestion`.
    if scheme.is_none()
        && !authority
        && !fixes[path_fixes..].iter().all(|fix| {
            matches!(fix.was, ' ' | '%')
                || !fix.was.is_ascii()
                || fix.kind == FixKind::BackslashToSlash
        })
    {
        return None;
    }
    at = path_end;
    if bytes.get(at) == Some(&b'?') {
        let query_end = find(bytes, at + 1, |b| b == b'#');
        encode(
            input,
            base + at + 1..base + query_end,
            Part::Query,
            &mut fixes,
        )?;
        at = query_end;
    }
    if bytes.get(at) == Some(&b'#') {
        encode(input, base + at + 1..core.end, Part::Fragment, &mut fixes)?;
    }
    suggestion(input, fixes, need_scheme)
}

/// The suggestion that `fixes` make of `input`, if it parses, is not
/// `input`, and has a scheme where `need_scheme`.
fn suggestion(input: &str, mut fixes: Vec<Fix>, need_scheme: bool) -> Option<Suggestion> {
    fixes.sort_unstable_by_key(|fix| fix.start);
    let uri = Uri::parse(apply(input, &fixes)).ok()?;
    if uri.as_str() == input || uri.as_str().is_empty() {
        return None;
    }
    if need_scheme && uri.scheme().is_none() {
        return None;
    }
    Some(Suggestion { uri, fixes })
}

/// Where the scheme's `:` is, when `bytes` starts with a scheme.
fn scheme_end(bytes: &[u8]) -> Option<usize> {
    if !bytes.first()?.is_ascii_alphabetic() {
        return None;
    }
    for (i, &b) in bytes.iter().enumerate().skip(1) {
        match b {
            b':' => return Some(i),
            b'+' | b'-' | b'.' => {}
            _ if b.is_ascii_alphanumeric() => {}
            _ => return None,
        }
    }
    None
}

/// The first index from `from` whose byte `stop` takes, or the end.
fn find(bytes: &[u8], from: usize, stop: impl Fn(u8) -> bool) -> usize {
    bytes
        .get(from..)
        .and_then(|rest| rest.iter().position(|&b| stop(b)))
        .map_or(bytes.len(), |i| from + i)
}

/// The fixes of the authority at `range` of `input`: its userinfo's
/// characters, and its host's (bracketed, if it is an IPv6 address);
/// `None` where the host holds an ASCII character it may not.
fn plan_authority(input: &str, range: Range<usize>, fixes: &mut Vec<Fix>) -> Option<()> {
    let text = input.get(range.clone())?;
    let host_start = match text.rfind('@') {
        Some(i) => {
            encode(input, range.start..range.start + i, Part::Userinfo, fixes)?;
            range.start + i + 1
        }
        None => range.start,
    };
    let host = input.get(host_start..range.end)?;
    if host.starts_with('[') {
        // An IP literal: no fix of this module makes one valid.
        return Some(());
    }
    if host.bytes().filter(|&b| b == b':').count() >= 2 {
        if let Some(len) = ipv6_prefix(host) {
            let mut bracketed = String::with_capacity(len + 2);
            bracketed.push('[');
            bracketed.push_str(&host[..len]);
            bracketed.push(']');
            fixes.push(Fix::new(
                FixKind::BracketIpv6,
                '\0',
                host_start..host_start + len,
                Replacement::Owned(bracketed.into_boxed_str()),
            ));
            return Some(());
        }
    }
    encode(input, host_start..range.end, Part::Host, fixes)
}

/// How much of `host` (a host and port, with two `:` or more) to bracket
/// as an IPv6 address: all of it if it is one, or else all but the port
/// after its last `:` (digits, or none).
fn ipv6_prefix(host: &str) -> Option<usize> {
    if ip::ipv6(host).is_some() {
        return Some(host.len());
    }
    let colon = host.rfind(':')?;
    let port = host.get(colon + 1..)?;
    let address = host.get(..colon)?;
    (port.bytes().all(|b| b.is_ascii_digit()) && ip::ipv6(address).is_some()).then_some(colon)
}

/// The fixes of the characters at `range` of `input`, which stand in
/// `part`; `None` where a host holds an ASCII character it may not: a
/// host with it percent-encoded (`exa%20mple.com`) is no name a resolver
/// takes, and what was meant is a guess.
fn encode(input: &str, range: Range<usize>, part: Part, fixes: &mut Vec<Fix>) -> Option<()> {
    let text = input.get(range.clone())?;
    let bytes = text.as_bytes();
    let drive = part == Part::DrivePath;
    for (i, c) in text.char_indices() {
        let at = range.start + i;
        let fix = match c {
            '\\' if drive || part == Part::Path(true) => backslash(at),
            ' ' | '"' | '<' | '>' | '\\' | '^' | '`' | '{' | '|' | '}' | '[' | ']' => {
                percent_encode(c, at)
            }
            '@' if part == Part::Userinfo => percent_encode(c, at),
            '#' if drive || part == Part::Fragment => percent_encode(c, at),
            '?' | '%' if drive => percent_encode(c, at),
            '%' if percent::octet_at(bytes, i).is_none() => percent_encode(c, at),
            _ if !c.is_ascii() => percent_encode(c, at),
            _ => continue,
        };
        if part == Part::Host && c.is_ascii() {
            return None;
        }
        fixes.push(fix);
    }
    Some(())
}

fn percent_encode(c: char, at: usize) -> Fix {
    Fix::new(
        FixKind::PercentEncode,
        c,
        at..at + c.len_utf8(),
        Replacement::encoded(c),
    )
}

/// The drive (a letter and ":") at byte `at` of `input`, written as the
/// start of a `file:` URI with an empty authority (RFC 8089 appendix E.2).
fn drive(input: &str, at: usize) -> Fix {
    let mut uri = String::with_capacity(FILE.len() + 2);
    uri.push_str(FILE);
    uri.push_str(input.get(at..at + 2).unwrap_or(""));
    Fix::new(
        FixKind::DrivePath,
        '\0',
        at..at + 2,
        Replacement::Owned(uri.into_boxed_str()),
    )
}

/// What a drive path's `file:` URI puts before its drive.
const FILE: &str = "file:///";

fn backslash(at: usize) -> Fix {
    Fix::new(
        FixKind::BackslashToSlash,
        '\\',
        at..at + 1,
        Replacement::Static("/"),
    )
}

/// `input` with each fix's range replaced, the fixes in order.
fn apply(input: &str, fixes: &[Fix]) -> String {
    let removed: usize = fixes.iter().map(|fix| fix.range().len()).sum();
    let added: usize = fixes.iter().map(|fix| fix.replacement().len()).sum();
    let mut out = String::with_capacity((input.len() + added).saturating_sub(removed));
    let mut at = 0;
    for fix in fixes {
        out.push_str(input.get(at..fix.range().start).unwrap_or(""));
        out.push_str(fix.replacement());
        at = fix.range().end;
    }
    out.push_str(input.get(at..).unwrap_or(""));
    out
}
