//! The `urn` scheme ([RFC 8141]).
//!
//! The grammar, `src/schemes/urn.pest`, transcribes section 2:
//! `namestring = assigned-name [ rq-components ] [ "#" f-component ]`.
//! [`Urn`] gives the namespace identifier (NID), the namespace specific
//! string (NSS) and the r-, q- and f-components, and compares URNs as
//! section 3 says.
//!
//! NIDs: 2 to 32 letters, digits and hyphens, starting and ending with a
//! letter or digit. Section 5.2 reserves NIDs that start with `urn-` for
//! informal namespaces, `urn-` and a number (`urn-7`); any other NID
//! starting with `urn-` is rejected ([`Urn::is_informal`] tells which).
//!
//! [RFC 8141]: https://www.rfc-editor.org/rfc/rfc8141

use alloc::string::String;
use core::fmt;
use core::ops::Range;

use super::SchemeError;
use crate::reference::Uri;

/// pest_derive's parser of the same files, as in `grammar.rs`: the oracle
/// the tests compare the compiled grammar with.
#[cfg(feature = "pest-parsers")]
#[allow(missing_docs)]
pub(crate) mod derived {
    use pest_derive::Parser;

    /// The parser derived from `uri.pest` and `src/schemes/urn.pest`.
    #[derive(Parser)]
    #[grammar = "../uri.pest"]
    #[grammar = "schemes/urn.pest"]
    pub struct UrnParser;

    __uri_rule_roles!(Rule);
}

/// The grammar of `uri.pest` and `src/schemes/urn.pest`, compiled by
/// `#[derive(rfc3986::Grammar)]` as a user's grammar is; `derived` is
/// pest_derive's parser of the same files, which the tests compare it with.
#[allow(missing_docs)]
pub(crate) mod grammar {
    /// `uri.pest` and `src/schemes/urn.pest`.
    #[derive(rfc3986_derive::Grammar)]
    #[grammar = "schemes/urn.pest"]
    #[scheme = "urn"]
    pub struct UrnGrammar;
}

use grammar::{Rule, UrnGrammar};

/// A URN (RFC 8141).
///
/// ```
/// use rfc3986::schemes::urn::Urn;
///
/// let urn = Urn::parse("urn:example:a123,z456?+abc?=xyz#789")?;
/// assert_eq!(urn.nid(), "example");
/// assert_eq!(urn.nss(), "a123,z456");
/// assert_eq!(urn.r_component(), Some("abc"));
/// assert_eq!(urn.q_component(), Some("xyz"));
/// assert_eq!(urn.f_component(), Some("789"));
///
/// // Section 3.2: case of "urn:" and the NID, and the r-, q- and
/// // f-components, do not matter.
/// assert!(urn.equivalent(&Urn::parse("URN:EXAMPLE:a123,z456")?));
/// assert!(!urn.equivalent(&Urn::parse("urn:example:A123,z456")?));
/// # Ok::<(), rfc3986::Error>(())
/// ```
#[derive(Clone)]
pub struct Urn {
    uri: Uri,
    nid: Range<usize>,
    nss: Range<usize>,
    r_component: Option<Range<usize>>,
    q_component: Option<Range<usize>>,
    f_component: Option<Range<usize>>,
}

impl Urn {
    /// Parses a URN (`urn:` in any case).
    ///
    /// # Errors
    ///
    /// [`SchemeError::Syntax`] when `input` is not a URI reference;
    /// [`SchemeError::Scheme`] when it breaks a rule of RFC 8141 (the
    /// violation names it: `NID`, `NSS`, `rq-components`, ...).
    ///
    /// ```
    /// use rfc3986::schemes::urn::Urn;
    ///
    /// let err = Urn::parse("urn:a:b").unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "invalid urn URI at byte 5: expected \"-\", ALPHA or DIGIT in urn NID, found ':'"
    /// );
    /// ```
    pub fn parse(input: &str) -> Result<Urn, SchemeError> {
        let parsed = UrnGrammar::parse(Rule::urn_input, input)?;
        let [nid, nss, r_component, q_component, f_component] = parsed.spans([
            Rule::NID,
            Rule::NSS,
            Rule::r_component,
            Rule::q_component,
            Rule::f_component,
        ]);
        // The grammar requires an NID and an NSS; the empty ranges keep an
        // edited grammar from panicking.
        Ok(Urn {
            nid: nid.unwrap_or(0..0),
            nss: nss.unwrap_or(0..0),
            r_component,
            q_component,
            f_component,
            uri: parsed.uri().to_owned(),
        })
    }

    fn slice(&self, span: &Range<usize>) -> &str {
        self.uri.as_str().get(span.clone()).unwrap_or("")
    }

