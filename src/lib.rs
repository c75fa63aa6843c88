//! URI references exactly as [RFC 3986] defines them, parsed by a grammar you
//! can read.
//!
//! The grammar, `uri.pest`, is RFC 3986 Appendix A transcribed rule by rule;
//! the parser the crate runs is compiled from it, and every error says what
//! is wrong, at which byte, in the RFC's terms. What the crate does, each
//! with where to start:
//!
//! - **Parse and read** a URI reference into its components, borrowed from
//!   the input or owned: [`Uri::parse`], [`Reference::scheme`],
//!   [`Reference::path_segments`], [`Reference::query_pairs`], the typed
//!   [`Host`] of an [`Authority`], [`Reference::port_or_known_default`].
//!   [`Uri`] is [`Reference`] over RFC 3986; its text lives in a
//!   [`Storage`] (`&str`, `String` or `Arc<str>`).
//! - **Absolute URIs** (section 4.3), which every scheme's URIs are, have
//!   their own types: [`AbsoluteUri`], [`AbsoluteIri`] ([`Absolute`]).
//! - **IRIs** (RFC 3987, with the `iri` feature): [`Iri`] is the same type
//!   over RFC 3987's grammar (`iri.pest`), which takes characters above
//!   ASCII;
//!   [`Iri::to_uri`][to_uri] and
//!   [`Uri::to_iri`][to_iri] map between the two (sections 3.1
//!   and 3.2), [`Iri::check_bidi`][check_bidi] applies section
//!   4.1.
//! - **Resolution** (section 5): [`Reference::resolve`] turns a reference
//!   into its target against a base, [`Reference::join`] does it from
//!   text, and [`Reference::make_relative`] goes back, to the shortest
//!   reference that resolves to a target.
//! - **The normalization ladder** (section 6.2):
//!   [`Reference::normalize_syntax`] is its syntax-based rung (case,
//!   percent-encoding, dot segments: 6.2.2), [`Reference::normalize`] adds
//!   the scheme-based rung (default ports, empty paths: 6.2.3), and
//!   [`Reference::equivalent`] compares by it; [`remove_dot_segments`] is
//!   the algorithm of section 5.2.4.
//! - **Percent-encoding** (section 2.1): [`percent_encode`] encodes for a
//!   [`Component`] exactly what its rule does not take;
//!   [`percent_decode`] and [`percent_decode_utf8`] decode strictly
//!   ([`DecodeError`] gives the byte), [`percent_decode_lenient`] keeps a
//!   stray `%`.
//! - **Building and changing**: [`Reference::builder`] ([`UriBuilder`],
//!   [`IriBuilder`]) assembles a reference from components; the setters
//!   ([`Reference::set_host`], ...) and edits
//!   ([`Reference::push_path_segment`], [`Reference::set_query_pair`])
//!   change one, each checked by the grammar ([`BuildError`]).
//! - **Schemes, and grammars of your own**: the [`schemes`] module parses
//!   `http`, `mailto`, `urn` and `file` URIs by grammars that extend
//!   `uri.pest`, each compiled by `#[derive(Grammar)]`, which compiles a
//!   grammar of yours the same way (the `derive` feature: see
//!   `rfc3986::Grammar` when it is on). [`parse_with`] and
//!   [`schemes::parse_scheme`] do the same through pest_derive's parser of
//!   a grammar of yours (with [`impl_uri_rule!`]), and [`parse_rule`] runs
//!   any rule of one with a bounded error.
//! - **Literals checked at compile time**: `rfc3986::uri!`, `iri!`,
//!   `absolute_uri!` and `absolute_iri!` (the `rfc3986` crate's `macros`
//!   feature, which re-exports them from [`rfc3986-macros`]) make a
//!   `const` [`Uri`] (or [`Iri`],
//!   [`AbsoluteUri`], [`AbsoluteIri`]) of a string literal, checked by
//!   [`Uri::parse`](Reference::parse) when the macro expands: an invalid
//!   literal fails the build with the parse's message, and using a valid
//!   one runs no parse. A grammar of your own gets a macro of its own
//!   (`#[literal_macro = "redis"]` on the derive: `redis!(Rule::redis_input,
//!   "redis://h/2")` is a `const` [`Parsed`](schemes::Parsed) checked by
//!   your rules; see the derive `rfc3986::Grammar`).
//! - **Errors** that say what and where: [`ParseError`] (with its
//!   [`ErrorKind`] and byte offset, and a caret under it in `{:#}`), and
//!   [`Error`], which every error of the crate converts into. Every
//!   message stays under 200 bytes whatever the input, but pest's own
//!   error, which pest_derive's parsers ([`UriParser`], with the
//!   `pest-parsers` feature) return as they are.
//! - **Redaction**: [`Reference::redacted`] shows a reference with its
//!   password hidden (section 3.2.1).
//! - **Checking URIs you did not write** (section 7): containment
//!   ([`Reference::resolve_within`], [`Reference::is_within`],
//!   [`Reference::check_within`], [`WithinError`]), so that `..` and
//!   `%2e%2e` cannot climb out of a base; a [`Policy`] of allowed schemes,
//!   hosts, ports and components, loaded from a configuration file with
//!   `serde` ([`PolicyError`] lists each [`Violation`] with its byte
//!   range); the SHOULD-level [`Reference::lints`] of a valid reference
//!   ([`Lint`], [`LintKind`], [`Severity`]); and
//!   [`ParseError::suggestion`], a corrected reference for the usual
//!   rejected forms ([`Suggestion`], [`Fix`]), which a parse never applies.
//! - **URI Templates** (RFC 6570, the `template` feature): [`Template`]
//!   reads a template by the grammar of `template.pest` (section 2, built
//!   on `uri.pest` and `iri.pest`), with each expression's operator and
//!   variables; [`Template::expand`][expand] expands it, levels 1 to 4,
//!   into a [`Uri`] the crate's grammar has checked, and
//!   [`Template::expand_iri`][expand_iri] into an [`Iri`]
//!   ([`template::ExpandError`][ExpandError] names the expression and the
//!   byte where an expansion would be no reference);
//!   [`Template::match_uri`][match_uri] gives the variables of a URI back
//!   ([`template::Variables`][Variables]); with `serde`,
//!   `Template::expand_serialize` takes any `Serialize` value.
//! - **The `uri` tool**, a command-line program over all of this (the
//!   `cli` feature): see [below](#the-uri-tool).
//!
//! # Terms
//!
//! - A **URI** ([section 3]) has a scheme: `scheme ":" hier-part [ "?" query ]
//!   [ "#" fragment ]`, such as `http://example.com/a?b#c` or
//!   `urn:isbn:0451450523`.
//! - A **relative reference** ([section 4.2]) has none: `//example.com/a`,
//!   `/a`, `a/b`, `?q`, `#f`, or the empty string. It means something only
//!   against a base URI ([section 5]).
//! - A **URI reference** ([section 4.1]) is either. [`Uri`] holds one, and
//!   [`Uri::is_relative`] says which.
//! - The five **components** are scheme ([3.1]), authority ([3.2]: userinfo,
//!   host, port), path ([3.3]), query ([3.4]) and fragment ([3.5]). A
//!   component is *undefined* when its delimiter is absent (`None`) and
//!   *empty* when the delimiter is there with nothing after it (`Some("")`);
//!   the path is always defined.
//!
//! # The grammar is the parser
//!
//! `uri.pest`, at the root of this crate, is RFC 3986 Appendix A transcribed
//! rule by rule into a [pest] grammar, and the only definition of what the
//! crate accepts. Two parsers are generated from it, and nothing else:
//!
//! - [`Uri::parse`] runs the one the crate's grammar compiler makes of the
//!   file (through pest_meta, the front end of pest_derive) in plain Rust
//!   (kept with the crate, and made again at build time where the file was
//!   edited, so a dependent's build compiles no grammar compiler): the
//!   same language and the same parse tree as pest's, at the speed of a
//!   hand-written parser. Its diagnostic variant, which runs only when an
//!   input is rejected, records what pest records for an error, from which
//!   the crate says what is wrong, at which byte, and what was expected;
//! - [`UriParser`], which pest_derive generates (with the `pest-parsers`
//!   feature), can start at any rule of the grammar, with pest's API.
//!
//! The two agree on every input the tests try, errors included. A lowering
//! pass reads either parse tree into typed components. To accept a scheme's own syntax,
//! write rules of your own on top of `uri.pest` and compile them with
//! `#[derive(rfc3986::Grammar)]` (the `derive` feature), or derive a pest
//! parser and use [`parse_with`].
//!
//! # Examples
//!
//! ```
//! use rfc3986::{Host, Uri};
//!
//! let uri = Uri::parse("foo://user@example.com:8042/over/there?name=ferret#nose")?;
//! assert_eq!(uri.scheme(), Some("foo"));
//! assert_eq!(uri.userinfo(), Some("user"));
//! assert!(matches!(uri.host(), Some(Host::RegName(name)) if name == "example.com"));
//! assert_eq!(uri.port(), Some(8042));
//! assert_eq!(uri.path(), "/over/there");
//! assert_eq!(uri.path_segments().collect::<Vec<_>>(), ["", "over", "there"]);
//! assert_eq!(uri.query(), Some("name=ferret"));
//! assert_eq!(uri.fragment(), Some("nose"));
//!
//! let relative = Uri::parse("../g?")?;
//! assert!(relative.is_relative());
//! assert_eq!(relative.query(), Some(""));
//! assert_eq!(relative.fragment(), None);
//! # Ok::<(), rfc3986::Error>(())
//! ```
//!
//! Errors say what is wrong, at which byte, and what the grammar expected:
//!
//! ```
//! use rfc3986::{ErrorKind, Uri};
//!
//! let err = Uri::parse("http://[::1::]/").unwrap_err();
//! assert_eq!(err.kind(), ErrorKind::Ipv6Address);
//! assert_eq!(err.offset(), 12);
//! assert_eq!(err.to_string(), "invalid IPv6 address at byte 12: expected HEXDIG, found ':'");
//! ```
//!
//! Resolve, normalize, map an IRI to a URI, and decode:
//!
//! ```
//! use rfc3986::{percent_decode_utf8, Iri, Uri};
//!
//! let base = Uri::parse("HTTP://Example.com:80/a/b")?;
//! let target = base.join("../c/%7Ed?q")?;
//! assert_eq!(target, "HTTP://Example.com:80/c/%7Ed?q");
//! assert_eq!(target.normalize_syntax(), "http://example.com:80/c/~d?q");
//! assert_eq!(target.normalize(), "http://example.com/c/~d?q");
//! assert_eq!(target.port_or_known_default(), Some(80));
//!
//! let iri = Iri::parse("https://\u{4f8b}.jp/\u{30d1}\u{30b9}")?;
//! assert_eq!(iri.to_uri(), "https://%E4%BE%8B.jp/%E3%83%91%E3%82%B9");
//! assert_eq!(percent_decode_utf8("%E3%83%91%E3%82%B9")?, "\u{30d1}\u{30b9}");
//! # Ok::<(), rfc3986::Error>(())
//! ```
//!
//! # Building and changing
//!
//! [`Uri::builder`] assembles a URI reference from components given as text
//! or decoded (then percent-encoded for their component), and the setters
//! (`set_host`, `set_path`, ...) change one component of a `Uri`. Both end
//! in a parse by the same grammar, and apply the RFC's disambiguation rules
//! (`a:b` as a relative path becomes `./a:b`):
//!
//! ```
//! use rfc3986::Uri;
//!
//! let mut uri = Uri::builder()
//!     .scheme("https")
//!     .host("example.com")
//!     .path_segments(["", "caf\u{e9}", "a/b"])
//!     .query_pairs([("q", "x&y")])
//!     .build()?;
//! assert_eq!(uri.as_str(), "https://example.com/caf%C3%A9/a%2Fb?q=x%26y");
//! assert!(uri.set_host(Some("evil.com/x")).is_err());
//! uri.set_fragment(Some("top"))?;
//! assert_eq!(uri.as_str(), "https://example.com/caf%C3%A9/a%2Fb?q=x%26y#top");
//! # Ok::<(), rfc3986::Error>(())
//! ```
//!
//! # Features
//!
//! The crate is `no_std` (it needs `alloc`) whatever features are on, and
//! builds whatever features other crates of the dependency tree turn on for
//! the crates it depends on (pest's and pest_derive's `std`, say).
//!
//! The package is `rfc3986-core`; users depend on `rfc3986`, which
//! re-exports it and has each of the features below by the same name but
//! `cli` (the tool is this package's binary), and one more, `macros`: the
//! literals of `rfc3986-macros` (`rfc3986::uri!`), which cannot be
//! re-exported here, since they run this crate's parse.
//!
//! - `iri`: IRIs (RFC 3987), [`Iri`], [`AbsoluteIri`], [`IriRule`],
//!   [`IriBuilder`] and the mappings between IRIs and URIs. Off by
//!   default: the IRI grammar's parser and the code instantiated for it
//!   are a large part of the crate's own release build.
//! - `template`: URI Templates (RFC 6570), [`Template`] and the
//!   [`template`][template] module. Off by default: the template grammar's
//!   parser, expansion and matching are about a fifth of the crate's own
//!   build. It turns on `iri` (the template grammar is built on
//!   `iri.pest`, and expands into IRIs too).
//! - `std` (default): [`template::Vars`][Vars] for `HashMap`, with
//!   `template`. Everything else
//!   needs only `core` and `alloc`; every [`Error`] implements
//!   [`core::error::Error`] without it.
//! - `serde`: `Serialize` and `Deserialize` for [`Reference`] ([`Uri`],
//!   [`Iri`], borrowed or owned) and [`Absolute`], and the scheme types
//!   (with `schemes`), as their text; and for [`Policy`], from a
//!   configuration file.
//! - `schemes`: the scheme types of [`schemes`] (`http::HttpUri`,
//!   `mailto::Mailto`, `urn::Urn`, `file::FileUri`), each compiled from a
//!   grammar of its own; off by default, as their four grammars are more
//!   than half of the crate's build. The rest of [`schemes`] (the
//!   `Grammar` trait, [`schemes::parse_scheme`], the errors) needs no
//!   feature.
//! - `http`: conversions both ways between [`Uri`] and `http::Uri`
//!   (`TryFrom`), which refuse what would change the URI
//!   ([`ConvertError`]).
//! - `url`: conversions both ways between [`AbsoluteUri`] and `url::Url`,
//!   and from a [`Uri`] with a scheme to `url::Url` ([`ConvertError`]).
//! - `idna`: [`Iri::to_uri_idna`][to_uri_idna], an IRI's registered name
//!   in its IDNA ASCII form (RFC 3987 section 3.1); it turns on `iri`.
//! - `cli`: the [`uri` tool](#the-uri-tool) (`cargo install --locked
//!   --path . --features cli`); it turns on `schemes`, `iri` and
//!   `template`.
//! - `derive`: `#[derive(rfc3986::Grammar)]`, which compiles a grammar of
//!   your own, written on top of `uri.pest` (or `iri.pest`), into the kind
//!   of parser [`Uri::parse`](Reference::parse) runs.
//! - `pest-parsers`: [`UriParser`], [`IriParser`] and [`TemplateParser`],
//!   the parsers pest_derive generates from `uri.pest`, `iri.pest` and
//!   `template.pest`, with pest's own
//!   API (any rule as an entry, pest's `Pairs`). Off by default: they are
//!   the other parser of each grammar, which the crate's tests compare
//!   its own with, and [`Uri::parse`], [`parse_with`] and [`parse_rule`]
//!   need neither. [`Rule`] and [`IriRule`] are the same types either
//!   way. It turns on `iri`.
//! - `verify-compiled`: for this crate's own tests and fuzzing, not for
//!   use. Every parse also runs pest_derive's parser of the same grammar
//!   ([`UriParser`], [`IriParser`]: it turns on `pest-parsers`) and panics
//!   if the compiled parser's verdict or parse tree differs. Slow.
//! - `grammar-literals`: for `rfc3986-macros`, not for use. What a literal
//!   of a derived grammar (`#[literal_macro = "..."]`) runs when it
//!   expands, in the copy of the crate built for the compiler's host.
//!
//! # The `uri` tool
//!
//! With the `cli` feature, `cargo install --locked --path . --features
//! cli` installs `uri`, whose subcommands each run a part of the crate:
//! `parse` (the components, as a table or JSON), `check` (validate lines
//! of files, in constant memory; `--scheme` for the [`schemes`], `--iri`
//! for IRIs, `--bidi` for [`check_bidi`][check_bidi],
//! `--lint` for [`Reference::lints`] with `--fail-on` a severity,
//! `--suggest` for [`ParseError::suggestion`]),
//! `resolve` ([`Reference::resolve`]), `relative`
//! ([`Reference::make_relative`]), `normalize` ([`Reference::normalize`],
//! `--syntax` for [`Reference::normalize_syntax`]), `to-uri` and `to-iri`.
//! Each reads its references from standard input, one a line, when given
//! none.
//!
//! ```text
//! $ uri resolve 'http://a/b/c/d;p?q' ../g '?y'
//! http://a/b/g
//! http://a/b/c/d;p?y
//! $ printf '%s\n' 'HTTP://A:80/%7e' '../a/./b' | uri normalize
//! http://a/~
//! ../a/./b
//! ```
//!
//! [RFC 3986]: https://www.rfc-editor.org/rfc/rfc3986
//! [section 3]: https://www.rfc-editor.org/rfc/rfc3986#section-3
//! [section 4.1]: https://www.rfc-editor.org/rfc/rfc3986#section-4.1
//! [section 4.2]: https://www.rfc-editor.org/rfc/rfc3986#section-4.2
//! [section 5]: https://www.rfc-editor.org/rfc/rfc3986#section-5
//! [3.1]: https://www.rfc-editor.org/rfc/rfc3986#section-3.1
//! [3.2]: https://www.rfc-editor.org/rfc/rfc3986#section-3.2
//! [3.3]: https://www.rfc-editor.org/rfc/rfc3986#section-3.3
//! [3.4]: https://www.rfc-editor.org/rfc/rfc3986#section-3.4
//! [3.5]: https://www.rfc-editor.org/rfc/rfc3986#section-3.5
//! [pest]: https://pest.rs
//! [`rfc3986-macros`]: https://docs.rs/rfc3986-macros

