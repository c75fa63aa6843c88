//! Matching a URI reference against a [`Template`]: the inverse of
//! expansion. Given a URI, find for each expression text that it could
//! have expanded to, and give back each variable's percent-decoded value
//! ([`Template::match_uri`], [`Template::captures`]), or say that no
//! expansion of the template is the URI.
//!
//! This module owns the matcher: [`Matcher`] (a template with its plan of
//! literals and expressions worked out once, for matching many URIs; its
//! documentation states the rules), [`Captures`] and [`Capture`] (each
//! variable's value and where its text lies in the URI), the search for
//! the leftmost-longest split of a URI into the texts of the template's
//! parts, and the reading of each expression's text back into values.

use alloc::borrow::ToOwned;
use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use core::ops::Range;

use super::{Operator, Template, Value, Variables};
use crate::percent::{hex_value, octet_at};
use crate::reference::Storage;

impl<S: Storage> Template<S> {
    /// Matches `uri` against the template: each defined variable's
    /// decoded value, or `None` when no expansion of the template is
    /// `uri`. The rules (which text each operator takes, how values are
    /// decoded, which split is returned where several match) are
    /// [`Matcher`]'s. This works out the template's plan on each call; to
    /// match many URIs, [`into_matcher`](Self::into_matcher) works it out
    /// once.
    ///
    /// ```
    /// use rfc3986::template::{Template, Value};
    ///
    /// let template = Template::parse("/repos/{owner}/{repo}/issues{?state,labels*}")?;
    /// let vars = template.match_uri("/repos/rust-lang/rust/issues?state=open&labels=bug&labels=easy").unwrap();
    /// assert_eq!(vars.get("owner"), Some(&Value::from("rust-lang")));
    /// assert_eq!(vars.get("state"), Some(&Value::from("open")));
    /// assert_eq!(vars.get("labels"), Some(&Value::from(["bug", "easy"])));
    ///
    /// // A named variable may be absent; values are percent-decoded.
    /// let vars = template.match_uri("/repos/a%20b/c/issues?labels=x").unwrap();
    /// assert_eq!(vars.get("owner"), Some(&Value::from("a b")));
    /// assert_eq!(vars.get("state"), None);
    ///
    /// // `/` is no simple value's: the path has one segment too many.
    /// assert_eq!(template.match_uri("/repos/a/b/c/issues"), None);
    ///
    /// // Leftmost-longest: the first expression takes all it can.
    /// let vars = Template::parse("{a}-{b}")?.match_uri("x-y-z").unwrap();
    /// assert_eq!((vars.get("a"), vars.get("b")), (Some(&Value::from("x-y")), Some(&Value::from("z"))));
    /// # Ok::<(), rfc3986::ParseError>(())
    /// ```
    pub fn match_uri(&self, uri: &str) -> Option<Variables> {
        self.captures(uri).map(Captures::into_variables)
    }

    /// Matches `uri` against the template as [`match_uri`](Self::match_uri)
    /// does, and also says where each variable's text lies in `uri`.
    ///
    /// ```
    /// use rfc3986::template::{Template, Value};
    ///
    /// let template = Template::parse("/files{/path*}{?v}")?;
    /// let uri = "/files/a/b%20c?v=2";
    /// let captures = template.captures(uri).unwrap();
    /// assert_eq!(captures.get("path"), Some(&Value::from(["a", "b c"])));
    /// assert_eq!(captures.range("path"), Some(7..14));
    /// assert_eq!(captures.text("path"), Some("a/b%20c"));
    /// assert_eq!(captures.text("v"), Some("2"));
    /// # Ok::<(), rfc3986::ParseError>(())
    /// ```
    pub fn captures<'u>(&self, uri: &'u str) -> Option<Captures<'u>> {
        Plan::new(self).captures(self, uri)
    }

    /// Whether `uri` matches the template: whether
    /// [`match_uri`](Self::match_uri) gives `Some`.
    ///
    /// ```
    /// use rfc3986::template::Template;
    ///
    /// let template = Template::parse("/users/{id}")?;
    /// assert!(template.matches("/users/42"));
    /// assert!(!template.matches("/users/42/posts"));
    /// assert!(!template.matches("/users/a+b"));
    /// # Ok::<(), rfc3986::ParseError>(())
    /// ```
    pub fn matches(&self, uri: &str) -> bool {
        Plan::new(self).matches(self, uri)
    }

    /// The template as a [`Matcher`], which works out its plan once for
    /// matching many URIs.
    ///
    /// ```
    /// use rfc3986::template::{Template, Value};
    ///
    /// let matcher = Template::parse("/users/{id}")?.into_matcher();
    /// assert_eq!(matcher.match_uri("/users/7").unwrap().get("id"), Some(&Value::from("7")));
    /// # Ok::<(), rfc3986::ParseError>(())
    /// ```
    pub fn into_matcher(self) -> Matcher<S> {
        Matcher::new(self)
    }
}

