//! The mappings between IRIs and URIs: RFC 3987 section 3.1 (IRI to URI)
//! and section 3.2 (URI to IRI), and, with the `idna` feature, the
//! conversion of a host to its IDNA ASCII form that section 3.1 allows.

use alloc::string::String;

use crate::percent::{self, Piece};
use crate::recompose::{map_components, Part};
use crate::reference::{Absolute, Reference, Storage};
use crate::spec::{Rfc3986, Rfc3987};
use crate::syntax::iri_decodes;

impl<S: Storage> Reference<Rfc3987, S> {
    /// The URI this IRI reference maps to (RFC 3987 section 3.1): each
    /// character above ASCII (a `ucschar`, or an `iprivate` in the query)
    /// replaced by the percent-encodings of its UTF-8 octets, in uppercase
    /// hexadecimal (step 2). Nothing else changes: existing
    /// percent-encodings and ASCII characters stay as they are, and an IRI
    /// that is ASCII only is already its URI.
    ///
    /// The IRI is taken as it is, without normalization (step 1, variant
    /// c: an IRI in a Unicode encoding is not normalized).
    ///
    /// ```
    /// use rfc3986::Iri;
    ///
    /// // The examples of section 3.1.
    /// let iri = Iri::parse("http://www.example.org/red%09ros\u{e9}#red")?;
    /// assert_eq!(iri.to_uri(), "http://www.example.org/red%09ros%C3%A9#red");
    /// let iri = Iri::parse("http://example.com/\u{10300}\u{10301}\u{10302}")?;
    /// assert_eq!(iri.to_uri(), "http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[must_use]
    pub fn to_uri(&self) -> Reference<Rfc3986, String> {
        let text = self.as_str();
        let above_ascii = text.bytes().filter(|&b| b >= 0x80).count();
        if above_ascii == 0 {
            // An IRI that is ASCII is a URI, with the same bounds.
            return self.to_owned().with_spec();
        }
        // Each octet above ASCII becomes three characters.
        map_components(self, text.len() + 2 * above_ascii, |out, _, text| {
            push_ascii(out, text);
        })
    }

    /// The URI this IRI reference maps to, as [`to_uri`](Self::to_uri)
    /// gives it, with a registered name converted to its IDNA ASCII form
    /// (`xn--...`) instead of percent-encoded: the conversion that RFC 3987
    /// section 3.1 allows "for schemes known to use domain names in
    /// ireg-name", for callers that will look the name up in DNS.
    ///
    /// The registered name's percent-encodings are decoded as UTF-8 first;
    /// then the `idna` crate's UTS #46 `ToASCII` runs with
    /// `UseSTD3ASCIIRules` (section 3.1 asks for RFC 3490's `ToASCII`,
    /// which UTS #46 supersedes). Like UTS #46, it maps the name (case
    /// folding, NFC), so an ASCII name comes back lowercased. Other hosts
    /// (IP literals, IPv4 addresses) and every other component are as
    /// [`to_uri`](Self::to_uri) writes them.
    ///
    /// # Errors
    ///
    /// [`IdnaError`] when the registered name's encodings are not UTF-8 or
    /// the name is not a valid internationalized domain name.
    ///
    /// ```
    /// use rfc3986::Iri;
    ///
    /// // The example of section 3.1.
    /// let iri = Iri::parse("http://r\u{e9}sum\u{e9}.example.org")?;
    /// assert_eq!(iri.to_uri_idna()?, "http://xn--rsum-bpad.example.org");
    /// assert_eq!(iri.to_uri(), "http://r%C3%A9sum%C3%A9.example.org");
    /// assert!(Iri::parse("http://a_b.example")?.to_uri_idna().is_err());
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[cfg(feature = "idna")]
    pub fn to_uri_idna(&self) -> Result<Reference<Rfc3986, String>, IdnaError> {
        let Some(crate::Host::RegName(name)) = self.host() else {
            return Ok(self.to_uri());
        };
        let error = || IdnaError {
            host: String::from(name),
        };
        // A parsed component has no `%` that starts no encoding.
        let decoded = crate::percent::percent_decode_lenient(name);
        let ascii =
            idna::domain_to_ascii_cow(&decoded, idna::AsciiDenyList::STD3).map_err(|_| error())?;
        // STD3 rules leave letters, digits, "-" and ".": a reg-name.
        if !ascii.bytes().all(|b| crate::chars::reg_name.has_byte(b)) {
            return Err(error());
        }
        let text = self.as_str();
        let above_ascii = text.bytes().filter(|&b| b >= 0x80).count();
        let capacity = text.len() + 2 * above_ascii + ascii.len();
        Ok(map_components(self, capacity, |out, part, text| {
            if part == Part::Host {
                out.push_str(&ascii);
            } else {
                push_ascii(out, text);
            }
        }))
    }
}

