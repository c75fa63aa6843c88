//! Variables from any `Serialize` value, with the `serde` feature:
//! [`Variables::from_serialize`] (which `Template::expand_serialize`, in
//! `expand`, calls), read
//! by a serializer of this module's own ([`VariablesError`] when the value
//! does not have the shape of template variables); and `Serialize` and
//! `Deserialize` for [`Value`] and [`Variables`], as a format such as JSON
//! writes them (a string, an array, an object).
//!
//! The shape, at each level:
//!
//! - the value: a map or a struct, whose entries or fields are the
//!   variables (their names strings, characters, numbers or booleans);
//! - a variable: a string, a character, a number or a boolean (a
//!   [`Value::String`], numbers as Rust's `Display` writes them); a
//!   sequence or tuple of them (a [`Value::List`]); a map or struct of
//!   them (a [`Value::Map`], in its order); `None` and `()` leave the
//!   variable undefined;
//! - a member of a list or map: a string, a character, a number or a
//!   boolean; `None` is skipped (an undefined member).
//!
//! `Some(x)` and a newtype struct are the value they hold, and a unit enum
//! variant is its name, wherever they are.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{self, Impossible, Serialize, SerializeMap, SerializeSeq, Serializer};

use super::{Value, Variables};

/// Why a `Serialize` value could not be read as template variables
/// ([`Variables::from_serialize`]): what it, or the variable named, is
/// instead.
///
/// ```
/// use rfc3986::template::{Variables, VariablesError};
/// use std::collections::BTreeMap;
///
/// let err = Variables::from_serialize(&vec![("a", 1)]).unwrap_err();
/// assert_eq!(err, VariablesError::NotAMap { found: "a sequence" });
///
/// let err = Variables::from_serialize(&BTreeMap::from([("a", vec![vec![1]])])).unwrap_err();
/// assert_eq!(err.name(), Some("a"));
/// assert_eq!(
///     err.to_string(),
///     "the template variable `a` is a list holding a list: a variable is a string, a number or a \
///      boolean, or a list or map of them"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum VariablesError {
    /// The value is not a map or a struct.
    #[error("template variables are a map or a struct, not {found}")]
    NotAMap {
        /// What the value is (`"a string"`, `"a sequence"`, ...).
        found: &'static str,
    },
    /// A variable's value nests deeper than a list or map of scalars, or is
    /// of a kind template variables have no place for.
    #[error(
        "the template variable `{name}` is {found}: a variable is a string, a number or a \
         boolean, or a list or map of them"
    )]
    Unsupported {
        /// The variable's name.
        name: String,
        /// What its value is (`"a list holding a list"`, `"bytes"`, ...).
        found: &'static str,
    },
    /// A variable's name, or a key of a variable's map, is not a string, a
    /// character, a number or a boolean.
    #[error(fmt = display_key)]
    Key {
        /// The variable whose map holds the key; `None` where the key is a
        /// variable's name.
        name: Option<String>,
        /// What the key is.
        found: &'static str,
    },
    /// The value's `Serialize` failed, with its own message.
    #[error(fmt = display_custom)]
    Custom {
        /// The variable being serialized, if the failure was in one.
        name: Option<String>,
        /// The message of the value's `Serialize`.
        message: String,
    },
}

impl VariablesError {
    /// The name of the variable the error is about, if it is about one.
    ///
    /// ```
    /// use rfc3986::template::Variables;
    /// use std::collections::BTreeMap;
    ///
    /// let value = BTreeMap::from([("ok", vec![1]), ("bad", vec![])]);
    /// assert!(Variables::from_serialize(&value).is_ok());
    /// let value = BTreeMap::from([("bad", BTreeMap::from([(vec![1], 2)]))]);
    /// assert_eq!(Variables::from_serialize(&value).unwrap_err().name(), Some("bad"));
    /// ```
    pub fn name(&self) -> Option<&str> {
        match self {
            VariablesError::NotAMap { .. } => None,
            VariablesError::Unsupported { name, .. } => Some(name),
            VariablesError::Key { name, .. } | VariablesError::Custom { name, .. } => {
                name.as_deref()
            }
        }
    }