/// A [`Template`] ready to match many URIs: what
/// [`Template::match_uri`] works out on each call (the literals and how
/// each expression's text is bounded) is worked out once, here. A router
/// keeps one per route.
///
/// ```
/// use rfc3986::template::{Template, Value};
///
/// let routes: Vec<_> = ["/users/{id}", "/users/{id}/posts{/post}", "/search{?q,page}"]
///     .into_iter()
///     .map(|text| text.parse::<Template>().unwrap().into_matcher())
///     .collect();
/// let route = |uri: &str| {
///     routes
///         .iter()
///         .find_map(|route| Some((route.template().as_str(), route.match_uri(uri)?)))
/// };
/// let (template, vars) = route("/users/7/posts/12").unwrap();
/// assert_eq!(template, "/users/{id}/posts{/post}");
/// assert_eq!(vars.get("post"), Some(&Value::from("12")));
/// let (template, vars) = route("/search?q=a%26b").unwrap();
/// assert_eq!(template, "/search{?q,page}");
/// assert_eq!(vars.get("q"), Some(&Value::from("a&b")));
/// assert!(route("/nowhere").is_none());
/// ```
///
/// # What matches
///
/// A URI matches when it is, part for part, text the template's parts
/// expand to (RFC 6570 section 3):
///
/// - **Literals** match as they expand (section 3.1): ASCII characters
///   exactly; a pct-encoded triplet of the template matches the same
///   triplet with its hexadecimal digits in either case; a character above
///   ASCII matches itself (as [`expand_iri`](Template::expand_iri) writes
///   it) or the triplets of its UTF-8 in either case (as
///   [`expand`](Template::expand) writes it).
/// - **An expression** matches the empty text (all its variables
///   undefined), or its operator's `first` followed by the values of its
///   defined variables, separated by its `sep`. Each expression's text is
///   bounded by what its expansion can hold:
///   - `{var}`, `{.var}`, `{/var}`, `{;var}`, `{?var}`, `{&var}` values are
///     unreserved characters, pct-encoded triplets and characters above
///     ASCII: anything else that the expansion would have percent-encoded
///     ends the value (`{/x}` stops at `/`, `?` and `#`; `{?x}` at `#`). Only
///     the operator's own delimiters stand between values: `,` (a
///     non-exploded list's items), `=` (after a name, and in the pairs of
///     an exploded associative array), and `sep`.
///   - `{+var}` and `{#var}` values are also reserved characters: a
///     `{+var}` runs on through `/`, `?` and `#` to where the rest of the
///     template can match.
///   - A `%` not followed by two hexadecimal digits is in no value (an
///     expansion writes it `%25`).
/// - **Named variables** (`;`, `?`, `&`) are matched by name, in the order
///   of the expression: `{?x,y}` matches `?x=1&y=2`, `?y=2` (x undefined)
///   and `?x=1`, but not `?y=2&x=1`. `;x` is `x` with an empty value, and
///   so is `?x=` (the `ifemp` of each operator); `?x` does not match.
/// - **A variable used twice** (`{a}/{a}`) must get the same value each
///   time (or be undefined each time); the split chosen by the rules below
///   is checked, and the template does not match if the values differ
///   there, even if another split would have agreed.
///
/// ```
/// use rfc3986::template::{Template, Value};
///
/// let matches = |t: &str, uri: &str| Template::parse(t).unwrap().matches(uri);
/// assert!(matches("/caf%C3%A9/{x}", "/caf%c3%a9/1")); // triplets in either case
/// assert!(matches("/café/{x}", "/caf%C3%A9/1")); // above ASCII: as is or encoded
/// assert!(!matches("/{x}", "/a+b")); // `+` would have been encoded
/// assert!(!matches("/{x}", "/100%")); // so would a lone `%`
/// assert!(matches("{+x}", "/a+b?c#d")); // reserved characters in `{+x}`
/// assert!(matches("{?x,y}", "?y=2"));
/// assert!(!matches("{?x,y}", "?y=2&x=1")); // named variables in order
/// assert!(!matches("{?x}", "?x")); // `?` writes `x=` for the empty string
/// assert!(matches("{a}/{a}", "1/1"));
/// assert!(!matches("{a}/{a}", "1/2"));
/// ```
///
/// # Values
///
/// - **Strings** are percent-decoded as UTF-8. Octets that are not UTF-8
///   keep their percent-encoded text (`%FF` is the value `%FF`).
/// - In `{+var}` and `{#var}`, whose values keep their triplets as they
///   are, a triplet is decoded only where the value decoded would expand to
///   it again: not the triplets of the characters such an expansion writes
///   as they are (unreserved and reserved characters: `%2F` stays `%2F`,
///   since the value `/` would expand to `/`), nor `%25` followed by two
///   hexadecimal digits (the value `%41` expands to `%41`, not `%2541`),
///   nor a triplet with a lowercase hexadecimal digit (expansion writes
///   the triplets it encodes in uppercase: `%c3%a9` stays as it is, `%C3%A9`
///   is `é`). Every other triplet is decoded.
/// - **Lists**: a non-exploded variable whose text holds an unencoded `,`
///   (which a string's expansion would have encoded as `%2C`) is a
///   [`Value::List`] of the items between the commas; with no `,` it is a
///   [`Value::String`], as a one-item list would expand the same. A
///   non-exploded associative array expands like a list (`k1,v1,k2,v2`),
///   and reads back as one. In `{+var}` and `{#var}`, whose strings may
///   hold `,`, a non-exploded variable is always a string. In `{;x}`,
///   `x=` is the one-item list `[""]` (the empty string expands to `;x`).
/// - **Prefixes** (`{var:3}`): the text is the value, of at most that many
///   characters; only the prefix that was expanded can be recovered. A
///   prefixed variable is always a string (expansion refuses a list).
/// - **Explode** (`*`), where the result is unambiguous:
///   - `{/list*}`, `{.list*}`, `{list*}`: a [`Value::List`] of the items
///     between the separators, or, if every item is a `name=value` pair
///     (an unencoded `=`, which a list item would have encoded), a
///     [`Value::Map`] of the decoded pairs. In `{.keys*}`, where names and
///     values may hold `.`, an item without `=` belongs to the value
///     before it (or, before the first pair, to the first name).
///   - `{+list*}` and `{#list*}`: always a [`Value::List`] of the items
///     between the commas; a `key=value` item stays one string, since
///     keys and values may hold `=` and `,` as they are.
///   - `{?list*}`, `{;list*}`, `{&list*}`: the `name=value` pairs. If every
///     name is the variable's own, a [`Value::List`] of the values;
///     otherwise a [`Value::Map`] of the decoded pairs. When the expression
///     has other variables, a pair whose name is that of a variable after
///     the exploded one goes to it, and the others to the exploded
///     variable (if the rest of the text can match that way).
/// - **Undefined**: a variable whose text is empty and that no operator
///   delimiter marks as defined is left out of the result: `{x}` against
///   the empty text gives no `x`, whereas `{/x}` against `/` gives
///   `x = ""`.
///
/// ```
/// use rfc3986::template::{Template, Value};
///
/// let get = |t: &str, uri: &str, name: &str| {
///     Template::parse(t).unwrap().match_uri(uri).unwrap().get(name).cloned()
/// };
/// assert_eq!(get("{x}", "a%20b%2C", "x"), Some(Value::from("a b,")));
/// assert_eq!(get("{x}", "%FF", "x"), Some(Value::from("%FF"))); // not UTF-8
/// assert_eq!(get("{+x}", "%2F%20", "x"), Some(Value::from("%2F "))); // `/` would expand to `/`
/// assert_eq!(get("{x}", "a,b", "x"), Some(Value::from(["a", "b"])));
/// assert_eq!(get("{+x}", "a,b", "x"), Some(Value::from("a,b")));
/// assert_eq!(get("{;x}", ";x=", "x"), Some(Value::from([""])));
/// assert_eq!(get("{x:3}", "caf", "x"), Some(Value::from("caf"))); // only the prefix
/// assert_eq!(get("{/list*}", "/a/b", "list"), Some(Value::from(["a", "b"])));
/// assert_eq!(get("{/keys*}", "/a=1/b=2", "keys"), Some(Value::from([("a", "1"), ("b", "2")])));
/// assert_eq!(get("{+list*}", "a=1,b", "list"), Some(Value::from(["a=1", "b"])));
/// assert_eq!(get("{?list*}", "?list=a&list=b", "list"), Some(Value::from(["a", "b"])));
/// assert_eq!(get("{?keys*}", "?a=1&b=", "keys"), Some(Value::from([("a", "1"), ("b", "")])));
/// assert_eq!(get("{?x,keys*}", "?x=1&a=2", "keys"), Some(Value::from([("a", "2")])));
/// assert_eq!(get("{x}", "", "x"), None);
/// assert_eq!(get("{/x}", "/", "x"), Some(Value::from("")));
/// ```
///
/// # Which split
///
/// Where more than one split of the URI would match, the matcher returns
/// the **leftmost-longest** one: each expression, in the order of the
/// template, takes the longest text that lets the rest of the template
/// match. `{a}{b}` against `xy` gives `a = "xy"` and no `b`; `{a}-{b}`
/// against `x-y-z` gives `a = "x-y"`, `b = "z"`; `{+path}/{file}` against
/// `/a/b/c` gives `path = "/a/b"`. Inside one expression, variables are
/// filled from the left: a non-exploded variable takes one item (then
/// more, only if the rest cannot match otherwise), an exploded one as
/// many as it can, and the last variable what remains; `{x,y}` against
/// `1,2,3` gives `x = "1"`, `y = ["2", "3"]`.
///
/// ```
/// use rfc3986::template::{Template, Value};
///
/// let vars = |t: &str, uri: &str| -> Vec<(String, Value)> {
///     Template::parse(t).unwrap().match_uri(uri).unwrap().into_iter().collect()
/// };
/// assert_eq!(vars("{a}{b}", "xy"), [("a".into(), Value::from("xy"))]);
/// assert_eq!(
///     vars("{+path}/{file}", "/a/b/c"),
///     [("path".into(), Value::from("/a/b")), ("file".into(), Value::from("c"))]
/// );
/// assert_eq!(
///     vars("{x,y}", "1,2,3"),
///     [("x".into(), Value::from("1")), ("y".into(), Value::from(["2", "3"]))]
/// );
/// // An encoded `/` stays in its segment.
/// assert_eq!(vars("{/path*}", "/a%2Fb/c"), [("path".into(), Value::from(["a/b", "c"]))]);
/// ```
///
/// Matching an expansion and expanding the values found gives the same
/// text, whatever the split: each expression's values expand to the text
/// it was matched in. The one exception is a `{+var}` or `{#var}` value
/// holding a triplet that expansion never writes by itself (of an
/// unreserved character, with a lowercase hexadecimal digit, or not
/// UTF-8), where an expression before it can take that text: that
/// expression takes it, and decodes it. `{x}{+y}` with `y = "%41"` expands
/// to `%41`, which matches as `x = "A"`, which expands to `A`: the same
/// URI by RFC 3986's normalization (section 6.2.2), but not the same text.
/// Values are decoded however their triplets are written, so that
/// `/a%2fb` matches `/{x}`.
///
/// # Cost
///
/// The search backtracks over the candidate ends of each expression,
/// from the longest down, and remembers each (part, position) where the
/// rest of the template failed, so that no state is explored twice: the
/// work is polynomial in the URI's length, never exponential. The
/// failures are kept as ranges of positions, and a part skips a whole
/// range of ends that lead nowhere in one step, so that a chain like
/// `{a}{b}{c}...` against a long URI that does not match costs about a
/// step per (part, position). An expression's text is checked (parsed
/// into values) only for the ends not known to fail: `{var}`, `{+var}`,
/// `{#var}`, `{.var}`, `{/var}` without modifiers take any text of their
/// characters and need no check; for the others, the last piece of the
/// text is checked first, which rejects most wrong ends at once. The
/// worst case is an expression that needs a check and whose text can run
/// to the end of a long URI: each of its ends is parsed, quadratic in the
/// length of that text. Memory grows with the number of failed ranges,
/// and the search keeps its own stack: no input recurses deeply.
///
/// # Routing
///
/// [`Template::match_uri`] works out the template's plan on each call.
/// A router builds a [`Matcher`] once per route ([`Matcher::new`] or
/// [`Template::into_matcher`]), keeps them in a list, and for each
/// request tries them in order (or only those whose
/// [`literal_prefix`](Matcher::literal_prefix) the URI starts with,
/// from an index it builds once), taking the first whose
/// [`captures`](Matcher::captures) is `Some`.
#[derive(Clone)]
pub struct Matcher<S = String> {
    template: Template<S>,
    plan: Plan,
}

