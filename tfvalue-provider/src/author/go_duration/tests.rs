//! Go's durations: values and messages as `time.ParseDuration` gives them, and the edges
//! (overflow, fractions, signs, bytes beyond ASCII).

use super::*;

fn ok(text: &str) -> Duration {
    parse_duration(text).unwrap_or_else(|e| panic!("{text:?}: {e}"))
}

fn err(text: &str) -> String {
    match parse_duration(text) {
        Ok(d) => panic!("{text:?} parsed as {d:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn values_as_go_reads_them() {
    let cases: &[(&str, u64)] = &[
        ("0", 0),
        ("+0", 0),
        ("-0", 0),
        ("0s", 0),
        ("-0s", 0),
        ("5s", 5_000_000_000),
        ("30s", 30_000_000_000),
        ("1478s", 1_478_000_000_000),
        ("+5s", 5_000_000_000),
        ("5.0s", 5_000_000_000),
        ("5.6s", 5_600_000_000),
        ("5.s", 5_000_000_000),
        (".5s", 500_000_000),
        ("1.0s", 1_000_000_000),
        ("1.00s", 1_000_000_000),
        ("1.004s", 1_004_000_000),
        ("1.0040s", 1_004_000_000),
        ("100.00100s", 100_001_000_000),
        ("10ns", 10),
        ("11us", 11_000),
        ("12\u{b5}s", 12_000),
        ("12\u{3bc}s", 12_000),
        ("13ms", 13_000_000),
        ("14s", 14_000_000_000),
        ("15m", 900_000_000_000),
        ("16h", 57_600_000_000_000),
        ("3h30m", 12_600_000_000_000),
        ("1h30m", 5_400_000_000_000),
        ("1.5h", 5_400_000_000_000),
        ("2h45m10.5s", 9_910_500_000_000),
        ("10.5s4m", 250_500_000_000),
        ("1h2m3s4ms5us6ns", 3_723_004_005_006),
        ("39h9m14.425s", 140_954_425_000_000),
        // Fractions exact to the nanosecond.
        ("52763797000ns", 52_763_797_000),
        ("0.3333333333333333333h", 1_200_000_000_000),
        ("9007199254740993ns", 9_007_199_254_740_993),
        ("9223372036854775807ns", 9_223_372_036_854_775_807),
        ("9223372036854775.807us", 9_223_372_036_854_775_807),
        ("9223372036s854ms775us807ns", 9_223_372_036_854_775_807),
        // Many fraction digits: those past what fits add nothing.
        ("0.100000000000000000000h", 360_000_000_000),
        ("0.830103483285477580700h", 2_988_372_539_827),
    ];
    for &(text, nanos) in cases {
        assert_eq!(ok(text), Duration::from_nanos(nanos), "{text:?}");
    }
}

#[test]
fn refusals_read_as_go_writes_them() {
    let cases: &[(&str, &str)] = &[
        ("", r#"time: invalid duration """#),
        ("3", r#"time: missing unit in duration "3""#),
        ("10", r#"time: missing unit in duration "10""#),
        ("-", r#"time: invalid duration "-""#),
        ("+", r#"time: invalid duration "+""#),
        ("s", r#"time: invalid duration "s""#),
        (".", r#"time: invalid duration ".""#),
        ("-.", r#"time: invalid duration "-.""#),
        (".s", r#"time: invalid duration ".s""#),
        ("+.s", r#"time: invalid duration "+.s""#),
        ("1x", r#"time: unknown unit "x" in duration "1x""#),
        ("10x", r#"time: unknown unit "x" in duration "10x""#),
        ("1d", r#"time: unknown unit "d" in duration "1d""#),
        ("1S", r#"time: unknown unit "S" in duration "1S""#),
        ("1e3s", r#"time: unknown unit "e" in duration "1e3s""#),
        ("1hour", r#"time: unknown unit "hour" in duration "1hour""#),
        ("1..5s", r#"time: missing unit in duration "1..5s""#),
        ("1s ", r#"time: unknown unit "s " in duration "1s ""#),
        (" 1s", r#"time: invalid duration " 1s""#),
        ("1h-30m", r#"time: unknown unit "h-" in duration "1h-30m""#),
        ("--1s", r#"time: invalid duration "--1s""#),
        ("1s\"", r#"time: unknown unit "s\"" in duration "1s\"""#),
        ("\\1s", r#"time: invalid duration "\\1s""#),
        ("1\ts", r#"time: unknown unit "\x09s" in duration "1\x09s""#),
        ("\u{663}s", r#"time: invalid duration "\xd9\xa3s""#),
        (
            "5\u{b5}x",
            r#"time: unknown unit "\xc2\xb5x" in duration "5\xc2\xb5x""#,
        ),
        (
            "3\u{fffd}",
            r#"time: unknown unit "\xef\xbf\xbd" in duration "3\xef\xbf\xbd""#,
        ),
    ];
    for &(text, message) in cases {
        assert_eq!(err(text), message, "{text:?}");
    }
}

#[test]
fn overflow_is_an_invalid_duration() {
    for text in [
        "9223372036854775808ns",
        "9223372036854775.808us",
        "9223372036854ms775us808ns",
        "18446744073709551616ns",
        "99999999999999999999999999999s",
        "2562048h",
        "2562047.8h",
        "2562047h47m16.854775808s",
        "9223372036854775807ns1ns",
        "9223372036854775808ns9223372036854775808ns",
    ] {
        assert_eq!(
            err(text),
            format!("time: invalid duration {}", quote(text)),
            "{text:?}"
        );
    }
    // The largest whole hours that fit, and one nanosecond less than the limit.
    assert_eq!(ok("2562047h"), Duration::from_secs(2_562_047 * 3600));
    assert_eq!(
        ok("2562047h47m16.854775807s"),
        Duration::from_nanos(i64::MAX.unsigned_abs())
    );
}

#[test]
fn negative_durations_are_refused_though_go_reads_them() {
    for text in ["-1s", "-1.5h", "-0.000000001s", "-9223372036854775808ns"] {
        assert_eq!(
            err(text),
            format!(
                "negative duration {}: a length of time cannot be negative",
                quote(text)
            ),
        );
    }
    // Go's own refusals come first.
    assert_eq!(err("-1x"), r#"time: unknown unit "x" in duration "-1x""#);
    assert_eq!(err("-1"), r#"time: missing unit in duration "-1""#);
}

#[test]
fn no_input_panics() {
    // Every byte string of up to three bytes drawn from the characters the grammar
    // cares about, and some beyond it.
    let alphabet = [
        "0", "1", "9", ".", "-", "+", "s", "m", "h", "n", "u", "\u{b5}", "x", " ",
    ];
    for a in alphabet {
        for b in alphabet {
            for c in alphabet {
                let text = format!("{a}{b}{c}");
                let _ = parse_duration(&text);
            }
        }
    }
}
