//! The type family: URI and IRI references, absolute or not, over borrowed
//! or owned text, with one definition.
//!
//! [`Reference`] is a reference's text, in a [`Storage`] of the caller's
//! choice, and the [`Bounds`] of its components; its [`Spec`] says which
//! grammar it follows. [`Absolute`] is a reference that has a scheme.
//! [`Uri`](crate::Uri), [`Iri`](https://docs.rs/rfc3986/latest/rfc3986/type.Iri.html), [`AbsoluteUri`] and
//! [`AbsoluteIri`](https://docs.rs/rfc3986/latest/rfc3986/type.AbsoluteIri.html) are these with the spec filled in.
//!
//! Why a sealed trait (as iri-string does) rather than a macro that writes
//! each type out (as fluent-uri does): every method is then written once,
//! as generic code that the compiler checks once, and code of the user's
//! can be generic over the grammar too. What differs between the grammars
//! is a value their spec gives (`Syntax`), which the algorithms took as a
//! parameter already.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::sync::Arc;
use core::borrow::Borrow;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::marker::PhantomData;
use core::ops::{Deref, Range};
use core::str::FromStr;

use crate::authority::{redact_password, Authority, Host};
use crate::bounds::Bounds;
use crate::error::ParseError;
use crate::path;
#[cfg(feature = "iri")]
use crate::spec::Rfc3987;
use crate::spec::{Rfc3986, Spec};

pub use self::storage::{Input, Owned, Storage};

/// Where a reference's text is kept: borrowed (`&str`), owned (`String`) or
/// shared (`Arc<str>`). It is sealed: the crate implements it for these.
///
/// Which to pick:
///
/// - `&str`, which [`Reference::parse`] gives for a `&str`: no allocation
///   and no copy; the reference borrows the text.
/// - `String`, which it gives for a `String`: the caller's buffer is kept,
///   with no copy; this is what an owned value (a struct field, a map key)
///   is, and what the in-place edits work on.
/// - `Arc<str>`: cloning is a reference count, for a reference shared
///   between threads or kept in many places.
///
/// [`to_owned`](Reference::to_owned), [`into_owned`](Reference::into_owned),
/// [`to_shared`](Reference::to_shared) and [`borrowed`](Reference::borrowed)
/// convert between them.
mod storage {
    use super::*;

    /// Where a reference's text is kept (see the module's documentation):
    /// `&str`, `String` or `Arc<str>`.
    #[diagnostic::on_unimplemented(
        message = "`{Self}` is not a storage for the text of a URI reference",
        label = "a `Uri` keeps its text in a `&str`, a `String` or an `Arc<str>`",
        note = "`Uri<&str>` borrows its text, `Uri` (`Uri<String>`) owns it, `Uri<Arc<str>>` \
                shares it; `to_owned()`, `into_owned()`, `to_shared()` and `borrowed()` \
                convert between them"
    )]
    pub trait Storage: sealed::Sealed {
        /// The text.
        #[doc(hidden)]
        fn text(&self) -> &str;

        /// The text, as a `String`: this one, or a copy.
        #[doc(hidden)]
        fn into_string(self) -> String;

        /// The first `len` bytes of the text (a character boundary), kept
        /// this way: a shorter borrow, the same `String` truncated, or a
        /// new `Arc<str>`.
        #[doc(hidden)]
        fn truncated(self, len: usize) -> Self;
    }

    /// A [`Storage`] that owns its text, `String` or `Arc<str>`: a reference
    /// kept in one can be edited in place (its setters, `push_path_segment`,
    /// ...). An edit writes the new text once and keeps every byte it does
    /// not change; in an `Arc<str>` it is a new allocation.
    ///
    /// A `Uri<&str>` borrows its text and has no edits: call
    /// [`to_owned`](Reference::to_owned) (or
    /// [`into_owned`](Reference::into_owned)) for a `Uri`, which is
    /// `Uri<String>`, and edit that.
    #[diagnostic::on_unimplemented(
        message = "this URI reference borrows its text (`{Self}`), and cannot be edited in place",
        label = "an edit needs a reference that owns its text: a `Uri` (`Uri<String>`), \
                 not a `Uri<&str>`",
        note = "`Uri<&str>` and `Uri` (`Uri<String>`) are different types, which the compiler \
                names `Reference<Rfc3986, &str>` and `Reference<Rfc3986>` (for an `Iri`, \
                `Reference<Rfc3987, ...>`)",
        note = "`.to_owned()` gives a `Uri` with a copy of the text: \
                `let mut uri = Uri::parse(text)?.to_owned();`"
    )]
    pub trait Owned: Storage {
        /// The text `text`, kept this way.
        #[doc(hidden)]
        fn from_string(text: String) -> Self;
    }

    impl Owned for String {
        fn from_string(text: String) -> String {
            text
        }
    }

    impl Owned for Arc<str> {
        fn from_string(text: String) -> Arc<str> {
            Arc::from(text)
        }
    }

    /// What [`Reference::parse`] takes: `&str` (or `&String`, `&&str`),
    /// `String` or `Arc<str>`, each kept as it is, as the reference's
    /// [`Storage`].
    #[diagnostic::on_unimplemented(
        message = "`parse` does not take `{Self}`",
        label = "`parse` takes the text as a `&str`, `&String`, `String` or `Arc<str>`",
        note = "a `&str` gives a `Uri<&str>`, which borrows it; a `String` gives a `Uri` \
                (`Uri<String>`), which keeps it",
        note = "bytes must be checked for UTF-8 first: `std::str::from_utf8(bytes)`"
    )]
    pub trait Input: sealed::Sealed {
        /// How the reference keeps the text.
        type Storage: Storage;
        /// What the error of a failed parse gives back: nothing for a
        /// `&str`, the text itself for an owned one.
        type Back;

        /// The text.
        #[doc(hidden)]
        fn text(&self) -> &str;

        /// The text, kept.
        #[doc(hidden)]
        fn into_storage(self) -> Self::Storage;

        /// What the error gives back.
        #[doc(hidden)]
        fn into_back(self) -> Self::Back;
    }

    impl Storage for &str {
        #[inline(always)]
        fn text(&self) -> &str {
            self
        }
        fn into_string(self) -> String {
            String::from(self)
        }
        fn truncated(self, len: usize) -> Self {
            &self[..len]
        }
    }

    impl Storage for String {
        #[inline(always)]
        fn text(&self) -> &str {
            self
        }
        fn into_string(self) -> String {
            self
        }
        fn truncated(mut self, len: usize) -> Self {
            self.truncate(len);
            self
        }
    }

    impl Storage for Arc<str> {
        #[inline(always)]
        fn text(&self) -> &str {
            self
        }
        fn into_string(self) -> String {
            String::from(&*self)
        }
        fn truncated(self, len: usize) -> Self {
            Arc::from(&self[..len])
        }
    }

    impl<'a> Input for &'a str {
        type Storage = &'a str;
        type Back = ();

        #[inline(always)]
        fn text(&self) -> &str {
            self
        }
        #[inline(always)]
        fn into_storage(self) -> &'a str {
            self
        }
        fn into_back(self) {}
    }

    impl<'b> Input for &&'b str {
        type Storage = &'b str;
        type Back = ();

        #[inline(always)]
        fn text(&self) -> &str {
            self
        }
        #[inline(always)]
        fn into_storage(self) -> &'b str {
            self
        }
        fn into_back(self) {}
    }

    impl<'a> Input for &'a String {
        type Storage = &'a str;
        type Back = ();

        #[inline(always)]
        fn text(&self) -> &str {
            self
        }
        #[inline(always)]
        fn into_storage(self) -> &'a str {
            self
        }
        fn into_back(self) {}
    }

    impl Input for String {
        type Storage = String;
        type Back = String;

        #[inline(always)]
        fn text(&self) -> &str {
            self
        }
        #[inline(always)]
        fn into_storage(self) -> String {
            self
        }
        fn into_back(self) -> String {
            self
        }
    }

    impl Input for Arc<str> {
        type Storage = Arc<str>;
        type Back = Arc<str>;

        #[inline(always)]
        fn text(&self) -> &str {
            self
        }
        #[inline(always)]
        fn into_storage(self) -> Arc<str> {
            self
        }
        fn into_back(self) -> Arc<str> {
            self
        }
    }

    pub(crate) mod sealed {
        /// Only the crate's storages and inputs.
        pub trait Sealed {}

        impl Sealed for &str {}
        impl Sealed for &&str {}
        impl Sealed for &alloc::string::String {}
        impl Sealed for alloc::string::String {}
        impl Sealed for alloc::sync::Arc<str> {}
    }
}

