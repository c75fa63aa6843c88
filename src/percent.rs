//! Percent-decoding (RFC 3986 section 2.1).

use alloc::borrow::Cow;
use alloc::string::{FromUtf8Error, String};
use alloc::vec::Vec;

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
pub fn percent_decode(s: &str) -> Cow<'_, [u8]> {
    let bytes = s.as_bytes();
    let Some(first) = bytes.iter().position(|&b| b == b'%') else {
        return Cow::Borrowed(bytes);
    };
    let mut decoded = Vec::with_capacity(bytes.len());
    decoded.extend_from_slice(&bytes[..first]);
    let mut i = first;
    while i < bytes.len() {
        match (bytes[i], hex(bytes.get(i + 1)), hex(bytes.get(i + 2))) {
            (b'%', Some(high), Some(low)) => {
                decoded.push(high << 4 | low);
                i += 3;
            }
            (byte, _, _) => {
                decoded.push(byte);
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

/// The value of a hexadecimal digit.
fn hex(byte: Option<&u8>) -> Option<u8> {
    let digit = *byte?;
    char::from(digit).to_digit(16).map(|d| d as u8)
}
