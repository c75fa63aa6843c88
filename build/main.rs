//! Build script: compiles the crate's pest grammars into Rust parsers that
//! the library includes, with the grammar compiler of the workspace's
//! `rfc3986-generator` crate (see its crate docs for what and why).
//!
//! `uri.pest` is the single source of truth for what the crate accepts:
//! pest_derive generates one parser from it (public, used to explain
//! failures and by `parse_with`), this script the other (the fast one).
//! Both follow the file: editing it changes what `Uri::parse` accepts.
//! `iri.pest`, RFC 3987's rules on top of it, is compiled the same way, for
//! `Iri::parse`. The scheme grammars of `src/schemes/` are not compiled
//! here: the scheme types derive theirs with `#[derive(rfc3986::Grammar)]`,
//! as a user's crate does.

use rfc3986_generator as compiler;

use std::env;
use std::fs;
use std::path::{Path, PathBuf};

/// Each compiled parser: the file it is written to, and the grammar files
/// it is compiled from, joined in this order (as the `#[grammar = ...]`
/// attributes of the matching pest_derive parser list them).
const GRAMMARS: &[(&str, &[&str])] = &[
    ("uri.rs", &["uri.pest"]),
    ("iri.rs", &["uri.pest", "iri.pest"]),
];

fn main() {
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    for (output, sources) in GRAMMARS {
        let sources: Vec<String> = sources.iter().map(|s| s.to_string()).collect();
        compile(&sources, "crate::compiled::runtime", &out.join(output));
    }
}

/// Compiles the grammar made of `sources` into `output`, or fails the build
/// with the compiler's message.
fn compile(sources: &[String], runtime: &str, output: &Path) {
    let mut grammar = String::new();
    for source in sources {
        println!("cargo:rerun-if-changed={source}");
        let text = fs::read_to_string(source)
            .unwrap_or_else(|e| panic!("cannot read grammar {source}: {e}"));
        grammar.push_str(&text);
    }
    let options = compiler::Options { runtime, sources };
    match compiler::compile(&grammar, &options) {
        Ok(code) => {
            fs::write(output, code).unwrap_or_else(|e| panic!("cannot write {output:?}: {e}"))
        }
        Err(error) => {
            eprintln!("error: cannot compile {}: {error}", sources.join(" + "));
            panic!("cannot compile {}: {error}", sources.join(" + "));
        }
    }
}
