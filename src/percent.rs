//! Percent-encoding (RFC 3986 section 2.1): the one place that reads and
//! writes `pct-encoded = "%" HEXDIG HEXDIG`, and which characters each
//! component takes as they are.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use crate::chars::{self, CharClass};
use crate::component::Component;

/// Uppercase hexadecimal digits: section 2.1 asks producers for uppercase.
const HEX_UPPER: &[u8; 16] = b"0123456789ABCDEF";

/// The value of a `HEXDIG`.
pub(crate) fn hex_value(byte: u8) -> Option<u8> {
    if !chars::HEXDIG.has_byte(byte) {
        return None;
    }
    // A decimal digit, or a letter from a to f in either case.
    Some(if byte <= b'9' {
        byte - b'0'
    } else {
        (byte | 0x20) - b'a' + 10
    })
}

/// The octet that the `pct-encoded` at `bytes[at..]` encodes, if one
/// starts there.
pub(crate) fn octet_at(bytes: &[u8], at: usize) -> Option<u8> {
    if bytes.get(at) != Some(&b'%') {
        return None;
    }
    Some(hex_value(*bytes.get(at + 1)?)? << 4 | hex_value(*bytes.get(at + 2)?)?)
}

/// Appends the `pct-encoded` of `octet`, in uppercase.
pub(crate) fn push_octet(out: &mut String, octet: u8) {
    out.push('%');
    out.push(char::from(HEX_UPPER[usize::from(octet >> 4)]));
    out.push(char::from(HEX_UPPER[usize::from(octet & 0xf)]));
}

/// The `/` between the segments of a path.
const SLASH: CharClass = CharClass::new(1 << b'/', &[]);

/// A path: its segments and the `/` between them (`path-abempty = *( "/"
/// segment )`, and the other path rules, take no other character).
const PATH: CharClass = chars::segment.with(&SLASH);

/// A name or value of a query pair: a query character but the pair
/// delimiters `&` and `=`, and `+`, which form decoding reads as a space.
pub(crate) const QUERY_PAIR: CharClass = chars::query.without(QUERY_PAIR_DELIMITERS);

/// What a query pair encodes although its query takes it: the pair
/// delimiters `&` and `=`, and `+`, which form decoding reads as a space.
pub(crate) const QUERY_PAIR_DELIMITERS: &[u8] = b"&=+";

/// What the WHATWG `application/x-www-form-urlencoded` serializer encodes
/// of what a query pair takes: every sub-delim but `*`, the gen-delims a
/// query takes (`:`, `@`, `/`, `?`) and `~` (its percent-encode set
/// leaves only ASCII alphanumerics, `*`, `-`, `.` and `_`).
pub(crate) const FORM_ENCODED: &[u8] = b"!$'(),;:@/?~";

/// A name or value of a form-encoded pair: what a query pair takes, but
/// what the WHATWG serializer encodes. A subset of `query`, so that the
/// text is a query whatever the serializer leaves as it is.
pub(crate) const FORM_PAIR: CharClass = QUERY_PAIR.without(FORM_ENCODED);

/// No character: the scheme and the port have no percent-encoding.
const NONE: CharClass = CharClass::new(0, &[]);

/// The characters that `component` takes as they are, from the grammar's
/// tables: everything else is percent-encoded for it.
pub(crate) fn unencoded(component: Component) -> &'static CharClass {
    match component {
        Component::Userinfo => &chars::userinfo,
        Component::Host => &chars::reg_name,
        Component::Path => &PATH,
        Component::PathSegment => &chars::segment,
        Component::Query => &chars::query,
        Component::QueryPair => &QUERY_PAIR,
        Component::Fragment => &chars::fragment,
        Component::Scheme | Component::Port => &NONE,
    }
}