    /// The error, about the variable `name` if it names none yet.
    fn in_variable(self, variable: &str) -> VariablesError {
        match self {
            VariablesError::Custom {
                name: None,
                message,
            } => VariablesError::Custom {
                name: Some(String::from(variable)),
                message,
            },
            error => error,
        }
    }
}

/// The message of [`VariablesError::Key`].
fn display_key(
    name: &Option<String>,
    found: &&'static str,
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    match name {
        Some(name) => write!(f, "a key of the template variable `{name}`")?,
        None => f.write_str("the name of a template variable")?,
    }
    write!(
        f,
        " is {found}: a key is a string, a character, a number or a boolean"
    )
}

/// The message of [`VariablesError::Custom`].
fn display_custom(
    name: &Option<String>,
    message: &String,
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    match name {
        Some(name) => write!(
            f,
            "the template variable `{name}` could not be serialized: {message}"
        ),
        None => write!(
            f,
            "the template variables could not be serialized: {message}"
        ),
    }
}

impl ser::Error for VariablesError {
    fn custom<T: fmt::Display>(message: T) -> VariablesError {
        VariablesError::Custom {
            name: None,
            message: message.to_string(),
        }
    }
}

impl Variables {
    /// The variables of `value`, with this shape at each level:
    ///
    /// - the value: a map or a struct, whose entries or fields are the
    ///   variables (their names strings, characters, numbers or booleans);
    /// - a variable: a string, a character, a number or a boolean (a
    ///   [`Value::String`], numbers as Rust's `Display` writes them); a
    ///   sequence or tuple of them (a [`Value::List`]); a map or struct of
    ///   them (a [`Value::Map`], in its order); `None` and `()` leave the
    ///   variable undefined;
    /// - a member of a list or map: a string, a character, a number or a
    ///   boolean; `None` is skipped (an undefined member).
    ///
    /// `Some(x)` and a newtype struct are the value they hold, and a unit
    /// enum variant is its name, wherever they are.
    ///
    /// ```
    /// use rfc3986::template::{Value, Variables};
    /// use std::collections::BTreeMap;
    ///
    /// let value = BTreeMap::from([
    ///     ("count", Value::from(["one", "two"])),
    ///     ("who", Value::from("fred")),
    /// ]);
    /// let vars = Variables::from_serialize(&value)?;
    /// assert_eq!(vars.names().collect::<Vec<_>>(), ["count", "who"]);
    ///
    /// let vars = Variables::from_serialize(&[("x", Some(1.5)), ("y", None)].into_iter().collect::<BTreeMap<_, _>>())?;
    /// assert_eq!(vars, Variables::from([("x", "1.5")]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`VariablesError`] where the value is not a map or a struct, or a
    /// variable nests deeper than a list or map of scalars, naming it.
    pub fn from_serialize<T: Serialize + ?Sized>(value: &T) -> Result<Variables, VariablesError> {
        value.serialize(TopSerializer)
    }
}

/// Writes `value`, a number or boolean, as a string.
fn text(value: impl fmt::Display) -> String {
    value.to_string()
}

/// The serializer of the whole value: a map or a struct of variables.
struct TopSerializer;

/// The variables a map or struct gives, and the name of the entry whose
/// value comes next.
struct TopCollector {
    vars: Variables,
    name: Option<String>,
}

impl TopCollector {
    /// Sets `name` to what `value` is, if it is defined.
    fn variable<T: Serialize + ?Sized>(
        &mut self,
        name: String,
        value: &T,
    ) -> Result<(), VariablesError> {
        let value = value
            .serialize(VariableSerializer { name: &name })
            .map_err(|error| error.in_variable(&name))?;
        if let Some(value) = value {
            self.vars.set(name, value);
        }
        Ok(())
    }
}