/// A URI reference (RFC 3986 section 4.1) or IRI reference (RFC 3987
/// section 2.2), as [`Spec`] `X` says, whose text is kept in `S`
/// ([`Storage`]): an absolute URI such as `http://example.com/a?b#c`, or a
/// relative reference such as `../a?b`.
///
/// Use it as [`Uri`](crate::Uri) or [`Iri`](https://docs.rs/rfc3986/latest/rfc3986/type.Iri.html), which fill in
/// the spec. A parsed reference keeps its text exactly:
/// [`as_str`](Self::as_str) and `Display` give back the input. The
/// accessors return the components as written; undefined components are
/// `None` and present-but-empty ones `Some("")` (section 5.3 keeps the two
/// apart).
///
/// Equality, ordering and hashing compare the text, so `HTTP://a` and
/// `http://a` are different values that denote the same resource
/// ([`equivalent`](Self::equivalent) says so); a reference is
/// [`Borrow<str>`](Borrow), so a map keyed by references can be looked up
/// with a `&str`.
///
/// ```
/// use rfc3986::Uri;
///
/// let uri = Uri::parse("foo://example.com:8042/over/there?name=ferret#nose")?;
/// assert_eq!(uri.scheme(), Some("foo"));
/// assert_eq!(uri.host_str(), Some("example.com"));
/// assert_eq!(uri.port(), Some(8042));
/// assert_eq!(uri.path(), "/over/there");
/// assert_eq!(uri.query(), Some("name=ferret"));
/// assert_eq!(uri.fragment(), Some("nose"));
/// assert_eq!(uri.to_string(), "foo://example.com:8042/over/there?name=ferret#nose");
/// # Ok::<(), rfc3986::Error>(())
/// ```
pub struct Reference<X, S = String> {
    text: S,
    bounds: Bounds,
    spec: PhantomData<fn() -> X>,
}

/// A reference with a scheme (`absolute-URI` of RFC 3986 section 4.3, or
/// `absolute-IRI`), with or without a fragment, as the grammar's `URI` rule
/// (`IRI` for IRIs) defines it: the kind of reference a base URI must be,
/// and what an HTTP request or a URL library holds.
///
/// It dereferences to its [`Reference`] for the accessors, and has the
/// methods that make new references ([`normalize`](Self::normalize),
/// [`resolve`](Self::resolve)) and the in-place edits, which give and keep
/// it absolute. Use it as [`AbsoluteUri`] or [`AbsoluteIri`](https://docs.rs/rfc3986/latest/rfc3986/type.AbsoluteIri.html).
///
/// ```
/// use rfc3986::{AbsoluteUri, Uri};
///
/// let base = AbsoluteUri::parse("http://example.com/a/b")?;
/// assert_eq!(base.scheme(), "http");
/// let target = base.resolve(&Uri::parse("../c")?)?;
/// assert_eq!(target, "http://example.com/c");
/// assert!(AbsoluteUri::parse("/relative").is_err());
/// # Ok::<(), rfc3986::Error>(())
/// ```
pub struct Absolute<X, S = String>(Reference<X, S>);

/// A URI reference (RFC 3986 section 4.1): an absolute URI such as
/// `http://example.com/a?b#c`, or a relative reference such as `../a?b`,
/// whose text is kept in `S`: a `&str` it borrows, a `String` (the
/// default) or an `Arc<str>` ([`Storage`]).
///
/// It is a [`Reference`] of RFC 3986's grammar; see there for every method.
///
/// ```
/// use rfc3986::Uri;
///
/// let uri = Uri::parse("foo://example.com:8042/over/there?name=ferret#nose")?;
/// assert_eq!(uri.host_str(), Some("example.com"));
/// let owned: Uri = uri.to_owned();
/// assert_eq!(owned, uri);
/// # Ok::<(), rfc3986::Error>(())
/// ```
///
/// # `Uri<&str>` and `Uri` are different types
///
/// [`Uri::parse`](Reference::parse) of a `&str` gives a `Uri<&str>`,
/// which borrows the text; `Uri` is `Uri<String>`, which owns it: the one
/// a `Vec<Uri>`, a struct field or a map holds, and the one the setters
/// edit. The compiler does not show type aliases in its messages, so it
/// names them `Reference<Rfc3986, &str>` and `Reference<Rfc3986>`:
/// "expected `Reference<Rfc3986>`, found `Reference<Rfc3986, &str>`" is a
/// `Uri<&str>` where a `Uri` is wanted.
/// [`to_owned`](Reference::to_owned) makes a `Uri` of it (a copy of the
/// text), as does [`into_owned`](Reference::into_owned), which copies
/// nothing when the text is a `String` already. A setter called on a
/// `Uri<&str>` says so itself (the [`Owned`] bound).
///
/// ```
/// use rfc3986::Uri;
///
/// let mut kept: Vec<Uri> = Vec::new();
/// for line in "http://a/\nhttp://b/".lines() {
///     let uri = Uri::parse(line)?; // a Uri<&str>: it borrows `line`
///     kept.push(uri.to_owned()); // a Uri, with a copy of the text
/// }
/// kept[1].set_path("/c")?;
/// assert_eq!(kept[1].as_str(), "http://b/c");
/// # Ok::<(), rfc3986::Error>(())
/// ```
///
/// ```compile_fail,E0308
/// use rfc3986::Uri;
///
/// let mut kept: Vec<Uri> = Vec::new();
/// // expected `Reference<Rfc3986>`, found `Reference<Rfc3986, &str>`
/// kept.push(Uri::parse("http://a/")?);
/// # Ok::<(), rfc3986::Error>(())
/// ```
pub type Uri<S = String> = Reference<Rfc3986, S>;

