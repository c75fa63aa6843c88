//! A deterministic corpus of valid URI references with a realistic mix, for
//! benchmarks: the same seed gives the same corpus on every machine.
//!
//! Out of every 100 references, about: 50 http/https URLs (1 to 4 host
//! labels, some ports, 0 to 6 path segments, half with a query of several
//! `key=value` pairs, some fragments, some percent-encoding); 5 with
//! userinfo; 6 with IPv4 hosts; 6 with IPv6 literals (full, compressed and
//! IPv4-suffixed); 1 IPvFuture; 6 `mailto:`; 6 `urn:`; 5 `file:///`;
//! 2 other schemes; 13 relative references of every form.

/// xorshift64: small, fast, and the same everywhere.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.max(1))
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// True with probability `percent` / 100.
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    pub fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

pub const WORDS: &[&str] = &[
    "api",
    "v1",
    "v2",
    "users",
    "items",
    "search",
    "index.html",
    "docs",
    "static",
    "img",
    "logo.png",
    "about",
    "blog",
    "2024",
    "posts",
    "hello-world",
    "assets",
    "app.js",
    "style.css",
    "products",
    "category",
    "shoes",
    "en-US",
    "account",
    "settings",
    "download",
    "release",
    "notes.txt",
    "a",
    "b",
    "data.json",
    "~user",
    "page_2",
    "view",
    "edit",
    "id",
];

pub const LABELS: &[&str] = &[
    "www", "example", "api", "cdn", "mail", "shop", "static", "news", "blog", "docs", "eu",
    "service", "internal", "my-site", "test",
];

const TLDS: &[&str] = &["com", "org", "net", "io", "de", "co.uk", "example"];

const KEYS: &[&str] = &[
    "q",
    "page",
    "sort",
    "id",
    "lang",
    "ref",
    "utm_source",
    "filter",
    "limit",
];

const VALUES: &[&str] = &[
    "1",
    "20",
    "asc",
    "desc",
    "en",
    "rust",
    "hello%20world",
    "a%2Fb",
    "caf%C3%A9",
    "true",
    "newsletter",
    "x-y_z",
];

pub fn host(rng: &mut Rng) -> String {
    let labels = 1 + rng.below(4);
    let mut host: Vec<&str> = (0..labels - 1).map(|_| rng.pick(LABELS)).collect();
    host.push(if labels == 1 {
        rng.pick(LABELS)
    } else {
        rng.pick(TLDS)
    });
    host.join(".")
}

pub fn path(rng: &mut Rng, max_segments: usize) -> String {
    let segments = rng.below(max_segments + 1);
    let mut path = String::new();
    for _ in 0..segments {
        path.push('/');
        if rng.chance(5) {
            path.push_str("%E2%82%AC");
        }
        path.push_str(rng.pick(WORDS));
    }
    if segments > 0 && rng.chance(15) {
        path.push('/');
    }
    path
}

fn query(rng: &mut Rng) -> String {
    let pairs = 1 + rng.below(4);
    (0..pairs)
        .map(|_| format!("{}={}", rng.pick(KEYS), rng.pick(VALUES)))
        .collect::<Vec<_>>()
        .join("&")
}

fn query_and_fragment(rng: &mut Rng, out: &mut String) {
    if rng.chance(50) {
        out.push('?');
        out.push_str(&query(rng));
    }
    if rng.chance(15) {
        out.push('#');
        out.push_str(rng.pick(&["top", "section-2", "comments", "L10-L20", ""]));
    }
}

pub fn port(rng: &mut Rng, out: &mut String) {
    if rng.chance(15) {
        out.push(':');
        out.push_str(rng.pick(&["80", "443", "8080", "3000", "8443"]));
    }
}

fn hex16(rng: &mut Rng) -> String {
    format!("{:x}", rng.next() as u16)
}

pub fn ipv6(rng: &mut Rng) -> String {
    match rng.below(3) {
        // Full: eight groups.
        0 => (0..8).map(|_| hex16(rng)).collect::<Vec<_>>().join(":"),
        // Compressed: a run of zero groups as "::".
        1 => {
            let head = rng.below(4);
            let tail = 1 + rng.below(3);
            let head: Vec<String> = (0..head).map(|_| hex16(rng)).collect();
            let tail: Vec<String> = (0..tail).map(|_| hex16(rng)).collect();
            format!("{}::{}", head.join(":"), tail.join(":"))
        }
        // IPv4-suffixed.
        _ => format!("::ffff:{}", ipv4(rng)),
    }
}

