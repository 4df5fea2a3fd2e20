use super::*;

fn n(text: &str) -> Number {
    Number::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn mp(x: &Number) -> Vec<u8> {
    let mut out = Vec::new();
    x.write_msgpack(&mut out);
    out
}

fn exact(f: f64) -> Number {
    Number::from_f64_exact(f).unwrap()
}

fn str_msgpack(header: &[u8], text: &str) -> Vec<u8> {
    let mut v = header.to_vec();
    v.extend_from_slice(text.as_bytes());
    v
}

#[test]
fn msgpack_integer_boundaries() {
    let cases: &[(i128, &[u8])] = &[
        (0, &[0x00]),
        (127, &[0x7f]),
        (128, &[0xcc, 0x80]),
        (255, &[0xcc, 0xff]),
        (256, &[0xcd, 0x01, 0x00]),
        (65535, &[0xcd, 0xff, 0xff]),
        (65536, &[0xce, 0x00, 0x01, 0x00, 0x00]),
        (1 << 31, &[0xce, 0x80, 0x00, 0x00, 0x00]),
        ((1 << 32) - 1, &[0xce, 0xff, 0xff, 0xff, 0xff]),
        (1 << 32, &[0xcf, 0, 0, 0, 1, 0, 0, 0, 0]),
        (1 << 40, &[0xcf, 0, 0, 1, 0, 0, 0, 0, 0]),
        (
            (1 << 63) - 1,
            &[0xcf, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff],
        ),
        (-1, &[0xff]),
        (-32, &[0xe0]),
        (-33, &[0xd0, 0xdf]),
        (-128, &[0xd0, 0x80]),
        (-129, &[0xd1, 0xff, 0x7f]),
        (-32768, &[0xd1, 0x80, 0x00]),
        (-32769, &[0xd2, 0xff, 0xff, 0x7f, 0xff]),
        (-(1 << 31), &[0xd2, 0x80, 0x00, 0x00, 0x00]),
        (
            -(1 << 31) - 1,
            &[0xd3, 0xff, 0xff, 0xff, 0xff, 0x7f, 0xff, 0xff, 0xff],
        ),
        (-(1 << 63), &[0xd3, 0x80, 0, 0, 0, 0, 0, 0, 0]),
    ];
    for (v, bytes) in cases {
        let x = Number::from(*v);
        assert_eq!(mp(&x), *bytes, "{v}");
        assert_eq!(mp(&n(&v.to_string())), *bytes, "{v} parsed");
    }
    // go-cty 1.16's rule: every whole number outside the i64 range is a string of its
    // digits, even one that is exactly a float64 (2^63, 2^64, 1e20), where go-cty 1.12
    // wrote a float64.
    for (v, text) in [
        (1u128 << 63, "9223372036854775808"),
        (1 << 64, "18446744073709551616"),
        (10u128.pow(20), "100000000000000000000"),
    ] {
        let header = [0xa0 | text.len() as u8];
        assert_eq!(mp(&Number::from(v)), str_msgpack(&header, text), "{v}");
        assert_eq!(mp(&n(text)), str_msgpack(&header, text), "{v} parsed");
    }
    assert_eq!(
        mp(&n("1e20")),
        str_msgpack(&[0xb5], "100000000000000000000")
    );
    assert_eq!(
        mp(&n("-9223372036854775808e0")),
        [0xd3, 0x80, 0, 0, 0, 0, 0, 0, 0]
    );
    assert_eq!(
        mp(&Number::from(-(1i128 << 64))),
        str_msgpack(&[0xb5], "-18446744073709551616")
    );
    assert_eq!(
        mp(&Number::from(u64::MAX)),
        str_msgpack(&[0xb4], "18446744073709551615")
    );
    assert_eq!(
        mp(&Number::from(-(1i128 << 63) - 1)),
        str_msgpack(&[0xb4], "-9223372036854775809")
    );
    assert_eq!(
        mp(&n("1234567890123456789012345678901234567890")),
        str_msgpack(&[0xd9, 0x28], "1234567890123456789012345678901234567890")
    );
}

#[test]
fn msgpack_non_integers() {
    assert_eq!(mp(&n("0.5")), [0xcb, 0x3f, 0xe0, 0, 0, 0, 0, 0, 0]);
    assert_eq!(mp(&n("-1.5")), [0xcb, 0xbf, 0xf8, 0, 0, 0, 0, 0, 0]);
    assert_eq!(mp(&n("0.1")), [0xa3, b'0', b'.', b'1']);
    assert_eq!(
        mp(&n("0.30000000000000004")),
        str_msgpack(&[0xb3], "0.30000000000000004")
    );
    assert_eq!(
        mp(&exact(0.1 + 0.2)),
        [0xcb, 0x3f, 0xd3, 0x33, 0x33, 0x33, 0x33, 0x33, 0x34]
    );
    assert_eq!(
        mp(&n("3.14159265358979323846264338328")),
        str_msgpack(&[0xbf], "3.14159265358979323846264338328")
    );
    let big = n("1e300");
    let text = format!("1{}", "0".repeat(300));
    assert_eq!(mp(&big), str_msgpack(&[0xda, 0x01, 0x2d], &text));
    // go-cty 1.16's rule: a whole float64 from the wire outside the i64 range is written
    // as a string of its shortest digits at 53 bits (go-cty 1.12 wrote the float64 back);
    // at a power of two the gap below counts as wide as the one above, so 2^64 is
    // ...550000 where a float64's shortest text is ...552000.
    assert_eq!(mp(&exact(1e300)), str_msgpack(&[0xda, 0x01, 0x2d], &text));
    assert_eq!(
        mp(&exact(2f64.powi(63))),
        str_msgpack(&[0xb3], "9223372036854776000")
    );
    assert_eq!(
        mp(&exact(-(2f64.powi(64)))),
        str_msgpack(&[0xb5], "-18446744073709550000")
    );
    let max_text = format!("17976931348623157{}", "0".repeat(292));
    assert_eq!(
        mp(&exact(f64::MAX)),
        str_msgpack(&[0xda, 0x01, 0x35], &max_text)
    );
    // A whole float64 in the i64 range is still an integer, below 2^53 or not.
    assert_eq!(mp(&exact(2f64.powi(62))), [0xcf, 0x40, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!(
        mp(&exact(-(2f64.powi(63)))),
        [0xd3, 0x80, 0, 0, 0, 0, 0, 0, 0]
    );
    // Non-integers that are float64s stay float64s.
    assert_eq!(mp(&exact(5e-324)), [0xcb, 0, 0, 0, 0, 0, 0, 0, 1]);
    assert_eq!(
        mp(&exact(796_099_793_890_611.0 + 0.25)),
        [0xcb, 0x43, 0x06, 0xa0, 0x63, 0x6b, 0x5d, 0x69, 0x9a]
    );
    assert_eq!(
        mp(&exact(f64::INFINITY)),
        [0xcb, 0x7f, 0xf0, 0, 0, 0, 0, 0, 0]
    );
    assert_eq!(
        mp(&exact(f64::NEG_INFINITY)),
        [0xcb, 0xff, 0xf0, 0, 0, 0, 0, 0, 0]
    );
    assert_eq!(mp(&exact(3.0)), [0x03]);
    assert_eq!(mp(&exact(-0.0)), [0x00]);
    assert_eq!(mp(&n("-0")), [0x00]);
    // str8/str16/str32 header boundaries.
    for (digits, header) in [
        (31usize, vec![0xbf]),
        (32, vec![0xd9, 32]),
        (255, vec![0xd9, 0xff]),
        (256, vec![0xda, 0x01, 0x00]),
    ] {
        let text = format!("0.{}1", "0".repeat(digits - 3));
        let x = n(&text);
        assert_eq!(mp(&x), str_msgpack(&header, &text), "{digits}");
    }
    let mut out = Vec::new();
    write_msgpack_str_header(65536, &mut out);
    assert_eq!(out, [0xdb, 0x00, 0x01, 0x00, 0x00]);
}
