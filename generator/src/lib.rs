//! The grammar compiler of the [rfc3986] crate: pest grammars to Rust
//! parsers with pest's semantics, at the speed of a hand-written parser.
//!
//! Every grammar goes through one door, [`compile_files`], and comes out as
//! the same kind of artifact: its parser in the variants a parse and a
//! diagnosis run, its tables, and the implementation of the rfc3986
//! runtime's `CompiledGrammar` for the grammar's type, which the library's
//! parse, lowering and diagnosis take. Two users call it, as
//! pest_generator has pest_derive and pest's own bootstrap:
//!
//! - rfc3986 compiles its own grammars (`uri.pest`, `iri.pest`,
//!   `template.pest`) with it, and keeps the output in its sources: this
//!   crate's `regenerate` example writes it, and rfc3986's build script
//!   runs that example again where a grammar was edited since;
//! - the `rfc3986-derive` proc-macro (`#[derive(rfc3986::Grammar)]`)
//!   compiles a user's scheme grammar joined to those files with
//!   [`derive()`], which calls [`compile_files`] and adds the `Rule` type
//!   and the scheme glue, and puts the result beside the user's struct.
//!
//! It reads a grammar with `pest_meta`, the front end `pest_derive` uses
//! (parse, validate, optimize), and generates code from the *optimized*
//! tree that `pest_derive` generates its parser from: the optimizer's
//! rewrites are not all meaning-preserving (`(a ~ b)* ~ a` becomes
//! `a ~ (b ~ a)*`), so a parser from the raw tree would differ.
//!
//! The generated parser has pest's semantics exactly: ordered choice that
//! restores the position, greedy repetition, lookahead, case-insensitive
//! strings, ranges, `ANY` as one UTF-8 character, `SOI`/`EOI`, and the pairs
//! pest records (every non-silent rule's rule, start and end, in preorder,
//! none inside an atomic rule or a lookahead, dropped again when what
//! recorded them fails). It differs in how it gets there:
//!
//! - every expression is straight-line code over the input bytes, with no
//!   boxed state passed around and no closures;
//! - a choice of single characters is one lookup in a 256-entry table, a
//!   repetition of one a tight loop, and a bounded repetition of one
//!   (`HEXDIG{1,4}`) a count without a branch per character;
//! - a repetition of a class or an escape (`pchar*`, with `pct-encoded`)
//!   is a byte loop that tests for the escape's byte first, so that the
//!   processor mispredicts once per escape rather than twice;
//! - a choice tests the next byte against what each alternative can start
//!   with before trying it;
//! - a sequence that begins with an optional prefix whose failure the text
//!   after it can prove (`authority`'s `(userinfo "@")?`, which would read
//!   the host and port twice) is matched from that text first, and as
//!   written where the proof fails (`speculate`);
//! - pairs go to a buffer on the stack whose size the compiler derives from
//!   the grammar, so a parse allocates nothing (a grammar that can record
//!   without bound spills to the heap).
//!
//! Implicit whitespace (`WHITESPACE`, `COMMENT`) and the stack (`PUSH`,
//! `POP`, `PEEK`, `DROP`) are not supported: compiling fails and names the
//! rule, the construct, and the line and column where it stands.
//!
//! The stages, each in its module: `ir` (the optimized tree in a form that
//! is easier to generate from), `analysis` (nullable, first bytes, guards,
//! how many pairs a rule can record), `counts` (how many pairs of each rule
//! a parse can record, for the derive's accessors), `emit` (the code);
//! `compile` drives them, and `derive` wraps them for the proc-macro.
//!
//! With the `interpreter` feature, `interpret::Interpreter` runs a
//! grammar without compiling it, from the same optimized tree, with
//! pest's own parser state: the pairs and errors of pest_derive's parser,
//! for a literal checked at compile time.
//!
//! The generated code is not a stable interface: it calls the runtime of
//! the rfc3986 crate of the same version, which is why the crates are
//! released together.
//!
//! [rfc3986]: https://docs.rs/rfc3986

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod analysis;
mod compile;
mod counts;
mod derive;
mod docs;
mod emit;
mod error;
mod extend;
mod hidden;
/// A grammar run as pest_derive's parser of it runs, without generating
/// code ([`interpret::Interpreter`]), for a proc-macro that checks a
/// literal against a user's grammar (feature `interpreter`).
#[cfg(feature = "interpreter")]
pub mod interpret;
mod ir;
mod lint;
pub mod literal;
mod reading;
/// The roles a grammar's rules play in a URI reference (`Role:` lines),
/// as the rfc3986 library reads them: one file, which both crates include.
pub mod role;
mod sets;
mod simplify;
mod speculate;
pub mod tokens;

pub use compile::{compile, compile_all, compile_grammar, Compiled, Options, Starts};
pub use derive::{
    compile_files, derive, literal_facts, Artifact, Base, DeriveError, DeriveInput, GrammarSource,
    Target, MAX_ERRORS,
};
pub use docs::RuleFacts;
pub use error::CompileError;
pub use lint::{lint, Finding, LINTS};
pub use tokens::InlineOrigin;

/// `uri.pest`, RFC 3986 Appendix A as a pest grammar: the rules every
/// derived grammar can name (`host`, `port`, `path_abempty`, `URI`...).
///
/// The file at the root of the rfc3986 repository, which this crate's
/// package carries (a link in the repository, resolved when packaged).
pub const URI_PEST: &str = include_str!("../uri.pest");

/// `iri.pest`, RFC 3987 section 2.2 on top of [`URI_PEST`]: the rules an
/// IRI-based grammar can name (`ihost`, `ipath_abempty`, `IRI`...).
pub const IRI_PEST: &str = include_str!("../iri.pest");
