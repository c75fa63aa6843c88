//! Generators of URI references for property tests, the differential test
//! and (through `#[path]`) the fuzz targets.
//!
//! [`uri_reference`] builds valid references from the structure of RFC 3986
//! Appendix A, rule by rule, and records the components each one must parse
//! into ([`Expected`]). [`uri_ish`] builds arbitrary strings over the URI
//! alphabet, URI tokens and stray characters, most of them invalid.
//! [`mutate`] damages a string with URI-significant characters, driven by a
//! seed so that a loop over many inputs is reproducible.
//!
//! Everything here is independent of the crate under test: the expected
//! components come from how the string was built, not from parsing it.

use std::net::{Ipv4Addr, Ipv6Addr};

use proptest::prelude::*;
use proptest::sample::select;

/// The components a generated reference must parse into, as written;
/// `None` where undefined (section 5.3 keeps undefined and empty apart).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expected {
    pub scheme: Option<String>,
    pub authority: Option<ExpectedAuthority>,
    pub path: String,
    pub query: Option<String>,
    pub fragment: Option<String>,
}

/// `[ userinfo "@" ] host [ ":" port ]`, as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExpectedAuthority {
    pub userinfo: Option<String>,
    /// The host as written, IP literals with their brackets.
    pub host: String,
    pub kind: ExpectedHost,
    /// The port's digits; `Some("")` for an empty port.
    pub port: Option<String>,
}

/// Which rule of `host = IP-literal / IPv4address / reg-name` the host is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExpectedHost {
    Ipv4(Ipv4Addr),
    Ipv6(Ipv6Addr),
    IpvFuture { version: String, address: String },
    RegName(String),
}

impl ExpectedAuthority {
    /// The authority as written.
    pub fn text(&self) -> String {
        let mut s = String::new();
        if let Some(userinfo) = &self.userinfo {
            s.push_str(userinfo);
            s.push('@');
        }
        s.push_str(&self.host);
        if let Some(port) = &self.port {
            s.push(':');
            s.push_str(port);
        }
        s
    }

    /// The port number, when the digits are there and fit in 16 bits.
    pub fn port_number(&self) -> Option<u16> {
        self.port.as_deref().and_then(|p| p.parse().ok())
    }
}

impl Expected {
    /// The reference as text: the components recomposed as RFC 3986
    /// section 5.3 does.
    pub fn text(&self) -> String {
        let mut s = String::new();
        if let Some(scheme) = &self.scheme {
            s.push_str(scheme);
            s.push(':');
        }
        if let Some(authority) = &self.authority {
            s.push_str("//");
            s.push_str(&authority.text());
        }
        s.push_str(&self.path);
        if let Some(query) = &self.query {
            s.push('?');
            s.push_str(query);
        }
        if let Some(fragment) = &self.fragment {
            s.push('#');
            s.push_str(fragment);
        }
        s
    }
}

/// A generated valid reference and its components.
#[derive(Clone, Debug)]
pub struct Generated {
    pub text: String,
    pub expected: Expected,
}

// Character classes of Appendix A.

pub const ALPHA: &str = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
pub const DIGIT: &str = "0123456789";
pub const HEXDIG: &str = "0123456789abcdefABCDEF";
pub const UNRESERVED: &str = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~";
pub const SUB_DELIMS: &str = "!$&'()*+,;=";
pub const GEN_DELIMS: &str = ":/?#[]@";

fn chars_of(set: &'static str) -> impl Strategy<Value = char> + Clone {
    select(set.chars().collect::<Vec<_>>())
}

/// `pct-encoded = "%" HEXDIG HEXDIG`
fn pct_encoded() -> impl Strategy<Value = String> + Clone {
    (chars_of(HEXDIG), chars_of(HEXDIG)).prop_map(|(a, b)| format!("%{a}{b}"))
}

