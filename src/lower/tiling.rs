//! The one statement of how the components tile a URI reference
//! ([`tile`]): the lowering checks a tree's slots with it, and
//! [`check_tiling`] a reference's bounds.
//!
//! Imports: [`slots`](super::slots) and `bounds`.

use super::slots::{Slot, Slots};
use crate::bounds::Bounds;

impl<'i> Slots<'i> {
    /// The slots of a reference's `bounds` in `text`.
    fn of_bounds(text: &'i str, bounds: &Bounds) -> Slots<'i> {
        let mut slots = Slots::new(text);
        slots.set(Slot::Scheme, bounds.scheme());
        slots.set(Slot::Authority, bounds.authority());
        slots.set(Slot::Userinfo, bounds.userinfo());
        slots.set(Slot::Host, bounds.host());
        slots.set(Slot::Port, bounds.port());
        slots.set(Slot::Path, Some(bounds.path()));
        slots.set(Slot::Query, bounds.query());
        slots.set(Slot::Fragment, bounds.fragment(text.len()));
        slots
    }
}

/// Checks that `bounds` tile `text` as a parse's would ([`tile`]).
///
/// # Errors
///
/// The byte where the tiling breaks, and what was expected there.
pub(crate) fn check_tiling(text: &str, bounds: &Bounds) -> Result<(), (usize, &'static str)> {
    tile(&Slots::of_bounds(text, bounds))
}

/// What [`tile_with`] makes of its checks.
trait Checks {
    /// Takes the check that `ok`, which else fails at byte `at`, where
    /// `expected` was expected.
    fn check(&mut self, ok: bool, at: usize, expected: &'static str);
}

/// Whether every check passed: each check is `and`ed in, and none stops
/// the others, so that the first failure is found only when one failed
/// ([`FirstFailure`]).
struct AllPass(bool);

impl Checks for AllPass {
    #[inline(always)]
    fn check(&mut self, ok: bool, _: usize, _: &'static str) {
        self.0 &= ok;
    }
}

/// The first check that failed: where, and what was expected there.
struct FirstFailure(Option<(usize, &'static str)>);

impl Checks for FirstFailure {
    fn check(&mut self, ok: bool, at: usize, expected: &'static str) {
        if !ok && self.0.is_none() {
            self.0 = Some((at, expected));
        }
    }
}

/// Checks that the components tile the text in the order and with the
/// delimiters of section 5.3, so that recomposing them gives the text
/// back, and that the authority's subcomponents tile the authority.
///
/// The one statement of how components tile a URI reference: the lowering
/// checks a parse tree with it, and [`check_tiling`] a reference's bounds.
/// It runs the checks once to learn whether all pass ([`AllPass`]), and
/// only when one failed again to say which ([`FirstFailure`]).
///
/// # Errors
///
/// The byte where the tiling breaks first, and what was expected there.
#[inline(always)]
pub(crate) fn tile(slots: &Slots<'_>) -> Result<(), (usize, &'static str)> {
    let mut all = AllPass(true);
    tile_with(slots, &mut all);
    if all.0 {
        Ok(())
    } else {
        Err(first_failure(slots))
    }
}

/// Whether the components tile the text ([`tile`]), without saying where
/// they do not: for a caller that falls back to another reading then.
#[inline(always)]
pub(crate) fn tiled(slots: &Slots<'_>) -> bool {
    let mut all = AllPass(true);
    tile_with(slots, &mut all);
    all.0
}

/// The first check of [`tile`] that fails.
#[cold]
#[inline(never)]
fn first_failure(slots: &Slots<'_>) -> (usize, &'static str) {
    let mut first = FirstFailure(None);
    tile_with(slots, &mut first);
    first.0.unwrap_or((0, "components that tile the reference"))
}

/// [`tile`]'s checks, made in order with `checks`.
#[inline(always)]
fn tile_with(slots: &Slots<'_>, checks: &mut impl Checks) {
    let text = slots.input;
    let bytes = text.as_bytes();
    // The byte at `at`; 0, which is no delimiter, past the end.
    let byte = |at: usize| bytes.get(at).copied().unwrap_or(0);
    let scheme = slots.found(Slot::Scheme);
    let authority = slots.found(Slot::Authority);
    let userinfo = slots.found(Slot::Userinfo);
    let host = slots.host();
    let port = slots.found(Slot::Port);
    let path = slots.found(Slot::Path);
    let query = slots.found(Slot::Query);
    let fragment = slots.found(Slot::Fragment);

    checks.check(
        !scheme.present | ((scheme.start == 0) & (byte(scheme.end) == b':')),
        scheme.start,
        "the scheme and its \":\" first",
    );
    let at = if scheme.present { scheme.end + 1 } else { 0 };

    let host_start = if userinfo.present {
        userinfo.end + 1
    } else {
        authority.start
    };
    let subcomponents_tile = (!userinfo.present
        | ((userinfo.start == authority.start) & (byte(userinfo.end) == b'@')))
        & (host.start == host_start)
        & (!port.present | ((port.start == host.end + 1) & (byte(host.end) == b':')))
        & (port.end_or(host.end) == authority.end);
    checks.check(
        !authority.present
            | ((authority.start == at + 2)
                & (byte(at) == b'/')
                & (byte(at + 1) == b'/')
                & subcomponents_tile),
        authority.start,
        "\"//\" authority after the scheme",
    );
    let at = authority.end_or(at);

    checks.check(
        (path.start == at) & (path.end <= text.len()),
        path.start,
        "the path after the scheme and authority",
    );
    let at = path.end;
    checks.check(
        !query.present | ((query.start == at + 1) & (byte(at) == b'?')),
        query.start,
        "\"?\" query after the path",
    );
    let at = query.end_or(at);
    checks.check(
        !fragment.present | ((fragment.start == at + 1) & (byte(at) == b'#')),
        fragment.start,
        "\"#\" fragment after the query",
    );
    let at = fragment.end_or(at);
    checks.check(at == text.len(), at, "a parse of the whole input");
}
