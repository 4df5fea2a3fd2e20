use super::*;
use std::cmp::Ordering;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use crate::limits::{MAX_NUMBER_EXPANSION, MAX_NUMBER_TEXT};

fn n(text: &str) -> Number {
    Number::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn mp(x: &Number) -> Vec<u8> {
    let mut out = Vec::new();
    x.write_msgpack(&mut out);
    out
}

fn json(x: &Number) -> String {
    let mut out = Vec::new();
    x.write_json(&mut out).unwrap();
    String::from_utf8(out).unwrap()
}

fn exact(f: f64) -> Number {
    Number::from_f64_exact(f).unwrap()
}

fn kind(x: &Number) -> &'static str {
    match x.0 {
        Repr::Int(_) => "int",
        Repr::UInt(_) => "uint",
        Repr::NegZero => "negative zero",
        Repr::Float(_) => "float",
        Repr::FloatDigits(_) => "float digits",
        Repr::Big(_) => "big",
    }
}

fn hash(x: &Number) -> u64 {
    let mut h = DefaultHasher::new();
    x.hash(&mut h);
    h.finish()
}

fn str_msgpack(header: &[u8], text: &str) -> Vec<u8> {
    let mut v = header.to_vec();
    v.extend_from_slice(text.as_bytes());
    v
}

#[test]
fn canonical_forms() {
    assert_eq!(kind(&n("123")), "int");
    assert_eq!(kind(&n("1.5e2")), "int");
    assert_eq!(kind(&n("9223372036854775807")), "int");
    assert_eq!(kind(&n("9223372036854775808")), "uint");
    assert_eq!(kind(&n("18446744073709551615")), "uint");
    // 2^64 as text: exactly a float64, but its digits are not the float's shortest text
    // (18446744073709552000), so it keeps them: go-cty 1.16 writes text-born numbers
    // with all their digits.
    assert_eq!(kind(&n("18446744073709551616")), "float digits");
    assert_eq!(
        n("18446744073709551616").to_string(),
        "18446744073709551616"
    );
    assert_eq!(n("18446744073709551616"), exact(2f64.powi(64)));
    assert_eq!(kind(&n("-9223372036854775808")), "int");
    assert_eq!(kind(&n("-9223372036854775809")), "big");
    assert_eq!(kind(&n("-9223372036854775810")), "big");
    assert_eq!(kind(&n("-18446744073709551616")), "float digits");
    assert_eq!(kind(&n("1e20")), "float");
    assert_eq!(kind(&n("0.5")), "float");
    assert_eq!(kind(&n("0.1")), "big");
    assert_eq!(kind(&n("1e22")), "float");
    assert_eq!(kind(&n("1e23")), "big");
    // 2^82 = 2^60 × 2^22 is a float even written as 19 digits × 10^22.
    let two_82 = format!("{}e22", 1u64 << 60);
    assert_eq!(n(&two_82), exact(2f64.powi(82) * 5f64.powi(22)));
    // Its shortest text (1.152921504606847e40) is another decimal, so it keeps its digits.
    assert_eq!(kind(&n(&two_82)), "float digits");
    assert_eq!(
        n(&two_82).to_string(),
        format!("{}{}", 1u64 << 60, "0".repeat(22))
    );
    assert_eq!(kind(&n("1e300")), "big");
    // The exact expansion of a float parses back to that float.
    let text = "0.1000000000000000055511151231257827021181583404541015625";
    assert_eq!(n(text), exact(0.1));
    assert_eq!(kind(&n(text)), "float digits");
    let tiny = Decimal::from_f64(5e-324).unwrap();
    let mut text = Vec::new();
    tiny.push_plain(&mut text);
    assert_eq!(n(std::str::from_utf8(&text).unwrap()), exact(5e-324));
    // Same value, same representation, whatever the spelling.
    for spelling in ["0.1", "1e-1", "00.100", ".1", "+0.1", "100e-3", "0.0001e3"] {
        assert_eq!(n(spelling), n("0.1"), "{spelling}");
        assert_eq!(hash(&n(spelling)), hash(&n("0.1")));
    }
    for spelling in ["5", "5.", "5.000", "0.5e1", "500e-2", "+5", "5E0"] {
        assert_eq!(n(spelling), Number::from(5), "{spelling}");
    }
    for spelling in ["0", "-0", "+0", "0.000", "0e999999999", "-0.0e-5", ".0"] {
        assert_eq!(n(spelling), Number::default(), "{spelling}");
        assert_eq!(hash(&n(spelling)), hash(&Number::default()), "{spelling}");
    }
    // go-cty 1.16 keeps the sign of zero: negative zero is its own form, equal to zero.
    for spelling in ["-0", "-0.000", "-0.0e-5", "-0e999999999"] {
        assert_eq!(kind(&n(spelling)), "negative zero", "{spelling}");
    }
    for spelling in ["0", "+0", "0.000", ".0"] {
        assert_eq!(kind(&n(spelling)), "int", "{spelling}");
    }
    assert_eq!(Number::from(u128::MAX).to_string(), u128::MAX.to_string());
    assert_eq!(kind(&Number::from(u128::MAX)), "big");
    // Integers that are exactly a float64 keep all their digits unless those are the
    // float's shortest text (go-cty 1.16 writes an integer's digits, not a float's).
    assert_eq!(kind(&Number::from(1u128 << 100)), "float digits");
    assert_eq!(kind(&Number::from(i128::MIN)), "float digits");
    assert_eq!(kind(&Number::from(10u128.pow(20))), "float");
    assert_eq!(kind(&Number::from(-(10i128.pow(20)))), "float");
    assert_eq!(Number::from(u64::MAX as usize), Number::from(u64::MAX));
    assert_eq!(Number::from(-3isize), Number::from(-3i8));
}