/// An IRI reference (RFC 3987 section 2.2): a URI reference whose
/// unreserved characters include the characters of the UCS above U+007F
/// (`ucschar`), and whose query may also hold private-use characters
/// (`iprivate`), such as `https://例え.jp/パス?q=値`.
///
/// It is a [`Reference`] of RFC 3987's grammar, with every method of a
/// [`Uri`] (section 2.1: "in exactly the same way"), and
/// [`to_uri`](Reference::to_uri), which maps it to a URI (section 3.1).
///
/// As for a [`Uri`], `Iri<&str>` (what parsing a `&str` gives) and `Iri`
/// (`Iri<String>`) are different types, which the compiler names
/// `Reference<Rfc3987, &str>` and `Reference<Rfc3987>`;
/// [`to_owned`](Reference::to_owned) makes the second of the first.
///
/// ```
/// use rfc3986::Iri;
///
/// let iri = Iri::parse("https://例え.jp/パス?q=値#片")?;
/// assert_eq!(iri.host_str(), Some("例え.jp"));
/// assert_eq!(iri.path(), "/パス");
/// assert_eq!(iri.to_uri(), "https://%E4%BE%8B%E3%81%88.jp/%E3%83%91%E3%82%B9?q=%E5%80%A4#%E7%89%87");
/// # Ok::<(), rfc3986::Error>(())
/// ```
#[cfg(feature = "iri")]
#[cfg_attr(docsrs, doc(cfg(feature = "iri")))]
pub type Iri<S = String> = Reference<Rfc3987, S>;

/// An absolute URI (see [`Absolute`]).
pub type AbsoluteUri<S = String> = Absolute<Rfc3986, S>;

/// An absolute IRI (see [`Absolute`]).
#[cfg(feature = "iri")]
#[cfg_attr(docsrs, doc(cfg(feature = "iri")))]
pub type AbsoluteIri<S = String> = Absolute<Rfc3987, S>;

impl<X: Spec, S: Storage> Reference<X, S> {
    /// Parses a reference: an absolute URI or a relative reference
    /// (`URI-reference`, RFC 3986 section 4.1; `IRI-reference`, RFC 3987
    /// section 2.2, for an [`Iri`](https://docs.rs/rfc3986/latest/rfc3986/type.Iri.html)), keeping `input` as it is:
    /// a `&str` is borrowed (`Uri<&str>`, no allocation), a `String` or an
    /// `Arc<str>` kept (`Uri<String>`, no copy).
    ///
    /// The parse goes through the parser compiled from the grammar
    /// (`uri.pest`, with `iri.pest` for IRIs), which accepts exactly the
    /// RFC's language. One exception narrows it: a port above 65535 is
    /// rejected with [`ErrorKind::PortRange`], because ports are `u16`.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] with the kind of problem, its byte offset and what
    /// the grammar expected there; for an owned input, the error gives it
    /// back ([`ParseError::into_input`]).
    ///
    /// [`ErrorKind::PortRange`]: crate::ErrorKind::PortRange
    ///
    /// ```
    /// use rfc3986::{ErrorKind, Uri};
    ///
    /// let uri: Uri<&str> = Uri::parse("https://example.com/a?b#c")?;
    /// assert_eq!(uri.as_str(), "https://example.com/a?b#c");
    /// assert!(Uri::parse("../a")?.is_relative());
    ///
    /// let owned: Uri<String> = Uri::parse(String::from("https://example.com/"))?;
    /// assert_eq!(owned.host_str(), Some("example.com"));
    ///
    /// let err = Uri::parse("http://example.com:65536/").unwrap_err();
    /// assert_eq!((err.kind(), err.offset()), (ErrorKind::PortRange, 19));
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[inline]
    pub fn parse<I>(input: I) -> Result<Self, ParseError<I::Back>>
    where
        I: Input<Storage = S>,
    {
        match X::parse(input.text()) {
            Ok(bounds) => Ok(Reference::from_bounds(input.into_storage(), bounds)),
            Err(error) => Err(error.with_back(input.into_back())),
        }
    }
}

impl<X: Spec> Reference<X> {
    /// Whether `text` is a reference of the grammar (`URI-reference`, or
    /// `IRI-reference` for an [`Iri`](https://docs.rs/rfc3986/latest/rfc3986/type.Iri.html)): exactly when
    /// [`parse`](Self::parse) would succeed, at the cost of the parse
    /// alone. Where `parse` rejects a reference, it then runs a second,
    /// diagnostic parse to say why (the [`ParseError`]'s kind, byte and
    /// what was expected); `is_valid` does not, so it is the call to make
    /// where only the verdict is used (a filter, a count, a `bool` field).
    ///
    /// ```
    /// use rfc3986::{Iri, Uri};
    ///
    /// assert!(Uri::is_valid("https://example.com/a?b#c"));
    /// assert!(Uri::is_valid("../a"));
    /// assert!(!Uri::is_valid("http://example.com/a b"));
    /// // A port above 65535 is rejected, as `parse` rejects it.
    /// assert!(!Uri::is_valid("http://example.com:65536/"));
    /// assert!(Iri::is_valid("https://例え.jp/"));
    /// assert!(!Uri::is_valid("https://例え.jp/"));
    /// ```
    #[must_use]
    pub fn is_valid(text: &str) -> bool {
        X::is_valid(text)
    }
}

impl<X, S> Reference<X, S> {
    /// The reference of `text` with `bounds`, which describe it (a parse's,
    /// a recomposition's or an edit's).
    #[inline(always)]
    pub(crate) fn from_bounds(text: S, bounds: Bounds) -> Reference<X, S> {
        Reference {
            text,
            bounds,
            spec: PhantomData,
        }
    }

    /// The bounds of the components.
    pub(crate) fn bounds(&self) -> &Bounds {
        &self.bounds
    }

    /// The same text and bounds under another spec (an IRI that is also a
    /// URI, say); the caller knows that they follow its grammar.
    #[cfg(feature = "iri")]
    pub(crate) fn with_spec<Y>(self) -> Reference<Y, S> {
        Reference::from_bounds(self.text, self.bounds)
    }
}

impl<X: Spec> Reference<X, &'static str> {
    /// Not public API: what a literal of `rfc3986-macros` (`uri!`,
    /// `iri!`) expands to, `text` with the bounds its parse found when
    /// the macro expanded (`crate::literal`), so that a `const` holds it
    /// and using it runs no parse.
    #[doc(hidden)]
    #[must_use]
    pub const fn __from_literal(text: &'static str, bounds: [u32; 8]) -> Self {
        // A literal's bounds are its parse's; bounds written by hand that
        // do not fit the text stop the `const` here.
        assert!(
            Bounds::fits(&bounds, text.len()),
            "the bounds of a literal do not fit its text"
        );
        Reference {
            text,
            bounds: Bounds::from_raw(bounds),
            spec: PhantomData,
        }
    }
}

impl<X: Spec> Absolute<X, &'static str> {
    /// Not public API: what `absolute_uri!` and `absolute_iri!` of
    /// `rfc3986-macros` expand to (see [`Reference::__from_literal`]).
    #[doc(hidden)]
    #[must_use]
    pub const fn __from_literal(text: &'static str, bounds: [u32; 8]) -> Self {
        Absolute(Reference::__from_literal(text, bounds))
    }
}