/// One element of a repetition: a character of `set`, or a percent-encoding
/// when `pct` is set.
fn element(set: &'static str, pct: bool) -> BoxedStrategy<String> {
    let single = chars_of(set).prop_map(String::from);
    if pct {
        prop_oneof![6 => single, 1 => pct_encoded()].boxed()
    } else {
        single.boxed()
    }
}

/// `min..=max` repetitions of an element, concatenated.
fn repeat(
    set: &'static str,
    pct: bool,
    min: usize,
    max: usize,
) -> impl Strategy<Value = String> + Clone {
    prop::collection::vec(element(set, pct), min..=max).prop_map(|v| v.concat())
}

const PCHAR: &str =
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@";
const PCHAR_NC: &str =
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=@";
const USERINFO: &str =
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:";
const REG_NAME: &str =
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=";
const QUERY: &str =
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@/?";
const IPVFUTURE: &str =
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:";
const SCHEME_REST: &str = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-.";

/// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`, with the common
/// schemes more often.
pub fn scheme() -> impl Strategy<Value = String> + Clone {
    prop_oneof![
        2 => select(vec!["http", "https", "HTTP", "ftp", "urn", "mailto", "file", "s", "a+b-c.d"])
            .prop_map(String::from),
        3 => (chars_of(ALPHA), repeat(SCHEME_REST, false, 0, 8))
            .prop_map(|(first, rest)| format!("{first}{rest}")),
    ]
}

/// `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )`, with
/// `user:password` shapes more often.
pub fn userinfo() -> impl Strategy<Value = String> + Clone {
    prop_oneof![
        repeat(USERINFO, true, 0, 12),
        (repeat(REG_NAME, true, 0, 6), repeat(USERINFO, true, 0, 8))
            .prop_map(|(user, password)| format!("{user}:{password}")),
    ]
}

/// `dec-octet`: 0-255 in decimal without leading zeros.
fn is_dec_octet(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 3
        && s.bytes().all(|b| b.is_ascii_digit())
        && (s == "0" || !s.starts_with('0'))
        && s.parse::<u16>().is_ok_and(|n| n <= 255)
}

/// Whether the whole of `s` is an `IPv4address`; such a host is an IPv4
/// address, not a registered name (section 3.2.2, first-match-wins).
pub fn ipv4_address(s: &str) -> Option<Ipv4Addr> {
    let octets: Vec<&str> = s.split('.').collect();
    if octets.len() != 4 || !octets.iter().all(|o| is_dec_octet(o)) {
        return None;
    }
    let n: Vec<u8> = octets.iter().map(|o| o.parse().unwrap()).collect();
    Some(Ipv4Addr::new(n[0], n[1], n[2], n[3]))
}

fn ipv4() -> impl Strategy<Value = (String, Ipv4Addr)> + Clone {
    any::<[u8; 4]>().prop_map(|o| {
        let address = Ipv4Addr::from(o);
        (address.to_string(), address)
    })
}

/// `h16 = 1*4HEXDIG`: a 16-bit piece with 0 to 3 extra leading zeros, in
/// either case.
fn h16_text(value: u16, zeros: usize, upper: bool) -> String {
    let digits = format!("{value:x}");
    let zeros = zeros.min(4 - digits.len());
    let text = format!("{}{digits}", "0".repeat(zeros));
    if upper {
        text.to_ascii_uppercase()
    } else {
        text
    }
}

