//! No link of the documentation is broken, as GitHub shows the Markdown
//! files and as rustdoc shows the crates' docs.
//!
//! rustdoc's `-D warnings` fails on an intra-doc link that names no item,
//! but takes any link with a `/` or a `.` in it (`[uri.pest](uri.pest)`)
//! as a URL and writes it as it is: a file of the repository that no
//! docs.rs page has. This module finds those:
//!
//! - in every Markdown file of the repository, a relative link (inline, or
//!   a reference definition) must name a file or folder that exists, and
//!   its `#fragment`, if any, a heading of that Markdown file;
//! - in the docs rustdoc renders (the `//!` and `///` lines and the `doc`
//!   attributes of the published crates' sources, with the files they
//!   `include_str!`), a link must be external (`https:`), a fragment of a
//!   heading of the same docs, or an intra-doc path. A relative reference
//!   definition is allowed only where an earlier definition of the same
//!   label in the same docs overrides it (Markdown takes the first), as
//!   `src/guide/links.md` does for the guide's chapters.
//!
//! `broken_links` is also what `.ci/links` runs in CI's docs step (the
//! same file, by `#[path]`), so that a broken link fails there, before the
//! test step.

use std::path::{Component, Path, PathBuf};

/// The folders whose Rust sources rustdoc documents: the published crates'.
const DOCUMENTED: [&str; 5] = [
    "src",
    "facade/src",
    "macros/src",
    "derive/src",
    "generator/src",
];

/// Folders that hold no documentation of the repository's own.
const SKIPPED: [&str; 5] = [
    "target",
    "corpus",
    "artifacts",
    "node_modules",
    "proptest-regressions",
];

/// Every broken link of the repository at `root`, one line each: where it
/// is, the link, and what is wrong with it.
pub(crate) fn broken_links(root: &Path) -> Vec<String> {
    let mut broken = Vec::new();
    let mut markdown = Vec::new();
    walk(root, "md", &mut markdown);
    for file in &markdown {
        check_markdown(root, file, &mut broken);
    }
    for dir in DOCUMENTED {
        let mut sources = Vec::new();
        walk(&root.join(dir), "rs", &mut sources);
        for file in &sources {
            check_rustdoc(root, file, &mut broken);
        }
    }
    broken
}

/// The files under `dir` whose name ends in `.{ext}`, sorted; symbolic
/// links are left out (each names a file the walk reaches where it is).
fn walk(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.filter_map(Result::ok).collect();
    entries.sort_by_key(|entry| entry.file_name());
    for entry in entries {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        if kind.is_symlink() || name.starts_with('.') && name != ".ci" {
            continue;
        }
        if kind.is_dir() {
            if !SKIPPED.contains(&name.as_str()) {
                walk(&path, ext, out);
            }
        } else if path.extension().is_some_and(|e| e == ext) {
            out.push(path);
        }
    }
}

/// A link of a Markdown text: its destination, the label of a reference
/// definition (`None` for an inline link), and its line (from 1).
#[derive(Debug, PartialEq)]
struct Link {
    dest: String,
    definition: Option<String>,
    line: usize,
}

/// The links of a Markdown text, outside code blocks and code spans. A
/// reference definition starts a paragraph (CommonMark: it cannot
/// interrupt one), so `[x]: y` on a line that goes on a paragraph is text.
fn links(text: &str) -> Vec<Link> {
    let mut links = Vec::new();
    // Whether the line before starts no paragraph's text: the start, an
    // empty line, or a definition.
    let mut after_break = true;
    for (index, line) in prose_lines(text) {
        let trimmed = line.trim_start();
        let starts_block = after_break;
        after_break = trimmed.is_empty();
        if starts_block && line.len() - trimmed.len() <= 3 && trimmed.starts_with('[') {
            let definition = trimmed[1..].split_once("]:");
            if let Some((label, dest)) =
                definition.and_then(|(label, rest)| Some((label, rest.split_whitespace().next()?)))
            {
                links.push(Link {
                    dest: dest.trim_matches(['<', '>']).to_string(),
                    definition: Some(normalize_label(label)),
                    line: index + 1,
                });
                after_break = true;
                continue;
            }
        }
        let code = code_spans(line);
        let bytes = line.as_bytes();
        for at in 0..bytes.len().saturating_sub(1) {
            if bytes[at] == b']' && bytes[at + 1] == b'(' && !code[at] {
                links.push(Link {
                    dest: inline_destination(&line[at + 2..]),
                    definition: None,
                    line: index + 1,
                });
            }
        }
    }
    links
}