impl<X, S: Owned> Reference<X, S> {
    /// Replaces this reference with `new` (an edit's result), kept in this
    /// reference's storage.
    pub(crate) fn replace_with(&mut self, new: Reference<X, String>) {
        *self = Reference::from_bounds(S::from_string(new.text), new.bounds);
    }
}

impl<X: Spec, S: Storage> Reference<X, S> {
    /// The reference as text. For a parsed one, exactly the input.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let uri = Uri::parse("HTTP://Example.COM/%7e")?;
    /// assert_eq!(uri.as_str(), "HTTP://Example.COM/%7e");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[inline]
    pub fn as_str(&self) -> &str {
        self.text.text()
    }

    /// `span` of the text.
    #[inline]
    fn slice(&self, span: Range<usize>) -> &str {
        self.as_str().get(span).unwrap_or_default()
    }

    /// Whether this is a relative reference (section 4.2): one without a
    /// scheme.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// assert!(!Uri::parse("urn:isbn:0451450523")?.is_relative());
    /// assert!(Uri::parse("//example.com/a")?.is_relative());
    /// assert!(Uri::parse("")?.is_relative());
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[inline]
    pub fn is_relative(&self) -> bool {
        self.bounds.scheme_end().is_none()
    }

    /// The scheme as written (schemes are case-insensitive; see
    /// [`normalize`](Self::normalize)), without its `:`. `None` for a
    /// relative reference.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// assert_eq!(Uri::parse("HTTPS://a/")?.scheme(), Some("HTTPS"));
    /// assert_eq!(Uri::parse("/a:b")?.scheme(), None);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[inline]
    pub fn scheme(&self) -> Option<&str> {
        self.bounds.scheme().map(|span| self.slice(span))
    }

