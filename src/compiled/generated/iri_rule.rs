// Generated from src/iri/docs.pest + uri.pest + iri.pest: grammar 0x6a0857340cb4d8f5, generator 0x6137b99b5116fb75 (build/grammars.rs).
#[doc = "The rules of `iri.pest`, RFC 3987 \"Internationalized Resource\nIdentifiers (IRIs)\" section 2.2, on top of those of `uri.pest`: one\nvariant for each rule of the two files, which `IriParser` can start\nfrom. The rules the two RFCs share keep their RFC 3986 names (`scheme`,\n`IP_literal`, `port`...); those RFC 3987 extends to characters above\nASCII have its names (`ihost`, `ipath_absolute`, `iquery`...), and\n`iri_reference_input` anchors `IRI-reference` to the whole input, where\n`Iri::parse` starts.\n\nWhat follows is the description of `uri.pest`, the rules they build on.\n\nThe rules of `uri.pest`: RFC 3986 \"Uniform Resource Identifier (URI):\nGeneric Syntax\", Appendix A, transcribed rule by rule into a pest grammar.\n\nNames: each ABNF rule keeps its name, with \"-\" written \"_\".\nOrder: the Appendix's order, then the RFC 5234 core rules it uses, then\nthe rules of IPv6address's rewrite, then the entry points.\n\nThis file is the single source of truth for what the crate accepts. The\nparsers the crate has are generated from it and nothing else:\n\n- the crate's own, which `Uri::parse` runs: the crate's grammar compiler\n  (the rfc3986-generator crate, generator/) compiles this file through\n  pest_meta, pest_derive's front end, into Rust (kept in\n  src/compiled/generated/, and compiled again by the build script\n  where this file changed), in two variants of one parser. The fast variant runs\n  every parse: it accepts the same strings and records the same pairs as\n  pest_derive's. The diagnostic variant runs once, only after the fast\n  one rejected an input: it records what pest records for an error (the\n  furthest byte at which a rule failed, and the rules tried there), from\n  which the crate says what is wrong and where (`Uri::parse`'s errors\n  read only that byte and the components' spans there, and run it\n  without the rules tried, recording nothing: the fast variant kept\n  those spans where it missed the end of input);\n- pest_derive's (`rfc3986::UriParser`), which `parse_with` and users' own\n  grammars build on, and which the tests compare both variants with:\n  tests/grammars/compiled.rs on every input of the property generator,\n  the differential corpus, its damaged copies and the hostile inputs\n  (the same verdict, pairs and error), the `verify-compiled` feature on\n  every string the test suite parses, and tests/grammars/compiler.rs on\n  small grammars of the compiler's own.\n\nEdit this file and all follow: `Uri::parse` accepts what it says, and\nexplains what it rejects in its terms.\n\nABNF is not PEG. Where a rule must be written differently to accept exactly\nthe same language, the change is as small as possible and carries a\n\"// PEG:\" comment that says why. A rule written differently only to be\nfaster carries a \"// PERF:\" comment with the figure that justifies it, and\na test that holds it to the rule as the RFC writes it. IPv6address is the\none: its nine alternatives are merged so that the address is read once\n(with the rules that hold their rests, after the RFC's). The rewrites made\nfor pest_derive's parser (a lookahead for the \"@\" of a userinfo, a DIGIT\nguard on IPv4address, ranges for `unreserved` and `sub-delims`) made no\ndifference to the compiled one (BENCHMARKS.md) and are gone. Everything\nelse is a literal transcription.\n\nRoles: the rules whose matches are the parts of a URI reference (the\nscheme, the authority and its userinfo, host and port, the path, the\nquery, the fragment, and the entries below) say so in their doc comment,\nwith a line `Role: <name>` (see `src/compiled/role.rs` for the names).\nThe parse records the pairs of those rules, by their role, into the one\nrecord of where each component lies; nothing in the crate knows a rule\nby its name. Only those rules produce pairs. Rules that only group them\n(URI-reference, URI, hier-part, host, ...) are silent (_), and the rules\ninside them are atomic (@) or silent, so a URI's parse tree has a\nhandful of pairs, not one per character.\n\nABNF string literals are case-insensitive (RFC 5234 section 2.3); only the\n\"v\" of IPvFuture and the hexadecimal digits contain letters, and both are\nwritten to accept either case.\n\nEntry points: the RFC's rules are not anchored (an ABNF rule describes a\nwhole string only when a caller says so). The rules at the end of this file,\nafter the RFC's, anchor them between SOI and EOI for the crate's parser."]
#[allow(dead_code, non_camel_case_types, clippy::upper_case_acronyms)]
#[derive(Clone, Copy, Debug, Eq, Hash, Ord, PartialEq, PartialOrd)]
pub enum Rule {
    #[doc = "End-of-input"]
    EOI,
    #[doc = "URI-reference = URI / relative-ref"]
    r#URI_reference,
    #[doc = "URI = scheme \":\" hier-part [ \"?\" query ] [ \"#\" fragment ]"]
    r#URI,
    #[doc = "absolute-URI = scheme \":\" hier-part [ \"?\" query ]"]
    r#absolute_URI,
    #[doc = "relative-ref = relative-part [ \"?\" query ] [ \"#\" fragment ]"]
    r#relative_ref,
    #[doc = "relative-part = \"//\" authority path-abempty\n              / path-absolute\n              / path-noscheme\n              / path-empty"]
    r#relative_part,
    #[doc = "scheme = ALPHA *( ALPHA / DIGIT / \"+\" / \"-\" / \".\" )\n\nRole: scheme"]
    r#scheme,
    #[doc = "hier-part = \"//\" authority path-abempty\n          / path-absolute\n          / path-rootless\n          / path-empty"]
    r#hier_part,
    #[doc = "query = *( pchar / \"/\" / \"?\" )\n\nRole: query"]
    r#query,
    #[doc = "fragment = *( pchar / \"/\" / \"?\" )\n\nRole: fragment"]
    r#fragment,
    #[doc = "authority = [ userinfo \"@\" ] host [ \":\" port ]\n\nRole: authority"]
    r#authority,
    #[doc = "path = path-abempty    ; begins with \"/\" or is empty\n     / path-absolute   ; begins with \"/\" but not \"//\"\n     / path-noscheme   ; begins with a non-colon segment\n     / path-rootless   ; begins with a segment\n     / path-empty      ; zero characters\n\nRole: path"]
    r#path,
    #[doc = "path-abempty = *( \"/\" segment )\n\nRole: path-abempty"]
    r#path_abempty,
    #[doc = "path-absolute = \"/\" [ segment-nz *( \"/\" segment ) ]\n\nRole: path-absolute"]
    r#path_absolute,
    #[doc = "path-noscheme = segment-nz-nc *( \"/\" segment )\n\nRole: path-noscheme"]
    r#path_noscheme,
    #[doc = "path-rootless = segment-nz *( \"/\" segment )\n\nRole: path-rootless"]
    r#path_rootless,
    #[doc = "path-empty = 0<pchar>\n\nRole: path-empty"]
    r#path_empty,
    #[doc = "pchar = unreserved / pct-encoded / sub-delims / \":\" / \"@\""]
    r#pchar,
    #[doc = "userinfo = *( unreserved / pct-encoded / sub-delims / \":\" )\n\nRole: userinfo"]
    r#userinfo,
    #[doc = "host = IP-literal / IPv4address / reg-name\n\nRole: host"]
    r#host,
    #[doc = "port = *DIGIT\n\nRole: port"]
    r#port,
    #[doc = "segment = *pchar"]
    r#segment,
    #[doc = "segment-nz = 1*pchar"]
    r#segment_nz,
    #[doc = "segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / \"@\" )\n              ; non-zero-length segment without any colon \":\""]
    r#segment_nz_nc,
    #[doc = "IP-literal = \"[\" ( IPv6address / IPvFuture ) \"]\"\n\nRole: IP-literal"]
    r#IP_literal,
    #[doc = "IPv4address = dec-octet \".\" dec-octet \".\" dec-octet \".\" dec-octet\n\nRole: IPv4address"]
    r#IPv4address,
    #[doc = "reg-name = *( unreserved / pct-encoded / sub-delims )\n\nRole: reg-name"]
    r#reg_name,
    #[doc = "IPv6address =                            6( h16 \":\" ) ls32\n            /                       \"::\" 5( h16 \":\" ) ls32\n            / [               h16 ] \"::\" 4( h16 \":\" ) ls32\n            / [ *1( h16 \":\" ) h16 ] \"::\" 3( h16 \":\" ) ls32\n            / [ *2( h16 \":\" ) h16 ] \"::\" 2( h16 \":\" ) ls32\n            / [ *3( h16 \":\" ) h16 ] \"::\"    h16 \":\"   ls32\n            / [ *4( h16 \":\" ) h16 ] \"::\"              ls32\n            / [ *5( h16 \":\" ) h16 ] \"::\"              h16\n            / [ *6( h16 \":\" ) h16 ] \"::\"\n\nRole: IPv6address"]
    r#IPv6address,
    #[doc = "IPvFuture = \"v\" 1*HEXDIG \".\" 1*( unreserved / sub-delims / \":\" )\n\nRole: IPvFuture"]
    r#IPvFuture,
    #[doc = "dec-octet = DIGIT                 ; 0-9\n          / %x31-39 DIGIT         ; 10-99\n          / \"1\" 2DIGIT            ; 100-199\n          / \"2\" %x30-34 DIGIT     ; 200-249\n          / \"25\" %x30-35          ; 250-255"]
    r#dec_octet,
    #[doc = "ls32 = ( h16 \":\" h16 ) / IPv4address\n     ; least-significant 32 bits of address"]
    r#ls32,
    #[doc = "h16 = 1*4HEXDIG\n    ; 16 bits of address represented in hexadecimal"]
    r#h16,
    #[doc = "pct-encoded = \"%\" HEXDIG HEXDIG"]
    r#pct_encoded,
    #[doc = "unreserved = ALPHA / DIGIT / \"-\" / \".\" / \"_\" / \"~\""]
    r#unreserved,
    #[doc = "reserved = gen-delims / sub-delims"]
    r#reserved,
    #[doc = "gen-delims = \":\" / \"/\" / \"?\" / \"#\" / \"[\" / \"]\" / \"@\""]
    r#gen_delims,
    #[doc = "sub-delims = \"!\" / \"$\" / \"&\" / \"'\" / \"(\" / \")\"\n           / \"*\" / \"+\" / \",\" / \";\" / \"=\""]
    r#sub_delims,
    #[doc = "ALPHA = %x41-5A / %x61-7A   ; A-Z / a-z"]
    r#ALPHA,
    #[doc = "DIGIT = %x30-39             ; 0-9"]
    r#DIGIT,
    #[doc = "HEXDIG = DIGIT / \"A\" / \"B\" / \"C\" / \"D\" / \"E\" / \"F\""]
    r#HEXDIG,
    #[doc = "What may follow the \"::\" of an IPv6address when 7 pieces of 16 bits are\nstill free: as many pieces as the RFC's alternatives take, an\nIPv4address counting two."]
    r#IPv6_tail_7,
    #[doc = "IPv6_tail_7 with 6 pieces free."]
    r#IPv6_tail_6,
    #[doc = "IPv6_tail_7 with 5 pieces free."]
    r#IPv6_tail_5,
    #[doc = "IPv6_tail_7 with 4 pieces free."]
    r#IPv6_tail_4,
    #[doc = "IPv6_tail_7 with 3 pieces free."]
    r#IPv6_tail_3,
    #[doc = "IPv6_tail_7 with 2 pieces free: ls32, or one h16."]
    r#IPv6_tail_2,
    #[doc = "A whole input that is a URI-reference.\n\nRole: URI-reference entry"]
    r#uri_reference_input,
    #[doc = "A whole input that is a URI (section 3): a reference with a scheme.\n\nRole: URI entry"]
    r#uri_input,
    #[doc = "IRI = scheme \":\" ihier-part [ \"?\" iquery ]\n                     [ \"#\" ifragment ]"]
    r#IRI,
    #[doc = "ihier-part = \"//\" iauthority ipath-abempty\n           / ipath-absolute\n           / ipath-rootless\n           / ipath-empty"]
    r#ihier_part,
    #[doc = "IRI-reference = IRI / irelative-ref"]
    r#IRI_reference,
    #[doc = "absolute-IRI = scheme \":\" ihier-part [ \"?\" iquery ]"]
    r#absolute_IRI,
    #[doc = "irelative-ref = irelative-part [ \"?\" iquery ] [ \"#\" ifragment ]"]
    r#irelative_ref,
    #[doc = "irelative-part = \"//\" iauthority ipath-abempty\n               / ipath-absolute\n               / ipath-noscheme\n               / ipath-empty"]
    r#irelative_part,
    #[doc = "iauthority = [ iuserinfo \"@\" ] ihost [ \":\" port ]\n\nRole: authority"]
    r#iauthority,
    #[doc = "iuserinfo = *( iunreserved / pct-encoded / sub-delims / \":\" )\n\nRole: userinfo"]
    r#iuserinfo,
    #[doc = "ihost = IP-literal / IPv4address / ireg-name\n\nRole: host"]
    r#ihost,
    #[doc = "ireg-name = *( iunreserved / pct-encoded / sub-delims )\n\nRole: reg-name"]
    r#ireg_name,
    #[doc = "ipath = ipath-abempty   ; begins with \"/\" or is empty\n      / ipath-absolute  ; begins with \"/\" but not \"//\"\n      / ipath-noscheme  ; begins with a non-colon segment\n      / ipath-rootless  ; begins with a segment\n      / ipath-empty     ; zero characters\n\nRole: path"]
    r#ipath,
    #[doc = "ipath-abempty = *( \"/\" isegment )\n\nRole: path-abempty"]
    r#ipath_abempty,
    #[doc = "ipath-absolute = \"/\" [ isegment-nz *( \"/\" isegment ) ]\n\nRole: path-absolute"]
    r#ipath_absolute,
    #[doc = "ipath-noscheme = isegment-nz-nc *( \"/\" isegment )\n\nRole: path-noscheme"]
    r#ipath_noscheme,
    #[doc = "ipath-rootless = isegment-nz *( \"/\" isegment )\n\nRole: path-rootless"]
    r#ipath_rootless,
    #[doc = "ipath-empty = 0<ipchar>\n\nRole: path-empty"]
    r#ipath_empty,
    #[doc = "isegment = *ipchar"]
    r#isegment,
    #[doc = "isegment-nz = 1*ipchar"]
    r#isegment_nz,
    #[doc = "isegment-nz-nc = 1*( iunreserved / pct-encoded / sub-delims\n                     / \"@\" )\n               ; non-zero-length segment without any colon \":\""]
    r#isegment_nz_nc,
    #[doc = "ipchar = iunreserved / pct-encoded / sub-delims / \":\"\n       / \"@\""]
    r#ipchar,
    #[doc = "iquery = *( ipchar / iprivate / \"/\" / \"?\" )\n\nRole: query"]
    r#iquery,
    #[doc = "ifragment = *( ipchar / \"/\" / \"?\" )\n\nRole: fragment"]
    r#ifragment,
    #[doc = "iunreserved = ALPHA / DIGIT / \"-\" / \".\" / \"_\" / \"~\" / ucschar"]
    r#iunreserved,
    #[doc = "ucschar = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF\n        / %x10000-1FFFD / %x20000-2FFFD / %x30000-3FFFD\n        / %x40000-4FFFD / %x50000-5FFFD / %x60000-6FFFD\n        / %x70000-7FFFD / %x80000-8FFFD / %x90000-9FFFD\n        / %xA0000-AFFFD / %xB0000-BFFFD / %xC0000-CFFFD\n        / %xD0000-DFFFD / %xE1000-EFFFD"]
    r#ucschar,
    #[doc = "iprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD"]
    r#iprivate,
    #[doc = "The bidirectional formatting characters of section 4.1, which \"IRIs\nMUST NOT contain\": LRM, RLM, LRE, RLE, LRO, RLO and PDF. They are\n`ucschar`s, so the grammar accepts them; `Iri::bidi_formatting` finds\nthem, and URI-to-IRI conversion (section 3.2, step 4) and normalization\nleave them percent-encoded."]
    r#bidi_formatting,
    #[doc = "A whole input that is an IRI-reference.\n\nRole: URI-reference entry"]
    r#iri_reference_input,
    #[doc = "A whole input that is an IRI (one with a scheme).\n\nRole: URI entry"]
    r#iri_input,
}

