//! The crate's grammars, what each is compiled for, and the fingerprint
//! that says whether the parsers generated from them are current.
//!
//! Shared, by `#[path]`, by the build script (`build/main.rs`), by the
//! tool that generates the parsers (`generator/examples/regenerate.rs`),
//! and by the test that checks the parsers in the repository are that
//! tool's output (`tests/grammars/generated.rs`). It uses `std` only: the
//! build script has no dependency.

use std::fs;
use std::io;
use std::path::Path;

/// Each of the crate's grammars, compiled into a module of
/// `crate::compiled`.
pub struct Grammar {
    /// The module it is compiled into, and the name of its generated
    /// files (`{module}.rs`, the parser, and `{module}_rule.rs`, its `Rule`
    /// type).
    pub module: &'static str,
    /// The `Rule` type it is compiled for.
    pub rule: &'static str,
    /// pest_derive's parser of the same files (the public `UriParser`,
    /// `IriParser` or `TemplateParser`, the comparisons' oracle, with the
    /// `pest-parsers` feature).
    pub parser: &'static str,
    /// Its files, joined in this order (as the `#[grammar = ...]`
    /// attributes of that parser list them; a `docs.pest` holds only the
    /// `//!` lines that document the `Rule` type).
    pub files: &'static [&'static str],
    /// The entry rules the library parses from, beside those that play a
    /// role: `Template::parse`'s.
    pub entries: &'static [&'static str],
    /// Whether the grammar is a reference grammar, whose rules that play a
    /// role a parse can start from (the library parses a reference from
    /// its entries, and checks a component with the others); not the
    /// template grammar, which only names them.
    pub reference: bool,
    /// The macro that implements `UriRule` for another parser's `Rule` of
    /// the same files (`impl_uri_rule!`'s), declared by one grammar only.
    pub role_macro: Option<&'static str>,
    /// The feature that builds the module which includes it, if any:
    /// without it, the grammar is not compiled at all.
    pub feature: Option<&'static str>,
}

pub const GRAMMARS: &[Grammar] = &[
    Grammar {
        module: "uri",
        rule: "crate::grammar::Rule",
        parser: "crate::grammar::UriParser",
        files: &["uri.pest"],
        entries: &[],
        reference: true,
        role_macro: Some("__uri_rule_roles"),
        feature: None,
    },
    Grammar {
        module: "iri",
        rule: "crate::iri::IriRule",
        parser: "crate::iri::IriParser",
        files: &["src/iri/docs.pest", "uri.pest", "iri.pest"],
        entries: &[],
        reference: true,
        role_macro: Some("__iri_rule_roles"),
        feature: Some("iri"),
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
        reference: false,
        role_macro: None,
        feature: Some("template"),
    },
];

/// Where the generated parsers are kept, from the crate's root.
pub const GENERATED: &str = "src/compiled/generated";

/// The generator's files, from the crate's root: present in the
/// repository, absent from the published package (which carries the
/// generated parsers, and no generator to compile them again).
pub const GENERATOR: &str = "generator";

impl Grammar {
    /// The name the generator gives the grammar in its messages.
    pub fn name(&self) -> String {
        format!("{} ({})", self.module, self.files.join(" + "))
    }

    /// Its two generated files: the parser, then the `Rule` type.
    pub fn outputs(&self) -> [String; 2] {
        [
            format!("{}.rs", self.module),
            format!("{}_rule.rs", self.module),
        ]
    }

    /// The fingerprint of what the generator reads for this grammar: its
    /// files, byte for byte, and how it is compiled.
    pub fn fingerprint(&self, root: &Path) -> io::Result<u64> {
        let mut hash = Fnv::new();
        hash.field(b"rfc3986 generated parser 1");
        hash.field(self.module.as_bytes());
        hash.field(self.rule.as_bytes());
        hash.field(self.entries.join(" ").as_bytes());
        hash.field(&[u8::from(self.reference)]);
        hash.field(self.role_macro.unwrap_or("").as_bytes());
        for file in self.files {
            hash.field(file.as_bytes());
            hash.field(&fs::read(root.join(file))?);
        }
        Ok(hash.finish())
    }

    /// The first line of each generated file: the fingerprints of what it
    /// was generated from.
    pub fn header(&self, grammar: u64, generator: u64) -> String {
        format!(
            "// Generated from {}: grammar {grammar:#018x}, generator {generator:#018x} (build/grammars.rs).\n",
            self.files.join(" + "),
        )
    }

    /// Whether the generated files under `dir` were generated from this
    /// grammar as it is in `root` (and, where `generator` is known, by this
    /// generator).
    pub fn is_current(&self, dir: &Path, grammar: u64, generator: Option<u64>) -> bool {
        self.outputs().iter().all(|file| {
            let Ok(text) = fs::read_to_string(dir.join(file)) else {
                return false;
            };
            let Some(line) = text.lines().next() else {
                return false;
            };
            match generator {
                Some(generator) => line == self.header(grammar, generator).trim_end(),
                // Any generator: the part of the header before it.
                None => {
                    let header = self.header(grammar, 0);
                    let known = &header[..header.find(", generator ").unwrap_or(0)];
                    line.starts_with(known)
                }
            }
        })
    }
}

/// The fingerprint of the generator's sources (its manifest, which pins
/// pest_meta, and every file under its `src/`), where they are: in the
/// repository, `Some`; in the published package, `None`. A line whose
/// first non-blank characters are `//` (a comment, or a doc comment) is
/// left out, and so is the indentation of the others: documenting the
/// generator does not make the generated files stale.
pub fn generator_fingerprint(root: &Path) -> io::Result<Option<u64>> {
    let dir = root.join(GENERATOR);
    let manifest = dir.join("Cargo.toml");
    if !manifest.is_file() {
        return Ok(None);
    }
    let mut files = vec![manifest];
    let mut dirs = vec![dir.join("src")];
    while let Some(d) = dirs.pop() {
        for entry in fs::read_dir(&d)? {
            let path = entry?.path();
            if path.is_dir() {
                dirs.push(path);
            } else {
                files.push(path);
            }
        }
    }
    files.sort();
    let mut hash = Fnv::new();
    for file in &files {
        let relative = file.strip_prefix(&dir).unwrap_or(file);
        hash.field(relative.to_string_lossy().replace('\\', "/").as_bytes());
        hash.field(&code_lines(&fs::read(file)?));
    }
    Ok(Some(hash.finish()))
}

/// `source` without its comment lines (those whose first non-blank
/// characters are `//`) and without each other line's indentation.
fn code_lines(source: &[u8]) -> Vec<u8> {
    let mut code = Vec::with_capacity(source.len());
    for line in source.split(|&b| b == b'\n') {
        let line = line.trim_ascii();
        if !line.starts_with(b"//") {
            code.extend_from_slice(line);
            code.push(b'\n');
        }
    }
    code
}

/// FNV-1a, 64 bits, over fields each preceded by its length (so that no
/// two lists of fields hash the same bytes).
struct Fnv(u64);

impl Fnv {
    fn new() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }

    fn field(&mut self, bytes: &[u8]) {
        self.bytes(&(bytes.len() as u64).to_le_bytes());
        self.bytes(bytes);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}
