//! The error of a failed parse: what is wrong, at which byte, and what the
//! grammar expected there.

use alloc::borrow::Cow;
use alloc::string::String;
use core::fmt;

/// Which component or construct of a URI reference is malformed.
///
/// The kinds follow the components of RFC 3986 section 3. A character that
/// belongs to no part of a URI at all (a space, a control character, a
/// non-ASCII character, `"`, `<`, `\`, ...) is [`InvalidCharacter`]
/// wherever it stands.
///
/// [`InvalidCharacter`]: ErrorKind::InvalidCharacter
///
/// ```
/// use rfc3986::{ErrorKind, Uri};
///
/// let kind = |s| Uri::parse(s).unwrap_err().kind();
/// assert_eq!(kind("1http://a"), ErrorKind::Scheme);
/// assert_eq!(kind("http://a:b@c:d@e/"), ErrorKind::Port);
/// assert_eq!(kind("http://a:80:80/"), ErrorKind::Port);
/// assert_eq!(kind("http://2001:db8::1/"), ErrorKind::IpLiteral);
/// assert_eq!(kind("http://[v1]/"), ErrorKind::IpvFuture);
/// assert_eq!(kind("/a%2"), ErrorKind::PercentEncoding);
/// assert_eq!(kind("/a b"), ErrorKind::InvalidCharacter);
/// assert_eq!(kind("/a?b#c#d"), ErrorKind::Fragment);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The scheme (section 3.1) is malformed: it must begin with a letter,
    /// followed by letters, digits, `+`, `-` or `.`. What comes before a
    /// `:` that is no scheme reads as the first segment of a relative
    /// reference, which may not hold a `:`: the error is of this kind, at
    /// the first character where that is no letter (`1http://a` at byte
    /// 0), else at that `:` (`ht_tp://a` at byte 5).
    Scheme,
    /// The userinfo (section 3.2.1) contains a character it may not,
    /// before the `@` that ends it (`http://a[b@c/` at byte 8). An
    /// authority with no `@` has no userinfo: what follows a host's `:`
    /// and is not a port is an error of [`Port`](ErrorKind::Port)
    /// (`http://a:8x/` at the `x`), although a userinfo (`a:8x@b`) could
    /// have read further.
    Userinfo,
    /// The host (section 3.2.2) contains a character it may not: a
    /// registered name allows only unreserved characters, percent-encodings
    /// and sub-delims, and an IP literal must be followed by `:`, `/`, `?`,
    /// `#` or the end.
    Host,
    /// An IP literal (`[` ... `]`) is empty or not closed, or an IPv6
    /// address stands as a host without its brackets (`http://::1/`, at
    /// its first byte, where the `[` is missing).
    IpLiteral,
    /// The IPv6 address inside `[` ... `]` is malformed (section 3.2.2).
    Ipv6Address,
    /// The IPvFuture address inside `[v` ... `]` is malformed: `v`, a
    /// hexadecimal version, `.`, then unreserved, sub-delims or `:`.
    IpvFuture,
    /// The port (section 3.2.3) contains a character that is not a digit
    /// (`http://a:8x/`, `http://a:80:80/` at the second `:`).
    Port,
    /// The port is a number above 65535. The grammar allows any number of
    /// digits; this crate stores a port as a `u16` and rejects what does not
    /// fit rather than truncate it.
    PortRange,
    /// The path (section 3.3) contains a character it may not.
    Path,
    /// The query (section 3.4) contains a character it may not.
    Query,
    /// The fragment (section 3.5) contains a character it may not (a second
    /// `#`, `[` or `]`).
    Fragment,
    /// A `%` is not followed by two hexadecimal digits (section 2.1).
    PercentEncoding,
    /// A character that no part of a URI may contain.
    InvalidCharacter,
    /// A bidirectional formatting character (LRM, RLM, LRE, RLE, LRO, RLO
    /// or PDF), which RFC 3987 section 4.1 says IRIs must not contain. The
    /// IRI grammar accepts them; only
    /// [`Iri::check_bidi`](https://docs.rs/rfc3986/latest/rfc3986/type.Iri.html#method.check_bidi) reports this.
    BidiFormatting,
    /// A borrowed reference (`Uri<&str>`) was deserialized from a string
    /// that the format had to build (from escapes), which it cannot borrow.
    Borrowed,
    /// The input is longer than a reference can be: its offsets are 32-bit,
    /// so it holds at most 4294967294 bytes.
    TooLong,
    /// The text does not match the rule of a grammar that a parse started
    /// from: the error of [`parse_rule`](crate::parse_rule), whose
    /// [`expected`](ParseError::expected) names the rules pest tried at
    /// the offset.
    Rule,
    /// The parse tree does not have the shape the lowering reads. Only a
    /// grammar that was edited or extended can produce this; the crate's own
    /// grammar never does.
    Grammar,
    /// The text is not a URI Template (RFC 6570 section 2, `template.pest`):
    /// the error of `Template::parse` (the `template` feature), whose
    /// [`expected`](ParseError::expected) names what the grammar tried at
    /// the offset (`"}"`, `varname`, ...).
    Template,
    /// A template expression uses one of the operators that RFC 6570
    /// section 2.2 reserves for future extensions (`=` `,` `!` `@` `|`):
    /// the grammar takes them, and section 3 says a processor must not
    /// expand them. The offset is the operator's.
    ReservedOperator,
}