#![cfg_attr(feature = "iri", doc = "[`Iri`]: Iri")]
#![cfg_attr(
    not(feature = "iri"),
    doc = "[`Iri`]: https://docs.rs/rfc3986/latest/rfc3986/type.Iri.html"
)]
#![cfg_attr(feature = "iri", doc = "[`AbsoluteIri`]: AbsoluteIri")]
#![cfg_attr(
    not(feature = "iri"),
    doc = "[`AbsoluteIri`]: https://docs.rs/rfc3986/latest/rfc3986/type.AbsoluteIri.html"
)]
#![cfg_attr(feature = "iri", doc = "[`IriBuilder`]: IriBuilder")]
#![cfg_attr(
    not(feature = "iri"),
    doc = "[`IriBuilder`]: https://docs.rs/rfc3986/latest/rfc3986/type.IriBuilder.html"
)]
#![cfg_attr(feature = "iri", doc = "[`IriRule`]: IriRule")]
#![cfg_attr(
    not(feature = "iri"),
    doc = "[`IriRule`]: https://docs.rs/rfc3986/latest/rfc3986/enum.IriRule.html"
)]
#![cfg_attr(feature = "iri", doc = "[to_uri]: Reference::to_uri")]
#![cfg_attr(
    not(feature = "iri"),
    doc = "[to_uri]: https://docs.rs/rfc3986/latest/rfc3986/type.Iri.html#method.to_uri"
)]
#![cfg_attr(feature = "iri", doc = "[to_iri]: Reference::to_iri")]
#![cfg_attr(
    not(feature = "iri"),
    doc = "[to_iri]: https://docs.rs/rfc3986/latest/rfc3986/type.Uri.html#method.to_iri"
)]
#![cfg_attr(feature = "iri", doc = "[check_bidi]: Reference::check_bidi")]
#![cfg_attr(
    not(feature = "iri"),
    doc = "[check_bidi]: https://docs.rs/rfc3986/latest/rfc3986/type.Iri.html#method.check_bidi"
)]
#![cfg_attr(feature = "idna", doc = "[to_uri_idna]: Reference::to_uri_idna")]
#![cfg_attr(feature = "pest-parsers", doc = "[`UriParser`]: UriParser")]
#![cfg_attr(feature = "pest-parsers", doc = "[`IriParser`]: IriParser")]
#![cfg_attr(feature = "pest-parsers", doc = "[`TemplateParser`]: TemplateParser")]
#![cfg_attr(
    not(feature = "pest-parsers"),
    doc = "[`TemplateParser`]: https://docs.rs/rfc3986/latest/rfc3986/struct.TemplateParser.html"
)]
#![cfg_attr(
    not(feature = "pest-parsers"),
    doc = "[`UriParser`]: https://docs.rs/rfc3986/latest/rfc3986/struct.UriParser.html"
)]
#![cfg_attr(
    not(feature = "pest-parsers"),
    doc = "[`IriParser`]: https://docs.rs/rfc3986/latest/rfc3986/struct.IriParser.html"
)]
#![cfg_attr(
    not(feature = "idna"),
    doc = "[to_uri_idna]: https://docs.rs/rfc3986/latest/rfc3986/type.Iri.html#method.to_uri_idna"
)]
#![cfg_attr(feature = "template", doc = "[`Template`]: Template")]
#![cfg_attr(
    not(feature = "template"),
    doc = "[`Template`]: https://docs.rs/rfc3986/latest/rfc3986/struct.Template.html"
)]
#![cfg_attr(feature = "template", doc = "[expand]: Template::expand")]
#![cfg_attr(
    not(feature = "template"),
    doc = "[expand]: https://docs.rs/rfc3986/latest/rfc3986/struct.Template.html#method.expand"
)]
#![cfg_attr(feature = "template", doc = "[expand_iri]: Template::expand_iri")]
#![cfg_attr(
    not(feature = "template"),
    doc = "[expand_iri]: https://docs.rs/rfc3986/latest/rfc3986/struct.Template.html#method.expand_iri"
)]
#![cfg_attr(feature = "template", doc = "[ExpandError]: template::ExpandError")]
#![cfg_attr(
    not(feature = "template"),
    doc = "[ExpandError]: https://docs.rs/rfc3986/latest/rfc3986/template/enum.ExpandError.html"
)]
#![cfg_attr(feature = "template", doc = "[match_uri]: Template::match_uri")]
#![cfg_attr(
    not(feature = "template"),
    doc = "[match_uri]: https://docs.rs/rfc3986/latest/rfc3986/struct.Template.html#method.match_uri"
)]
#![cfg_attr(feature = "template", doc = "[Variables]: template::Variables")]
#![cfg_attr(
    not(feature = "template"),
    doc = "[Variables]: https://docs.rs/rfc3986/latest/rfc3986/template/struct.Variables.html"
)]
#![cfg_attr(feature = "template", doc = "[template]: template")]
#![cfg_attr(
    not(feature = "template"),
    doc = "[template]: https://docs.rs/rfc3986/latest/rfc3986/template/index.html"
)]
#![cfg_attr(feature = "template", doc = "[Vars]: template::Vars")]
#![cfg_attr(
    not(feature = "template"),
    doc = "[Vars]: https://docs.rs/rfc3986/latest/rfc3986/template/trait.Vars.html"
)]
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

