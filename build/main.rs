//! Build script: compiles the crate's pest grammars into Rust parsers that
//! the library includes, with the grammar compiler of the workspace's
//! `rfc3986-generator` crate (see its crate docs for what and why), through
//! the entry `#[derive(rfc3986::Grammar)]` calls (`compile_files`): each
//! comes out as the same kind of value as a user's grammar, a type that
//! implements `CompiledGrammar`. The script stays because these two
//! grammars are compiled for the `Rule` types of the public pest_derive
//! parsers (`UriParser`, `IriParser`), and their character classes are
//! read by the library.
//!
//! `uri.pest` is the single source of truth for what the crate accepts:
//! pest_derive generates one parser from it (public, used to explain
//! failures and by `parse_with`), this script the other (the fast one).
//! Both follow the file: editing it changes what `Uri::parse` accepts.
//! `iri.pest`, RFC 3987's rules on top of it, is compiled the same way, for
//! `Iri::parse`. The scheme grammars of `src/schemes/` are not compiled
//! here: the scheme types derive theirs with `#[derive(rfc3986::Grammar)]`,
//! as a user's crate does.
//!
//! Each grammar's `Rule` type (`Rule`, `IriRule`) is pest_derive's, with
//! the `pest-parsers` feature that builds `UriParser` and `IriParser`;
//! without it, this script declares the same type (the generator writes
//! it as the derive does, from the same files), so that a default build
//! compiles no pest_derive parser.

use rfc3986_generator as compiler;

use std::env;
use std::fs;
use std::path::{Path, PathBuf};

/// Each of the crate's grammars, compiled into a module of
/// `crate::compiled`.
struct Grammar {
    /// The module it is compiled into.
    module: &'static str,
    /// The `Rule` type it is compiled for.
    rule: &'static str,
    /// pest_derive's parser of the same files (the public `UriParser`,
    /// `IriParser` or `TemplateParser`, the comparisons' oracle, with the
    /// `pest-parsers` feature).
    parser: &'static str,
    /// Its files, joined in this order (as the `#[grammar = ...]`
    /// attributes of that parser list them; a `docs.pest` holds only the
    /// `//!` lines that document the `Rule` type).
    files: &'static [&'static str],
    /// The entry rules the library parses from (`spec.rs`'s `ENTRIES`,
    /// `Template::parse`'s).
    entries: &'static [&'static str],
    /// Whether a parse can also start from the RFC 3986 and 3987 rules
    /// (the library checks a component with them): a reference grammar's,
    /// not the template grammar's, which only names them.
    rfc_starts: bool,
    /// The feature that builds the module which includes it, if any:
    /// without it, the grammar is not compiled at all.
    feature: Option<&'static str>,
}

const GRAMMARS: &[Grammar] = &[
    Grammar {
        module: "uri",
        rule: "crate::grammar::Rule",
        parser: "crate::grammar::UriParser",
        files: &["uri.pest"],
        entries: &["uri_reference_input", "uri_input"],
        rfc_starts: true,
        feature: None,
    },
    Grammar {
        module: "iri",
        rule: "crate::iri::IriRule",
        parser: "crate::iri::IriParser",
        files: &["src/iri/docs.pest", "uri.pest", "iri.pest"],
        entries: &["iri_reference_input", "iri_input"],
        rfc_starts: true,
        feature: None,
    },
    Grammar {
        module: "template",
        rule: "crate::template::TemplateRule",
        parser: "crate::template::TemplateParser",
        files: &[
            "src/template/docs.pest",
            "uri.pest",
            "iri.pest",
            "template.pest",
        ],
        entries: &["uri_template_input"],
        rfc_starts: false,
        feature: Some("template"),
    },
];

fn main() {
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let manifest = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let mut modules = String::new();
    // A grammar of a feature is compiled only with it (cargo runs the
    // script again when the features change).
    let enabled =
        |feature: &str| env::var_os(format!("CARGO_FEATURE_{}", feature.to_uppercase())).is_some();
    for grammar in GRAMMARS.iter().filter(|g| g.feature.is_none_or(enabled)) {
        let Grammar {
            module,
            rule,
            parser,
            files,
            ..
        } = grammar;
        let artifact = compile(grammar, &manifest);
        let file = format!("{module}.rs");
        fs::write(out.join(&file), &artifact.compiled.code)
            .unwrap_or_else(|e| panic!("cannot write {file} in {out:?}: {e}"));
        // The `Rule` type, which the library declares from this file
        // where pest_derive's parser (and its `Rule`) is not built.
        let rule_file = format!("{module}_rule.rs");
        fs::write(out.join(&rule_file), artifact.rule_type())
            .unwrap_or_else(|e| panic!("cannot write {rule_file} in {out:?}: {e}"));
        modules.push_str(&format!(
            "/// The compiled parser of {files}, and the grammar as one value\n\
             /// ([`Grammar`](self::{module}::Grammar)).\n\
             #[allow(dead_code, non_snake_case, clippy::all, clippy::pedantic)]\n\
             pub(crate) mod {module} {{\n\
             \x20   use {rule} as Rule;\n\
             \x20   /// The grammar as one value: it implements `CompiledGrammar`.\n\
             \x20   pub enum Grammar {{}}\n\
             \x20   include!(concat!(env!(\"OUT_DIR\"), \"/{file}\"));\n\
             \x20   impl crate::compiled::Oracle for Grammar {{\n\
             \x20       #[cfg(feature = \"pest-parsers\")]\n\
             \x20       type Parser = {parser};\n\
             \x20   }}\n\
             }}\n",
            files = files.join(" + "),
        ));
    }
    fs::write(out.join("grammars.rs"), modules)
        .unwrap_or_else(|e| panic!("cannot write grammars.rs in {out:?}: {e}"));
}

/// The grammar made of `files`, compiled by the generator's entry that
/// `#[derive(rfc3986::Grammar)]` calls, or fails the build with the
/// compiler's message.
fn compile(grammar: &Grammar, manifest: &Path) -> compiler::Artifact {
    let Grammar {
        module,
        files,
        entries,
        ..
    } = grammar;
    for file in *files {
        println!("cargo:rerun-if-changed={file}");
    }
    let sources: Vec<_> = files
        .iter()
        .map(|file| compiler::GrammarSource::File(file.to_string()))
        .collect();
    let compiled = compiler::compile_files(
        &format!("{module} ({})", files.join(" + ")),
        compiler::Base::None,
        &sources,
        manifest,
        "crate::compiled::runtime",
        "Grammar",
        // The library starts a parse of its own grammars only from their
        // entries and, for a reference grammar, the RFC rules (a
        // component's check).
        if grammar.rfc_starts {
            compiler::Starts::RfcRulesAnd(entries)
        } else {
            compiler::Starts::Only(entries)
        },
    );
    match compiled {
        Ok(artifact) => artifact,
        Err(error) => {
            eprintln!("error: {error}");
            panic!("{error}");
        }
    }
}