impl<S: Storage> core::fmt::Debug for Matcher<S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_tuple("Matcher")
            .field(&self.template.as_str())
            .finish()
    }
}

impl<S: Storage> Matcher<S> {
    /// Works out the plan of `template`.
    pub fn new(template: Template<S>) -> Matcher<S> {
        let plan = Plan::new(&template);
        Matcher { template, plan }
    }

    /// The template.
    pub fn template(&self) -> &Template<S> {
        &self.template
    }

    /// The template, given back.
    pub fn into_template(self) -> Template<S> {
        self.template
    }

    /// The literal text the template starts with, before its first
    /// expression, as written (empty if it starts with one). Every URI
    /// that matches starts with it, where it is ASCII and holds no `%`
    /// (triplets match in either case, characters above ASCII also
    /// percent-encoded): a router can index its routes by it.
    ///
    /// ```
    /// use rfc3986::template::Template;
    ///
    /// let matcher = Template::parse("/users/{id}{?fields}")?.into_matcher();
    /// assert_eq!(matcher.literal_prefix(), "/users/");
    /// let matcher = Template::parse("{+base}/x")?.into_matcher();
    /// assert_eq!(matcher.literal_prefix(), "");
    /// # Ok::<(), rfc3986::ParseError>(())
    /// ```
    pub fn literal_prefix(&self) -> &str {
        match self.plan.steps.first() {
            Some(Step::Literal(range)) => &self.template.as_str()[range.clone()],
            _ => "",
        }
    }

    /// [`Template::match_uri`], with the plan worked out already.
    ///
    /// ```
    /// use rfc3986::template::{Template, Value};
    ///
    /// let matcher = Template::parse("{/segments*}")?.into_matcher();
    /// let vars = matcher.match_uri("/a/b").unwrap();
    /// assert_eq!(vars.get("segments"), Some(&Value::from(["a", "b"])));
    /// # Ok::<(), rfc3986::ParseError>(())
    /// ```
    pub fn match_uri(&self, uri: &str) -> Option<Variables> {
        self.captures(uri).map(Captures::into_variables)
    }

    /// [`Template::captures`], with the plan worked out already.
    ///
    /// ```
    /// use rfc3986::template::Template;
    ///
    /// let matcher = Template::parse("/a/{b}")?.into_matcher();
    /// assert_eq!(matcher.captures("/a/c").unwrap().range("b"), Some(3..4));
    /// # Ok::<(), rfc3986::ParseError>(())
    /// ```
    pub fn captures<'u>(&self, uri: &'u str) -> Option<Captures<'u>> {
        self.plan.captures(&self.template, uri)
    }

    /// [`Template::matches`], with the plan worked out already.
    ///
    /// ```
    /// use rfc3986::template::Template;
    ///
    /// let matcher = Template::parse("/a/{b}")?.into_matcher();
    /// assert!(matcher.matches("/a/c"));
    /// assert!(!matcher.matches("/a/c/d"));
    /// # Ok::<(), rfc3986::ParseError>(())
    /// ```
    pub fn matches(&self, uri: &str) -> bool {
        self.plan.matches(&self.template, uri)
    }
}

/// The variables of a URI that matched a template
/// ([`Template::captures`]): each defined variable's value and where its
/// text lies in the URI, in the order of the template.
///
/// ```
/// use rfc3986::template::{Template, Value};
///
/// let captures = Template::parse("{?q,lang}")?.captures("?q=caf%C3%A9").unwrap();
/// assert_eq!(captures.len(), 1);
/// let q = captures.iter().next().unwrap();
/// assert_eq!((q.name(), q.value(), q.range()), ("q", &Value::from("café"), 3..12));
/// assert_eq!(captures.uri(), "?q=caf%C3%A9");
/// # Ok::<(), rfc3986::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Captures<'u> {
    uri: &'u str,
    captures: Vec<Capture>,
}

impl<'u> Captures<'u> {
    /// The URI that matched.
    pub fn uri(&self) -> &'u str {
        self.uri
    }

    /// The value of the variable `name`, if it is defined.
    pub fn get(&self, name: &str) -> Option<&Value> {
        self.capture(name).map(Capture::value)
    }

    /// Where the text of the variable `name` lies in the URI. See
    /// [`Capture::range`].
    pub fn range(&self, name: &str) -> Option<Range<usize>> {
        self.capture(name).map(Capture::range)
    }

    /// The text of the variable `name` in the URI, as it is written there
    /// (not decoded). See [`Capture::range`].
    pub fn text(&self, name: &str) -> Option<&'u str> {
        self.uri.get(self.range(name)?)
    }

    /// The capture of the variable `name`, if it is defined.
    pub fn capture(&self, name: &str) -> Option<&Capture> {
        self.captures.iter().find(|capture| capture.name == name)
    }

    /// The captures, in the order of the template.
    pub fn iter(&self) -> core::slice::Iter<'_, Capture> {
        self.captures.iter()
    }

    /// How many variables are defined.
    pub fn len(&self) -> usize {
        self.captures.len()
    }

    /// Whether none is.
    pub fn is_empty(&self) -> bool {
        self.captures.is_empty()
    }

    /// The values, by name, in the order of the template.
    pub fn into_variables(self) -> Variables {
        self.captures
            .into_iter()
            .map(|capture| (capture.name, capture.value))
            .collect()
    }
}