impl ErrorKind {
    fn describe(self) -> &'static str {
        match self {
            ErrorKind::Scheme => "invalid scheme",
            ErrorKind::Userinfo => "invalid userinfo",
            ErrorKind::Host => "invalid host",
            ErrorKind::IpLiteral => "invalid IP literal",
            ErrorKind::Ipv6Address => "invalid IPv6 address",
            ErrorKind::IpvFuture => "invalid IPvFuture address",
            ErrorKind::Port => "invalid port",
            ErrorKind::PortRange => "port out of range",
            ErrorKind::Path => "invalid path",
            ErrorKind::Query => "invalid query",
            ErrorKind::Fragment => "invalid fragment",
            ErrorKind::PercentEncoding => "invalid percent-encoding",
            ErrorKind::InvalidCharacter => "invalid character",
            ErrorKind::BidiFormatting => "bidirectional formatting character",
            ErrorKind::TooLong => "input too long",
            ErrorKind::Borrowed => "cannot borrow",
            ErrorKind::Rule => "no match for the rule",
            ErrorKind::Grammar => "unexpected parse tree",
            ErrorKind::Template => "invalid URI template",
            ErrorKind::ReservedOperator => "reserved template operator",
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.describe())
    }
}

/// The error of [`Uri::parse`](crate::Uri::parse): the kind of problem, the
/// byte offset where it is, and what the grammar expected there.
///
/// `Display` gives one line. The alternate form (`{:#}`) adds the input (cut
/// short around the offset when it is long) with a caret under the offset.
///
/// ```
/// use rfc3986::{ErrorKind, Uri};
///
/// let err = Uri::parse("http://exa mple.com/").unwrap_err();
/// assert_eq!(err.kind(), ErrorKind::InvalidCharacter);
/// assert_eq!(err.offset(), 10);
/// assert_eq!(
///     err.to_string(),
///     r##"invalid character at byte 10: expected reg-name character, ":" port, "/", "?", "#" or end of input, found ' '"##
/// );
/// assert_eq!(
///     format!("{err:#}").lines().skip(1).collect::<Vec<_>>(),
///     ["  http://exa mple.com/", "            ^"]
/// );
/// ```
///
/// A parse that took its input by value (a `String`) hands it back in the
/// error, as `input` ([`into_input`](Self::into_input)); `ParseError`
/// without a parameter is the error of a parse of borrowed text, which
/// holds nothing of the input but its excerpt.
///
/// ```
/// use rfc3986::Uri;
///
/// let err = Uri::parse(String::from("http://a b/")).unwrap_err();
/// assert_eq!(err.offset(), 8);
/// let text: String = err.into_input();
/// assert_eq!(text, "http://a b/");
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct ParseError<I = ()> {
    kind: ErrorKind,
    offset: usize,
    expected: Cow<'static, str>,
    found: Option<char>,
    excerpt: Excerpt,
    input: I,
}

impl<I> ParseError<I> {
    /// The same error, holding `input`.
    pub(crate) fn with_back<J>(self, input: J) -> ParseError<J> {
        ParseError {
            kind: self.kind,
            offset: self.offset,
            expected: self.expected,
            found: self.found,
            excerpt: self.excerpt,
            input,
        }
    }

    /// The input the parse took, given back.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let input = String::from("/a b");
    /// let input = Uri::parse(input).unwrap_err().into_input();
    /// assert_eq!(input, "/a b");
    /// ```
    pub fn into_input(self) -> I {
        self.input
    }

    /// The error without the input it holds.
    ///
    /// ```
    /// use rfc3986::{ParseError, Uri};
    ///
    /// let err: ParseError = Uri::parse(String::from("/a b")).unwrap_err().without_input();
    /// assert_eq!(err.offset(), 2);
    /// ```
    pub fn without_input(self) -> ParseError {
        self.with_back(())
    }
}