/// The methods of a serializer that take what it does not accept: each
/// gives `$error` with a description of the value.
macro_rules! reject {
    ($error:expr; $($method:ident($($arg:ty),*) -> $ok:ty, $found:literal;)*) => {$(
        fn $method(self $(, _: $arg)*) -> Result<$ok, VariablesError> {
            Err($error(self, $found))
        }
    )*};
}

/// The scalar methods of a serializer: each gives `$convert(self, text)`.
macro_rules! scalars {
    ($convert:ident) => {
        fn serialize_bool(self, v: bool) -> Result<Self::Ok, VariablesError> {
            self.$convert(text(v))
        }
        fn serialize_i8(self, v: i8) -> Result<Self::Ok, VariablesError> {
            self.$convert(text(v))
        }
        fn serialize_i16(self, v: i16) -> Result<Self::Ok, VariablesError> {
            self.$convert(text(v))
        }
        fn serialize_i32(self, v: i32) -> Result<Self::Ok, VariablesError> {
            self.$convert(text(v))
        }
        fn serialize_i64(self, v: i64) -> Result<Self::Ok, VariablesError> {
            self.$convert(text(v))
        }
        fn serialize_i128(self, v: i128) -> Result<Self::Ok, VariablesError> {
            self.$convert(text(v))
        }
        fn serialize_u8(self, v: u8) -> Result<Self::Ok, VariablesError> {
            self.$convert(text(v))
        }
        fn serialize_u16(self, v: u16) -> Result<Self::Ok, VariablesError> {
            self.$convert(text(v))
        }
        fn serialize_u32(self, v: u32) -> Result<Self::Ok, VariablesError> {
            self.$convert(text(v))
        }
        fn serialize_u64(self, v: u64) -> Result<Self::Ok, VariablesError> {
            self.$convert(text(v))
        }
        fn serialize_u128(self, v: u128) -> Result<Self::Ok, VariablesError> {
            self.$convert(text(v))
        }
        fn serialize_f32(self, v: f32) -> Result<Self::Ok, VariablesError> {
            self.$convert(text(v))
        }
        fn serialize_f64(self, v: f64) -> Result<Self::Ok, VariablesError> {
            self.$convert(text(v))
        }
        fn serialize_char(self, v: char) -> Result<Self::Ok, VariablesError> {
            self.$convert(text(v))
        }
        fn serialize_str(self, v: &str) -> Result<Self::Ok, VariablesError> {
            self.$convert(String::from(v))
        }
        fn serialize_unit_variant(
            self,
            _: &'static str,
            _: u32,
            variant: &'static str,
        ) -> Result<Self::Ok, VariablesError> {
            self.$convert(String::from(variant))
        }
        fn serialize_some<T: Serialize + ?Sized>(
            self,
            value: &T,
        ) -> Result<Self::Ok, VariablesError> {
            value.serialize(self)
        }
        fn serialize_newtype_struct<T: Serialize + ?Sized>(
            self,
            _: &'static str,
            value: &T,
        ) -> Result<Self::Ok, VariablesError> {
            value.serialize(self)
        }
    };
}

/// The methods that take compound values no serializer of this module
/// accepts: bytes and the enum variants with data.
macro_rules! variants_and_bytes {
    ($error:expr) => {
        fn serialize_bytes(self, _: &[u8]) -> Result<Self::Ok, VariablesError> {
            Err($error(self, "bytes"))
        }
        fn serialize_newtype_variant<T: Serialize + ?Sized>(
            self,
            _: &'static str,
            _: u32,
            _: &'static str,
            _: &T,
        ) -> Result<Self::Ok, VariablesError> {
            Err($error(self, "an enum variant with data"))
        }
        fn serialize_tuple_variant(
            self,
            _: &'static str,
            _: u32,
            _: &'static str,
            _: usize,
        ) -> Result<Self::SerializeTupleVariant, VariablesError> {
            Err($error(self, "an enum variant with data"))
        }
        fn serialize_struct_variant(
            self,
            _: &'static str,
            _: u32,
            _: &'static str,
            _: usize,
        ) -> Result<Self::SerializeStructVariant, VariablesError> {
            Err($error(self, "an enum variant with data"))
        }
    };
}