impl<'a> IntoIterator for &'a Captures<'_> {
    type Item = &'a Capture;
    type IntoIter = core::slice::Iter<'a, Capture>;

    fn into_iter(self) -> Self::IntoIter {
        self.captures.iter()
    }
}

/// One defined variable of a match: its name, its value, and where its
/// text lies in the URI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Capture {
    name: String,
    value: Value,
    range: Range<usize>,
}

impl Capture {
    /// The variable's name, as the template writes it.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The variable's value.
    pub fn value(&self) -> &Value {
        &self.value
    }

    /// The variable's value, given back.
    pub fn into_value(self) -> Value {
        self.value
    }

    /// Where the variable's text lies in the URI: its value (after `name=`
    /// for a named variable; empty, at the end of the name, for `;name`);
    /// for an exploded variable, all its items with the separators between
    /// them (and, for a named one, the names).
    ///
    /// ```
    /// use rfc3986::template::Template;
    ///
    /// let template = Template::parse("{;x,list*}")?;
    /// let captures = template.captures(";x=1;list=a;list=b").unwrap();
    /// assert_eq!(captures.capture("x").unwrap().range(), 3..4);
    /// assert_eq!(captures.text("list"), Some("list=a;list=b"));
    /// # Ok::<(), rfc3986::ParseError>(())
    /// ```
    pub fn range(&self) -> Range<usize> {
        self.range.clone()
    }
}

/// The ASCII characters of a class, as the bits of a `u128`.
type Ascii = u128;

/// The bits of the ASCII bytes of `bytes`.
const fn ascii(bytes: &[u8]) -> Ascii {
    let mut bits = 0;
    let mut i = 0;
    while i < bytes.len() {
        bits |= 1 << bytes[i];
        i += 1;
    }
    bits
}

