//! Hosts (section 3.2.2): IPv6 in all nine forms and with an IPv4 suffix,
//! IPvFuture, IPv4 against registered names, and invalid hosts with the
//! kind and byte offset of their error.

use std::net::{Ipv4Addr, Ipv6Addr};

use pest::Parser;
use rfc3986::{ErrorKind, Host, Rule, Uri, UriParser};
use rstest::rstest;

fn host_of(input: &str) -> Host<'_> {
    let uri = Uri::parse(input).unwrap_or_else(|e| panic!("{input:?}: {e}"));
    assert_eq!(uri.to_string(), input);
    uri.check_invariants().unwrap();
    let kind_and_text = uri.host().unwrap();
    // The host borrows `input`, as `uri` does.
    match kind_and_text {
        Host::RegName(name) => Host::RegName(&input[input.find(name).unwrap()..][..name.len()]),
        Host::IpvFuture { version, address } => {
            let v = input.find(version).unwrap();
            let a = input.find(address).unwrap();
            Host::IpvFuture {
                version: &input[v..v + version.len()],
                address: &input[a..a + address.len()],
            }
        }
        Host::Ipv4(a) => Host::Ipv4(a),
        Host::Ipv6(a) => Host::Ipv6(a),
        // uri.pest has no zone, and gives no other kind.
        other => panic!("{input:?}: {other:?}"),
    }
}

fn ipv6(s: &str) -> Ipv6Addr {
    s.parse().unwrap()
}

// The nine forms of IPv6address, each with and without the optional
// pieces before "::", and with the fewest and most pieces each allows.
#[rstest]
#[case::form1_full("1:2:3:4:5:6:7:8")]
#[case::form1_ls32_ipv4("1:2:3:4:5:6:1.2.3.4")]
#[case::form2("::2:3:4:5:6:7:8")]
#[case::form2_ipv4("::2:3:4:5:6:1.2.3.4")]
#[case::form3("1::3:4:5:6:7:8")]
#[case::form3_no_prefix("::3:4:5:6:7:8")]
#[case::form4("1:2::4:5:6:7:8")]
#[case::form4_short("1::4:5:6:7:8")]
#[case::form4_no_prefix("::4:5:6:7:8")]
#[case::form5("1:2:3::5:6:7:8")]
#[case::form5_no_prefix("::5:6:7:8")]
#[case::form6("1:2:3:4::6:7:8")]
#[case::form6_ipv4("1:2:3:4::6:1.2.3.4")]
#[case::form6_no_prefix("::6:7:8")]
#[case::form7("1:2:3:4:5::7:8")]
#[case::form7_ipv4("1:2:3:4:5::1.2.3.4")]
#[case::form7_no_prefix("::7:8")]
#[case::form7_ipv4_only("::1.2.3.4")]
#[case::form8("1:2:3:4:5:6::8")]
#[case::form8_short("1::8")]
#[case::form8_loopback("::1")]
#[case::form9("1:2:3:4:5:6:7::")]
#[case::form9_short("1::")]
#[case::form9_unspecified("::")]
#[case::mapped_ipv4("::ffff:192.0.2.1")]
#[case::nat64("64:ff9b::192.0.2.33")]
#[case::documentation("2001:db8::7")]
#[case::leading_zeros("0001:0db8:0000:0000:0000:0000:0000:0001")]
#[case::mixed_case("2001:DB8::aBcD")]
#[case::max("ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255")]
fn ipv6_forms(#[case] address: &str) {
    let text = format!("http://[{address}]/");
    let host = host_of(&text);
    assert_eq!(host, Host::Ipv6(ipv6(address)));
}

#[rstest]
#[case::lowercase("[v1.fe80::a+en1]", "1", "fe80::a+en1")]
#[case::uppercase_v("[V7.abc]", "7", "abc")]
#[case::long_version("[vABCdef0123.x]", "ABCdef0123", "x")]
#[case::every_char("[v1a.!$&'()*+,;=-._~:AZaz09]", "1a", "!$&'()*+,;=-._~:AZaz09")]
#[case::dots_in_address("[v1.a.b.c]", "1", "a.b.c")]
fn ipvfuture(#[case] literal: &str, #[case] version: &str, #[case] address: &str) {
    let text = format!("http://{literal}:80/");
    let host = host_of(&text);
    let Host::IpvFuture {
        version: v,
        address: a,
    } = host
    else {
        panic!("{host:?}")
    };
    assert_eq!(v, version);
    assert_eq!(a, address);
}

