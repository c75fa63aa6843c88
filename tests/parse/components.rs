//! Every component of the RFC's example URIs, of the seed README's examples,
//! and of relative references of every form.

use crate::support;

use rfc3986::{Host, Uri};
use rstest::rstest;
// The five components (section 3) plus the authority's subcomponents, as
// written, `None` where undefined; shared with the differential test.
use support::differential::{ours as components, Components};

fn parse(input: &str) -> Uri {
    let uri = Uri::parse(input).unwrap_or_else(|e| panic!("{input:?}: {e}"));
    assert_eq!(uri.to_string(), input, "round trip");
    assert_eq!(uri.as_str(), input);
    uri.check_invariants().unwrap();
    uri.to_owned()
}

/// One argument per column of the tables below.
#[allow(clippy::too_many_arguments)]
const fn c<'a>(
    scheme: Option<&'a str>,
    authority: Option<&'a str>,
    userinfo: Option<&'a str>,
    host: Option<&'a str>,
    port: Option<&'a str>,
    path: &'a str,
    query: Option<&'a str>,
    fragment: Option<&'a str>,
) -> Components<'a> {
    Components {
        scheme,
        authority,
        userinfo,
        host,
        port,
        path,
        query,
        fragment,
    }
}

// RFC 3986 section 1.1.2, in full, and the two examples of section 3 (which
// the seed README repeats).
#[rstest]
#[case::ftp(
    "ftp://ftp.is.co.za/rfc/rfc1808.txt",
    c(
        Some("ftp"),
        Some("ftp.is.co.za"),
        None,
        Some("ftp.is.co.za"),
        None,
        "/rfc/rfc1808.txt",
        None,
        None
    )
)]
#[case::http(
    "http://www.ietf.org/rfc/rfc2396.txt",
    c(
        Some("http"),
        Some("www.ietf.org"),
        None,
        Some("www.ietf.org"),
        None,
        "/rfc/rfc2396.txt",
        None,
        None
    )
)]
#[case::ldap(
    "ldap://[2001:db8::7]/c=GB?objectClass?one",
    c(
        Some("ldap"),
        Some("[2001:db8::7]"),
        None,
        Some("[2001:db8::7]"),
        None,
        "/c=GB",
        Some("objectClass?one"),
        None
    )
)]
#[case::mailto(
    "mailto:John.Doe@example.com",
    c(
        Some("mailto"),
        None,
        None,
        None,
        None,
        "John.Doe@example.com",
        None,
        None
    )
)]
#[case::news(
    "news:comp.infosystems.www.servers.unix",
    c(
        Some("news"),
        None,
        None,
        None,
        None,
        "comp.infosystems.www.servers.unix",
        None,
        None
    )
)]
#[case::tel(
    "tel:+1-816-555-1212",
    c(Some("tel"), None, None, None, None, "+1-816-555-1212", None, None)
)]
#[case::telnet(
    "telnet://192.0.2.16:80/",
    c(
        Some("telnet"),
        Some("192.0.2.16:80"),
        None,
        Some("192.0.2.16"),
        Some("80"),
        "/",
        None,
        None
    )
)]
#[case::urn_oasis(
    "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
    c(
        Some("urn"),
        None,
        None,
        None,
        None,
        "oasis:names:specification:docbook:dtd:xml:4.1.2",
        None,
        None
    )
)]
#[case::foo(
    "foo://example.com:8042/over/there?name=ferret#nose",
    c(
        Some("foo"),
        Some("example.com:8042"),
        None,
        Some("example.com"),
        Some("8042"),
        "/over/there",
        Some("name=ferret"),
        Some("nose")
    )
)]
#[case::urn_example(
    "urn:example:animal:ferret:nose",
    c(
        Some("urn"),
        None,
        None,
        None,
        None,
        "example:animal:ferret:nose",
        None,
        None
    )
)]
fn rfc_examples(#[case] input: &str, #[case] expected: Components<'_>) {
    let uri = parse(input);
    assert_eq!(components(&uri), expected);
    assert!(!uri.is_relative());
}