/// `unreserved` (RFC 3986 section 2.3).
const UNRESERVED: Ascii =
    ascii(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~");

/// `reserved` (RFC 3986 section 2.2).
const RESERVED: Ascii = ascii(b":/?#[]@!$&'()*+,;=");

/// Whether the ASCII byte `byte` is in `class`.
fn has(class: Ascii, byte: u8) -> bool {
    byte < 128 && class >> byte & 1 == 1
}

/// One part of a template's plan.
#[derive(Clone, Debug)]
enum Step {
    /// A literal: its range in the template's text.
    Literal(Range<usize>),
    /// An expression.
    Expression(ExpressionPlan),
}

/// How an expression's text is bounded.
#[derive(Clone, Debug)]
struct ExpressionPlan {
    /// Its index in the template's expressions.
    index: usize,
    operator: Operator,
    /// The ASCII characters of its text after `first` (the characters of
    /// values, and the operator's delimiters); pct-encoded triplets and
    /// characters above ASCII are in every expression's text.
    class: Ascii,
    /// Whether every text of `first` followed by characters of `class`
    /// (and the empty text) is one the expression expands to: its ends
    /// need no check.
    free: bool,
    /// At most so many `sep` in its text (its variables are all
    /// non-exploded and take one item each).
    max_separators: usize,
    /// At most so many tokens (ASCII characters, triplets, characters
    /// above ASCII) in its text after `first`, where every variable has a
    /// prefix: each character of a value is at most four triplets.
    max_tokens: usize,
    /// Whether the operator's `first` is its `sep` or `?` (`.`, `/`, `;`,
    /// `?`, `&`): no text of the expression starts inside a piece, so the
    /// pieces before an end are the same from any start.
    fixed_pieces: bool,
}

impl ExpressionPlan {
    /// Whether its text is bounded only by its characters: the run from
    /// any position of a run ends where the run does.
    fn unbounded(&self) -> bool {
        self.max_separators == usize::MAX && self.max_tokens == usize::MAX
    }
}

/// A template's plan: its parts, with how each expression is bounded.
#[derive(Clone, Debug)]
struct Plan {
    steps: Vec<Step>,
}

impl Plan {
    fn new<S: Storage>(template: &Template<S>) -> Plan {
        let mut steps = Vec::with_capacity(2 * template.expressions.len() + 1);
        let mut pos = 0;
        for (index, expression) in template.expressions.iter().enumerate() {
            if pos < expression.span.start {
                steps.push(Step::Literal(pos..expression.span.start));
            }
            pos = expression.span.end;
            let vars = &template.vars[expression.vars.clone()];
            let operator = expression.operator;
            let explode = vars.iter().any(|var| var.explode);
            let prefix = vars.iter().any(|var| var.prefix.is_some());
            let sep = operator.separator().as_bytes()[0];
            let single = vars.len() == 1 && !explode;
            let class = if operator.allows_reserved() {
                UNRESERVED | RESERVED
            } else {
                let mut class = UNRESERVED | ascii(b",");
                if operator.named() || explode {
                    class |= ascii(b"=");
                }
                // A path segment's single value holds no `/`: its text is
                // one segment.
                if !(operator == Operator::PathSegment && single) {
                    class |= 1 << sep;
                }
                class
            };
            let free = !prefix
                && match operator {
                    Operator::Reserved | Operator::Fragment => true,
                    Operator::Simple | Operator::Label => !explode,
                    Operator::PathSegment => single,
                    _ => false,
                };
            let max_separators = if !explode
                && matches!(
                    operator,
                    Operator::PathSegment
                        | Operator::PathParameter
                        | Operator::Query
                        | Operator::QueryContinuation
                ) {
                vars.len().saturating_sub(1)
            } else {
                usize::MAX
            };
            let max_tokens = vars.iter().try_fold(0usize, |sum, var| {
                let name = if operator.named() {
                    var.name.len() + 1
                } else {
                    0
                };
                // The separator before it, its name and `=`, and its value.
                Some(sum + 1 + name + 4 * usize::from(var.prefix?))
            });
            steps.push(Step::Expression(ExpressionPlan {
                index,
                operator,
                class,
                free,
                max_separators,
                max_tokens: max_tokens.unwrap_or(usize::MAX),
                fixed_pieces: matches!(
                    operator,
                    Operator::Label
                        | Operator::PathSegment
                        | Operator::PathParameter
                        | Operator::Query
                        | Operator::QueryContinuation
                ),
            }));
        }
        if pos < template.as_str().len() {
            steps.push(Step::Literal(pos..template.as_str().len()));
        }
        Plan { steps }
    }

    fn matches<S: Storage>(&self, template: &Template<S>, uri: &str) -> bool {
        self.captures(template, uri).is_some()
    }

    fn captures<'u, S: Storage>(
        &self,
        template: &Template<S>,
        uri: &'u str,
    ) -> Option<Captures<'u>> {
        let starts = self.split(template, uri)?;
        let mut captures: Vec<Capture> = Vec::new();
        // Each variable's name, for those used twice: the expressions must
        // agree on their values.
        let mut seen: Vec<&str> = Vec::new();
        for (step, range) in self.steps.iter().zip(starts.windows(2)) {
            let Step::Expression(plan) = step else {
                continue;
            };
            let found = parse(template, plan, uri, range[0]..range[1], true)?;
            let expression = &template.expressions[plan.index];
            for var in &template.vars[expression.vars.clone()] {
                let name = &template.as_str()[var.name.clone()];
                let mine = found.iter().find(|capture| capture.name == name);
                if seen.contains(&name) {
                    let before = captures.iter().find(|capture| capture.name == name);
                    if before.map(Capture::value) != mine.map(Capture::value) {
                        return None;
                    }
                } else {
                    seen.push(name);
                    captures.extend(mine.cloned());
                }
            }
        }
        Some(Captures { uri, captures })
    }

    /// Where each part starts in `uri`, and its end: the leftmost-longest
    /// split of `uri` into texts of the parts, if there is one.
    ///
    /// A depth-first search over the parts, on a stack of its own: each
    /// frame is a part at a position, trying its candidate ends from the
    /// longest down. Each (part, position) where the rest of the template
    /// failed to match is remembered, and a frame skips the ends where
    /// the next part is known to fail in one step (the failures are kept
    /// as ranges), so that no state is explored twice and a run of failed
    /// ends costs nothing to skip.
    fn split<S: Storage>(&self, template: &Template<S>, uri: &str) -> Option<Vec<usize>> {
        let bytes = uri.as_bytes();
        let steps = &self.steps;
        // The (part, position) pairs where the rest of the template fails.
        let mut failed = Failures::default();
        // The (part, end) pairs where no non-empty text of the part leads
        // to a match: the next part fails there, or the end is inside a
        // token, or (where the expression's `fixed_pieces`) no text of the
        // expression ends there, from any start. One map for all, so that
        // a frame skips them all in one step.
        let mut dead = Failures::default();
        let mut runs: Vec<Option<(usize, usize)>> = vec![None; steps.len()];
        let mut stack: Vec<Frame> = Vec::with_capacity(steps.len() + 1);
        stack.push(self.frame(template, 0, 0, bytes, &mut runs));
        loop {
            let top = stack.last_mut()?;
            let part = top.part;
            if part == steps.len() {
                if top.pos == uri.len() {
                    return Some(stack.iter().map(|frame| frame.pos).collect());
                }
            } else if let Some(end) = self.next_end(template, uri, top, &failed, &mut dead) {
                let frame = self.frame(template, part + 1, end, bytes, &mut runs);
                stack.push(frame);
                continue;
            }
            // The part fails here.
            let pos = top.pos;
            failed.set(part, pos);
            if let Some(before) = part.checked_sub(1) {
                dead.set(before, pos);
            }
            stack.pop();
        }
    }

    /// The next end of the frame `top` to try: the longest that is valid
    /// for its part and not known to lead nowhere.
    fn next_end<S: Storage>(
        &self,
        template: &Template<S>,
        uri: &str,
        top: &mut Frame,
        failed: &Failures,
        dead: &mut Failures,
    ) -> Option<usize> {
        let bytes = uri.as_bytes();
        let part = top.part;
        while let Some(next) = top.next {
            if next <= top.pos {
                // The empty text (every variable undefined).
                top.next = None;
                return (!failed.has(part + 1, top.pos)).then_some(top.pos);
            }
            let Some(end) = dead.below(part, next, top.lo.max(top.pos + 1)) else {
                top.next = (top.lo <= top.pos).then_some(top.pos);
                continue;
            };
            top.next = Some(end - 1).filter(|&below| below >= top.lo);
            if !is_boundary(bytes, end) {
                // No part starts inside a triplet or a character.
                dead.set(part, end);
                continue;
            }
            let plan = match &self.steps[part] {
                Step::Expression(plan) if !top.free => plan,
                _ => return Some(end),
            };
            if !last_piece_possible(template, plan, uri, top.pos..end) {
                if plan.fixed_pieces {
                    dead.set(part, end);
                }
                continue;
            }
            if parse(template, plan, uri, top.pos..end, false).is_some() {
                return Some(end);
            }
        }
        None
    }

    /// The frame of part `part` at `pos`: its candidate ends.
    ///
    /// `runs` holds, for each expression, the last run of its characters
    /// found (`(start, end)`), so that the frames in one run find its end
    /// once.
    fn frame<S: Storage>(
        &self,
        template: &Template<S>,
        part: usize,
        pos: usize,
        bytes: &[u8],
        runs: &mut [Option<(usize, usize)>],
    ) -> Frame {
        let mut frame = Frame {
            part,
            pos,
            lo: pos,
            next: None,
            free: false,
        };
        match self.steps.get(part) {
            None => {}
            Some(Step::Literal(range)) => {
                frame.next = match_literal(&template.as_str()[range.clone()], bytes, pos);
                frame.lo = frame.next.unwrap_or(pos);
            }
            Some(Step::Expression(plan)) => {
                let first = plan.operator.first().as_bytes();
                let start = if first.is_empty() {
                    pos
                } else if bytes.get(pos) == first.first() {
                    pos + 1
                } else {
                    // Only the empty text: every variable undefined.
                    frame.next = Some(pos);
                    return frame;
                };
                let hi = match runs[part] {
                    // A run without bounds ends where the run around it
                    // does.
                    Some((from, hi)) if plan.unbounded() && from <= start && start <= hi => hi,
                    _ => {
                        let hi = run(bytes, start, plan, runs[part]);
                        if plan.unbounded() {
                            runs[part] = Some((start, hi));
                        }
                        hi
                    }
                };
                frame.next = Some(hi);
                frame.free = plan.free;
            }
        }
        frame
    }
}

/// One part being matched at one position: the search's stack frame.
#[derive(Clone, Debug)]
struct Frame {
    part: usize,
    /// Where the part starts.
    pos: usize,
    /// The lowest end the part can have.
    lo: usize,
    /// The next end to try, from the longest down (each byte position; a
    /// position inside a token is no end).
    next: Option<usize>,
    /// Whether every end up to the end of the run is valid for the
    /// expression (its plan is free).
    free: bool,
}

/// The (part, position) pairs where matching the rest of the template
/// failed, as ranges of positions for each part: `(part, last)` to
/// `first`. Memory grows with the number of ranges, not with the input.
#[derive(Default)]
struct Failures {
    ranges: BTreeMap<(usize, usize), usize>,
}

impl Failures {
    /// Whether `part` is known to fail at `pos`.
    fn has(&self, part: usize, pos: usize) -> bool {
        self.range(part, pos).is_some()
    }

    /// The range of failed positions of `part` that holds `pos`.
    fn range(&self, part: usize, pos: usize) -> Option<(usize, usize)> {
        let (&(found, last), &first) = self.ranges.range((part, pos)..).next()?;
        (found == part && first <= pos).then_some((first, last))
    }

    /// The highest position from `pos` down to `lo` where `part` is not
    /// known to fail.
    fn below(&self, part: usize, pos: usize, lo: usize) -> Option<usize> {
        match self.range(part, pos) {
            None => Some(pos),
            Some((first, _)) => first.checked_sub(1).filter(|&below| below >= lo),
        }
    }

    /// Notes that `part` fails at `pos`, merging the ranges it joins.
    fn set(&mut self, part: usize, pos: usize) {
        if self.range(part, pos).is_some() {
            return;
        }
        let mut first = pos;
        let mut last = pos;
        if let Some(below) = pos.checked_sub(1) {
            if let Some(start) = self.ranges.remove(&(part, below)) {
                first = start;
            }
        }
        if let Some((&(found, end), &start)) = self.ranges.range((part, pos + 1)..).next() {
            if found == part && start == pos + 1 {
                self.ranges.remove(&(part, end));
                last = end;
            }
        }
        self.ranges.insert((part, last), first);
    }
}

