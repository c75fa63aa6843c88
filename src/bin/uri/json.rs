//! The JSON object of an error, as `uri parse --json` and `uri check
//! --json` print it.

use rfc3986::schemes::SchemeError;
use rfc3986::ParseError;
use serde::Serialize;

use crate::lines::NotUtf8;

#[derive(Serialize)]
pub struct ErrorJson {
    /// The `ErrorKind` variant's name ("Host", "InvalidCharacter", ...),
    /// "SchemeViolation" for a rule of a scheme, "NotUtf8" for a line that
    /// is not UTF-8, "RelativeReference" for a relative reference where
    /// `uri check --absolute` wants an absolute one.
    kind: String,
    /// Byte offset into the input.
    offset: usize,
    expected: String,
    /// The character at the offset; `null` at the end of the input.
    found: Option<char>,
    /// The one-line message.
    message: String,
    /// For a scheme violation: the scheme and its rule.
    #[serde(skip_serializing_if = "Option::is_none")]
    scheme: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rule: Option<String>,
}

impl ErrorJson {
    pub fn parse(err: &ParseError) -> ErrorJson {
        ErrorJson {
            kind: format!("{:?}", err.kind()),
            offset: err.offset(),
            expected: err.expected().to_string(),
            found: err.found(),
            message: err.to_string(),
            scheme: None,
            rule: None,
        }
    }

    pub fn scheme(err: &SchemeError) -> ErrorJson {
        match err {
            SchemeError::Scheme(violation) => ErrorJson {
                kind: "SchemeViolation".to_string(),
                offset: violation.offset(),
                expected: violation.expected().to_string(),
                found: violation.found(),
                message: violation.to_string(),
                scheme: Some(violation.scheme().to_string()),
                rule: Some(violation.rule().to_string()),
            },
            SchemeError::Syntax(err) => ErrorJson::parse(err),
            // SchemeError is non_exhaustive.
            other => ErrorJson {
                kind: "Scheme".to_string(),
                offset: other.offset(),
                expected: String::new(),
                found: None,
                message: other.to_string(),
                scheme: None,
                rule: None,
            },
        }
    }

    /// A relative reference where `--absolute` wants an absolute one:
    /// `err` is its parse as one, `message` what `uri check` says of it.
    pub fn relative(err: &ParseError, message: String) -> ErrorJson {
        ErrorJson {
            kind: "RelativeReference".to_string(),
            offset: err.offset(),
            expected: err.expected().to_string(),
            found: err.found(),
            message,
            scheme: None,
            rule: None,
        }
    }

    pub fn not_utf8(err: &NotUtf8<'_>) -> ErrorJson {
        ErrorJson {
            kind: "NotUtf8".to_string(),
            offset: err.at,
            expected: "UTF-8".to_string(),
            found: None,
            message: err.to_string(),
            scheme: None,
            rule: None,
        }
    }
}
