//! Generators of IRI references: valid URI references from
//! `generate::uri_reference` with characters above ASCII put where RFC 3987
//! section 2.2 allows them (`ucschar` in userinfo, registered names, paths,
//! queries and fragments; `iprivate` in queries only), the expected
//! components updated to match. Independent of the crate under test.

use proptest::prelude::*;

use super::generate::{uri_reference, Expected, ExpectedHost, Generated, SplitMix64};

/// `ucschar`s: the first and last of several ranges of section 2.2, and
/// characters of a few scripts (cased ones among them). No bidirectional
/// formatting character (section 4.1).
pub const UCSCHAR: &[char] = &[
    '\u{a0}',
    '\u{e9}',
    '\u{fc}',
    '\u{df}',
    '\u{3a3}',
    '\u{3c3}',
    '\u{5d0}',
    '\u{4f8b}',
    '\u{3048}',
    '\u{30d1}',
    '\u{5024}',
    '\u{d7ff}',
    '\u{f900}',
    '\u{fdcf}',
    '\u{fdf0}',
    '\u{ffef}',
    '\u{10000}',
    '\u{10300}',
    '\u{1f600}',
    '\u{1fffd}',
    '\u{20000}',
    '\u{e1000}',
    '\u{efffd}',
];

/// `iprivate`s: the first and last of each range.
pub const IPRIVATE: &[char] = &[
    '\u{e000}',
    '\u{f8ff}',
    '\u{f0000}',
    '\u{ffffd}',
    '\u{100000}',
    '\u{10fffd}',
];

/// `text` with up to three characters of `pool` inserted at character
/// boundaries that do not split a `pct-encoded`, never before `min_at`.
fn sprinkle(text: &str, pool: &[char], min_at: usize, rng: &mut SplitMix64) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..rng.below(4) {
        let allowed: Vec<usize> = (min_at..=chars.len())
            .filter(|&at| !chars[at.saturating_sub(2)..at].contains(&'%'))
            .collect();
        if allowed.is_empty() {
            break;
        }
        let at = allowed[rng.below(allowed.len())];
        chars.insert(at, *rng.pick(pool));
    }
    chars.into_iter().collect()
}

/// `generated` with characters above ASCII put into its components, where
/// the IRI grammar allows them, drawn from `seed`.
pub fn internationalize(generated: Generated, seed: u64) -> Generated {
    let mut rng = SplitMix64(seed);
    let mut expected: Expected = generated.expected;
    if let Some(authority) = &mut expected.authority {
        if let Some(userinfo) = &mut authority.userinfo {
            *userinfo = sprinkle(userinfo, UCSCHAR, 0, &mut rng);
        }
        if let ExpectedHost::RegName(name) = &authority.kind {
            let name = sprinkle(name, UCSCHAR, 0, &mut rng);
            authority.host = name.clone();
            authority.kind = ExpectedHost::RegName(name);
        }
    }
    // Never at the start of the path: an empty path after an authority
    // must stay empty or start with "/".
    expected.path = sprinkle(&expected.path, UCSCHAR, 1, &mut rng);
    if let Some(query) = &mut expected.query {
        let pool: Vec<char> = UCSCHAR.iter().chain(IPRIVATE).copied().collect();
        *query = sprinkle(query, &pool, 0, &mut rng);
    }
    if let Some(fragment) = &mut expected.fragment {
        *fragment = sprinkle(fragment, UCSCHAR, 0, &mut rng);
    }
    Generated {
        text: expected.text(),
        expected,
    }
}

/// A valid IRI reference of any shape, with its components.
pub fn iri_reference() -> impl Strategy<Value = Generated> {
    (uri_reference(), any::<u64>()).prop_map(|(generated, seed)| internationalize(generated, seed))
}

/// Characters that change how an IRI parses, or that it may not hold.
pub const SIGNIFICANT: &[char] = &[
    ':',
    '/',
    '?',
    '#',
    '[',
    ']',
    '@',
    '%',
    '.',
    ' ',
    '\u{e9}',
    '\u{e000}',
    '\u{fffe}',
    '\u{ffff}',
    '\u{9f}',
    '\u{202e}',
    '\u{fdd0}',
    '\u{10ffff}',
    '\u{d7ff}',
    '\u{f900}',
];

/// `text` with one to three characters inserted, deleted or replaced.
pub fn mutate(text: &str, seed: u64) -> String {
    let mut rng = SplitMix64(seed);
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..=rng.below(3) {
        let at = rng.below(chars.len() + 1);
        match rng.below(3) {
            0 if at < chars.len() => {
                chars.remove(at);
            }
            1 if at < chars.len() => chars[at] = *rng.pick(SIGNIFICANT),
            _ => chars.insert(at, *rng.pick(SIGNIFICANT)),
        }
    }
    chars.into_iter().collect()
}

/// The ranges of `ucschar` (RFC 3987 section 2.2), transcribed, for the
/// tests of each range at its first and last code point and just outside.
pub const UCSCHAR_RANGES: [(u32, u32); 17] = [
    (0xA0, 0xD7FF),
    (0xF900, 0xFDCF),
    (0xFDF0, 0xFFEF),
    (0x10000, 0x1FFFD),
    (0x20000, 0x2FFFD),
    (0x30000, 0x3FFFD),
    (0x40000, 0x4FFFD),
    (0x50000, 0x5FFFD),
    (0x60000, 0x6FFFD),
    (0x70000, 0x7FFFD),
    (0x80000, 0x8FFFD),
    (0x90000, 0x9FFFD),
    (0xA0000, 0xAFFFD),
    (0xB0000, 0xBFFFD),
    (0xC0000, 0xCFFFD),
    (0xD0000, 0xDFFFD),
    (0xE1000, 0xEFFFD),
];

/// The ranges of `iprivate` (section 2.2), transcribed.
pub const IPRIVATE_RANGES: [(u32, u32); 3] =
    [(0xE000, 0xF8FF), (0xF0000, 0xFFFFD), (0x100000, 0x10FFFD)];

/// Whether code point `c` is in one of `ranges`.
pub fn in_ranges(c: u32, ranges: &[(u32, u32)]) -> bool {
    ranges.iter().any(|&(a, b)| (a..=b).contains(&c))
}
