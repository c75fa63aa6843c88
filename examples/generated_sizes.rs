//! The size of the Rust that `#[derive(rfc3986::Grammar)]` generates for
//! each grammar of the benches (`benches/support/user.rs`) and for the
//! crate's scheme types, for BENCHMARKS.md:
//!
//! ```text
//! cargo run --release --example generated_sizes
//! ```
//!
//! It calls the generator the derive runs (`rfc3986_generator::derive`)
//! and prints the length of its output, the text the macro turns into
//! tokens. The build script's parsers of `uri.pest` and `iri.pest` are
//! files: `target/release/build/rfc3986-*/out/{uri,iri}.rs`.

use std::path::Path;

use rfc3986_generator::{derive, Base, DeriveInput, GrammarSource};

fn main() {
    let manifest_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let grammars = [
        ("Redis", "examples/custom_scheme/redis.pest"),
        ("Ssh", "tests/grammars/user/ssh.pest"),
        ("S3", "tests/grammars/user/s3.pest"),
        ("Tel", "tests/grammars/user/tel.pest"),
        ("HttpGrammar", "schemes/http.pest"),
        ("MailtoGrammar", "schemes/mailto.pest"),
        ("UrnGrammar", "schemes/urn.pest"),
        ("FileGrammar", "schemes/file.pest"),
    ];
    println!("| grammar | generated Rust (bytes) | lines |");
    println!("|---|---:|---:|");
    for (name, file) in grammars {
        let input = DeriveInput {
            name: name.to_string(),
            sources: vec![GrammarSource::File(file.to_string())],
            base: Base::Uri,
            scheme: None,
            literal_macro: None,
        };
        match derive(&input, manifest_dir) {
            Ok(code) => println!("| {file} | {} | {} |", code.len(), code.lines().count()),
            Err(error) => println!("| {file} | {error} | |"),
        }
    }
}
