//! Prints every broken link of the repository and fails, or says there is
//! none. `cargo run --manifest-path .ci/links/Cargo.toml [-- ROOT]`: the
//! repository that holds it, or the one at ROOT.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[path = "../../../tests/docs/links.rs"]
mod links;

fn main() -> ExitCode {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let given = std::env::args_os().nth(1).map(PathBuf::from);
    let root = given
        .as_deref()
        .unwrap_or_else(|| manifest.ancestors().nth(2).unwrap());
    let broken = links::broken_links(root);
    if broken.is_empty() {
        println!("no broken link");
        return ExitCode::SUCCESS;
    }
    for link in &broken {
        eprintln!("{link}");
    }
    eprintln!("{} broken links", broken.len());
    ExitCode::FAILURE
}