    /// The authority (section 3.2), the part after `//`; `None` when there
    /// is no `//`. It may be empty (`file:///etc/hosts`).
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// assert_eq!(Uri::parse("http://u@h:1/p")?.authority().unwrap().as_str(), "u@h:1");
    /// assert_eq!(Uri::parse("file:///etc")?.authority().unwrap().as_str(), "");
    /// assert!(Uri::parse("mailto:a@b")?.authority().is_none());
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[inline]
    pub fn authority(&self) -> Option<Authority<'_>> {
        self.bounds
            .has_authority()
            .then(|| Authority::new(self.as_str(), &self.bounds))
    }

    /// The userinfo of the authority, without its `@`. See
    /// [`Authority::userinfo`].
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// assert_eq!(Uri::parse("ftp://anonymous@h/")?.userinfo(), Some("anonymous"));
    /// assert_eq!(Uri::parse("ftp://h/")?.userinfo(), None);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[inline]
    pub fn userinfo(&self) -> Option<&str> {
        self.bounds.userinfo().map(|span| self.slice(span))
    }

    /// The user name: the userinfo up to its first `:`, as written
    /// (percent-encoded); `None` when there is no userinfo. See
    /// [`Authority::username`], and [`password`](Self::password) for the
    /// rest.
    ///
    /// Unlike `url::Url::username`, which returns `""` when there is no
    /// userinfo, undefined is `None` and empty `Some("")`, as for every
    /// component.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// assert_eq!(Uri::parse("ftp://jo:pw@h/")?.username(), Some("jo"));
    /// assert_eq!(Uri::parse("ftp://jo@h/")?.username(), Some("jo"));
    /// assert_eq!(Uri::parse("ftp://:pw@h/")?.username(), Some(""));
    /// assert_eq!(Uri::parse("ftp://h/")?.username(), None);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[inline]
    pub fn username(&self) -> Option<&str> {
        self.authority()?.username()
    }

    /// The password: the userinfo after its first `:`, as written
    /// (percent-encoded); `None` when there is no userinfo or no `:` in
    /// it, `Some("")` for `user:@host` (which RFC 3986 section 3.2.1 says
    /// indicates no password). See [`Authority::password`].
    ///
    /// Section 3.2.1 deprecates a password in a URI, and says applications
    /// should not show one: [`redacted`](Self::redacted) gives the URI
    /// without it, for logs and messages.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let uri = Uri::parse("https://alice:s3cret@example.com/")?;
    /// assert_eq!(uri.password(), Some("s3cret"));
    /// assert_eq!(uri.redacted().to_string(), "https://alice:***@example.com/");
    /// assert_eq!(Uri::parse("ftp://jo:@h/")?.password(), Some(""));
    /// assert_eq!(Uri::parse("ftp://jo@h/")?.password(), None);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[inline]
    pub fn password(&self) -> Option<&str> {
        self.authority()?.password()
    }

    /// The typed host of the authority. See [`Authority::host`].
    ///
    /// ```
    /// use std::net::Ipv6Addr;
    /// use rfc3986::{Host, Uri};
    ///
    /// let uri = Uri::parse("http://[::1]:8080/")?;
    /// assert_eq!(uri.host(), Some(Host::Ipv6(Ipv6Addr::LOCALHOST)));
    /// assert_eq!(Uri::parse("//h")?.host(), Some(Host::RegName("h")));
    /// assert_eq!(Uri::parse("/a")?.host(), None);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[inline]
    pub fn host(&self) -> Option<Host<'_>> {
        self.authority().map(|authority| authority.host())
    }

    /// The host as written, IP literals with their brackets
    /// (`[2001:db8::7]`). See [`Authority::host_str`].
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// assert_eq!(Uri::parse("http://[::1]:8080/")?.host_str(), Some("[::1]"));
    /// assert_eq!(Uri::parse("http://Ex%41mple.com/")?.host_str(), Some("Ex%41mple.com"));
    /// assert_eq!(Uri::parse("file:///etc")?.host_str(), Some(""));
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[inline]
    pub fn host_str(&self) -> Option<&str> {
        self.bounds.host().map(|span| self.slice(span))
    }

    /// The host with its percent-encodings decoded, read as UTF-8: the
    /// text [`UriBuilder::host_decoded`](crate::UriBuilder::host_decoded)
    /// takes, for a registered name (`b%C3%BCcher.example` gives
    /// `bücher.example`). An IP literal has nothing to decode and comes as
    /// written, with its brackets. `None` when there is no authority. See
    /// [`Authority::host_decoded`].
    ///
    /// # Errors
    ///
    /// [`DecodeError::Utf8`](crate::DecodeError::Utf8) when the decoded octets are not UTF-8
    /// (`%FF`); a parsed host has no malformed `%`.
    ///
    /// ```
    /// use rfc3986::{Iri, Uri};
    ///
    /// let uri = Uri::parse("http://b%C3%BCcher.example/")?;
    /// assert_eq!(uri.host_decoded().transpose()?.as_deref(), Some("bücher.example"));
    /// assert_eq!(Uri::parse("/a")?.host_decoded(), None);
    /// assert!(Uri::parse("//%FF")?.host_decoded().unwrap().is_err());
    /// let iri = Iri::parse("http://b%C3%BCcher.例え.jp/")?;
    /// assert_eq!(iri.host_decoded().transpose()?.as_deref(), Some("bücher.例え.jp"));
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[must_use]
    pub fn host_decoded(&self) -> Option<Result<Cow<'_, str>, crate::DecodeError>> {
        self.host_str().map(crate::percent::percent_decode_utf8)
    }

    /// The port number. See [`Authority::port`].
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// assert_eq!(Uri::parse("http://h:8080/")?.port(), Some(8080));
    /// assert_eq!(Uri::parse("http://h/")?.port(), None);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[inline]
    pub fn port(&self) -> Option<u16> {
        self.bounds.port_value()
    }

    /// The port number, or when there is none (or it is empty: `http://h:/`,
    /// which section 3.2.3 says means the default) the default port of the
    /// scheme, for the schemes whose default the crate knows: `http` and
    /// `ws` 80, `https` and `wss` 443, `ftp` 21, the same table that
    /// [`normalize`](Self::normalize) drops default ports by. `None`
    /// without a port for any other scheme, without a scheme, and without
    /// an authority (`http:g`), to which a port belongs. The name is
    /// `url::Url`'s.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// assert_eq!(Uri::parse("https://h:8443/")?.port_or_known_default(), Some(8443));
    /// assert_eq!(Uri::parse("https://h/")?.port_or_known_default(), Some(443));
    /// assert_eq!(Uri::parse("HTTP://h:/")?.port_or_known_default(), Some(80));
    /// assert_eq!(Uri::parse("ftp://h/")?.port_or_known_default(), Some(21));
    /// assert_eq!(Uri::parse("foo://h/")?.port_or_known_default(), None);
    /// assert_eq!(Uri::parse("//h/")?.port_or_known_default(), None);
    /// assert_eq!(Uri::parse("http:g")?.port_or_known_default(), None);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn port_or_known_default(&self) -> Option<u16> {
        // A port belongs to an authority.
        self.host_str()?;
        self.port()
            .or_else(|| self.scheme().and_then(crate::authority::default_port))
    }

    /// The port as written, `Some("")` for an empty port. See
    /// [`Authority::port_str`].
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// assert_eq!(Uri::parse("http://h:08080/")?.port_str(), Some("08080"));
    /// assert_eq!(Uri::parse("http://h:/")?.port_str(), Some(""));
    /// assert_eq!(Uri::parse("http://h/")?.port_str(), None);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[inline]
    pub fn port_str(&self) -> Option<&str> {
        self.bounds.port().map(|span| self.slice(span))
    }

    /// Whether the authority has a port subcomponent (a `:` after the
    /// host), even an empty one. See [`Authority::has_port`].
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// assert!(Uri::parse("http://h:/")?.has_port());
    /// assert!(!Uri::parse("http://h/")?.has_port());
    /// assert!(!Uri::parse("/a:1")?.has_port());
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[inline]
    pub fn has_port(&self) -> bool {
        self.bounds.port().is_some()
    }

    /// The path as written (section 3.3). Every reference has one; it may
    /// be empty.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// assert_eq!(Uri::parse("http://h/a/b?q")?.path(), "/a/b");
    /// assert_eq!(Uri::parse("urn:isbn:0451450523")?.path(), "isbn:0451450523");
    /// assert_eq!(Uri::parse("http://h?q")?.path(), "");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[inline]
    pub fn path(&self) -> &str {
        self.slice(self.bounds.path())
    }

    /// The segments of the path, as written: the path split at each `/`.
    ///
    /// An absolute path starts with an empty segment, so joining the
    /// segments with `/` gives the path back. The empty path has no
    /// segments; `/` has two empty ones.
    ///
    /// Splitting at `/` is the grammar's own division: `segment = *pchar`
    /// and `pchar` excludes `/`.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let uri = Uri::parse("http://a/b/c/")?;
    /// assert_eq!(uri.path_segments().collect::<Vec<_>>(), ["", "b", "c", ""]);
    /// let uri = Uri::parse("../g")?;
    /// assert_eq!(uri.path_segments().collect::<Vec<_>>(), ["..", "g"]);
    /// let uri = Uri::parse("/")?;
    /// assert_eq!(uri.path_segments().collect::<Vec<_>>(), ["", ""]);
    /// let uri = Uri::parse("?q")?;
    /// assert_eq!(uri.path_segments().next(), None);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[must_use]
    pub fn path_segments(&self) -> PathSegments<'_> {
        PathSegments::of(self.path())
    }

    /// The query as written, without its `?` (section 3.4); `None` when
    /// there is no `?`, `Some("")` when it is empty.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// assert_eq!(Uri::parse("/a?b=c?d")?.query(), Some("b=c?d"));
    /// assert_eq!(Uri::parse("/a?")?.query(), Some(""));
    /// assert_eq!(Uri::parse("/a")?.query(), None);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[inline]
    pub fn query(&self) -> Option<&str> {
        self.bounds.query().map(|span| self.slice(span))
    }

    /// The fragment as written, without its `#` (section 3.5); `None` when
    /// there is no `#`, `Some("")` when it is empty.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// assert_eq!(Uri::parse("/a#top")?.fragment(), Some("top"));
    /// assert_eq!(Uri::parse("/a#")?.fragment(), Some(""));
    /// assert_eq!(Uri::parse("/a")?.fragment(), None);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[inline]
    pub fn fragment(&self) -> Option<&str> {
        let len = self.as_str().len();
        self.bounds.fragment(len).map(|span| self.slice(span))
    }

    /// This reference without its fragment (and its `#`): what is
    /// dereferenced (RFC 3986 section 3.5: the fragment is separated from
    /// the rest before a dereference, and is not sent), what a cache or a
    /// set of visited pages is keyed by. Unlike [`set_fragment(None)`](Self::set_fragment),
    /// it cannot fail, and it works on every storage, as the fragment is
    /// the text's tail: the text is cut before the `#`, and nothing else
    /// is written.
    ///
    /// It takes the reference by value and gives one of the same storage
    /// back:
    ///
    /// - a `Uri<&str>` gives a shorter borrow of the same text, with no
    ///   allocation; `uri.borrowed().without_fragment()` gives that view of
    ///   a `Uri` that owns its text, which it leaves as it is;
    /// - a `Uri` (`Uri<String>`) keeps its `String`, truncated: no
    ///   allocation either;
    /// - a `Uri<Arc<str>>` gets a new `Arc<str>` (one allocation and a
    ///   copy) when there is a fragment, as an `Arc<str>` cannot be cut.
    ///
    /// Without a fragment, the reference comes back as it was. To drop the
    /// fragment of a `Uri` in place (a struct's field, say),
    /// [`set_fragment_decoded(None)`](Self::set_fragment_decoded) returns
    /// nothing to handle either.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let text = "https://example.com/docs?page=2#install";
    /// let uri = Uri::parse(text)?;
    /// let sent: Uri<&str> = uri.without_fragment();
    /// assert_eq!(sent.as_str(), "https://example.com/docs?page=2");
    /// assert_eq!(sent.fragment(), None);
    /// assert!(std::ptr::eq(sent.as_str(), &text[..sent.as_str().len()]));
    ///
    /// let owned: Uri = "/a#".parse()?;
    /// let view = owned.borrowed().without_fragment();
    /// assert_eq!((view.as_str(), owned.as_str()), ("/a", "/a#"));
    /// assert_eq!(owned.without_fragment().as_str(), "/a");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[must_use = "it returns the reference without its fragment"]
    pub fn without_fragment(self) -> Self {
        match self.bounds.fragment_start() {
            // The `#` is the byte before the fragment.
            Some(start) => Reference::from_bounds(
                self.text.truncated(start - 1),
                self.bounds.without_fragment(),
            ),
            None => self,
        }
    }

    /// Checks the invariants that tie the component bounds to the text:
    /// the components tile the text in order with their delimiters, and the
    /// authority's parts tile the authority. Tests and fuzzers call it.
    #[doc(hidden)]
    pub fn check_invariants(&self) -> Result<(), &'static str> {
        self.bounds
            .check(self.as_str())
            .map_err(|(_, expected)| expected)?;
        let path = self.path();
        let authority = self.bounds.has_authority();
        if authority && !(path.is_empty() || path.starts_with('/')) {
            return Err("a path after an authority must be empty or start with '/'");
        }
        if !path::disambiguation(path, !self.is_relative(), authority).is_empty() {
            return Err("the path would not read back as a path where it stands");
        }
        Ok(())
    }

    /// This reference, borrowing its text: a `Reference<X, &str>` that
    /// copies nothing.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let owned: Uri<String> = "http://a/b".parse()?;
    /// let borrowed: Uri<&str> = owned.borrowed();
    /// assert_eq!(borrowed, owned);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[inline]
    pub fn borrowed(&self) -> Reference<X, &str> {
        Reference::from_bounds(self.as_str(), self.bounds)
    }

    /// This reference with its text in a `String` of its own (one
    /// allocation and a copy).
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// fn parsed(text: &str) -> Result<Uri, rfc3986::ParseError> {
    ///     Ok(Uri::parse(text)?.to_owned())
    /// }
    /// assert_eq!(parsed("http://a/b")?.path(), "/b");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[allow(clippy::wrong_self_convention)]
    pub fn to_owned(&self) -> Reference<X, String> {
        Reference::from_bounds(String::from(self.as_str()), self.bounds)
    }

    /// This reference with its text in a `String`: the one it holds, for a
    /// `Reference<X, String>`, or a copy.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let owned = Uri::parse("http://a/b")?.into_owned();
    /// assert_eq!(owned.into_string(), "http://a/b");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn into_owned(self) -> Reference<X, String> {
        let bounds = self.bounds;
        Reference::from_bounds(self.text.into_string(), bounds)
    }

    /// This reference with its text in an `Arc<str>`, which clones by
    /// reference count (one allocation and a copy).
    ///
    /// ```
    /// use std::sync::Arc;
    /// use rfc3986::Uri;
    ///
    /// let shared: Uri<Arc<str>> = Uri::parse("http://a/b")?.to_shared();
    /// let copy = shared.clone();
    /// assert_eq!(copy, shared);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn to_shared(&self) -> Reference<X, Arc<str>> {
        Reference::from_bounds(Arc::from(self.as_str()), self.bounds)
    }

    /// The text, as a `String`: the one this holds, for a
    /// `Reference<X, String>`, or a copy.
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// assert_eq!(Uri::parse("/a?b")?.into_string(), "/a?b");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn into_string(self) -> String {
        self.text.into_string()
    }
}

