//! The variables a template expands with, and matching gives back: a
//! [`Value`] (a string, a list, or an associative array that keeps its
//! order), the [`Vars`] trait that looks one up by name, and
//! [`Variables`], an ordered list of named values that implements it.

use alloc::collections::BTreeMap;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::borrow::Borrow;

#[cfg(feature = "std")]
use crate::host_std;

/// The value of a template variable (RFC 6570 section 2.3): a string, a
/// list of strings, or an associative array of string pairs, whose order
/// expansion keeps.
///
/// Section 2.3 counts an empty list and an empty associative array as
/// undefined, as a variable with no value at all; expansion does too. An
/// empty string is defined.
///
/// ```
/// use rfc3986::template::Value;
///
/// assert_eq!(Value::from("red"), Value::String("red".into()));
/// assert_eq!(Value::from(["red", "green"]), Value::List(vec!["red".into(), "green".into()]));
/// assert_eq!(
///     Value::from([("semi", ";"), ("dot", ".")]),
///     Value::Map(vec![("semi".into(), ";".into()), ("dot".into(), ".".into())])
/// );
/// assert_eq!(Value::from(42), Value::String("42".into()));
/// assert!(Value::List(vec![]).is_undefined());
/// assert!(!Value::from("").is_undefined());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// A string.
    String(String),
    /// A list of strings.
    List(Vec<String>),
    /// An associative array: name and value pairs, in order.
    Map(Vec<(String, String)>),
}

impl Value {
    /// Whether section 2.3 counts the value as undefined: an empty list or
    /// an empty associative array.
    pub fn is_undefined(&self) -> bool {
        match self {
            Value::String(_) => false,
            Value::List(items) => items.is_empty(),
            Value::Map(pairs) => pairs.is_empty(),
        }
    }

    /// The string, if the value is one.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(text) => Some(text),
            _ => None,
        }
    }

    /// The list, if the value is one.
    pub fn as_list(&self) -> Option<&[String]> {
        match self {
            Value::List(items) => Some(items),
            _ => None,
        }
    }

    /// The associative array, if the value is one.
    pub fn as_map(&self) -> Option<&[(String, String)]> {
        match self {
            Value::Map(pairs) => Some(pairs),
            _ => None,
        }
    }
}

impl From<&str> for Value {
    fn from(text: &str) -> Value {
        Value::String(text.into())
    }
}

impl From<String> for Value {
    fn from(text: String) -> Value {
        Value::String(text)
    }
}

impl From<&String> for Value {
    fn from(text: &String) -> Value {
        Value::String(text.clone())
    }
}

impl From<char> for Value {
    fn from(c: char) -> Value {
        Value::String(c.to_string())
    }
}

impl From<bool> for Value {
    fn from(value: bool) -> Value {
        Value::String(value.to_string())
    }
}

macro_rules! value_from_number {
    ($($t:ty)*) => {$(
        impl From<$t> for Value {
            /// The number as Rust writes it in decimal.
            fn from(number: $t) -> Value {
                Value::String(number.to_string())
            }
        }
    )*};
}
value_from_number!(i8 i16 i32 i64 i128 isize u8 u16 u32 u64 u128 usize);

impl Value {
    /// A list of `items`.
    pub fn list<T: Into<String>>(items: impl IntoIterator<Item = T>) -> Value {
        Value::List(items.into_iter().map(Into::into).collect())
    }

    /// An associative array of `pairs`, in their order.
    pub fn map<K: Into<String>, V: Into<String>>(pairs: impl IntoIterator<Item = (K, V)>) -> Value {
        Value::Map(
            pairs
                .into_iter()
                .map(|(k, v)| (k.into(), v.into()))
                .collect(),
        )
    }
}

macro_rules! value_from_items {
    ($($item:ty),*) => {$(
        impl From<Vec<$item>> for Value {
            /// A list.
            fn from(items: Vec<$item>) -> Value {
                Value::list(items)
            }
        }

        impl<const N: usize> From<[$item; N]> for Value {
            /// A list.
            fn from(items: [$item; N]) -> Value {
                Value::list(items)
            }
        }

        impl From<Vec<($item, $item)>> for Value {
            /// An associative array.
            fn from(pairs: Vec<($item, $item)>) -> Value {
                Value::map(pairs)
            }
        }

        impl<const N: usize> From<[($item, $item); N]> for Value {
            /// An associative array.
            fn from(pairs: [($item, $item); N]) -> Value {
                Value::map(pairs)
            }
        }
    )*};
}
value_from_items!(&str, String);

