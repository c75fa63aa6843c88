//! `examples/custom_scheme.rs`: a scheme grammar of the user's own runs
//! through the crate's mechanism and reports its violations by rule and
//! byte.

#[allow(dead_code)]
#[path = "../../examples/custom_scheme.rs"]
mod redis;

use redis::RedisUri;
use rfc3986::schemes::SchemeError;
use rfc3986::ErrorKind;
use rstest::rstest;

#[rstest]
#[case("redis://localhost", "localhost", 6379, None, None, 0)]
#[case("redis://localhost:6380/15", "localhost", 6380, None, None, 15)]
#[case(
    "redis://:secret@cache.example.com/2",
    "cache.example.com",
    6379,
    None,
    Some("secret"),
    2
)]
#[case(
    "redis://alice:s3%20cret@cache.example.com:6380/2",
    "cache.example.com",
    6380,
    Some("alice"),
    Some("s3 cret"),
    2
)]
#[case("redis://alice:@[::1]", "[::1]", 6379, Some("alice"), Some(""), 0)]
#[case("REDIS://192.0.2.16:7000/0", "192.0.2.16", 7000, None, None, 0)]
fn valid(
    #[case] input: &str,
    #[case] host: &str,
    #[case] port: u16,
    #[case] user: Option<&str>,
    #[case] password: Option<&str>,
    #[case] db: u32,
) {
    let redis = RedisUri::parse(input).unwrap();
    assert_eq!(redis.host(), host);
    assert_eq!(redis.port_or_default(), port);
    assert_eq!(redis.user.as_deref(), user);
    assert_eq!(redis.password.as_deref(), password);
    assert_eq!(redis.db, db);
}

#[rstest]
#[case::db_not_a_number(
    "redis://cache.example.com/db2",
    "db-number",
    26,
    "invalid redis URI at byte 26: expected redis db-number, found 'd'"
)]
#[case::db_too_big(
    "redis://localhost/4294967296",
    "db-number",
    18,
    "invalid redis URI at byte 18: expected a database number below 2^32, found '4'"
)]
// A user needs a ":" password after it, so "alice" is read as the host.
#[case::user_without_password(
    "redis://alice@localhost",
    "redis-URI",
    13,
    "invalid redis URI at byte 13: expected redis-URI, found '@'"
)]
#[case::path_after_db(
    "redis://localhost/1/2",
    "db-number",
    19,
    "invalid redis URI at byte 19: expected redis db-number, found '/'"
)]
#[case::other_scheme(
    "rediss://localhost",
    "redis-URI",
    0,
    "invalid redis URI at byte 0: expected redis-URI, found 'r'"
)]
fn violations(
    #[case] input: &str,
    #[case] rule: &str,
    #[case] offset: usize,
    #[case] message: &str,
) {
    let err = RedisUri::parse(input).unwrap_err();
    super::assert_violation(input, &err, rule, offset, message);
}

#[test]
fn generic_errors_come_first() {
    match RedisUri::parse("redis://local host/0").unwrap_err() {
        SchemeError::Syntax(err) => assert_eq!(
            (err.kind(), err.offset()),
            (ErrorKind::InvalidCharacter, 13)
        ),
        other => panic!("{other:?}"),
    }
}

/// What `cargo run --example custom_scheme` prints.
#[test]
fn example_output() {
    let mut out = Vec::new();
    let valid = redis::show(
        &[
            "redis://alice:s3cret@cache.example.com:6380/2",
            "redis://cache.example.com/db2",
        ],
        &mut out,
    )
    .unwrap();
    assert!(!valid);
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "redis://alice:s3cret@cache.example.com:6380/2
  host      cache.example.com
  port      6380
  user      Some(\"alice\")
  password  Some(\"***\")
  db        2
redis://cache.example.com/db2
  error     invalid redis URI at byte 26: expected redis db-number, found 'd'
  redis://cache.example.com/db2
                            ^
"
    );
}
