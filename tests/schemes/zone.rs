//! `examples/zone.rs`: RFC 6874's IPv6 zone identifiers, as a grammar that
//! extends uri.pest's `IP_literal` (marked `// #[extends]`). The zone is
//! typed (`Host::Ipv6Zoned`), read from the grammar's `ZoneID`; it survives
//! normalization, resolution and recomposition; the crate's own grammar
//! still refuses it; and the compiled parser is pest_derive's on the same
//! text (`tests/grammars/user/rfc6874_joined.pest`: uri.pest without its
//! `IP_literal`, then the example's file, as the derive joins them).

#[allow(dead_code)]
#[path = "../../examples/zone.rs"]
mod example;

use std::net::Ipv6Addr;
use std::path::Path;

use example::{Rfc6874, Rfc6874Rules, Rule};
use rfc3986::__private::compare_derived;
use rfc3986::schemes::{Grammar, SchemeError};
use rfc3986::{ErrorKind, Host, Uri};

mod derived {
    #[derive(pest_derive::Parser)]
    #[grammar = "tests/grammars/user/rfc6874_joined.pest"]
    pub struct Rfc6874;

    rfc3986::impl_uri_rule!(Rule);
}

const FE80_1: Ipv6Addr = Ipv6Addr::new(0xfe80, 0, 0, 0, 0, 0, 0, 1);

#[test]
fn the_zone_is_typed() {
    let uri = example::parse("http://[fe80::1%25eth0]/").unwrap();
    assert_eq!(
        uri.host(),
        Some(Host::Ipv6Zoned {
            address: FE80_1,
            zone: "eth0"
        })
    );
    assert_eq!(uri.host_str(), Some("[fe80::1%25eth0]"));
    assert_eq!(uri.authority().unwrap().as_str(), "[fe80::1%25eth0]");
    assert_eq!(uri.port(), None);
    assert_eq!(uri.path(), "/");
    assert_eq!(uri.to_string(), "http://[fe80::1%25eth0]/");
    assert_eq!(uri.check_invariants(), Ok(()));

    // Percent-encoded as written, and a port after it.
    let uri = example::parse("http://u@[FE80::0:1%25en%31]:8080/x?q#f").unwrap();
    assert_eq!(
        uri.host(),
        Some(Host::Ipv6Zoned {
            address: FE80_1,
            zone: "en%31"
        })
    );
    assert_eq!(uri.host().unwrap().to_string(), "[fe80::1%25en%31]");
    assert_eq!(
        (
            uri.userinfo(),
            uri.port(),
            uri.path(),
            uri.query(),
            uri.fragment()
        ),
        (Some("u"), Some(8080), "/x", Some("q"), Some("f"))
    );

    // Without a zone, the host of RFC 3986.
    let uri = example::parse("http://[::1]/").unwrap();
    assert_eq!(uri.host(), Some(Host::Ipv6(Ipv6Addr::LOCALHOST)));
}

/// The zone is the pair of the grammar's `ZoneID`, which the derive reads
/// by name, as any rule of the user's.
#[test]
fn the_zone_is_the_grammars_pair() {
    let parsed = Rfc6874::parse(Rule::zone_reference_input, "//[fe80::1%25eth0]").unwrap();
    assert_eq!(parsed.ZoneID(), Some("eth0"));
    assert_eq!(parsed.get(Rule::IPv6address), Some("fe80::1"));
    assert_eq!(parsed.get(Rule::IP_literal), Some("[fe80::1%25eth0]"));
    let rules: Vec<Rule> = parsed.pairs().iter().map(|pair| pair.rule()).collect();
    assert_eq!(
        rules,
        [
            Rule::authority,
            Rule::IP_literal,
            Rule::IPv6address,
            Rule::ZoneID,
            Rule::path_abempty,
            Rule::EOI
        ]
    );
}

/// RFC 3986 has no zones: the crate's grammar refuses them; only the
/// extended grammar reads them. Where the extended grammar refuses an
/// input, its error is its own, at the byte where it stops (the generic
/// grammar's would be at the `%`).
#[test]
fn only_the_extended_grammar_reads_a_zone() {
    let err = Uri::parse("http://[fe80::1%25eth0]/").unwrap_err();
    assert_eq!((err.kind(), err.offset()), (ErrorKind::Ipv6Address, 15));

    let err = example::parse("http://[fe80::1%25]/").unwrap_err();
    let SchemeError::Scheme(violation) = &err else {
        panic!("{err:?}")
    };
    assert_eq!((violation.rule(), violation.offset()), ("ZoneID", 18));
    assert_eq!(
        err.to_string(),
        "invalid RFC 6874 URI at byte 18: expected RFC 6874 ZoneID, found ']'"
    );
    // RFC 6874 writes the "%" encoded: a bare one is no zone. The error
    // is where the input stops matching, the "%", with what the address
    // could go on with, or the "%25" that starts a zone.
    let err = example::parse("http://[fe80::1%eth0]/").unwrap_err();
    assert_eq!(
        err.to_string(),
        r#"invalid RFC 6874 URI at byte 15: expected ".", ":", "]", HEXDIG or "%25" in RFC 6874 IP-literal or IPv4address, found '%'"#
    );
    // Not an IPv6address before the zone.
    assert!(example::parse("http://[v1.x%25eth0]/").is_err());
    const { assert!(Rfc6874::EXTENDS_BASE) };
}