extern crate alloc;
// The standard library, with the `std` feature only: for what needs it
// (`Vars` for `HashMap`). `::std` is this crate (below), so it goes by
// another name.
#[cfg(feature = "std")]
extern crate std as host_std;

// The parsers pest_derive generates inside this crate (`UriParser`,
// `IriParser`, the schemes') name `::std::boxed::Box`,
// `::std::result::Result` and `::std::option::Option` when any crate of the
// build turns on pest_derive's `std` feature, and the `::alloc`/`::core`
// paths otherwise. Cargo unifies features across the whole dependency tree,
// so this crate cannot choose which. It is `no_std`, where `::std` names no
// crate: here it names this crate, whose root provides exactly those three
// modules, from `alloc` and `core`, in both configurations. Declaring the
// real `std` instead would tie the crate to targets that have one.
extern crate self as std;
// `#[derive(rfc3986::Grammar)]` generates code that names the crate as
// `::rfc3986`, in a user's crate and in this one, whose scheme types are
// derived the same way.
extern crate self as rfc3986;
#[allow(unused_imports)]
use alloc::boxed;
#[allow(unused_imports)]
use core::{option, result};

// The files of `src/` form layers, each importing only from the layers
// below it, so that each can be read, tested and changed without those
// above (`python3 ../shared/tools/layers.py` finds no import circle):
//
// - base: `bounds` (positions), `error`, `pest_error`, `component`;
// - grammar: `grammar` (the pest_derive parsers and the RFC rule tables),
//   `compiled` (the generated parsers and `compiled::runtime`, which the
//   derive's generated code calls too), `iri::grammar`, `chars`, `percent`,
//   and `ip` (the values of IP addresses, with `percent`'s hex digits);
// - parse: `lower` (slots, the shape proof, the lowering, the recorders,
//   the tiling check), `syntax`, `diagnose`, `parse` (a parse with any
//   compiled grammar: capture, lowering, diagnosis);
// - reference: `spec` (the marker types; its sealed trait names each
//   spec's compiled grammar and entry rules, and delegates to `parse`),
//   `authority`, `path`, `reference`;
// - algorithms: `resolve`, `relative`, `normalize`, `recompose`;
// - above them: `builder`, `query`, `iri`, `schemes`, `convert`,
//   `serde_impl`, `redact`, `checks` (containment, policies, lints and
//   suggested fixes, for URIs from untrusted hands), `any_error` (the crate-wide `Error`, which
//   each of their errors converts into) and `join` (which returns it);
//   then this root.
//
// `verify` (the comparisons with pest_derive's parsers) is reached only
// from the tests, through `__private`, and, under the `verify-compiled`
// feature only, from `parse`: `verify` itself (one grammar's comparisons)
// imports the parse layer and below, and `verify::schemes`, which reaches
// the specs and the scheme types, is the top.
mod any_error;
mod authority;
mod bounds;
mod builder;
mod chars;
mod checks;
mod compiled;
mod component;
mod convert;
mod diagnose;
mod error;
mod grammar;
mod ip;
#[cfg(feature = "iri")]
mod iri;
mod join;
mod literal;
mod lower;
mod normalize;
mod parse;
mod path;
mod percent;
mod pest_error;
mod query;
mod recompose;
mod redact;
mod reference;
mod relative;
mod resolve;
pub mod schemes;
#[cfg(feature = "serde")]
mod serde_impl;
pub mod spec;
mod syntax;
#[cfg(feature = "template")]
#[cfg_attr(docsrs, doc(cfg(feature = "template")))]
pub mod template;
#[cfg(feature = "pest-parsers")]
mod verify;

