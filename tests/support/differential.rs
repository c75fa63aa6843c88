//! The differential comparison against `fluent-uri`, an independent,
//! hand-written RFC 3986 parser. Shared by `tests/parse/differential.rs` and the
//! `differential` fuzz target (through `#[path]`).

use rfc3986::{ErrorKind, Uri};

/// How the two parsers agreed on an input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Agreement {
    /// Both accept it, with the same components.
    BothValid,
    /// Both reject it.
    BothInvalid,
    /// fluent-uri accepts a port above 65535, which the grammar allows
    /// (`port = *DIGIT`) and this crate rejects by design
    /// (`ErrorKind::PortRange`); everything else agrees.
    PortOutOfRange,
}

/// The components of a parsed reference, as written, for comparison.
#[derive(Debug, PartialEq, Eq)]
pub struct Components<'a> {
    pub scheme: Option<&'a str>,
    pub authority: Option<&'a str>,
    pub userinfo: Option<&'a str>,
    pub host: Option<&'a str>,
    pub port: Option<&'a str>,
    pub path: &'a str,
    pub query: Option<&'a str>,
    pub fragment: Option<&'a str>,
}

pub fn ours<S: rfc3986::Storage>(uri: &Uri<S>) -> Components<'_> {
    Components {
        scheme: uri.scheme(),
        authority: uri.authority().map(|a| a.as_str()),
        userinfo: uri.userinfo(),
        host: uri.host_str(),
        port: uri.port_str(),
        path: uri.path(),
        query: uri.query(),
        fragment: uri.fragment(),
    }
}

pub fn theirs<'a>(uri: &fluent_uri::UriRef<&'a str>) -> Components<'a> {
    let authority = uri.authority();
    Components {
        scheme: uri.scheme().map(|s| s.as_str()),
        authority: authority.map(|a| a.as_str()),
        userinfo: authority.and_then(|a| a.userinfo()).map(|u| u.as_str()),
        host: authority.map(|a| a.host()),
        port: authority.and_then(|a| a.port()).map(|p| p.as_str()),
        path: uri.path().as_str(),
        query: uri.query().map(|q| q.as_str()),
        fragment: uri.fragment().map(|f| f.as_str()),
    }
}

/// Parses `input` with both crates and says how they agree, or describes
/// the disagreement.
pub fn compare(input: &str) -> Result<Agreement, String> {
    let mine = Uri::parse(input);
    let other = fluent_uri::UriRef::parse(input);
    match (&mine, &other) {
        (Ok(mine), Ok(other)) => {
            let (a, b) = (ours(mine), theirs(other));
            if a == b {
                Ok(Agreement::BothValid)
            } else {
                Err(format!(
                    "{input:?}: components differ\n rfc3986:    {a:?}\n fluent-uri: {b:?}"
                ))
            }
        }
        (Err(_), Err(_)) => Ok(Agreement::BothInvalid),
        (Err(err), Ok(other)) if err.kind() == ErrorKind::PortRange => {
            let port = other
                .authority()
                .and_then(|a| a.port())
                .map(|p| p.as_str())
                .unwrap_or("");
            let digits = port.trim_start_matches('0');
            let above = digits.len() > 5 || digits.parse::<u32>().is_ok_and(|n| n > 65535);
            let at = other.authority().map(|a| a.as_str().len()).unwrap_or(0);
            if above && at > 0 {
                Ok(Agreement::PortOutOfRange)
            } else {
                Err(format!(
                    "{input:?}: rfc3986 says port out of range ({err}), fluent-uri's port is {port:?}"
                ))
            }
        }
        (Err(err), Ok(other)) => Err(format!(
            "{input:?}: rfc3986 rejects it ({err}), fluent-uri accepts it as {:?}",
            theirs(other)
        )),
        (Ok(mine), Err(err)) => Err(format!(
            "{input:?}: rfc3986 accepts it as {:?}, fluent-uri rejects it ({:?} at {})",
            ours(mine),
            err.kind(),
            err.index()
        )),
    }
}
