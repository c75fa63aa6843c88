//! The `mailto` scheme ([RFC 6068]).
//!
//! The grammar, `src/schemes/mailto.pest`, transcribes section 2:
//! `mailtoURI = "mailto:" [ to ] [ hfields ]`. [`Mailto`] holds the
//! addresses and header fields, percent-decoded.
//!
//! [RFC 6068]: https://www.rfc-editor.org/rfc/rfc6068

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use super::{Pair, SchemeError, SchemeViolation};
use crate::percent::percent_decode_utf8;
use crate::reference::Uri;

/// pest_derive's parser of the same files, as in `grammar.rs`: the oracle
/// the tests compare the compiled grammar with.
#[cfg(feature = "pest-parsers")]
#[allow(missing_docs)]
pub(crate) mod derived {
    use pest_derive::Parser;

    /// The parser derived from `uri.pest` and `src/schemes/mailto.pest`.
    #[derive(Parser)]
    #[grammar = "../uri.pest"]
    #[grammar = "schemes/mailto.pest"]
    pub struct MailtoParser;

    __uri_rule_roles!(Rule);
}

/// The grammar of `uri.pest` and `src/schemes/mailto.pest`, compiled by
/// `#[derive(rfc3986::Grammar)]` as a user's grammar is; `derived` is
/// pest_derive's parser of the same files, which the tests compare it with.
#[allow(missing_docs)]
pub(crate) mod grammar {
    /// `uri.pest` and `src/schemes/mailto.pest`.
    #[derive(rfc3986_derive::Grammar)]
    #[grammar = "schemes/mailto.pest"]
    #[scheme = "mailto"]
    pub struct MailtoGrammar;
}

use grammar::{MailtoGrammar, Rule};

/// The scheme name in errors.
pub(crate) const SCHEME: &str = "mailto";

/// A `mailto` URI (RFC 6068): the addresses of its `to` and its header
/// fields, percent-decoded.
///
/// ```
/// use rfc3986::schemes::mailto::Mailto;
///
/// let mailto = Mailto::parse("mailto:joe@example.com?cc=bob@example.com&body=hello")?;
/// assert_eq!(mailto.to(), ["joe@example.com"]);
/// assert_eq!(mailto.header("CC"), Some("bob@example.com"));
/// assert_eq!(mailto.body(), Some("hello"));
/// assert_eq!(mailto.recipients(), ["joe@example.com"]);
///
/// // Spaces and line breaks are percent-encoded (section 5).
/// let mailto = Mailto::parse("mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index")?;
/// assert_eq!(mailto.body(), Some("send current-issue\r\nsend index"));
/// # Ok::<(), rfc3986::Error>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Mailto {
    uri: Uri,
    to: Vec<String>,
    hfields: Vec<Hfield>,
    /// The addresses of the `to` hfields, decoded.
    to_hfields: Vec<String>,
}

/// A header field of a `mailto` URI: `hfname "=" hfvalue`, both
/// percent-decoded.
///
/// ```
/// use rfc3986::schemes::mailto::Mailto;
///
/// let mailto = Mailto::parse("mailto:joe@example.com?subject=Hi%20Joe&body=x")?;
/// let fields: Vec<_> = mailto.hfields().iter().map(|h| (h.name(), h.value())).collect();
/// assert_eq!(fields, [("subject", "Hi Joe"), ("body", "x")]);
/// # Ok::<(), rfc3986::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Hfield {
    name: String,
    value: String,
}

impl Hfield {
    /// The header field name, decoded, as written (names are
    /// case-insensitive: compare with `eq_ignore_ascii_case`).
    ///
    /// ```
    /// use rfc3986::schemes::mailto::Mailto;
    ///
    /// let mailto = Mailto::parse("mailto:joe@example.com?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E")?;
    /// assert_eq!(mailto.hfields()[0].name(), "In-Reply-To");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The value, decoded. The special name `body` gives the body of the
    /// message.
    ///
    /// ```
    /// use rfc3986::schemes::mailto::Mailto;
    ///
    /// let mailto = Mailto::parse("mailto:joe@example.com?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E")?;
    /// assert_eq!(mailto.hfields()[0].value(), "<3469A91.D10AF4C@example.com>");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn value(&self) -> &str {
        &self.value
    }
}

