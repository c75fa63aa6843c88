//! The compile-time proof that a grammar's entry rule tiles its input
//! ([`tiles`]): read from the layouts of its generated parser, so that a
//! parse of such a grammar need not check the shape of its tree.
//!
//! Imports: [`slots`](super::slots) (which RFC rule fills which slot),
//! `grammar` and `compiled::runtime` (the layouts).

use super::slots::{Slot, SLOT_OF};
use crate::compiled::runtime::{CompiledGrammar, Layouts, Step};
use crate::grammar::{RfcRule, UriRule};

/// What a grammar's generated parser says of it, for [`tiles`]: the
/// layouts of its rules ([`Step`]), and the RFC rule each of its rules is
/// (the table of [`UriRule`]), both by discriminant.
pub(crate) struct Grammar<'a> {
    pub layouts: &'a [(usize, Layouts)],
    pub rfc: &'a [(usize, RfcRule)],
}

impl Grammar<'_> {
    /// The layouts of the rule with discriminant `rule`.
    const fn layouts(&self, rule: usize) -> Layouts {
        let mut i = 0;
        while i < self.layouts.len() {
            if self.layouts[i].0 == rule {
                return self.layouts[i].1;
            }
            i += 1;
        }
        None
    }

    /// The slot of the rule with discriminant `rule`.
    const fn slot(&self, rule: usize) -> Slot {
        let mut i = 0;
        while i < self.rfc.len() {
            if self.rfc[i].0 == rule {
                return SLOT_OF[self.rfc[i].1 as usize];
            }
            i += 1;
        }
        Slot::Other
    }

    /// The slot of the pair at step `at` of `layout`, if a pair is there.
    const fn pair(&self, layout: &[Step], at: usize) -> Option<(usize, Slot)> {
        if at < layout.len() {
            if let Step::Pair(rule) = layout[at] {
                return Some((rule, self.slot(rule)));
            }
        }
        None
    }

    /// Whether step `at` of `layout` is a pair in `slot` whose rule holds
    /// no pair that the lowering reads.
    const fn leaf_at(&self, layout: &[Step], at: usize, slot: Slot) -> bool {
        match self.pair(layout, at) {
            Some((rule, found)) => found as usize == slot as usize && self.is_leaf(rule, 4),
            None => false,
        }
    }

    /// Whether no match of `rule` records a pair that the lowering reads,
    /// through rules of its own up to `depth` deep.
    const fn is_leaf(&self, rule: usize, depth: usize) -> bool {
        let Some(layouts) = self.layouts(rule) else {
            return false;
        };
        let mut i = 0;
        while i < layouts.len() {
            let layout = layouts[i];
            let mut at = 0;
            while at < layout.len() {
                if let Some((inner, slot)) = self.pair(layout, at) {
                    if !matches!(slot, Slot::Other) || depth == 0 || !self.is_leaf(inner, depth - 1)
                    {
                        return false;
                    }
                }
                at += 1;
            }
            i += 1;
        }
        true
    }
}

/// Whether step `at` of `layout` is the byte `byte`.
const fn byte_at(layout: &[Step], at: usize, byte: u8) -> bool {
    at < layout.len() && matches!(layout[at], Step::Byte(b) if b == byte)
}

/// Whether every match of the rule `entry` of a grammar tiles its input
/// as [`tile`] checks, whatever the input: decided from the grammar, at
/// compile time, so that a parse of a grammar for which it holds need not
/// check it. It holds when each layout of `entry` is, step for step,
/// `SOI [scheme ":"] ["//" authority] path ["?" query] ["#" fragment] EOI`,
/// each layout of the authority `[userinfo "@"] host [":" port]`, the host
/// an `IP-literal` (`"[" IPv6address-or-IPvFuture "]"`), an
/// `IPv4address` or a `reg-name` (or a `host` pair around one), and no
/// other of these components holds a pair that the lowering reads. Each
/// component is then where the one before it and its delimiter end, each
/// comes at most once, and the userinfo, host and port only inside the
/// authority: the checks that [`tile`] and [`Slots::lower_tiled`] make of a
/// tree. `uri.pest` and `iri.pest` are such grammars; one edited into
/// another shape is checked at each parse.
pub(crate) const fn tiles(grammar: &Grammar<'_>, entry: usize) -> bool {
    let Some(layouts) = grammar.layouts(entry) else {
        return false;
    };
    if layouts.is_empty() {
        return false;
    }
    let mut i = 0;
    while i < layouts.len() {
        if !reference_tiles(grammar, layouts[i]) {
            return false;
        }
        i += 1;
    }
    true
}

