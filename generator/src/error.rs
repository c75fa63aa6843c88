//! Why a grammar cannot be compiled ([`CompileError`]). The bottom of the
//! compiler: every stage may fail with it, and it imports none of them.

use std::fmt;

/// Why a grammar cannot be compiled: the rule at fault, what is wrong, and
/// the line and column of the grammar's text where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompileError {
    /// The rule at fault: the one whose definition holds the error, or
    /// `"grammar"` when the error is outside every rule.
    pub rule: String,
    /// What is wrong, in one line.
    pub message: String,
    /// The line (from 1) of the grammar's text where the error is: where
    /// pest_meta located it, or else where the rule at fault is defined.
    pub line: Option<usize>,
    /// The column (from 1, in characters) of that line where the error
    /// is: where pest_meta located it, or else the offending name in the
    /// rule's definition where it can be found (`PUSH`, a built-in rule),
    /// or the rule's name where it is defined.
    pub column: Option<usize>,
}

impl CompileError {
    pub(crate) fn unsupported(rule: &str, construct: &str) -> CompileError {
        CompileError {
            rule: rule.to_string(),
            message: format!("the compiled parser does not support {construct}"),
            line: None,
            column: None,
        }
    }
}

impl fmt::Display for CompileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "rule `{}`: {}", self.rule, self.message)
    }
}

impl std::error::Error for CompileError {}