impl TopSerializer {
    fn not_a_map(self, found: &'static str) -> VariablesError {
        VariablesError::NotAMap { found }
    }

    fn scalar(self, _: String) -> Result<Variables, VariablesError> {
        Err(self.not_a_map("a string, a number or a boolean"))
    }
}

impl Serializer for TopSerializer {
    type Ok = Variables;
    type Error = VariablesError;
    type SerializeSeq = Impossible<Variables, VariablesError>;
    type SerializeTuple = Impossible<Variables, VariablesError>;
    type SerializeTupleStruct = Impossible<Variables, VariablesError>;
    type SerializeTupleVariant = Impossible<Variables, VariablesError>;
    type SerializeMap = TopCollector;
    type SerializeStruct = TopCollector;
    type SerializeStructVariant = Impossible<Variables, VariablesError>;

    scalars!(scalar);
    variants_and_bytes!(TopSerializer::not_a_map);
    reject! { TopSerializer::not_a_map;
        serialize_none() -> Variables, "none";
        serialize_unit() -> Variables, "a unit";
        serialize_unit_struct(&'static str) -> Variables, "a unit struct";
        serialize_seq(Option<usize>) -> Self::SerializeSeq, "a sequence";
        serialize_tuple(usize) -> Self::SerializeTuple, "a tuple";
        serialize_tuple_struct(&'static str, usize) -> Self::SerializeTupleStruct, "a tuple struct";
    }

    fn serialize_map(self, _: Option<usize>) -> Result<TopCollector, VariablesError> {
        Ok(TopCollector {
            vars: Variables::new(),
            name: None,
        })
    }

    fn serialize_struct(self, _: &'static str, _: usize) -> Result<TopCollector, VariablesError> {
        self.serialize_map(None)
    }
}

impl SerializeMap for TopCollector {
    type Ok = Variables;
    type Error = VariablesError;

    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), VariablesError> {
        self.name = Some(key.serialize(KeySerializer { name: None })?);
        Ok(())
    }

    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), VariablesError> {
        // `serialize_key` came first, as `SerializeMap` requires.
        let name = self.name.take().unwrap_or_default();
        self.variable(name, value)
    }

    fn end(self) -> Result<Variables, VariablesError> {
        Ok(self.vars)
    }
}

impl ser::SerializeStruct for TopCollector {
    type Ok = Variables;
    type Error = VariablesError;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), VariablesError> {
        self.variable(String::from(key), value)
    }

    fn end(self) -> Result<Variables, VariablesError> {
        Ok(self.vars)
    }
}

/// The serializer of a variable's value: `None` where it is undefined.
struct VariableSerializer<'a> {
    name: &'a str,
}

impl VariableSerializer<'_> {
    fn unsupported(self, found: &'static str) -> VariablesError {
        VariablesError::Unsupported {
            name: String::from(self.name),
            found,
        }
    }

    fn scalar(self, text: String) -> Result<Option<Value>, VariablesError> {
        Ok(Some(Value::String(text)))
    }

    fn undefined(self) -> Result<Option<Value>, VariablesError> {
        Ok(None)
    }
}

impl<'a> Serializer for VariableSerializer<'a> {
    type Ok = Option<Value>;
    type Error = VariablesError;
    type SerializeSeq = ListCollector<'a>;
    type SerializeTuple = ListCollector<'a>;
    type SerializeTupleStruct = ListCollector<'a>;
    type SerializeTupleVariant = Impossible<Option<Value>, VariablesError>;
    type SerializeMap = MapCollector<'a>;
    type SerializeStruct = MapCollector<'a>;
    type SerializeStructVariant = Impossible<Option<Value>, VariablesError>;

