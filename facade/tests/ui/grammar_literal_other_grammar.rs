// A rule of another grammar, of a name both grammars have (uri.pest's
// `host`): the literal was checked by redis's rules, not tel's, and the
// expansion says so when the constant is evaluated.
mod redis {
    #[derive(rfc3986::Grammar)]
    #[grammar_inline = r#"
redis_URI = ${ ^"redis://" ~ host ~ (":" ~ port)? }
redis_input = _{ SOI ~ redis_URI ~ EOI }
"#]
    #[literal_macro = "redis"]
    pub struct Redis;
}

mod tel {
    #[derive(rfc3986::Grammar)]
    #[grammar_inline = r#"
tel_URI = ${ ^"tel:" ~ number }
number = @{ "+" ~ DIGIT+ }
"#]
    #[literal_macro = "tel"]
    pub struct Tel;
}

const CROSSED: rfc3986::schemes::Parsed<'static, tel::Tel> = redis::redis!(tel::Rule::host, "cache");

fn main() {
    let _ = CROSSED;
}
