//! Time to parse a URI reference into a typed `Uri`.
//!
//! `cargo bench --bench parse`

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rfc3986::Uri;

/// RFC 3986 section 1.1.2 and the examples of section 3.
const RFC_EXAMPLES: [&str; 10] = [
    "ftp://ftp.is.co.za/rfc/rfc1808.txt",
    "http://www.ietf.org/rfc/rfc2396.txt",
    "ldap://[2001:db8::7]/c=GB?objectClass?one",
    "mailto:John.Doe@example.com",
    "news:comp.infosystems.www.servers.unix",
    "tel:+1-816-555-1212",
    "telnet://192.0.2.16:80/",
    "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
    "foo://example.com:8042/over/there?name=ferret#nose",
    "urn:example:animal:ferret:nose",
];

fn parse(c: &mut Criterion) {
    let mut group = c.benchmark_group("parse");
    let bytes: usize = RFC_EXAMPLES.iter().map(|s| s.len()).sum();
    group.throughput(Throughput::Bytes(bytes as u64));
    group.bench_function("rfc_examples", |b| {
        b.iter(|| {
            for input in RFC_EXAMPLES {
                let uri = Uri::parse(black_box(input)).unwrap();
                black_box((
                    uri.authority().map(|a| a.host_str().len()),
                    uri.path().len(),
                ));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, parse);
criterion_main!(benches);
