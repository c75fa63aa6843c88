//! Differential test against `fluent-uri`, an independent hand-written
//! RFC 3986 parser: on 100,000 generated and mutated strings both crates
//! must agree on valid or invalid, and on every component of the valid
//! ones. Ports above 65535 are the one expected difference: the grammar
//! allows them (`port = *DIGIT`), fluent-uri accepts them, and this crate
//! rejects them by design (`ErrorKind::PortRange`).
//!
//! Each disagreement found was settled from the RFC's grammar; the
//! verdicts are the regression tests at the end of this file.

use crate::support;

use rfc3986::{ErrorKind, Uri};
use rstest::rstest;
use support::corpus::TOTAL;
use support::differential::{compare, Agreement};

#[test]
fn agrees_with_fluent_uri_on_100_000_inputs() {
    let inputs = support::corpus::differential();
    assert_eq!(inputs.len(), TOTAL);
    const { assert!(TOTAL >= 100_000) };

    let (mut both_valid, mut both_invalid, mut port_range) = (0, 0, 0);
    let mut disagreements = Vec::new();
    for input in &inputs {
        match compare(input) {
            Ok(Agreement::BothValid) => both_valid += 1,
            Ok(Agreement::BothInvalid) => both_invalid += 1,
            Ok(Agreement::PortOutOfRange) => port_range += 1,
            Err(disagreement) => disagreements.push(disagreement),
        }
    }
    assert!(
        disagreements.is_empty(),
        "{} disagreements, the first ones:\n{}",
        disagreements.len(),
        disagreements[..disagreements.len().min(20)].join("\n")
    );
    eprintln!(
        "{TOTAL} inputs: {both_valid} valid, {both_invalid} invalid, {port_range} with a port above 65535"
    );
    assert_eq!(both_valid + both_invalid + port_range, TOTAL);
    // The mix exercises both outcomes, and the port exception, a lot.
    assert!(both_valid > 30_000, "{both_valid} valid");
    assert!(both_invalid > 30_000, "{both_invalid} invalid");
    assert!(port_range > 50, "{port_range} ports out of range");
}

/// Edge cases where hand-written parsers tend to go wrong, each checked
/// against fluent-uri and against the RFC's grammar (`valid`).
#[rstest]
// IPv6address: the nine forms' limits (section 3.2.2).
#[case::ipv6_seven_then_elision("//[1:2:3:4:5:6:7::]", true)]
#[case::ipv6_eight_then_elision("//[1:2:3:4:5:6:7:8::]", false)]
#[case::ipv6_elision_then_seven("//[::2:3:4:5:6:7:8]", true)]
#[case::ipv6_elision_of_nothing("//[0::0:0:0:0:0:0:0]", false)]
#[case::ipv6_nine_pieces("//[1:2:3:4:5:6:7:8:9]", false)]
#[case::ipv6_ls32_after_seven("//[1:2:3:4:5:6:7:1.2.3.4]", false)]
#[case::ipv6_ls32_after_six_and_elision("//[1:2:3:4:5:6::1.2.3.4]", false)]
#[case::ipv6_ls32_after_five_and_elision("//[1:2:3:4:5::1.2.3.4]", true)]
#[case::ipv6_ls32_needs_two_pieces("//[ff:1.2.3.4]", false)]
#[case::ipv6_ls32_short("//[::1.2.3]", false)]
#[case::ipv6_ls32_leading_zero("//[::1.2.3.04]", false)]
#[case::ipv6_ls32_octet_above_255("//[::1.2.3.256]", false)]
#[case::ipv6_ls32_then_piece("//[::ffff:1.2.3.4:1]", false)]
#[case::ipv6_triple_colon("//[:::]", false)]
#[case::ipv6_two_elisions("//[::1::]", false)]
#[case::ipv6_five_digit_piece("//[12345::]", false)]
#[case::ipv6_zone_id("//[::1%25eth0]", false)]
#[case::ipv6_bare_ipv4("//[1.2.3.4]", false)]
// IPvFuture.
#[case::ipvfuture_upper_v("//[V1.x]", true)]
#[case::ipvfuture_colon("//[v1.a:b]", true)]
#[case::ipvfuture_no_version("//[v.x]", false)]
#[case::ipvfuture_bad_version("//[vg.x]", false)]
#[case::ipvfuture_empty_address("//[v1.]", false)]
#[case::ipvfuture_pct("//[v1.%41]", false)]
#[case::empty_literal("//[]", false)]
// IPv4address against reg-name.
#[case::five_octets("http://1.2.3.4.5", true)]
#[case::leading_zero_octet("http://01.2.3.4", true)]
// Authority: "@", ":" and the port.
#[case::two_ats("//a@b@c", false)]
#[case::two_ports("//a:80:80", false)]
#[case::colons_in_userinfo("//u:p:q@h", true)]
#[case::empty_userinfo_and_port("//@h:", true)]
#[case::port_leading_zeros("//a:0000000000080", true)]
#[case::ip_literal_as_userinfo("http://[::1]@evil", false)]
// Scheme and the first segment of a relative reference.
#[case::colon_after_dot_segment("./a:b", true)]
#[case::scheme_digit_first("1a:b", false)]
#[case::scheme_colon_path("s:/:a", true)]
fn edge_cases_agree(#[case] input: &str, #[case] valid: bool) {
    let agreement = compare(input).unwrap_or_else(|e| panic!("{e}"));
    let expected = if valid {
        Agreement::BothValid
    } else {
        Agreement::BothInvalid
    };
    assert_eq!(agreement, expected, "{input:?}");
}

/// Ports above 65535: the grammar (`port = *DIGIT`) and fluent-uri accept
/// them; this crate rejects them, at the port's first digit.
#[rstest]
#[case::just_above("//a:65536", 4)]
#[case::long("http://a:99999999999999999999/", 9)]
#[case::after_ip_literal("//[::1]:70000", 8)]
fn ports_above_65535_are_the_expected_difference(#[case] input: &str, #[case] offset: usize) {
    assert_eq!(compare(input), Ok(Agreement::PortOutOfRange));
    let err = Uri::parse(input).unwrap_err();
    assert_eq!((err.kind(), err.offset()), (ErrorKind::PortRange, offset));
}