// First-match-wins over the whole host: IPv4address only when all of the
// host is one.
#[rstest]
#[case::ipv4("1.2.3.4", Some([1, 2, 3, 4]))]
#[case::zeros("0.0.0.0", Some([0, 0, 0, 0]))]
#[case::max("255.255.255.255", Some([255, 255, 255, 255]))]
#[case::every_length("9.99.199.249", Some([9, 99, 199, 249]))]
#[case::five_parts("1.2.3.4.5", None)]
#[case::octet_too_big("256.1.1.1", None)]
#[case::last_octet_too_big("1.1.1.256", None)]
#[case::leading_zero("01.1.1.1", None)]
#[case::last_leading_zero("1.1.1.01", None)]
#[case::three_parts("1.2.3", None)]
#[case::trailing_dot("1.2.3.4.", None)]
#[case::letter_after("1.2.3.4a", None)]
#[case::pct_after("1.2.3.4%41", None)]
#[case::sub_delim_after("1.2.3.4!", None)]
#[case::hex("0x1.2.3.4", None)]
fn ipv4_or_reg_name(#[case] host: &str, #[case] ipv4: Option<[u8; 4]>) {
    let expected = match ipv4 {
        Some(octets) => Host::Ipv4(Ipv4Addr::from(octets)),
        None => {
            let text = format!("http://{host}/");
            let Host::RegName(name) = host_of(&text) else {
                panic!("{host} should be a reg-name")
            };
            assert_eq!(name, host);
            return;
        }
    };
    assert_eq!(host_of(&format!("http://{host}/")), expected);
    // Followed by a port, a path, a query, a fragment or nothing.
    for rest in [":1", "/p", "?q", "#f", ""] {
        assert_eq!(host_of(&format!("http://{host}{rest}")), expected);
    }
}

#[rstest]
#[case::name("example.com")]
#[case::empty("")]
#[case::pct("%E2%82%AC.example")]
#[case::sub_delims("!$&'()*+,;=")]
#[case::unreserved("a-b.c_d~e")]
#[case::upper("EXAMPLE.com")]
fn reg_names(#[case] name: &str) {
    let text = format!("http://{name}/");
    let Host::RegName(found) = host_of(&text) else {
        panic!()
    };
    assert_eq!(found, name);
}