/// Appends `text` with each octet above ASCII percent-encoded (RFC 3987
/// section 3.1, steps 2.1 to 2.3).
fn push_ascii(out: &mut String, text: &str) {
    let mut copied = 0;
    for (at, &byte) in text.as_bytes().iter().enumerate() {
        if byte >= 0x80 {
            // What lies between two octets above ASCII is ASCII (or
            // nothing: `get` is `None` inside a character).
            out.push_str(text.get(copied..at).unwrap_or(""));
            percent::push_octet(out, byte);
            copied = at + 1;
        }
    }
    out.push_str(&text[copied..]);
}

impl<S: Storage> Reference<Rfc3986, S> {
    /// The IRI this URI reference converts to (RFC 3987 section 3.2):
    /// percent-encoded octets that form the UTF-8 of a character allowed
    /// where they stand are decoded.
    ///
    /// The steps of section 3.2, in one pass over each component:
    ///
    /// 1. The URI is read as US-ASCII.
    /// 2. Each percent-encoding is decoded, except those of `%`, of
    ///    `reserved` characters and of US-ASCII characters not allowed in
    ///    URIs: so encodings of unreserved characters are decoded too
    ///    (`%7E` becomes `~`), and encodings of delimiters stay as they
    ///    are written (`%2f` stays `%2f`).
    /// 3. An octet that is not part of strictly legal UTF-8 (`%FC`; the
    ///    overlong `%C0%AF` of section 8) is encoded again.
    /// 4. So is every octet of a character "not appropriate" where it
    ///    stands (sections 2.2 and 4.1): a character that is neither a
    ///    `ucschar` nor (in the query) an `iprivate`, such as U+FFFF, and
    ///    the bidirectional formatting characters of section 4.1.
    /// 5. The octets are read as UTF-8.
    ///
    /// Octets encoded again are written in uppercase, as the section's
    /// third example shows (`%e2%80%ae` becomes `%E2%80%AE`). Section 6.1's
    /// further limitations (look-alike characters) are left to the caller:
    /// the section itself says generic software "cannot and should not
    /// check for such limitations". Punycode labels (`xn--`) are not
    /// converted.
    ///
    /// The result maps back to this URI with [`to_uri`](crate::Reference::to_uri), except for
    /// the case of percent-encodings and for encoded unreserved
    /// characters, as section 3.2 says.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// // The examples of section 3.2.1.
    /// let uri = Uri::parse("http://www.example.org/D%C3%BCrst")?;
    /// assert_eq!(uri.to_iri(), "http://www.example.org/D\u{fc}rst");
    /// let uri = Uri::parse("http://www.example.org/D%FCrst")?;
    /// assert_eq!(uri.to_iri(), "http://www.example.org/D%FCrst");
    /// let uri = Uri::parse("http://xn--99zt52a.example.org/%e2%80%ae")?;
    /// assert_eq!(uri.to_iri(), "http://xn--99zt52a.example.org/%E2%80%AE");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[must_use]
    pub fn to_iri(&self) -> Reference<Rfc3987, String> {
        let text = self.as_str();
        if !text.contains('%') {
            // Every URI is an IRI (section 3.1), with the same bounds.
            return self.to_owned().with_spec();
        }
        // Decoding never lengthens: n encoded octets are 3n characters,
        // and their character at most n bytes.
        map_components(self, text.len(), |out, part, text| {
            let in_query = part == Part::Query;
            push_iri_decoded(out, text, in_query);
        })
    }
}