/// Decimal text that equals a float but is not the float's shortest text keeps its
/// digits (found by the json_value fuzz target): JSON → JSON is exact, as go-cty, which
/// keeps numbers parsed from text at 512 bits. MessagePack gets the float64 of a
/// non-integer; a whole number beyond the i64 range is, by go-cty 1.16's rule, a string of
/// all its digits (go-cty 1.12 wrote the float64).
#[test]
fn text_equal_to_a_float_keeps_its_digits() {
    let finding = "777770034794969986247221540117520051061017630736384";
    let cases: &[(&str, f64, Vec<u8>)] = &[
        // An integer beyond 2^128 that is exactly an f64 (the finding).
        (
            finding,
            777770034794969986247221540117520051061017630736384.0,
            str_msgpack(&[0xd9, 51], finding),
        ),
        (
            "0.1000000000000000055511151231257827021181583404541015625",
            0.1,
            vec![0xcb, 0x3f, 0xb9, 0x99, 0x99, 0x99, 0x99, 0x99, 0x9a],
        ),
        // 1/2 + 2^-52, whose shortest text is 17 digits long.
        (
            "0.50000000000000011102230246251565404236316680908203125",
            0.5000000000000001,
            vec![0xcb, 0x3f, 0xe0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01],
        ),
    ];
    for (text, f, bytes) in cases {
        let (text, f) = (*text, *f);
        let x = n(text);
        assert_eq!(kind(&x), "float digits", "{text}");
        assert_eq!(x.to_string(), text);
        assert_eq!(json(&x), text);
        assert_eq!(mp(&x), *bytes, "{text}");
        // The same value as the float from the wire, which is written shortest.
        assert_eq!(x, exact(f));
        assert_eq!(hash(&x), hash(&exact(f)));
        assert_eq!(x.cmp(&exact(f)), Ordering::Equal);
        assert_ne!(exact(f).to_string(), text);
        if f.fract() == 0.0 {
            // A float field writes a whole float of 2^53 or more with a shortest text of
            // at most 15 digits as that text (7.7777003479497e50): it cannot read this one.
            let e = x.to_f64().unwrap_err();
            assert!(e.message().contains("is exactly a 64-bit float"), "{e}");
        } else {
            assert_eq!(x.to_f64().unwrap(), f);
        }
        // Written and read back, as text or through serde, it keeps its digits.
        assert_eq!(kind(&n(&x.to_string())), "float digits");
        let via_json: Number = crate::json::from_slice(json(&x).as_bytes()).unwrap();
        assert_eq!(via_json.to_string(), text);
    }
    // Digits that are the float's shortest text stay plain floats.
    for text in ["0.5", "1e22", "0.30000000000000004e1", "2.5e-5"] {
        let x = n(text);
        assert!(matches!(kind(&x), "float" | "int" | "big"), "{text}");
        assert_ne!(kind(&x), "float digits", "{text}");
    }
    // The shortest text of 1 + 2^-52 is a different decimal; its exact text is the float.
    assert_eq!(kind(&n("1.0000000000000002")), "big");
    let exact_text = "1.0000000000000002220446049250313080847263336181640625";
    assert_eq!(kind(&n(exact_text)), "float digits");
    assert_eq!(n(exact_text).to_string(), exact_text);
}

/// The allocation-free fast path agrees with the exact rule wherever it answers, and
/// answers for the usual texts.
#[test]
fn shortest_f64_agrees_with_to_f64() {
    let mut texts: Vec<String> = [
        "0",
        "-0",
        "0.0",
        "5",
        "-5",
        "0.5",
        "0.0425",
        "0.1",
        "-0.1",
        "1e22",
        "1e23",
        "1.5e-7",
        "9007199254740992",
        "9007199254740993",
        "9007199254740994",
        "123456789012345680000",
        "9223372036854775808",
        "1.7976931348623157e308",
        "2e308",
        "5e-324",
        "4.9406564841246544e-324",
        "0.30000000000000004",
        "0.3000000000000000444",
        "3.14159265358979323846",
        "1.0000000000000002",
        "00.0425000",
        "+0.5",
        ".5",
        "5.",
        "1E+2",
        "1e-400",
    ]
    .iter()
    .map(|t| t.to_string())
    .collect();
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    for _ in 0..2000 {
        x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        let f = f64::from_bits(x >> 2);
        if f.is_finite() {
            texts.push(format!("{f:e}"));
            texts.push(format!("{f}"));
            texts.push(format!("{:.3e}", f));
        }
    }
    let mut answered = 0;
    for text in &texts {
        let exact = Number::parse(text).and_then(|n| n.to_f64()).ok();
        if let Some(f) = shortest_f64(text) {
            answered += 1;
            // Bit for bit: both keep the sign of zero ("-0" is -0.0, as go-cty 1.16
            // keeps it).
            assert_eq!(Some(f.to_bits()), exact.map(f64::to_bits), "{text}");
        }
    }
    assert!(
        answered * 10 > texts.len() * 6,
        "{answered} of {}",
        texts.len()
    );
    for usual in ["0.0425", "0.1", "-2.5", "100", "1e22", "0"] {
        assert!(shortest_f64(usual).is_some(), "{usual}");
    }
    for refused in [
        "0.30000000000000004440892098500626",
        "9007199254740993",
        "2e308",
    ] {
        assert_eq!(shortest_f64(refused), None, "{refused}");
    }
}

#[test]
fn parse_accepts_and_rejects() {
    for ok in [
        "0",
        "-1",
        "+1",
        ".5",
        "5.",
        "-.5",
        "1e5",
        "1E5",
        "1e+5",
        "1e-5",
        "1.5e3",
        "000123",
        "123.456000",
        "1234567890123456789012345",
        "1e0",
    ] {
        assert!(Number::parse(ok).is_ok(), "{ok}");
    }
    for bad in [
        "", " ", " 1", "1 ", "+", "-", ".", "e5", ".e5", "1e", "1e+", "1.2.3", "0x10", "1_00",
        "inf", "Inf", "+Inf", "NaN", "nan", "--1", "+-1", "1e5.5", "1f", "١", "1,5", "1p3", "0b1",
    ] {
        let e = Number::parse(bad).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Number, "{bad:?}");
    }
    assert_eq!(
        Number::parse("0x10").unwrap_err().message(),
        "expected a decimal number, found \"0x10\""
    );
    let long = format!("x{}", "1".repeat(100));
    let msg = Number::parse(&long).unwrap_err().message().to_owned();
    assert_eq!(
        msg,
        format!(
            "expected a decimal number, found \"x{}\"...",
            "1".repeat(39)
        )
    );
    assert_eq!("42".parse::<Number>().unwrap(), Number::from(42));
}

