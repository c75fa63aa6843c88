//! The lowering pass: from what a parse recorded of a grammar built on
//! `uri.pest` to the [`Bounds`](crate::bounds::Bounds) of each component,
//! the host's kind and the port's value: the one place that says how a
//! parse becomes typed components.
//!
//! A parse records the pairs of the rules that play a role (the grammar's
//! `Role:` lines) into one [`Record`](crate::bounds::Record) of positions:
//! the compiled parser as it matches ([`record`]), another parser's pairs
//! after it ([`read`]). The lowering reads that record once the parse is
//! done ([`finish`]); it does not split the text again, and allocates
//! nothing.
//!
//! Its files, each importing only those listed before it:
//!
//! - [`record`]: what the compiled parsers record into;
//! - [`lowering`]: the record to bounds, and the pairs of a tree read into
//!   a record;
//! - [`infer`]: the lowering of a derived grammar's parse, with the parts
//!   its pairs lack taken from the text around them, each checked with the
//!   generic grammar's rule for it.
//!
//! The lowering is part of the parse layer: it imports the base (`bounds`,
//! `error`, `ip`) and the grammar layer (`grammar`, `compiled`), never the
//! diagnosis, the entry points or the reference types above it.

mod infer;
mod lowering;
mod record;

pub(crate) use crate::compiled::runtime::Node;
pub(crate) use infer::derived_reference;
#[cfg(feature = "grammar-literals")]
pub(crate) use lowering::read;
pub(crate) use lowering::{finish, host_of, lower, pest_nodes};
pub(crate) use record::{Capture, Kept};
