//! Whether a grammar's `IPv4address` and `IPv6address` rules match only
//! text that the library's readers of IP addresses take (its `ip.rs`: four
//! decimal octets; up to eight 16-bit pieces with at most one `::`, an
//! IPv4 address in place of the last two), proven from the rules: where
//! it holds, a parse need not read the address to check it.
//!
//! Each reader is written here as a state machine ([`Machine`]) that makes
//! the same decisions as the library's function, byte for byte (the tests
//! hold both to `core::net`'s parsers, as the library's tests hold its
//! readers). The proof runs the machine over every string the rule's
//! expression can match ([`after`]): a class takes each of its bytes, a
//! choice each alternative, a repetition until no new state comes, a call
//! its rule's expression. Lookaheads are left out, which can only add
//! strings that the parse would not match. The proof holds when no string
//! takes the machine to a byte it rejects, and every string ends in a
//! state it accepts. Anything it cannot follow (a character above ASCII, a
//! rule calling itself, too many states) is no proof, and the lowering
//! then reads the address at each parse.

use std::collections::{BTreeSet, HashMap};

use crate::ir::{Ir, IrRule};

/// At most this many states after any step: beyond, no proof.
const MAX_STATES: usize = 100_000;

/// At most this deep through rules.
const MAX_DEPTH: usize = 16;

/// A reader, as a state machine over bytes.
trait Machine {
    type State: Clone + Ord;
    fn start() -> Self::State;
    /// The state after `byte`; `None` where the reader rejects the text
    /// whatever follows.
    fn step(state: &Self::State, byte: u8) -> Option<Self::State>;
    /// Whether the reader takes the text read so far as it is.
    fn accepts(state: &Self::State) -> bool;
}

/// A `dec-octet` read so far, as `ip.rs`'s `dec_octet` reads one: its
/// digits' count, and its value where that decides which digits may follow
/// (3 for any of 3 to 9, 10 for any of 10 to 24, 26 for any of 26 to 99,
/// 100 for any valid three digits), so that the proof's states stay few.
/// A prefix that no digit makes valid (a leading `0` with more, a value
/// above 255, a fourth digit) is none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Octet {
    len: u8,
    value: u16,
}

impl Octet {
    const NONE: Octet = Octet { len: 0, value: 0 };

    /// With one more digit; `None` where no text going on from there is
    /// a `dec-octet`.
    fn push(self, digit: u8) -> Option<Octet> {
        if !digit.is_ascii_digit() {
            return None;
        }
        let value = match (self.len, self.value * 10 + u16::from(digit - b'0')) {
            (0, 3..=9) => 3,
            (0, value) => value,
            (1, _) if self.value == 0 => return None,
            (1, 10..=24) => 10,
            (1, 25) => 25,
            (1, _) => 26,
            (2, value) if value <= 255 => 100,
            _ => return None,
        };
        Some(Octet {
            len: self.len + 1,
            value,
        })
    }

    /// One to three digits: every prefix [`push`](Self::push) keeps is a
    /// `dec-octet` as it is.
    fn valid(self) -> bool {
        self.len > 0
    }
}

/// `ip::ipv4`: four `dec-octet`s, joined by `.`.
struct Ipv4;

/// The octet being read (0 to 3), and what of it is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct V4 {
    index: u8,
    octet: Octet,
}

impl Machine for Ipv4 {
    type State = V4;

    fn start() -> V4 {
        V4 {
            index: 0,
            octet: Octet::NONE,
        }
    }

    fn step(state: &V4, byte: u8) -> Option<V4> {
        if byte == b'.' {
            return (state.index < 3 && state.octet.valid()).then_some(V4 {
                index: state.index + 1,
                octet: Octet::NONE,
            });
        }
        Some(V4 {
            octet: state.octet.push(byte)?,
            ..*state
        })
    }

    fn accepts(state: &V4) -> bool {
        state.index == 3 && state.octet.valid()
    }
}

/// `ip::ipv6`.
struct Ipv6;

/// Where `ip::ipv6` is in a text: `count` is the pieces read before,
/// `gap` whether a `::` was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum V6 {
    Start,
    /// A `:` at the start, which only `::` may begin.
    StartColon,
    /// In a piece: `digits` hexadecimal digits of it (1 to 4), and the
    /// `dec-octet` they make where they are decimal digits, which a `.`
    /// turns into the first octet of an IPv4 address.
    Piece {
        count: u8,
        gap: bool,
        digits: u8,
        octet: Option<Octet>,
    },
    /// Right after the `:` that ends a piece.
    Colon {
        count: u8,
        gap: bool,
    },
    /// Right after `::`.
    Gap {
        count: u8,
    },
    /// In the IPv4 address that takes the place of the last two pieces.
    Ipv4 {
        count: u8,
        gap: bool,
        v4: V4,
    },
}