#[test]
fn parse_limits() {
    // Text length: at the limit and one past it.
    let at = "1".repeat(MAX_NUMBER_TEXT);
    let x = n(&at);
    assert_eq!(x.to_string(), at);
    let past = "1".repeat(MAX_NUMBER_TEXT + 1);
    assert_eq!(Number::parse(&past).unwrap_err().kind(), ErrorKind::Limit);
    assert_eq!(
        Number::parse(&past).unwrap_err().message(),
        "number text is too long: 1048577 bytes, the limit is 1048576"
    );
    let zeros = format!("0.{}1", "0".repeat(MAX_NUMBER_TEXT - 3));
    assert_eq!(n(&zeros).to_string(), zeros);
    // Terraform writes a configuration's 1e5000 out in full: 5,001 digits, read and
    // written back unchanged. `-.5…` is written with one more byte (`-0.5…`).
    let e5000 = format!("1{}", "0".repeat(5000));
    assert_eq!(n(&e5000).to_string(), e5000);
    assert_eq!(mp(&n(&e5000)).len(), 3 + 5001);
    let bare = format!("-.{}", "5".repeat(5000));
    assert_eq!(n(&bare).to_string().len(), 5003);

    // Written with an exponent: the plain text must fit MAX_NUMBER_EXPANSION.
    let limit = |text: &str| {
        let e = Number::parse(text).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Limit, "{text}");
        e.message().to_owned()
    };
    let big = n("1e4095");
    assert_eq!(big.to_string().len(), MAX_NUMBER_EXPANSION);
    assert_eq!(mp(&big).len(), 3 + MAX_NUMBER_EXPANSION);
    assert_eq!(n(&big.to_string()), big);
    assert_eq!(
        limit("1e4096"),
        "number 1e4096 has too many digits: written out without an exponent, as Terraform \
         writes numbers, it takes 4097 bytes, more than the limit of 4096"
    );
    assert_eq!(n("0.1e4096"), big);
    assert!(limit("1e5000").contains("it takes 5001 bytes, more than the limit of 4096"));
    assert_eq!(n("-9e4094").to_string().len(), MAX_NUMBER_EXPANSION);
    assert!(limit("-1e4095").contains("it takes 4097 bytes"));
    let small = n("1e-4094");
    assert_eq!(small.to_string().len(), MAX_NUMBER_EXPANSION);
    assert_eq!(n(&small.to_string()), small);
    assert!(limit("1e-4095").contains("it takes 4097 bytes"));
    assert!(limit("-1e-4094").contains("it takes 4097 bytes"));
    assert_eq!(n("10e-4095"), small);
    // Digits after the point count: 0.<4091 zeros>12 is 4095 bytes, one digit more is not.
    assert_eq!(n("12e-4093").to_string().len(), 4095);
    assert_eq!(n("123e-4094").to_string().len(), 4096);
    assert!(limit("1234e-4095").contains("it takes 4097 bytes"));
    // Zeros do not count.
    assert_eq!(
        n(&format!("{}1{}e-4000", "0".repeat(50), "0".repeat(50))),
        n("1e-3950")
    );

    // Saturating exponents: fast and small.
    let start = std::time::Instant::now();
    let e = Number::parse("1e999999999").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Limit);
    assert!(
        e.message()
            .starts_with("number 1e999999999 has too many digits: "),
        "{e}"
    );
    let e = Number::parse(&format!("1e-{}", "9".repeat(4000))).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Limit);
    assert!(e
        .message()
        .starts_with("number 1e-9999999999999999999999999999999999999..."));
    assert!(Number::parse("1e99999999999999999999999999999").is_err());
    assert!(start.elapsed() < std::time::Duration::from_millis(50));
}

