//! `uri.pest`'s `IPv6address` is the RFC's nine alternatives rewritten so
//! that each piece is read once on the way to `::` (the rule's comment
//! gives the steps, each of which keeps what a PEG matches). This holds
//! the rule to the nine alternatives written out as a PEG, in their order:
//! on every input, both fail, or both match and end at the same byte. What
//! a rule matches is all the rest of a grammar sees of an atomic rule (it
//! records no pairs inside, and pest tracks no attempt inside it for an
//! error), so the two give every grammar built on them the same pairs and
//! the same errors; the last test checks the errors too, in an IP literal.
//! The judge is pest_derive's parser of both rules.

use pest::error::ErrorVariant;
use pest::Parser;

#[derive(pest_derive::Parser)]
#[grammar = "uri.pest"]
#[grammar_inline = r#"
IPv6address_as_written = @{
                                                     (h16 ~ ":"){6} ~ ls32
  |                                           "::" ~ (h16 ~ ":"){5} ~ ls32
  | (                                   h16)? ~ "::" ~ (h16 ~ ":"){4} ~ ls32
  | ((h16 ~ ":" ~ !":"){, 1} ~ h16)? ~ "::" ~ (h16 ~ ":"){3} ~ ls32
  | ((h16 ~ ":" ~ !":"){, 2} ~ h16)? ~ "::" ~ (h16 ~ ":"){2} ~ ls32
  | ((h16 ~ ":" ~ !":"){, 3} ~ h16)? ~ "::" ~  h16 ~ ":"     ~ ls32
  | ((h16 ~ ":" ~ !":"){, 4} ~ h16)? ~ "::" ~                  ls32
  | ((h16 ~ ":" ~ !":"){, 5} ~ h16)? ~ "::" ~                  h16
  | ((h16 ~ ":" ~ !":"){, 6} ~ h16)? ~ "::"
}
IP_literal_as_written = ${ "[" ~ (IPv6address_as_written | IPvFuture) ~ "]" }
whole_literal = { SOI ~ IP_literal ~ EOI }
whole_literal_as_written = { SOI ~ IP_literal_as_written ~ EOI }
"#]
struct Both;

/// Where `rule` ends when it matches at the start of `s`.
fn end(rule: Rule, s: &str) -> Option<usize> {
    Both::parse(rule, s).ok().map(|pairs| pairs.as_str().len())
}

/// Asserts that the two rules agree on `s`, and says whether they match.
fn agree(s: &str) -> bool {
    let written = end(Rule::IPv6address_as_written, s);
    assert_eq!(end(Rule::IPv6address, s), written, "{s:?}");
    written.is_some()
}

/// What addresses are made of: pieces of one to five hex digits, colons,
/// IPv4 addresses and near misses, and a byte that ends a piece.
const TOKENS: [&str; 12] = [
    "0",
    "ab",
    "FFFF",
    "12345",
    ":",
    "::",
    ".",
    "1.2.3.4",
    "255",
    "256.0.0.1",
    "1.2.3",
    "g",
];

/// Every string of at most `max` of `tokens`, the empty one first.
fn token_strings(tokens: &[&str], max: u32) -> Vec<String> {
    let n = tokens.len();
    let mut strings = Vec::new();
    for len in 0..=max {
        for mut index in 0..n.pow(len) {
            let mut s = String::new();
            for _ in 0..len {
                s.push_str(tokens[index % n]);
                index /= n;
            }
            strings.push(s);
        }
    }
    strings
}

/// Every string of at most `max` bytes of `1` and `:`.
fn ones_and_colons(max: u32) -> impl Iterator<Item = String> {
    (0..=max).flat_map(|len| {
        (0..1_u32 << len).map(move |bits| {
            (0..len)
                .map(|i| if bits >> i & 1 == 1 { ':' } else { '1' })
                .collect()
        })
    })
}