/// [`tiles`] for one layout of the entry rule.
const fn reference_tiles(grammar: &Grammar<'_>, layout: &[Step]) -> bool {
    if layout.is_empty() || !matches!(layout[0], Step::Soi) {
        return false;
    }
    let mut at = 1;
    if grammar.leaf_at(layout, at, Slot::Scheme) {
        if !byte_at(layout, at + 1, b':') {
            return false;
        }
        at += 2;
    }
    if byte_at(layout, at, b'/') && byte_at(layout, at + 1, b'/') {
        match grammar.pair(layout, at + 2) {
            Some((rule, Slot::Authority)) if authority_tiles(grammar, rule) => at += 3,
            _ => return false,
        }
    }
    if !grammar.leaf_at(layout, at, Slot::Path) {
        return false;
    }
    at += 1;
    if byte_at(layout, at, b'?') {
        if !grammar.leaf_at(layout, at + 1, Slot::Query) {
            return false;
        }
        at += 2;
    }
    if byte_at(layout, at, b'#') {
        if !grammar.leaf_at(layout, at + 1, Slot::Fragment) {
            return false;
        }
        at += 2;
    }
    at + 1 == layout.len() && matches!(layout[at], Step::Eoi)
}

/// Whether each layout of the authority rule `rule` is
/// `[userinfo "@"] host [":" port]`.
const fn authority_tiles(grammar: &Grammar<'_>, rule: usize) -> bool {
    let Some(layouts) = grammar.layouts(rule) else {
        return false;
    };
    let mut i = 0;
    while i < layouts.len() {
        let layout = layouts[i];
        let mut at = 0;
        if grammar.leaf_at(layout, at, Slot::Userinfo) {
            if !byte_at(layout, at + 1, b'@') {
                return false;
            }
            at += 2;
        }
        let host_tiles = match grammar.pair(layout, at) {
            Some((host, Slot::Host)) => host_pair_tiles(grammar, host),
            Some((value, slot)) => host_value_tiles(grammar, value, slot),
            None => false,
        };
        if !host_tiles {
            return false;
        }
        at += 1;
        if byte_at(layout, at, b':') {
            if !grammar.leaf_at(layout, at + 1, Slot::Port) {
                return false;
            }
            at += 2;
        }
        if at != layout.len() {
            return false;
        }
        i += 1;
    }
    !layouts.is_empty()
}

/// Whether each layout of a `host` pair's rule is one host value.
const fn host_pair_tiles(grammar: &Grammar<'_>, rule: usize) -> bool {
    let Some(layouts) = grammar.layouts(rule) else {
        return false;
    };
    let mut i = 0;
    while i < layouts.len() {
        let layout = layouts[i];
        match grammar.pair(layout, 0) {
            Some((value, slot)) if layout.len() == 1 => {
                if !host_value_tiles(grammar, value, slot) {
                    return false;
                }
            }
            _ => return false,
        }
        i += 1;
    }
    !layouts.is_empty()
}

/// Whether the pair of `rule`, in `slot`, is a host value: an
/// `IP-literal` around an address, or a leaf `IPv4address` or `reg-name`.
const fn host_value_tiles(grammar: &Grammar<'_>, rule: usize, slot: Slot) -> bool {
    match slot {
        Slot::Ipv4Address | Slot::RegName => grammar.is_leaf(rule, 4),
        Slot::IpLiteral => {
            let Some(layouts) = grammar.layouts(rule) else {
                return false;
            };
            let mut i = 0;
            while i < layouts.len() {
                let layout = layouts[i];
                let address = grammar.leaf_at(layout, 1, Slot::Ipv6Address)
                    || grammar.leaf_at(layout, 1, Slot::IpvFuture);
                if layout.len() != 3
                    || !byte_at(layout, 0, b'[')
                    || !address
                    || !byte_at(layout, 2, b']')
                {
                    return false;
                }
                i += 1;
            }
            !layouts.is_empty()
        }
        _ => false,
    }
}

/// The compile-time shape check on layouts written by hand: a grammar
/// of discriminants 0.. whose RFC rules are given, and layouts of each.
/// The entry rules of a grammar that a reference type parses from: a
/// reference, and an absolute one; and whether every tree of each tiles
/// its input as the lowering checks ([`tiles`]), decided from the
/// grammar when the crate is compiled. Where it does, the lowering skips
/// those checks; a grammar edited into another shape turns them back on.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entries<R> {
    pub(crate) reference: R,
    pub(crate) absolute: R,
    pub(crate) tiles: [bool; 2],
}