impl ParseError {
    /// Out of line, as every constructor of an error: an error is built
    /// only where a parse fails, so its code stays out of the functions
    /// that also run when it succeeds.
    #[inline(never)]
    pub(crate) fn new(
        kind: ErrorKind,
        input: &str,
        offset: usize,
        expected: impl Into<Cow<'static, str>>,
    ) -> ParseError {
        let found = match kind {
            // The whole number is at fault, not its first digit.
            ErrorKind::PortRange
            | ErrorKind::Grammar
            | ErrorKind::TooLong
            | ErrorKind::Borrowed => None,
            _ => input.get(offset..).and_then(|rest| rest.chars().next()),
        };
        ParseError::with_found(kind, input, offset, expected.into(), found)
    }

    /// [`new`](Self::new), where the caller has read what is found at
    /// `offset` of `input` (the character there, or `None` at its end, or
    /// for a kind that names none).
    #[inline]
    pub(crate) fn with_found(
        kind: ErrorKind,
        input: &str,
        offset: usize,
        expected: Cow<'static, str>,
        found: Option<char>,
    ) -> ParseError {
        ParseError {
            kind,
            offset,
            expected,
            found,
            excerpt: Excerpt::new(input, offset),
            input: (),
        }
    }

    /// A reference that would borrow `input`, which a deserializer built
    /// (from escapes) and will not keep: it cannot be borrowed.
    #[cfg(feature = "serde")]
    pub(crate) fn borrow_needed(input: &str) -> ParseError {
        ParseError::new(
            ErrorKind::Borrowed,
            input,
            0,
            "a string the input holds as it is, to borrow (write it without escapes, or deserialize an owned reference)",
        )
    }

    /// A port above 65535 at `offset` of `input`: the grammar allows any
    /// number of digits, and ports are `u16`.
    #[cold]
    #[inline(never)]
    pub(crate) fn port_range(input: &str, offset: usize) -> ParseError {
        ParseError::new(
            ErrorKind::PortRange,
            input,
            offset,
            "a port number from 0 to 65535",
        )
    }

    /// The same error, shown against `input`, of which the input it was
    /// found in is a prefix.
    pub(crate) fn with_input(self, input: &str) -> ParseError {
        ParseError::new(self.kind, input, self.offset, self.expected)
    }
}

impl<I> ParseError<I> {
    /// Which component or construct is malformed.
    ///
    /// ```
    /// use rfc3986::{ErrorKind, Uri};
    ///
    /// assert_eq!(Uri::parse("http://a:99999/").unwrap_err().kind(), ErrorKind::PortRange);
    /// ```
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The byte offset in the input where the problem is: the first byte
    /// that no valid continuation of the input before it can take. `%`
    /// followed by `g` is wrong at the `g`, where `%` followed by two
    /// hexadecimal digits could still have been. Three errors name the
    /// part at fault before that byte: [`ErrorKind::PortRange`], at the
    /// port's first digit; a scheme whose first character is no letter,
    /// at that character (`1http://a`, byte 0); and an authority without
    /// an `@`, which is a host and a port although a userinfo could read
    /// further, where its port goes wrong (`http://a:80:80/`, byte 11),
    /// or at the first byte of an IPv6 address without its brackets.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let err = Uri::parse("http://example.com/a b").unwrap_err();
    /// assert_eq!(err.offset(), 20);
    /// let err = Uri::parse("http://example.com/%g0").unwrap_err();
    /// assert_eq!((err.offset(), err.found()), (20, Some('g')));
    /// let err = Uri::parse("http://a:80:80/").unwrap_err();
    /// assert_eq!((err.offset(), err.found()), (11, Some(':')));
    /// ```
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// What the grammar would have accepted at [`offset`](Self::offset),
    /// in the RFC's terms (`pchar`, `HEXDIG`, ...).
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let err = Uri::parse("http://[::1").unwrap_err();
    /// assert_eq!(err.expected(), r#"HEXDIG, ":", "." or "]""#);
    /// ```
    pub fn expected(&self) -> &str {
        &self.expected
    }

    /// The character at [`offset`](Self::offset), or `None` at the end of
    /// the input (and for [`ErrorKind::PortRange`], where the whole number
    /// is at fault).
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// assert_eq!(Uri::parse("/a b").unwrap_err().found(), Some(' '));
    /// assert_eq!(Uri::parse("/a%g").unwrap_err().found(), Some('g'));
    /// assert_eq!(Uri::parse("/a%").unwrap_err().found(), None);
    /// assert_eq!(Uri::parse("http://[::1").unwrap_err().found(), None);
    /// ```
    pub fn found(&self) -> Option<char> {
        self.found
    }
}