    scalars!(scalar);
    variants_and_bytes!(VariableSerializer::unsupported);

    fn serialize_none(self) -> Result<Option<Value>, VariablesError> {
        self.undefined()
    }

    fn serialize_unit(self) -> Result<Option<Value>, VariablesError> {
        self.undefined()
    }

    fn serialize_unit_struct(self, _: &'static str) -> Result<Option<Value>, VariablesError> {
        self.undefined()
    }

    fn serialize_seq(self, _: Option<usize>) -> Result<ListCollector<'a>, VariablesError> {
        Ok(ListCollector {
            name: self.name,
            items: Vec::new(),
        })
    }

    fn serialize_tuple(self, _: usize) -> Result<ListCollector<'a>, VariablesError> {
        self.serialize_seq(None)
    }

    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<ListCollector<'a>, VariablesError> {
        self.serialize_seq(None)
    }

    fn serialize_map(self, _: Option<usize>) -> Result<MapCollector<'a>, VariablesError> {
        Ok(MapCollector {
            name: self.name,
            pairs: Vec::new(),
            key: None,
        })
    }

    fn serialize_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<MapCollector<'a>, VariablesError> {
        self.serialize_map(None)
    }
}

/// The members of a variable's list.
struct ListCollector<'a> {
    name: &'a str,
    items: Vec<String>,
}

impl ListCollector<'_> {
    fn item<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), VariablesError> {
        let member = MemberSerializer {
            name: self.name,
            in_map: false,
        };
        if let Some(item) = value.serialize(member)? {
            self.items.push(item);
        }
        Ok(())
    }
}

impl SerializeSeq for ListCollector<'_> {
    type Ok = Option<Value>;
    type Error = VariablesError;

    fn serialize_element<T: Serialize + ?Sized>(
        &mut self,
        value: &T,
    ) -> Result<(), VariablesError> {
        self.item(value)
    }

    fn end(self) -> Result<Option<Value>, VariablesError> {
        Ok(Some(Value::List(self.items)))
    }
}

impl ser::SerializeTuple for ListCollector<'_> {
    type Ok = Option<Value>;
    type Error = VariablesError;

    fn serialize_element<T: Serialize + ?Sized>(
        &mut self,
        value: &T,
    ) -> Result<(), VariablesError> {
        self.item(value)
    }

    fn end(self) -> Result<Option<Value>, VariablesError> {
        Ok(Some(Value::List(self.items)))
    }
}

impl ser::SerializeTupleStruct for ListCollector<'_> {
    type Ok = Option<Value>;
    type Error = VariablesError;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), VariablesError> {
        self.item(value)
    }

    fn end(self) -> Result<Option<Value>, VariablesError> {
        Ok(Some(Value::List(self.items)))
    }
}

/// The pairs of a variable's associative array, and the key whose value
/// comes next.
struct MapCollector<'a> {
    name: &'a str,
    pairs: Vec<(String, String)>,
    key: Option<String>,
}

impl MapCollector<'_> {
    fn pair<T: Serialize + ?Sized>(
        &mut self,
        key: String,
        value: &T,
    ) -> Result<(), VariablesError> {
        let member = MemberSerializer {
            name: self.name,
            in_map: true,
        };
        if let Some(value) = value.serialize(member)? {
            self.pairs.push((key, value));
        }
        Ok(())
    }
}

impl SerializeMap for MapCollector<'_> {
    type Ok = Option<Value>;
    type Error = VariablesError;

    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), VariablesError> {
        self.key = Some(key.serialize(KeySerializer {
            name: Some(self.name),
        })?);
        Ok(())
    }

    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), VariablesError> {
        // `serialize_key` came first, as `SerializeMap` requires.
        let key = self.key.take().unwrap_or_default();
        self.pair(key, value)
    }

    fn end(self) -> Result<Option<Value>, VariablesError> {
        Ok(Some(Value::Map(self.pairs)))
    }
}