impl Rule {
    /// Every rule of the grammar but `EOI`, in the order of its files.
    pub fn all_rules() -> &'static [Rule] {
        &[Rule::r#URI_reference, Rule::r#URI, Rule::r#absolute_URI, Rule::r#relative_ref, Rule::r#relative_part, Rule::r#scheme, Rule::r#hier_part, Rule::r#query, Rule::r#fragment, Rule::r#authority, Rule::r#path, Rule::r#path_abempty, Rule::r#path_absolute, Rule::r#path_noscheme, Rule::r#path_rootless, Rule::r#path_empty, Rule::r#pchar, Rule::r#userinfo, Rule::r#host, Rule::r#port, Rule::r#segment, Rule::r#segment_nz, Rule::r#segment_nz_nc, Rule::r#IP_literal, Rule::r#IPv4address, Rule::r#reg_name, Rule::r#IPv6address, Rule::r#IPvFuture, Rule::r#dec_octet, Rule::r#ls32, Rule::r#h16, Rule::r#pct_encoded, Rule::r#unreserved, Rule::r#reserved, Rule::r#gen_delims, Rule::r#sub_delims, Rule::r#ALPHA, Rule::r#DIGIT, Rule::r#HEXDIG, Rule::r#IPv6_tail_7, Rule::r#IPv6_tail_6, Rule::r#IPv6_tail_5, Rule::r#IPv6_tail_4, Rule::r#IPv6_tail_3, Rule::r#IPv6_tail_2, Rule::r#uri_reference_input, Rule::r#uri_input, Rule::r#IRI, Rule::r#ihier_part, Rule::r#IRI_reference, Rule::r#absolute_IRI, Rule::r#irelative_ref, Rule::r#irelative_part, Rule::r#iauthority, Rule::r#iuserinfo, Rule::r#ihost, Rule::r#ireg_name, Rule::r#ipath, Rule::r#ipath_abempty, Rule::r#ipath_absolute, Rule::r#ipath_noscheme, Rule::r#ipath_rootless, Rule::r#ipath_empty, Rule::r#isegment, Rule::r#isegment_nz, Rule::r#isegment_nz_nc, Rule::r#ipchar, Rule::r#iquery, Rule::r#ifragment, Rule::r#iunreserved, Rule::r#ucschar, Rule::r#iprivate, Rule::r#bidi_formatting, Rule::r#iri_reference_input, Rule::r#iri_input, ]
    }
}
