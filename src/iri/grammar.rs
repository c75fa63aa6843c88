//! The parsers derived from `uri.pest` and `iri.pest`, and the table that
//! maps the IRI grammar's rules to the RFC 3986 rules the lowering reads.

#[cfg(feature = "pest-parsers")]
pub use derived::{IriParser, Rule as IriRule};
#[cfg(not(feature = "pest-parsers"))]
pub use generated::Rule as IriRule;

/// The `Rule` type of `uri.pest` + `iri.pest` as the build script declares
/// it, where pest_derive's parser is not built (see `crate::grammar`).
#[cfg(not(feature = "pest-parsers"))]
#[allow(rustdoc::broken_intra_doc_links, rustdoc::invalid_html_tags)]
mod generated {
    include!(concat!(env!("OUT_DIR"), "/iri_rule.rs"));
}

/// The derive's output, in a module of its own (as in `crate::grammar`):
/// pest documents the `Rule` enum from the grammar's comments but not the
/// helper functions it generates.
#[cfg(feature = "pest-parsers")]
#[allow(missing_docs)]
mod derived {
    use pest_derive::Parser;

    /// The parser that `pest_derive` generates from `uri.pest` and
    /// `iri.pest`, the RFC 3987 section 2.2 grammar at the root of this
    /// crate.
    ///
    /// [`Iri::parse`](crate::Iri::parse) uses it (with the entry rule
    /// `iri_reference_input`) to explain a failure; its rules can be used
    /// directly, for example to check that a string is an `ipath-absolute`:
    ///
    /// ```
    /// use pest::Parser;
    /// use rfc3986::{IriParser, IriRule};
    ///
    /// let pairs = IriParser::parse(IriRule::ipath_absolute, "/caf\u{e9}/b?q").unwrap();
    /// assert_eq!(pairs.as_str(), "/caf\u{e9}/b");
    /// ```
    ///
    /// # Errors
    ///
    /// pest's [`pest::error::Error`], returned as it is, whose message
    /// repeats the input's line however long it is, as
    /// [`UriParser`](crate::UriParser)'s does. For an error of bounded
    /// size, call [`parse_rule`](crate::parse_rule):
    ///
    /// ```
    /// use rfc3986::{parse_rule, IriParser, IriRule};
    ///
    /// let input = format!("/{}\u{fffe}", "\u{e9}".repeat(1 << 19));
    /// let err = parse_rule::<IriParser, _>(IriRule::iri_reference_input, &input).unwrap_err();
    /// assert!(err.to_string().len() < 200);
    /// assert_eq!(err.offset(), 1 + (1 << 20));
    /// ```
    #[derive(Parser)]
    // The docs of `IriRule`, which pest takes from the grammar's `//!`
    // lines, in the order of the files: its own, before uri.pest's (the
    // build script gives the same files to the generator, which declares
    // the same `IriRule` without this parser).
    #[grammar = "iri/docs.pest"]
    #[grammar = "../uri.pest"]
    #[grammar = "../iri.pest"]
    pub struct IriParser;
}

/// The `IriRule` the build script declares where pest_derive's parser is
/// not built is pest_derive's: the same variants, in the same order.
#[cfg(test)]
#[cfg(feature = "pest-parsers")]
mod tests {
    #[allow(dead_code, missing_docs)]
    mod generated {
        include!(concat!(env!("OUT_DIR"), "/iri_rule.rs"));
    }

    #[test]
    fn the_build_scripts_rule_is_pest_derives() {
        use crate::grammar::tests::numbered;
        let ours = numbered(generated::Rule::all_rules(), |rule| rule as usize);
        let pests = numbered(super::IriRule::all_rules(), |rule| rule as usize);
        assert_eq!(ours, pests);
        assert_eq!(generated::Rule::EOI as usize, super::IriRule::EOI as usize);
        assert!(ours.len() > 60, "{ours:?}");
    }
}