/// The lines of a Markdown text outside fenced code blocks, with their
/// index.
fn prose_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut fence: Option<String> = None;
    text.lines().enumerate().filter(move |(_, line)| {
        let trimmed = line.trim_start();
        let marker: String = trimmed
            .chars()
            .take_while(|c| *c == '`' || *c == '~')
            .collect();
        match &fence {
            Some(open) if trimmed.starts_with(open.as_str()) && trimmed.trim_end() == marker => {
                fence = None;
                false
            }
            Some(_) => false,
            None if marker.len() >= 3 && line.len() - trimmed.len() <= 3 => {
                fence = Some(marker);
                false
            }
            None => true,
        }
    })
}

/// For each byte of `line`, whether it is inside a code span (a run of
/// backticks, up to the next run of the same length).
fn code_spans(line: &str) -> Vec<bool> {
    let bytes = line.as_bytes();
    let mut inside = vec![false; bytes.len()];
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at] != b'`' {
            at += 1;
            continue;
        }
        let run = bytes[at..].iter().take_while(|b| **b == b'`').count();
        let ticks = &line[at..at + run];
        let close = line[at + run..]
            .match_indices(ticks)
            .map(|(i, _)| at + run + i)
            .find(|&i| bytes.get(i + run) != Some(&b'`') && bytes[i - 1] != b'`');
        match close {
            Some(end) => {
                inside[at..end + run].fill(true);
                at = end + run;
            }
            None => at += run,
        }
    }
    inside
}

/// The destination of an inline link, from the text after its `(`.
fn inline_destination(rest: &str) -> String {
    if let Some(angled) = rest.strip_prefix('<') {
        return angled.split('>').next().unwrap_or("").to_string();
    }
    let mut depth = 0;
    let end = rest
        .char_indices()
        .find(|&(_, c)| match c {
            '(' => {
                depth += 1;
                false
            }
            ')' if depth == 0 => true,
            ')' => {
                depth -= 1;
                false
            }
            c => c.is_whitespace(),
        })
        .map_or(rest.len(), |(i, _)| i);
    rest[..end].to_string()
}

/// A reference label as Markdown matches it: case-folded, with its runs of
/// white space made one space.
fn normalize_label(label: &str) -> String {
    label
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// What a destination is.
#[derive(Debug, PartialEq)]
enum Kind {
    /// `https:`, `mailto:` and any other scheme.
    External,
    /// `#heading`, on the same page.
    Fragment,
    /// An item's path, which rustdoc resolves (`Uri::parse`, `crate::guide`,
    /// `macro@uri`, `uri!`).
    Path,
    /// A file, relative to the page.
    Relative,
}

fn kind(dest: &str) -> Kind {
    let scheme = dest.split_once(':').is_some_and(|(scheme, rest)| {
        !rest.starts_with(':')
            && scheme.starts_with(|c: char| c.is_ascii_alphabetic())
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "+.-".contains(c))
    });
    if scheme {
        Kind::External
    } else if dest.starts_with('#') {
        Kind::Fragment
    } else if is_path(dest) {
        Kind::Path
    } else {
        Kind::Relative
    }
}

/// Whether rustdoc reads `dest` as an intra-doc link: a path of Rust
/// identifiers, with an optional disambiguator (`fn@`) and `()` or `!`.
fn is_path(dest: &str) -> bool {
    let dest = dest.split_once('@').map_or(dest, |(kind, rest)| {
        if kind.chars().all(|c| c.is_ascii_lowercase()) {
            rest
        } else {
            dest
        }
    });
    let dest = dest.strip_prefix("::").unwrap_or(dest);
    let dest = dest
        .strip_suffix("()")
        .or_else(|| dest.strip_suffix('!'))
        .unwrap_or(dest);
    !dest.is_empty()
        && dest.split("::").all(|part| {
            part.starts_with(|c: char| c.is_alphabetic() || c == '_')
                && part.chars().all(|c| c.is_alphanumeric() || c == '_')
        })
}

/// The anchors of a Markdown text's headings, as GitHub and rustdoc write
/// them: lowercase, spaces as `-`, other punctuation but `-` and `_`
/// dropped; a repeated one gets `-1`, `-2`, ...
fn anchors(text: &str) -> Vec<String> {
    let mut slugs: Vec<String> = Vec::new();
    let mut anchors = Vec::new();
    for (_, line) in prose_lines(text) {
        let hashes = line.chars().take_while(|c| *c == '#').count();
        if !(1..=6).contains(&hashes) || !line[hashes..].starts_with(' ') {
            continue;
        }
        let slug: String = line[hashes..]
            .trim()
            .to_lowercase()
            .chars()
            .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
            .map(|c| if c == ' ' { '-' } else { c })
            .collect();
        let seen = slugs.iter().filter(|s| **s == slug).count();
        anchors.push(if seen == 0 {
            slug.clone()
        } else {
            format!("{slug}-{seen}")
        });
        slugs.push(slug);
    }
    anchors
}