/// Where a template finds its variables' values: by name, `None` for a
/// variable that is undefined (absent, or `None` in a map of
/// `Option<Value>`).
///
/// [`Variables`] implements it, and so do maps from names to values
/// (`HashMap` with `std`, `BTreeMap`), of `Value` or `Option<Value>`, and
/// slices and arrays of `(name, Value)` pairs. Implement it to look values
/// up somewhere else (a request's parameters, a struct's fields).
///
/// ```
/// use std::collections::HashMap;
/// use rfc3986::template::{Template, Value};
///
/// let mut vars = HashMap::new();
/// vars.insert("q", Some(Value::from("cat")));
/// vars.insert("lang", None);
/// let template = Template::parse("/search{?q,lang}")?;
/// assert_eq!(template.expand(&vars)?.as_str(), "/search?q=cat");
/// # Ok::<(), rfc3986::Error>(())
/// ```
pub trait Vars {
    /// The value of the variable `name`; `None` if it is undefined.
    fn get(&self, name: &str) -> Option<&Value>;
}

impl<T: Vars + ?Sized> Vars for &T {
    fn get(&self, name: &str) -> Option<&Value> {
        (**self).get(name)
    }
}

impl<K: Borrow<str> + Ord> Vars for BTreeMap<K, Value> {
    fn get(&self, name: &str) -> Option<&Value> {
        BTreeMap::get(self, name)
    }
}

impl<K: Borrow<str> + Ord> Vars for BTreeMap<K, Option<Value>> {
    fn get(&self, name: &str) -> Option<&Value> {
        BTreeMap::get(self, name).and_then(Option::as_ref)
    }
}

#[cfg(feature = "std")]
impl<K: Borrow<str> + core::hash::Hash + Eq, H: host_std::hash::BuildHasher> Vars
    for host_std::collections::HashMap<K, Value, H>
{
    fn get(&self, name: &str) -> Option<&Value> {
        host_std::collections::HashMap::get(self, name)
    }
}

#[cfg(feature = "std")]
impl<K: Borrow<str> + core::hash::Hash + Eq, H: host_std::hash::BuildHasher> Vars
    for host_std::collections::HashMap<K, Option<Value>, H>
{
    fn get(&self, name: &str) -> Option<&Value> {
        host_std::collections::HashMap::get(self, name).and_then(Option::as_ref)
    }
}

impl<K: AsRef<str>> Vars for [(K, Value)] {
    fn get(&self, name: &str) -> Option<&Value> {
        self.iter()
            .find(|(key, _)| key.as_ref() == name)
            .map(|(_, value)| value)
    }
}

impl<K: AsRef<str>, const N: usize> Vars for [(K, Value); N] {
    fn get(&self, name: &str) -> Option<&Value> {
        Vars::get(self.as_slice(), name)
    }
}

impl<K: AsRef<str>> Vars for Vec<(K, Value)> {
    fn get(&self, name: &str) -> Option<&Value> {
        Vars::get(self.as_slice(), name)
    }
}

/// Named values, in the order they were set: what
/// [`Template::match_uri`](crate::Template::match_uri) gives back, and the
/// simplest [`Vars`] to expand with. Setting a name again replaces its
/// value in place.
///
/// ```
/// use rfc3986::template::{Template, Value, Variables};
///
/// let vars = Variables::from([("owner", "rust-lang"), ("repo", "rust")]);
/// let uri = Template::parse("/repos/{owner}/{repo}")?.expand(&vars)?;
/// assert_eq!(uri.as_str(), "/repos/rust-lang/rust");
///
/// let mut vars = Variables::new();
/// vars.set("list", ["red", "green"]);
/// vars.set("keys", [("semi", ";"), ("dot", ".")]);
/// assert_eq!(vars.get("list"), Some(&Value::from(["red", "green"])));
/// assert_eq!(vars.names().collect::<Vec<_>>(), ["list", "keys"]);
/// # Ok::<(), rfc3986::Error>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Variables {
    /// The names and values, in the order they were first set.
    entries: Vec<(String, Value)>,
    /// Each name's index in `entries`, so that setting and looking up a
    /// name costs a logarithm of the count, not a scan: a variables file of
    /// many names is read in n log n.
    index: BTreeMap<String, usize>,
}