#[test]
fn from_f64_rules() {
    assert_eq!(Number::from_f64(0.1).unwrap(), n("0.1"));
    assert_eq!(kind(&Number::from_f64(0.1).unwrap()), "big");
    assert_eq!(kind(&Number::from_f64(0.5).unwrap()), "float");
    assert_eq!(kind(&Number::from_f64(3.0).unwrap()), "int");
    assert_eq!(Number::from_f64(3.0).unwrap(), Number::from(3));
    assert_eq!(Number::from_f64(-0.0).unwrap(), Number::from(0));
    // go-cty 1.16 keeps negative zero.
    assert_eq!(kind(&Number::from_f64(-0.0).unwrap()), "negative zero");
    assert_eq!(Number::from_f64(-0.0).unwrap().to_string(), "-0");
    assert_eq!(kind(&Number::from_f64(0.0).unwrap()), "int");
    assert_eq!(kind(&Number::from_f32(-0.0).unwrap()), "negative zero");
    assert_eq!(Number::from_f64(1e300).unwrap(), n("1e300"));
    assert_eq!(Number::from_f64(1e22).unwrap(), exact(1e22));
    assert_eq!(Number::from_f64(5e-324).unwrap(), n("5e-324"));
    // A whole float of 2^53 or more is the integer Terraform compares it with: its exact
    // value when its shortest text has more than 15 digits, else that text.
    assert_eq!(
        Number::from_f64(2f64.powi(63)).unwrap(),
        n("9223372036854775808")
    );
    let mut two_63 = vec![0xb3];
    two_63.extend_from_slice(b"9223372036854775808");
    assert_eq!(mp(&Number::from_f64(2f64.powi(63)).unwrap()), two_63);
    assert_eq!(
        json(&Number::from_f64(2f64.powi(64)).unwrap()),
        "18446744073709551616"
    );
    let mut minus_two_64 = vec![0xb5];
    minus_two_64.extend_from_slice(b"-18446744073709551616");
    assert_eq!(
        mp(&Number::from_f64(-(2f64.powi(64))).unwrap()),
        minus_two_64
    );
    // In the i64 range it is an integer, exact (not 1152921504606847000).
    assert_eq!(
        mp(&Number::from_f64(2f64.powi(60)).unwrap()),
        [0xcf, 0x10, 0, 0, 0, 0, 0, 0, 0]
    );
    assert_eq!(
        mp(&Number::from_f64(-(2f64.powi(63))).unwrap()),
        [0xd3, 0x80, 0, 0, 0, 0, 0, 0, 0]
    );
    // 1e20 is exactly a float; 1e30 is not (1000000000000000019884624838656), yet its
    // shortest text is what a configuration says.
    let mut e20 = vec![0xb5];
    e20.extend_from_slice(b"100000000000000000000");
    assert_eq!(mp(&Number::from_f64(1e20).unwrap()), e20);
    assert_eq!(
        json(&Number::from_f64(1e30).unwrap()),
        format!("1{}", "0".repeat(30))
    );
    assert_eq!(
        json(&Number::from_f64(1e300).unwrap()),
        format!("1{}", "0".repeat(300))
    );
    assert_eq!(
        Number::from_f64(0.1 + 0.2).unwrap(),
        n("0.30000000000000004")
    );
    assert_eq!(
        Number::from_f64(f64::INFINITY).unwrap(),
        exact(f64::INFINITY)
    );
    let e = Number::from_f64(f64::NAN).unwrap_err();
    assert_eq!(
        (e.kind(), e.message()),
        (ErrorKind::Number, "NaN is not a valid number")
    );

    assert_eq!(Number::from_f32(0.1).unwrap(), n("0.1"));
    assert_eq!(
        Number::from_f32(16777216.0).unwrap(),
        Number::from(16777216)
    );
    assert_eq!(
        Number::from_f32(1e10).unwrap(),
        Number::from(10_000_000_000i64)
    );
    // A whole f32 of 2^24 or more: its shortest text up to 6 digits, else its exact value.
    assert_eq!(
        mp(&Number::from_f32(2f32.powi(40)).unwrap()),
        [0xcf, 0, 0, 0x01, 0, 0, 0, 0, 0]
    );
    assert_eq!(
        mp(&Number::from_f32(3e10).unwrap()),
        [0xcf, 0, 0, 0, 0x06, 0xfc, 0x23, 0xac, 0]
    );
    assert_eq!(f64::from(3e10f32), 30_000_001_024.0);
    assert_eq!(
        json(&Number::from_f32(2f32.powi(100)).unwrap()),
        "1267650600228229401496703205376"
    );
    assert_eq!(
        Number::from_f32(f32::NEG_INFINITY).unwrap(),
        exact(f64::NEG_INFINITY)
    );
    assert!(Number::from_f32(f32::NAN).is_err());

    assert_eq!(kind(&exact(0.1)), "float");
    assert_ne!(exact(0.1), n("0.1"));
    assert_eq!(exact(3.0), Number::from(3));
    // go-cty 1.16's 53-bit view of a float64 from the wire: whole values below 2^53 are
    // integers, larger ones stay floats (written with their shortest digits), yet equal
    // the integer of the same value.
    assert_eq!(kind(&exact(2f64.powi(53) - 1.0)), "int");
    assert_eq!(kind(&exact(-(2f64.powi(53) - 1.0))), "int");
    assert_eq!(kind(&exact(2f64.powi(53))), "float");
    assert_eq!(kind(&exact(2f64.powi(63))), "float");
    assert_eq!(kind(&exact(2f64.powi(64))), "float");
    assert_eq!(kind(&exact(-(2f64.powi(63)))), "float");
    assert_eq!(exact(2f64.powi(63)), Number::from(1u64 << 63));
    assert_eq!(hash(&exact(2f64.powi(63))), hash(&Number::from(1u64 << 63)));
    assert_eq!(exact(-(2f64.powi(63))), Number::from(i64::MIN));
    assert_eq!(exact(-(2f64.powi(63))).as_i64(), Some(i64::MIN));
    assert_eq!(exact(2f64.powi(63)).as_u64(), Some(1 << 63));
    // -0.0 is negative zero: equal to zero and hashed as zero (go-cty 1.16).
    assert_eq!(kind(&exact(-0.0)), "negative zero");
    assert_eq!(exact(-0.0), Number::from(0));
    assert_eq!(hash(&exact(-0.0)), hash(&Number::from(0)));
    assert_eq!(exact(-0.0).cmp(&Number::from(0)), Ordering::Equal);
    assert_eq!(exact(-0.0).as_i64(), Some(0));
    assert_eq!(exact(-0.0).as_u64(), Some(0));
    assert!(!exact(-0.0).is_negative() && exact(-0.0).is_integer());
    assert_eq!(exact(-0.0).to_f64().unwrap().to_bits(), (-0.0f64).to_bits());
    assert_eq!(kind(&exact(0.0)), "int");
    assert!(Number::from_f64_exact(f64::NAN).is_err());
}