/// `path` shown relative to `root`.
fn shown(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}

/// `dir` joined with a relative `dest`, `..` and `.` resolved.
fn resolve(dir: &Path, dest: &str) -> PathBuf {
    let mut path = dir.to_path_buf();
    for part in Path::new(dest).components() {
        match part {
            Component::ParentDir => {
                path.pop();
            }
            Component::CurDir => {}
            part => path.push(part),
        }
    }
    path
}

/// A Markdown file as GitHub shows it: each relative link names a file or
/// folder that exists, and each fragment a heading of its Markdown page.
fn check_markdown(root: &Path, file: &Path, broken: &mut Vec<String>) {
    let Ok(text) = std::fs::read_to_string(file) else {
        return;
    };
    for link in links(&text) {
        let at = format!("{}:{}", shown(root, file), link.line);
        let (target, fragment) = match link.dest.split_once('#') {
            Some((target, fragment)) => (target, Some(fragment)),
            None => (link.dest.as_str(), None),
        };
        let target_path = match kind(&link.dest) {
            Kind::External => continue,
            Kind::Fragment => file.to_path_buf(),
            // An item's path, in a file that only rustdoc reads
            // (`src/guide/links.md`); a bare name (`docs`) is a file too.
            Kind::Path if link.dest.contains("::") => continue,
            Kind::Path | Kind::Relative => {
                let path = resolve(file.parent().unwrap_or(root), target);
                if !path.exists() {
                    broken.push(format!("{at}: `{}`: no such file", link.dest));
                    continue;
                }
                path
            }
        };
        if let Some(fragment) = fragment {
            if target_path.extension().is_some_and(|e| e == "md") {
                let target_text = std::fs::read_to_string(&target_path).unwrap_or_default();
                if !anchors(&target_text).iter().any(|a| a == fragment) {
                    broken.push(format!("{at}: `{}`: no such heading", link.dest));
                }
            }
        }
    }
}

/// One piece of the docs rustdoc renders for an item: the text, and the
/// file and line it comes from.
struct Piece {
    text: String,
    file: PathBuf,
    line: usize,
}

/// Adds the text of a doc comment's line (`line`, from 1) to `block`: to
/// its last piece where that is the comment's line before, so that a code
/// block or a link over several lines reads as one.
fn push_line(block: &mut Vec<Piece>, file: &Path, line: usize, text: &str) {
    let text = text.strip_prefix(' ').unwrap_or(text);
    match block.last_mut() {
        Some(last) if last.file == file && last.line + last.text.lines().count() == line => {
            last.text.push_str(text);
            last.text.push('\n');
        }
        _ => block.push(Piece {
            text: format!("{text}\n"),
            file: file.to_path_buf(),
            line,
        }),
    }
}

/// The docs of a Rust source file, as rustdoc reads them: the file's own
/// (its `//!` lines and `#![doc]` attributes) first, then each item's
/// (`///` lines and `#[doc]` attributes in a row), each a list of pieces
/// in order. An item under `#[cfg(doctest)]` is left out: rustdoc runs its
/// examples but renders nothing of it.
fn rustdoc_blocks(file: &Path, source: &str) -> Vec<Vec<Piece>> {
    let dir = file.parent().unwrap_or(Path::new("."));
    let mut inner = Vec::new();
    let mut blocks = Vec::new();
    let mut outer: Vec<Piece> = Vec::new();
    let mut doctest_only = false;
    let mut lines = source.lines().enumerate();
    while let Some((index, line)) = lines.next() {
        let trimmed = line.trim_start();
        if let Some(text) = trimmed.strip_prefix("//!") {
            push_line(&mut inner, file, index + 1, text);
        } else if let Some(text) = trimmed.strip_prefix("///").filter(|t| !t.starts_with('/')) {
            push_line(&mut outer, file, index + 1, text);
        } else if trimmed.starts_with("#[") || trimmed.starts_with("#![") {
            let mut attribute = trimmed.to_string();
            while !balanced(&attribute) {
                let Some((_, next)) = lines.next() else { break };
                attribute.push('\n');
                attribute.push_str(next);
            }
            doctest_only |= attribute.replace(' ', "") == "#[cfg(doctest)]";
            let pieces = doc_pieces(&attribute, dir, file, index + 1);
            if trimmed.starts_with("#![") {
                inner.extend(pieces);
            } else {
                outer.extend(pieces);
            }
        } else if !trimmed.starts_with("//") {
            if !doctest_only && !outer.is_empty() {
                blocks.push(std::mem::take(&mut outer));
            }
            outer.clear();
            doctest_only = false;
        }
    }
    blocks.insert(0, inner);
    blocks
}