pub fn ipv4(rng: &mut Rng) -> String {
    let octet = |rng: &mut Rng| rng.below(256).to_string();
    format!(
        "{}.{}.{}.{}",
        octet(rng),
        octet(rng),
        octet(rng),
        octet(rng)
    )
}

/// One reference, of the kind `slot` (0..100) selects.
fn reference(rng: &mut Rng, slot: usize) -> String {
    let mut out = String::new();
    match slot {
        // http and https URLs.
        0..=49 => {
            out.push_str(if rng.chance(60) {
                "https://"
            } else {
                "http://"
            });
            out.push_str(&host(rng));
            port(rng, &mut out);
            out.push_str(&path(rng, 6));
            query_and_fragment(rng, &mut out);
        }
        // With userinfo.
        50..=54 => {
            out.push_str(rng.pick(&["http://", "https://", "ftp://"]));
            out.push_str(rng.pick(&["user", "admin:secret", "anonymous", "me%40home:pw"]));
            out.push('@');
            out.push_str(&host(rng));
            port(rng, &mut out);
            out.push_str(&path(rng, 4));
        }
        // IPv4 hosts.
        55..=60 => {
            out.push_str("http://");
            out.push_str(&ipv4(rng));
            port(rng, &mut out);
            out.push_str(&path(rng, 3));
            query_and_fragment(rng, &mut out);
        }
        // IPv6 literals.
        61..=66 => {
            out.push_str(rng.pick(&["http://", "https://", "ldap://"]));
            out.push('[');
            out.push_str(&ipv6(rng));
            out.push(']');
            port(rng, &mut out);
            out.push_str(&path(rng, 3));
        }
        // IPvFuture.
        67 => {
            out.push_str("http://[v1.fe80::a+en1]");
            out.push_str(&path(rng, 2));
        }
        // mailto.
        68..=73 => {
            out.push_str("mailto:");
            out.push_str(rng.pick(&["john.doe", "info", "support", "a.b-c"]));
            out.push('@');
            out.push_str(&host(rng));
            if rng.chance(30) {
                out.push_str("?subject=Hello%20there&body=Hi");
            }
        }
        // urn.
        74..=79 => {
            out.push_str(rng.pick(&[
                "urn:isbn:0451450523",
                "urn:ietf:rfc:3986",
                "urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66",
                "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
                "urn:example:animal:ferret:nose",
            ]));
        }
        // file.
        80..=84 => {
            out.push_str("file://");
            out.push_str(&path(rng, 5));
            if out.len() == "file://".len() {
                out.push('/');
            }
        }
        // Other schemes.
        85..=86 => {
            out.push_str(rng.pick(&["ws://", "wss://", "ftp://", "git+ssh://"]));
            out.push_str(&host(rng));
            out.push_str(&path(rng, 3));
        }
        // Relative references of every form.
        _ => match rng.below(7) {
            0 => {
                out.push_str("//");
                out.push_str(&host(rng));
                out.push_str(&path(rng, 3));
            }
            1 => {
                out.push_str(&path(rng, 4));
                if out.is_empty() {
                    out.push('/');
                }
                query_and_fragment(rng, &mut out);
            }
            2 => {
                out.push_str(rng.pick(&["../", "./", "../../", ""]));
                out.push_str(rng.pick(WORDS));
                out.push_str(&path(rng, 2));
            }
            3 => {
                out.push('?');
                out.push_str(&query(rng));
            }
            4 => {
                out.push('#');
                out.push_str(rng.pick(&["top", "section-2", "L10"]));
            }
            5 => {
                out.push_str("./");
                out.push_str(rng.pick(&["a:b", "this:that", "x"]));
            }
            _ => {
                out.push_str(rng.pick(WORDS));
                out.push_str(&path(rng, 2));
                query_and_fragment(rng, &mut out);
            }
        },
    }
    out
}

/// `count` references from `seed`.
pub fn corpus(seed: u64, count: usize) -> Vec<String> {
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|_| {
            let slot = rng.below(100);
            reference(&mut rng, slot)
        })
        .collect()
}

