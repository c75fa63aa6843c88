//! The integration tests, as one test binary: each folder of `tests/` is a
//! module of it, one concern each (`parse`, `algorithms`, `builder`,
//! `schemes`, `grammars`, `convert`, `cli`, `docs`; each `mod.rs` says what
//! its folder holds), and each file in a folder a module of that (run one
//! folder's tests with `cargo test --test integration parse::`, one file's
//! with `cargo test --test integration parse::hosts::`).
//!
//! One binary instead of one per file: 35 binaries, each linking the crate
//! and every dev-dependency, for two feature sets, took 1.7 GB of a CI
//! run's target directory and a link each. `tests/allocations.rs` stays a
//! binary of its own: its counting global allocator must see only its own
//! tests.

// pest_derive's generated code (grammars::chars, grammars::compiler,
// schemes::custom_scheme) uses `alloc` from the crate root when pest is
// built without its `std` feature, as this crate builds it.
extern crate alloc;

mod support;

mod algorithms;
mod builder;
mod cli;
mod convert;
mod docs;
mod grammars;
mod parse;
mod schemes;
mod template;
mod untrusted;

/// With `autotests = false`, a file added under `tests/` runs only if it is
/// declared: every `.rs` file must be a module of its folder's `mod.rs`
/// (of this file, for `tests/` itself), and every folder that holds one a
/// module of its parent's (but `allocations.rs`, a binary of its own, and
/// this file).
#[test]
fn every_test_file_is_a_module() {
    use std::path::Path;

    const NOT_MODULES: &[&str] = &["main.rs", "allocations.rs"];

    /// Whether `dir` holds a `.rs` file, at any depth.
    fn holds_rust(dir: &Path) -> bool {
        std::fs::read_dir(dir).unwrap().any(|entry| {
            let path = entry.unwrap().path();
            path.extension().is_some_and(|ext| ext == "rs") || (path.is_dir() && holds_rust(&path))
        })
    }

    /// The undeclared files and folders of `dir`, whose modules `parent`
    /// declares, into `missing`.
    fn walk(root: &Path, dir: &Path, parent: &Path, missing: &mut Vec<String>) {
        let declares = std::fs::read_to_string(parent).unwrap();
        let declared = |module: &str| {
            declares.lines().any(|line| {
                let line = line.strip_prefix("pub ").unwrap_or(line);
                line == format!("mod {module};")
            })
        };
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let relative = path.strip_prefix(root).unwrap().to_str().unwrap();
            let name = path.file_name().unwrap().to_str().unwrap();
            if NOT_MODULES.contains(&relative) || path == parent {
                continue;
            }
            if path.is_dir() {
                if !holds_rust(&path) {
                    continue;
                }
                let module = path.join("mod.rs");
                if !declared(name) || !module.exists() {
                    missing.push(relative.to_string());
                } else {
                    walk(root, &path, &module, missing);
                }
            } else if let Some(module) = name.strip_suffix(".rs") {
                if !declared(module) {
                    missing.push(relative.to_string());
                }
            }
        }
    }

    let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests"));
    let mut missing = Vec::new();
    walk(root, root, &root.join("main.rs"), &mut missing);
    assert_eq!(
        missing,
        Vec::<String>::new(),
        "add `mod` lines to tests/main.rs or the folder's mod.rs"
    );
}
