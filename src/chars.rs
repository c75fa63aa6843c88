//! The character classes of `uri.pest`, as the build script derives them
//! from the grammar: for each rule that is a character class, or that
//! takes characters one at a time (`userinfo`, `reg-name`, `segment`,
//! `query`, ...), the characters it takes unencoded. Encoding, decoding,
//! normalization, the builder and error diagnosis read them here, so that
//! the grammar is the only place each class is written;
//! `tests/grammars/chars.rs` checks each against its rule.

pub use crate::compiled::runtime::CharClass;
#[allow(unused_imports)]
pub use crate::compiled::uri::chars::{
    fragment, gen_delims, pchar, port, query, reg_name, reserved, segment, segment_nz,
    segment_nz_nc, sub_delims, unreserved, userinfo, ALPHA, DIGIT, HEXDIG,
};

/// The `%` that starts a `pct-encoded`.
const PERCENT: CharClass = CharClass::new(1 << b'%', &[]);

/// The characters that may stand somewhere in a URI (section 2):
/// `unreserved`, `reserved`, and the `%` of `pct-encoded`. Any other is an
/// error wherever it stands.
pub const URI: CharClass = unreserved.with(&reserved).with(&PERCENT);

/// The character classes of `iri.pest`, as the build script derives them
/// (as this module does `uri.pest`'s).
#[cfg(feature = "iri")]
#[allow(unused_imports)]
pub(crate) mod iri {
    pub use crate::compiled::iri::chars::{
        bidi_formatting, ifragment, ipchar, iprivate, iquery, ireg_name, isegment, isegment_nz,
        isegment_nz_nc, iunreserved, iuserinfo, ucschar,
    };
}
