//! The lowering of a derived grammar's parse into the bounds the generic
//! grammar would give ([`derived_reference`]): where the grammar matches
//! the host and port without `authority`, the scheme as a literal, or an
//! authority without a path, the parts its pairs lack are taken from the
//! text around them, as the generic grammar divides it, each checked with
//! the generic grammar's rule for it; or, where the generator proved the
//! entry rule's reading, found there without a check.
//!
//! Imports: [`lowering`](super::lowering), `bounds`, `role`.

use core::ops::Range;

use super::lowering::finish;
use crate::bounds::{part, Bounds, Record};
use crate::role::Role;

/// What [`derived_reference`] read of a parse.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Reading {
    /// The bounds the generic parser would give.
    pub(crate) bounds: Bounds,
    /// Whether a pair of the parse may run across a component: only where
    /// a part was taken from the text around the pairs. Where every part
    /// is the span of a pair, the pairs of one tree nest or lie apart;
    /// where the generator proved the reading, it proved that they nest.
    pub(crate) may_cross: bool,
}

/// The bounds of `input` from a derived grammar's parse of all of it (its
/// `record`), when its pairs and the text around them hold a whole
/// reference: the bounds the generic parser would give. `None` when they
/// do not, or cannot be trusted to: the caller then parses the input with
/// the generic grammar. `matches` is the generic grammar's compiled rules
/// ([`Syntax::matches`]); `proven` says that the generator proved every
/// match of the entry rule reads as the generic grammar reads it
/// (`static_reading`), so that the parts taken from the text need no
/// check.
///
/// A grammar may match the parts of an authority (`host`, `port`) without
/// `authority`, and the scheme as a literal (`^"ssh://"`): the scheme,
/// the authority and the userinfo the generic grammar would read around
/// them are then taken from the text, and so are a path, query and
/// fragment after an authority whose path the grammar matched with rules
/// of its own. Then, with what the parts' own rules guarantee (none holds
/// a delimiter that ends it), three checks say that the generic grammar
/// divides the text there: with an authority the path is empty or starts
/// with "/"; without one it does not start with "//"; without a scheme
/// either, its first segment has no ":".
///
/// [`Syntax::matches`]: crate::syntax::Syntax
#[inline(always)]
pub(crate) fn derived_reference(
    record: &mut Record,
    input: &str,
    matches: fn(Role, &str) -> Option<usize>,
    proven: bool,
) -> Option<Reading> {
    if record.twice() != 0 {
        return None;
    }
    let check = if proven { None } else { Some(matches) };
    let before = record.written();
    infer_scheme(record, input, check)?;
    let written = record.written();
    if written & part::AUTHORITY == 0 && written & part::INSIDE_AUTHORITY != 0 {
        infer_authority(record, input, check)?;
    }
    if record.written() & (part::AUTHORITY | part::PATH) == 0 && !proven {
        return None;
    }
    infer_tail(record, input, check)?;
    let inferred = record.written() != before;
    let bounds = record.bounds();
    let path = &input[bounds.path()];
    let split_as_generic = if bounds.has_authority() {
        path.is_empty() || path.starts_with('/')
    } else {
        !path.starts_with("//")
            && (bounds.scheme().is_some() || !path.split('/').next().unwrap_or("").contains(':'))
    };
    if !split_as_generic {
        return None;
    }
    // Parts that do not divide the input as RFC 3986 does, an IP address
    // that is not one, or a port above 65535: the generic parse says so.
    let bounds = finish(record, input).ok()?;
    Some(Reading {
        bounds,
        may_cross: inferred && !proven,
    })
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

/// Whether all of `span` of `input` matches the generic grammar's rule
/// for `role`, as `check` runs it; always, without a check.
fn whole(
    check: Option<fn(Role, &str) -> Option<usize>>,
    role: Role,
    input: &str,
    span: &Range<usize>,
) -> bool {
    check.is_none_or(|matches| {
        let text = &input[span.clone()];
        matches(role, text) == Some(text.len())
    })
}

/// Writes the scheme where it is not written, from the text, as the generic
/// grammar reads it: up to the first ":" where one comes before any "/",
/// "?" or "#", checked with the generic grammar's `scheme` (`check`, unless
/// the reading was proven). `None` where there is such a ":" but no scheme
/// before it.
fn infer_scheme(
    record: &mut Record,
    input: &str,
    check: Option<fn(Role, &str) -> Option<usize>>,
) -> Option<()> {
    if record.written() & part::SCHEME != 0 {
        return Some(());
    }
    let bytes = input.as_bytes();
    let colon = next_of(bytes, 0, b":/?#");
    if bytes.get(colon) != Some(&b':') {
        return Some(());
    }
    if colon == 0 || !whole(check, Role::Scheme, input, &(0..colon)) {
        return None;
    }
    record.write(Role::Scheme, 0, colon);
    Some(())
}

/// Writes the authority, and the userinfo where it is not written, from the text around the host and port of a parse whose pairs
/// have no `authority`, as the generic grammar reads that text: a scheme
/// up to the first ":" (if one comes before any "/", "?" or "#"), "//", a
/// userinfo up to an "@" just before the host, the host, the port. Each
/// part the pairs do not hold is checked with the generic grammar's rule
/// for it (`check`, unless the reading was proven): all of it must match.
/// Whether the parts then divide the input is the caller's check.
///
/// `None` where the text is not that: the caller falls back to the generic
/// parser, which decides.
#[inline(never)]
fn infer_authority(
    record: &mut Record,
    input: &str,
    check: Option<fn(Role, &str) -> Option<usize>>,
) -> Option<()> {
    if record.written() & part::HOST == 0 {
        return None;
    }
    let host = record.host_span();
    let end = if record.written() & part::PORT != 0 {
        record.port_span().end
    } else {
        host.end
    };
    let after_scheme = match record.raw().scheme_end() {
        Some(end) if record.written() & part::SCHEME != 0 => end + 1,
        _ => 0,
    };
    let start = after_scheme + 2;
    if input.get(after_scheme..start) != Some("//") || start > host.start {
        return None;
    }
    if record.written() & part::USERINFO == 0 && host.start > start {
        let userinfo = start..host.start - 1;
        if input.as_bytes()[userinfo.end] != b'@' || !whole(check, Role::Userinfo, input, &userinfo)
        {
            return None;
        }
        record.write(Role::Userinfo, userinfo.start, userinfo.end);
    }
    record.write(Role::Authority, start, end);
    Some(())
}

/// Writes the path of a parse that has an authority and no path (a grammar
/// that matches `"/" ~ db_number` rather than `path_abempty`), or no
/// authority and no path (one whose path is its own rules, where the
/// reading was proven), and the query and fragment where they are not
/// written, from the text after the authority or the scheme, as the
/// generic grammar reads it: a path up to the first "?" or "#", a query up
/// to the first "#", a fragment. Each part the pairs do not hold is
/// checked with the generic grammar's rule for it (`check`): all of it
/// must match. Whether the parts then divide the input is the caller's
/// check.
///
/// `None` where the text is not that: the caller falls back to the generic
/// parser, which decides.
#[inline(never)]
fn infer_tail(
    record: &mut Record,
    input: &str,
    check: Option<fn(Role, &str) -> Option<usize>>,
) -> Option<()> {
    let bytes = input.as_bytes();
    let written = record.written();
    let mut at = if written & part::PATH != 0 {
        record.raw().path().end
    } else {
        let start = if written & part::AUTHORITY != 0 {
            record.authority_span().end
        } else {
            match record.raw().scheme_end() {
                Some(end) if written & part::SCHEME != 0 => end + 1,
                _ => 0,
            }
        };
        let path = start..next_of(bytes, start, b"?#");
        let role = if written & part::AUTHORITY != 0 {
            Role::PathAbempty
        } else {
            Role::Path
        };
        if !whole(check, role, input, &path) {
            return None;
        }
        record.write(role, path.start, path.end);
        path.end
    };
    if bytes.get(at) == Some(&b'?') {
        if record.written() & part::QUERY != 0 {
            at = record.raw().query().map_or(at, |query| query.end);
        } else {
            let query = at + 1..next_of(bytes, at + 1, b"#");
            at = query.end;
            if !whole(check, Role::Query, input, &query) {
                return None;
            }
            record.write(Role::Query, query.start, query.end);
        }
    }
    if bytes.get(at) == Some(&b'#') && record.written() & part::FRAGMENT == 0 {
        let fragment = at + 1..input.len();
        if !whole(check, Role::Fragment, input, &fragment) {
            return None;
        }
        record.write(Role::Fragment, fragment.start, fragment.end);
    }
    Some(())
}