/// Whether `pos` is at the boundary of a token of `bytes`: not inside a
/// pct-encoded triplet or a character above ASCII.
fn is_boundary(bytes: &[u8], pos: usize) -> bool {
    let inside_char = bytes.get(pos).is_some_and(|&byte| byte & 0xC0 == 0x80);
    let inside_triplet = (1..=2).any(|back| {
        pos.checked_sub(back)
            .is_some_and(|at| octet_at(bytes, at).is_some())
    });
    !inside_char && !inside_triplet
}

/// The end of the literal `literal` matched at `bytes[pos..]`, if it
/// matches there (see [`Matcher`]'s rules).
fn match_literal(literal: &str, bytes: &[u8], mut pos: usize) -> Option<usize> {
    let lit = literal.as_bytes();
    let mut i = 0;
    while i < lit.len() {
        let byte = lit[i];
        if byte == b'%' {
            if octet_at(lit, i)? != octet_at(bytes, pos)? {
                return None;
            }
            i += 3;
            pos += 3;
        } else if byte < 0x80 {
            if bytes.get(pos) != Some(&byte) {
                return None;
            }
            i += 1;
            pos += 1;
        } else {
            let c = literal[i..].chars().next()?;
            let utf8 = &lit[i..i + c.len_utf8()];
            if bytes.get(pos..pos + utf8.len()) == Some(utf8) {
                pos += utf8.len();
            } else {
                for &octet in utf8 {
                    if octet_at(bytes, pos)? != octet {
                        return None;
                    }
                    pos += 3;
                }
            }
            i += utf8.len();
        }
    }
    Some(pos)
}

/// The end of the run of an expression's text from `start` (after its
/// `first`): ASCII characters of its class, pct-encoded triplets and
/// characters above ASCII; at most `max_separators` of the operator's
/// `sep`, and at most `max_tokens` of these.
///
/// `known` is a run found before (`(start, end)`): reaching its start, the
/// run goes on to its end, where the expression is
/// [`unbounded`](ExpressionPlan::unbounded).
fn run(bytes: &[u8], start: usize, plan: &ExpressionPlan, known: Option<(usize, usize)>) -> usize {
    let sep = plan.operator.separator().as_bytes()[0];
    let mut separators = 0;
    let mut i = start;
    for _ in 0..plan.max_tokens {
        if let Some((from, hi)) = known {
            if i == from && plan.unbounded() {
                return hi;
            }
        }
        let Some(&byte) = bytes.get(i) else {
            break;
        };
        if byte == b'%' {
            if octet_at(bytes, i).is_none() {
                break;
            }
            i += 3;
        } else if byte >= 0x80 {
            i += 1;
            // The rest of the character: its continuation bytes.
            while bytes.get(i).is_some_and(|&b| b & 0xC0 == 0x80) {
                i += 1;
            }
        } else if has(plan.class, byte) {
            if byte == sep {
                if separators == plan.max_separators {
                    break;
                }
                separators += 1;
            }
            i += 1;
        } else {
            break;
        }
    }
    i
}

/// One item of an expression's text, between two `sep`.
#[derive(Clone, Debug)]
struct Piece {
    start: usize,
    end: usize,
    /// Its first unencoded `=`.
    eq: Option<usize>,
    /// How many unencoded `=` it holds.
    eqs: usize,
    /// Whether it holds an unencoded `,`.
    comma: bool,
}

impl Piece {
    /// Its name: the text before its `=`, or all of it.
    fn name(&self) -> Range<usize> {
        self.start..self.eq.unwrap_or(self.end)
    }

    /// Its value: the text after its `=`, or nothing at its end.
    fn value(&self) -> Range<usize> {
        self.eq.map_or(self.end, |eq| eq + 1)..self.end
    }
}

/// The pieces of `bytes[range]`, split at each `sep`.
fn pieces(bytes: &[u8], range: Range<usize>, sep: u8) -> Vec<Piece> {
    let new = |start| Piece {
        start,
        end: start,
        eq: None,
        eqs: 0,
        comma: false,
    };
    let mut all = Vec::new();
    let mut piece = new(range.start);
    for at in range.clone() {
        match bytes[at] {
            byte if byte == sep => {
                piece.end = at;
                all.push(piece);
                piece = new(at + 1);
            }
            b'=' => {
                piece.eq.get_or_insert(at);
                piece.eqs += 1;
            }
            b',' => piece.comma = true,
            _ => {}
        }
    }
    piece.end = range.end;
    all.push(piece);
    all
}

/// What one variable of an expression is: its name and modifiers.
#[derive(Clone, Copy, Debug)]
struct Var<'t> {
    name: &'t str,
    prefix: Option<u16>,
    explode: bool,
}

/// Parses `uri[range]` as the text of the expression of `plan`: its
/// variables' captures (empty unless `build`), or `None` if no values
/// expand to it.
fn parse<S: Storage>(
    template: &Template<S>,
    plan: &ExpressionPlan,
    uri: &str,
    range: Range<usize>,
    build: bool,
) -> Option<Vec<Capture>> {
    if range.is_empty() {
        return Some(Vec::new());
    }
    let bytes = uri.as_bytes();
    let operator = plan.operator;
    let first = operator.first().as_bytes();
    if !bytes[range.clone()].starts_with(first) {
        return None;
    }
    let text = template.as_str();
    let expression = &template.expressions[plan.index];
    let vars: Vec<Var<'_>> = template.vars[expression.vars.clone()]
        .iter()
        .map(|var| Var {
            name: &text[var.name.clone()],
            prefix: var.prefix,
            explode: var.explode,
        })
        .collect();
    let sep = operator.separator().as_bytes()[0];
    let body = range.start + first.len()..range.end;
    let pieces = pieces(bytes, body, sep);
    let expr = Expr {
        uri,
        operator,
        vars: &vars,
        pieces: &pieces,
    };
    let groups = expr.assign()?;
    if !build {
        return Some(Vec::new());
    }
    let mut captures = Vec::with_capacity(groups.len());
    for (var, start, count) in groups {
        let (value, range) = expr.value(&vars[var], &pieces[start..start + count]);
        captures.push(Capture {
            name: String::from(vars[var].name),
            value,
            range,
        });
    }
    Some(captures)
}

/// Whether the last piece of `uri[range]`, the text of the expression of
/// `plan` (`range` not empty), may be some variable's: a check of the
/// piece alone, which rejects most wrong ends of a long text without
/// reading all of it. Where the operator's `first` is a separator or `?`,
/// the last piece is the same whatever the expression's start, and a
/// piece that fails it is no end of the expression from any start.
fn last_piece_possible<S: Storage>(
    template: &Template<S>,
    plan: &ExpressionPlan,
    uri: &str,
    range: Range<usize>,
) -> bool {
    let bytes = uri.as_bytes();
    let operator = plan.operator;
    let first = operator.first().as_bytes();
    if !bytes[range.clone()].starts_with(first) {
        return false;
    }
    let sep = operator.separator().as_bytes()[0];
    let body = range.start + first.len()..range.end;
    let start = bytes[body.clone()]
        .iter()
        .rposition(|&byte| byte == sep)
        .map_or(body.start, |at| body.start + at + 1);
    let last = &pieces(bytes, start..body.end, sep)[0];
    let text = template.as_str();
    let expression = &template.expressions[plan.index];
    let expr = Expr {
        uri,
        operator,
        vars: &[],
        pieces: &[],
    };
    template.vars[expression.vars.clone()].iter().any(|var| {
        let spec = Var {
            name: &text[var.name.clone()],
            prefix: var.prefix,
            explode: var.explode,
        };
        expr.possible(&spec, last)
    })
}

