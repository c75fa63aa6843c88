//! The algorithms on parsed references: resolution (RFC 3986 section 5)
//! and its inverse `make_relative`, normalization and equivalence
//! (section 6), percent-encoding (section 2.1) and query pairs, with the
//! property tests of resolution and normalization.

mod normalize;
mod percent;
mod properties_resolve;
mod query;
mod relative;
mod resolve;