impl ser::SerializeStruct for MapCollector<'_> {
    type Ok = Option<Value>;
    type Error = VariablesError;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), VariablesError> {
        self.pair(String::from(key), value)
    }

    fn end(self) -> Result<Option<Value>, VariablesError> {
        Ok(Some(Value::Map(self.pairs)))
    }
}

/// The serializer of a member of a variable's list or associative array:
/// a scalar, or `None` where it is undefined.
struct MemberSerializer<'a> {
    name: &'a str,
    in_map: bool,
}

impl MemberSerializer<'_> {
    fn unsupported(self, found: &'static str) -> VariablesError {
        let found = match (self.in_map, found) {
            (false, "a list") => "a list holding a list",
            (false, "an associative array") => "a list holding a map",
            (false, "bytes") => "a list holding bytes",
            (false, _) => "a list holding an enum variant with data",
            (true, "a list") => "a map holding a list",
            (true, "an associative array") => "a map holding a map",
            (true, "bytes") => "a map holding bytes",
            (true, _) => "a map holding an enum variant with data",
        };
        VariablesError::Unsupported {
            name: String::from(self.name),
            found,
        }
    }

    fn scalar(self, text: String) -> Result<Option<String>, VariablesError> {
        Ok(Some(text))
    }
}

impl Serializer for MemberSerializer<'_> {
    type Ok = Option<String>;
    type Error = VariablesError;
    type SerializeSeq = Impossible<Option<String>, VariablesError>;
    type SerializeTuple = Impossible<Option<String>, VariablesError>;
    type SerializeTupleStruct = Impossible<Option<String>, VariablesError>;
    type SerializeTupleVariant = Impossible<Option<String>, VariablesError>;
    type SerializeMap = Impossible<Option<String>, VariablesError>;
    type SerializeStruct = Impossible<Option<String>, VariablesError>;
    type SerializeStructVariant = Impossible<Option<String>, VariablesError>;

    scalars!(scalar);
    variants_and_bytes!(MemberSerializer::unsupported);
    reject! { MemberSerializer::unsupported;
        serialize_seq(Option<usize>) -> Self::SerializeSeq, "a list";
        serialize_tuple(usize) -> Self::SerializeTuple, "a list";
        serialize_tuple_struct(&'static str, usize) -> Self::SerializeTupleStruct, "a list";
        serialize_map(Option<usize>) -> Self::SerializeMap, "an associative array";
        serialize_struct(&'static str, usize) -> Self::SerializeStruct, "an associative array";
    }

    fn serialize_none(self) -> Result<Option<String>, VariablesError> {
        Ok(None)
    }

    fn serialize_unit(self) -> Result<Option<String>, VariablesError> {
        Ok(None)
    }

    fn serialize_unit_struct(self, _: &'static str) -> Result<Option<String>, VariablesError> {
        Ok(None)
    }
}

/// The serializer of a key: a variable's name (`name` is `None`), or a key
/// of the associative array of the variable `name`.
struct KeySerializer<'a> {
    name: Option<&'a str>,
}

impl KeySerializer<'_> {
    fn not_a_key(self, found: &'static str) -> VariablesError {
        VariablesError::Key {
            name: self.name.map(String::from),
            found,
        }
    }

    fn scalar(self, text: String) -> Result<String, VariablesError> {
        Ok(text)
    }
}