/// Not public API: what the code `#[derive(Grammar)]` generates calls, and
/// what this crate's own tests and fuzz targets reach into.
#[doc(hidden)]
pub mod __private {
    pub use crate::compiled::runtime;
    pub use crate::compiled::{failure, CompiledGrammar};
    pub use crate::literal::{bounds as literal_bounds, expansion as literal_expansion};
    pub use crate::literal::{raw_bounds, LiteralError, LiteralKind};
    pub use crate::schemes::grammar::{parse_grammar, parse_pairs};
    pub use crate::schemes::pest_violation;

    #[cfg(feature = "grammar-literals")]
    pub use crate::literal::grammar::{
        GrammarFacts, GrammarLiteral, GrammarMatcher, LiteralParse, NamedRule,
    };

    // Empty without `pest-parsers`.
    #[cfg(feature = "template")]
    #[allow(unused_imports)]
    pub use crate::template::private::*;
    #[cfg(feature = "pest-parsers")]
    pub use crate::verify::schemes::{
        compare_all, compare_capture, compare_derived, compare_errors, compare_held,
    };
    #[cfg(feature = "pest-parsers")]
    pub use crate::verify::{compare_iri, compare_uri, error_detail, iri_starts, uri_starts};

    /// The character tables derived from `uri.pest`.
    pub mod chars {
        pub use crate::chars::*;
    }