/// The segments of a path, from [`Reference::path_segments`].
///
/// ```
/// use rfc3986::Uri;
///
/// let uri = Uri::parse("http://h/a/b%20c/")?;
/// let mut segments = uri.path_segments();
/// assert_eq!(segments.next(), Some(""));
/// assert_eq!(segments.next_back(), Some(""));
/// assert_eq!(segments.collect::<Vec<_>>(), ["a", "b%20c"]);
/// # Ok::<(), rfc3986::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct PathSegments<'a> {
    inner: Option<core::str::Split<'a, char>>,
}

impl<'a> PathSegments<'a> {
    /// The segments of `path`: none for an empty path.
    pub(crate) fn of(path: &'a str) -> PathSegments<'a> {
        PathSegments {
            inner: (!path.is_empty()).then(|| path.split('/')),
        }
    }
}

impl<'a> Iterator for PathSegments<'a> {
    type Item = &'a str;

    #[inline]
    fn next(&mut self) -> Option<&'a str> {
        self.inner.as_mut()?.next()
    }
}

impl DoubleEndedIterator for PathSegments<'_> {
    #[inline]
    fn next_back(&mut self) -> Option<Self::Item> {
        self.inner.as_mut()?.next_back()
    }
}

impl core::iter::FusedIterator for PathSegments<'_> {}

impl<X, S: Clone> Clone for Reference<X, S> {
    fn clone(&self) -> Self {
        Reference::from_bounds(self.text.clone(), self.bounds)
    }
}

impl<X, S: Copy> Copy for Reference<X, S> {}

impl<X: Spec, S: Storage> fmt::Display for Reference<X, S> {
    /// Writes the reference as text; for a parsed one, exactly the input.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl<X: Spec, S: Storage> fmt::Debug for Reference<X, S> {
    /// Shows the components, with any password in the userinfo replaced by
    /// `***` (RFC 3986 section 3.2.1 advises against displaying it).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.debug_as(X::NAME, f)
    }
}

impl<X: Spec, S: Storage> Reference<X, S> {
    /// `Debug` under the type name `name`.
    fn debug_as(&self, name: &str, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut debug = f.debug_struct(name);
        debug.field("scheme", &self.scheme());
        match self.authority() {
            Some(authority) => debug
                .field("userinfo", &authority.userinfo().map(redact_password))
                .field("host", &authority.host())
                .field("port", &authority.port_str()),
            None => debug.field("authority", &None::<()>),
        };
        debug
            .field("path", &self.path())
            .field("query", &self.query())
            .field("fragment", &self.fragment())
            .finish()
    }
}

impl<X: Spec> FromStr for Reference<X, String> {
    type Err = ParseError;

    /// Parses `s` into a reference that owns a copy of it.
    fn from_str(s: &str) -> Result<Self, ParseError> {
        Reference::<X, &str>::parse(s).map(|reference| reference.to_owned())
    }
}

impl<'a, X: Spec> TryFrom<&'a str> for Reference<X, &'a str> {
    type Error = ParseError;

    fn try_from(s: &'a str) -> Result<Self, ParseError> {
        Reference::parse(s)
    }
}

impl<X: Spec> TryFrom<String> for Reference<X, String> {
    type Error = ParseError<String>;

    fn try_from(s: String) -> Result<Self, ParseError<String>> {
        Reference::parse(s)
    }
}

impl<X: Spec> From<Reference<X, String>> for String {
    /// The text: the `String` the reference holds, with no copy (as
    /// [`into_string`](Reference::into_string)).
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// let uri: Uri = "http://a/b?q".parse()?;
    /// let text: String = uri.into();
    /// assert_eq!(text, "http://a/b?q");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    fn from(reference: Reference<X, String>) -> String {
        reference.into_string()
    }
}