impl Mailto {
    /// Parses a `mailto` URI (the scheme in any case).
    ///
    /// The value of a `to`, `cc` or `bcc` header field is a list of
    /// addresses too, and must match the grammar's `to`.
    ///
    /// # Errors
    ///
    /// [`SchemeError::Syntax`] when `input` is not a URI reference;
    /// [`SchemeError::Scheme`] when it breaks a rule of RFC 6068 (the
    /// violation names it: `addr-spec`, `hfield`, ...), or when a
    /// percent-encoded address or field is not UTF-8 (section 2 requires
    /// UTF-8 for non-ASCII characters).
    ///
    /// ```
    /// use rfc3986::schemes::mailto::Mailto;
    ///
    /// let err = Mailto::parse("mailto:joe@example.com?cc=bob@example.com?body=hello").unwrap_err();
    /// assert_eq!(err.to_string(), "invalid mailto URI at byte 41: expected mailto hfvalue, found '?'");
    /// ```
    pub fn parse(input: &str) -> Result<Mailto, SchemeError> {
        // The mailto grammar reads addresses where the generic one reads a
        // path; the generator proved that its pairs and literal delimiters
        // give the generic reading, so there is one parse.
        let parsed = MailtoGrammar::parse(Rule::mailto_input, input)?;
        let mut to = Vec::new();
        let mut hfields = Vec::new();
        let mut to_hfields = Vec::new();
        // hfield = hfname "=" hfvalue: in preorder, each hfname comes just
        // before its value.
        let mut name = String::new();
        for node in parsed.pairs() {
            match node.rule() {
                Rule::addr_spec => to.push(decode(input, node, "addr-spec")?),
                Rule::hfname => name = decode(input, node, "hfname")?,
                Rule::hfvalue => {
                    let value = decode(input, node, "hfvalue")?;
                    let addresses = addresses_in(input, &name, node)?;
                    if name.eq_ignore_ascii_case("to") {
                        to_hfields.extend(addresses);
                    }
                    hfields.push(Hfield {
                        name: core::mem::take(&mut name),
                        value,
                    });
                }
                _ => {}
            }
        }
        Ok(Mailto {
            uri: parsed.uri().to_owned(),
            to,
            hfields,
            to_hfields,
        })
    }

    /// The URI as a generic [`Uri`].
    ///
    /// ```
    /// use rfc3986::schemes::mailto::Mailto;
    ///
    /// let mailto = Mailto::parse("mailto:joe@example.com?subject=hi")?;
    /// assert_eq!(mailto.uri().path(), "joe@example.com");
    /// assert_eq!(mailto.uri().query(), Some("subject=hi"));
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn uri(&self) -> &Uri {
        &self.uri
    }

