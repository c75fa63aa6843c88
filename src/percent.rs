//! Percent-encoding (RFC 3986 section 2.1): the one place that reads and
//! writes `pct-encoded = "%" HEXDIG HEXDIG`.

use alloc::borrow::Cow;
use alloc::string::{FromUtf8Error, String};
use alloc::vec::Vec;

use crate::chars::{self, CharClass};

/// Uppercase hexadecimal digits: section 2.1 asks producers for uppercase.
const HEX_UPPER: &[u8; 16] = b"0123456789ABCDEF";

/// The value of a `HEXDIG`.
pub(crate) fn hex_value(byte: u8) -> Option<u8> {
    if !chars::HEXDIG.has_byte(byte) {
        return None;
    }
    char::from(byte).to_digit(16).map(|d| d as u8)
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

/// Appends `text` with every character that `keep` does not hold (and
/// `%`, which no component holds unencoded) percent-encoded: each octet of
/// its UTF-8, in uppercase hexadecimal.
pub(crate) fn push_encoded(out: &mut String, text: &str, keep: &CharClass) {
    for c in text.chars() {
        if c != '%' && keep.contains(c) {
            out.push(c);
        } else {
            let mut utf8 = [0; 4];
            for &octet in c.encode_utf8(&mut utf8).as_bytes() {
                push_octet(out, octet);
            }
        }
    }
}

/// Decodes the percent-encodings of a component: each `%` followed by two
/// hexadecimal digits becomes the octet they encode.
///
/// The result borrows `s` when it holds no `%`. A `%` not followed by two
/// hexadecimal digits is kept as it is; components of a parsed
/// [`Uri`](crate::Uri) never contain one.
///
/// Decode a component, not a whole URI: decoding turns `%2F` into `/` and
/// `%3F` into `?`, which would then read as delimiters (section 2.4).
///
/// ```
/// use std::borrow::Cow;
/// use rfc3986::percent_decode;
///
/// assert_eq!(percent_decode("a%20b%2Fc"), &b"a b/c"[..]);
/// assert!(matches!(percent_decode("plain"), Cow::Borrowed(_)));
/// assert_eq!(percent_decode("%ff"), &[0xff][..]);
/// ```
#[must_use]
pub fn percent_decode(s: &str) -> Cow<'_, [u8]> {
    let bytes = s.as_bytes();
    let Some(first) = bytes.iter().position(|&b| b == b'%') else {
        return Cow::Borrowed(bytes);
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
                decoded.push(bytes[i]);
                i += 1;
            }
        }
    }
    Cow::Owned(decoded)
}

/// Decodes the percent-encodings of a component, as [`percent_decode`]
/// does, and reads the octets as UTF-8 (which section 2.5 recommends for
/// new schemes).
///
/// # Errors
///
/// The decoded octets are not UTF-8 (`%FF`, say).
///
/// ```
/// use rfc3986::percent_decode_utf8;
///
/// assert_eq!(percent_decode_utf8("caf%C3%A9")?, "café");
/// assert!(percent_decode_utf8("%FF").is_err());
/// # Ok::<(), std::string::FromUtf8Error>(())
/// ```
pub fn percent_decode_utf8(s: &str) -> Result<Cow<'_, str>, FromUtf8Error> {
    match percent_decode(s) {
        // Borrowed means nothing was decoded: it is `s` itself.
        Cow::Borrowed(_) => Ok(Cow::Borrowed(s)),
        Cow::Owned(bytes) => String::from_utf8(bytes).map(Cow::Owned),
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
