// Literals that are not what their macro makes: each error is the parse's
// message (kind, byte, expected, found, the text with a caret), on the
// literal, with the line and column of the character at fault.
use rfc3986::{AbsoluteUri, Iri, Uri};
use rfc3986::{absolute_uri, iri, uri};

const SPACE: Uri<&str> = uri!("http://exa mple.com/");
const RELATIVE: AbsoluteUri<&str> = absolute_uri!("/b/c");
const PORT: Uri<&str> = uri!("http://example.com:65536/");
const ESCAPED: Iri<&str> = iri!("http://\u{e9}x/%g0");
const RAW: Uri<&str> = uri!(r#"http://a/"q""#);
const NOT_A_STRING: Uri<&str> = uri!(b"http://a/");
const TWO: Uri<&str> = uri!("http://a/", "http://b/");

fn main() {}