impl V6 {
    /// The first digit of a piece.
    fn piece(count: u8, gap: bool, byte: u8) -> Option<V6> {
        byte.is_ascii_hexdigit().then(|| V6::Piece {
            count,
            gap,
            digits: 1,
            octet: Octet::NONE.push(byte),
        })
    }
}

impl Machine for Ipv6 {
    type State = V6;

    fn start() -> V6 {
        V6::Start
    }

    fn step(state: &V6, byte: u8) -> Option<V6> {
        match *state {
            V6::Start if byte == b':' => Some(V6::StartColon),
            V6::Start => V6::piece(0, false, byte),
            V6::StartColon => (byte == b':').then_some(V6::Gap { count: 0 }),
            V6::Piece {
                count,
                gap,
                digits,
                octet,
            } => match byte {
                b'.' => {
                    let first = octet.filter(|octet| octet.valid() && count <= 6)?;
                    let v4 = Ipv4::step(
                        &V4 {
                            index: 0,
                            octet: first,
                        },
                        b'.',
                    )?;
                    Some(V6::Ipv4 { count, gap, v4 })
                }
                // The piece is stored at index `count`, of eight.
                b':' => (count < 8).then_some(V6::Colon {
                    count: count + 1,
                    gap,
                }),
                _ if byte.is_ascii_hexdigit() && digits < 4 => Some(V6::Piece {
                    count,
                    gap,
                    digits: digits + 1,
                    octet: octet.and_then(|octet| octet.push(byte)),
                }),
                _ => None,
            },
            V6::Colon { count, gap } if byte == b':' => (!gap).then_some(V6::Gap { count }),
            V6::Colon { count, gap } => V6::piece(count, gap, byte),
            V6::Gap { count } => V6::piece(count, true, byte),
            V6::Ipv4 { count, gap, v4 } => Some(V6::Ipv4 {
                count,
                gap,
                v4: Ipv4::step(&v4, byte)?,
            }),
        }
    }

    fn accepts(state: &V6) -> bool {
        // Eight pieces without `::`; at most seven with it, which stands
        // for one or more.
        let complete = |count: u8, gap: bool| if gap { count <= 7 } else { count == 8 };
        match *state {
            V6::Start | V6::StartColon | V6::Colon { .. } => false,
            V6::Piece { count, gap, .. } => count < 8 && complete(count + 1, gap),
            V6::Gap { count } => complete(count, true),
            V6::Ipv4 { count, gap, v4 } => Ipv4::accepts(&v4) && complete(count + 2, gap),
        }
    }
}

/// The states `M` can be in after each string `e` matches from a state of
/// `states`; `None` where one of those strings takes it to a byte it
/// rejects, or where the expression cannot be followed.
fn after<M: Machine>(
    rules: &HashMap<String, IrRule>,
    e: &Ir,
    states: BTreeSet<M::State>,
    depth: usize,
) -> Option<BTreeSet<M::State>> {
    let bytes = |states: &BTreeSet<M::State>, each: &[u8]| -> Option<BTreeSet<M::State>> {
        let mut out = BTreeSet::new();
        for state in states {
            for &byte in each {
                out.insert(M::step(state, byte)?);
            }
        }
        (out.len() <= MAX_STATES).then_some(out)
    };
    match e {
        // A lookahead consumes nothing, and only narrows what matches.
        Ir::Empty | Ir::Soi | Ir::Pos(_) | Ir::Neg(_) => Some(states),
        Ir::Call(name) if name == "EOI" => Some(states),
        Ir::Class(class) if class.is_ascii() => {
            let members: Vec<u8> = class.ascii_bytes().bytes().collect();
            bytes(&states, &members)
        }
        Ir::Str(text) => text
            .bytes()
            .try_fold(states, |states, byte| bytes(&states, &[byte])),
        Ir::Insens(text) => text.bytes().try_fold(states, |states, byte| {
            bytes(
                &states,
                &[byte.to_ascii_lowercase(), byte.to_ascii_uppercase()],
            )
        }),
        Ir::Call(name) if depth > 0 => after::<M>(rules, &rules.get(name)?.expr, states, depth - 1),
        Ir::Seq(items) => items.iter().try_fold(states, |states, item| {
            after::<M>(rules, item, states, depth)
        }),
        Ir::Choice(items) => {
            let mut out = BTreeSet::new();
            for item in items {
                out.extend(after::<M>(rules, item, states.clone(), depth)?);
            }
            (out.len() <= MAX_STATES).then_some(out)
        }
        Ir::Opt(inner) => {
            let mut out = after::<M>(rules, inner, states.clone(), depth)?;
            out.extend(states);
            Some(out)
        }
        Ir::Rep(inner) => {
            // To a fixpoint: the states only grow, and there are finitely
            // many of them.
            let mut all = states.clone();
            let mut new = states;
            while !new.is_empty() {
                let next = after::<M>(rules, inner, new, depth)?;
                new = next.difference(&all).cloned().collect();
                all.extend(new.iter().cloned());
                if all.len() > MAX_STATES {
                    return None;
                }
            }
            Some(all)
        }
        _ => None,
    }
}