impl Serializer for KeySerializer<'_> {
    type Ok = String;
    type Error = VariablesError;
    type SerializeSeq = Impossible<String, VariablesError>;
    type SerializeTuple = Impossible<String, VariablesError>;
    type SerializeTupleStruct = Impossible<String, VariablesError>;
    type SerializeTupleVariant = Impossible<String, VariablesError>;
    type SerializeMap = Impossible<String, VariablesError>;
    type SerializeStruct = Impossible<String, VariablesError>;
    type SerializeStructVariant = Impossible<String, VariablesError>;

    scalars!(scalar);
    variants_and_bytes!(KeySerializer::not_a_key);
    reject! { KeySerializer::not_a_key;
        serialize_none() -> String, "none";
        serialize_unit() -> String, "a unit";
        serialize_unit_struct(&'static str) -> String, "a unit struct";
        serialize_seq(Option<usize>) -> Self::SerializeSeq, "a sequence";
        serialize_tuple(usize) -> Self::SerializeTuple, "a tuple";
        serialize_tuple_struct(&'static str, usize) -> Self::SerializeTupleStruct, "a tuple struct";
        serialize_map(Option<usize>) -> Self::SerializeMap, "a map";
        serialize_struct(&'static str, usize) -> Self::SerializeStruct, "a struct";
    }
}

impl Serialize for Value {
    /// A string as a string, a list as a sequence, an associative array as
    /// a map in its order.
    ///
    /// ```
    /// use rfc3986::template::Value;
    ///
    /// assert_eq!(serde_json::to_string(&Value::from("a"))?, r#""a""#);
    /// assert_eq!(serde_json::to_string(&Value::from(["a", "b"]))?, r#"["a","b"]"#);
    /// assert_eq!(serde_json::to_string(&Value::from([("z", "1"), ("a", "2")]))?, r#"{"z":"1","a":"2"}"#);
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        match self {
            Value::String(text) => serializer.serialize_str(text),
            Value::List(items) => serializer.collect_seq(items),
            Value::Map(pairs) => {
                let mut map = serializer.serialize_map(Some(pairs.len()))?;
                for (key, value) in pairs {
                    map.serialize_entry(key, value)?;
                }
                map.end()
            }
        }
    }
}

impl Serialize for Variables {
    /// A map from the names to the values, in order.
    ///
    /// ```
    /// use rfc3986::template::Variables;
    ///
    /// let vars = Variables::new().with("who", "fred").with("list", ["a", "b"]);
    /// assert_eq!(serde_json::to_string(&vars)?, r#"{"who":"fred","list":["a","b"]}"#);
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    fn serialize<Z: Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        let mut map = serializer.serialize_map(Some(self.len()))?;
        for (name, value) in self.iter() {
            map.serialize_entry(name, value)?;
        }
        map.end()
    }
}

/// What a [`Value`] is deserialized from.
const EXPECTING_VALUE: &str = "a string, a number, a boolean, or an array or map of them";

/// What a member of a list or map is deserialized from.
const EXPECTING_MEMBER: &str = "a string, a number, a boolean or null";

impl<'de> Deserialize<'de> for Value {
    /// A string, number or boolean as a string (numbers as Rust's
    /// `Display` writes them); an array of them as a list; a map of them
    /// as an associative array, in its order. A null member of an array
    /// or map is skipped.
    ///
    /// ```
    /// use rfc3986::template::Value;
    ///
    /// let value: Value = serde_json::from_str(r#"{"semi": ";", "n": 2, "none": null}"#)?;
    /// assert_eq!(value, Value::from([("semi", ";"), ("n", "2")]));
    /// let value: Value = serde_json::from_str(r#"[true, 1.5, "x"]"#)?;
    /// assert_eq!(value, Value::from(["true", "1.5", "x"]));
    /// assert!(serde_json::from_str::<Value>(r#"[[1]]"#).is_err());
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(ValueVisitor)
    }
}

/// The visitor of a [`Value`].
struct ValueVisitor;

