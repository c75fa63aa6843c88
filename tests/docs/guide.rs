//! The guide (`docs/`): each chapter's examples run, and the README
//! leads to each chapter; the session of the `uri` tool prints what it
//! shows.

use std::path::Path;

const README: &str = include_str!("../../README.md");
#[cfg(feature = "cli")]
const CLI: &str = include_str!("../../docs/cli.md");

/// The Markdown files of `docs/`, by name, with their text.
fn chapters() -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs");
    let mut chapters: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .map(|path| {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&path).unwrap())
        })
        .collect();
    chapters.sort();
    assert!(chapters.len() >= 11, "{chapters:?}");
    chapters
}

/// The text of every Rust source file under `dir`.
fn sources(dir: &Path, out: &mut String) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push_str(&std::fs::read_to_string(&path).unwrap());
        }
    }
}

/// A chapter with Rust examples is the rustdoc of a module of the crate
/// (`include_str!`), so that its examples run as doctests: in a Markdown
/// file alone, nothing would run them.
#[test]
fn every_chapter_with_examples_is_in_the_crate_docs() {
    let mut src = String::new();
    sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut src);
    let mut with_examples = 0;
    for (name, text) in chapters() {
        if text.contains("```rust\n") {
            with_examples += 1;
            assert!(
                src.contains(&format!("docs/{name}\")]")),
                "docs/{name} has examples, and no module's docs include it"
            );
        }
    }
    assert!(with_examples >= 9, "{with_examples}");
}

/// The README's map links every chapter of the guide (all of `docs/` but
/// the contributors' file): a new user finds each one link from the first
/// screen.
#[test]
fn the_readme_links_every_chapter() {
    for (name, _) in chapters() {
        if name != "CONTRIBUTING.md" {
            assert!(
                README.contains(&format!("](docs/{name})")),
                "the README does not link docs/{name}"
            );
        }
    }
}

/// The README is a first screen and a map (at most 20 KB), and
/// BENCHMARKS.md holds the latest run only (at most 15 KB): the guide, and
/// the history in git, hold the rest.
#[test]
fn the_readme_and_benchmarks_stay_short() {
    const BENCHMARKS: &str = include_str!("../../BENCHMARKS.md");
    assert!(
        README.len() <= 20_000,
        "README.md is {} bytes",
        README.len()
    );
    assert!(
        BENCHMARKS.len() <= 15_000,
        "BENCHMARKS.md is {} bytes",
        BENCHMARKS.len()
    );
}

/// The guide's session of the `uri` tool (docs/cli.md) runs as it is
/// written, in `bash` (its `printf` takes `\u`), with the tool built from
/// this crate on the `PATH`: each command whose output the guide shows
/// whole prints it. (A `printf` of a URI once printed
/// `http://a/0.000000e+00`, reading its `%7e` as a format.)
/// Commands on a file of the reader's (`urls.txt`), and outputs cut short
/// with `...`, are left out.
#[cfg(feature = "cli")]
#[test]
fn cli_session_runs_as_written() {
    let block = CLI
        .split_once("```console\n")
        .and_then(|(_, rest)| rest.split_once("\n```"))
        .expect("the guide shows a session of the uri tool")
        .0;
    let bin = std::path::Path::new(env!("CARGO_BIN_EXE_uri"));
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut compared = 0;
    let mut lines = block.lines().peekable();
    while let Some(line) = lines.next() {
        let command = line.strip_prefix("$ ").expect("a command first");
        // A comment follows a command after spaces: `   # ...`.
        let command = command
            .split_once("   #")
            .map_or(command, |(c, _)| c)
            .trim_end();
        let mut expected = String::new();
        while let Some(out) = lines.next_if(|line| !line.starts_with("$ ")) {
            expected.push_str(out);
            expected.push('\n');
        }
        if expected.is_empty() || expected.contains("...") || command.contains("urls.txt") {
            continue;
        }
        let output = std::process::Command::new("bash")
            .args(["-c", command])
            .env("PATH", &path)
            .output()
            .unwrap();
        assert_eq!(
            String::from_utf8(output.stdout).unwrap(),
            expected,
            "{command}"
        );
        compared += 1;
    }
    assert!(compared >= 7, "{compared} commands compared");
}