/// An `IPv6address` in any of the RFC's nine forms: the full form, `::`
/// standing for a run of one or more zero pieces anywhere, and the last
/// 32 bits written as an IPv4 address where the form ends in `ls32`.
fn ipv6() -> impl Strategy<Value = (String, Ipv6Addr)> + Clone {
    (
        any::<[u16; 8]>(),
        prop::collection::vec((0usize..4, any::<bool>()), 8),
        // Where "::" starts and how many pieces it stands for; 0 = full form.
        0usize..8,
        prop_oneof![1 => Just(0usize), 3 => 1usize..=8],
        any::<bool>(),
        // Small pieces (0, 1, ...) are common in real addresses.
        any::<u8>(),
    )
        .prop_map(|(mut pieces, style, start, elided, ipv4_tail, small)| {
            if small % 3 == 0 {
                for piece in &mut pieces {
                    *piece %= 3;
                }
            }
            // At least one piece when "::" is there, and no more than fit.
            let elided = if elided == 0 {
                0
            } else {
                1 + (elided - 1) % (8 - start)
            };
            // With "::", the pieces after it must still fit the grammar.
            let before = start;
            let after = 8 - start - elided;
            for piece in &mut pieces[start..start + elided] {
                *piece = 0;
            }
            // ls32 as an IPv4 address needs the last two pieces written out.
            let ipv4_tail = ipv4_tail && (elided == 0 || after >= 2);
            let shown = |range: std::ops::Range<usize>, pieces: &[u16; 8]| -> Vec<String> {
                range
                    .map(|i| h16_text(pieces[i], style[i].0, style[i].1))
                    .collect()
            };
            let tail_v4 = |pieces: &[u16; 8]| {
                let [a, b] = pieces[6].to_be_bytes();
                let [c, d] = pieces[7].to_be_bytes();
                format!("{a}.{b}.{c}.{d}")
            };
            let text = if elided == 0 {
                if ipv4_tail {
                    format!("{}:{}", shown(0..6, &pieces).join(":"), tail_v4(&pieces))
                } else {
                    shown(0..8, &pieces).join(":")
                }
            } else {
                let head = shown(0..before, &pieces).join(":");
                let tail = if ipv4_tail {
                    let mut t = shown(8 - after..6, &pieces);
                    t.push(tail_v4(&pieces));
                    t.join(":")
                } else {
                    shown(8 - after..8, &pieces).join(":")
                };
                format!("{head}::{tail}")
            };
            (text, Ipv6Addr::from(pieces))
        })
}

/// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`
fn ipvfuture() -> impl Strategy<Value = (String, String, String)> + Clone {
    (
        select(vec!["v", "V"]),
        repeat(HEXDIG, false, 1, 3),
        repeat(IPVFUTURE, false, 1, 10),
    )
        .prop_map(|(v, version, address)| (format!("{v}{version}.{address}"), version, address))
}

/// `host = IP-literal / IPv4address / reg-name`: every kind, with the
/// host's text and which kind the grammar must find.
pub fn host() -> impl Strategy<Value = (String, ExpectedHost)> + Clone {
    prop_oneof![
        1 => ipv4().prop_map(|(text, a)| (text, ExpectedHost::Ipv4(a))),
        2 => ipv6().prop_map(|(text, a)| (format!("[{text}]"), ExpectedHost::Ipv6(a))),
        1 => ipvfuture().prop_map(|(text, version, address)| {
            (format!("[{text}]"), ExpectedHost::IpvFuture { version, address })
        }),
        3 => prop_oneof![
            repeat(REG_NAME, true, 0, 16),
            // Names that look like IPv4 addresses but are not: too many or
            // too few octets, leading zeros, octets above 255.
            (prop::collection::vec(0u16..300, 1..6), any::<bool>()).prop_map(|(octets, zero)| {
                octets
                    .iter()
                    .map(|o| if zero && *o < 10 { format!("0{o}") } else { o.to_string() })
                    .collect::<Vec<_>>()
                    .join(".")
            }),
            select(vec!["example.com", "localhost", "xn--nxasmq6b.example", "a%2Fb", ""])
                .prop_map(String::from),
        ]
        .prop_map(|name| {
            let kind = match ipv4_address(&name) {
                Some(address) => ExpectedHost::Ipv4(address),
                None => ExpectedHost::RegName(name.clone()),
            };
            (name, kind)
        }),
    ]
}