/// Normalization keeps the zone as written (its case, its encodings); the
/// address is normalized as any other's.
#[test]
fn normalization_and_resolution_keep_the_zone() {
    let uri = example::parse("HTTP://[FE80::0:1%25Eth%30]:80/a/../b").unwrap();
    assert_eq!(
        uri.normalize_syntax().as_str(),
        "http://[fe80::0:1%25Eth%30]:80/b"
    );
    let normal = uri.normalize();
    assert_eq!(normal.as_str(), "http://[fe80::1%25Eth%30]/b");
    assert_eq!(
        normal.host(),
        Some(Host::Ipv6Zoned {
            address: FE80_1,
            zone: "Eth%30"
        })
    );
    assert_eq!(normal.check_invariants(), Ok(()));
    // Equivalent as their normal forms are: the address's case does not
    // matter, the zone's does.
    let a = example::parse("http://[fe80::1%25eth0]/").unwrap();
    assert!(a.equivalent(&example::parse("HTTP://[FE80:0::1%25eth0]:80").unwrap()));
    assert!(!a.equivalent(&example::parse("http://[fe80::1%25ETH0]/").unwrap()));
    // Already normal: the same text.
    assert_eq!(normal.normalize().as_str(), normal.as_str());
    assert!(normal.normalize_syntax().as_str() == normal.as_str());

    // The base's zone, kept by a relative reference.
    let base = example::parse("http://[fe80::1%25eth0]/a/b").unwrap();
    let resolved = base.resolve(&Uri::parse("../c?d").unwrap()).unwrap();
    assert_eq!(resolved.as_str(), "http://[fe80::1%25eth0]/c?d");
    assert_eq!(
        resolved.host(),
        Some(Host::Ipv6Zoned {
            address: FE80_1,
            zone: "eth0"
        })
    );
    let owned = base.to_owned();
    assert_eq!(owned.host(), base.host());

    // An edit of another component keeps it; setting the host replaces it.
    let mut edited = base.to_owned();
    edited.set_port(Some(8080)).unwrap();
    edited.set_query(Some("x")).unwrap();
    assert_eq!(edited.as_str(), "http://[fe80::1%25eth0]:8080/a/b?x");
    assert_eq!(edited.host(), base.host());
    assert_eq!(edited.check_invariants(), Ok(()));
    edited.set_host(Some("[fe80::1]")).unwrap();
    assert_eq!(edited.as_str(), "http://[fe80::1]:8080/a/b?x");
    assert_eq!(edited.host(), Some(Host::Ipv6(FE80_1)));
}

/// A zoned host given to the builder is written as RFC 6874 writes it,
/// and refused: RFC 3986's host has no zone.
#[test]
fn the_builder_refuses_a_zone() {
    let host = Host::Ipv6Zoned {
        address: FE80_1,
        zone: "eth0",
    };
    assert_eq!(host.to_string(), "[fe80::1%25eth0]");
    let err = Uri::builder()
        .scheme("http")
        .host_typed(host)
        .build()
        .unwrap_err();
    let rfc3986::BuildError::Invalid { component, source } = &err else {
        panic!("{err:?}")
    };
    assert_eq!(
        (*component, source.kind(), source.offset()),
        (rfc3986::Component::Host, ErrorKind::Ipv6Address, 8),
        "{err}"
    );
}

/// The derive joined the same text as `rfc6874_joined.pest`, which
/// pest_derive reads: uri.pest without its `IP_literal`, then the
/// example's grammar. A copy, as pest_derive reads a file: after an edit
/// of uri.pest, `RFC3986_WRITE_ORACLES=1` writes it again.
#[test]
fn the_oracle_reads_the_derives_grammar() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let artifact = rfc3986_generator::compile_files(
        "Rfc6874",
        rfc3986_generator::Base::Uri,
        &[rfc3986_generator::GrammarSource::File(
            "examples/zone/rfc6874.pest".to_string(),
        )],
        root,
        rfc3986_generator::Target {
            runtime: "rt",
            grammar_type: "Rfc6874",
            starts: rfc3986_generator::Starts::Every,
            role_macro: None,
        },
    )
    .unwrap();
    assert_eq!(artifact.extended, ["IP_literal"]);
    let path = root.join("tests/grammars/user/rfc6874_joined.pest");
    if std::env::var_os("RFC3986_WRITE_ORACLES").is_some() {
        std::fs::write(&path, &artifact.grammar).unwrap();
    }
    let oracle = std::fs::read_to_string(&path).unwrap();
    assert!(
        artifact.grammar == oracle,
        "uri.pest or the example's grammar changed: write the oracle's grammar again with \
         `RFC3986_WRITE_ORACLES=1 cargo test --test integration schemes::zone::`, and run \
         the tests again"
    );
}

