//! Whether a scheme grammar reads a URI as RFC 3986 does: the check that
//! keeps a derived grammar's pairs and its generic reference
//! ([`Parsed::uri`](super::Parsed::uri)) from contradicting each other,
//! and [`ReadingConflict`], the error that names both readings.
//!
//! RFC 3986 section 3.1 requires a scheme's syntax to be a subset of the
//! generic syntax, so a scheme grammar may match a component with rules of
//! its own, but it cannot draw the components' boundaries elsewhere: a
//! grammar whose rule matches `#21` in `tel:#21;phone-context=example.com`
//! reads the `#` as part of a number, where the generic syntax starts a
//! fragment with it. The check is that the grammar's pairs nest with the
//! components: each pair lies inside a component, holds it whole, or lies
//! outside it. It imports only the crate's positions ([`Bounds`]), its
//! component names and its excerpts.

use alloc::borrow::Cow;
use alloc::boxed::Box;
use core::fmt;
use core::ops::Range;

use crate::bounds::Bounds;
use crate::component::Component;
use crate::error::Excerpt;

/// A URI that a scheme's grammar accepts, but divides into components
/// otherwise than RFC 3986: one of the grammar's rules matched text that
/// runs across the start or the end of a component of the generic
/// reading.
///
/// `Display` names both readings; the alternate form (`{:#}`) adds the
/// input with a caret under [`offset`](Self::offset), as the crate's other
/// errors do.
///
/// ```
/// use rfc3986::schemes::{Grammar, SchemeError};
/// use rfc3986::Component;
///
/// #[derive(rfc3986::Grammar)]
/// #[grammar_inline = r##"
/// tel_URI = ${ ^"tel:" ~ subscriber }
/// subscriber = ${ number ~ (";" ~ (ALPHA | "-" | "=" | ".")+)* }
/// number = @{ ("#" | "+" | DIGIT)+ }
/// tel_input = _{ SOI ~ tel_URI ~ EOI }
/// "##]
/// struct Tel;
///
/// let err = Tel::parse(Rule::tel_input, "tel:#21;phone-context=example.com").unwrap_err();
/// let SchemeError::Reading(conflict) = &err else { panic!("{err}") };
/// assert_eq!(conflict.rule(), "number");
/// assert_eq!(conflict.rule_span(), 4..7);
/// assert_eq!(conflict.component(), Component::Fragment);
/// assert_eq!(conflict.component_span(), 5..33);
/// assert_eq!(conflict.offset(), 4);
/// assert_eq!(
///     err.to_string(),
///     "tel URI read two ways at byte 4: rule number matches bytes 4..7, \
///      but RFC 3986 reads the '#' at byte 4 as the start of the fragment \
///      (bytes 5..33); a scheme's syntax is a subset of the generic syntax \
///      (RFC 3986, section 3.1)"
/// );
/// # Ok::<(), SchemeError>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct ReadingConflict(Box<Conflict>);

/// The fields of a [`ReadingConflict`], boxed so that a `SchemeError`
/// stays the size of a `ParseError`.
#[derive(Clone, PartialEq, Eq)]
struct Conflict {
    scheme: &'static str,
    rule: Cow<'static, str>,
    rule_span: Range<usize>,
    component: Component,
    component_span: Range<usize>,
    offset: usize,
    excerpt: Excerpt,
}

impl ReadingConflict {
    /// The scheme whose grammar matched the input (`"tel"`).
    pub fn scheme(&self) -> &str {
        self.0.scheme
    }

    /// The grammar's rule whose match runs across the component's
    /// boundary, as the grammar spells it.
    pub fn rule(&self) -> &str {
        &self.0.rule
    }

    /// The bytes of the input the rule matched.
    pub fn rule_span(&self) -> Range<usize> {
        self.0.rule_span.clone()
    }

    /// The component of RFC 3986's reading whose boundary the rule's match
    /// runs across.
    pub fn component(&self) -> Component {
        self.0.component
    }

