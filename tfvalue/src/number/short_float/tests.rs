use super::ShortFloat;
use crate::number::Number;

/// What the encoders wrote for an `f64` before [`ShortFloat`]: the [`Number`] it makes.
fn through_number(f: f64) -> (Vec<u8>, Vec<u8>) {
    let n = Number::from_f64(f).expect("a finite float");
    let mut mp = Vec::new();
    n.write_msgpack(&mut mp);
    let mut json = Vec::new();
    n.write_json(&mut json).expect("finite");
    (mp, json)
}

/// Both encoders' bytes for `f` equal the [`Number`] path's; whether `f` took the short path.
fn check(f: f64) -> bool {
    let (mp, json) = through_number(f);
    assert_eq!(
        crate::msgpack::to_vec(&f).unwrap(),
        mp,
        "MessagePack of {f:e}"
    );
    assert_eq!(crate::json::to_vec(&f).unwrap(), json, "JSON of {f:e}");
    ShortFloat::of(f).is_some()
}

#[test]
fn a_decimal_is_written_as_its_digits() {
    // 0.0425 is not a binary fraction: Terraform's number is the decimal, a string in
    // MessagePack.
    assert_eq!(
        crate::msgpack::to_vec(&0.0425_f64).unwrap(),
        b"\xa60.0425".to_vec()
    );
    assert_eq!(
        crate::json::to_vec(&0.0425_f64).unwrap(),
        b"0.0425".to_vec()
    );
    assert_eq!(
        crate::msgpack::to_vec(&-123.456_f64).unwrap(),
        b"\xa8-123.456".to_vec()
    );
    assert_eq!(
        crate::msgpack::to_vec(&1e-7_f64).unwrap(),
        b"\xa90.0000001".to_vec()
    );
    assert!(matches!(
        ShortFloat::of(0.0425),
        Some(ShortFloat::Decimal(_))
    ));
}

#[test]
fn a_binary_fraction_is_written_as_a_float64() {
    assert_eq!(
        crate::msgpack::to_vec(&0.5_f64).unwrap(),
        vec![0xcb, 0x3f, 0xe0, 0, 0, 0, 0, 0, 0]
    );
    assert_eq!(
        crate::msgpack::to_vec(&-1.25_f64).unwrap(),
        vec![0xcb, 0xbf, 0xf4, 0, 0, 0, 0, 0, 0]
    );
    assert_eq!(ShortFloat::of(0.5), Some(ShortFloat::Exact(0.5)));
    // 2^-30 is 9.31322574615478515625e-10, but its shortest digits 9.313225746154785e-10
    // are another value: the number is that decimal.
    let f = (-30f64).exp2();
    assert!(check(f));
    assert_eq!(
        crate::json::to_vec(&f).unwrap(),
        b"0.0000000009313225746154785".to_vec()
    );
}

#[test]
fn other_floats_take_the_number_path() {
    for f in [
        0.0,
        -0.0,
        3.0,
        -7.0,
        1e300,
        f64::MAX,
        f64::INFINITY,
        f64::NAN,
        1e-300,
    ] {
        assert_eq!(ShortFloat::of(f), None, "{f:e}");
    }
    // The boundary of the leading zeros the short path writes: 1e-41 has 40.
    assert!(matches!(
        ShortFloat::of(1e-41),
        Some(ShortFloat::Decimal(_))
    ));
    assert_eq!(ShortFloat::of(1e-42), None);
    for f in [0.0, -0.0, 3.0, -7.0, 1e300, f64::MAX, 1e-300, 1e-41, 1e-42] {
        check(f);
    }
    assert!(crate::msgpack::to_vec(&f64::NAN).is_err());
}

#[test]
fn every_float_is_written_as_the_number_path_writes_it() {
    // xorshift64*: a fixed sequence, so a failure is reproducible.
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    let mut next = move || {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        state.wrapping_mul(0x2545_f491_4f6c_dd1d)
    };
    let (mut short, mut all) = (0, 0);
    for _ in 0..40_000 {
        let r = next();
        let candidates = [
            // Any bit pattern (mostly far from the point: the number path).
            f64::from_bits(r),
            // Prices, sizes and ratios: a few digits and a few decimals.
            (r % 100_000_000) as f64 / 10f64.powi((r >> 40) as i32 % 12),
            -((r % 1_000) as f64) / 10f64.powi((r >> 50) as i32 % 6 + 1),
            // Binary fractions of every size, and just beside them.
            (r % (1 << 53)) as f64 / ((r >> 53) as f64).exp2(),
            f64::from_bits(((r % (1 << 53)) as f64 / ((r >> 56) as f64).exp2()).to_bits() + 1),
            // Around the leading-zero limit.
            (r % 1_000_000) as f64 * 10f64.powi(-((r >> 44) as i32 % 8 + 38)),
        ];
        for f in candidates {
            if f.is_nan() || f.is_infinite() {
                continue;
            }
            all += 1;
            if check(f) {
                short += 1;
            }
        }
    }
    // The sequence reaches both paths: most generated values are short non-integers.
    assert!(
        short > all / 2,
        "{short} of {all} floats took the short path"
    );
    assert!(short < all, "no float took the number path");
}
