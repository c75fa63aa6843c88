//! The parsers of `template.pest` (on `uri.pest` and `iri.pest`): the
//! `TemplateRule` type, and pest_derive's `TemplateParser`, the oracle the
//! comparisons check the compiled parser against (`pest-parsers`).

#[cfg(feature = "pest-parsers")]
pub use derived::{Rule as TemplateRule, TemplateParser};
#[cfg(not(feature = "pest-parsers"))]
pub use generated::Rule as TemplateRule;

/// The `TemplateRule` the build script declares where pest_derive's
/// parser is not built (see `crate::grammar`).
#[cfg(not(feature = "pest-parsers"))]
#[allow(rustdoc::broken_intra_doc_links, rustdoc::invalid_html_tags)]
mod generated {
    include!(concat!(env!("OUT_DIR"), "/template_rule.rs"));
}

/// The derive's output, in a module of its own (as in `crate::grammar`).
#[cfg(feature = "pest-parsers")]
#[allow(missing_docs)]
mod derived {
    use pest_derive::Parser;

    /// The parser that `pest_derive` generates from `uri.pest`, `iri.pest`
    /// and `template.pest`, the RFC 6570 section 2 grammar at the root of
    /// this crate. [`Template::parse`](crate::Template::parse) runs the
    /// compiled parser of the same files; this one is the oracle the tests
    /// compare it with, and can start from any rule:
    ///
    /// ```
    /// use pest::Parser;
    /// use rfc3986::{TemplateParser, TemplateRule};
    ///
    /// let pairs = TemplateParser::parse(TemplateRule::expression, "{?q,lang}x").unwrap();
    /// assert_eq!(pairs.as_str(), "{?q,lang}");
    /// ```
    ///
    /// # Errors
    ///
    /// pest's [`pest::error::Error`], returned as it is, whose message
    /// repeats the input's line however long it is, as
    /// [`UriParser`](crate::UriParser)'s does; see
    /// [`parse_rule`](crate::parse_rule) for an error of bounded size.
    #[derive(Parser)]
    #[grammar = "template/docs.pest"]
    #[grammar = "../uri.pest"]
    #[grammar = "../iri.pest"]
    #[grammar = "../template.pest"]
    pub struct TemplateParser;
}

/// The `TemplateRule` the build script declares where pest_derive's
/// parser is not built is pest_derive's: the same variants, in the same
/// order.
#[cfg(test)]
#[cfg(feature = "pest-parsers")]
mod tests {
    #[allow(dead_code, missing_docs)]
    mod generated {
        include!(concat!(env!("OUT_DIR"), "/template_rule.rs"));
    }

    #[test]
    fn the_build_scripts_rule_is_pest_derives() {
        use crate::grammar::tests::numbered;
        let ours = numbered(generated::Rule::all_rules(), |rule| rule as usize);
        let pests = numbered(
            crate::template::grammar::TemplateRule::all_rules(),
            |rule| rule as usize,
        );
        assert_eq!(ours, pests);
        assert!(ours.iter().any(|(name, _)| name == "varspec"), "{ours:?}");
    }
}