// Invalid hosts: the kind of error and the byte offset of the first byte
// that no reference takes (the input before it is the start of one).
// "http://" is 7 bytes, so an IP literal's "[" is at 7 and its address
// starts at 8.
#[rstest]
#[case::second_double_colon("http://[::1::]/", ErrorKind::Ipv6Address, 12, Some(':'))]
#[case::nine_groups("http://[1:2:3:4:5:6:7:8:9]/", ErrorKind::Ipv6Address, 23, Some(':'))]
#[case::nine_zero_groups("http://[0:0:0:0:0:0:0:0:0]/", ErrorKind::Ipv6Address, 23, Some(':'))]
#[case::eight_groups_and_double_colon(
    "http://[1:2:3:4:5:6:7:8::]/",
    ErrorKind::Ipv6Address,
    23,
    Some(':')
)]
#[case::double_colon_and_eight_groups(
    "http://[::1:2:3:4:5:6:7:8]/",
    ErrorKind::Ipv6Address,
    23,
    Some(':')
)]
#[case::double_colon_in_eight_groups(
    "http://[1::2:3:4:5:6:7:8]/",
    ErrorKind::Ipv6Address,
    22,
    Some(':')
)]
#[case::two_double_colons("http://[1::2::3]/", ErrorKind::Ipv6Address, 13, Some(':'))]
#[case::seven_groups("http://[1:2:3:4:5:6:7]/", ErrorKind::Ipv6Address, 21, Some(']'))]
#[case::two_groups("http://[1:2]/", ErrorKind::Ipv6Address, 11, Some(']'))]
#[case::five_hex_digits("http://[12345::]/", ErrorKind::Ipv6Address, 12, Some('5'))]
#[case::leading_single_colon("http://[:1:2:3:4:5:6:7:8]/", ErrorKind::Ipv6Address, 9, Some('1'))]
#[case::trailing_single_colon("http://[1:2:3:4:5:6:7:8:]/", ErrorKind::Ipv6Address, 23, Some(':'))]
#[case::not_hex("http://[g::1]/", ErrorKind::Ipv6Address, 8, Some('g'))]
#[case::not_hex_later("http://[::g]/", ErrorKind::Ipv6Address, 10, Some('g'))]
#[case::ipv4_in_brackets("http://[1.2.3.4]/", ErrorKind::Ipv6Address, 9, Some('.'))]
#[case::short_ipv4_suffix("http://[::ffff:1.2.3]/", ErrorKind::Ipv6Address, 20, Some(']'))]
#[case::big_ipv4_suffix("http://[::ffff:256.1.1.1]/", ErrorKind::Ipv6Address, 18, Some('.'))]
#[case::leading_zero_ipv4_suffix("http://[::1.2.3.04]/", ErrorKind::Ipv6Address, 17, Some('4'))]
#[case::zone_id("http://[fe80::1%25eth0]/", ErrorKind::Ipv6Address, 15, Some('%'))]
#[case::bare_percent("http://[::1%]/", ErrorKind::Ipv6Address, 11, Some('%'))]
#[case::nested_brackets("http://[[::1]]/", ErrorKind::Ipv6Address, 8, Some('['))]
#[case::space_inside("http://[::1 ]/", ErrorKind::InvalidCharacter, 11, Some(' '))]
#[case::unclosed_at_end("http://[::1", ErrorKind::IpLiteral, 11, None)]
#[case::unclosed_before_path("http://[::1/a", ErrorKind::IpLiteral, 11, Some('/'))]
#[case::unclosed_before_query("http://[::1?q", ErrorKind::IpLiteral, 11, Some('?'))]
#[case::empty_literal("http://[]/", ErrorKind::IpLiteral, 8, Some(']'))]
#[case::lone_bracket("http://[", ErrorKind::IpLiteral, 8, None)]
#[case::lone_bracket_path("http://[/", ErrorKind::IpLiteral, 8, Some('/'))]
#[case::future_no_dot("http://[v1x]/", ErrorKind::IpvFuture, 10, Some('x'))]
#[case::future_no_dot_at_bracket("http://[v1]/", ErrorKind::IpvFuture, 10, Some(']'))]
#[case::future_no_version("http://[v.x]/", ErrorKind::IpvFuture, 9, Some('.'))]
#[case::future_bad_version("http://[vg.x]/", ErrorKind::IpvFuture, 9, Some('g'))]
#[case::future_no_address("http://[v1.]/", ErrorKind::IpvFuture, 11, Some(']'))]
#[case::future_pct("http://[v1.a%41]/", ErrorKind::IpvFuture, 12, Some('%'))]
#[case::future_at_end("http://[v", ErrorKind::IpvFuture, 9, None)]
#[case::future_unclosed("http://[v1.a", ErrorKind::IpLiteral, 12, None)]
#[case::future_unclosed_path("http://[v1.a/b]", ErrorKind::IpLiteral, 12, Some('/'))]
#[case::future_space("http://[v1.a b]/", ErrorKind::InvalidCharacter, 12, Some(' '))]
#[case::after_literal("http://[::1]junk/", ErrorKind::Host, 12, Some('j'))]
#[case::double_close("http://[::1]]/", ErrorKind::Host, 12, Some(']'))]
#[case::bracket_in_name("http://a[b]/", ErrorKind::Host, 8, Some('['))]
#[case::close_in_name("http://a]b/", ErrorKind::Host, 8, Some(']'))]
#[case::second_at("http://a@b@c/", ErrorKind::Host, 10, Some('@'))]
#[case::space("http://exa mple/", ErrorKind::InvalidCharacter, 10, Some(' '))]
#[case::angle("http://a<b/", ErrorKind::InvalidCharacter, 8, Some('<'))]
#[case::non_ascii("http://é.com/", ErrorKind::InvalidCharacter, 7, Some('é'))]
#[case::backslash("http://a\\b/", ErrorKind::InvalidCharacter, 8, Some('\\'))]
#[case::bad_pct("http://%zz.com/", ErrorKind::PercentEncoding, 8, Some('z'))]
#[case::short_pct("http://a%2/", ErrorKind::PercentEncoding, 10, Some('/'))]
#[case::space_in_userinfo("http://us er@host/", ErrorKind::InvalidCharacter, 9, Some(' '))]
#[case::bracket_in_userinfo("http://a[b@host/", ErrorKind::Userinfo, 8, Some('['))]
// An "@" after the authority has ended does not make the host userinfo.
#[case::at_after_path("http://a[b/@c", ErrorKind::Host, 8, Some('['))]
#[case::at_after_query("http://a[b?@c", ErrorKind::Host, 8, Some('['))]
#[case::at_after_fragment("http://a[b#@c", ErrorKind::Host, 8, Some('['))]
#[case::at_after_port("http://a:1[b#@c", ErrorKind::Port, 10, Some('['))]
// What is not a port could be the start of a userinfo (`a:8x@b`), but
// where no "@" comes the authority is a host and a port: the error is
// where the port goes wrong, although a userinfo would read further.
#[case::port_letter("http://a:8x/", ErrorKind::Port, 10, Some('x'))]
#[case::port_letter_at_end("http://a:8x", ErrorKind::Port, 10, Some('x'))]
#[case::port_letter_after_name("http://example.com:80a/", ErrorKind::Port, 21, Some('a'))]
#[case::port_after_literal("http://[::1]:x/", ErrorKind::Port, 13, Some('x'))]
#[case::port_second_colon("http://a:1:2/", ErrorKind::Port, 10, Some(':'))]
#[case::second_port("http://example.com:80:80/", ErrorKind::Port, 21, Some(':'))]
#[case::port_pct("http://a:8%30/", ErrorKind::Port, 10, Some('%'))]
#[case::port_after_empty_host("//:8x", ErrorKind::Port, 4, Some('x'))]
// A userinfo that has its "@" further on holds a character it may not.
#[case::userinfo_before_at("http://a:8x[@h/", ErrorKind::Userinfo, 11, Some('['))]
// An IPv6 address as a host without its brackets: named at its first
// byte, where the "[" of an IP-literal is missing, with or without a port.
#[case::unbracketed_ipv6("http://2001:db8::1/", ErrorKind::IpLiteral, 7, Some('2'))]
#[case::unbracketed_loopback("http://::1", ErrorKind::IpLiteral, 7, Some(':'))]
#[case::unbracketed_with_port("http://1:2:3:4:5:6:7:8:8080/", ErrorKind::IpLiteral, 7, Some('1'))]
#[case::unbracketed_empty_port("//::1:?q", ErrorKind::IpLiteral, 2, Some(':'))]
#[case::unbracketed_ipv4_suffix("http://::ffff:1.2.3.4:80/", ErrorKind::IpLiteral, 7, Some(':'))]
// Where the address in brackets would still not make an authority, it is
// no address: a host and a port.
#[case::not_an_address_then("http://::1:8x/", ErrorKind::Port, 8, Some(':'))]
#[case::colons("//::::", ErrorKind::Port, 3, Some(':'))]
// A zone is cut short as a percent-encoding first.
#[case::unbracketed_zone("http://fe80::1%eth0/", ErrorKind::PercentEncoding, 16, Some('t'))]
#[case::port_too_big("http://a:99999/", ErrorKind::PortRange, 9, None)]
#[case::port_65536("http://a:65536/", ErrorKind::PortRange, 9, None)]
#[case::port_long("http://[::1]:000000000065536", ErrorKind::PortRange, 13, None)]
fn invalid_hosts(
    #[case] input: &str,
    #[case] kind: ErrorKind,
    #[case] offset: usize,
    #[case] found: Option<char>,
) {
    let err = Uri::parse(input).unwrap_err();
    assert_eq!(
        (err.kind(), err.offset(), err.found()),
        (kind, offset, found),
        "{input}: {err}"
    );
}