/// An expression's text, split into pieces, and its variables.
struct Expr<'a, 't> {
    uri: &'a str,
    operator: Operator,
    vars: &'a [Var<'t>],
    pieces: &'a [Piece],
}

impl Expr<'_, '_> {
    /// Which pieces each defined variable takes: `(variable, first piece,
    /// count)`, by [`Matcher`]'s rules; `None` if no assignment of all the
    /// pieces is valid. The search backtracks over each variable's counts,
    /// in the order of preference, remembering the (variable, piece)
    /// pairs that failed; it keeps its own stack.
    fn assign(&self) -> Option<Vec<(usize, usize, usize)>> {
        let vars = self.vars.len();
        let pieces = self.pieces.len();
        // The (variable, piece) states from which the rest fails.
        let mut failed = Failures::default();
        // Each level: (variable, first piece, counts left to try, count taken).
        let mut stack: Vec<(usize, usize, Counts, usize)> = Vec::new();
        let mut level = (0, 0);
        loop {
            let (var, piece) = level;
            if var == vars {
                if piece == pieces {
                    return Some(
                        stack
                            .iter()
                            .filter(|(_, _, _, count)| *count > 0)
                            .map(|&(var, start, _, count)| (var, start, count))
                            .collect(),
                    );
                }
            } else if !failed.has(var, piece) {
                stack.push((var, piece, self.counts(var, piece), 0));
            }
            // Take the next count of the top level, or fail it.
            loop {
                let top = stack.last_mut()?;
                match top.2.next() {
                    Some(count) if !failed.has(top.0 + 1, top.1 + count) => {
                        top.3 = count;
                        level = (top.0 + 1, top.1 + count);
                        break;
                    }
                    Some(_) => {}
                    None => {
                        failed.set(top.0, top.1);
                        stack.pop();
                    }
                }
            }
        }
    }

    /// The counts of pieces variable `var` may take from piece `at`, in
    /// the order of preference; each is valid for the variable.
    fn counts(&self, var: usize, at: usize) -> Counts {
        let mut counts = Counts {
            ranges: [(1, 0, true); 2],
            at: 0,
            taken: 0,
            zero: true,
            zero_first: false,
        };
        let left = self.pieces.len() - at;
        if left == 0 {
            return counts;
        }
        let spec = self.vars[var];
        let pieces = &self.pieces[at..];
        if self.operator.named() {
            if !spec.explode {
                let one = usize::from(self.named_piece(&spec, &pieces[0]));
                counts.ranges[0] = (1, one, true);
            } else {
                let most = pieces
                    .iter()
                    .take_while(|piece| self.exploded_named_piece(piece))
                    .count();
                // Stop before a pair named as a later variable, first;
                // then take more, then fewer.
                let later = &self.vars[var + 1..];
                let before = pieces[..most]
                    .iter()
                    .position(|piece| {
                        let name = &self.uri[piece.name()];
                        later.iter().any(|other| same_name(name, other.name))
                    })
                    .unwrap_or(most);
                counts.ranges = [
                    (before.max(1), most, true),
                    (1, before.saturating_sub(1), false),
                ];
                counts.zero_first = before == 0;
            }
        } else if spec.explode {
            let most = match self.operator {
                Operator::Reserved | Operator::Fragment => left,
                Operator::Label => pieces
                    .iter()
                    .take_while(|piece| piece.eqs <= 1 && !piece.comma)
                    .count(),
                _ => {
                    let pair = pieces[0].eqs == 1;
                    pieces
                        .iter()
                        .take_while(|piece| piece.eqs == usize::from(pair) && !piece.comma)
                        .count()
                }
            };
            counts.ranges[0] = (1, most, false);
        } else {
            let most = match self.operator {
                Operator::Reserved | Operator::Fragment => left,
                Operator::PathSegment => usize::from(pieces[0].eqs == 0),
                _ => pieces.iter().take_while(|piece| piece.eqs == 0).count(),
            };
            // More pieces hold more characters: those that fit the prefix
            // are the fewest.
            let fit = (1..=most)
                .take_while(|&count| self.fits_prefix(&spec, &pieces[..count]))
                .count();
            counts.ranges[0] = (1, fit, true);
        }
        counts
    }

    /// Whether `piece` may be one of the pieces `spec` takes (wherever it
    /// stands among them): what [`counts`](Self::counts) asks of each.
    fn possible(&self, spec: &Var<'_>, piece: &Piece) -> bool {
        if self.operator.named() {
            return if spec.explode {
                self.exploded_named_piece(piece)
            } else {
                self.named_piece(spec, piece)
            };
        }
        match (self.operator, spec.explode) {
            (Operator::Reserved | Operator::Fragment, _) => true,
            (_, true) => piece.eqs <= 1 && !piece.comma,
            (_, false) => piece.eqs == 0,
        }
    }

    /// Whether a non-exploded variable's pieces fit its prefix, if it has
    /// one: one string (no list) of at most so many characters.
    fn fits_prefix(&self, spec: &Var<'_>, pieces: &[Piece]) -> bool {
        let Some(length) = spec.prefix else {
            return true;
        };
        let reserved = self.operator.allows_reserved();
        if !reserved
            && (pieces.iter().any(|piece| piece.comma)
                || (self.operator == Operator::Simple && pieces.len() > 1))
        {
            return false;
        }
        let (Some(first), Some(last)) = (pieces.first(), pieces.last()) else {
            return true;
        };
        decode(&self.uri[first.start..last.end], reserved)
            .chars()
            .count()
            <= usize::from(length)
    }

    /// Whether `piece` is a non-exploded named variable's: `name`,
    /// `name=` or `name=value` as the operator writes them.
    fn named_piece(&self, spec: &Var<'_>, piece: &Piece) -> bool {
        if piece.eqs > 1 || !same_name(&self.uri[piece.name()], spec.name) {
            return false;
        }
        match piece.eq {
            // `;x` is the empty string; `?x` is nothing `?` writes.
            None => self.operator == Operator::PathParameter,
            Some(_) => match spec.prefix {
                Some(_) if piece.comma => false,
                // `;x=` is the list `[""]`, which takes no prefix.
                Some(_) if piece.value().is_empty() => self.operator != Operator::PathParameter,
                Some(length) => {
                    decode(&self.uri[piece.value()], false).chars().count() <= usize::from(length)
                }
                None => true,
            },
        }
    }

    /// Whether `piece` is an item of an exploded named variable: `name` (in
    /// `;`), `name=` (in `?` and `&`) or `name=value`, with no `,`.
    fn exploded_named_piece(&self, piece: &Piece) -> bool {
        if piece.eqs > 1 || piece.comma {
            return false;
        }
        match piece.eq {
            None => self.operator == Operator::PathParameter,
            Some(eq) => eq + 1 < piece.end || self.operator != Operator::PathParameter,
        }
    }

