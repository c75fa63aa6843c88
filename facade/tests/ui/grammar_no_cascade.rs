// A grammar with a mistake (`ssh_host` is not defined), and code that uses
// what the derive declares: the mistake is the only error, and the code
// that names `Rule`, `parse`, `parse_pairs`, the `Grammar` trait and the
// literal macro does not fail with it.
use rfc3986::schemes::Grammar;

#[derive(rfc3986::Grammar)]
#[grammar_inline = r#"
ssh_URI = ${ ^"ssh://" ~ ssh_host ~ path_abempty }
ssh_input = _{ SOI ~ ssh_URI ~ EOI }
"#]
#[literal_macro = "ssh"]
struct Ssh;

const HOME: rfc3986::schemes::Parsed<'static, Ssh> = ssh!(Rule::ssh_input, "ssh://example.com/");

fn main() {
    let parsed = Ssh::parse(Rule::ssh_input, "ssh://example.com/").unwrap();
    assert_eq!(parsed.get(Rule::ssh_URI), Some("ssh://example.com/"));
    assert!(Ssh::parse_pairs(Rule::host, "example.com").is_ok());
    assert!(<Ssh as Grammar>::parse(Rule::EOI, "").is_err());
    assert_eq!(HOME.as_str(), "");
}
