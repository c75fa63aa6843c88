//! Section 5.3 recomposition from a parsed reference's accessors, shared
//! by the property tests and the `parse` fuzz target.

use rfc3986::Uri;

/// The components of a parsed reference joined back as RFC 3986 section
/// 5.3 does: scheme ":", "//" authority, path, "?" query, "#" fragment.
pub fn recompose<S: rfc3986::Storage>(uri: &Uri<S>) -> String {
    let mut s = String::new();
    if let Some(scheme) = uri.scheme() {
        s.push_str(scheme);
        s.push(':');
    }
    if let Some(authority) = uri.authority() {
        s.push_str("//");
        if let Some(userinfo) = authority.userinfo() {
            s.push_str(userinfo);
            s.push('@');
        }
        s.push_str(authority.host_str());
        if let Some(port) = authority.port_str() {
            s.push(':');
            s.push_str(port);
        }
    }
    s.push_str(uri.path());
    if let Some(query) = uri.query() {
        s.push('?');
        s.push_str(query);
    }
    if let Some(fragment) = uri.fragment() {
        s.push('#');
        s.push_str(fragment);
    }
    s
}