impl<X: Spec> From<Reference<X, Arc<str>>> for Arc<str> {
    /// The text: the `Arc<str>` the reference holds, with no copy.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use rfc3986::Uri;
    ///
    /// let uri: Uri<Arc<str>> = Uri::parse(Arc::from("http://a/b"))?;
    /// let text: Arc<str> = uri.into();
    /// assert_eq!(&*text, "http://a/b");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    fn from(reference: Reference<X, Arc<str>>) -> Arc<str> {
        reference.text
    }
}

impl<'a, X: Spec> From<Reference<X, &'a str>> for &'a str {
    /// The text the reference borrows, for as long as the text lives
    /// (where [`as_str`](Reference::as_str) gives it for as long as the
    /// reference does).
    ///
    /// ```
    /// use rfc3986::Uri;
    ///
    /// fn path_of(text: &str) -> Result<&str, rfc3986::ParseError> {
    ///     let uri = Uri::parse(text)?;
    ///     let whole: &str = uri.into();
    ///     Ok(&whole[whole.len() - uri.path().len()..])
    /// }
    /// assert_eq!(path_of("/a/b")?, "/a/b");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    fn from(reference: Reference<X, &'a str>) -> &'a str {
        reference.text
    }
}

impl<X: Spec, S: Storage> AsRef<str> for Reference<X, S> {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl<X: Spec, S: Storage> Borrow<str> for Reference<X, S> {
    /// The text, which equality and hashing compare, so that a map keyed by
    /// references can be looked up with a `&str`.
    ///
    /// ```
    /// use std::collections::HashMap;
    /// use rfc3986::Uri;
    ///
    /// let mut visits: HashMap<Uri, u32> = HashMap::new();
    /// visits.insert("http://a/b".parse()?, 3);
    /// assert_eq!(visits.get("http://a/b"), Some(&3));
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl<X: Spec, S: Storage, T: Storage> PartialEq<Reference<X, T>> for Reference<X, S> {
    /// Compares the text exactly, whatever the storages. Two references
    /// that differ only in case or percent-encoding are different values;
    /// [`equivalent`](Reference::equivalent) says whether they denote the
    /// same resource.
    fn eq(&self, other: &Reference<X, T>) -> bool {
        self.as_str() == other.as_str()
    }
}

impl<X: Spec, S: Storage> Eq for Reference<X, S> {}

impl<X: Spec, S: Storage> PartialEq<str> for Reference<X, S> {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl<X: Spec, S: Storage> PartialEq<&str> for Reference<X, S> {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl<X: Spec, S: Storage> PartialOrd for Reference<X, S> {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl<X: Spec, S: Storage> Ord for Reference<X, S> {
    /// Orders by text.
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl<X: Spec, S: Storage> Hash for Reference<X, S> {
    /// Hashes the text, as `str` does, consistent with `PartialEq` and
    /// [`Borrow<str>`](Borrow).
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl<X: Spec> Absolute<X> {
    /// Whether `text` is an absolute reference (`URI`, RFC 3986 section 3;
    /// `IRI` of RFC 3987 for an [`AbsoluteIri`](https://docs.rs/rfc3986/latest/rfc3986/type.AbsoluteIri.html)): exactly when
    /// [`parse`](Self::parse) would succeed, without the diagnosis of a
    /// rejection (see [`Reference::is_valid`]).
    ///
    /// ```
    /// use rfc3986::AbsoluteUri;
    ///
    /// assert!(AbsoluteUri::is_valid("urn:isbn:0451450523"));
    /// assert!(!AbsoluteUri::is_valid("/etc/hosts"));
    /// ```
    #[must_use]
    pub fn is_valid(text: &str) -> bool {
        X::is_valid_absolute(text)
    }
}

impl<X: Spec, S: Storage> Absolute<X, S> {
    /// Parses an absolute reference: `URI` of RFC 3986 section 3 (`IRI` of
    /// RFC 3987 for an [`AbsoluteIri`](https://docs.rs/rfc3986/latest/rfc3986/type.AbsoluteIri.html)), a scheme, its hierarchical part,
    /// and an optional query and fragment, keeping `input` as
    /// [`Reference::parse`] does.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] with the kind of problem, its byte offset and what
    /// the grammar expected there; for a relative reference, where its
    /// first segment, `/` or `?` comes instead of a scheme's `:`.
    ///
    /// ```
    /// use rfc3986::AbsoluteUri;
    ///
    /// assert_eq!(AbsoluteUri::parse("urn:isbn:0451450523")?.path(), "isbn:0451450523");
    /// let err = AbsoluteUri::parse("/etc/hosts").unwrap_err();
    /// assert_eq!(err.offset(), 0);
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[inline]
    pub fn parse<I>(input: I) -> Result<Self, ParseError<I::Back>>
    where
        I: Input<Storage = S>,
    {
        match X::parse_absolute(input.text()) {
            Ok(bounds) => Ok(Absolute(Reference::from_bounds(
                input.into_storage(),
                bounds,
            ))),
            Err(error) => Err(error.with_back(input.into_back())),
        }
    }

    /// The scheme as written, without its `:`: always there.
    ///
    /// ```
    /// use rfc3986::AbsoluteUri;
    ///
    /// assert_eq!(AbsoluteUri::parse("HTTP://a/")?.scheme(), "HTTP");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn scheme(&self) -> &str {
        self.0.scheme().unwrap_or_default()
    }

    /// The reference, which has every accessor (also reached through
    /// `Deref`).
    pub fn as_reference(&self) -> &Reference<X, S> {
        &self.0
    }

    /// The reference, no longer known to be absolute.
    pub fn into_reference(self) -> Reference<X, S> {
        self.0
    }

    /// The reference `reference`, known to be absolute (a scheme).
    pub(crate) fn new_unchecked(reference: Reference<X, S>) -> Absolute<X, S> {
        debug_assert!(!reference.is_relative());
        Absolute(reference)
    }

    /// The reference, for an edit that keeps its scheme.
    pub(crate) fn reference_mut(&mut self) -> &mut Reference<X, S> {
        &mut self.0
    }

    /// This absolute reference without its fragment: see
    /// [`Reference::without_fragment`]. It stays absolute (a fragment is
    /// not what makes it so), and is then an `absolute-URI` (RFC 3986
    /// section 4.3), the form a base URI takes.
    ///
    /// ```
    /// use rfc3986::AbsoluteUri;
    ///
    /// let uri = AbsoluteUri::parse("https://example.com/a?b#c")?;
    /// let base: AbsoluteUri<&str> = uri.without_fragment();
    /// assert_eq!(base, "https://example.com/a?b");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    #[must_use = "it returns the reference without its fragment"]
    pub fn without_fragment(self) -> Self {
        Absolute(self.0.without_fragment())
    }

    /// This absolute reference, borrowing its text.
    pub fn borrowed(&self) -> Absolute<X, &str> {
        Absolute(self.0.borrowed())
    }

    /// This absolute reference with its text in a `String` of its own.
    #[allow(clippy::wrong_self_convention)]
    pub fn to_owned(&self) -> Absolute<X, String> {
        Absolute(self.0.to_owned())
    }

    /// This absolute reference with its text in a `String`: the one it
    /// holds, or a copy.
    pub fn into_owned(self) -> Absolute<X, String> {
        Absolute(self.0.into_owned())
    }

    /// This absolute reference with its text in an `Arc<str>`.
    pub fn to_shared(&self) -> Absolute<X, Arc<str>> {
        Absolute(self.0.to_shared())
    }
}

impl<S: Storage> Absolute<Rfc3986, S> {
    /// The URI, which has every accessor (also reached through `Deref`).
    ///
    /// ```
    /// use rfc3986::{AbsoluteUri, Uri};
    ///
    /// let absolute = AbsoluteUri::parse("http://a/b")?;
    /// let uri: &Uri<&str> = absolute.as_uri();
    /// assert_eq!(uri.path(), "/b");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn as_uri(&self) -> &Reference<Rfc3986, S> {
        &self.0
    }

