//! Parsing: what a parse of a URI or IRI reference gives (every component,
//! hosts, the `AbsoluteUri` type, the type family and its storage), the
//! errors and where they point, the lowering of a parse tree into a
//! reference, and the robustness checks on it: property, differential,
//! hostile-input and security tests and the regressions they found, and
//! `is_valid`, the verdict without the diagnosis.

mod absolute;
mod components;
mod differential;
mod errors;
mod family;
mod hostile;
mod hosts;
mod iri;
mod iri_properties;
mod literal;
mod lowering;
mod properties;
mod regressions;
mod security;
mod verdict;