/// The grammar's IPv6address and the standard library's parser implement
/// the same RFC 4291 text forms; they must agree on every string. Each
/// string is made of pieces that IPv6 addresses are made of, so most are
/// near misses.
#[test]
fn ipv6address_agrees_with_std() {
    const PIECES: [&str; 14] = [
        "0", "1", "ab", "fff", "FFFF", "12345", ":", ":", "::", ".", "1.2.3.4", "255", "256", "g",
    ];
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let grammar_accepts =
        |s: &str| UriParser::parse(Rule::IPv6address, s).is_ok_and(|pairs| pairs.as_str() == s);
    let mut accepted = 0;
    for _ in 0..100_000 {
        let len = 1 + next() % 16;
        let s: String = (0..len).map(|_| PIECES[(next() % 14) as usize]).collect();
        let std = s.parse::<Ipv6Addr>();
        assert_eq!(grammar_accepts(&s), std.is_ok(), "{s}");
        if let Ok(address) = std {
            accepted += 1;
            assert_eq!(
                host_of(&format!("http://[{s}]/")),
                Host::Ipv6(address),
                "{s}"
            );
        }
    }
    // Enough of the strings are addresses for the agreement to mean something.
    assert!(
        accepted > 1_000,
        "only {accepted} valid addresses generated"
    );
}

/// Every address written every way std and hand formatting can write it.
#[test]
fn ipv6_renderings_of_random_addresses() {
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for _ in 0..2_000 {
        // Runs of zero groups, so that "::" lands everywhere.
        let groups: [u16; 8] = std::array::from_fn(|_| match next() % 3 {
            0 => 0,
            _ => next() as u16,
        });
        let address = Ipv6Addr::from(groups);
        let full = groups.map(|g| format!("{g:x}")).join(":");
        let padded = groups.map(|g| format!("{g:04X}")).join(":");
        let [a, b, c, d] = address.octets()[12..] else {
            unreachable!()
        };
        let ipv4_suffix = format!(
            "{}:{a}.{b}.{c}.{d}",
            groups[..6]
                .iter()
                .map(|g| format!("{g:x}"))
                .collect::<Vec<_>>()
                .join(":")
        );
        for text in [address.to_string(), full, padded, ipv4_suffix] {
            assert_eq!(
                host_of(&format!("http://[{text}]/")),
                Host::Ipv6(address),
                "{text}"
            );
        }
    }
}