/// Percent-encodes `text` for `component`: every character that the
/// component's rule of RFC 3986 does not take as it is, `%` included,
/// becomes the `pct-encoded` of each octet of its UTF-8, in uppercase
/// hexadecimal (section 2.1). The result borrows `text` when nothing needs
/// encoding.
///
/// Each component leaves these characters as they are (the unreserved
/// characters are `A`-`Z`, `a`-`z`, `0`-`9`, `-`, `.`, `_`, `~`; the
/// sub-delims `!$&'()*+,;=`), and encodes every other one:
///
/// | component | left as it is | its rule |
/// |---|---|---|
/// | [`Userinfo`](Component::Userinfo) | unreserved, sub-delims, `:` | `userinfo` |
/// | [`Host`](Component::Host) | unreserved, sub-delims | `reg-name` |
/// | [`Path`](Component::Path) | unreserved, sub-delims, `:`, `@`, `/` | `path-abempty` |
/// | [`PathSegment`](Component::PathSegment) | unreserved, sub-delims, `:`, `@` | `segment` |
/// | [`Query`](Component::Query) | unreserved, sub-delims, `:`, `@`, `/`, `?` | `query` |
/// | [`QueryPair`](Component::QueryPair) | as `Query`, but not `&`, `=`, `+` | `query` |
/// | [`Fragment`](Component::Fragment) | unreserved, sub-delims, `:`, `@`, `/`, `?` | `fragment` |
/// | [`Scheme`](Component::Scheme), [`Port`](Component::Port) | nothing | |
///
/// The sets are the grammar's own (the build script derives them from
/// `uri.pest`). A host encoded this way is a registered name: an IP
/// address goes in as it is (`UriBuilder::host_ip`). A path keeps its `/`,
/// so it must already be split where it should be; encode each segment
/// with `PathSegment` to keep a `/` inside one. `QueryPair` encodes the
/// pair delimiters `&` and `=`, and `+`, which HTML form decoding reads as
/// a space, so that [`Uri::query_pairs`](crate::Uri::query_pairs) and form
/// decoders both read the text back.
///
/// The scheme and the port have no percent-encoding (sections 3.1 and
/// 3.2.3): for them every octet is encoded, so that text meant for one is
/// never taken as one unchecked (the builder rejects it at its first `%`).
///
/// ```
/// use std::borrow::Cow;
/// use rfc3986::{percent_encode, Component};
///
/// assert_eq!(percent_encode("a b/c?d", Component::PathSegment), "a%20b%2Fc%3Fd");
/// assert_eq!(percent_encode("a b/c?d", Component::Path), "a%20b/c%3Fd");
/// assert_eq!(percent_encode("a b/c?d", Component::Query), "a%20b/c?d");
/// assert_eq!(percent_encode("1+1=2&x", Component::QueryPair), "1%2B1%3D2%26x");
/// assert_eq!(percent_encode("jo@home:pw", Component::Userinfo), "jo%40home:pw");
/// assert_eq!(percent_encode("bücher.example", Component::Host), "b%C3%BCcher.example");
/// assert_eq!(percent_encode("100%", Component::Fragment), "100%25");
/// assert!(matches!(percent_encode("plain", Component::Query), Cow::Borrowed("plain")));
/// assert_eq!(percent_encode("80", Component::Port), "%38%30");
/// ```
#[must_use]
pub fn percent_encode(text: &str, component: Component) -> Cow<'_, str> {
    encode(text, unencoded(component))
}