impl Variables {
    /// No variables.
    pub fn new() -> Variables {
        Variables::default()
    }

    /// Sets `name` to `value`, in place if it is set already.
    pub fn set(&mut self, name: impl Into<String>, value: impl Into<Value>) -> &mut Variables {
        let name = name.into();
        let value = value.into();
        match self.index.get(&name) {
            Some(&i) => self.entries[i].1 = value,
            None => {
                self.index.insert(name.clone(), self.entries.len());
                self.entries.push((name, value));
            }
        }
        self
    }

    /// `self` with `name` set to `value`.
    #[must_use]
    pub fn with(mut self, name: impl Into<String>, value: impl Into<Value>) -> Variables {
        self.set(name, value);
        self
    }

    /// The value of `name`.
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.index.get(name).map(|&i| &self.entries[i].1)
    }

    /// Removes `name`, and gives its value back.
    pub fn remove(&mut self, name: &str) -> Option<Value> {
        let removed = self.index.remove(name)?;
        for i in self.index.values_mut() {
            if *i > removed {
                *i -= 1;
            }
        }
        Some(self.entries.remove(removed).1)
    }

    /// The names, in order.
    pub fn names(&self) -> impl ExactSizeIterator<Item = &str> + '_ {
        self.entries.iter().map(|(name, _)| name.as_str())
    }

    /// The names and values, in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (&str, &Value)> + '_ {
        self.entries
            .iter()
            .map(|(name, value)| (name.as_str(), value))
    }

    /// How many variables are set.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether none is.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

impl Vars for Variables {
    fn get(&self, name: &str) -> Option<&Value> {
        Variables::get(self, name)
    }
}

impl<K: Into<String>, V: Into<Value>> FromIterator<(K, V)> for Variables {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(pairs: I) -> Variables {
        let mut vars = Variables::new();
        vars.extend(pairs);
        vars
    }
}

impl<K: Into<String>, V: Into<Value>> Extend<(K, V)> for Variables {
    fn extend<I: IntoIterator<Item = (K, V)>>(&mut self, pairs: I) {
        for (name, value) in pairs {
            self.set(name, value);
        }
    }
}

impl<K: Into<String>, V: Into<Value>, const N: usize> From<[(K, V); N]> for Variables {
    fn from(pairs: [(K, V); N]) -> Variables {
        pairs.into_iter().collect()
    }
}

impl IntoIterator for Variables {
    type Item = (String, Value);
    type IntoIter = alloc::vec::IntoIter<(String, Value)>;

    fn into_iter(self) -> Self::IntoIter {
        self.entries.into_iter()
    }
}

#[cfg(test)]
mod tests {
    use super::{Value, Variables};
    use alloc::format;
    use alloc::vec::Vec;

    /// Setting, replacing and removing keep the order of first setting and
    /// the index of every name, over many names.
    #[test]
    fn the_index_follows_the_entries() {
        let mut vars = Variables::new();
        for i in 0..2_000 {
            vars.set(format!("v{i}"), i);
        }
        vars.set("v7", "seven");
        assert_eq!(vars.remove("v3"), Some(Value::from(3)));
        assert_eq!(vars.remove("v3"), None);
        assert_eq!(vars.len(), 1_999);
        assert_eq!(vars.get("v7"), Some(&Value::from("seven")));
        for (i, (name, value)) in vars.iter().enumerate() {
            let n = if i < 3 { i } else { i + 1 };
            assert_eq!(name, format!("v{n}"));
            assert_eq!(vars.get(name), Some(value));
        }
        vars.set("v3", "back");
        let names: Vec<_> = vars.names().collect();
        assert_eq!(names[..4], ["v0", "v1", "v2", "v4"]);
        assert_eq!(names.last(), Some(&"v3"));
    }
}