/// Whether an attribute's brackets are all closed (outside its strings).
fn balanced(attribute: &str) -> bool {
    let mut depth = 0i32;
    let mut in_string = false;
    let mut escaped = false;
    for c in attribute.chars() {
        match (in_string, c) {
            (true, _) if escaped => escaped = false,
            (true, '\\') => escaped = true,
            (true, '"') => in_string = false,
            (false, '"') => in_string = true,
            (false, '[') => depth += 1,
            (false, ']') => depth -= 1,
            _ => {}
        }
    }
    depth <= 0
}

/// The text an attribute adds to the docs: its `doc = "..."` strings (the
/// literals of a `concat!` too), and the files of `doc =
/// include_str!("...")`, read relative to `dir`.
fn doc_pieces(attribute: &str, dir: &Path, file: &Path, line: usize) -> Vec<Piece> {
    let Some((_, value)) = attribute.split_once("doc =") else {
        return Vec::new();
    };
    if let Some(rest) = value.trim_start().strip_prefix("include_str!(\"") {
        let name = rest.split('"').next().unwrap_or("");
        let path = resolve(dir, name);
        return vec![Piece {
            text: std::fs::read_to_string(&path).unwrap_or_default(),
            file: path,
            line: 1,
        }];
    }
    let mut text = String::new();
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        if c != '"' {
            continue;
        }
        while let Some(c) = chars.next() {
            match c {
                '"' => break,
                '\\' => match chars.next() {
                    Some('n') => text.push('\n'),
                    Some('t') => text.push('\t'),
                    Some('\n') => {
                        let rest: String = chars.clone().collect();
                        let skipped = rest.len() - rest.trim_start().len();
                        chars.nth(skipped.saturating_sub(1));
                    }
                    Some(other) => text.push(other),
                    None => {}
                },
                c => text.push(c),
            }
        }
    }
    vec![Piece {
        text,
        file: file.to_path_buf(),
        line,
    }]
}

