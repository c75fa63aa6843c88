//! The README shows the demo's output and gives commands; both must stay
//! true. (The README's Rust examples run as doctests.)

const README: &str = include_str!("../README.md");
const CI: &str = include_str!("../.ci/run");

/// The demo command of the README: the `uri` tool through `cargo run`, so
/// that a newcomer builds the library, clap and serde, and none of the
/// dev-dependencies (the benchmarks' peer crates).
const DEMO: &str = "cargo run --features cli -- parse ";

/// The README's demo command line, and the URI it shows.
fn demo() -> (&'static str, &'static str) {
    let command = README
        .lines()
        .find(|line| line.starts_with(DEMO))
        .expect("the README gives the demo command");
    let uri = command.trim_start_matches(DEMO).trim_matches('\'');
    (command, uri)
}

/// The first ```text block of the README is the output of the `uri parse`
/// command above it.
#[cfg(feature = "cli")]
#[test]
fn readme_shows_the_demo_output() {
    let (_, uri) = demo();
    let shown = README
        .split_once("```text\n")
        .and_then(|(_, rest)| rest.split_once("```"))
        .expect("the README shows the demo's output")
        .0;

    let output = assert_cmd::cargo::cargo_bin_cmd!("uri")
        .args(["parse", uri])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8(output.stdout).unwrap(), shown);
    assert_eq!(String::from_utf8(output.stderr).unwrap(), "");
}

/// CI runs the README's demo command as it is written.
#[test]
fn ci_runs_the_readme_demo_command() {
    let (command, _) = demo();
    assert!(
        CI.lines()
            .any(|line| line.trim_start().starts_with(command)),
        "CI does not run `{command}`"
    );
}

/// CI runs the test command the README gives a newcomer: the command of
/// the `sh` block after "Run the tests".
#[test]
fn ci_runs_the_readme_test_command() {
    let command = README
        .split_once("Run the tests")
        .and_then(|(_, rest)| rest.split_once("```sh\n"))
        .and_then(|(_, rest)| rest.split_once("\n```"))
        .expect("the README gives a test command")
        .0;
    assert!(command.starts_with("cargo test"), "{command}");
    assert!(
        CI.lines().any(|line| line == command),
        "CI does not run `{command}`"
    );
}
