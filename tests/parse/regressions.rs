//! Regression tests for what the property tests, the differential test
//! and the fuzzers found, each with the RFC rule that decides it.

use rfc3986::{ErrorKind, Uri};
use rstest::rstest;

/// Found by tests/parse/security.rs (a stray character in every component):
/// in a userinfo with a password, `userinfo = *( unreserved / pct-encoded
/// / sub-delims / ":" )` fails at the stray character, but the text up to
/// the ":" also reads as `host ":" port`, and the error used to be
/// "invalid port" at the first letter of the password (`http://user:p\w@h/`
/// gave Port at byte 12 instead of InvalidCharacter at byte 13). The
/// input was rejected either way; only the diagnosis was wrong.
#[rstest]
#[case::backslash_in_password("http://user:p\\w@h/", ErrorKind::InvalidCharacter, 13, Some('\\'))]
#[case::space_in_password("http://user:pw d@h/", ErrorKind::InvalidCharacter, 14, Some(' '))]
#[case::bracket_in_password("http://u:p[w@h/", ErrorKind::Userinfo, 10, Some('['))]
#[case::bad_pct_in_password("http://u:p%zz@h/", ErrorKind::PercentEncoding, 11, Some('z'))]
#[case::digits_then_stray("http://u:12\\@h/", ErrorKind::InvalidCharacter, 11, Some('\\'))]
// After an IP literal no userinfo can have come before: "[" is not a
// userinfo character, so the port is what is wrong.
#[case::ip_literal_port("//[::1]:80x@h", ErrorKind::Port, 10, Some('x'))]
fn error_in_a_password_is_at_its_byte(
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
