//! NaN and numbers as strings

use super::common::{
    bad_number_texts, check, check_msg, mp_str, nan32_as_value, nan_as_number, nan_as_value,
    nan_nested_in_value, quick, too_many_digits, ty, NAN32, NAN64,
};
use tfvalue::{ErrorKind, Number, Type, Value};
use tfvalue_suite::hex;

#[test]
fn nan_is_an_error_not_a_panic() {
    // go-cty 1.12 panics on this input (decode_vectors.jsonl); Terraform numbers are never
    // NaN.
    check_msg(nan_as_value(), "", "NaN is not a valid number");
    check_msg(nan32_as_value(), "", "NaN is not a valid number");
    check_msg(nan_as_number(), "", "NaN is not a valid number");
    check_msg(nan_nested_in_value(), ".n[1]", "NaN is not a valid number");
    // In a refinement bound.
    let bound = hex("c7 0d 0c 81 03 92 cb 7f f8 00 00 00 00 00 00 c3");
    check_msg(
        Value::from_msgpack(&bound, &Type::Number),
        "",
        "malformed refinements of an unknown value: the number lower bound (key 3) is not a \
         valid number: NaN is not a valid number",
    );
}

#[test]
fn nan_into_rust_floats_is_an_error() {
    check(
        tfvalue::msgpack::from_slice::<f64>(&hex(NAN64)),
        ErrorKind::Number,
        "",
        "NaN is not a valid number",
    );
    check(
        tfvalue::msgpack::from_slice::<f32>(&hex(NAN32)),
        ErrorKind::Number,
        "",
        "NaN is not a valid number",
    );
}

#[test]
fn bad_number_texts_into_rust_numbers() {
    for (text, kind, message) in bad_number_texts() {
        let input = mp_str(&text);
        let what = &text[..text.len().min(20)];
        check(
            quick(what, || tfvalue::msgpack::from_slice::<f64>(&input)),
            kind,
            "",
            &message,
        );
        check(
            quick(what, || tfvalue::msgpack::from_slice::<i64>(&input)),
            kind,
            "",
            &message,
        );
        check(
            quick(what, || tfvalue::msgpack::from_slice::<u8>(&input)),
            kind,
            "",
            &message,
        );
    }
}

#[test]
fn bad_number_texts_into_number_and_value() {
    for (text, _, message) in bad_number_texts() {
        let input = mp_str(&text);
        let what = &text[..text.len().min(20)];
        check_msg(
            quick(what, || tfvalue::msgpack::from_slice::<Number>(&input)),
            "",
            &message,
        );
        check_msg(
            quick(what, || Value::from_msgpack(&input, &Type::Number)),
            "",
            &message,
        );
        let mut nested = hex("81 a1 78");
        nested.extend_from_slice(&input);
        check_msg(
            quick(what, || {
                Value::from_msgpack(&nested, &ty(r#"["map","number"]"#))
            }),
            "[\"x\"]",
            &message,
        );
    }
}

#[test]
fn numbers_at_the_limits_are_accepted() {
    let n: Number = tfvalue::msgpack::from_slice(&mp_str("1e4095")).expect("1e4095");
    assert_eq!(n.to_string().len(), 4096);
    let n: Number = tfvalue::msgpack::from_slice(&mp_str(&"9".repeat(4096))).expect("4096 digits");
    assert_eq!(n.to_string(), "9".repeat(4096));
    check_msg(
        tfvalue::msgpack::from_slice::<Number>(&mp_str("1e4096")),
        "",
        &too_many_digits("1e4096", 4097),
    );
}