#[test]
fn integer_conversions() {
    assert_eq!(n("127").to_i8().unwrap(), 127);
    assert_eq!(n("-128").to_i8().unwrap(), -128);
    assert_eq!(
        n("128").to_i8().unwrap_err().message(),
        "expected a whole number from -128 to 127, found 128"
    );
    assert_eq!(
        n("1.5").to_i8().unwrap_err().message(),
        "expected a whole number from -128 to 127, found 1.5"
    );
    assert_eq!(
        n("300").to_u8().unwrap_err().message(),
        "expected a whole number from 0 to 255, found 300"
    );
    assert_eq!(n("255").to_u8().unwrap(), 255);
    assert!(n("-1").to_u8().is_err());
    assert_eq!(n("32767").to_i16().unwrap(), 32767);
    assert!(n("32768").to_i16().is_err());
    assert!(n("-32769").to_i16().is_err());
    assert_eq!(n("65535").to_u16().unwrap(), 65535);
    assert!(n("65536").to_u16().is_err());
    assert_eq!(n("-2147483648").to_i32().unwrap(), i32::MIN);
    assert!(n("2147483648").to_i32().is_err());
    assert_eq!(n("4294967295").to_u32().unwrap(), u32::MAX);
    assert!(n("4294967296").to_u32().is_err());
    assert_eq!(n("9223372036854775807").to_i64().unwrap(), i64::MAX);
    assert_eq!(n("-9223372036854775808").to_i64().unwrap(), i64::MIN);
    assert!(n("9223372036854775808").to_i64().is_err());
    assert!(n("-9223372036854775809").to_i64().is_err());
    assert_eq!(n("18446744073709551615").to_u64().unwrap(), u64::MAX);
    assert!(n("18446744073709551616").to_u64().is_err());
    assert_eq!(n("18446744073709551615").to_usize().unwrap(), usize::MAX);
    assert_eq!(n("-9223372036854775808").to_isize().unwrap(), isize::MIN);
    let i128_max = i128::MAX.to_string();
    let i128_min = i128::MIN.to_string();
    let u128_max = u128::MAX.to_string();
    assert_eq!(n(&i128_max).to_i128().unwrap(), i128::MAX);
    assert_eq!(n(&i128_min).to_i128().unwrap(), i128::MIN);
    assert!(n("170141183460469231731687303715884105728")
        .to_i128()
        .is_err());
    assert!(n("-170141183460469231731687303715884105729")
        .to_i128()
        .is_err());
    assert_eq!(n(&u128_max).to_u128().unwrap(), u128::MAX);
    assert!(n("340282366920938463463374607431768211456")
        .to_u128()
        .is_err());
    assert_eq!(n("1e30").to_u128().unwrap(), 10u128.pow(30));
    assert_eq!(exact(1e30).to_u128().unwrap(), 1e30 as u128);
    assert_eq!(exact(2f64.powi(127)).to_u128().unwrap(), 1 << 127);
    assert!(exact(2f64.powi(127)).to_i128().is_err());
    assert!(exact(2f64.powi(128)).to_u128().is_err());
    assert!(exact(f64::INFINITY).to_i64().is_err());
    assert!(n("0.1").to_i64().is_err());
    assert!(n("1e400").to_u128().is_err());
    let e = n("1e100").to_u8().unwrap_err();
    assert!(e
        .message()
        .ends_with("found 1000000000000000000000000000000000000000..."));
    assert_eq!(n("-5").to_i64().unwrap(), -5);
    assert_eq!(n("-5").as_i64(), Some(-5));
    assert_eq!(n("-5").as_u64(), None);
    assert_eq!(n("18446744073709551615").as_u64(), Some(u64::MAX));
    assert_eq!(n("18446744073709551615").as_i64(), None);
    assert_eq!(n("5").as_u64(), Some(5));
    assert_eq!(n("0.5").as_i64(), None);
}

#[test]
fn float_conversions() {
    assert_eq!(n("0.1").to_f64().unwrap(), 0.1);
    assert_eq!(exact(0.1).to_f64().unwrap(), 0.1);
    assert_eq!(n("0.5").to_f64().unwrap(), 0.5);
    assert_eq!(n("9007199254740992").to_f64().unwrap(), 9007199254740992.0);
    assert!(n("9007199254740993").to_f64().is_err());
    assert_eq!(n("9223372036854775808").to_f64().unwrap(), 2f64.powi(63));
    assert_eq!(exact(2f64.powi(63)).to_f64().unwrap(), 2f64.powi(63));
    // The shortest text of 2^63 is not the float, and a float field would write 2^63
    // back exactly: refused, as Terraform would refuse the changed plan.
    assert_eq!(
        n("9223372036854776000").to_f64().unwrap_err().message(),
        "the number 9223372036854776000 cannot be represented by a 64-bit float without losing precision"
    );
    assert_eq!(n("18446744073709551616").to_f64().unwrap(), 2f64.powi(64));
    assert!(n("18446744073709552000").to_f64().is_err());
    assert!(n("-9223372036854775809").to_f64().is_err());
    assert_eq!(n("1e20").to_f64().unwrap(), 1e20);
    assert_eq!(n("1e30").to_f64().unwrap(), 1e30);
    // The exact value of the float 1e30 is written back as 1e30 by a float field.
    assert_eq!(
        n("1000000000000000019884624838656")
            .to_f64()
            .unwrap_err()
            .message(),
        "the number 1000000000000000019884624838656 is exactly a 64-bit float, but a 64-bit \
         float is written back as 1000000000000000000000000000000 (its shortest decimal); \
         use a Number to keep every digit"
    );
    assert_eq!(n("1152921504606846976").to_f64().unwrap(), 2f64.powi(60));
    assert!(n("1152921504606847000").to_f64().is_err());
    assert_eq!(n("1099511627776").to_f32().unwrap(), 2f32.powi(40));
    assert!(n("1099511600000").to_f32().is_err());
    assert_eq!(n("3e10").to_f32().unwrap(), 3e10f32);
    assert!(n("30000001024")
        .to_f32()
        .unwrap_err()
        .message()
        .contains("is exactly a 32-bit float"));
    assert!(n("9223372036854775807").to_f64().is_err());
    assert!(n("18446744073709551615").to_f64().is_err());
    assert_eq!(n("1e300").to_f64().unwrap(), 1e300);
    assert_eq!(
        n("3.14159265358979323846264338328").to_f64().unwrap_err().message(),
        "the number 3.14159265358979323846264338328 cannot be represented by a 64-bit float without losing precision"
    );
    let e = n("1e400").to_f64().unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Number);
    assert!(e.message().contains("too large"), "{e}");
    assert!(n("1e-400").to_f64().is_err());
    assert_eq!(exact(f64::INFINITY).to_f64().unwrap(), f64::INFINITY);
    assert_eq!(
        exact(f64::NEG_INFINITY).to_f64().unwrap(),
        f64::NEG_INFINITY
    );
    assert_eq!(exact(5e-324).to_f64().unwrap(), 5e-324);
    assert_eq!(n("5e-324").to_f64().unwrap(), 5e-324);
    assert_eq!(exact(f64::MAX).to_f64().unwrap(), f64::MAX);

    assert_eq!(n("0.1").to_f32().unwrap(), 0.1f32);
    assert_eq!(n("16777216").to_f32().unwrap(), 16777216.0);
    assert!(n("16777217").to_f32().is_err());
    assert_eq!(exact(0.5).to_f32().unwrap(), 0.5);
    assert_eq!(exact(f64::from(0.1f32)).to_f32().unwrap(), 0.1f32);
    assert!(exact(0.1).to_f32().is_err());
    assert!(exact(1e300)
        .to_f32()
        .unwrap_err()
        .message()
        .contains("32-bit"));
    assert!(n("1e39").to_f32().is_err());
    assert_eq!(
        exact(f64::NEG_INFINITY).to_f32().unwrap(),
        f32::NEG_INFINITY
    );
    assert_eq!(n("1e10").to_f32().unwrap(), 1e10f32);
}

