//! The lowering of a derived grammar's tree into the bounds the generic
//! grammar would give: where the grammar matches the
//! host and port without `authority`, or an authority without a path, the
//! missing components are inferred from the text around them
//! ([`whole_reference`]), each checked with the generic grammar's rule for
//! it, or, where the generator proved the entry rule's reading, found
//! there without a check ([`proven_reference`]).
//!
//! Imports: [`slots`](super::slots), [`lowering`](super::lowering),
//! [`tiling`](super::tiling),
//! `bounds`, `grammar` and `compiled::runtime`.

use core::ops::Range;

use super::slots::{Slot, Slots, INSIDE_AUTHORITY_BITS};
use super::tiling::tiled;
use crate::bounds::{Bounds, MAX_LEN};
use crate::compiled::runtime::Node;
use crate::grammar::{RfcRule, UriRule};

/// The bounds of `slots.input` from a derived grammar's parse of all of
/// it (the slots its recorder filled, and its pairs `nodes`, read where
/// the slots are not [exact](Slots::exact)), when the pairs hold a whole
/// reference: the bounds the generic parser would give. `None` when they
/// do not, or cannot be trusted to: the caller then parses the input with
/// the generic grammar. `matches` is the generic grammar's compiled rules
/// ([`Syntax::matches`]).
///
/// A grammar may match the parts of an authority (`host`, `port`) without
/// `authority` and the scheme as a literal (`^"ssh://"`): the scheme, the
/// authority and the userinfo the generic grammar would read around them
/// are then taken from the text ([`Slots::infer_authority`]), each checked
/// by its rule of the generic grammar.
///
/// The lowering's checks (each component at most once, userinfo, host and
/// port inside an authority, components that tile the input) do not say
/// that the generic grammar would have split the input there: a grammar of
/// one's own can put an RFC rule where the generic grammar would not.
/// Three more checks do, with what the components' own rules guarantee
/// (none holds a delimiter that ends it): with an authority the path is
/// empty or starts with "/"; without one it does not start with "//";
/// without a scheme either its first segment has no ":". The generic
/// grammar then reads the same components, at the same places: a scheme
/// ends at the first ":", an authority at the first "/", "?" or "#", a
/// path at the first "?" or "#", a query at the first "#".
///
/// [`Syntax::matches`]: crate::syntax::Syntax
#[inline(always)]
pub(crate) fn whole_reference<R: UriRule>(
    slots: &mut Slots<'_>,
    nodes: impl IntoIterator<Item = Node<R>>,
    matches: fn(RfcRule, &str) -> Option<usize>,
) -> Option<Reading> {
    let input = slots.input;
    if !slots_of::<R, false>(slots, nodes) {
        return None;
    }
    let mut inferred = false;
    if !slots.found(Slot::Authority).present && slots.seen & INSIDE_AUTHORITY_BITS != 0 {
        if !slots.infer_authority(matches) {
            return None;
        }
        inferred = true;
    }
    let has_path = if slots.found(Slot::Path).present {
        true
    } else if slots.found(Slot::Authority).present {
        inferred = true;
        slots.infer_tail(matches)
    } else {
        false
    };
    if !has_path {
        return None;
    }
    let path = slots.found(Slot::Path);
    let path = &input[path.start..path.end];
    let split_as_generic = if slots.found(Slot::Authority).present {
        path.is_empty() || path.starts_with('/')
    } else {
        !path.starts_with("//")
            && (slots.found(Slot::Scheme).present
                || !path.split('/').next().unwrap_or("").contains(':'))
    };
    if !split_as_generic {
        return None;
    }
    // Components that do not tile the input, an IP address that is not
    // one, or a port above 65535: the generic parse says so. The tiling is
    // checked here without making the error the lowering would make, which
    // is then not needed: with it, and the path and the authority checked
    // above, the lowering's checks of the tree's shape all pass.
    if !tiled(slots) {
        return None;
    }
    let bounds = slots.lower_tiled::<true>().ok()?;
    Some(Reading {
        bounds,
        may_cross: inferred,
    })
}