/// Whether every match of the rule `name` is text that `M` accepts.
fn read_by<M: Machine>(rules: &HashMap<String, IrRule>, name: &str) -> bool {
    let Some(rule) = rules.get(name) else {
        // A grammar without the rule fills no slot with it.
        return true;
    };
    after::<M>(rules, &rule.expr, BTreeSet::from([M::start()]), MAX_DEPTH)
        .is_some_and(|states| states.iter().all(M::accepts))
}

/// Whether every match of the grammar's `IPv4address` and of its
/// `IPv6address` is an address that the library's readers take (the same
/// names in RFC 3986 and RFC 3987): the generated grammar's
/// `IP_ADDRESSES_READ`.
pub(crate) fn ip_addresses_read(rules: &HashMap<String, IrRule>) -> bool {
    read_by::<Ipv4>(rules, "IPv4address") && read_by::<Ipv6>(rules, "IPv6address")
}

#[cfg(test)]
mod tests {
    use super::{Ipv4, Ipv6, Machine};
    use std::net::{Ipv4Addr, Ipv6Addr};

    /// Whether `M` accepts all of `text`.
    fn reads<M: Machine>(text: &str) -> bool {
        text.bytes()
            .try_fold(M::start(), |state, byte| M::step(&state, byte))
            .is_some_and(|state| M::accepts(&state))
    }

    /// The machines decide as `core::net`'s parsers, which the library's
    /// readers are tested to agree with, on every form of address and on
    /// random strings over the bytes of addresses.
    #[test]
    fn the_machines_read_as_core_reads() {
        let mut texts: Vec<String> = [
            "::",
            "::1",
            "1::",
            "1::2",
            "1:2:3:4:5:6:7:8",
            "1:2:3:4:5:6:1.2.3.4",
            "::1.2.3.4",
            "::ffff:192.0.2.1",
            "1::2:3:4:5:6:7",
            "1:2:3:4:5:6:7::",
            "1:2::7:8",
            "abcd:EF01::",
            "1:2:3:4:5:6:7:8:9",
            "1:::2",
            "1::2::3",
            "12345::",
            ":1::",
            "1::2:",
            "1:2:3:4:5:6:7",
            "::1.2.3",
            "::1.2.3.256",
            "::01.2.3.4",
            "1.2.3.4",
            "",
            ":",
            "1:2:3:4:5:6:7:1.2.3.4",
            "::1:2:3:4:5:6:7",
            "::1:2:3:4:5:6:7:8",
            "g::",
            "::1.2.3.4:5",
            "1234.1.1.1",
            "::a.1.1.1",
            "0.0.0.0",
            "255.255.255.255",
            "256.0.0.0",
            "01.0.0.0",
            "1.2.3",
            "1.2.3.4.5",
            "1..2.3",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        for i in 0..8 {
            for j in 0..8 - i {
                let head: Vec<String> = (0..i).map(|k| format!("{:x}", k * 4099)).collect();
                let tail: Vec<String> = (0..j).map(|k| format!("{:X}", k + 0xff0)).collect();
                texts.push(format!("{}::{}", head.join(":"), tail.join(":")));
            }
        }
        let alphabet = b"0123456789abcdefABCDEF:.::..";
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..200_000 {
            let len = (next() % 24) as usize;
            texts.push(
                (0..len)
                    .map(|_| char::from(alphabet[(next() % alphabet.len() as u64) as usize]))
                    .collect(),
            );
        }
        for text in &texts {
            assert_eq!(
                reads::<Ipv6>(text),
                text.parse::<Ipv6Addr>().is_ok(),
                "{text}"
            );
            assert_eq!(
                reads::<Ipv4>(text),
                text.parse::<Ipv4Addr>().is_ok(),
                "{text}"
            );
        }
    }
}