/// The [`Entries`] of `G`: `reference` and `absolute`, each with its
/// discriminant (which a `const fn` generic over the rule type cannot
/// take from the rule).
pub(crate) const fn entries<G: CompiledGrammar>(
    reference: G::Rule,
    reference_index: usize,
    absolute: G::Rule,
    absolute_index: usize,
) -> Entries<G::Rule> {
    let grammar = Grammar {
        layouts: G::LAYOUTS,
        rfc: <G::Rule as UriRule>::RFC_RULES,
    };
    Entries {
        reference,
        absolute,
        tiles: [
            tiles(&grammar, reference_index),
            tiles(&grammar, absolute_index),
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::{tiles, Grammar};
    use crate::compiled::runtime::{Layouts, Step};
    use crate::grammar::RfcRule;
    use alloc::vec;
    use alloc::vec::Vec;
    use Step::{Byte, Eoi, Pair, Soi, Text};

    const SCHEME: usize = 1;
    const AUTHORITY: usize = 2;
    const USERINFO: usize = 3;
    const REG_NAME: usize = 4;
    const PORT: usize = 5;
    const PATH: usize = 6;
    const QUERY: usize = 7;
    const OWN: usize = 8;
    const RFC: &[(usize, RfcRule)] = &[
        (SCHEME, RfcRule::Scheme),
        (AUTHORITY, RfcRule::Authority),
        (USERINFO, RfcRule::Userinfo),
        (REG_NAME, RfcRule::RegName),
        (PORT, RfcRule::Port),
        (PATH, RfcRule::PathAbempty),
        (QUERY, RfcRule::Query),
    ];
    const LEAF: Layouts = Some(&[&[Text]]);
    const AUTHORITY_OK: Layouts = Some(&[
        &[Pair(REG_NAME)],
        &[
            Pair(USERINFO),
            Byte(b'@'),
            Pair(REG_NAME),
            Byte(b':'),
            Pair(PORT),
        ],
    ]);

    /// Whether the entry rule 0, with `entry`'s layouts and `authority`'s
    /// for the authority, tiles.
    fn entry_tiles(entry: &'static [&'static [Step]], authority: Layouts) -> bool {
        let layouts: &[(usize, Layouts)] = &[
            (0, Some(entry)),
            (SCHEME, LEAF),
            (AUTHORITY, authority),
            (USERINFO, LEAF),
            (REG_NAME, LEAF),
            (PORT, LEAF),
            (PATH, LEAF),
            (QUERY, LEAF),
            (OWN, Some(&[&[Pair(REG_NAME)]])),
        ];
        tiles(&Grammar { layouts, rfc: RFC }, 0)
    }

    const URI: &[Step] = &[
        Soi,
        Pair(SCHEME),
        Byte(b':'),
        Byte(b'/'),
        Byte(b'/'),
        Pair(AUTHORITY),
        Pair(PATH),
        Byte(b'?'),
        Pair(QUERY),
        Eoi,
    ];

    #[test]
    fn a_reference_shape_tiles() {
        assert!(entry_tiles(&[URI], AUTHORITY_OK));
        assert!(entry_tiles(&[URI, &[Soi, Pair(PATH), Eoi]], AUTHORITY_OK));
    }

    #[test]
    fn any_other_shape_does_not() {
        let cases: &[&'static [Step]] = &[
            // No ":" after the scheme.
            &[Soi, Pair(SCHEME), Pair(PATH), Eoi],
            // Text before the scheme, or between components.
            &[Soi, Text, Pair(SCHEME), Byte(b':'), Pair(PATH), Eoi],
            &[Soi, Pair(PATH), Text, Byte(b'?'), Pair(QUERY), Eoi],
            // No path.
            &[Soi, Pair(SCHEME), Byte(b':'), Eoi],
            // A query without its "?", or a component twice.
            &[Soi, Pair(PATH), Pair(QUERY), Eoi],
            &[
                Soi,
                Pair(PATH),
                Byte(b'?'),
                Pair(QUERY),
                Byte(b'?'),
                Pair(QUERY),
                Eoi,
            ],
            // A host outside an authority.
            &[Soi, Pair(REG_NAME), Pair(PATH), Eoi],
            // An authority without its "//".
            &[
                Soi,
                Pair(SCHEME),
                Byte(b':'),
                Pair(AUTHORITY),
                Pair(PATH),
                Eoi,
            ],
            // A rule of the grammar's own around the host.
            &[Soi, Pair(OWN), Pair(PATH), Eoi],
            // Not anchored.
            &[Pair(PATH), Eoi],
            &[Soi, Pair(PATH)],
        ];
        for (i, case) in cases.iter().enumerate() {
            let both: &'static [&'static [Step]] = Vec::leak(vec![URI, *case]);
            assert!(!entry_tiles(both, AUTHORITY_OK), "case {i}");
        }
        // An authority of another shape, or one whose layouts are not
        // known.
        let port_first: Layouts = Some(&[&[Pair(PORT), Byte(b':'), Pair(REG_NAME)]]);
        let text_inside: Layouts = Some(&[&[Pair(REG_NAME), Text, Pair(PORT)]]);
        for authority in [port_first, text_inside, None] {
            assert!(!entry_tiles(&[URI], authority));
        }
    }

    /// The crate's grammars have the shape: their parses skip the
    /// checks. (An edit of `uri.pest` that breaks it fails here, and the
    /// checks run again.)
    #[test]
    fn the_crates_grammars_tile() {
        use crate::parse::EntryPoints;
        use crate::spec::{Rfc3986, Rfc3987};
        assert_eq!(Rfc3986::ENTRIES.tiles, [true; 2]);
        assert_eq!(Rfc3987::ENTRIES.tiles, [true; 2]);
    }
}
