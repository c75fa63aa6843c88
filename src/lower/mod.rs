//! The lowering pass: from the parse tree of a grammar derived from
//! `uri.pest` to the [`Bounds`](crate::bounds::Bounds) of each component,
//! the host's kind and the port's value: the one place that says how a
//! parse tree becomes typed components.
//!
//! It reads the structure the grammar found and records where each
//! component lies; it does not split the text again, and allocates
//! nothing.
//!
//! The tree is read as what both parsers give: each pair's rule, start and
//! end, in preorder ([`Node`]). pest_derive's `Pairs` give them through
//! [`pest_nodes`], the compiled parser's `Tree` directly.
//!
//! Its files, each importing only those listed before it:
//!
//! - [`slots`]: the slots a tree fills, and the tables of which rule fills
//!   which;
//! - [`shape`]: the compile-time proof that a grammar's tree always tiles
//!   its input;
//! - [`tiling`]: the check that components tile a reference;
//! - [`lowering`]: slots to bounds;
//! - [`recorders`]: what the compiled parsers record into in place of a
//!   tree, or beside it;
//! - [`infer`]: the lowering of a derived grammar's tree, with the
//!   components it lacks taken from the text, checked there or proven by
//!   the generator.
//!
//! The lowering is part of the parse layer: it imports the base (`bounds`,
//! `error`, `ip`) and the grammar layer (`grammar`, `compiled`), never the
//! diagnosis, the entry points or the reference types above it.

mod infer;
mod lowering;
mod recorders;
pub(crate) mod shape;
mod slots;
mod tiling;

pub(crate) use crate::compiled::runtime::Node;
pub(crate) use infer::{proven_reference, whole_reference, Reading};
#[cfg(any(test, feature = "pest-parsers"))]
pub(crate) use lowering::captured;
pub(crate) use lowering::{captured_tiled, host_of, lower, lower_tiled, pest_nodes};
pub(crate) use recorders::{DiagnosisRecorder, KeptSlots, SlotRecorder, TreeRecorder};
pub(crate) use shape::{entries, Entries};
pub(crate) use slots::Slots;
pub(crate) use tiling::check_tiling;
