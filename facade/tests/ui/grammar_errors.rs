// Five grammars with a mistake each, which users of RFC ABNF make: each
// is one error that names the file, the line and the column, and says
// what to write instead. The code that uses them fails with nothing more.

// A hyphenated name, as RFC ABNF writes it.
mod hyphen {
    #[derive(rfc3986::Grammar)]
    #[grammar_inline = "ssh_URI = { ^\"ssh://\" ~ host ~ path-abempty }"]
    pub struct Ssh;

    pub fn run() {
        let _ = Ssh::parse(Rule::ssh_URI, "ssh://example.com/");
    }
}

// A rule of uri.pest's, defined again.
mod redefined {
    #[derive(rfc3986::Grammar)]
    #[grammar_inline = "
my_URI = { ^\"my://\" ~ host }
host = { ALPHA+ }
"]
    pub struct My;

    pub fn run() {
        let _ = My::parse(Rule::my_URI, "my://example");
    }
}

// A rule named with a keyword that no raw identifier can be.
mod keyword {
    #[derive(rfc3986::Grammar)]
    #[grammar_inline = "me = { ^\"me:\" ~ self }\nself = { ALPHA+ }"]
    pub struct Me;

    pub fn run() {
        let _ = Me::parse(Rule::me, "me:x");
    }
}

// RFC 3966's global-number-digits = "+" *phonedigit DIGIT *phonedigit,
// transcribed rule for rule: a PEG trap, which the lints find.
mod greedy {
    #[derive(rfc3986::Grammar)]
    #[grammar_inline = "
phonedigit = _{ DIGIT | \"-\" | \".\" }
global_number_digits = @{ \"+\" ~ phonedigit* ~ DIGIT ~ phonedigit* }
"]
    pub struct Tel;

    pub fn run() {
        let _ = Tel::parse_pairs(Rule::global_number_digits, "+1-201");
    }
}

// A marker that extends a rule uri.pest does not define.
mod extends_nothing {
    #[derive(rfc3986::Grammar)]
    #[grammar_inline = "
// #[extends]: RFC 6874
zone_literal = ${ \"[\" ~ IPv6address ~ \"]\" }
"]
    pub struct Zone;

    pub fn run() {
        let _ = Zone::parse_pairs(Rule::zone_literal, "[::1]");
    }
}

fn main() {
    hyphen::run();
    greedy::run();
    redefined::run();
    keyword::run();
    extends_nothing::run();
}
