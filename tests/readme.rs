//! The README shows the demo's output and gives commands; both must stay
//! true. (The README's Rust examples run as doctests.)

#[allow(dead_code)]
#[path = "../examples/uri.rs"]
mod demo;

const README: &str = include_str!("../README.md");

/// The first ```text block of the README is the demo's output for the URI
/// in the `cargo run --example uri` command above it.
#[test]
fn readme_shows_the_demo_output() {
    let command = README
        .lines()
        .find(|line| line.starts_with("cargo run --example uri -- "))
        .expect("the README gives the demo command");
    let uri = command
        .trim_start_matches("cargo run --example uri -- ")
        .trim_matches('\'');
    let shown = README
        .split_once("```text\n")
        .and_then(|(_, rest)| rest.split_once("```"))
        .expect("the README shows the demo's output")
        .0;

    let mut output = Vec::new();
    let mut all_valid = true;
    demo::show(&[uri], false, &mut output, &mut all_valid).unwrap();
    assert!(all_valid);
    assert_eq!(String::from_utf8(output).unwrap(), shown);
}

/// CI runs the test command the README gives a newcomer: the command of
/// the `sh` block after "Run the tests".
#[test]
fn ci_runs_the_readme_test_command() {
    let ci = include_str!("../.ci/run");
    let command = README
        .split_once("Run the tests")
        .and_then(|(_, rest)| rest.split_once("```sh\n"))
        .and_then(|(_, rest)| rest.split_once("\n```"))
        .expect("the README gives a test command")
        .0;
    assert!(command.starts_with("cargo test"), "{command}");
    assert!(
        ci.lines().any(|line| line == command),
        "CI does not run `{command}`"
    );
}
