//! Checks for URI references from untrusted hands (RFC 3986 section 7),
//! run after a parse has accepted a reference or rejected one:
//!
//! - [`within`]: containment: [`Reference::resolve_within`] and
//!   [`Reference::is_within`], which compare paths after normalization so
//!   that `..` and `%2e%2e` cannot climb out of a base;
//! - [`policy`]: [`Policy`], what a configuration allows (schemes, hosts,
//!   ports, components, length), checked against a parsed reference;
//! - [`lints`]: [`Reference::lints`], the SHOULD-level problems of a valid
//!   reference, each with its byte range and the RFC section it cites;
//! - [`suggest`]: [`ParseError::suggestion`], a corrected reference for
//!   the common rejected forms, never applied by a parse.
//!
//! Layer: above the algorithms. These modules import the reference types,
//! the algorithms (resolution, normalization) and the base layer's
//! errors and positions; nothing below imports them, but `any_error`.
//!
//! [`Reference::resolve_within`]: crate::Reference::resolve_within
//! [`Reference::is_within`]: crate::Reference::is_within
//! [`Reference::lints`]: crate::Reference::lints
//! [`Policy`]: crate::Policy
//! [`ParseError::suggestion`]: crate::ParseError::suggestion

pub mod lints;
pub mod policy;
pub mod suggest;
pub mod within;
