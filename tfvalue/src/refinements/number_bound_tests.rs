//! Number bounds as go-cty 1.16 reads them: infinite bounds kept, and bounds of more digits
//! than its 512 bits rounded outward when written, so that its rounding never makes two
//! bounds meet (which makes it panic).

use super::*;

fn payload(r: &Refinements) -> Vec<u8> {
    let mut out = Vec::new();
    r.encode_payload(&mut out);
    out
}

fn num(text: &str) -> Number {
    Number::parse(text).unwrap()
}

/// `1.` then `zeros` zeros then `last`: 1 + last × 10^-(zeros + 1).
fn one_and(zeros: usize, last: char) -> String {
    format!("1.{}{last}", "0".repeat(zeros))
}

/// msgpack str of `text` (at most 255 bytes).
fn str8(text: &str) -> Vec<u8> {
    let mut out = if text.len() < 32 {
        vec![0xa0 | text.len() as u8]
    } else {
        vec![0xd9, text.len() as u8]
    };
    out.extend_from_slice(text.as_bytes());
    out
}

#[test]
fn bounds_that_512_bits_would_make_meet_are_written_apart() {
    // x >= 1 + 10^-156 and x < 1 + 2×10^-156: a range, exactly; at 512 bits both ends are
    // 1, and go-cty panics on `x >= 1 and x < 1`. Built through the public API.
    let lo = one_and(155, '1');
    let hi = one_and(155, '2');
    let r = Refinements::new()
        .with_number_lower_bound(num(&lo), true)
        .unwrap()
        .with_number_upper_bound(num(&hi), false)
        .unwrap();
    // The lower bound goes down to 1, the upper up to 1 + 10^-149 (150 digits).
    let mut want = vec![0x82, 0x03, 0x92, 0x01, 0xc3, 0x04, 0x92];
    want.extend_from_slice(&str8(&one_and(148, '1')));
    want.push(0xc2);
    assert_eq!(payload(&r), want);
    // The bounds are kept whole until written.
    assert_eq!(r.number_lower_bound(), Some((&num(&lo), true)));
    // The same refinements read from the wire with every digit: accepted, written apart.
    let mut wire = vec![0x82, 0x03, 0x92];
    wire.extend_from_slice(&str8(&lo));
    wire.extend_from_slice(&[0xc3, 0x04, 0x92]);
    wire.extend_from_slice(&str8(&hi));
    wire.push(0xc2);
    let read = Refinements::decode_payload(&wire).unwrap();
    assert_eq!(read, r);
    assert_eq!(payload(&read), want);
    // Written bounds read back as a range that still holds the original one.
    let back = Refinements::decode_payload(&want).unwrap();
    let (wlo, _) = back.number_lower_bound().unwrap();
    let (whi, _) = back.number_upper_bound().unwrap();
    assert!(*wlo <= num(&lo) && num(&hi) <= *whi);
}

#[test]
fn negative_long_bounds_round_outward_too() {
    // -1 - 2×10^-156 < x <= -1 - 10^-156.
    let lo = format!("-{}", one_and(155, '2'));
    let hi = format!("-{}", one_and(155, '1'));
    let r = Refinements::new()
        .with_number_lower_bound(num(&lo), false)
        .unwrap()
        .with_number_upper_bound(num(&hi), true)
        .unwrap();
    let mut want = vec![0x82, 0x03, 0x92];
    want.extend_from_slice(&str8(&format!("-{}", one_and(148, '1'))));
    want.extend_from_slice(&[0xc2, 0x04, 0x92, 0xff, 0xc3]);
    assert_eq!(payload(&r), want);
}

#[test]
fn bounds_of_at_most_150_digits_are_written_whole() {
    let lo = one_and(148, '1');
    let r = Refinements::new()
        .with_number_lower_bound(num(&lo), true)
        .unwrap();
    let mut want = vec![0x81, 0x03, 0x92];
    want.extend_from_slice(&str8(&lo));
    want.push(0xc3);
    assert_eq!(payload(&r), want);
}

#[test]
fn infinite_bounds_are_kept_as_go_cty_keeps_them() {
    // {4: [+Inf, true]}: go-cty 1.16.4 reads it and writes it back unchanged.
    let upper = [0x81, 0x04, 0x92, 0xcb, 0x7f, 0xf0, 0, 0, 0, 0, 0, 0, 0xc3];
    let r = Refinements::decode_payload(&upper).unwrap();
    let inf = Number::from_f64_exact(f64::INFINITY).unwrap();
    assert_eq!(r.number_upper_bound(), Some((&inf, true)));
    assert_eq!(payload(&r), upper);
    // {3: [-Inf, false]}, and through the builder.
    let lower = [0x81, 0x03, 0x92, 0xcb, 0xff, 0xf0, 0, 0, 0, 0, 0, 0, 0xc2];
    let minus_inf = Number::from_f64_exact(f64::NEG_INFINITY).unwrap();
    let built = Refinements::new()
        .with_number_lower_bound(minus_inf, false)
        .unwrap();
    assert_eq!(payload(&built), lower);
    assert_eq!(Refinements::decode_payload(&lower).unwrap(), built);
    // Ordered like any bound: x >= +Inf and x <= 5 holds no number (go-cty panics).
    let e = Refinements::new()
        .with_number_upper_bound(Number::from(5), true)
        .unwrap()
        .with_number_lower_bound(inf.clone(), true)
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "contradictory refinements of an unknown value: no number is >= +Inf and <= 5"
    );
    // An exclusive +Inf against itself holds nothing either.
    let e = Refinements::new()
        .with_number_upper_bound(inf.clone(), false)
        .unwrap()
        .with_number_lower_bound(inf, true)
        .unwrap_err();
    assert!(
        e.to_string().contains("no number is >= +Inf and < +Inf"),
        "{e}"
    );
}
