//! The type family's contract: the input's type decides the storage, an
//! owned input is kept (no copy) and handed back on failure, and every type
//! of the family (URI or IRI, absolute or not, over `&str`, `String` or
//! `Arc<str>`) has every method that fits it, from one definition.

use std::sync::Arc;

use rfc3986::spec::{Rfc3986, Rfc3987, Spec};
use rfc3986::{
    AbsoluteIri, AbsoluteUri, ErrorKind, Host, Iri, Owned, ParseError, Reference, Storage, Uri,
};

/// The address of a text's first byte, to tell a kept buffer from a copy.
fn address(text: &str) -> *const u8 {
    text.as_ptr()
}

#[test]
fn a_str_is_borrowed_for_every_type() {
    let text = "http://example.com/a?b#c";
    let uri: Uri<&str> = Uri::parse(text).unwrap();
    assert_eq!(address(uri.as_str()), address(text));
    let iri: Iri<&str> = Iri::parse(text).unwrap();
    assert_eq!(address(iri.as_str()), address(text));
    let absolute: AbsoluteUri<&str> = AbsoluteUri::parse(text).unwrap();
    assert_eq!(address(absolute.as_str()), address(text));
    let absolute_iri: AbsoluteIri<&str> = AbsoluteIri::parse(text).unwrap();
    assert_eq!(address(absolute_iri.as_str()), address(text));
    // `&String` borrows too.
    let owned = String::from(text);
    let from_ref: Uri<&str> = Uri::parse(&owned).unwrap();
    assert_eq!(address(from_ref.as_str()), address(&owned));
}

#[test]
fn a_string_is_kept_with_its_buffer_for_every_type() {
    fn kept<T>(
        parse: impl Fn(String) -> Result<T, ParseError<String>>,
        text: impl Fn(T) -> String,
    ) {
        let mut input = String::with_capacity(64);
        input.push_str("http://example.com/r\u{e9}sum\u{e9}");
        let (at, capacity) = (address(&input), input.capacity());
        let back = text(parse(input).ok().unwrap());
        assert_eq!((address(&back), back.capacity()), (at, capacity));
    }
    kept(Iri::parse, Iri::into_string);
    kept(AbsoluteIri::parse, |a| a.into_reference().into_string());
    let mut input = String::with_capacity(64);
    input.push_str("http://example.com/a");
    let at = address(&input);
    let uri: Uri<String> = Uri::parse(input).unwrap();
    assert_eq!(address(uri.as_str()), at);
    let absolute: AbsoluteUri<String> = AbsoluteUri::parse(uri.into_string()).unwrap();
    assert_eq!(address(absolute.as_str()), at);
}

#[test]
fn a_failed_parse_hands_the_buffer_back() {
    let input = String::from("http://[::1/");
    let at = address(&input);
    let err: ParseError<String> = Uri::parse(input).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (ErrorKind::IpLiteral, 11));
    let back = err.into_input();
    assert_eq!((address(&back), back.as_str()), (at, "http://[::1/"));

    // A relative reference is not absolute: the same, from `AbsoluteUri`.
    let err = AbsoluteUri::parse(String::from("/a")).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Scheme);
    assert_eq!(err.into_input(), "/a");
    let err = AbsoluteIri::parse(Arc::<str>::from("r\u{e9}")).unwrap_err();
    assert_eq!(&*err.into_input(), "r\u{e9}");
    // An IRI's characters are not a URI's.
    let err = Uri::parse(String::from("http://h/\u{e9}")).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (ErrorKind::InvalidCharacter, 9));
    assert_eq!(err.without_input().offset(), 9);
}

#[test]
fn an_arc_is_shared_and_storages_convert() {
    let uri: Uri<Arc<str>> = Uri::parse(Arc::<str>::from("http://h/a")).unwrap();
    let copy = uri.clone();
    assert_eq!(address(copy.as_str()), address(uri.as_str()));

    let borrowed: Uri<&str> = uri.borrowed();
    assert_eq!(address(borrowed.as_str()), address(uri.as_str()));
    let owned: Uri<String> = borrowed.to_owned();
    assert_ne!(address(owned.as_str()), address(uri.as_str()));
    let shared: Uri<Arc<str>> = owned.to_shared();
    // Equality, ordering and hashing are the text's, across storages.
    assert_eq!(borrowed, owned);
    assert_eq!(owned, shared);
    assert_eq!(shared.into_owned().into_string(), "http://h/a");
    // `FromStr` and `TryFrom` give the owned and borrowed types.
    let parsed: Uri = "http://h/a".parse().unwrap();
    let tried = Uri::<&str>::try_from("http://h/a").unwrap();
    assert_eq!(parsed, tried);
    let absolute: AbsoluteIri = "x:r\u{e9}".parse().unwrap();
    assert_eq!(absolute.scheme(), "x");
}

