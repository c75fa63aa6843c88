//! `Serialize` and `Deserialize` behind the `serde` feature, for [`Uri`],
//! [`AbsoluteUri`], [`Iri`] and the scheme types: each as its text, parsed
//! (and so validated) on the way in by its own `parse`.

use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;

use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::ser::{Serialize, Serializer};

use crate::absolute::AbsoluteUri;
use crate::iri::Iri;
use crate::schemes::{file::FileUri, http::HttpUri, mailto::Mailto, urn::Urn};
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
        parsed(deserializer, "a URI reference (RFC 3986) as a string")
    }
}

/// `Serialize` as the text and `Deserialize` through `FromStr` (the type's
/// `parse`), for a type that has `as_str`.
macro_rules! serde_as_text {
    ($type:ty, $expecting:literal) => {
        impl Serialize for $type {
            /// Serializes the URI as its text.
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }

        impl<'de> Deserialize<'de> for $type {
            /// Deserializes the URI from a string, parsed by the type's
            /// `parse`; a string it rejects is an error with the parse
            /// error's message.
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<$type, D::Error> {
                parsed(deserializer, $expecting)
            }
        }
    };
}

serde_as_text!(AbsoluteUri, "a URI with a scheme (RFC 3986) as a string");
serde_as_text!(HttpUri, "an http or https URI (RFC 9110) as a string");
serde_as_text!(Mailto, "a mailto URI (RFC 6068) as a string");
serde_as_text!(Urn, "a URN (RFC 8141) as a string");
serde_as_text!(FileUri, "a file URI (RFC 8089) as a string");

/// A `T` deserialized from a string with its `FromStr`.
fn parsed<'de, D, T>(deserializer: D, expecting: &'static str) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: FromStr,
    T::Err: fmt::Display,
{
    deserializer.deserialize_str(Parsed(expecting, PhantomData))
}

/// The visitor of [`parsed`]: what it expects, and the type it parses.
struct Parsed<T>(&'static str, PhantomData<T>);

impl<T> Visitor<'_> for Parsed<T>
where
    T: FromStr,
    T::Err: fmt::Display,
{
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        text.parse().map_err(E::custom)
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
