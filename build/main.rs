//! Build script: gives the library the Rust parsers compiled from the
//! crate's pest grammars (`build/grammars.rs` lists them) by the grammar
//! compiler of the workspace's `rfc3986-generator` crate, through the entry
//! `#[derive(rfc3986::Grammar)]` calls: each comes out as the same kind of
//! value as a user's grammar, a type that implements `CompiledGrammar`.
//!
//! `uri.pest` is the single source of truth for what the crate accepts:
//! pest_derive generates one parser from it (public with `pest-parsers`,
//! the oracle the tests compare with), the generator the other (the fast
//! one). Both follow the file: editing it changes what `Uri::parse`
//! accepts. `iri.pest`, RFC 3987's rules on top of it, is compiled the same
//! way, for `Iri::parse`, and `template.pest` for templates. The scheme
//! grammars of `src/schemes/` are not compiled here: the scheme types
//! derive theirs with `#[derive(rfc3986::Grammar)]`, as a user's crate
//! does.
//!
//! The generator's output is kept in the repository and the package
//! (`src/compiled/generated/`), each file headed by the fingerprints of the
//! grammar files and of the generator's sources it was generated from. A
//! build whose grammars and generator match those reads the copies and
//! compiles no generator, so that a dependent's build does not compile the
//! generator, pest_meta and pest with `std` (which brings `psm`, `stacker`
//! and `cc`) before the crate can start. Where a grammar or the generator
//! was edited (in a clone of the repository), this script runs the
//! generator on the files as they are (`generator/examples/regenerate.rs`,
//! by `cargo run`, into `OUT_DIR`), so the edit takes effect at this build;
//! `tests/grammars/generated.rs` fails until the kept copies are brought up
//! to date.
//!
//! Each grammar's `Rule` type (`Rule`, `IriRule`) is pest_derive's, with
//! the `pest-parsers` feature that builds `UriParser` and `IriParser`;
//! without it, the library declares the same type from the `_rule.rs` file
//! the generator writes beside the parser (as the derive does, from the
//! same files), so that a default build compiles no pest_derive parser.

// Some of the table is for the generator only.
#[allow(dead_code)]
#[path = "grammars.rs"]
mod grammars;

use grammars::{Grammar, GENERATED, GENERATOR, GRAMMARS};
use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let root = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    // A grammar of a feature is compiled only with it (cargo runs the
    // script again when the features change).
    let enabled =
        |feature: &str| env::var_os(format!("CARGO_FEATURE_{}", feature.to_uppercase())).is_some();
    let grammars: Vec<&Grammar> = GRAMMARS
        .iter()
        .filter(|g| g.feature.is_none_or(enabled))
        .collect();

    let kept = root.join(GENERATED);
    println!("cargo:rerun-if-changed={GENERATED}");
    let generator = grammars::generator_fingerprint(&root)
        .unwrap_or_else(|e| fail(&format!("cannot read the generator's sources: {e}")));
    if generator.is_some() {
        println!("cargo:rerun-if-changed={GENERATOR}/Cargo.toml");
        println!("cargo:rerun-if-changed={GENERATOR}/src");
    }
    let mut stale = Vec::new();
    for grammar in &grammars {
        for file in grammar.files {
            println!("cargo:rerun-if-changed={file}");
        }
        let fingerprint = grammar
            .fingerprint(&root)
            .unwrap_or_else(|e| fail(&format!("cannot read {}: {e}", grammar.files.join(", "))));
        if !grammar.is_current(&kept, fingerprint, generator) {
            stale.push(grammar.module);
        }
    }
    let fresh = out.join("regenerated");
    if !stale.is_empty() {
        regenerate(&root, &out, &fresh, &stale);
    }

    let mut modules = String::new();
    for grammar in &grammars {
        let from = if stale.contains(&grammar.module) {
            &fresh
        } else {
            &kept
        };
        // Copied into OUT_DIR, where the library includes them from.
        for file in grammar.outputs() {
            fs::copy(from.join(&file), out.join(&file))
                .unwrap_or_else(|e| fail(&format!("cannot copy {file} into {out:?}: {e}")));
        }
        let Grammar {
            module,
            rule,
            parser,
            files,
            ..
        } = grammar;
        modules.push_str(&format!(
            "/// The compiled parser of {files}, and the grammar as one value\n\
             /// ([`Grammar`](self::{module}::Grammar)).\n\
             #[allow(dead_code, non_snake_case, clippy::all, clippy::pedantic)]\n\
             #[macro_use]\n\
             pub(crate) mod {module} {{\n\
             \x20   use {rule} as Rule;\n\
             \x20   /// The grammar as one value: it implements `CompiledGrammar`.\n\
             \x20   pub enum Grammar {{}}\n\
             \x20   include!(concat!(env!(\"OUT_DIR\"), \"/{module}.rs\"));\n\
             \x20   impl crate::compiled::Oracle for Grammar {{\n\
             \x20       #[cfg(feature = \"pest-parsers\")]\n\
             \x20       type Parser = {parser};\n\
             \x20   }}\n\
             }}\n",
            files = files.join(" + "),
        ));
    }
    fs::write(out.join("grammars.rs"), modules)
        .unwrap_or_else(|e| fail(&format!("cannot write grammars.rs in {out:?}: {e}")));
}

/// Runs the generator on the grammars as they are under `root`, writing its
/// output into `into`, or fails the build saying why.
fn regenerate(root: &Path, out: &Path, into: &Path, stale: &[&str]) {
    let manifest = root.join(GENERATOR).join("Cargo.toml");
    if !manifest.is_file() {
        fail(&format!(
            "the parsers in {GENERATED} were not generated from the grammars of this \
             package ({}): a grammar file was edited here, and there is no generator to \
             compile it again (it is in the rfc3986 repository, not in the package)",
            stale.join(", "),
        ));
    }
    println!(
        "cargo:warning=compiling the grammars of {} again (edited since {GENERATED} was \
         generated): `cargo run -p rfc3986-generator --example regenerate` updates the copies",
        stale.join(", "),
    );
    let cargo = env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let status = Command::new(cargo)
        .args([
            "run",
            "--quiet",
            "--example",
            "regenerate",
            "--manifest-path",
        ])
        .arg(&manifest)
        .arg("--")
        .arg(into)
        // A target directory of its own: the build that runs this script
        // holds the lock of its own.
        .env("CARGO_TARGET_DIR", out.join("generator-target"))
        // The generator is a tool of the host, not built with the flags of
        // the crate's target.
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .env_remove("RUSTFLAGS")
        .env_remove("CARGO_BUILD_TARGET")
        .status()
        .unwrap_or_else(|e| fail(&format!("cannot run cargo to compile the grammars: {e}")));
    if !status.success() {
        // The generator said why, above.
        fail(&format!(
            "compiling the grammars of {} failed",
            stale.join(", ")
        ));
    }
}

/// Fails the build with `message`, without a panic's backtrace: the
/// message is the whole story.
fn fail(message: &str) -> ! {
    eprintln!("error: {message}");
    std::process::exit(1)
}