impl<I> fmt::Debug for ParseError<I> {
    /// Shows the error's fields, and not the input it may hold (which may
    /// be long): only its excerpt.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ParseError")
            .field("kind", &self.kind)
            .field("offset", &self.offset)
            .field("expected", &self.expected)
            .field("found", &self.found)
            .field("excerpt", &self.excerpt)
            .finish()
    }
}

impl<I> core::error::Error for ParseError<I> {}

impl<I> fmt::Display for ParseError<I> {
    /// The line is assembled on the stack and written in one piece: a
    /// `to_string()` of it then allocates once, at its length, rather than
    /// growing a `String` piece by piece. A line too long for the buffer
    /// (an `expected` of a user's grammar, say) is written piece by piece.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut line = Line::new();
        line.push(self.kind.describe());
        line.push(" at byte ");
        line.push_decimal(self.offset);
        line.push(": expected ");
        line.push(&self.expected);
        match (self.kind, self.found) {
            (
                ErrorKind::PortRange
                | ErrorKind::Grammar
                | ErrorKind::TooLong
                | ErrorKind::Borrowed,
                _,
            ) => {}
            (_, Some(c)) => {
                line.push(", found '");
                Escaped(c).push_to(&mut line);
                line.push("'");
            }
            (_, None) => line.push(", found end of input"),
        }
        match line.as_str() {
            Some(text) => f.write_str(text)?,
            None => self.write_pieces(f)?,
        }
        if f.alternate() {
            self.excerpt.write(f)?;
        }
        Ok(())
    }
}

impl<I> ParseError<I> {
    /// The one-line message, written piece by piece.
    #[cold]
    fn write_pieces(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} at byte {}: expected {}",
            self.kind, self.offset, self.expected
        )?;
        match (self.kind, self.found) {
            (
                ErrorKind::PortRange
                | ErrorKind::Grammar
                | ErrorKind::TooLong
                | ErrorKind::Borrowed,
                _,
            ) => Ok(()),
            (_, Some(c)) => write!(f, ", found '{}'", Escaped(c)),
            (_, None) => f.write_str(", found end of input"),
        }
    }
}

/// A line of text assembled on the stack, up to [`Line::CAPACITY`] bytes:
/// an error's message, which stays under 200 bytes for the crate's
/// grammars.
struct Line {
    bytes: [u8; Line::CAPACITY],
    len: usize,
    /// Whether something did not fit: the line is then not used.
    overflow: bool,
}

impl Line {
    const CAPACITY: usize = 256;

    fn new() -> Line {
        Line {
            bytes: [0; Line::CAPACITY],
            len: 0,
            overflow: false,
        }
    }

    fn push(&mut self, text: &str) {
        match self.bytes.get_mut(self.len..self.len + text.len()) {
            Some(room) => {
                room.copy_from_slice(text.as_bytes());
                self.len += text.len();
            }
            None => self.overflow = true,
        }
    }

    fn push_char(&mut self, c: char) {
        if c.is_ascii() {
            self.push_ascii(c as u8);
        } else {
            self.push(c.encode_utf8(&mut [0; 4]));
        }
    }

    /// An ASCII byte, which is a whole character.
    fn push_ascii(&mut self, byte: u8) {
        debug_assert!(byte.is_ascii());
        match self.bytes.get_mut(self.len) {
            Some(room) => {
                *room = byte;
                self.len += 1;
            }
            None => self.overflow = true,
        }
    }

    /// `n` in decimal, written in place: its digits are ASCII.
    fn push_decimal(&mut self, n: usize) {
        let mut width = 1;
        let mut rest = n / 10;
        while rest > 0 {
            width += 1;
            rest /= 10;
        }
        let Some(room) = self.bytes.get_mut(self.len..self.len + width) else {
            self.overflow = true;
            return;
        };
        let mut n = n;
        for digit in room.iter_mut().rev() {
            *digit = b'0' + (n % 10) as u8;
            n /= 10;
        }
        self.len += width;
    }

    /// The line, unless something did not fit.
    fn as_str(&self) -> Option<&str> {
        if self.overflow {
            return None;
        }
        // Only whole `str`s were pushed.
        core::str::from_utf8(&self.bytes[..self.len]).ok()
    }
}