    /// The URN as a generic [`Uri`]: its path is `NID ":" NSS`.
    ///
    /// ```
    /// use rfc3986::schemes::urn::Urn;
    ///
    /// let urn = Urn::parse("urn:example:a123,z456")?;
    /// assert_eq!(urn.uri().path(), "example:a123,z456");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn uri(&self) -> &Uri {
        &self.uri
    }

    /// The URN as text, exactly as parsed.
    ///
    /// ```
    /// use rfc3986::schemes::urn::Urn;
    ///
    /// assert_eq!(Urn::parse("URN:Example:a123")?.as_str(), "URN:Example:a123");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn as_str(&self) -> &str {
        self.uri.as_str()
    }

    /// The namespace identifier, as written (it is case-insensitive).
    ///
    /// ```
    /// use rfc3986::schemes::urn::Urn;
    ///
    /// assert_eq!(Urn::parse("urn:ISBN:0451450523")?.nid(), "ISBN");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn nid(&self) -> &str {
        self.slice(&self.nid)
    }

    /// Whether the NID is an informal one, `urn-` and a number (section
    /// 5.2).
    ///
    /// ```
    /// use rfc3986::schemes::urn::Urn;
    ///
    /// assert!(Urn::parse("urn:urn-7:foo")?.is_informal());
    /// assert!(!Urn::parse("urn:example:foo")?.is_informal());
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn is_informal(&self) -> bool {
        // The grammar's NID rule allows "urn-" only as an informal NID.
        self.nid()
            .get(..4)
            .is_some_and(|prefix| prefix.eq_ignore_ascii_case("urn-"))
    }

    /// The namespace specific string, as written.
    ///
    /// ```
    /// use rfc3986::schemes::urn::Urn;
    ///
    /// assert_eq!(Urn::parse("urn:example:a123,z456?+abc")?.nss(), "a123,z456");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn nss(&self) -> &str {
        self.slice(&self.nss)
    }

    /// The r-component, after `?+`: parameters for a resolver.
    ///
    /// ```
    /// use rfc3986::schemes::urn::Urn;
    ///
    /// let urn = Urn::parse("urn:example:a123,z456?+abc?=xyz#789")?;
    /// assert_eq!(urn.r_component(), Some("abc"));
    /// assert_eq!(Urn::parse("urn:example:a123?=xyz")?.r_component(), None);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn r_component(&self) -> Option<&str> {
        self.r_component.as_ref().map(|span| self.slice(span))
    }

    /// The q-component, after `?=`: parameters for the named resource.
    ///
    /// ```
    /// use rfc3986::schemes::urn::Urn;
    ///
    /// let urn = Urn::parse("urn:example:a123,z456?+abc?=xyz#789")?;
    /// assert_eq!(urn.q_component(), Some("xyz"));
    /// assert_eq!(Urn::parse("urn:example:a123?+abc")?.q_component(), None);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn q_component(&self) -> Option<&str> {
        self.q_component.as_ref().map(|span| self.slice(span))
    }

    /// The f-component, after `#`: the fragment.
    ///
    /// ```
    /// use rfc3986::schemes::urn::Urn;
    ///
    /// let urn = Urn::parse("urn:example:a123,z456?+abc?=xyz#789")?;
    /// assert_eq!(urn.f_component(), Some("789"));
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn f_component(&self) -> Option<&str> {
        self.f_component.as_ref().map(|span| self.slice(span))
    }

    /// Whether two URNs are URN-equivalent (section 3.1): the same once
    /// `urn:` and the NID are lowercased and the hexadecimal digits of
    /// percent-encodings uppercased. The r-, q- and f-components do not
    /// count; percent-encodings are not decoded, and the NSS is otherwise
    /// compared exactly (a namespace may say more; this does not know).
    ///
    /// ```
    /// use rfc3986::schemes::urn::Urn;
    ///
    /// let a = Urn::parse("urn:example:a123%2Cz456")?;
    /// assert!(a.equivalent(&Urn::parse("URN:EXAMPLE:a123%2cz456")?));
    /// assert!(!a.equivalent(&Urn::parse("urn:example:a123,z456")?));
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn equivalent(&self, other: &Urn) -> bool {
        self.nid().eq_ignore_ascii_case(other.nid())
            && normalized_nss(self.nss()).eq(normalized_nss(other.nss()))
    }

    /// The URN in the lexical form that [`equivalent`](Self::equivalent)
    /// compares: `urn:`, the lowercased NID, `:`, the NSS with uppercase
    /// percent-encodings.
    ///
    /// ```
    /// use rfc3986::schemes::urn::Urn;
    ///
    /// assert_eq!(Urn::parse("URN:EXAMPLE:a%2cb?+r#f")?.normalized(), "urn:example:a%2Cb");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn normalized(&self) -> String {
        let mut out = String::from("urn:");
        out.extend(self.nid().chars().map(|c| c.to_ascii_lowercase()));
        out.push(':');
        out.extend(normalized_nss(self.nss()));
        out
    }
}

/// The NSS with the two hexadecimal digits after each `%` uppercased.
fn normalized_nss(nss: &str) -> impl Iterator<Item = char> + '_ {
    let mut hex_left = 0;
    nss.chars().map(move |c| {
        if hex_left > 0 {
            hex_left -= 1;
            c.to_ascii_uppercase()
        } else {
            if c == '%' {
                hex_left = 2;
            }
            c
        }
    })
}

impl PartialEq for Urn {
    /// Compares the text exactly, like [`Uri`]; see
    /// [`equivalent`](Urn::equivalent) for URN-equivalence.
    fn eq(&self, other: &Urn) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Urn {}

impl fmt::Display for Urn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for Urn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Urn")
            .field("nid", &self.nid())
            .field("nss", &self.nss())
            .field("r_component", &self.r_component())
            .field("q_component", &self.q_component())
            .field("f_component", &self.f_component())
            .finish()
    }
}

impl core::str::FromStr for Urn {
    type Err = SchemeError;

    fn from_str(s: &str) -> Result<Urn, SchemeError> {
        Urn::parse(s)
    }
}
