// A setter called on a `Uri<&str>`, which borrows its text: the error
// names `Owned` and says that `.to_owned()` gives a `Uri`.
use rfc3986::Uri;

fn main() {
    let mut uri = Uri::parse("http://example.com/a").unwrap();
    uri.set_query(Some("q=1")).unwrap();
}
