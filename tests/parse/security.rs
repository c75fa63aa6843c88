//! Security behaviour: passwords are never shown by `Debug` and are hidden
//! by `redacted()`; hosts are what the RFC's grammar makes them, whatever
//! an `@`, `#`, `?` or `%2F` suggests to a reader (section 7.6); and
//! characters that are not URI characters are errors at their byte, never
//! stripped or skipped.

use crate::support;

use proptest::prelude::*;
use rfc3986::{ErrorKind, Host, Uri};
use rstest::rstest;

fn parse(input: &str) -> Uri {
    let uri = Uri::parse(input).unwrap_or_else(|e| panic!("{input:?}: {e}"));
    assert_eq!(uri.check_invariants(), Ok(()));
    uri.to_owned()
}

// --- Passwords (section 3.2.1) ---

#[rstest]
#[case::plain("http://user:hunter2@example.com/", "hunter2")]
#[case::colons("http://user:hun:ter2@example.com/", "hun:ter2")]
#[case::pct_encoded("http://user:p%40ss@example.com/", "p%40ss")]
#[case::no_user("http://:hunter2@example.com/", "hunter2")]
#[case::relative("//user:hunter2@example.com", "hunter2")]
#[case::with_port_and_query("s://u:hunter2@[::1]:80/p?q#f", "hunter2")]
fn debug_never_shows_the_password(#[case] input: &str, #[case] password: &str) {
    let uri = parse(input);
    let authority = uri.authority().unwrap();
    for shown in [
        format!("{uri:?}"),
        format!("{uri:#?}"),
        format!("{authority:?}"),
        format!("{authority:#?}"),
        format!("{}", uri.redacted()),
        format!("{:?}", uri.redacted()),
        format!("{}", authority.redacted()),
    ] {
        assert!(!shown.contains(password), "{shown}");
        assert!(shown.contains(":***"), "{shown}");
    }
}

#[rstest]
#[case::password(
    "http://user:hunter2@example.com:8080/a?b#c",
    "http://user:***@example.com:8080/a?b#c",
    "user:***@example.com:8080"
)]
#[case::password_with_colons("//u:a:b@h", "//u:***@h", "u:***@h")]
#[case::empty_user("//:@h", "//:@h", ":@h")]
#[case::no_user("ftp://:pw@h/", "ftp://:***@h/", ":***@h")]
// An empty password is no secret, and section 3.2.1 reads "user:" as
// having none.
#[case::empty_password("http://user:@h/", "http://user:@h/", "user:@h")]
#[case::no_password("http://user@h/", "http://user@h/", "user@h")]
#[case::empty_userinfo("http://@h/", "http://@h/", "@h")]
#[case::no_userinfo("http://h/", "http://h/", "h")]
// Only the userinfo is redacted: "@" and ":" elsewhere are left alone.
#[case::at_in_path("http://h/u:p@x?u:p@y#u:p@z", "http://h/u:p@x?u:p@y#u:p@z", "h")]
#[case::empty_authority("file:///etc/passwd", "file:///etc/passwd", "")]
fn redacted(#[case] input: &str, #[case] uri_shown: &str, #[case] authority_shown: &str) {
    let uri = Uri::parse(input).unwrap();
    assert_eq!(uri.redacted().to_string(), uri_shown);
    assert_eq!(format!("{:?}", uri.redacted()), format!("{uri_shown:?}"));
    if let Some(authority) = uri.authority() {
        assert_eq!(authority.redacted().to_string(), authority_shown);
    }
}

#[test]
fn redacted_without_an_authority_is_the_text() {
    for input in [
        "",
        "a:b",
        "mailto:user:pass@example.com",
        "/u:p@h",
        "?u:p@h",
    ] {
        let uri = parse(input);
        assert_eq!(uri.redacted().to_string(), input);
    }
}

proptest! {
    /// On every generated reference, the redacted form is the reference
    /// with what follows the userinfo's first ":" replaced by "***" (when
    /// not empty), and is itself a valid reference with the same host.
    #[test]
    fn redacted_replaces_exactly_the_password(
        generated in support::generate::uri_reference()
    ) {
        let uri = Uri::parse(&generated.text).unwrap();
        let expected = match generated.expected.authority.as_ref().and_then(|a| a.userinfo.as_ref()) {
            Some(userinfo) => match userinfo.split_once(':') {
                Some((user, password)) if !password.is_empty() => {
                    let at = uri.authority().unwrap().as_str().as_ptr() as usize
                        - uri.as_str().as_ptr() as usize;
                    let text = uri.as_str();
                    format!("{}{user}:***{}", &text[..at], &text[at + userinfo.len()..])
                }
                _ => generated.text.clone(),
            },
            None => generated.text.clone(),
        };
        let shown = uri.redacted().to_string();
        prop_assert_eq!(&shown, &expected);
        let reparsed = Uri::parse(&shown).unwrap();
        prop_assert_eq!(reparsed.host_str(), uri.host_str());
        prop_assert_eq!(reparsed.path(), uri.path());
    }
}

// --- Host confusion (sections 3.2 and 7.6) ---