/// The `visit_*` methods of the scalars, each giving `$wrap` of the
/// scalar's text.
macro_rules! visit_scalars {
    ($wrap:expr) => {
        fn visit_bool<E: de::Error>(self, v: bool) -> Result<Self::Value, E> {
            Ok($wrap(text(v)))
        }
        fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
            Ok($wrap(text(v)))
        }
        fn visit_i128<E: de::Error>(self, v: i128) -> Result<Self::Value, E> {
            Ok($wrap(text(v)))
        }
        fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
            Ok($wrap(text(v)))
        }
        fn visit_u128<E: de::Error>(self, v: u128) -> Result<Self::Value, E> {
            Ok($wrap(text(v)))
        }
        fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
            Ok($wrap(text(v)))
        }
        fn visit_char<E: de::Error>(self, v: char) -> Result<Self::Value, E> {
            Ok($wrap(text(v)))
        }
        fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
            Ok($wrap(String::from(v)))
        }
        fn visit_string<E: de::Error>(self, v: String) -> Result<Self::Value, E> {
            Ok($wrap(v))
        }
    };
}

impl<'de> Visitor<'de> for ValueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(EXPECTING_VALUE)
    }

    visit_scalars!(Value::String);

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        // The size hint is the format's word: it bounds only the first
        // allocation, which the members then fill or grow.
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(64));
        while let Some(item) = seq.next_element::<Member>()? {
            if let Some(item) = item.0 {
                items.push(item);
            }
        }
        Ok(Value::List(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut pairs = Vec::with_capacity(map.size_hint().unwrap_or(0).min(64));
        while let Some((key, value)) = map.next_entry::<Key, Member>()? {
            if let Some(value) = value.0 {
                pairs.push((key.0, value));
            }
        }
        Ok(Value::Map(pairs))
    }
}

/// A member of a list or map: a scalar's text, or `None` for null.
struct Member(Option<String>);

impl<'de> Deserialize<'de> for Member {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Member, D::Error> {
        deserializer.deserialize_any(MemberVisitor)
    }
}

struct MemberVisitor;

impl<'de> Visitor<'de> for MemberVisitor {
    type Value = Member;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(EXPECTING_MEMBER)
    }

    visit_scalars!(|text| Member(Some(text)));

    fn visit_none<E: de::Error>(self) -> Result<Member, E> {
        Ok(Member(None))
    }

    fn visit_unit<E: de::Error>(self) -> Result<Member, E> {
        Ok(Member(None))
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Member, D::Error> {
        deserializer.deserialize_any(self)
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<Member, D::Error> {
        deserializer.deserialize_any(self)
    }
}

/// A key of a map: a string, or a number or boolean as its text.
struct Key(String);

impl<'de> Deserialize<'de> for Key {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Key, D::Error> {
        deserializer.deserialize_any(KeyVisitor)
    }
}

struct KeyVisitor;

impl<'de> Visitor<'de> for KeyVisitor {
    type Value = Key;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string, a number or a boolean")
    }

    visit_scalars!(Key);
}

impl<'de> Deserialize<'de> for Variables {
    /// A map from names to [`Value`]s, in its order; a name whose value is
    /// null is left undefined.
    ///
    /// ```
    /// use rfc3986::template::{Value, Variables};
    ///
    /// let vars: Variables = serde_json::from_str(
    ///     r#"{"who": "fred", "x": 1024, "list": ["red", "green"], "keys": {"semi": ";"}, "undef": null}"#,
    /// )?;
    /// assert_eq!(vars.names().collect::<Vec<_>>(), ["who", "x", "list", "keys"]);
    /// assert_eq!(vars.get("x"), Some(&Value::from("1024")));
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Variables, D::Error> {
        deserializer.deserialize_map(VariablesVisitor)
    }
}

struct VariablesVisitor;

impl<'de> Visitor<'de> for VariablesVisitor {
    type Value = Variables;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a map of template variables")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Variables, A::Error> {
        let mut vars = Variables::new();
        while let Some((name, value)) = map.next_entry::<Key, Option<Value>>()? {
            if let Some(value) = value {
                vars.set(name.0, value);
            }
        }
        Ok(vars)
    }
}
