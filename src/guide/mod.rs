//! The guide: a chapter for each thing the crate does, with examples that
//! run (each chapter's are doctests of this crate). The chapters are the
//! Markdown files of the repository's `docs/`, which read the same on
//! GitHub; nothing here is code.
//!
//! This module owns no item and imports nothing. Each chapter's docs start
//! with `links.md`, which sends the chapters' links to one another, and to
//! the grammars and examples, to their pages here: Markdown takes the first
//! definition of a link, so these win over the chapter's own (the files
//! beside it, which GitHub follows).
//!
//! - [`parsing`]: parsing and reading, storage, hosts, errors,
//!   percent-encoding.
//! - [`resolution`]: resolving, normalizing, and the way back.
//! - [`building`]: the builder, the setters and in-place edits.
//! - [`absolute`]: URIs that must have a scheme, and the `http` and `url`
//!   crates' types.
//! - [`iris`]: IRIs (RFC 3987).
//! - [`templates`]: URI Templates (RFC 6570).
//! - [`untrusted`]: checking URIs you did not write.
//! - [`literals`]: literals checked at compile time.
//! - [`grammars`]: scheme grammars, and grammars of your own.
//! - [`cli`]: the `uri` command-line tool.
//! - [`comparison`]: how the crate stands beside the others.

#[doc = include_str!("links.md")]
#[doc = include_str!("../../docs/parsing.md")]
pub mod parsing {}

#[doc = include_str!("links.md")]
#[doc = include_str!("../../docs/resolution.md")]
pub mod resolution {}

#[doc = include_str!("links.md")]
#[doc = include_str!("../../docs/building.md")]
pub mod building {}

#[doc = include_str!("links.md")]
#[doc = include_str!("../../docs/absolute.md")]
pub mod absolute {}

#[doc = include_str!("links.md")]
#[doc = include_str!("../../docs/iris.md")]
pub mod iris {}

#[doc = include_str!("links.md")]
#[doc = include_str!("../../docs/templates.md")]
pub mod templates {}

#[doc = include_str!("links.md")]
#[doc = include_str!("../../docs/untrusted.md")]
pub mod untrusted {}

#[doc = include_str!("links.md")]
#[doc = include_str!("../../docs/literals.md")]
pub mod literals {}

#[doc = include_str!("links.md")]
#[doc = include_str!("../../docs/grammars.md")]
pub mod grammars {}

#[doc = include_str!("links.md")]
#[doc = include_str!("../../docs/cli.md")]
pub mod cli {}

#[doc = include_str!("links.md")]
#[doc = include_str!("../../docs/comparison.md")]
pub mod comparison {}
