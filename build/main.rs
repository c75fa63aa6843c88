//! Build script: compiles the crate's pest grammars into Rust parsers that
//! the library includes (see `compiler/mod.rs` for what and why).
//!
//! `uri.pest` is the single source of truth for what the crate accepts:
//! pest_derive generates one parser from it (public, used to explain
//! failures and by `parse_with`), this script the other (the fast one).
//! Both follow the file: editing it changes what `Uri::parse` accepts.
//! `iri.pest`, RFC 3987's rules on top of it, is compiled the same way, for
//! `Iri::parse`.

mod compiler;

use std::env;
use std::fs;
use std::path::{Path, PathBuf};

/// Each compiled parser: the file it is written to, and the grammar files
/// it is compiled from, joined in this order (as the `#[grammar = ...]`
/// attributes of the matching pest_derive parser list them).
const GRAMMARS: &[(&str, &[&str])] = &[
    ("uri.rs", &["uri.pest"]),
    ("iri.rs", &["uri.pest", "iri.pest"]),
    ("http.rs", &["uri.pest", "src/schemes/http.pest"]),
    ("mailto.rs", &["uri.pest", "src/schemes/mailto.pest"]),
    ("urn.rs", &["uri.pest", "src/schemes/urn.pest"]),
    ("file.rs", &["uri.pest", "src/schemes/file.pest"]),
];

/// Where the compiler's own conformance grammars are (not in the published
/// package): each is compiled for `tests/compiler.rs`, which checks it
/// against pest_derive's parser for the same file.
const TEST_GRAMMARS: &str = "tests/grammars";

fn main() {
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    for (output, sources) in GRAMMARS {
        let sources: Vec<String> = sources.iter().map(|s| s.to_string()).collect();
        compile(&sources, "crate::compiled::runtime", &out.join(output));
    }
    println!("cargo:rerun-if-changed={TEST_GRAMMARS}");
    if let Ok(entries) = fs::read_dir(TEST_GRAMMARS) {
        let mut files: Vec<PathBuf> = entries
            .filter_map(|entry| entry.ok().map(|e| e.path()))
            .filter(|path| path.extension().is_some_and(|ext| ext == "pest"))
            .collect();
        files.sort();
        let dir = out.join("test_grammars");
        fs::create_dir_all(&dir).expect("create OUT_DIR/test_grammars");
        for path in files {
            let name = path
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or("grammar");
            let source = path.to_string_lossy().into_owned();
            compile(
                &[source],
                "rfc3986::__private::runtime",
                &dir.join(format!("{name}.rs")),
            );
        }
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