/// `port = *DIGIT`: absent, empty, or a number that fits in 16 bits,
/// sometimes with leading zeros.
pub fn port() -> impl Strategy<Value = Option<String>> + Clone {
    prop_oneof![
        3 => Just(None),
        1 => Just(Some(String::new())),
        3 => (any::<u16>(), 0usize..3).prop_map(|(n, zeros)| Some(format!("{}{n}", "0".repeat(zeros)))),
    ]
}

/// `authority = [ userinfo "@" ] host [ ":" port ]`
pub fn authority() -> impl Strategy<Value = ExpectedAuthority> + Clone {
    (prop::option::weighted(0.3, userinfo()), host(), port()).prop_map(
        |(userinfo, (host, kind), port)| ExpectedAuthority {
            userinfo,
            host,
            kind,
            port,
        },
    )
}

/// `segment = *pchar`
fn segment() -> impl Strategy<Value = String> + Clone {
    prop_oneof![
        8 => repeat(PCHAR, true, 0, 8),
        1 => select(vec![".", ".."]).prop_map(String::from),
    ]
}

/// `segment-nz = 1*pchar`
fn segment_nz() -> impl Strategy<Value = String> + Clone {
    prop_oneof![
        8 => repeat(PCHAR, true, 1, 8),
        1 => select(vec![".", ".."]).prop_map(String::from),
    ]
}

/// `segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )`
fn segment_nz_nc() -> impl Strategy<Value = String> + Clone {
    prop_oneof![
        8 => repeat(PCHAR_NC, true, 1, 8),
        1 => select(vec![".", ".."]).prop_map(String::from),
    ]
}

/// `*( "/" segment )`
fn slash_segments() -> impl Strategy<Value = String> + Clone {
    prop::collection::vec(segment(), 0..5)
        .prop_map(|segments| segments.iter().map(|s| format!("/{s}")).collect())
}

/// `path-abempty = *( "/" segment )`
pub fn path_abempty() -> impl Strategy<Value = String> + Clone {
    slash_segments()
}

/// `path-absolute = "/" [ segment-nz *( "/" segment ) ]`
pub fn path_absolute() -> impl Strategy<Value = String> + Clone {
    prop::option::of((segment_nz(), slash_segments())).prop_map(|rest| match rest {
        Some((first, more)) => format!("/{first}{more}"),
        None => "/".to_owned(),
    })
}

/// `path-noscheme = segment-nz-nc *( "/" segment )`
pub fn path_noscheme() -> impl Strategy<Value = String> + Clone {
    (segment_nz_nc(), slash_segments()).prop_map(|(first, more)| format!("{first}{more}"))
}

/// `path-rootless = segment-nz *( "/" segment )`
pub fn path_rootless() -> impl Strategy<Value = String> + Clone {
    (segment_nz(), slash_segments()).prop_map(|(first, more)| format!("{first}{more}"))
}

/// `query = *( pchar / "/" / "?" )`, also the fragment's rule.
pub fn query() -> impl Strategy<Value = String> + Clone {
    repeat(QUERY, true, 0, 16)
}

/// The path forms allowed after what comes before the path (section 3.3):
/// `path-abempty` after an authority; `path-absolute`, `path-rootless` or
/// `path-empty` after a scheme; `path-absolute`, `path-noscheme` or
/// `path-empty` in a relative reference.
fn path_for(has_scheme: bool, has_authority: bool) -> BoxedStrategy<String> {
    if has_authority {
        path_abempty().boxed()
    } else if has_scheme {
        prop_oneof![path_absolute(), path_rootless(), Just(String::new())].boxed()
    } else {
        prop_oneof![path_absolute(), path_noscheme(), Just(String::new())].boxed()
    }
}