    /// The bytes of the input that RFC 3986 reads as
    /// [`component`](Self::component), without its delimiter.
    pub fn component_span(&self) -> Range<usize> {
        self.0.component_span.clone()
    }

    /// The byte where the readings part: the delimiter that starts the
    /// component (`?` of a query, `#` of a fragment, `:` of a port) or the
    /// component's first byte, where the rule's match starts before the
    /// component; the byte after the component, where it starts inside.
    pub fn offset(&self) -> usize {
        self.0.offset
    }
}

impl fmt::Display for ReadingConflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} URI read two ways at byte {}: rule {} matches bytes {}..{}, but RFC 3986 ",
            self.0.scheme, self.0.offset, self.0.rule, self.0.rule_span.start, self.0.rule_span.end
        )?;
        let (start, end) = (self.0.component_span.start, self.0.component_span.end);
        if self.0.offset >= end {
            write!(f, "ends the {} at byte {end}", self.0.component)?;
        } else if self.0.offset < start {
            let delimiter = if start - self.0.offset == 1 {
                self.excerpt_delimiter()
            } else {
                None
            };
            match delimiter {
                Some(c) => write!(f, "reads the '{c}' at byte {} as the start", self.0.offset)?,
                None => write!(f, "reads byte {} as the start", self.0.offset)?,
            }
            write!(f, " of the {} (bytes {start}..{end})", self.0.component)?;
        } else {
            write!(f, "starts the {} at byte {start}", self.0.component)?;
            write!(f, " (bytes {start}..{end})")?;
        }
        f.write_str(
            "; a scheme's syntax is a subset of the generic syntax (RFC 3986, section 3.1)",
        )?;
        if f.alternate() {
            self.0.excerpt.write(f)?;
        }
        Ok(())
    }
}

impl ReadingConflict {
    /// The one-byte delimiter at the offset, which the component's kind
    /// says: `?`, `#` or `:`.
    fn excerpt_delimiter(&self) -> Option<char> {
        match self.0.component {
            Component::Query => Some('?'),
            Component::Fragment => Some('#'),
            Component::Port => Some(':'),
            _ => None,
        }
    }
}

/// The fields, without the excerpt's storage.
impl fmt::Debug for ReadingConflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ReadingConflict")
            .field("scheme", &self.0.scheme)
            .field("rule", &self.0.rule)
            .field("rule_span", &self.0.rule_span)
            .field("component", &self.0.component)
            .field("component_span", &self.0.component_span)
            .field("offset", &self.0.offset)
            .finish()
    }
}

impl core::error::Error for ReadingConflict {}

/// Where a pair and a component of the generic reading cross: the pair's
/// index in preorder, the component, and its span.
pub(crate) struct Crossing {
    pub(crate) pair: usize,
    pub(crate) component: Component,
    pub(crate) span: Range<usize>,
}

/// The components of a generic reading, as [`Components::crossed`] compares
/// pairs with them.
///
/// A pair crosses a component when it starts before the component and
/// ends inside it, or starts inside it and ends after it. A pair that
/// holds a component whole, lies inside it, or lies outside it agrees with
/// the generic reading; an empty component crosses nothing.
///
/// The authority is not among the components: a rule may match `//user@`
/// and leave the host to `host`, and a pair that runs into the authority's
/// userinfo, host or port crosses that one.
pub(crate) struct Components {
    /// Each component's bytes, in the order of [`COMPONENTS`]; an absent
    /// one is empty (0..0).
    spans: [(usize, usize); 7],
    /// The indices in `spans` of the components that are not empty, in
    /// the text's order: the first `present_count`.
    present: [u8; 7],
    present_count: usize,
    len: usize,
}

impl Components {
    /// The components of `bounds`, the reading of a text of `len` bytes.
    #[inline]
    pub(crate) fn of(bounds: &Bounds, len: usize) -> Components {
        let span = |range: Option<Range<usize>>| range.map_or((0, 0), |r| (r.start, r.end));
        let spans = [
            span(bounds.scheme()),
            span(bounds.userinfo()),
            span(bounds.host()),
            span(bounds.port()),
            span(Some(bounds.path())),
            span(bounds.query()),
            span(bounds.fragment(len)),
        ];
        let mut present = [0; 7];
        let mut present_count = 0;
        for (index, (start, end)) in (0u8..).zip(spans) {
            if start < end {
                present[present_count] = index;
                present_count += 1;
            }
        }
        Components {
            spans,
            present,
            present_count,
            len,
        }
    }