/// A Rust source file's docs as rustdoc renders them: no link to a file
/// (no docs.rs page has one), unless an earlier definition of its label
/// overrides it; each fragment a heading of the same docs.
fn check_rustdoc(root: &Path, file: &Path, broken: &mut Vec<String>) {
    let Ok(source) = std::fs::read_to_string(file) else {
        return;
    };
    for block in rustdoc_blocks(file, &source) {
        let whole: String = block.iter().map(|p| format!("{}\n", p.text)).collect();
        // rustdoc's own anchors (`#method.parse`) are not headings.
        let item_anchor = |dest: &str| dest.contains('.');
        let headings = anchors(&whole);
        let mut defined: Vec<String> = Vec::new();
        for piece in &block {
            for link in links(&piece.text) {
                let at = format!(
                    "{}:{}",
                    shown(root, &piece.file),
                    piece.line + link.line - 1
                );
                let overridden = link
                    .definition
                    .as_ref()
                    .is_some_and(|l| defined.contains(l));
                if let Some(label) = link.definition {
                    defined.push(label);
                }
                match kind(&link.dest) {
                    Kind::Relative if !overridden => broken.push(format!(
                        "{at}: `{}`: a file, which rustdoc's pages do not have \
                         (link an item, or a URL that holds once published)",
                        link.dest
                    )),
                    Kind::Fragment
                        if !item_anchor(&link.dest)
                            && !headings.iter().any(|a| *a == link.dest[1..]) =>
                    {
                        broken.push(format!("{at}: `{}`: no such heading", link.dest));
                    }
                    _ => {}
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_link_is_broken() {
        // The repository's root: this package's, or two folders above
        // `.ci/links`, which runs these tests too.
        let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
        let root = manifest
            .ancestors()
            .find(|dir| dir.join("uri.pest").exists())
            .unwrap();
        let broken = broken_links(root);
        assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
    }

    /// A repository of the given files, in a folder of its own.
    fn repository(name: &str, files: &[(&str, &str)]) -> PathBuf {
        let root =
            std::env::temp_dir().join(format!("rfc3986-links-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        for (path, text) in files {
            let path = root.join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        root
    }

    fn check(name: &str, files: &[(&str, &str)]) -> Vec<String> {
        let root = repository(name, files);
        let broken = broken_links(&root);
        std::fs::remove_dir_all(&root).unwrap();
        broken
    }

    #[test]
    fn a_markdown_link_to_no_file_is_broken() {
        let broken = check(
            "markdown",
            &[
                ("uri.pest", ""),
                (
                    "README.md",
                    "# Title\n\n[the grammar](uri.pest), [gone](iri.pest),\n\
                     [a folder](docs), [a chapter][c], [a heading](#title),\n\
                     [no heading](#nowhere), [a URL](https://example.com/x.md)\n\n\
                     [c]: docs/a.md#section\n",
                ),
                (
                    "docs/a.md",
                    "# A\n\n## Section\n\n[back](../README.md#no-such)\n",
                ),
            ],
        );
        assert_eq!(
            broken,
            [
                "README.md:3: `iri.pest`: no such file",
                "README.md:5: `#nowhere`: no such heading",
                "docs/a.md:5: `../README.md#no-such`: no such heading",
            ]
        );
    }

    /// A reference definition starts a paragraph: `[x]: y` on a line that
    /// goes on one is text, not a link to `y`.
    #[test]
    fn a_definition_does_not_interrupt_a_paragraph() {
        let broken = check(
            "paragraph",
            &[(
                "README.md",
                "The pairs, from\n[`f`]: `+` is a space.\n\n[g]: gone.md\n",
            )],
        );
        assert_eq!(broken, ["README.md:4: `gone.md`: no such file"]);
    }

    #[test]
    fn code_is_not_a_link() {
        let broken = check(
            "code",
            &[(
                "README.md",
                "`[a](gone.md)` and ``[b](gone.md)``\n\n```rust\n// [c](gone.md)\n```\n\n    [d]: ok\n",
            )],
        );
        assert_eq!(broken, Vec::<String>::new());
    }

    #[test]
    fn a_file_linked_from_rustdoc_is_broken() {
        let broken = check(
            "rustdoc",
            &[
                ("uri.pest", ""),
                (
                    "src/lib.rs",
                    "//! The [grammar](../uri.pest), [`Uri`], [`parse`](Uri::parse),\n\
                     //! [below](#usage), [above](#nowhere) and [docs.rs](https://docs.rs/x).\n\
                     //!\n//! # Usage\n\
                     #![doc = \"[uri.pest]: ../uri.pest\"]\n\n\
                     /// [`macro@uri`], [`uri!`], [`f()`](crate::m::f())\n\
                     #[doc = include_str!(\"../docs/chapter.md\")]\n\
                     pub mod m {}\n\n\
                     #[cfg(doctest)]\n\
                     #[doc = include_str!(\"../README.md\")]\n\
                     struct ReadmeDoctests;\n",
                ),
                ("docs/chapter.md", "[next](next.md)\n"),
                ("docs/next.md", "Next.\n"),
                ("README.md", "[grammar](uri.pest)\n"),
            ],
        );
        assert_eq!(
            broken,
            [
                "src/lib.rs:1: `../uri.pest`: a file, which rustdoc's pages do not have \
                 (link an item, or a URL that holds once published)",
                "src/lib.rs:2: `#nowhere`: no such heading",
                "src/lib.rs:5: `../uri.pest`: a file, which rustdoc's pages do not have \
                 (link an item, or a URL that holds once published)",
                "docs/chapter.md:1: `next.md`: a file, which rustdoc's pages do not have \
                 (link an item, or a URL that holds once published)",
            ]
        );
    }

    /// A relative definition that an earlier one of the same label
    /// overrides is what rustdoc follows: the earlier one.
    #[test]
    fn an_overridden_definition_is_not_followed() {
        let files = |prelude: &'static str| {
            [
                (
                    "src/lib.rs",
                    "/// The guide.\npub mod guide {\n\
                     #[doc = include_str!(\"links.md\")]\n\
                     #[doc = include_str!(\"../docs/a.md\")]\n\
                     pub mod a {}\n}\n",
                ),
                ("src/links.md", prelude),
                (
                    "docs/a.md",
                    "See [the next chapter][b.md].\n\n[b.md]: b.md\n",
                ),
                ("docs/b.md", "B.\n"),
            ]
        };
        assert_eq!(
            check("override", &files("[B.md]: crate::guide::b\n")),
            Vec::<String>::new()
        );
        assert_eq!(
            check("no-override", &files("[c.md]: crate::guide::c\n")),
            [
                "docs/a.md:3: `b.md`: a file, which rustdoc's pages do not have \
              (link an item, or a URL that holds once published)"
            ]
        );
    }
}
