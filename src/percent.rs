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