    /// [`crossed`](Self::crossed), for pairs taken in preorder (by their
    /// start) with one `cursor` that starts at 0: each call moves it past
    /// the components that end at or before the pair's start, which
    /// neither this pair nor any later one can cross, and looks no further
    /// than the first component that starts at or after the pair's end. A
    /// pair inside one component is compared with that one only.
    ///
    /// A pair crosses a component `a..b` when it runs into it
    /// (`s < a < e < b`) or out of it (`a < s < b < e`); a pair of fewer
    /// than two bytes, or of the whole text, holds or misses every
    /// component whole.
    #[inline]
    pub(crate) fn crossed_in_order(
        &self,
        cursor: &mut usize,
        start: usize,
        end: usize,
    ) -> Option<(Component, Range<usize>)> {
        let (s, e) = (start, end);
        if e - s < 2 || e - s == self.len {
            return None;
        }
        let present = &self.present[..self.present_count];
        while let Some(&k) = present.get(*cursor) {
            if self.spans[usize::from(k)].1 > s {
                break;
            }
            *cursor += 1;
        }
        for &k in present.get(*cursor..).unwrap_or_default() {
            let (a, b) = self.spans[usize::from(k)];
            if a >= e {
                break;
            }
            // Here a < e and s < b: the pair runs into the component, or
            // out of it, or holds it, or lies inside it.
            if (s < a && e < b) || (a < s && b < e) {
                return Some((COMPONENTS[usize::from(k)], a..b));
            }
        }
        None
    }

    /// The component that the pair of bytes `start..end` crosses, and its
    /// span, if any: [`crossed_in_order`](Self::crossed_in_order) for one
    /// pair alone.
    #[inline]
    pub(crate) fn crossed(&self, start: usize, end: usize) -> Option<(Component, Range<usize>)> {
        self.crossed_in_order(&mut 0, start, end)
    }

    /// The first of `pairs` (each its index and its span) that crosses a
    /// component.
    pub(crate) fn first_crossing(
        &self,
        pairs: impl IntoIterator<Item = (usize, Range<usize>)>,
    ) -> Option<Crossing> {
        pairs.into_iter().find_map(|(pair, span)| {
            let (component, span) = self.crossed(span.start, span.end)?;
            Some(Crossing {
                pair,
                component,
                span,
            })
        })
    }
}

/// The components [`Components`] compares pairs with, in the text's order.
const COMPONENTS: [Component; 7] = [
    Component::Scheme,
    Component::Userinfo,
    Component::Host,
    Component::Port,
    Component::Path,
    Component::Query,
    Component::Fragment,
];

