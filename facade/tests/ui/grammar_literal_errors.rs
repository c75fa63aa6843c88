// Literals of a derived grammar that its parse rejects: each error is the
// parse's message, on the literal, with the line and column of the
// character at fault; then the mistakes of a call.
use rfc3986::schemes::Parsed;

mod redis {
    #[derive(rfc3986::Grammar)]
    #[grammar_inline = r#"
redis_URI = ${ ^"redis://" ~ host ~ (":" ~ port)? ~ ("/" ~ db_number)? }
db_number = @{ DIGIT+ }
redis_input = _{ SOI ~ redis_URI ~ EOI }
"#]
    #[literal_macro = "redis"]
    pub struct Redis;
}

mod tel {
    #[derive(rfc3986::Grammar)]
    #[grammar_inline = r##"
tel_URI = ${ ^"tel:" ~ number ~ (";" ~ param)* }
number = @{ "+" ~ DIGIT ~ (DIGIT | "-" | "#")* }
param = @{ ALPHA+ }
tel_input = _{ SOI ~ tel_URI ~ EOI }
"##]
    #[literal_macro = "tel"]
    pub struct Tel;
}

use redis::{redis, Redis};

// The grammar's violation, at the byte.
const DB: Parsed<'static, Redis> = redis!(redis::Rule::redis_input, "redis://cache/two");
// Not a URI reference at all: the generic grammar's error.
const SPACE: Parsed<'static, Redis> = redis!(redis::Rule::redis_input, "redis://ca che/");
// Read two ways: the number takes the `#` RFC 3986 starts a fragment with.
const HASH: Parsed<'static, tel::Tel> = tel::tel!(tel::Rule::tel_input, "tel:+1#2;ext");
// A rule the grammar does not have.
const NOPE: Parsed<'static, Redis> = redis!(redis::Rule::nope, "redis://cache/");
// A rule of another grammar.
const OTHER: Parsed<'static, Redis> = redis!(tel::Rule::tel_input, "tel:+1");
// The rule without its type, and no string.
const BARE: Parsed<'static, Redis> = redis!(redis_input, "redis://cache/");
const NOT_A_STRING: Parsed<'static, Redis> = redis!(redis::Rule::redis_input, b"redis://cache/");

fn main() {}