#[test]
fn ordering_across_representations() {
    let sorted = [
        exact(f64::NEG_INFINITY),
        n("-1e4094"),
        exact(-1e300),
        n("-1e300"),
        Number::from(-(1i128 << 64)),
        n("-9223372036854775809"),
        Number::from(i64::MIN),
        n("-1.5"),
        n("-1"),
        n("-0.1"),
        exact(-5e-324),
        n("-1e-4093"),
        Number::from(0),
        n("1e-4094"),
        exact(5e-324),
        n("5e-324"),
        n("0.1"),
        exact(0.1),
        n("0.10000000000000000555111512312578270211815834045410156251"),
        n("0.5"),
        Number::from(1),
        n("1.0000000000000000001"),
        exact(1.5),
        Number::from(i64::MAX),
        Number::from(1u64 << 63),
        n("9223372036854775808.5"),
        Number::from(u64::MAX),
        n("18446744073709551615.5"),
        exact(2f64.powi(64)),
        n("18446744073709551617"),
        n("1e300"),
        exact(1e300),
        exact(f64::MAX),
        n("1e4095"),
        exact(f64::INFINITY),
    ];
    for (i, a) in sorted.iter().enumerate() {
        for (j, b) in sorted.iter().enumerate() {
            assert_eq!(a.cmp(b), i.cmp(&j), "{a:?} vs {b:?}");
            assert_eq!(a == b, i == j);
        }
    }
    // The float 1e300 is 1.0000000000000000525…e300; 5e-324 is 4.94…e-324.
    assert!(exact(1e300) > n("1e300"));
    assert!(exact(5e-324) < n("5e-324"));
    assert!(exact(0.1) > n("0.1"));
    assert!(exact(0.3) < n("0.3"));
    assert!(exact(-0.5) < Number::from(0) && exact(0.5) > Number::from(0));
    assert!(exact(-1.5) < Number::from(-1) && exact(-0.5) > Number::from(-1));
}

#[test]
fn display_and_json() {
    assert_eq!(n("0.1").to_string(), "0.1");
    assert_eq!(n("-0.000123").to_string(), "-0.000123");
    assert_eq!(
        n("123456789012345678901234567890").to_string(),
        "123456789012345678901234567890"
    );
    assert_eq!(n("1.5e3").to_string(), "1500");
    // go-cty 1.16 keeps the sign of zero: "-0" in Display and JSON (MessagePack `00`).
    assert_eq!(n("-0").to_string(), "-0");
    assert_eq!(n("-0.0e5").to_string(), "-0");
    assert_eq!(exact(-0.0).to_string(), "-0");
    assert_eq!(exact(0.0).to_string(), "0");
    assert_eq!(json(&n("-0")), "-0");
    assert_eq!(json(&exact(-0.0)), "-0");
    assert_eq!(format!("{:?}", n("-0")), "Number(-0)");
    assert_eq!(exact(0.1).to_string(), "0.1");
    // go-cty 1.16 writes a float64 from the wire with its shortest digits, whole or not
    // (go-cty 1.12 wrote whole ones below 2^128 exactly); a tie goes to the even digit.
    assert_eq!(exact(2f64.powi(63)).to_string(), "9223372036854776000");
    assert_eq!(json(&exact(2f64.powi(63))), "9223372036854776000");
    assert_eq!(exact(2f64.powi(62)).to_string(), "4611686018427388000");
    assert_eq!(exact(2f64.powi(53)).to_string(), "9007199254740992");
    // At a power of two go-cty's `big.Float` takes the gap below to be as wide as the one
    // above, so a shorter or lower decimal can fit (a float64's shortest: ...552000).
    assert_eq!(exact(-(2f64.powi(64))).to_string(), "-18446744073709550000");
    // (796099793890611.25 and .75, written as sums: the literals need more digits than
    // the shortest text, which is the point.)
    let tie_low = 796_099_793_890_611.0 + 0.25;
    let tie_high = 796_099_793_890_611.0 + 0.75;
    assert_eq!(exact(tie_low).to_string(), "796099793890611.2");
    assert_eq!(json(&exact(tie_low)), "796099793890611.2");
    assert_eq!(exact(tie_high).to_string(), "796099793890611.8");
    assert_eq!(exact(1e300).to_string(), format!("1{}", "0".repeat(300)));
    // A subnormal keeps 53 bits in go-cty's `big.Float`: 16 digits where a float64 needs 1.
    assert_eq!(
        exact(5e-324).to_string(),
        format!("0.{}4940656458412465", "0".repeat(323))
    );
    assert_eq!(
        exact(f64::MAX).to_string(),
        format!("17976931348623157{}", "0".repeat(292))
    );
    assert_eq!(exact(f64::INFINITY).to_string(), "+Inf");
    assert_eq!(exact(f64::NEG_INFINITY).to_string(), "-Inf");
    assert_eq!(Number::from(u64::MAX).to_string(), "18446744073709551615");
    assert_eq!(format!("{:?}", n("0.1")), "Number(0.1)");
    assert_eq!(format!("{:?}", Number::from(-3)), "Number(-3)");

    assert_eq!(json(&Number::from(-42)), "-42");
    assert_eq!(json(&Number::from(i64::MIN)), "-9223372036854775808");
    assert_eq!(json(&Number::from(u64::MAX)), "18446744073709551615");
    assert_eq!(json(&n("-1.5")), "-1.5");
    assert_eq!(json(&n("0.1")), "0.1");
    assert_eq!(json(&n("1e300")), format!("1{}", "0".repeat(300)));
    assert_eq!(
        json(&exact(5e-324)),
        format!("0.{}4940656458412465", "0".repeat(323))
    );
    let e = exact(f64::INFINITY)
        .write_json(&mut Vec::new())
        .unwrap_err();
    assert_eq!(
        (e.kind(), e.message()),
        (ErrorKind::Number, "cannot represent infinity in JSON")
    );
}

