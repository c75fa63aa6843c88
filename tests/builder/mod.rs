//! Building references and changing them: the builder and the setters
//! (encoding per component, disambiguation, errors), their properties,
//! the in-place edits of a path segment or a query pair, and the
//! form-encoded pairs.

mod build;
mod build_props;
mod edit;
mod form;