/// The compiled parser is pest_derive's on the same text: verdict, pairs
/// and error, on every string of the alphabet.
#[test]
fn the_compiled_parser_is_pest_derives() {
    let tails = crate::grammars::compiler::strings(
        &[
            "fe80::1", "%25", "eth0", "%31", "%", "]", "/", ":", "1", "v1.x",
        ],
        4,
    );
    let mut accepted = 0;
    for prefix in ["http://[", "//[", "["] {
        for tail in &tails {
            let input = format!("{prefix}{tail}");
            if let Err(difference) = compare_derived::<derived::Rfc6874, Rfc6874, _>(
                Rfc6874::SCHEME,
                derived::Rule::zone_reference_input,
                &input,
            ) {
                panic!("{difference}");
            }
            if let Ok(parsed) = Rfc6874::parse(Rule::zone_reference_input, &input) {
                accepted += 1;
                let uri = parsed.uri();
                assert_eq!(uri.as_str(), input);
                assert_eq!(uri.check_invariants(), Ok(()), "{input}");
                match (uri.host(), parsed.ZoneID()) {
                    (Some(Host::Ipv6Zoned { zone, .. }), Some(id)) => assert_eq!(zone, id),
                    (host, None) => {
                        assert!(!matches!(host, Some(Host::Ipv6Zoned { .. })), "{input}");
                        // Without a zone, what RFC 3986 reads.
                        let generic = Uri::parse(&input).unwrap();
                        assert_eq!(generic.host(), host, "{input}");
                    }
                    (host, id) => panic!("{input}: {host:?}, {id:?}"),
                }
            }
        }
    }
    assert!(accepted > 100, "{accepted}");
}

/// What `cargo run --example zone` prints.
#[test]
fn example_output() {
    let mut out = Vec::new();
    let valid = example::show(
        &[
            "http://[fe80::1%25eth0]/",
            "HTTP://[FE80::0:1%25en%31]:80/a/../b",
            "http://[2001:db8::7]/",
            "http://[fe80::1%25]/",
        ],
        &mut out,
    )
    .unwrap();
    assert!(!valid);
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "http://[fe80::1%25eth0]/
  address     fe80::1
  zone        eth0
  normalized  http://[fe80::1%25eth0]/
HTTP://[FE80::0:1%25en%31]:80/a/../b
  address     fe80::1
  zone        en%31
  normalized  http://[fe80::1%25en%31]/b
http://[2001:db8::7]/
  host        [2001:db8::7]
  normalized  http://[2001:db8::7]/
http://[fe80::1%25]/
  error       invalid RFC 6874 URI at byte 18: expected RFC 6874 ZoneID, found ']'
"
    );
}

/// On the IRI base, the same extension: the zone is typed in an `Iri`,
/// and kept where the mappings between IRIs and URIs (RFC 3987 sections
/// 3.1 and 3.2) write the other components again.
#[test]
fn an_iri_grammar_extends_the_same_rule() {
    mod iri {
        #[derive(rfc3986::Grammar)]
        #[grammar_base = "iri"]
        #[grammar_inline = r##"
// #[extends]: RFC 6874
IP_literal = ${ "[" ~ (IPv6addrz | IPv6address | IPvFuture) ~ "]" }
/// Role: ZoneID
ZoneID = @{ (unreserved | pct_encoded)+ }
IPv6addrz = _{ IPv6address ~ "%25" ~ ZoneID }
zone_input = _{ SOI ~ IRI_reference ~ EOI }
"##]
        pub struct Zones;
    }

    let parsed =
        iri::Zones::parse(iri::Rule::zone_input, "http://[fe80::1%25eth0]/caf\u{e9}").unwrap();
    let iri = parsed.uri();
    let zoned = Some(Host::Ipv6Zoned {
        address: FE80_1,
        zone: "eth0",
    });
    assert_eq!(iri.host(), zoned);
    let uri = iri.to_uri();
    assert_eq!(uri.as_str(), "http://[fe80::1%25eth0]/caf%C3%A9");
    assert_eq!(uri.host(), zoned);
    let back = uri.to_iri();
    assert_eq!(back.as_str(), "http://[fe80::1%25eth0]/caf\u{e9}");
    assert_eq!(back.host(), zoned);
}