#[test]
fn accessors() {
    assert!(n("5").is_integer() && n("1e30").is_integer() && exact(1e300).is_integer());
    assert!(n("18446744073709551615").is_integer());
    assert!(!n("0.5").is_integer() && !n("0.1").is_integer());
    assert!(!exact(f64::INFINITY).is_integer());
    assert!(exact(f64::INFINITY).is_infinite() && !n("1e4095").is_infinite());
    assert!(n("-0.1").is_negative() && exact(f64::NEG_INFINITY).is_negative());
    assert!(!n("-0").is_negative() && !n("1e300").is_negative());
    assert_eq!(std::mem::size_of::<Number>(), 16);
}

#[test]
fn serde_round_trip() {
    use serde::de::value::{
        BytesDeserializer, Error as ValueError, F32Deserializer, F64Deserializer, I128Deserializer,
        I64Deserializer, StrDeserializer, U64Deserializer,
    };
    use serde::Deserialize;

    for x in [
        n("3"),
        n("-7"),
        n("18446744073709551615"),
        exact(0.5),
        exact(0.1),
    ] {
        let text = serde_json::to_string(&x).unwrap();
        assert_eq!(text, x.to_string());
        let back: Number = serde_json::from_str(&text).unwrap();
        assert_eq!(back, x);
    }
    assert_eq!(serde_json::to_string(&n("0.1")).unwrap(), "\"0.1\"");
    let back: Number = serde_json::from_str("\"0.1\"").unwrap();
    assert_eq!(back, n("0.1"));
    assert!(serde_json::from_str::<Number>("true").is_err());
    let e = serde_json::from_str::<Number>("\"0x10\"").unwrap_err();
    assert!(
        e.to_string()
            .contains(r#"expected number, found the string "0x10""#),
        "{e}"
    );

    let de = |r: Result<Number, ValueError>| r.unwrap();
    assert_eq!(
        de(Number::deserialize(I64Deserializer::new(-3))),
        Number::from(-3)
    );
    assert_eq!(
        de(Number::deserialize(U64Deserializer::new(u64::MAX))),
        Number::from(u64::MAX)
    );
    assert_eq!(
        de(Number::deserialize(I128Deserializer::new(i128::MIN))),
        Number::from(i128::MIN)
    );
    assert_eq!(
        de(Number::deserialize(F64Deserializer::new(0.1))),
        exact(0.1)
    );
    assert_eq!(
        de(Number::deserialize(F32Deserializer::new(0.1))),
        exact(f64::from(0.1f32))
    );
    assert_eq!(
        de(Number::deserialize(StrDeserializer::new("0.1"))),
        n("0.1")
    );
    assert_eq!(
        de(Number::deserialize(BytesDeserializer::new(b"42"))),
        Number::from(42)
    );
    let e = Number::deserialize(F64Deserializer::<ValueError>::new(f64::NAN)).unwrap_err();
    assert_eq!(e.to_string(), "NaN is not a valid number");
    assert!(Number::deserialize(BytesDeserializer::<ValueError>::new(b"\xff")).is_err());
}

#[test]
fn randomized_consistency() {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut prev: Option<(f64, Number)> = None;
    for round in 0..3000 {
        let bits = next();
        let f = match round % 3 {
            0 => f64::from_bits(bits),
            1 => (bits >> 11) as f64 / (1u64 << (bits % 60)) as f64,
            _ => (bits as i64 >> (bits % 64)) as f64 * 0.25,
        };
        if !f.is_finite() {
            continue;
        }
        let x = exact(f);
        assert_eq!(x.to_f64().unwrap(), f);
        // The exact expansion parses back to the same float.
        if let Some(d) = Decimal::from_f64(f) {
            let mut text = Vec::new();
            d.push_plain(&mut text);
            if text.len() <= MAX_NUMBER_TEXT {
                assert_eq!(n(std::str::from_utf8(&text).unwrap()), x, "{f:e}");
            }
        }
        // A provider's float reads back as the same float: its shortest decimal, or for a
        // whole float of 2^53 or more whose shortest text is longer than 15 digits, its
        // exact value.
        let written = Number::from_f64(f).unwrap();
        assert_eq!(written.to_f64().unwrap(), f, "{f:e}");
        let shortest_text = format!("{f:e}");
        let digits = shortest_text
            .split('e')
            .next()
            .unwrap()
            .bytes()
            .filter(u8::is_ascii_digit)
            .count();
        if f.abs() >= 2f64.powi(53) && digits > 15 {
            assert_eq!(written, x, "{f:e}");
        } else {
            assert_eq!(written, n(&shortest_text));
        }
        // Ordering agrees with f64's for floats.
        if let Some((g, y)) = &prev {
            assert_eq!(x.cmp(y), f.partial_cmp(g).unwrap(), "{f:e} vs {g:e}");
        }
        prev = Some((f, x));
    }
}

/// Records how a value serializes: the newtype name and the inner call.
#[test]
fn serialize_protocol() {
    use serde::ser::{Impossible, Serialize, Serializer};

    #[derive(Debug, PartialEq)]
    enum Call {
        I64(i64),
        U64(u64),
        F64(u64),
        Str(String),
        Newtype(&'static str, Box<Call>),
    }

    struct Rec;

    macro_rules! unsupported {
        ($($name:ident($($arg:ty),*);)*) => {$(
            fn $name(self $(, _: $arg)*) -> Result<Call, Error> {
                Err(Error::new(ErrorKind::Custom, stringify!($name)))
            }
        )*};
    }

    impl Serializer for Rec {
        type Ok = Call;
        type Error = Error;
        type SerializeSeq = Impossible<Call, Error>;
        type SerializeTuple = Impossible<Call, Error>;
        type SerializeTupleStruct = Impossible<Call, Error>;
        type SerializeTupleVariant = Impossible<Call, Error>;
        type SerializeMap = Impossible<Call, Error>;
        type SerializeStruct = Impossible<Call, Error>;
        type SerializeStructVariant = Impossible<Call, Error>;

        fn serialize_i64(self, v: i64) -> Result<Call, Error> {
            Ok(Call::I64(v))
        }
        fn serialize_u64(self, v: u64) -> Result<Call, Error> {
            Ok(Call::U64(v))
        }
        fn serialize_f64(self, v: f64) -> Result<Call, Error> {
            Ok(Call::F64(v.to_bits()))
        }
        fn serialize_str(self, v: &str) -> Result<Call, Error> {
            Ok(Call::Str(v.to_owned()))
        }
        fn serialize_newtype_struct<T: ?Sized + Serialize>(
            self,
            name: &'static str,
            value: &T,
        ) -> Result<Call, Error> {
            Ok(Call::Newtype(name, Box::new(value.serialize(Rec)?)))
        }
        unsupported! {
            serialize_bool(bool); serialize_i8(i8); serialize_i16(i16); serialize_i32(i32);
            serialize_u8(u8); serialize_u16(u16); serialize_u32(u32); serialize_f32(f32);
            serialize_char(char); serialize_bytes(&[u8]); serialize_none(); serialize_unit();
            serialize_unit_struct(&'static str);
            serialize_unit_variant(&'static str, u32, &'static str);
        }
        fn serialize_some<T: ?Sized + Serialize>(self, _: &T) -> Result<Call, Error> {
            Err(Error::new(ErrorKind::Custom, "some"))
        }
        fn serialize_newtype_variant<T: ?Sized + Serialize>(
            self,
            _: &'static str,
            _: u32,
            _: &'static str,
            _: &T,
        ) -> Result<Call, Error> {
            Err(Error::new(ErrorKind::Custom, "variant"))
        }
        fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Error> {
            Err(Error::new(ErrorKind::Custom, "seq"))
        }
        fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Error> {
            Err(Error::new(ErrorKind::Custom, "tuple"))
        }
        fn serialize_tuple_struct(
            self,
            _: &'static str,
            _: usize,
        ) -> Result<Self::SerializeTupleStruct, Error> {
            Err(Error::new(ErrorKind::Custom, "tuple struct"))
        }
        fn serialize_tuple_variant(
            self,
            _: &'static str,
            _: u32,
            _: &'static str,
            _: usize,
        ) -> Result<Self::SerializeTupleVariant, Error> {
            Err(Error::new(ErrorKind::Custom, "tuple variant"))
        }
        fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Error> {
            Err(Error::new(ErrorKind::Custom, "map"))
        }
        fn serialize_struct(
            self,
            _: &'static str,
            _: usize,
        ) -> Result<Self::SerializeStruct, Error> {
            Err(Error::new(ErrorKind::Custom, "struct"))
        }
        fn serialize_struct_variant(
            self,
            _: &'static str,
            _: u32,
            _: &'static str,
            _: usize,
        ) -> Result<Self::SerializeStructVariant, Error> {
            Err(Error::new(ErrorKind::Custom, "struct variant"))
        }
    }

    let token = crate::tokens::NUMBER_TOKEN;
    let rec = |x: Number| x.serialize(Rec).unwrap();
    let wrap = |c: Call| Call::Newtype(token, Box::new(c));
    assert_eq!(rec(Number::from(-3)), wrap(Call::I64(-3)));
    assert_eq!(rec(Number::from(u64::MAX)), wrap(Call::U64(u64::MAX)));
    assert_eq!(rec(exact(0.1)), wrap(Call::F64(0.1f64.to_bits())));
    assert_eq!(
        rec(exact(f64::INFINITY)),
        wrap(Call::F64(f64::INFINITY.to_bits()))
    );
    assert_eq!(rec(n("0.1")), wrap(Call::Str("0.1".into())));
    assert_eq!(rec(n("-1e-3")), wrap(Call::Str("-0.001".into())));
}

#[test]
fn whole_numbers_from_integers_and_text_print_exactly() {
    // Integers and decimal text print all their digits, even when the value is exactly a
    // float (stored so); their text must read back the same.
    for n in [
        Number::from(i128::MIN),
        Number::from(u128::MAX - (1u128 << 100) + 1),
        Number::from(1u128 << 64),
        Number::parse("9223372036854775808").unwrap(),
        Number::parse("18446744073709551616").unwrap(),
    ] {
        let text = n.to_string();
        assert_eq!(Number::parse(&text).unwrap(), n, "{text}");
        let mut json = Vec::new();
        n.write_json(&mut json).unwrap();
        assert_eq!(json, text.as_bytes());
    }
    assert_eq!(
        Number::from(i128::MIN).to_string(),
        "-170141183460469231731687303715884105728"
    );
    assert_eq!(
        Number::from(1u128 << 64).to_string(),
        "18446744073709551616"
    );
}

/// go-cty 1.16's rule: a whole float64 from the wire of at least 2^53 is written with the
/// float's shortest digits (go-cty 1.12 printed whole floats below 2^128 exactly), so its
/// text reads back as another number; outside the i64 range MessagePack carries that
/// same text as a string.
#[test]
fn whole_wire_floats_print_their_shortest_digits() {
    let two_63 = exact(9_223_372_036_854_775_808.0);
    assert_eq!(two_63.to_string(), "9223372036854776000");
    assert_eq!(json(&two_63), "9223372036854776000");
    assert_eq!(mp(&two_63), str_msgpack(&[0xb3], "9223372036854776000"));
    assert_ne!(n("9223372036854776000"), two_63);
    assert_eq!(n("9223372036854775808"), two_63);
    // In the i64 range: an exact MessagePack integer, shortest digits as text.
    let two_62 = exact(4_611_686_018_427_387_904.0);
    assert_eq!(two_62.to_string(), "4611686018427388000");
    assert_eq!(mp(&two_62), [0xcf, 0x40, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!(two_62, Number::from(1i64 << 62));
    // Beyond 2^128 too.
    let two_128 = exact(2f64.powi(128));
    assert_eq!(
        two_128.to_string(),
        "340282366920938500000000000000000000000"
    );
    assert_eq!(
        mp(&two_128),
        str_msgpack(&[0xd9, 39], "340282366920938500000000000000000000000")
    );
}