/// Percent-encodes octets for `component`, as [`percent_encode`] does
/// text: an octet that is an ASCII character the component takes stays as
/// it is, every other one (any octet above 0x7F included) becomes its
/// `pct-encoded`. For octets that are not UTF-8 (`%FF`), or text in another
/// charset. The result borrows `bytes` when nothing needs encoding.
///
/// ```
/// use rfc3986::{percent_decode, percent_encode_bytes, Component};
///
/// let encoded = percent_encode_bytes(b"caf\xe9 au lait", Component::PathSegment);
/// assert_eq!(encoded, "caf%E9%20au%20lait");
/// assert_eq!(percent_decode(&encoded)?, &b"caf\xe9 au lait"[..]);
/// assert_eq!(percent_encode_bytes("café".as_bytes(), Component::Query), "caf%C3%A9");
/// # Ok::<(), rfc3986::DecodeError>(())
/// ```
#[must_use]
pub fn percent_encode_bytes(bytes: &[u8], component: Component) -> Cow<'_, str> {
    let keep = unencoded(component);
    // `has_byte` holds no octet above 0x7F.
    let kept = |b: u8| b != b'%' && keep.has_byte(b);
    let first = bytes.iter().position(|&b| !kept(b)).unwrap_or(bytes.len());
    // The octets before `first` are ASCII.
    let prefix = core::str::from_utf8(&bytes[..first]).unwrap_or_default();
    if first == bytes.len() {
        return Cow::Borrowed(prefix);
    }
    let mut out = String::with_capacity(bytes.len() + 2 * (bytes.len() - first));
    out.push_str(prefix);
    for &b in &bytes[first..] {
        if kept(b) {
            out.push(char::from(b));
        } else {
            push_octet(&mut out, b);
        }
    }
    Cow::Owned(out)
}

/// `text` with every character that `keep` does not hold percent-encoded,
/// as [`push_encoded`] writes it; borrowed when there is none.
pub(crate) fn encode<'a>(text: &'a str, keep: &CharClass) -> Cow<'a, str> {
    match text.find(|c| c == '%' || !keep.contains(c)) {
        None => Cow::Borrowed(text),
        Some(first) => {
            let mut out = String::with_capacity(text.len() + 8);
            out.push_str(&text[..first]);
            push_encoded(&mut out, &text[first..], keep);
            Cow::Owned(out)
        }
    }
}

/// Appends `text` with every character that `keep` does not hold (and
/// `%`, which no component holds unencoded) percent-encoded: each octet of
/// its UTF-8, in uppercase hexadecimal.
pub(crate) fn push_encoded(out: &mut String, text: &str, keep: &CharClass) {
    push_encoded_with(out, text, keep, false);
}

/// Appends `text` as [`push_encoded`] does, but for a space, which is
/// `+`: the `application/x-www-form-urlencoded` serializer of the WHATWG
/// URL standard, with `keep` for its percent-encode set.
pub(crate) fn push_form_encoded(out: &mut String, text: &str, keep: &CharClass) {
    push_encoded_with(out, text, keep, true);
}

/// [`push_encoded`], and with `space_as_plus` a space written `+`.
fn push_encoded_with(out: &mut String, text: &str, keep: &CharClass, space_as_plus: bool) {
    for c in text.chars() {
        if c != '%' && keep.contains(c) {
            out.push(c);
        } else if c == ' ' && space_as_plus {
            out.push('+');
        } else {
            let mut utf8 = [0; 4];
            for &octet in c.encode_utf8(&mut utf8).as_bytes() {
                push_octet(out, octet);
            }
        }
    }
}

/// Why percent-decoding failed: [`percent_decode`] and
/// [`percent_decode_utf8`]. Each variant holds the byte offset in the
/// *encoded* text where the problem starts.
///
/// `Display` gives one line, of a bounded length whatever the input.
///
/// ```
/// use rfc3986::{percent_decode_utf8, DecodeError};
///
/// let err = percent_decode_utf8("a%20b%ZZ%").unwrap_err();
/// assert_eq!(err, DecodeError::PercentEncoding { offset: 6 });
/// assert_eq!(err.offset(), 6);
/// assert_eq!(err.to_string(), "invalid percent-encoding at byte 6: expected HEXDIG");
///
/// let err = percent_decode_utf8("caf%C3%A9%FF").unwrap_err();
/// assert_eq!(err, DecodeError::Utf8 { offset: 9 });
/// assert_eq!(err.to_string(), "the percent-decoded octets are not UTF-8 from byte 9");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum DecodeError {
    /// A `%` that is not followed by two hexadecimal digits (RFC 3986
    /// section 2.1): `%ZZ`, `%4`, a `%` at the end. `offset` is the first
    /// byte after it that is not a HEXDIG, or the end of the text, as a
    /// [`ParseError`](crate::ParseError) names the first byte no valid
    /// text takes.
    #[error("invalid percent-encoding at byte {offset}: expected HEXDIG")]
    PercentEncoding {
        /// The byte offset of the first byte after the `%` that is not a
        /// HEXDIG (the length of the text where it ends first).
        offset: usize,
    },
    /// The decoded octets are not UTF-8: the octet that starts the first
    /// invalid sequence is written at byte `offset` (the `%` of its
    /// encoding, or the character itself).
    #[error("the percent-decoded octets are not UTF-8 from byte {offset}")]
    Utf8 {
        /// The byte offset, in the encoded text, of the first octet of the
        /// first sequence that is not UTF-8.
        offset: usize,
    },
}

