//! Properties of building: a URI built from a parsed URI's components gives
//! that URI back, and components given decoded decode back to themselves.

use proptest::prelude::*;
use rfc3986::{percent_decode_utf8, Uri, UriBuilder};

/// `pchar`, with percent-encodings.
const PCHAR: &str = "([a-zA-Z0-9._~!$&'()*+,;=:@-]|%[0-9A-Fa-f]{2})";

fn segment() -> impl Strategy<Value = String> {
    proptest::string::string_regex(&format!("{PCHAR}{{0,4}}")).unwrap()
}

fn host() -> impl Strategy<Value = String> {
    prop_oneof![
        proptest::string::string_regex("([a-zA-Z0-9._~!$&'()*+,;=-]|%[0-9A-F]{2}){0,8}").unwrap(),
        any::<[u8; 4]>().prop_map(|o| format!("{}.{}.{}.{}", o[0], o[1], o[2], o[3])),
        any::<[u16; 8]>().prop_map(|p| format!("[{}]", std::net::Ipv6Addr::from(p))),
        proptest::string::string_regex("\\[v[0-9a-fA-F]{1,2}\\.[a-z0-9:!$]{1,4}\\]").unwrap(),
    ]
}

fn authority() -> impl Strategy<Value = Option<String>> {
    let userinfo = proptest::option::of(
        proptest::string::string_regex("([a-zA-Z0-9._~!$&'()*+,;=:-]|%[0-9A-F]{2}){0,6}").unwrap(),
    );
    let port = proptest::option::of(prop_oneof![
        Just(String::new()),
        any::<u16>().prop_map(|p| p.to_string()),
        any::<u16>().prop_map(|p| format!("00{p}")),
    ]);
    proptest::option::of((userinfo, host(), port).prop_map(|(userinfo, host, port)| {
        let mut text = String::new();
        if let Some(userinfo) = userinfo {
            text.push_str(&userinfo);
            text.push('@');
        }
        text.push_str(&host);
        if let Some(port) = port {
            text.push(':');
            text.push_str(&port);
        }
        text
    }))
}

/// Scheme, authority, (absolute, path segments), query, fragment.
type Shape = (
    Option<String>,
    Option<String>,
    (bool, Vec<String>),
    Option<String>,
    Option<String>,
);

/// URI references of every shape: with or without scheme and authority,
/// paths of each form, queries and fragments undefined, empty or not.
fn uri_reference() -> impl Strategy<Value = String> {
    let scheme = proptest::option::of(
        proptest::string::string_regex("[a-zA-Z][a-zA-Z0-9+.-]{0,4}").unwrap(),
    );
    let path = (any::<bool>(), prop::collection::vec(segment(), 0..4));
    let tail = || {
        proptest::option::of(
            proptest::string::string_regex(&format!("({PCHAR}|[/?]){{0,6}}")).unwrap(),
        )
    };
    (scheme, authority(), path, tail(), tail()).prop_map(
        |(scheme, authority, (absolute, segments), query, fragment): Shape| {
            let mut text = String::new();
            if let Some(scheme) = scheme {
                text.push_str(&scheme);
                text.push(':');
            }
            if let Some(authority) = &authority {
                text.push_str("//");
                text.push_str(authority);
            }
            let path = segments.join("/");
            if (absolute || authority.is_some()) && !segments.is_empty() {
                text.push('/');
            }
            text.push_str(&path);
            if let Some(query) = query {
                text.push('?');
                text.push_str(&query);
            }
            if let Some(fragment) = fragment {
                text.push('#');
                text.push_str(&fragment);
            }
            text
        },
    )
}

/// A builder given each component of `uri` as its text.
fn from_components<S: rfc3986::Storage>(uri: &Uri<S>) -> UriBuilder {
    let mut builder = Uri::builder().path(uri.path());
    if let Some(scheme) = uri.scheme() {
        builder = builder.scheme(scheme);
    }
    if let Some(userinfo) = uri.userinfo() {
        builder = builder.userinfo(userinfo);
    }
    if let Some(host) = uri.host_str() {
        builder = builder.host(host);
    }
    if let Some(port) = uri.port_str() {
        builder = builder.port_str(port);
    }
    if let Some(query) = uri.query() {
        builder = builder.query(query);
    }
    if let Some(fragment) = uri.fragment() {
        builder = builder.fragment(fragment);
    }
    builder
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn building_from_components_gives_the_uri_back(text in uri_reference()) {
        // Generated text that the grammar rejects (a relative reference
        // whose first segment has a ":", a path starting "//" without an
        // authority) is no URI to rebuild.
        let Ok(uri) = Uri::parse(&text) else { return Ok(()) };
        let built = from_components(&uri).build().unwrap();
        prop_assert_eq!(built.as_str(), uri.as_str());
        prop_assert_eq!(uri.to_builder().build().unwrap(), uri);
    }

    #[test]
    fn decoded_segments_decode_back(text in uri_reference()) {
        let Ok(uri) = Uri::parse(&text) else { return Ok(()) };
        let decoded: Option<Vec<String>> = uri
            .path_segments()
            .map(|s| percent_decode_utf8(s).ok().map(|s| s.into_owned()))
            .collect();
        let Some(decoded) = decoded else { return Ok(()) };
        // Without an authority a path starting "//" gains "/."; the
        // generated URIs have none such.
        let built = uri.to_builder().path_segments(&decoded).build().unwrap();
        built.check_invariants().unwrap();
        let again: Vec<String> = built
            .path_segments()
            .map(|s| percent_decode_utf8(s).unwrap().into_owned())
            .collect();
        prop_assert_eq!(again, decoded);
        prop_assert_eq!(built.query(), uri.query());
    }

    #[test]
    fn decoded_components_decode_back(
        userinfo in any::<String>(),
        host in any::<String>(),
        segments in prop::collection::vec(any::<String>(), 0..4),
        query in any::<String>(),
        fragment in any::<String>(),
        relative in any::<bool>(),
    ) {
        let decode = |s: Option<&str>| percent_decode_utf8(s.unwrap()).unwrap().into_owned();
        if relative {
            // A relative path: the first segment's ":" must be encoded.
            // An empty first segment followed by an empty one would be "//".
            prop_assume!(!(segments.len() > 2 && segments[0].is_empty() && segments[1].is_empty()));
            let uri = Uri::builder().path_segments(&segments).build().unwrap();
            uri.check_invariants().unwrap();
            let again: Vec<String> = uri.path_segments().map(|s| decode(Some(s))).collect();
            let expected: Vec<String> = if segments == [""] { vec![] } else { segments.clone() };
            prop_assert_eq!(again, expected);
        } else {
            let mut path = vec![String::new()];
            path.extend(segments.iter().cloned());
            let uri = Uri::builder()
                .scheme("s")
                .userinfo_decoded(&userinfo)
                .host_decoded(&host)
                .path_segments(&path)
                .query_decoded(&query)
                .fragment_decoded(&fragment)
                .build()
                .unwrap();
            uri.check_invariants().unwrap();
            prop_assert_eq!(decode(uri.userinfo()), userinfo);
            prop_assert_eq!(decode(uri.host_str()), host);
            let again: Vec<String> = uri.path_segments().map(|s| decode(Some(s))).collect();
            let expected: Vec<String> = if path == [""] { vec![] } else { path };
            prop_assert_eq!(again, expected);
            prop_assert_eq!(decode(uri.query()), query);
            prop_assert_eq!(decode(uri.fragment()), fragment);
        }
    }
}