/// The part of the input shown under an error: at most [`Excerpt::RADIUS`]
/// characters on each side of the offset.
///
/// An error keeps that window of the input as it is: in place when it is at
/// most [`Excerpt::INLINE`] bytes, as the window of most inputs is, so that
/// their error allocates nothing; otherwise in one allocation of at most a
/// few hundred bytes, whatever the input's size. (An error with other text
/// shares that allocation with it: [`Excerpt::window`].) The escaping of
/// control and other invisible characters, which keeps the caret's column
/// right, is done only when the error is shown.
#[derive(Clone, PartialEq, Eq)]
pub(crate) enum Excerpt {
    /// The window is `bytes[..len]`.
    Inline {
        len: u8,
        at: Caret,
        bytes: [u8; Excerpt::INLINE],
    },
    /// A longer window.
    Heap { text: String, at: Caret },
}

/// Where the offset is in an excerpt's window: at byte `byte` of it, which
/// is at most [`Excerpt::RADIUS`] characters from its start; and whether
/// the input goes on before the window (bit 0 of `cut`) and after it
/// (bit 1).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct Caret {
    byte: u8,
    cut: u8,
}

impl Caret {
    /// The caret at byte `byte` of a window (at most `RADIUS` characters of
    /// at most 4 bytes each, so it fits), with the input going on before
    /// it or after it.
    #[inline(always)]
    fn new(byte: usize, cut_before: bool, cut_after: bool) -> Caret {
        Caret {
            byte: u8::try_from(byte).unwrap_or(0),
            cut: u8::from(cut_before) | u8::from(cut_after) << 1,
        }
    }
}

/// Shows the window's text and where it lies, however it is held.
impl fmt::Debug for Excerpt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (text, window) = self.parts();
        f.debug_struct("Excerpt")
            .field("text", &text)
            .field("window", &window)
            .finish()
    }
}

/// Where an excerpt's window lies in the text that holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Window {
    /// The window is `text[start..]`.
    start: usize,
    /// The offset, as a byte of `text`.
    caret: usize,
    /// Whether the input goes on before the window, and after it.
    cut_before: bool,
    cut_after: bool,
}

impl Excerpt {
    const RADIUS: usize = 32;
    const CUT: &'static str = "...";
    /// The longest window held in place: as many bytes as fit beside its
    /// length, caret and tag in 48 bytes, which keeps `ParseError` at 88.
    const INLINE: usize = 44;

    /// The excerpt of `input` around `offset`.
    ///
    /// Where the window's bytes are all ASCII, as in most inputs, a byte
    /// is a character: the window is `RADIUS` bytes on each side, and each
    /// of its ends a character boundary. That case copies the window once
    /// ([`copy_short`]) and tests the whole copy for ASCII at once; any
    /// other character takes [`general`](Self::general).
    #[inline(never)]
    pub(crate) fn new(input: &str, offset: usize) -> Excerpt {
        let bytes = input.as_bytes();
        let offset_in = offset.min(bytes.len());
        let start = offset_in.saturating_sub(Self::RADIUS);
        let end = (offset_in + Self::RADIUS).min(bytes.len());
        let mut window = [0; 2 * Self::RADIUS];
        copy_short(&bytes[start..end], &mut window);
        if window.iter().fold(0, |all, &b| all | b).is_ascii() {
            let at = Caret::new(offset_in - start, start > 0, end < bytes.len());
            let len = end - start;
            if len <= Self::INLINE {
                // Already copied.
                let mut text = [0; Self::INLINE];
                text.copy_from_slice(&window[..Self::INLINE]);
                return Excerpt::Inline {
                    len: len as u8,
                    at,
                    bytes: text,
                };
            }
            return Excerpt::held(&input[start..end], at);
        }
        Excerpt::general(input, offset)
    }

    /// [`new`](Self::new), where the window holds a character other than
    /// ASCII (or `offset` is inside one), so that its ends are counted in
    /// characters. Out of line, to keep [`new`](Self::new) short.
    #[inline(never)]
    fn general(input: &str, offset: usize) -> Excerpt {
        let range = Excerpt::range(input, offset);
        let window = Excerpt::placed(0, input, offset, range.clone());
        let at = Caret::new(window.caret, window.cut_before, window.cut_after);
        Excerpt::held(&input[range], at)
    }

    /// An excerpt whose window is `text`, with its caret `at`: in place
    /// when it fits, else on the heap.
    #[inline(always)]
    fn held(text: &str, at: Caret) -> Excerpt {
        match u8::try_from(text.len()) {
            Ok(len) if text.len() <= Self::INLINE => {
                let mut bytes = [0; Self::INLINE];
                copy_short(text.as_bytes(), &mut bytes);
                Excerpt::Inline { len, at, bytes }
            }
            _ => Excerpt::Heap {
                text: text.into(),
                at,
            },
        }
    }