impl DecodeError {
    /// The byte offset in the encoded text where the problem starts.
    ///
    /// ```
    /// use rfc3986::percent_decode;
    ///
    /// assert_eq!(percent_decode("ab%4").unwrap_err().offset(), 4);
    /// ```
    pub fn offset(&self) -> usize {
        match *self {
            DecodeError::PercentEncoding { offset } | DecodeError::Utf8 { offset } => offset,
        }
    }
}

/// Decodes the percent-encodings of a component, strictly: each `%`
/// followed by two hexadecimal digits (in either case) becomes the octet
/// they encode, and a `%` that is not is an error. The result borrows `s`
/// when it holds no `%`.
///
/// Decode a component, not a whole URI: decoding turns `%2F` into `/` and
/// `%3F` into `?`, which would then read as delimiters (section 2.4).
/// Components of a parsed [`Uri`](crate::Uri) always decode.
///
/// # Errors
///
/// [`DecodeError::PercentEncoding`] after the first `%` that does not
/// start a `pct-encoded`, at the first byte that is not one of its two
/// HEXDIGs. [`percent_decode_lenient`] keeps such a `%` instead.
///
/// ```
/// use std::borrow::Cow;
/// use rfc3986::{percent_decode, DecodeError};
///
/// assert_eq!(percent_decode("a%20b%2Fc")?, &b"a b/c"[..]);
/// assert!(matches!(percent_decode("plain")?, Cow::Borrowed(_)));
/// assert_eq!(percent_decode("%ff")?, &[0xff][..]);
/// assert_eq!(percent_decode("100%").unwrap_err(), DecodeError::PercentEncoding { offset: 4 });
/// assert_eq!(percent_decode("%4g").unwrap_err(), DecodeError::PercentEncoding { offset: 2 });
/// # Ok::<(), DecodeError>(())
/// ```
pub fn percent_decode(s: &str) -> Result<Cow<'_, [u8]>, DecodeError> {
    decode(s, |at| {
        let hexdigs = s.as_bytes()[at + 1..]
            .iter()
            .take(2)
            .take_while(|&&b| hex_value(b).is_some())
            .count();
        Err(DecodeError::PercentEncoding {
            offset: at + 1 + hexdigs,
        })
    })
}

/// Decodes the percent-encodings of text that may hold a `%` that starts
/// no encoding, leniently: such a `%` is kept as it is (`100%` decodes to
/// `100%`, `%ZZ` to `%ZZ`), where [`percent_decode`] reports it. For text
/// that is not known to be percent-encoded correctly and is to be decoded
/// whatever it holds, as browsers decode form data; it never fails. The
/// result borrows `s` when it holds no `%`.
///
/// ```
/// use rfc3986::percent_decode_lenient;
///
/// assert_eq!(percent_decode_lenient("a%20b%ZZ%"), &b"a b%ZZ%"[..]);
/// assert_eq!(percent_decode_lenient("%%41"), &b"%A"[..]);
/// ```
#[must_use]
pub fn percent_decode_lenient(s: &str) -> Cow<'_, [u8]> {
    match decode(s, |_| Ok::<(), core::convert::Infallible>(())) {
        Ok(decoded) => decoded,
        Err(never) => match never {},
    }
}

