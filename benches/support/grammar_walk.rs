//! A second corpus of valid URI references, generated another way than
//! [`corpus`](super::corpus): by walking RFC 3986's ABNF (Appendix A) with
//! random choices, character by character, rather than by assembling
//! realistic words. A figure measured on the first corpus holds when it
//! holds here too.
//!
//! What differs from the first corpus, by design:
//!
//! - every character a rule allows can appear where it allows it
//!   (sub-delims, `:` and `@` in segments, `/` and `?` in queries,
//!   percent-encoded octets of any value), not only the letters of words;
//! - more relative references (40 of 100, in all four forms of
//!   `relative-part`, and the empty reference), where the first corpus has
//!   13;
//! - more IP literals (20 of 100 hosts: IPv4, IPv6 in each of the nine
//!   forms of section 3.2.2, with and without an IPv4 tail, and IPvFuture);
//! - longer queries (half of the references have one, of 0 to 160 bytes)
//!   and fragments;
//! - a different generator (splitmix64) and seed.
//!
//! Every reference is valid by construction; the benchmarks assert that
//! each parser accepts each.

/// splitmix64 (Steele, Lea and Flood): not the first corpus's xorshift.
pub struct SplitMix(u64);

impl SplitMix {
    pub fn new(seed: u64) -> SplitMix {
        SplitMix(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// True with probability `percent` / 100.
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    fn byte_of(&mut self, set: &[u8]) -> u8 {
        set[self.below(set.len())]
    }
}

const ALPHA: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const HEXDIG: &[u8] = b"0123456789abcdefABCDEF";
/// `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"`
const UNRESERVED: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~";
/// `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="`
const SUB_DELIMS: &[u8] = b"!$&'()*+,;=";

/// `pct-encoded = "%" HEXDIG HEXDIG`
fn pct_encoded(rng: &mut SplitMix, out: &mut String) {
    out.push('%');
    out.push(char::from(rng.byte_of(HEXDIG)));
    out.push(char::from(rng.byte_of(HEXDIG)));
}

/// One character (or triplet) of `unreserved / pct-encoded / sub-delims`
/// and of `extra`, with unreserved ones the most frequent, as in text.
fn char_of(rng: &mut SplitMix, extra: &[u8], out: &mut String) {
    match rng.below(20) {
        0 => pct_encoded(rng, out),
        1 | 2 => out.push(char::from(rng.byte_of(SUB_DELIMS))),
        3 if !extra.is_empty() => out.push(char::from(rng.byte_of(extra))),
        _ => out.push(char::from(rng.byte_of(UNRESERVED))),
    }
}

/// `n` characters of `char_of(extra)`.
fn chars(rng: &mut SplitMix, n: usize, extra: &[u8], out: &mut String) {
    for _ in 0..n {
        char_of(rng, extra, out);
    }
}

/// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`
fn scheme(rng: &mut SplitMix, out: &mut String) {
    out.push(char::from(rng.byte_of(ALPHA)));
    for _ in 0..rng.below(8) {
        out.push(char::from(
            rng.byte_of(b"abcdefghijklmnopqrstuvwxyz0123456789+-."),
        ));
    }
}

/// `dec-octet`, each of its five forms.
fn dec_octet(rng: &mut SplitMix, out: &mut String) {
    let n = match rng.below(5) {
        0 => rng.below(10),
        1 => 10 + rng.below(90),
        2 => 100 + rng.below(100),
        3 => 200 + rng.below(50),
        _ => 250 + rng.below(6),
    };
    out.push_str(&n.to_string());
}

/// `IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet`
fn ipv4(rng: &mut SplitMix, out: &mut String) {
    for i in 0..4 {
        if i > 0 {
            out.push('.');
        }
        dec_octet(rng, out);
    }
}

/// `h16 = 1*4HEXDIG`
fn h16(rng: &mut SplitMix, out: &mut String) {
    for _ in 0..1 + rng.below(4) {
        out.push(char::from(rng.byte_of(HEXDIG)));
    }
}

/// `IPv6address`: one of its nine forms, chosen at random, with `ls32` an
/// IPv4 address a third of the time.
fn ipv6(rng: &mut SplitMix, out: &mut String) {
    // Form k (0 to 8) of the ABNF: k = 0 has no "::"; form k >= 1 has at
    // most k - 1 pieces before the "::" and 7 - k after it (then ls32),
    // and forms 7 and 8 end after the "::" with one h16 or nothing.
    let form = rng.below(9);
    let ls32 = |rng: &mut SplitMix, out: &mut String| {
        if rng.chance(33) {
            ipv4(rng, out);
        } else {
            h16(rng, out);
            out.push(':');
            h16(rng, out);
        }
    };
    if form == 0 {
        for _ in 0..6 {
            h16(rng, out);
            out.push(':');
        }
        ls32(rng, out);
        return;
    }
    let before = rng.below(form);
    for i in 0..before {
        if i > 0 {
            out.push(':');
        }
        h16(rng, out);
    }
    out.push_str("::");
    match form {
        1..=6 => {
            for _ in 0..6 - form {
                h16(rng, out);
                out.push(':');
            }
            ls32(rng, out);
        }
        7 => h16(rng, out),
        _ => {}
    }
}

/// `host = IP-literal / IPv4address / reg-name`, 20 in 100 of them an IP
/// literal.
fn host(rng: &mut SplitMix, out: &mut String) {
    match rng.below(100) {
        0..=9 => {
            out.push('[');
            ipv6(rng, out);
            out.push(']');
        }
        10..=11 => {
            // IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
            out.push_str("[v");
            h16(rng, out);
            out.push('.');
            let n = 1 + rng.below(12);
            for _ in 0..n {
                match rng.below(10) {
                    0 => out.push(':'),
                    1 => out.push(char::from(rng.byte_of(SUB_DELIMS))),
                    _ => out.push(char::from(rng.byte_of(UNRESERVED))),
                }
            }
            out.push(']');
        }
        12..=19 => ipv4(rng, out),
        20..=22 => {}
        _ => {
            let n = 1 + rng.below(30);
            chars(rng, n, b"", out);
        }
    }
}

/// `authority = [ userinfo "@" ] host [ ":" port ]`
fn authority(rng: &mut SplitMix, out: &mut String) {
    if rng.chance(15) {
        let n = rng.below(16);
        chars(rng, n, b":", out);
        out.push('@');
    }
    host(rng, out);
    // `port = *DIGIT`, empty or a number below 65536 (this crate rejects a
    // larger one, fluent-uri accepts it), sometimes with leading zeros.
    if rng.chance(20) {
        out.push(':');
        match rng.below(4) {
            0 => {}
            1 => out.push_str(&format!("{:05}", rng.below(65_536))),
            _ => out.push_str(&rng.below(65_536).to_string()),
        }
    }
}

/// `segment = *pchar` (`pchar` has `:` and `@` beside `char_of`'s).
fn segment(rng: &mut SplitMix, min: usize, colon: bool, out: &mut String) {
    let extra: &[u8] = if colon { b":@" } else { b"@" };
    let n = min + rng.below(14);
    chars(rng, n, extra, out);
}

/// `*( "/" segment )`, with up to `max` segments.
fn slash_segments(rng: &mut SplitMix, max: usize, out: &mut String) {
    for _ in 0..rng.below(max + 1) {
        out.push('/');
        segment(rng, 0, true, out);
    }
}

/// `query` or `fragment` = `*( pchar / "/" / "?" )`, up to `max` bytes of
/// characters (a triplet counts one).
fn query(rng: &mut SplitMix, max: usize, out: &mut String) {
    let n = rng.below(max + 1);
    chars(rng, n, b":@/?", out);
}

/// `[ "?" query ] [ "#" fragment ]`
fn tail(rng: &mut SplitMix, out: &mut String) {
    if rng.chance(50) {
        out.push('?');
        query(rng, 160, out);
    }
    if rng.chance(25) {
        out.push('#');
        query(rng, 40, out);
    }
}

/// A URI reference: 60 in 100 a `URI` (`hier-part` in its four forms),
/// 40 a `relative-ref` (`relative-part` in its four forms).
fn reference(rng: &mut SplitMix) -> String {
    let mut out = String::new();
    let relative = rng.chance(40);
    if !relative {
        scheme(rng, &mut out);
        out.push(':');
    }
    match rng.below(10) {
        // "//" authority path-abempty
        0..=5 => {
            out.push_str("//");
            authority(rng, &mut out);
            slash_segments(rng, 6, &mut out);
        }
        // path-absolute = "/" [ segment-nz *( "/" segment ) ]
        6 | 7 => {
            out.push('/');
            if rng.chance(80) {
                segment(rng, 1, true, &mut out);
                slash_segments(rng, 5, &mut out);
            }
        }
        // path-rootless, or (relative) path-noscheme, whose first segment
        // has no ":"
        8 => {
            segment(rng, 1, !relative, &mut out);
            slash_segments(rng, 5, &mut out);
        }
        // path-empty
        _ => {}
    }
    tail(rng, &mut out);
    out
}

/// `count` references from `seed`.
pub fn corpus(seed: u64, count: usize) -> Vec<String> {
    let mut rng = SplitMix::new(seed);
    (0..count).map(|_| reference(&mut rng)).collect()
}

/// The second corpus the benchmarks use: 10,000 references.
pub fn second() -> Vec<String> {
    corpus(0x3987_6570, 10_000)
}