/// Every method that fits every type, on a reference of any spec and
/// storage: accessors, the normalization ladder, equivalence, resolution,
/// `make_relative` and `host_decoded`.
fn reads<X: Spec, S: Storage>(r: &Reference<X, S>, base: &Reference<X, &str>) {
    assert_eq!(r.as_str(), "HTTP://Us%65r@Ex%41mple.COM:80/a/./b/../c?q#f");
    assert_eq!(r.scheme(), Some("HTTP"));
    assert_eq!(r.userinfo(), Some("Us%65r"));
    assert_eq!(r.host(), Some(Host::RegName("Ex%41mple.COM")));
    assert_eq!(r.host_decoded().unwrap().unwrap(), "ExAmple.COM");
    assert_eq!((r.port(), r.port_str()), (Some(80), Some("80")));
    assert_eq!(r.path(), "/a/./b/../c");
    assert_eq!(
        r.path_segments().collect::<Vec<_>>(),
        ["", "a", ".", "b", "..", "c"]
    );
    assert_eq!((r.query(), r.fragment()), (Some("q"), Some("f")));
    assert!(!r.is_relative());
    assert_eq!(r.authority().unwrap().as_str(), "Us%65r@Ex%41mple.COM:80");
    assert_eq!(r.normalize_syntax(), "http://User@example.com:80/a/c?q#f");
    assert_eq!(r.normalize(), "http://User@example.com/a/c?q#f");
    assert!(r.equivalent(&r.normalize()));
    let resolved = base.resolve(r).unwrap();
    assert_eq!(resolved, "HTTP://Us%65r@Ex%41mple.COM:80/a/c?q#f");
    let target = base
        .resolve(&Reference::<X, &str>::parse("../d").unwrap())
        .unwrap();
    assert_eq!(target, "http://example.com/d");
    assert_eq!(base.make_relative(&target).unwrap(), "/d");
    let mut buffer = String::new();
    base.resolve_into(r, &mut buffer).unwrap();
    assert_eq!(buffer, resolved.as_str());
    assert_eq!(r.to_string(), r.as_str());
}

/// The in-place edits, on the owned storages: the untouched bytes stay.
fn edits<X: Spec, S: Owned>(mut r: Reference<X, S>) {
    r.set_port(Some(8080)).unwrap();
    r.set_fragment(None).unwrap();
    r.set_query(Some("x=1")).unwrap();
    assert_eq!(
        r.as_str(),
        "HTTP://Us%65r@Ex%41mple.COM:8080/a/./b/../c?x=1"
    );
    r.set_host(Some("h")).unwrap();
    r.set_path("/p").unwrap();
    assert_eq!(r.as_str(), "HTTP://Us%65r@h:8080/p?x=1");
    r.check_invariants().unwrap();
}

const TEXT: &str = "HTTP://Us%65r@Ex%41mple.COM:80/a/./b/../c?q#f";

fn every_storage<X: Spec>() {
    let base = Reference::<X, &str>::parse("http://example.com/b/c").unwrap();
    reads(&Reference::<X, &str>::parse(TEXT).unwrap(), &base);
    let owned = Reference::<X, String>::parse(String::from(TEXT)).unwrap();
    reads(&owned, &base);
    edits(owned);
    let shared = Reference::<X, Arc<str>>::parse(Arc::<str>::from(TEXT)).unwrap();
    reads(&shared, &base);
    edits(shared);
}

#[test]
fn every_method_on_uris_and_iris_of_every_storage() {
    every_storage::<Rfc3986>();
    every_storage::<Rfc3987>();
}

#[test]
fn absolute_types_stay_absolute() {
    let base = AbsoluteUri::parse("http://a/b/c/d;p?q").unwrap();
    let target: AbsoluteUri = base.resolve(&Uri::parse("../g").unwrap()).unwrap();
    assert_eq!((target.scheme(), target.as_str()), ("http", "http://a/b/g"));
    let normal: AbsoluteUri = AbsoluteUri::parse("HTTP://A/./b").unwrap().normalize();
    assert_eq!(normal, "http://a/b");
    let syntax: AbsoluteUri = AbsoluteUri::parse("HTTP://A:80")
        .unwrap()
        .normalize_syntax();
    assert_eq!(syntax, "http://a:80");

    let base = AbsoluteIri::parse("http://\u{e9}.example/a/b").unwrap();
    let target: AbsoluteIri = base.resolve(&Iri::parse("c\u{e9}").unwrap()).unwrap();
    assert_eq!(target, "http://\u{e9}.example/a/c\u{e9}");
    let uri: AbsoluteUri = target.to_uri();
    assert_eq!(uri, "http://%C3%A9.example/a/c%C3%A9");
    let back: AbsoluteIri = uri.to_iri();
    assert_eq!(back, target);

    // Edits keep an absolute reference absolute: the scheme is required.
    let mut absolute = AbsoluteIri::parse(String::from("x:a")).unwrap();
    absolute.set_scheme("y").unwrap();
    absolute.set_path("b\u{e9}").unwrap();
    assert_eq!(absolute, "y:b\u{e9}");
    assert!(absolute.set_scheme("").is_err());
    assert_eq!(absolute, "y:b\u{e9}");
}

/// A borrowed reference is no larger than oxiri's (48 bytes on 64-bit
/// targets: the text's pointer and length, and 32 bytes of bounds), and an
/// owned one adds only the `String`'s capacity.
#[cfg(target_pointer_width = "64")]
#[test]
fn references_are_small() {
    use std::mem::size_of;
    assert_eq!(size_of::<Uri<&str>>(), 48);
    assert_eq!(size_of::<Uri<String>>(), 56);
    assert_eq!(size_of::<AbsoluteIri<&str>>(), 48);
    assert_eq!(size_of::<rfc3986::Authority<'_>>(), 24);
    // A parse's result is no larger than its error.
    assert_eq!(
        size_of::<Result<Uri<&str>, ParseError>>(),
        size_of::<ParseError>()
    );
}