    /// The text that holds the window, and where the window lies in it.
    fn parts(&self) -> (&str, Window) {
        let (text, at) = match self {
            // A copy of whole characters of a `str`: always UTF-8.
            Excerpt::Inline { len, at, bytes } => (
                core::str::from_utf8(&bytes[..usize::from(*len)]).unwrap_or_default(),
                at,
            ),
            Excerpt::Heap { text, at } => (text.as_str(), at),
        };
        let window = Window {
            start: 0,
            caret: usize::from(at.byte),
            cut_before: at.cut & 1 != 0,
            cut_after: at.cut & 2 != 0,
        };
        (text, window)
    }

    /// The bytes of `input` an excerpt around `offset` shows: a character
    /// starts at every byte that is not a UTF-8 continuation byte.
    #[inline]
    pub(crate) fn range(input: &str, offset: usize) -> core::ops::Range<usize> {
        let bytes = input.as_bytes();
        let offset = floor_char_boundary(input, offset.min(input.len()));
        // Mostly ASCII, where a byte is a character.
        let before = offset.saturating_sub(Self::RADIUS);
        let after = (offset + Self::RADIUS).min(bytes.len());
        if bytes[before..after].is_ascii() {
            return before..after;
        }
        let starts_char = |b: u8| (b as i8) >= -0x40;
        let mut start = offset;
        let mut chars = 0;
        while start > 0 && chars < Self::RADIUS {
            start -= 1;
            chars += usize::from(starts_char(bytes[start]));
        }
        let mut end = offset;
        let mut chars = 0;
        while end < bytes.len() {
            if starts_char(bytes[end]) {
                if chars == Self::RADIUS {
                    break;
                }
                chars += 1;
            }
            end += 1;
        }
        start..end
    }

    /// Appends `range` (from [`range`](Self::range)), the window of
    /// `input` around `offset`, to `text`, and says where it lies.
    #[inline]
    pub(crate) fn window(
        text: &mut String,
        input: &str,
        offset: usize,
        range: core::ops::Range<usize>,
    ) -> Window {
        let window = Excerpt::placed(text.len(), input, offset, range.clone());
        text.push_str(&input[range]);
        window
    }

    /// Where `range` of `input`, the window around `offset`, lies once
    /// it is written at byte `start` of an excerpt's text.
    #[inline(always)]
    fn placed(start: usize, input: &str, offset: usize, range: core::ops::Range<usize>) -> Window {
        let offset = floor_char_boundary(input, offset.min(input.len()));
        Window {
            start,
            caret: start + (offset - range.start),
            cut_before: range.start > 0,
            cut_after: range.end < input.len(),
        }
    }

    /// Writes the two lines that go under an error message, each indented
    /// by two spaces: the excerpt, and a caret under the offset.
    pub(crate) fn write(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (text, window) = self.parts();
        Excerpt::write_window(f, text, window)
    }

    /// [`write`](Self::write) for a window held in `text`.
    pub(crate) fn write_window(
        f: &mut fmt::Formatter<'_>,
        text: &str,
        window: Window,
    ) -> fmt::Result {
        f.write_str("\n  ")?;
        let mut caret = 0;
        if window.cut_before {
            f.write_str(Self::CUT)?;
            caret += Self::CUT.len();
        }
        for c in text[window.start..window.caret].chars() {
            write!(f, "{}", Escaped(c))?;
            caret += Escaped(c).width();
        }
        for c in text[window.caret..].chars() {
            write!(f, "{}", Escaped(c))?;
        }
        if window.cut_after {
            f.write_str(Self::CUT)?;
        }
        write!(f, "\n  {:>width$}", "^", width = caret + 1)
    }
}

/// A [`fmt::Write`] that counts the bytes written to it.
pub(crate) struct Count(pub(crate) usize);

impl fmt::Write for Count {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0 += s.len();
        Ok(())
    }
}

/// A character as an error shows it: itself when it is visible, escaped
/// (`\u{202e}`, `\n`) when it is a control or other invisible character, so
/// that what the message shows is what the input holds.
pub(crate) struct Escaped(pub(crate) char);

impl Escaped {
    /// How many characters it is written as.
    fn width(&self) -> usize {
        match self.0 {
            '"' | '\'' | '\\' => 1,
            c => c.escape_debug().count(),
        }
    }
}

impl Escaped {
    /// Pushes what [`Display`](fmt::Display) writes onto `line`.
    fn push_to(&self, line: &mut Line) {
        match self.0 {
            // Visible ASCII is itself (`escape_debug` would put a backslash
            // before the quotes and the backslash).
            c @ ' '..='~' => line.push_ascii(c as u8),
            c => c.escape_debug().for_each(|c| line.push_char(c)),
        }
    }
}