#[test]
fn rfc_example_typed_values() {
    let ldap = parse("ldap://[2001:db8::7]/c=GB?objectClass?one");
    assert_eq!(
        ldap.host(),
        Some(Host::Ipv6("2001:db8::7".parse().unwrap()))
    );
    assert_eq!(ldap.port(), None);
    assert!(!ldap.has_port());

    let telnet = parse("telnet://192.0.2.16:80/");
    assert_eq!(
        telnet.host(),
        Some(Host::Ipv4("192.0.2.16".parse().unwrap()))
    );
    assert_eq!(telnet.port(), Some(80));
    assert!(telnet.has_port());

    let foo = parse("foo://example.com:8042/over/there?name=ferret#nose");
    let Some(Host::RegName(name)) = foo.host() else {
        panic!("{:?}", foo.host())
    };
    assert_eq!(name, "example.com");
    assert_eq!(foo.port(), Some(8042));
    assert_eq!(
        foo.path_segments().collect::<Vec<_>>(),
        ["", "over", "there"]
    );

    let urn = parse("urn:example:animal:ferret:nose");
    assert_eq!(urn.host(), None);
    assert_eq!(
        urn.path_segments().collect::<Vec<_>>(),
        ["example:animal:ferret:nose"]
    );
}

// Relative references (section 4.2) of every form: network-path,
// absolute-path, relative-path, query-only, fragment-only, empty.
#[rstest]
#[case::network_path(
    "//example.com/a",
    c(
        None,
        Some("example.com"),
        None,
        Some("example.com"),
        None,
        "/a",
        None,
        None
    )
)]
#[case::network_path_empty_path(
    "//example.com",
    c(
        None,
        Some("example.com"),
        None,
        Some("example.com"),
        None,
        "",
        None,
        None
    )
)]
#[case::network_path_empty_host("///a", c(None, Some(""), None, Some(""), None, "/a", None, None))]
#[case::network_path_everything(
    "//u@h:1/p?q#f",
    c(
        None,
        Some("u@h:1"),
        Some("u"),
        Some("h"),
        Some("1"),
        "/p",
        Some("q"),
        Some("f")
    )
)]
#[case::absolute_path("/a/b", c(None, None, None, None, None, "/a/b", None, None))]
#[case::absolute_path_root("/", c(None, None, None, None, None, "/", None, None))]
#[case::absolute_path_colon("/a:b", c(None, None, None, None, None, "/a:b", None, None))]
#[case::relative_path("a/b", c(None, None, None, None, None, "a/b", None, None))]
#[case::relative_path_dots("../../g", c(None, None, None, None, None, "../../g", None, None))]
#[case::dot_slash_colon("./a:b", c(None, None, None, None, None, "./a:b", None, None))]
#[case::colon_after_first_segment("a/b:c", c(None, None, None, None, None, "a/b:c", None, None))]
#[case::at_in_first_segment("user@host", c(None, None, None, None, None, "user@host", None, None))]
#[case::query_only("?q", c(None, None, None, None, None, "", Some("q"), None))]
#[case::empty_query("?", c(None, None, None, None, None, "", Some(""), None))]
#[case::fragment_only("#f", c(None, None, None, None, None, "", None, Some("f")))]
#[case::empty_fragment("#", c(None, None, None, None, None, "", None, Some("")))]
#[case::empty_query_and_fragment("?#", c(None, None, None, None, None, "", Some(""), Some("")))]
#[case::empty("", c(None, None, None, None, None, "", None, None))]
#[case::query_with_delimiters(
    "g?y/./x?:@",
    c(None, None, None, None, None, "g", Some("y/./x?:@"), None)
)]
#[case::fragment_with_delimiters(
    "g#s/../x?/",
    c(None, None, None, None, None, "g", None, Some("s/../x?/"))
)]
fn relative_references(#[case] input: &str, #[case] expected: Components<'_>) {
    let uri = parse(input);
    assert!(uri.is_relative());
    assert_eq!(components(&uri), expected);
}