/// What a reader might take for the host is not always the host: the
/// grammar decides, and it is the RFC's.
#[rstest]
// The userinfo ends at the last "@" before the path; the host follows it.
#[case::userinfo_looks_like_host(
    "http://trusted.example@evil.example/",
    Some("trusted.example"),
    "evil.example"
)]
#[case::userinfo_with_port_look(
    "http://trusted.example:443@evil.example/",
    Some("trusted.example:443"),
    "evil.example"
)]
// An encoded "/" is data: it does not end the authority.
#[case::encoded_slash(
    "http://evil.example%2F@trusted.example",
    Some("evil.example%2F"),
    "trusted.example"
)]
// "#", "?" and "/" end the authority: what follows is not userinfo.
#[case::fragment_at("http://evil.example#@trusted.example", None, "evil.example")]
#[case::query_at("http://evil.example?@trusted.example", None, "evil.example")]
#[case::path_at("http://evil.example/@trusted.example", None, "evil.example")]
// Dotted names that are not four decimal octets are registered names.
#[case::more_octets("http://127.0.0.1.evil.example/", None, "127.0.0.1.evil.example")]
#[case::hex_octet("http://0x7f.0.0.1/", None, "0x7f.0.0.1")]
#[case::encoded_dot("http://127.0.0.1%2Eevil.example/", None, "127.0.0.1%2Eevil.example")]
fn the_host_is_the_grammars(
    #[case] input: &str,
    #[case] userinfo: Option<&str>,
    #[case] host: &str,
) {
    let uri = parse(input);
    assert_eq!(uri.userinfo(), userinfo);
    assert_eq!(uri.host_str(), Some(host));
    assert!(matches!(uri.host(), Some(Host::RegName(name)) if name == host));
}

#[test]
fn what_follows_the_authority_stays_out_of_it() {
    let uri = parse("http://evil.example#@trusted.example");
    assert_eq!((uri.path(), uri.query()), ("", None));
    assert_eq!(uri.fragment(), Some("@trusted.example"));
    let uri = parse("http://evil.example?@trusted.example");
    assert_eq!(uri.query(), Some("@trusted.example"));
    assert_eq!(uri.fragment(), None);
}

/// Constructs that a lenient parser turns into a different host are
/// errors here, at the byte the grammar cannot take.
#[rstest]
// "[" and "]" are gen-delims, not userinfo characters: "[::1]" is the
// host, and an "@" may not follow an IP literal.
#[case::ip_literal_as_userinfo("http://[::1]@evil.example/", ErrorKind::Host, 12, Some('@'))]
// One userinfo, one "@": a second "@" is in the host, where it may not be.
#[case::two_ats("http://a@b@evil.example/", ErrorKind::Host, 10, Some('@'))]
// A backslash is no delimiter (WHATWG URLs read it as "/"); here it is an
// invalid character, not the end of the authority.
#[case::backslash_as_slash(
    "http://evil.example\\@trusted.example/",
    ErrorKind::InvalidCharacter,
    19,
    Some('\\')
)]
#[case::backslashes_for_slashes(
    "http:\\\\evil.example/",
    ErrorKind::InvalidCharacter,
    5,
    Some('\\')
)]
// A port is digits only; a name after ":" is no port (nor a host): all
// of `trusted.example:evil.example` could only be a userinfo, whose "@"
// never comes, so the authority is a host and a port, which goes wrong
// at the "e" after the ":".
#[case::port_name("http://trusted.example:evil.example/", ErrorKind::Port, 23, Some('e'))]
// The RFC 6874 zone identifier is not RFC 3986 syntax.
#[case::zone_id("http://[fe80::1%25eth0]/", ErrorKind::Ipv6Address, 15, Some('%'))]
fn confusing_authorities_are_errors(
    #[case] input: &str,
    #[case] kind: ErrorKind,
    #[case] offset: usize,
    #[case] found: Option<char>,
) {
    let err = Uri::parse(input).unwrap_err();
    assert_eq!(
        (err.kind(), err.offset(), err.found()),
        (kind, offset, found),
        "{err}"
    );
}

// --- Characters that are never part of a URI ---

/// Every character here is an error wherever it stands.
const STRAY: &[char] = &[
    '\\',
    ' ',
    '\t',
    '\r',
    '\n',
    '\0',
    '\u{7f}',
    '\u{1b}',
    '\u{e9}',
    '\u{202e}',
    '\u{feff}',
    '\u{a0}',
    '\u{1f600}',
    '"',
    '<',
    '>',
    '^',
    '`',
    '{',
    '|',
    '}',
];

/// A template per component: `{}` is where the stray character goes, and
/// its byte offset.
#[rstest]
#[case::before_scheme("{}http://h/p?q#f", 0)]
#[case::scheme("ht{}tp://h/p?q#f", 2)]
#[case::after_scheme("http:{}//h/p?q#f", 5)]
#[case::userinfo("http://us{}er:pw@h/p?q#f", 9)]
#[case::password("http://user:p{}w@h/p?q#f", 13)]
#[case::host_start("http://{}h/p?q#f", 7)]
#[case::host("http://ho{}st/p?q#f", 9)]
#[case::host_end("http://host{}/p?q#f", 11)]
#[case::ipv4("http://127.0{}.0.1/", 12)]
#[case::ipv6("http://[::{}1]/", 10)]
#[case::ipvfuture("http://[v1.{}x]/", 11)]
#[case::port("http://h:8{}0/p?q#f", 10)]
#[case::path("http://h/pa{}th?q#f", 11)]
#[case::relative_path("pa{}th", 2)]
#[case::absolute_path("/pa{}th", 3)]
#[case::query("http://h/p?qu{}ery#f", 13)]
#[case::fragment("http://h/p?q#fr{}ag", 15)]
#[case::at_end("http://h/p?q#f{}", 14)]
fn stray_characters_are_errors_where_they_stand(#[case] template: &str, #[case] offset: usize) {
    for &c in STRAY {
        let input = template.replace("{}", c.encode_utf8(&mut [0; 4]));
        let err = Uri::parse(&input).unwrap_err();
        assert_eq!(
            (err.kind(), err.offset(), err.found()),
            (ErrorKind::InvalidCharacter, offset, Some(c)),
            "{input:?}: {err}"
        );
        // Without it the input is valid: the character was not skipped.
        assert!(
            Uri::parse(&template.replace("{}", "")).is_ok(),
            "{template}"
        );
    }
}