/// The one decoder: each `pct-encoded` of `s` becomes its octet; at a `%`
/// that starts none, `stray` (given its offset) says whether to keep it
/// as it is or to fail.
fn decode<E>(s: &str, stray: impl Fn(usize) -> Result<(), E>) -> Result<Cow<'_, [u8]>, E> {
    let bytes = s.as_bytes();
    let Some(first) = bytes.iter().position(|&b| b == b'%') else {
        return Ok(Cow::Borrowed(bytes));
    };
    let mut decoded = Vec::with_capacity(bytes.len());
    decoded.extend_from_slice(&bytes[..first]);
    let mut i = first;
    while i < bytes.len() {
        match octet_at(bytes, i) {
            Some(octet) => {
                decoded.push(octet);
                i += 3;
            }
            None => {
                if bytes[i] == b'%' {
                    stray(i)?;
                }
                decoded.push(bytes[i]);
                i += 1;
            }
        }
    }
    Ok(Cow::Owned(decoded))
}

/// Decodes the percent-encodings of a component, strictly, as
/// [`percent_decode`] does, and reads the octets as UTF-8 (which section
/// 2.5 recommends for new schemes).
///
/// # Errors
///
/// - [`DecodeError::PercentEncoding`] after the first `%` that is not
///   followed by two hexadecimal digits, at the first byte that is not
///   one (`a%20b%ZZ%` fails at byte 6);
/// - [`DecodeError::Utf8`] when the decoded octets are not UTF-8 (`%FF`),
///   at the byte where the first invalid sequence is written.
///
/// ```
/// use rfc3986::{percent_decode_utf8, DecodeError};
///
/// assert_eq!(percent_decode_utf8("caf%C3%A9")?, "café");
/// assert_eq!(percent_decode_utf8("a%20b%ZZ%").unwrap_err(), DecodeError::PercentEncoding { offset: 6 });
/// assert_eq!(percent_decode_utf8("ab%FF").unwrap_err(), DecodeError::Utf8 { offset: 2 });
/// # Ok::<(), DecodeError>(())
/// ```
pub fn percent_decode_utf8(s: &str) -> Result<Cow<'_, str>, DecodeError> {
    match percent_decode(s)? {
        // Borrowed means nothing was decoded: it is `s` itself.
        Cow::Borrowed(_) => Ok(Cow::Borrowed(s)),
        Cow::Owned(bytes) => {
            String::from_utf8(bytes)
                .map(Cow::Owned)
                .map_err(|error| DecodeError::Utf8 {
                    offset: encoded_offset(s, error.utf8_error().valid_up_to()),
                })
        }
    }
}

/// The byte of `s` where its `decoded`-th decoded octet is written (`s`
/// decodes strictly).
pub(crate) fn encoded_offset(s: &str, decoded: usize) -> usize {
    let bytes = s.as_bytes();
    let mut at = 0;
    for _ in 0..decoded {
        at += if octet_at(bytes, at).is_some() { 3 } else { 1 };
    }
    at
}

/// Whether `encoded`, percent-decoded as [`percent_decode`] decodes it,
/// is exactly the octets `decoded`: compared octet by octet as it is
/// decoded, without allocating. `%71` and `q` are the same octet; `%FF`
/// is the octet 0xFF, never the UTF-8 of U+FFFD.
pub(crate) fn decodes_to(encoded: &str, decoded: &[u8]) -> bool {
    octets(encoded, false).eq(decoded.iter().copied())
}

/// The octets `encoded` decodes to, one at a time, without allocating:
/// each `pct-encoded` is the octet it encodes, every other byte itself
/// (a `%` that starts no encoding too, as [`percent_decode_lenient`]
/// keeps it), but `+`, which is a space where `plus_is_space` (the form
/// decoding of a query's pairs).
pub(crate) fn octets(encoded: &str, plus_is_space: bool) -> impl Iterator<Item = u8> + '_ {
    let bytes = encoded.as_bytes();
    let mut at = 0;
    core::iter::from_fn(move || {
        let &byte = bytes.get(at)?;
        if let Some(octet) = octet_at(bytes, at) {
            at += 3;
            return Some(octet);
        }
        at += 1;
        Some(if byte == b'+' && plus_is_space {
            b' '
        } else {
            byte
        })
    })
}