    /// The URI as text, exactly as parsed.
    ///
    /// ```
    /// use rfc3986::schemes::mailto::Mailto;
    ///
    /// assert_eq!(Mailto::parse("MAILTO:joe@example.com")?.as_str(), "MAILTO:joe@example.com");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn as_str(&self) -> &str {
        self.uri.as_str()
    }

    /// The addresses of the URI's `to` (its path), decoded, in order.
    ///
    /// ```
    /// use rfc3986::schemes::mailto::Mailto;
    ///
    /// let mailto = Mailto::parse("mailto:joe@example.com,%22b%20c%22@example.com")?;
    /// assert_eq!(mailto.to(), ["joe@example.com", "\"b c\"@example.com"]);
    /// assert!(Mailto::parse("mailto:?to=joe@example.com")?.to().is_empty());
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn to(&self) -> &[String] {
        &self.to
    }

    /// The header fields, decoded, in order.
    ///
    /// ```
    /// use rfc3986::schemes::mailto::Mailto;
    ///
    /// let mailto = Mailto::parse("mailto:joe@example.com?cc=bob@example.com&body=hello%20there")?;
    /// let names: Vec<&str> = mailto.hfields().iter().map(|h| h.name()).collect();
    /// assert_eq!(names, ["cc", "body"]);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn hfields(&self) -> &[Hfield] {
        &self.hfields
    }

    /// The value of the first header field named `name` (case-insensitive,
    /// section 2), decoded.
    ///
    /// ```
    /// use rfc3986::schemes::mailto::Mailto;
    ///
    /// let mailto = Mailto::parse("mailto:joe@example.com?CC=bob@example.com")?;
    /// assert_eq!(mailto.header("cc"), Some("bob@example.com"));
    /// assert_eq!(mailto.header("bcc"), None);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn header(&self, name: &str) -> Option<&str> {
        self.hfields
            .iter()
            .find(|hfield| hfield.name.eq_ignore_ascii_case(name))
            .map(Hfield::value)
    }

    /// The `subject` header field, decoded.
    ///
    /// ```
    /// use rfc3986::schemes::mailto::Mailto;
    ///
    /// let mailto = Mailto::parse("mailto:joe@example.com?subject=current-issue%20%231")?;
    /// assert_eq!(mailto.subject(), Some("current-issue #1"));
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn subject(&self) -> Option<&str> {
        self.header("subject")
    }

    /// The `body` pseudo header field, decoded: the text of the message.
    ///
    /// ```
    /// use rfc3986::schemes::mailto::Mailto;
    ///
    /// let mailto = Mailto::parse("mailto:list@example.org?body=send%20current-issue")?;
    /// assert_eq!(mailto.body(), Some("send current-issue"));
    /// assert_eq!(Mailto::parse("mailto:list@example.org")?.body(), None);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn body(&self) -> Option<&str> {
        self.header("body")
    }

    /// Every address to send to: those of [`to`](Self::to), then those of
    /// each `to` header field. Section 2 makes
    /// `mailto:addr1@an.example,addr2@an.example`,
    /// `mailto:?to=addr1@an.example,addr2@an.example` and
    /// `mailto:addr1@an.example?to=addr2@an.example` equivalent.
    ///
    /// ```
    /// use rfc3986::schemes::mailto::Mailto;
    ///
    /// let mailto = Mailto::parse("mailto:addr1@an.example?to=addr2@an.example,addr3@an.example")?;
    /// assert_eq!(mailto.recipients(), ["addr1@an.example", "addr2@an.example", "addr3@an.example"]);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn recipients(&self) -> Vec<&str> {
        self.to
            .iter()
            .chain(&self.to_hfields)
            .map(String::as_str)
            .collect()
    }
}

/// The decoded addresses of the value of a `to`, `cc` or `bcc` header
/// field, which the grammar's `to` rule must match; none for other fields.
fn addresses_in(
    input: &str,
    name: &str,
    value: Pair<'_, Rule>,
) -> Result<Vec<String>, SchemeError> {
    if !["to", "cc", "bcc"]
        .iter()
        .any(|field| name.eq_ignore_ascii_case(field))
    {
        return Ok(Vec::new());
    }
    let start = value.start();
    let text = value.as_str();
    let pairs = match MailtoGrammar::parse_pairs(Rule::to_input, text) {
        Ok(pairs) => pairs,
        // The compiled parser's diagnostic variant says where.
        Err(violation) => {
            return Err(SchemeViolation::new(
                SCHEME,
                "addr-spec",
                input,
                start + violation.offset(),
                alloc::format!("mailto addr-spec in the {name} hfield"),
            )
            .into())
        }
    };
    pairs
        .iter()
        .filter(|node| node.rule() == Rule::addr_spec)
        .map(|node| {
            percent_decode_utf8(node.as_str())
                .map(|decoded| decoded.into_owned())
                .map_err(|_| not_utf8(input, start + node.start(), "addr-spec"))
        })
        .collect()
}

/// The decoded text of `node`.
fn decode(input: &str, node: Pair<'_, Rule>, rule: &str) -> Result<String, SchemeError> {
    percent_decode_utf8(node.as_str())
        .map(|decoded| decoded.into_owned())
        .map_err(|_| not_utf8(input, node.start(), rule))
}

fn not_utf8(input: &str, at: usize, rule: &str) -> SchemeError {
    SchemeError::Scheme(SchemeViolation::new(
        SCHEME,
        rule,
        input,
        at,
        alloc::format!("mailto {rule} whose percent-encodings are UTF-8"),
    ))
}

impl fmt::Display for Mailto {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for Mailto {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Mailto")
            .field("to", &self.to)
            .field("hfields", &self.hfields)
            .finish()
    }
}

impl core::str::FromStr for Mailto {
    type Err = SchemeError;

    fn from_str(s: &str) -> Result<Mailto, SchemeError> {
        Mailto::parse(s)
    }
}