impl fmt::Display for Escaped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            // `escape_debug` would write these with a backslash.
            c @ ('"' | '\'' | '\\') => fmt::Write::write_char(f, c),
            c => write!(f, "{}", c.escape_debug()),
        }
    }
}

/// Text of the input quoted in an error message, cut short so that the
/// message stays bounded: its first [`Shortened::MAX`] characters, in
/// double quotes and escaped as `{:?}` escapes them, then `...` when there
/// is more.
#[cfg(any(feature = "url", feature = "idna"))]
pub(crate) struct Shortened<'a>(pub(crate) &'a str);

#[cfg(any(feature = "url", feature = "idna"))]
impl Shortened<'_> {
    const MAX: usize = 48;
}

#[cfg(any(feature = "url", feature = "idna"))]
impl fmt::Display for Shortened<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The byte where the character after the first `MAX` starts, if
        // there is one. The text up to there is quoted by `str`'s `Debug`,
        // which leaves `'` as it is (`char::escape_debug` writes `\'`).
        let cut = self.0.char_indices().nth(Self::MAX).map(|(at, _)| at);
        let shown = cut.and_then(|at| self.0.get(..at)).unwrap_or(self.0);
        write!(f, "{shown:?}")?;
        if cut.is_some() {
            f.write_str("...")?;
        }
        Ok(())
    }
}

/// Copies `src`, at most `N` bytes, to the start of `out`: as its two ends,
/// two overlapping copies of the largest fixed width `W` with
/// `W <= len <= 2 * W`, which together cover every byte, or byte by byte
/// below four bytes. An excerpt's window, the one use, is at most
/// `2 * RADIUS` (64) bytes, which the widest copy (32) covers.
#[inline(always)]
fn copy_short<const N: usize>(src: &[u8], out: &mut [u8; N]) {
    let n = src.len().min(N);
    /// Both ends of `src` (`W <= n <= 2 * W` bytes), as two moves of `W`.
    #[inline(always)]
    fn ends<const W: usize>(src: &[u8], out: &mut [u8], n: usize) {
        out[..W].copy_from_slice(&src[..W]);
        out[n - W..n].copy_from_slice(&src[n - W..n]);
    }
    match n {
        32.. => ends::<32>(src, out, n),
        16.. => ends::<16>(src, out, n),
        8.. => ends::<8>(src, out, n),
        4.. => ends::<4>(src, out, n),
        _ => {
            for (to, &from) in out.iter_mut().zip(&src[..n]) {
                *to = from;
            }
        }
    }
}

/// The largest char boundary of `s` at or below `index`.
fn floor_char_boundary(s: &str, mut index: usize) -> usize {
    while !s.is_char_boundary(index) {
        index -= 1;
    }
    index
}

#[cfg(test)]
mod tests {
    use alloc::string::String;

    use super::{copy_short, ErrorKind, Escaped, Excerpt, Line, ParseError, Window};
    use alloc::string::ToString;
    use core::fmt;

    /// The excerpt's text and window as [`Excerpt::window`] writes them
    /// into a text of their own: the range and the place of the caret.
    fn expected(input: &str, offset: usize) -> (String, Window) {
        let mut text = String::new();
        let range = Excerpt::range(input, offset);
        let window = Excerpt::window(&mut text, input, offset, range);
        (text, window)
    }

    /// Whether it is held in place or on the heap, an excerpt gives back
    /// the window of the input around the offset and the caret's place in
    /// it, at every offset of inputs around the inline size, in ASCII and
    /// with characters of two to four bytes.
    #[test]
    fn an_excerpt_holds_its_window_in_place_or_not() {
        let mut inline = 0;
        let mut heap = 0;
        let units = ["a", "\u{e9}", "\u{20ac}", "\u{1f600}", "a\u{e9}b"];
        let dense = units
            .iter()
            .flat_map(|unit| (0..80).map(|n| unit.repeat(n)));
        // ASCII with a character of two bytes now and then: windows of
        // ASCII, and windows with that character at every place in them.
        let sparse = [20, 37, 43, 63, 70].into_iter().flat_map(|gap| {
            let unit = alloc::format!("{}\u{e9}", "a".repeat(gap));
            (1..4).map(move |n| unit.repeat(n) + &"b".repeat(gap))
        });
        for input in dense.chain(sparse) {
            for offset in (0..=input.len()).filter(|&at| input.is_char_boundary(at)) {
                let excerpt = Excerpt::new(&input, offset);
                let (want, want_window) = expected(&input, offset);
                assert_eq!(excerpt.parts(), (want.as_str(), want_window));
                match excerpt {
                    Excerpt::Inline { .. } => inline += 1,
                    Excerpt::Heap { .. } => heap += 1,
                }
            }
        }
        assert!(
            inline > 0 && heap > 0,
            "{inline} in place, {heap} on the heap"
        );
    }