    /// The value of `spec`, which takes `pieces` (at least one), and where
    /// its text lies.
    fn value(&self, spec: &Var<'_>, pieces: &[Piece]) -> (Value, Range<usize>) {
        let uri = self.uri;
        let reserved = self.operator.allows_reserved();
        let (Some(first), Some(last)) = (pieces.first(), pieces.last()) else {
            return (Value::String(String::new()), 0..0);
        };
        let whole = first.start..last.end;
        let decoded = |range: Range<usize>| decode(&uri[range], reserved);
        // A non-exploded value: a string, or a list of the items between
        // its commas.
        let list_or_string = |range: Range<usize>| {
            let text = &uri[range];
            if reserved || !text.contains(',') {
                Value::String(decode(text, reserved))
            } else {
                Value::List(text.split(',').map(|item| decode(item, false)).collect())
            }
        };
        if self.operator.named() {
            if !spec.explode {
                let piece = first;
                let value = match piece.eq {
                    Some(_)
                        if piece.value().is_empty() && self.operator == Operator::PathParameter =>
                    {
                        Value::List(vec![String::new()])
                    }
                    _ => list_or_string(piece.value()),
                };
                return (value, piece.value());
            }
            let list = pieces
                .iter()
                .all(|piece| same_name(&uri[piece.name()], spec.name));
            let value = if list {
                Value::List(pieces.iter().map(|piece| decoded(piece.value())).collect())
            } else {
                Value::Map(
                    pieces
                        .iter()
                        .map(|piece| (decoded(piece.name()), decoded(piece.value())))
                        .collect(),
                )
            };
            return (value, whole);
        }
        if !spec.explode {
            let value = if self.operator == Operator::Simple && pieces.len() > 1 {
                Value::List(
                    pieces
                        .iter()
                        .map(|piece| decoded(piece.start..piece.end))
                        .collect(),
                )
            } else {
                list_or_string(whole.clone())
            };
            return (value, whole);
        }
        let pairs = !reserved && pieces.iter().any(|piece| piece.eq.is_some());
        if !pairs {
            let items = pieces.iter().map(|piece| decoded(piece.start..piece.end));
            return (Value::List(items.collect()), whole);
        }
        // Pairs: a piece without `=` (only in `{.keys*}`, whose names and
        // values may hold the `.` that separates the pieces) belongs to the
        // value before it, or before the first pair to the first name.
        let mut ranges: Vec<(Range<usize>, Range<usize>)> = Vec::new();
        let mut name_start = None;
        for piece in pieces {
            match piece.eq {
                Some(eq) => {
                    let start = name_start.take().unwrap_or(piece.start);
                    ranges.push((start..eq, eq + 1..piece.end));
                }
                None => match ranges.last_mut() {
                    Some((_, value)) => value.end = piece.end,
                    None => {
                        name_start.get_or_insert(piece.start);
                    }
                },
            }
        }
        let map = ranges
            .into_iter()
            .map(|(name, value)| (decoded(name), decoded(value)))
            .collect();
        (Value::Map(map), whole)
    }
}

/// The counts of pieces a variable may take, in the order of preference:
/// up to two ranges, each from the low end up or from the high end down,
/// and 0 (undefined), last or first.
#[derive(Clone, Debug)]
struct Counts {
    /// `(low, high, upward)`; empty where `low > high`.
    ranges: [(usize, usize, bool); 2],
    /// The range being taken.
    at: usize,
    /// How many of it are taken.
    taken: usize,
    /// Whether 0 is still to come.
    zero: bool,
    /// Whether 0 comes first rather than last.
    zero_first: bool,
}

impl Iterator for Counts {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if self.zero_first && self.zero {
            self.zero = false;
            return Some(0);
        }
        while let Some(&(low, high, upward)) = self.ranges.get(self.at) {
            if low <= high && self.taken <= high - low {
                let count = if upward {
                    low + self.taken
                } else {
                    high - self.taken
                };
                self.taken += 1;
                return Some(count);
            }
            self.at += 1;
            self.taken = 0;
        }
        core::mem::take(&mut self.zero).then_some(0)
    }
}

/// Whether `text` in a URI is the variable name `name`: the same
/// characters, the hexadecimal digits of triplets in either case.
fn same_name(text: &str, name: &str) -> bool {
    let (a, b) = (text.as_bytes(), name.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] == b'%' && b[i] == b'%' {
            if octet_at(a, i).is_none() || octet_at(a, i) != octet_at(b, i) {
                return false;
            }
            i += 3;
        } else if a[i] != b[i] {
            return false;
        } else {
            i += 1;
        }
    }
    true
}

/// Percent-decodes a value's text (see [`Matcher`]'s rules): each triplet
/// becomes its octet, and the octets are read as UTF-8, those that are
/// not keeping their triplets; where `reserved` (`+`, `#`), the triplets
/// of unreserved and reserved characters, `%25` before two hexadecimal
/// digits, and triplets with a lowercase digit, are kept as they are.
fn decode(text: &str, reserved: bool) -> String {
    let bytes = text.as_bytes();
    if !bytes.contains(&b'%') {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len());
    // Decoded octets not yet written, and where each one's triplet starts.
    let mut octets: Vec<u8> = Vec::new();
    let mut starts: Vec<usize> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if let Some(octet) = octet_at(bytes, i) {
            let lowercase = bytes[i + 1..i + 3].iter().any(u8::is_ascii_lowercase);
            let kept = reserved
                && (lowercase
                    || has(UNRESERVED | RESERVED, octet)
                    || (octet == b'%'
                        && bytes.get(i + 3).copied().and_then(hex_value).is_some()
                        && bytes.get(i + 4).copied().and_then(hex_value).is_some()));
            if !kept {
                octets.push(octet);
                starts.push(i);
                i += 3;
                continue;
            }
            flush(&mut out, &mut octets, &mut starts, text);
            out.push_str(&text[i..i + 3]);
            i += 3;
            continue;
        }
        flush(&mut out, &mut octets, &mut starts, text);
        let Some(c) = text[i..].chars().next() else {
            break;
        };
        out.push(c);
        i += c.len_utf8();
    }
    flush(&mut out, &mut octets, &mut starts, text);
    out
}

/// Writes the decoded `octets`: the UTF-8 as text, each other octet as
/// its triplet in `text` (at `starts`).
fn flush(out: &mut String, octets: &mut Vec<u8>, starts: &mut Vec<usize>, text: &str) {
    let mut at = 0;
    for chunk in octets.utf8_chunks() {
        out.push_str(chunk.valid());
        at += chunk.valid().len();
        for _ in chunk.invalid() {
            let start = starts[at];
            out.push_str(&text[start..start + 3]);
            at += 1;
        }
    }
    octets.clear();
    starts.clear();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decoding_keeps_what_reserved_expansion_keeps() {
        assert_eq!(decode("a%20b", false), "a b");
        assert_eq!(decode("%2F%41", false), "/A");
        assert_eq!(decode("%2F%41%20", true), "%2F%41 ");
        assert_eq!(decode("%2541%25z", true), "%2541%z");
        assert_eq!(decode("%c3%a9%C3%A9%0a%0A", true), "%c3%a9é%0a\n");
        assert_eq!(decode("%C3%A9%FF%c3", false), "é%FF%c3");
    }

    #[test]
    fn boundaries_are_not_inside_tokens() {
        let bytes = "a%41é%%41".as_bytes();
        let boundaries: Vec<usize> = (0..=bytes.len())
            .filter(|&at| is_boundary(bytes, at))
            .collect();
        assert_eq!(boundaries, [0, 1, 4, 6, 7, 10]);
    }

    #[test]
    fn failures_merge_into_ranges() {
        let mut failed = Failures::default();
        failed.set(1, 5);
        failed.set(1, 3);
        failed.set(1, 4);
        assert_eq!(failed.ranges.len(), 1);
        assert_eq!(failed.below(1, 5, 0), Some(2));
        assert_eq!(failed.below(1, 5, 3), None);
        assert_eq!(failed.below(1, 6, 0), Some(6));
        assert_eq!(failed.below(2, 5, 0), Some(5));
    }
}