// A first segment with ":" makes a URI (its scheme ends at the colon); the
// same text after "./" is a relative path (path-noscheme).
#[rstest]
#[case::a_b("a:b", Some("a"), "b")]
#[case::scheme_only("a:", Some("a"), "")]
#[case::scheme_chars("a+b-c.d:e", Some("a+b-c.d"), "e")]
#[case::relative_dot("./a:b", None, "./a:b")]
#[case::relative_dir("x/a:b", None, "x/a:b")]
fn scheme_or_path_noscheme(#[case] input: &str, #[case] scheme: Option<&str>, #[case] path: &str) {
    let uri = parse(input);
    assert_eq!(uri.scheme(), scheme);
    assert_eq!(uri.is_relative(), scheme.is_none());
    assert_eq!(uri.path(), path);
}

// URIs whose hier-part takes each of its forms (section 3).
#[rstest]
#[case::authority_and_abempty("s://h/p", Some("h"), "/p")]
#[case::authority_empty_path("s://h", Some("h"), "")]
#[case::empty_authority("s://", Some(""), "")]
#[case::empty_authority_path("file:///etc/hosts", Some(""), "/etc/hosts")]
#[case::path_absolute("s:/p/q", None, "/p/q")]
#[case::path_absolute_root("s:/", None, "/")]
#[case::path_rootless("s:p/q", None, "p/q")]
#[case::path_empty("s:", None, "")]
#[case::path_empty_query("s:?q", None, "")]
fn hier_part_forms(#[case] input: &str, #[case] authority: Option<&str>, #[case] path: &str) {
    let uri = parse(input);
    assert_eq!(uri.authority().map(|a| a.as_str()), authority);
    assert_eq!(uri.path(), path);
}

// Userinfo and port: undefined, empty and present are three different
// things (section 5.3).
#[rstest]
#[case::none("http://h/", None, None, None, false)]
#[case::empty_userinfo("http://@h/", Some(""), None, None, false)]
#[case::user("http://user@h/", Some("user"), None, None, false)]
#[case::user_password("http://user:pw@h/", Some("user:pw"), None, None, false)]
#[case::colon_only_userinfo("http://:@h/", Some(":"), None, None, false)]
#[case::userinfo_pct("http://a%40b@h/", Some("a%40b"), None, None, false)]
#[case::empty_port("http://h:/", None, Some(""), None, true)]
#[case::port_zero("http://h:0/", None, Some("0"), Some(0), true)]
#[case::port_max("http://h:65535/", None, Some("65535"), Some(65535), true)]
#[case::port_leading_zeros("http://h:0000080/", None, Some("0000080"), Some(80), true)]
#[case::ipv6_port("http://[::1]:8080/", None, Some("8080"), Some(8080), true)]
#[case::all("http://u:p@h:1/", Some("u:p"), Some("1"), Some(1), true)]
fn userinfo_and_port(
    #[case] input: &str,
    #[case] userinfo: Option<&str>,
    #[case] port_str: Option<&str>,
    #[case] port: Option<u16>,
    #[case] has_port: bool,
) {
    let uri = parse(input);
    assert_eq!(uri.userinfo(), userinfo);
    assert_eq!(uri.port_str(), port_str);
    assert_eq!(uri.port(), port);
    assert_eq!(uri.has_port(), has_port);
    let authority = uri.authority().unwrap();
    assert_eq!(authority.port(), port);
    assert_eq!(authority.has_port(), has_port);
}

// The segments of a path: joined with "/" they give the path back.
#[rstest]
#[case::empty("", &[])]
#[case::root("/", &["", ""])]
#[case::absolute("/a/b", &["", "a", "b"])]
#[case::trailing("/a/", &["", "a", ""])]
#[case::empty_segments("/a//b", &["", "a", "", "b"])]
#[case::relative("a/b", &["a", "b"])]
#[case::dots("../.", &["..", "."])]
#[case::single("a", &["a"])]
fn path_segments(#[case] path: &str, #[case] segments: &[&str]) {
    let uri = parse(path);
    assert_eq!(uri.path_segments().collect::<Vec<_>>(), segments);
    assert_eq!(
        uri.path_segments().rev().collect::<Vec<_>>(),
        segments.iter().rev().copied().collect::<Vec<_>>()
    );
    if !segments.is_empty() {
        assert_eq!(segments.join("/"), path);
    }
}

