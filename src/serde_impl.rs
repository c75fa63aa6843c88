//! `Serialize` and `Deserialize` for [`Uri`] and [`Iri`], behind the
//! `serde` feature.

use core::fmt;

use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::ser::{Serialize, Serializer};

use crate::iri::Iri;
use crate::uri::Uri;

impl Serialize for Uri {
    /// Serializes the URI reference as its text.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Uri {
    /// Deserializes a URI reference from a string, parsed with
    /// [`Uri::parse`]; a string that is not a URI reference is an error
    /// with the parse error's message.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let uri: Uri = serde_json::from_str(r#""http://example.com/a""#).unwrap();
    /// assert_eq!(uri.host_str(), Some("example.com"));
    /// let err = serde_json::from_str::<Uri>(r#""http://exa mple.com/""#).unwrap_err();
    /// assert!(err.to_string().starts_with("invalid character at byte 10"));
    /// ```
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Uri, D::Error> {
        deserializer.deserialize_str(UriVisitor)
    }
}

struct UriVisitor;

impl Visitor<'_> for UriVisitor {
    type Value = Uri;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a URI reference (RFC 3986) as a string")
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Uri, E> {
        Uri::parse(text).map_err(E::custom)
    }
}

impl Serialize for Iri {
    /// Serializes the IRI reference as its text.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Iri {
    /// Deserializes an IRI reference from a string, parsed with
    /// [`Iri::parse`]; a string that is not an IRI reference is an error
    /// with the parse error's message.
    ///
    /// ```
    /// use rfc3986::Iri;
    ///
    /// let iri: Iri = serde_json::from_str(r#""http://例え.jp/パス""#).unwrap();
    /// assert_eq!(iri.host_str(), Some("例え.jp"));
    /// assert_eq!(serde_json::to_string(&iri).unwrap(), r#""http://例え.jp/パス""#);
    /// let err = serde_json::from_str::<Iri>(r#""http://例え.jp/a b""#).unwrap_err();
    /// assert!(err.to_string().starts_with("invalid character at byte 18"));
    /// ```
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Iri, D::Error> {
        deserializer.deserialize_str(IriVisitor)
    }
}

struct IriVisitor;

impl Visitor<'_> for IriVisitor {
    type Value = Iri;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an IRI reference (RFC 3987) as a string")
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Iri, E> {
        Iri::parse(text).map_err(E::custom)
    }
}