    /// The URI, no longer known to be absolute.
    ///
    /// ```
    /// use rfc3986::{AbsoluteUri, Uri};
    ///
    /// let uri: Uri<&str> = AbsoluteUri::parse("http://a/b")?.into_uri();
    /// assert!(!uri.is_relative());
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    pub fn into_uri(self) -> Reference<Rfc3986, S> {
        self.0
    }
}

impl<X, S> Deref for Absolute<X, S> {
    type Target = Reference<X, S>;

    fn deref(&self) -> &Reference<X, S> {
        &self.0
    }
}

impl<X, S: Clone> Clone for Absolute<X, S> {
    fn clone(&self) -> Self {
        Absolute(self.0.clone())
    }
}

impl<X, S: Copy> Copy for Absolute<X, S> {}

impl<X: Spec, S: Storage> AsRef<Reference<X, S>> for Absolute<X, S> {
    fn as_ref(&self) -> &Reference<X, S> {
        &self.0
    }
}

impl<X: Spec, S: Storage> AsRef<str> for Absolute<X, S> {
    fn as_ref(&self) -> &str {
        self.0.as_str()
    }
}

impl<X: Spec, S: Storage> Borrow<str> for Absolute<X, S> {
    fn borrow(&self) -> &str {
        self.0.as_str()
    }
}

impl<X: Spec, S: Storage> From<Absolute<X, S>> for Reference<X, S> {
    fn from(absolute: Absolute<X, S>) -> Reference<X, S> {
        absolute.0
    }
}

impl<X: Spec> From<Absolute<X, String>> for String {
    /// The text: the `String` the reference holds, with no copy.
    ///
    /// ```
    /// use rfc3986::AbsoluteUri;
    ///
    /// let uri: AbsoluteUri = "http://a/b".parse()?;
    /// assert_eq!(String::from(uri), "http://a/b");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    fn from(absolute: Absolute<X, String>) -> String {
        absolute.0.into_string()
    }
}

impl<X: Spec> From<Absolute<X, Arc<str>>> for Arc<str> {
    /// The text: the `Arc<str>` the reference holds, with no copy.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use rfc3986::AbsoluteUri;
    ///
    /// let uri = AbsoluteUri::parse(Arc::<str>::from("http://a/b"))?;
    /// assert_eq!(&*Arc::<str>::from(uri), "http://a/b");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    fn from(absolute: Absolute<X, Arc<str>>) -> Arc<str> {
        absolute.0.text
    }
}

impl<'a, X: Spec> From<Absolute<X, &'a str>> for &'a str {
    /// The text the reference borrows, for as long as the text lives.
    ///
    /// ```
    /// use rfc3986::AbsoluteUri;
    ///
    /// let text = String::from("http://a/b");
    /// let whole: &str = AbsoluteUri::parse(text.as_str())?.into();
    /// assert_eq!(whole, "http://a/b");
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    fn from(absolute: Absolute<X, &'a str>) -> &'a str {
        absolute.0.text
    }
}

impl<X: Spec, S: Storage> TryFrom<Reference<X, S>> for Absolute<X, S> {
    type Error = ParseError;

    /// The reference, if it is absolute by the grammar (`URI`, or `IRI`):
    /// it has a scheme.
    ///
    /// # Errors
    ///
    /// The error [`Absolute::parse`] gives for its text.
    ///
    /// ```
    /// use rfc3986::{AbsoluteUri, Uri};
    ///
    /// let absolute = AbsoluteUri::try_from(Uri::parse("http://a/b#c")?)?;
    /// assert_eq!(absolute.scheme(), "http");
    /// assert!(AbsoluteUri::try_from(Uri::parse("/b")?).is_err());
    /// # Ok::<(), rfc3986::Error>(())
    /// ```
    fn try_from(reference: Reference<X, S>) -> Result<Self, ParseError> {
        if reference.is_relative() {
            return Err(X::parse_absolute(reference.as_str())
                .err()
                .unwrap_or_else(|| {
                    ParseError::new(crate::ErrorKind::Scheme, reference.as_str(), 0, "a scheme")
                }));
        }
        Ok(Absolute(reference))
    }
}

impl<X: Spec> FromStr for Absolute<X, String> {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, ParseError> {
        Absolute::<X, &str>::parse(s).map(|absolute| absolute.to_owned())
    }
}

impl<'a, X: Spec> TryFrom<&'a str> for Absolute<X, &'a str> {
    type Error = ParseError;

    fn try_from(s: &'a str) -> Result<Self, ParseError> {
        Absolute::parse(s)
    }
}

impl<X: Spec> TryFrom<String> for Absolute<X, String> {
    type Error = ParseError<String>;

    fn try_from(s: String) -> Result<Self, ParseError<String>> {
        Absolute::parse(s)
    }
}

impl<X: Spec, S: Storage, T: Storage> PartialEq<Absolute<X, T>> for Absolute<X, S> {
    fn eq(&self, other: &Absolute<X, T>) -> bool {
        self.0 == other.0
    }
}

impl<X: Spec, S: Storage> Eq for Absolute<X, S> {}

impl<X: Spec, S: Storage, T: Storage> PartialEq<Reference<X, T>> for Absolute<X, S> {
    fn eq(&self, other: &Reference<X, T>) -> bool {
        self.0 == *other
    }
}

impl<X: Spec, S: Storage> PartialEq<str> for Absolute<X, S> {
    fn eq(&self, other: &str) -> bool {
        self.0.as_str() == other
    }
}

impl<X: Spec, S: Storage> PartialEq<&str> for Absolute<X, S> {
    fn eq(&self, other: &&str) -> bool {
        self.0.as_str() == *other
    }
}

impl<X: Spec, S: Storage> PartialOrd for Absolute<X, S> {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl<X: Spec, S: Storage> Ord for Absolute<X, S> {
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        self.0.cmp(&other.0)
    }
}

impl<X: Spec, S: Storage> Hash for Absolute<X, S> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

impl<X: Spec, S: Storage> fmt::Display for Absolute<X, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.as_str())
    }
}

impl<X: Spec, S: Storage> fmt::Debug for Absolute<X, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.debug_as(X::ABSOLUTE_NAME, f)
    }
}
