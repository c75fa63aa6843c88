//! Parses any UTF-8 input: never panics; a parse gives the input back,
//! recomposes from its components (RFC 3986 section 5.3) and keeps its
//! invariants; an error points at a character boundary inside the input
//! and displays in bounded space.

#![no_main]

use libfuzzer_sys::fuzz_target;
use rfc3986::{ErrorKind, Uri};

#[path = "../../tests/support/recompose.rs"]
mod recompose;

use recompose::recompose;

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else {
        return;
    };
    match Uri::parse(input) {
        Ok(uri) => {
            assert_eq!(uri.as_str(), input);
            assert_eq!(uri.to_string(), input);
            assert_eq!(recompose(&uri), input);
            uri.check_invariants().unwrap();
            assert_eq!(uri.is_relative(), uri.scheme().is_none());
            assert_eq!(
                uri.path_segments().collect::<Vec<_>>().join("/"),
                uri.path()
            );
            // The redacted form is a valid reference with the same host.
            let redacted = uri.redacted().to_string();
            let again = Uri::parse(&redacted).unwrap();
            assert_eq!(again.host_str(), uri.host_str());
            let _ = format!("{uri:?}");
        }
        Err(err) => {
            assert!(err.offset() <= input.len());
            assert!(input.is_char_boundary(err.offset()));
            if err.kind() != ErrorKind::PortRange {
                assert_eq!(err.found(), input[err.offset()..].chars().next());
            }
            let line = err.to_string();
            assert!(line.len() < 200 && !line.contains('\n'), "{line}");
            assert!(format!("{err:#}").len() < 200 + 2 * (3 + 64 * 10));
        }
    }
});