    /// The character tables derived from `uri.pest` and `iri.pest`.
    #[cfg(feature = "iri")]
    pub mod iri_chars {
        pub use crate::iri::chars::*;
    }
}

/// A fixed-seed xorshift generator (Marsaglia's 13, 7, 17), for the unit
/// tests that want many varied inputs, the same ones every run.
#[cfg(test)]
pub(crate) fn xorshift(mut state: u64) -> impl FnMut() -> u64 {
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}

/// The README's examples, run as doctests so that they stay true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

pub use any_error::Error;
pub use authority::{Authority, Host};
#[cfg(feature = "iri")]
pub use builder::IriBuilder;
pub use builder::{BuildError, Builder, UriBuilder};
pub use checks::lints::{Lint, LintKind, LintNameError, Severity};
pub use checks::policy::{Policy, PolicyError, Violation, ViolationKind};
pub use checks::suggest::{Fix, FixKind, Suggestion};
pub use checks::within::WithinError;
pub use component::Component;
pub use convert::ConvertError;
pub use error::{ErrorKind, ParseError};
#[cfg(feature = "pest-parsers")]
#[cfg_attr(docsrs, doc(cfg(feature = "pest-parsers")))]
pub use grammar::UriParser;
pub use grammar::{parse_rule, RfcRule, Rule, UriRule};
#[cfg(feature = "idna")]
pub use iri::IdnaError;
#[cfg(feature = "pest-parsers")]
#[cfg_attr(docsrs, doc(cfg(feature = "pest-parsers")))]
pub use iri::IriParser;
#[cfg(feature = "iri")]
#[cfg_attr(docsrs, doc(cfg(feature = "iri")))]
pub use iri::IriRule;
pub use path::remove_dot_segments;
#[doc(hidden)]
pub use path::remove_dot_segments_trace;
pub use percent::{
    percent_decode, percent_decode_lenient, percent_decode_utf8, percent_encode,
    percent_encode_bytes, DecodeError,
};
pub use query::{AsQueryPair, QueryPairs};
pub use redact::Redacted;
pub use reference::{Absolute, AbsoluteUri, Input, Owned, PathSegments, Reference, Storage, Uri};
#[cfg(feature = "iri")]
pub use reference::{AbsoluteIri, Iri};
pub use resolve::ResolveError;
#[cfg(feature = "derive")]
#[cfg_attr(docsrs, doc(cfg(feature = "derive")))]
#[doc = include_str!("derive.md")]
pub use rfc3986_derive::Grammar;
#[cfg(feature = "template")]
#[cfg_attr(docsrs, doc(cfg(feature = "template")))]
pub use template::at_root::*;

