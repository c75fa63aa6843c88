//! Between this crate's types and others': conversions to and from
//! `http::Uri` and `url::Url` (`http_url.rs`), serde (`serde.rs`), and what
//! a user of `url` or `fluent-uri` reaches for under the names they know
//! (`conveniences.rs`).

mod conveniences;
mod http_url;
mod serde;
