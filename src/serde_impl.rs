//! `Serialize` and `Deserialize` behind the `serde` feature, for every
//! [`Reference`] and [`Absolute`] and the scheme types: each as its text,
//! parsed (and so validated) on the way in by its own `parse`. A
//! `Reference<X, &str>` borrows from the deserializer's input, where the
//! format allows (`serde_json::from_str` of a string without escapes).

use alloc::string::String;
use alloc::sync::Arc;
use core::fmt;
use core::marker::PhantomData;
#[cfg(feature = "schemes")]
use core::str::FromStr;

use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde::ser::{Serialize, Serializer};

use crate::reference::{Absolute, Reference, Storage};
#[cfg(feature = "schemes")]
use crate::schemes::{file::FileUri, http::HttpUri, mailto::Mailto, urn::Urn};
use crate::spec::Spec;

impl<X: Spec, S: Storage> Serialize for Reference<X, S> {
    /// Serializes the reference as its text.
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<X: Spec, S: Storage> Serialize for Absolute<X, S> {
    /// Serializes the absolute reference as its text.
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// How a reference kept in a storage is deserialized: parsed from the
/// deserializer's string, kept as the storage keeps it.
trait FromText<'de>: Sized {
    fn borrowed(text: &'de str) -> Result<Self, crate::ParseError>;
    fn owned(text: &str) -> Result<Self, crate::ParseError>;
}

/// The reference's type name, for what a deserializer expected.
fn expecting<X: Spec>(absolute: bool) -> &'static str {
    match (X::NAME, absolute) {
        ("Uri", false) => "a URI reference (RFC 3986) as a string",
        ("Uri", true) => "a URI with a scheme (RFC 3986) as a string",
        (_, false) => "an IRI reference (RFC 3987) as a string",
        (_, true) => "an IRI with a scheme (RFC 3987) as a string",
    }
}

macro_rules! from_text {
    ($($storage:ty => |$text:ident| $keep:expr;)*) => {
        $(
            impl<'de, X: Spec> FromText<'de> for Reference<X, $storage> {
                fn borrowed(text: &'de str) -> Result<Self, crate::ParseError> {
                    Self::owned(text)
                }
                fn owned($text: &str) -> Result<Self, crate::ParseError> {
                    Reference::<X, &str>::parse($text).map(|r| Reference::from_bounds($keep, *r.bounds()))
                }
            }

            impl<'de, X: Spec> FromText<'de> for Absolute<X, $storage> {
                fn borrowed(text: &'de str) -> Result<Self, crate::ParseError> {
                    Self::owned(text)
                }
                fn owned($text: &str) -> Result<Self, crate::ParseError> {
                    Absolute::<X, &str>::parse($text).map(|a| {
                        Absolute::new_unchecked(Reference::from_bounds($keep, *a.bounds()))
                    })
                }
            }
        )*
    };
}

from_text! {
    String => |text| String::from(text);
    Arc<str> => |text| Arc::from(text);
}

impl<'de, X: Spec> FromText<'de> for Reference<X, &'de str> {
    fn borrowed(text: &'de str) -> Result<Self, crate::ParseError> {
        Reference::parse(text)
    }
    fn owned(text: &str) -> Result<Self, crate::ParseError> {
        // A string the deserializer had to build (escapes): there is
        // nothing to borrow from.
        Reference::<X, &str>::parse(text)?;
        Err(crate::ParseError::borrow_needed(text))
    }
}

impl<'de, X: Spec> FromText<'de> for Absolute<X, &'de str> {
    fn borrowed(text: &'de str) -> Result<Self, crate::ParseError> {
        Absolute::parse(text)
    }
    fn owned(text: &str) -> Result<Self, crate::ParseError> {
        Absolute::<X, &str>::parse(text)?;
        Err(crate::ParseError::borrow_needed(text))
    }
}

/// The visitor of a reference of type `T`.
struct TextVisitor<T>(&'static str, PhantomData<T>);

impl<'de, T: FromText<'de>> Visitor<'de> for TextVisitor<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }

    fn visit_borrowed_str<E: de::Error>(self, text: &'de str) -> Result<T, E> {
        T::borrowed(text).map_err(E::custom)
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        T::owned(text).map_err(E::custom)
    }
}

impl<'de, X: Spec, S: Storage> Deserialize<'de> for Reference<X, S>
where
    Reference<X, S>: FromText<'de>,
{
    /// Deserializes a reference from a string, parsed with
    /// [`Reference::parse`]; a string that is not one is an error with the
    /// parse error's message. A `Reference<X, &str>` borrows the string,
    /// which the format must then give as it is in the input.
    ///
    /// ```
    /// use rfc3986::{Iri, Uri};
    ///
    /// let uri: Uri = serde_json::from_str(r#""http://example.com/a""#).unwrap();
    /// assert_eq!(uri.host_str(), Some("example.com"));
    /// let input = String::from(r#""http://example.com/b""#);
    /// let borrowed: Uri<&str> = serde_json::from_str(&input).unwrap();
    /// assert_eq!(borrowed.path(), "/b");
    /// let err = serde_json::from_str::<Uri>(r#""http://exa mple.com/""#).unwrap_err();
    /// assert!(err.to_string().starts_with("invalid character at byte 10"));
    /// let iri: Iri = serde_json::from_str(r#""http://例え.jp/パス""#).unwrap();
    /// assert_eq!(serde_json::to_string(&iri).unwrap(), r#""http://例え.jp/パス""#);
    /// ```
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(TextVisitor(expecting::<X>(false), PhantomData))
    }
}

impl<'de, X: Spec, S: Storage> Deserialize<'de> for Absolute<X, S>
where
    Absolute<X, S>: FromText<'de>,
{
    /// Deserializes an absolute reference from a string, parsed with
    /// [`Absolute::parse`].
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(TextVisitor(expecting::<X>(true), PhantomData))
    }
}

/// `Serialize` as the text and `Deserialize` through `FromStr` (the type's
/// `parse`), for a scheme type, which has `as_str`.
#[cfg(feature = "schemes")]
macro_rules! serde_as_text {
    ($type:ty, $expecting:literal) => {
        impl Serialize for $type {
            /// Serializes the URI as its text.
            fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
                serializer.serialize_str(self.as_str())
            }
        }

        impl<'de> Deserialize<'de> for $type {
            /// Deserializes the URI from a string, parsed by the type's
            /// `parse`; a string it rejects is an error with the parse
            /// error's message.
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<$type, D::Error> {
                deserializer.deserialize_str(Parsed($expecting, PhantomData))
            }
        }
    };
}

#[cfg(feature = "schemes")]
serde_as_text!(HttpUri, "an http or https URI (RFC 9110) as a string");
#[cfg(feature = "schemes")]
serde_as_text!(Mailto, "a mailto URI (RFC 6068) as a string");
#[cfg(feature = "schemes")]
serde_as_text!(Urn, "a URN (RFC 8141) as a string");
#[cfg(feature = "schemes")]
serde_as_text!(FileUri, "a file URI (RFC 8089) as a string");

/// The visitor of a type parsed with its `FromStr`: what it expects, and
/// the type.
#[cfg(feature = "schemes")]
struct Parsed<T>(&'static str, PhantomData<T>);

#[cfg(feature = "schemes")]
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