/// `s` decoded as the `application/x-www-form-urlencoded` parser of the
/// WHATWG URL standard decodes a name or value: `+` is a space, then each
/// `pct-encoded` its octet (so `%2B` is a `+`), a `%` that starts none
/// kept. Borrows `s` when it holds neither `%` nor `+`.
pub(crate) fn form_decode(s: &str) -> Cow<'_, [u8]> {
    if s.bytes().any(|b| b == b'%' || b == b'+') {
        Cow::Owned(octets(s, true).collect())
    } else {
        Cow::Borrowed(s.as_bytes())
    }
}

/// A piece of a component's text, read for its percent-encodings by
/// [`pieces`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Piece<'a> {
    /// Text without a percent-encoding.
    Text(&'a str),
    /// Percent-encoded octets (one, or the UTF-8 of one character) that
    /// stand for a character the caller decodes.
    Decoded(char),
    /// One percent-encoded octet that stays encoded: its three characters
    /// as written, and its value.
    Kept(&'a str, u8),
}

/// The pieces of `s`: each run of percent-encoded octets that is the
/// strictly legal UTF-8 of a character for which `decodes` holds is that
/// character ([`Piece::Decoded`]); every other encoded octet is kept
/// ([`Piece::Kept`]), one by one. RFC 3987 section 3.2, steps 2 to 4: an
/// octet that is not part of strictly legal UTF-8 (an overlong form such as
/// `%C0%AF`, a surrogate, a lone continuation byte) or that encodes a
/// character not allowed there stays encoded.
pub(crate) fn pieces<'a>(
    s: &'a str,
    decodes: impl Fn(char) -> bool,
) -> Pieces<'a, impl Fn(char) -> bool> {
    Pieces { s, at: 0, decodes }
}

/// The iterator of [`pieces`].
pub(crate) struct Pieces<'a, F> {
    s: &'a str,
    at: usize,
    decodes: F,
}

impl<'a, F: Fn(char) -> bool> Iterator for Pieces<'a, F> {
    type Item = Piece<'a>;

    fn next(&mut self) -> Option<Piece<'a>> {
        let bytes = self.s.as_bytes();
        let at = self.at;
        if at >= bytes.len() {
            return None;
        }
        let Some(lead) = octet_at(bytes, at) else {
            // Text up to the next encoding (a `%` that does not start one
            // is text: a parsed component has none).
            let end = bytes[at + 1..]
                .iter()
                .position(|&b| b == b'%')
                .map_or(bytes.len(), |i| at + 1 + i);
            self.at = end;
            return Some(Piece::Text(&self.s[at..end]));
        };
        if lead < 0x80 {
            // An ASCII character, the common case: no sequence to read.
            let c = char::from(lead);
            self.at = at + 3;
            return Some(if (self.decodes)(c) {
                Piece::Decoded(c)
            } else {
                Piece::Kept(&self.s[at..at + 3], lead)
            });
        }
        // The length of the UTF-8 sequence `lead` starts, if it starts one.
        let len = match lead {
            0x00..=0x7f => 1,
            0xc2..=0xdf => 2,
            0xe0..=0xef => 3,
            0xf0..=0xf4 => 4,
            _ => 0,
        };
        let mut utf8 = [lead, 0, 0, 0];
        let complete = len > 0
            && (1..len).all(|i| match octet_at(bytes, at + 3 * i) {
                Some(octet) => {
                    utf8[i] = octet;
                    true
                }
                None => false,
            });
        let decoded = complete
            .then(|| core::str::from_utf8(&utf8[..len]).ok())
            .flatten()
            .and_then(|text| text.chars().next())
            .filter(|&c| (self.decodes)(c));
        match decoded {
            Some(c) => {
                self.at = at + 3 * len;
                Some(Piece::Decoded(c))
            }
            None => {
                self.at = at + 3;
                Some(Piece::Kept(&self.s[at..at + 3], lead))
            }
        }
    }
}