    /// Every length up to the buffer's is copied exactly, and nothing past
    /// it is written, for both buffers it copies into.
    #[test]
    fn copy_short_copies_every_length() {
        fn check<const N: usize>() {
            let src: alloc::vec::Vec<u8> = (1..=70).collect();
            for n in 0..=N {
                let mut out = [0; N];
                copy_short(&src[..n], &mut out);
                assert_eq!(&out[..n], &src[..n]);
                assert!(out[n..].iter().all(|&b| b == 0), "{n} of {N}");
            }
        }
        check::<{ Excerpt::INLINE }>();
        check::<{ 2 * Excerpt::RADIUS }>();
    }

    /// A number is written on the line as `format!` writes it.
    #[test]
    fn a_decimal_is_written_in_place_as_format_writes_it() {
        for n in [0, 7, 9, 10, 99, 100, 4_096, 65_535, 1 << 40, usize::MAX] {
            let mut line = Line::new();
            line.push("at ");
            line.push_decimal(n);
            assert_eq!(line.as_str(), Some(alloc::format!("at {n}").as_str()));
        }
        // A number that does not fit leaves the line unused, as text does.
        let mut line = Line::new();
        line.push(&"x".repeat(Line::CAPACITY - 2));
        line.push_decimal(123);
        assert_eq!(line.as_str(), None);
        let mut line = Line::new();
        line.push(&"x".repeat(Line::CAPACITY - 3));
        line.push_decimal(123);
        assert_eq!(line.as_str().map(str::len), Some(Line::CAPACITY));
    }

    /// A character found is written on the line as its `Display` writes it.
    #[test]
    fn a_character_is_written_on_the_line_as_display_writes_it() {
        for c in (0..=0x7f_u32)
            .chain([0xe9, 0x202e, 0xfeff, 0x10ffff])
            .filter_map(char::from_u32)
        {
            let mut line = Line::new();
            Escaped(c).push_to(&mut line);
            assert_eq!(
                line.as_str(),
                Some(alloc::format!("{}", Escaped(c)).as_str()),
                "{c:?}"
            );
        }
    }

    /// The line assembled on the stack is the one written piece by piece,
    /// for errors of every kind and every character found (escaped ones
    /// too), at offsets of every width; a line too long for the stack
    /// falls back to the pieces.
    #[test]
    fn the_stack_line_is_the_pieces() {
        struct Pieces<'a>(&'a ParseError);
        impl fmt::Display for Pieces<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.write_pieces(f)
            }
        }
        let stray = [
            '"',
            '\'',
            '\\',
            ' ',
            '\n',
            '\u{202e}',
            '\u{e9}',
            '\u{10ffff}',
            '<',
            '%',
        ];
        let mut next = crate::xorshift(0x5eed_1e55);
        let mut checked = 0;
        for _ in 0..3_000 {
            let len = (next() % 40) as usize;
            let mut text: alloc::string::String =
                "http://[::1]/a?b#c".chars().cycle().take(len).collect();
            let at = text
                .char_indices()
                .map(|(i, _)| i)
                .nth((next() % 40) as usize)
                .unwrap_or(text.len());
            text.insert(at, stray[(next() % stray.len() as u64) as usize]);
            if let Err(err) = crate::Uri::parse(text.as_str()) {
                assert_eq!(
                    alloc::format!("{err}"),
                    alloc::format!("{}", Pieces(&err)),
                    "{text:?}"
                );
                checked += 1;
            }
        }
        assert!(checked > 1_000, "{checked}");
        for kind in [
            ErrorKind::PortRange,
            ErrorKind::TooLong,
            ErrorKind::Rule,
            ErrorKind::Grammar,
        ] {
            let err = ParseError::new(kind, "http://a:123456789/", 9, "something");
            assert_eq!(alloc::format!("{err}"), alloc::format!("{}", Pieces(&err)));
        }
        let long = "x".repeat(Line::CAPACITY);
        let err = ParseError::new(ErrorKind::Rule, "ab", 1, long.clone());
        assert_eq!(
            alloc::format!("{err}"),
            alloc::format!("no match for the rule at byte 1: expected {long}, found 'b'")
        );
        assert_eq!(
            ParseError::new(ErrorKind::Path, "a", usize::MAX, "x")
                .to_string()
                .split(' ')
                .nth(4),
            Some("18446744073709551615:")
        );
    }
}