// Every character the grammar allows, in each component.
#[test]
fn every_allowed_character() {
    let unreserved = "AZaz09-._~";
    let sub_delims = "!$&'()*+,;=";
    let pct = "%00%fF%A0";
    let pchar = format!("{unreserved}{sub_delims}{pct}:@");
    let input = format!(
        "s+-.9://{unreserved}{sub_delims}{pct}:@{unreserved}{sub_delims}{pct}:0/{pchar}/{pchar}?{pchar}/?#{pchar}/?"
    );
    let uri = parse(&input);
    assert_eq!(uri.scheme(), Some("s+-.9"));
    assert_eq!(
        uri.userinfo(),
        Some(format!("{unreserved}{sub_delims}{pct}:").as_str())
    );
    assert_eq!(
        uri.host_str(),
        Some(format!("{unreserved}{sub_delims}{pct}").as_str())
    );
    assert_eq!(uri.port(), Some(0));
    assert_eq!(uri.path(), format!("/{pchar}/{pchar}"));
    assert_eq!(uri.query(), Some(format!("{pchar}/?").as_str()));
    assert_eq!(uri.fragment(), Some(format!("{pchar}/?").as_str()));
}

#[test]
fn equality_and_hash_are_exact_text() {
    use std::collections::HashSet;
    let a = parse("http://example.com/");
    let b = parse("HTTP://example.com/");
    assert_ne!(a, b);
    assert_eq!(a, parse("http://example.com/"));
    assert_eq!(a, "http://example.com/");
    let set: HashSet<Uri> = [a.clone(), b, a].into_iter().collect();
    assert_eq!(set.len(), 2);
}

#[test]
fn conversions() {
    let from_str: Uri = "http://a/b".parse().unwrap();
    let try_from_str = Uri::try_from("http://a/b").unwrap();
    let try_from_string = Uri::try_from(String::from("http://a/b")).unwrap();
    assert_eq!(from_str, try_from_str);
    assert_eq!(from_str, try_from_string);
    assert_eq!(from_str.as_ref(), "http://a/b");
    assert!("http://a b".parse::<Uri>().is_err());
}

// Debug shows the components, never a password (section 3.2.1).
#[rstest]
#[case::password("http://user:secret@h/", "user:***")]
#[case::empty_password("http://user:@h/", "user:")]
#[case::no_password("http://user@h/", "user")]
#[case::second_colon("http://user:se:cret@h/", "user:***")]
fn debug_redacts_password(#[case] input: &str, #[case] shown: &str) {
    let uri = parse(input);
    let debug = format!("{uri:?}");
    assert!(
        debug.contains(&format!("userinfo: Some(\"{shown}\")")),
        "{debug}"
    );
    assert!(
        !debug.contains("secret") && !debug.contains("cret"),
        "{debug}"
    );
    let authority = format!("{:?}", uri.authority().unwrap());
    assert!(!authority.contains("cret"), "{authority}");
    // Display is the URI itself, password included.
    assert_eq!(uri.to_string(), input);
}

#[test]
fn debug_shows_components() {
    let uri = parse("foo://example.com:8042/over/there?name=ferret#nose");
    assert_eq!(
        format!("{uri:?}"),
        r#"Uri { scheme: Some("foo"), userinfo: None, host: RegName("example.com"), port: Some("8042"), path: "/over/there", query: Some("name=ferret"), fragment: Some("nose") }"#
    );
    let uri = parse("a/b?");
    assert_eq!(
        format!("{uri:?}"),
        r#"Uri { scheme: None, authority: None, path: "a/b", query: Some(""), fragment: None }"#
    );
}