/// The bounds of `slots.input` from a derived grammar's parse of all
/// of it (its slots, or its pairs `nodes` as [`whole_reference`] reads
/// them) from an entry rule whose reading the generator proved
/// (`CompiledGrammar::static_reading`): every match of the rule is a URI
/// whose components are its RFC rules' pairs, or found around them, at
/// the delimiters the rule matches literally, as the generic grammar reads
/// them. The lowering then makes none of the checks of
/// [`whole_reference`]: a scheme up to the first ":", an authority from
/// the "//" after it to the end of the port or the host, with the
/// userinfo before the "@" in front of the host, a path up to the first
/// "?" or "#", a query up to the first "#", a fragment.
///
/// `None` where the values are not what their rules say (an IP address
/// that is not one, a port above 65535): the generic parse says so.
#[inline(always)]
pub(crate) fn proven_reference<R: UriRule>(
    slots: &mut Slots<'_>,
    nodes: impl IntoIterator<Item = Node<R>>,
) -> Option<Bounds> {
    let input = slots.input;
    let bytes = input.as_bytes();
    if !slots_of::<R, true>(slots, nodes) {
        return None;
    }
    if !slots.found(Slot::Scheme).present {
        let colon = next_of(bytes, 0, b":");
        slots.set(Slot::Scheme, Some(0..colon));
    }
    let mut at = slots.found(Slot::Scheme).end + 1;
    let authority = slots.found(Slot::Authority);
    if authority.present {
        at = authority.end;
    } else if slots.seen & INSIDE_AUTHORITY_BITS != 0 {
        let start = at + 2;
        let host = slots.host();
        at = slots.found(Slot::Port).end_or(host.end);
        if !slots.found(Slot::Userinfo).present && host.start > start {
            slots.set(Slot::Userinfo, Some(start..host.start - 1));
        }
        slots.set(Slot::Authority, Some(start..at));
    }
    if !slots.found(Slot::Path).present {
        slots.set(Slot::Path, Some(at..next_of(bytes, at, b"?#")));
    }
    at = slots.found(Slot::Path).end;
    if bytes.get(at) == Some(&b'?') {
        if !slots.found(Slot::Query).present {
            slots.set(Slot::Query, Some(at + 1..next_of(bytes, at + 1, b"#")));
        }
        at = slots.found(Slot::Query).end;
    }
    if bytes.get(at) == Some(&b'#') && !slots.found(Slot::Fragment).present {
        slots.set(Slot::Fragment, Some(at + 1..input.len()));
    }
    slots.lower_tiled::<true>().ok()
}

/// Makes `slots`, which a derived grammar's recorder filled as it parsed
/// ([`TreeRecorder`](super::recorders::TreeRecorder)), the slots of the
/// parse whose pairs are `nodes`: kept where they are
/// [exact](Slots::exact), and otherwise read again from the pairs, in
/// place, so that they are never copied. `false` where the input is longer
/// than a reference can be, or, unless `TILED`, where a component comes
/// twice.
#[inline(always)]
fn slots_of<R: UriRule, const TILED: bool>(
    slots: &mut Slots<'_>,
    nodes: impl IntoIterator<Item = Node<R>>,
) -> bool {
    if slots.input.len() > MAX_LEN {
        return false;
    }
    if slots.exact() {
        return true;
    }
    *slots = Slots::new(slots.input);
    slots.read::<R, TILED>(nodes) == usize::MAX
}

/// The first byte of `bytes` from `from` that is one of `stops`, or the
/// end.
#[inline(always)]
fn next_of(bytes: &[u8], from: usize, stops: &[u8]) -> usize {
    bytes
        .get(from..)
        .and_then(|rest| rest.iter().position(|b| stops.contains(b)))
        .map_or(bytes.len(), |at| from + at)
}

/// What [`whole_reference`] read of a tree.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Reading {
    /// The bounds the generic parser would give.
    pub(crate) bounds: Bounds,
    /// Whether a pair of the tree may run across a component: only where
    /// a component was inferred from the text around the pairs. Where
    /// every component is the span of a pair, the pairs of one tree nest
    /// or lie apart; where the generator proved the reading, it proved
    /// that they nest.
    pub(crate) may_cross: bool,
}