impl<S: Storage> Absolute<Rfc3987, S> {
    /// [`to_uri`](Reference::to_uri), which keeps an absolute IRI absolute:
    /// the mapping changes no component's presence.
    ///
    /// ```
    /// use rfc3986::{AbsoluteIri, AbsoluteUri};
    ///
    /// let iri = AbsoluteIri::parse("http://example.com/r\u{e9}sum\u{e9}")?;
    /// let uri: AbsoluteUri = iri.to_uri();
    /// assert_eq!(uri, "http://example.com/r%C3%A9sum%C3%A9");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[must_use]
    pub fn to_uri(&self) -> Absolute<Rfc3986, String> {
        Absolute::new_unchecked(self.as_reference().to_uri())
    }
}

impl<S: Storage> Absolute<Rfc3986, S> {
    /// [`to_iri`](Reference::to_iri), which keeps an absolute URI absolute.
    ///
    /// ```
    /// use rfc3986::{AbsoluteIri, AbsoluteUri};
    ///
    /// let uri = AbsoluteUri::parse("http://example.com/r%C3%A9sum%C3%A9")?;
    /// let iri: AbsoluteIri = uri.to_iri();
    /// assert_eq!(iri, "http://example.com/r\u{e9}sum\u{e9}");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[must_use]
    pub fn to_iri(&self) -> Absolute<Rfc3987, String> {
        Absolute::new_unchecked(self.as_reference().to_iri())
    }
}

/// Appends `text` with the percent-encodings that section 3.2 decodes
/// decoded; octets that step 2 leaves (ASCII) as written, and octets that
/// steps 3 and 4 encode again in uppercase.
fn push_iri_decoded(out: &mut String, text: &str, in_query: bool) {
    for piece in percent::pieces(text, |c| iri_converts(c, in_query)) {
        match piece {
            Piece::Text(text) => out.push_str(text),
            Piece::Decoded(c) => out.push(c),
            Piece::Kept(written, octet) if octet < 0x80 => out.push_str(written),
            Piece::Kept(_, octet) => percent::push_octet(out, octet),
        }
    }
}

/// Whether section 3.2 decodes a percent-encoded `c` (in the query when
/// `in_query`): every character legal where it stands that is not a
/// delimiter (steps 2 to 4), which is what normalization decodes
/// ([`iri_decodes`]) and, in the query only, `iprivate`.
fn iri_converts(c: char, in_query: bool) -> bool {
    iri_decodes(c) || (in_query && crate::chars::iri::iprivate.contains(c))
}

/// The error of [`Iri::to_uri_idna`](crate::Reference::to_uri_idna): the registered name is not a valid
/// internationalized domain name.
///
/// ```
/// use rfc3986::Iri;
///
/// let err = Iri::parse("http://a_b.example/")?.to_uri_idna().unwrap_err();
/// assert_eq!(err.host(), "a_b.example");
/// assert_eq!(
///     err.to_string(),
///     "the host \"a_b.example\" is not a valid internationalized domain name (IDNA ToASCII failed)"
/// );
/// # Ok::<(), rfc3986::Error>(())
/// ```
///
/// The message, and `Debug`, show at most 48 characters of the host, then
/// `...`: [`host`](Self::host) gives all of it.
#[cfg(feature = "idna")]
#[derive(Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "the host {} is not a valid internationalized domain name (IDNA ToASCII failed)",
    crate::error::Shortened(.host)
)]
pub struct IdnaError {
    host: String,
}

#[cfg(feature = "idna")]
impl core::fmt::Debug for IdnaError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("IdnaError")
            .field(
                "host",
                &format_args!("{}", crate::error::Shortened(&self.host)),
            )
            .finish()
    }
}

#[cfg(feature = "idna")]
impl IdnaError {
    /// The registered name, as written in the IRI.
    pub fn host(&self) -> &str {
        &self.host
    }
}