impl ReadingConflict {
    /// The error for `crossing`, found in `input` by [`Components::crossed`], whose
    /// pair `rule` matched `rule_span`.
    pub(crate) fn new(
        scheme: &'static str,
        rule: impl Into<Cow<'static, str>>,
        rule_span: Range<usize>,
        crossing: Crossing,
        input: &str,
    ) -> ReadingConflict {
        let span = crossing.span;
        let offset = if rule_span.start < span.start {
            // The pair runs into the component: the readings part at its
            // delimiter, where it has one of a byte.
            match crossing.component {
                Component::Query | Component::Fragment | Component::Port => span.start - 1,
                _ => span.start,
            }
        } else {
            span.end
        };
        ReadingConflict(Box::new(Conflict {
            scheme,
            rule: rule.into(),
            rule_span,
            component: crossing.component,
            component_span: span,
            offset,
            excerpt: Excerpt::new(input, offset),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;

    fn bounds(input: &str) -> Bounds {
        *crate::Uri::parse(input).unwrap().bounds()
    }

    #[test]
    fn pairs_that_nest_do_not_cross() {
        let input = "tel:+1;a=b?q#f";
        let b = bounds(input);
        // Inside the path, the whole path, the scheme with its ":", the
        // query with its "?", everything, and empty pairs.
        let pairs = [4..6, 4..10, 0..4, 10..12, 0..14, 6..6, 13..14];
        assert!(Components::of(&b, input.len())
            .first_crossing(pairs.into_iter().enumerate())
            .is_none());
    }

    #[test]
    fn a_pair_that_runs_into_a_component_crosses_it() {
        let input = "tel:#21;phone-context=example.com";
        let found = Components::of(&bounds(input), input.len())
            .first_crossing([0..33, 4..33, 4..7].into_iter().enumerate())
            .unwrap();
        assert_eq!(
            (found.pair, found.component, found.span),
            (2, Component::Fragment, 5..33)
        );
    }

    /// Texts of any length, pairs on either side of each.
    #[test]
    fn long_texts_are_checked_alike() {
        for pad in [0, 50, 56, 58, 59, 60, 64, 200] {
            let input = format!("tel:{}#21;a=b", "1".repeat(pad));
            let hash = 4 + pad;
            let found = Components::of(&bounds(&input), input.len())
                .first_crossing([0..input.len(), hash..hash + 3].into_iter().enumerate());
            let found = found.unwrap();
            assert_eq!(
                (found.component, found.span),
                (Component::Fragment, hash + 1..input.len()),
                "{pad}"
            );
            let inside = [
                4..hash,
                hash + 1..hash + 3,
                hash..input.len(),
                0..input.len(),
            ];
            assert!(
                Components::of(&bounds(&input), input.len())
                    .first_crossing(inside.into_iter().enumerate())
                    .is_none(),
                "{pad}"
            );
        }
    }

    /// The first component, in the text's order, that the pair `s..e`
    /// runs into or out of, tested against every component: what
    /// `crossed` must find.
    fn by_definition(c: &Components, s: usize, e: usize) -> Option<(Component, Range<usize>)> {
        if e - s < 2 || e - s == c.len {
            return None;
        }
        let k = c.spans.iter().position(|&(a, b)| {
            let runs_in = s < a && a < e && e < b;
            let runs_out = a < s && s < b && b < e;
            runs_in || runs_out
        })?;
        Some((COMPONENTS[k], c.spans[k].0..c.spans[k].1))
    }

    /// A pair alone meets the crossing the definition gives, and pairs
    /// taken in preorder with one cursor meet the same, over every span of
    /// a few texts, in order of start (and, at one start, longest first,
    /// as preorder has them).
    #[test]
    fn crossings_are_found_as_defined_alone_and_in_order() {
        for input in [
            "http://user@host:80/a/b?q=1#f",
            "tel:#21;phone-context=example.com",
            "s://h",
            "a:b?c",
            "//u@[::1]:8/x#",
        ] {
            let components = Components::of(&bounds(input), input.len());
            let mut pairs: alloc::vec::Vec<(usize, usize)> = (0..=input.len())
                .flat_map(|s| (s..=input.len()).map(move |e| (s, e)))
                .collect();
            pairs.sort_by_key(|&(s, e)| (s, core::cmp::Reverse(e)));
            let mut cursor = 0;
            for (s, e) in pairs {
                let alone = components.crossed(s, e);
                assert_eq!(
                    alone,
                    by_definition(&components, s, e),
                    "{input:?} {s}..{e}"
                );
                let in_order = components.crossed_in_order(&mut cursor, s, e);
                assert_eq!(in_order, alone, "{input:?} {s}..{e}");
            }
        }
    }

    #[test]
    fn a_pair_that_runs_out_of_a_component_crosses_it() {
        let input = "http://user@host:80/a";
        let found = Components::of(&bounds(input), input.len())
            .first_crossing([0..21, 14..18].into_iter().enumerate())
            .unwrap();
        assert_eq!(
            (found.pair, found.component, found.span),
            (1, Component::Host, 12..16)
        );
    }
}