/// A valid URI reference (section 4.1) of any shape, with its components.
pub fn uri_reference() -> impl Strategy<Value = Generated> {
    (
        prop::option::weighted(0.7, scheme()),
        prop::option::weighted(0.6, authority()),
    )
        .prop_flat_map(|(scheme, authority)| {
            let path = path_for(scheme.is_some(), authority.is_some());
            (
                Just(scheme),
                Just(authority),
                path,
                prop::option::weighted(0.4, query()),
                prop::option::weighted(0.3, query()),
            )
        })
        .prop_map(|(scheme, authority, path, query, fragment)| {
            let expected = Expected {
                scheme,
                authority,
                path,
                query,
                fragment,
            };
            Generated {
                text: expected.text(),
                expected,
            }
        })
}

/// Characters that belong to no part of a URI, or only to some parts.
pub const STRAY: &[char] = &[
    ' ',
    '\\',
    '%',
    '[',
    ']',
    '\t',
    '\n',
    '\r',
    '\0',
    '\u{7f}',
    '\u{1b}',
    '"',
    '<',
    '>',
    '^',
    '`',
    '{',
    '|',
    '}',
    '\u{e9}',
    '\u{3b1}',
    '\u{202e}',
    '\u{feff}',
    '\u{1f600}',
    '\u{80}',
];

/// Pieces of URIs: delimiters and the sequences around them.
pub const TOKENS: &[&str] = &[
    "http:",
    "s:",
    "//",
    "://",
    "/",
    "?",
    "#",
    "@",
    ":",
    "::",
    "[",
    "]",
    "[::1]",
    "[v1.x]",
    "%",
    "%4",
    "%41",
    "%zz",
    "%2F",
    "1.2.3.4",
    "255.255.255.255",
    "256.1.1.1",
    ":80",
    ":",
    ":65535",
    ":65536",
    ":99999999999",
    ".",
    "..",
    "./",
    "../",
    "a",
    "user:pass@",
    "=",
    "&",
    "+",
    "v",
    "V",
];

/// An arbitrary string over the URI alphabet, URI tokens and stray
/// characters. Most are invalid; many are valid.
pub fn uri_ish() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        6 => chars_of(UNRESERVED).prop_map(String::from),
        3 => chars_of(SUB_DELIMS).prop_map(String::from),
        4 => chars_of(GEN_DELIMS).prop_map(String::from),
        4 => select(TOKENS).prop_map(String::from),
        2 => select(STRAY).prop_map(String::from),
        1 => any::<char>().prop_map(String::from),
    ];
    prop_oneof![
        3 => prop::collection::vec(piece, 0..24).prop_map(|v| v.concat()),
        2 => (uri_reference(), any::<u64>()).prop_map(|(g, seed)| mutate(&g.text, seed)),
    ]
}

/// A small, fast, seedable generator (SplitMix64), so that loops over many
/// inputs are reproducible without proptest.
#[derive(Clone, Debug)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// Characters that change how a URI parses.
pub const SIGNIFICANT: &[char] = &[
    ':', '/', '?', '#', '[', ']', '@', '%', '.', '!', '$', '&', '\'', '(', ')', '*', '+', ',', ';',
    '=', '-', '_', '~', 'a', 'v', 'F', '0', '1', '9', ' ', '\\', '\u{e9}', '\0',
];

/// `text` with one to three characters inserted, deleted or replaced, at
/// positions and with characters drawn from `seed`.
pub fn mutate(text: &str, seed: u64) -> String {
    let mut rng = SplitMix64(seed);
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..=rng.below(3) {
        let at = rng.below(chars.len() + 1);
        match rng.below(4) {
            0 if at < chars.len() => {
                chars.remove(at);
            }
            1 if at < chars.len() => chars[at] = *rng.pick(SIGNIFICANT),
            2 => {
                let token = rng.pick(TOKENS);
                chars.splice(at..at, token.chars());
            }
            _ => chars.insert(at, *rng.pick(SIGNIFICANT)),
        }
    }
    chars.into_iter().collect()
}