/// The corpus every benchmark uses.
pub fn standard() -> Vec<String> {
    corpus(3986, 10_000)
}

/// Words of the corpus and a non-ASCII counterpart of each (characters of
/// `ucschar`), for [`iri_corpus`]. Each word occurs only in registered
/// names, paths, queries and fragments, where RFC 3987 allows those
/// characters; none is part of a scheme, an IP literal or a port.
const INTERNATIONAL: &[(&str, &str)] = &[
    ("example", "例え"),
    ("shop", "магазин"),
    ("news", "nachrichten-ü"),
    ("users", "użytkownicy"),
    ("search", "検索"),
    ("about", "über"),
    ("posts", "投稿"),
    ("hello-world", "héllo-wörld"),
    ("products", "produits-é"),
    ("settings", "설정"),
    ("rust", "ラスト"),
    ("newsletter", "رسالة"),
];

/// The standard corpus with words replaced by non-ASCII counterparts,
/// wherever they stand: a corpus of IRI references, most of which have
/// characters above ASCII (`Iri::parse` and the peers' IRI parsers).
pub fn iri_corpus() -> Vec<String> {
    standard().iter().map(|r| internationalized(r)).collect()
}

/// `reference` with each word of [`INTERNATIONAL`] replaced by its
/// counterpart above ASCII.
pub fn internationalized(reference: &str) -> String {
    let mut out = reference.to_string();
    for (word, international) in INTERNATIONAL {
        out = out.replace(word, international);
    }
    out
}

/// The policy of the `checks` bench group and of `profile_parse`'s
/// `rfc3986-policy`: what a service that takes links of its own domains
/// would allow.
pub fn checks_policy() -> rfc3986::Policy {
    rfc3986::Policy::new()
        .with_schemes(["http", "https"])
        .with_host_suffixes(["example.com", "example.org"])
        .with_ports([80, 443, 8080])
        .forbid_password()
        .with_max_length(2048)
}

/// Characters that no part of a URI may hold.
const STRAY: [char; 8] = [' ', '<', '>', '"', '\\', '^', '`', '|'];

/// The standard corpus with one character of each reference replaced by
/// one that no URI may hold: every parser rejects each.
pub fn rejected() -> Vec<String> {
    standard()
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let mut chars: Vec<char> = s.chars().collect();
            let at = (i * 7919) % chars.len().max(1);
            let stray = STRAY[i % STRAY.len()];
            match chars.get_mut(at) {
                Some(c) => *c = stray,
                None => chars.push(stray),
            }
            chars.into_iter().collect()
        })
        .collect()
}

/// Strings a program meets where it expects a URI and that RFC 3986
/// rejects, of the kinds found in documentation and configuration: prose
/// with spaces around a link, links in angle brackets, regular expressions,
/// Rust paths and types, Windows paths, template placeholders, quoted and
/// Markdown-formatted links. `count` of them from `seed`, each different
/// from the others only in its words.
pub fn real_world_invalid(seed: u64, count: usize) -> Vec<String> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let w = rng.pick(WORDS);
        let v = rng.pick(WORDS);
        let host = host(&mut rng);
        let path = path(&mut rng, 3);
        let s = match rng.below(16) {
            0 => format!("see https://{host}{path} for {w}"),
            1 => format!("<https://{host}{path}>"),
            2 => format!("https://{host}/{w} {v}.html"),
            3 => format!("^https?://{host}/{w}/(\\d+)$"),
            4 => format!("[a-z0-9_]+@{host}"),
            5 => format!("{w}::{v}::<Vec<u8>>"),
            6 => format!("<T as {w}::{v}>::new"),
            7 => format!("&'static {w}"),
            8 => format!("fn({w}: &str) -> Result<{v}, Error>"),
            9 => format!("C:\\Users\\{w}\\{v}.txt"),
            10 => format!("https://{host}/{{{w}}}/{{{v}_id}}"),
            11 => format!("\"https://{host}{path}\""),
            12 => format!("[{w}](https://{host}{path})"),
            13 => format!("`{w}.{v}()`"),
            14 => format!("{w} {v}"),
            _ => format!("https://{host}{path}?q={w}|{v}"),
        };
        out.push(s);
    }
    out
}