/// Every string of up to 18 bytes of `1` and `:`: every count of pieces an
/// address can have and one more (nine one-digit pieces take 17 bytes),
/// with `::`, `:::` and single colons in every place, and a byte after.
/// Which alternative matches, and where, depends on the pieces' count and
/// the colons between them; what a piece is made of is the next test's.
#[test]
fn same_match_on_every_string_of_ones_and_colons() {
    let matched = ones_and_colons(18).filter(|s| agree(s)).count();
    // Most strings match some prefix ("1" alone does not: an address has
    // a "::" or eight pieces).
    assert!(matched > 100_000, "only {matched} strings matched");
}

/// Strings of [`TOKENS`]: every string of up to five of them, then
/// 200,000 random strings of up to 14.
#[test]
fn same_match_on_pieces_colons_and_ipv4_addresses() {
    let strings = token_strings(&TOKENS, 5);
    let mut total = strings.len();
    let mut matched = strings.iter().filter(|s| agree(s)).count();
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for _ in 0..200_000 {
        let len = 1 + next() % 14;
        let s: String = (0..len).map(|_| TOKENS[(next() % 12) as usize]).collect();
        matched += usize::from(agree(&s));
        total += 1;
    }
    assert!(
        matched > total / 10,
        "only {matched} of {total} strings matched"
    );
}

/// The addresses of RFC 4291 section 2.2 and of the RFC's nine forms, each
/// matched whole by both.
#[rstest::rstest]
#[case("ABCD:EF01:2345:6789:ABCD:EF01:2345:6789")]
#[case("2001:DB8:0:0:8:800:200C:417A")]
#[case("2001:DB8::8:800:200C:417A")]
#[case("FF01::101")]
#[case("::1")]
#[case("::")]
#[case("0:0:0:0:0:0:13.1.68.3")]
#[case("::13.1.68.3")]
#[case("::FFFF:129.144.52.38")]
#[case("1:2:3:4:5:6::")]
#[case("1:2:3:4:5:6:7::")]
#[case("1::2:3:4:5:6:7")]
#[case("::2:3:4:5:6:7:8")]
#[case("1:2::1.2.3.4")]
fn addresses_match_whole(#[case] address: &str) {
    assert!(agree(address));
    assert_eq!(end(Rule::IPv6address, address), Some(address.len()));
}

/// An error of pest_derive's parser, with the rules of the RFC's
/// alternatives named as the rewrite's: where it is, and the rules expected
/// and not expected there.
fn error_of(rule: Rule, s: &str) -> Option<String> {
    let error = Both::parse(rule, s).err()?;
    // pest lists the rules in the order of their declaration, which puts
    // the test's own after the grammar's: the names are sorted instead.
    let names = |rules: &[Rule]| {
        let mut names: Vec<String> = rules
            .iter()
            .map(|rule| format!("{rule:?}").replace("_as_written", ""))
            .collect();
        names.sort();
        names
    };
    let ErrorVariant::ParsingError {
        positives,
        negatives,
    } = &error.variant
    else {
        panic!("{s:?}: {error}");
    };
    Some(format!(
        "{:?} expected {:?} unexpected {:?}",
        error.location,
        names(positives),
        names(negatives)
    ))
}

/// In an IP literal, with its "]" and without, the two give the same
/// errors: the same byte, and the same rules expected there. (pest records
/// the furthest byte a token reached only with its error detail on, a
/// switch for the whole test process, so that is not compared here; the
/// crate's errors on IP literals are, in BENCHMARKS.md's section on this
/// rule.)
/// On every string of up to four of [`TOKENS`] and "]",
/// and every string of up to 14 bytes of "1" and ":".
#[test]
fn same_errors_in_an_ip_literal() {
    let mut tokens = TOKENS.to_vec();
    tokens.push("]");
    let mut bodies = token_strings(&tokens, 4);
    bodies.extend(ones_and_colons(14));
    let mut errors = 0;
    for body in &bodies {
        for literal in [format!("[{body}]"), format!("[{body}")] {
            let written = error_of(Rule::whole_literal_as_written, &literal);
            assert_eq!(
                error_of(Rule::whole_literal, &literal),
                written,
                "{literal:?}"
            );
            errors += usize::from(written.is_some());
        }
    }
    assert!(errors > bodies.len(), "only {errors} errors");
}