/// Parses `input` with a parser derived from `uri.pest` (alone, or with
/// rules of your own), starting at `entry`, and lowers the parse tree into a
/// [`Uri`].
///
/// `entry` must match the whole input (anchor it between `SOI` and `EOI`)
/// and must contain the RFC rules that make up a URI reference, by way of
/// `URI_reference`, `URI`, `absolute_URI` or `relative_ref`. The lowering
/// descends through rules it does not know, so those RFC rules may sit inside
/// rules of your own. [`Uri::parse`] is
/// `parse_with::<UriParser, Rule>(Rule::uri_reference_input, input)`.
///
/// # Errors
///
/// A [`ParseError`] when the grammar rejects the input, when a port is
/// above 65535, or ([`ErrorKind::Grammar`]) when the parse tree lacks
/// the components of a URI reference.
///
/// The error is at the byte [`Uri::parse`] names, the furthest a token of
/// the parse reached, where pest records it: with its error detail on
/// (`pest::set_error_detail(true)`, a process-wide switch this crate does
/// not turn for you). Without it, pest records only the furthest byte at
/// which a rule failed, which can be short of it (the `%` of `%g0`, where
/// `Uri::parse` names the `g`).
///
/// ```
/// use rfc3986::{parse_with, ErrorKind, Rule, Uri, UriParser};
///
/// let uri = parse_with::<UriParser, Rule>(Rule::uri_reference_input, "http://a/b?c")?;
/// assert_eq!(uri, Uri::parse("http://a/b?c")?);
/// // From the grammar's `URI` entry, a relative reference fails.
/// let err = parse_with::<UriParser, Rule>(Rule::uri_input, "/b").unwrap_err();
/// assert_eq!(err.offset(), 0);
/// # Ok::<(), rfc3986::Error>(())
/// ```
pub fn parse_with<P, R>(entry: R, input: &str) -> Result<Uri<&str>, ParseError>
where
    P: pest::Parser<R>,
    R: UriRule,
{
    match P::parse(entry, input) {
        Ok(pairs) => lower::lower(input, lower::pest_nodes(pairs))
            .map(|bounds| Uri::from_bounds(input, bounds)),
        Err(_) => Err(diagnose::diagnose(
            &diagnose::Derived::<P>::PARSERS,
            &syntax::URI,
            entry,
            false,
            input,
        )),
    }
}