impl Slots<'_> {
    /// Fills the authority slot, and the scheme and userinfo slots where
    /// they are empty, from the text around the host and port of a tree
    /// that has no `authority` pair, as the generic grammar reads that
    /// text: a scheme up to the first ":" (if one comes before any "/",
    /// "?" or "#"), "//", a userinfo up to an "@" just before the host,
    /// the host, the port. Each part the tree does not hold is checked
    /// with the generic grammar's rule for it (`matches`): all of it must
    /// match. Whether the parts then tile the input is the caller's check.
    ///
    /// `false` where the text is not that: the caller falls back to the
    /// generic parser, which decides.
    #[inline(never)]
    fn infer_authority(&mut self, matches: fn(RfcRule, &str) -> Option<usize>) -> bool {
        const HOST_BITS: u32 = 1 << Slot::Host as u32
            | 1 << Slot::IpLiteral as u32
            | 1 << Slot::Ipv4Address as u32
            | 1 << Slot::RegName as u32
            | 1 << Slot::Ipv6Address as u32
            | 1 << Slot::IpvFuture as u32;
        if self.seen & HOST_BITS == 0 {
            return false;
        }
        let input = self.input;
        let host = self.host();
        let port = self.found(Slot::Port);
        let end = if port.present { port.end } else { host.end };
        let scheme = self.found(Slot::Scheme);
        let after_scheme = if scheme.present {
            scheme.end + 1
        } else {
            let before_host = input.as_bytes().get(..host.start).unwrap_or_default();
            let delimiter = before_host
                .iter()
                .position(|b| matches!(b, b':' | b'/' | b'?' | b'#'));
            match delimiter {
                Some(colon) if before_host[colon] == b':' => {
                    if colon == 0 || matches(RfcRule::Scheme, &input[..colon]) != Some(colon) {
                        return false;
                    }
                    self.set(Slot::Scheme, Some(0..colon));
                    colon + 1
                }
                _ => 0,
            }
        };
        let start = after_scheme + 2;
        if input.get(after_scheme..start) != Some("//") || start > host.start {
            return false;
        }
        if !self.found(Slot::Userinfo).present && host.start > start {
            let userinfo = start..host.start - 1;
            if input.as_bytes()[userinfo.end] != b'@'
                || matches(RfcRule::Userinfo, &input[userinfo.clone()]) != Some(userinfo.len())
            {
                return false;
            }
            self.set(Slot::Userinfo, Some(userinfo));
        }
        self.set(Slot::Authority, Some(start..end));
        true
    }

    /// Fills the path slot of a tree that has an authority and no path (a
    /// grammar that matches `"/" ~ db_number` rather than `path_abempty`),
    /// and the query and fragment slots where they are empty, from the text
    /// after the authority, as the generic grammar reads it: a path up to
    /// the first "?" or "#", a query up to the first "#", a fragment. Each
    /// part the tree does not hold is checked with the generic grammar's
    /// rule for it (`matches`): all of it must match. Whether the parts
    /// then tile the input is the caller's check.
    ///
    /// `false` where the text is not that: the caller falls back to the
    /// generic parser, which decides.
    #[inline(never)]
    fn infer_tail(&mut self, matches: fn(RfcRule, &str) -> Option<usize>) -> bool {
        let input = self.input;
        let bytes = input.as_bytes();
        let next = |from: usize, stop: &[u8]| next_of(bytes, from, stop);
        let whole = |rule: RfcRule, span: &Range<usize>| {
            let text = &input[span.clone()];
            matches(rule, text) == Some(text.len())
        };
        let start = self.found(Slot::Authority).end;
        let path = start..next(start, b"?#");
        if !whole(RfcRule::PathAbempty, &path) {
            return false;
        }
        let mut at = path.end;
        self.set(Slot::Path, Some(path));
        if bytes.get(at) == Some(&b'?') {
            let query = at + 1..next(at + 1, b"#");
            at = query.end;
            if !self.found(Slot::Query).present {
                if !whole(RfcRule::Query, &query) {
                    return false;
                }
                self.set(Slot::Query, Some(query));
            }
        }
        if bytes.get(at) == Some(&b'#') && !self.found(Slot::Fragment).present {
            let fragment = at + 1..input.len();
            if !whole(RfcRule::Fragment, &fragment) {
                return false;
            }
            self.set(Slot::Fragment, Some(fragment));
        }
        true
    }
}
