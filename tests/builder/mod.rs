//! Building references and changing them: the builder and the setters
//! (encoding per component, disambiguation, errors), their properties,
//! and the in-place edits of a path segment or a query pair.

mod build;
mod build_props;
mod edit;
