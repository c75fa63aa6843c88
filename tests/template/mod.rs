//! URI Templates (RFC 6570): `Template::parse` and its errors (`parse`),
//! the two example files of the uritemplate-test suite (`spec`, with the
//! files in `data/`), expansion beyond them (`expand`), variables from
//! `Serialize` values (`serialize`), and matching a URI back to its
//! variables (`matching`).

mod expand;
mod matching;
mod parse;
mod serialize;
mod spec;
