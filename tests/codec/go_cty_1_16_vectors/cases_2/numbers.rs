//! Numbers: text and bytes (D, P, Q, T, U) and the number bounds of refinements (S).

use super::super::Follows;
use super::case;
use tfvalue::{Number, Refinements, Type, Value};
use tfvalue_suite::{hex, to_hex};

// D: go-cty reads numbers at 512 bits (about 154 digits) and rounds the rest away.

/// `1.000…001` with 157 significant digits: go-cty rounds it to 1; tfvalue keeps every
/// digit (DIFFERENT's "D"): Terraform never sends such a number, and what a provider sends
/// back, go-cty rounds the same way on both sides of any comparison.
#[test]
fn class_d_number_past_512_bits_keeps_every_digit_different() {
    case("D  number past 512 bits", Follows::Different);
}

/// The same digits as a refinement's lower bound: tfvalue writes a bound of more than 150
/// significant digits rounded outward (a lower bound down: 1), so go-cty's rounding can
/// never make two bounds meet, which makes go-cty panic. Here that is go-cty's own answer,
/// byte for byte.
#[test]
fn class_d_bound_past_512_bits_rounded_outward_follows_go_cty() {
    case("D  bound past 512 bits", Follows::GoCty);
}

/// Bounds that differ only past 512 bits, with one end exclusive (`x >= 1 + 10^-156` and
/// `x < 1 + 2×10^-156`): both are 1 to go-cty, and `x >= 1 and x < 1` makes it panic. Built
/// through the public API, they are written 150 digits apart at most: `x >= 1` and
/// `x < 1 + 10^-149`.
#[test]
fn class_d_bounds_go_cty_would_round_together_are_written_apart() {
    let tail = |last: char| format!("1.{}{last}", "0".repeat(155));
    let r = Refinements::new()
        .not_null()
        .with_number_lower_bound(Number::parse(&tail('1')).unwrap(), true)
        .unwrap()
        .with_number_upper_bound(Number::parse(&tail('2')).unwrap(), false)
        .unwrap();
    let v = Value::unknown_refined(Type::Number, r).unwrap();
    let upper = format!("1.{}1", "0".repeat(148));
    let bytes = v.to_msgpack(&Type::Number).unwrap();
    // ext 8 of 163 bytes, type 12: {1: false, 3: [1, true], 4: [upper (151 bytes), false]}.
    assert_eq!(upper.len(), 151);
    let mut want = hex("c7a30c 83 01c2 03 92 01 c3 04 92 d997");
    want.extend_from_slice(upper.as_bytes());
    want.push(0xc2);
    assert_eq!(to_hex(&bytes), to_hex(&want));
}

// P and Q: a float64 from the wire is written as go-cty's 53-bit big.Float writes it.

/// 2^64 as a float64: the string of its shortest digits at 53 bits, with the gap below a
/// power of two as wide as the gap above (`18446744073709550000`, where a float64's own
/// shortest text is `…552000`).
#[test]
fn class_p_float64_2_64_shortest_text_follows_go_cty() {
    case("P float64 2^64", Follows::GoCty);
}

/// 2^-1013 in JSON: `0.000…01139237815555687`, go-cty's 16 digits.
#[test]
fn class_p_float64_2_minus_1013_json_text_follows_go_cty() {
    case("P float64 2^-1013 (JSON)", Follows::GoCty);
}

/// The smallest subnormal in JSON: go-cty's big.Float has no subnormals and keeps 53 bits,
/// `0.000…4940656458412465`, not float64's `0.000…5`.
#[test]
fn class_q_float64_subnormal_json_text_follows_go_cty() {
    case("Q float64 subnormal (JSON)", Follows::GoCty);
}

// T: numbers longer than 4,096 characters.

/// 4,097 digits in full: accepted (Terraform writes a configuration's `1e5000` as 5,001
/// digits; the bound against hostile input is now 1 MiB, `tfvalue::limits`), and kept with
/// every digit where go-cty rounds it to 512 bits (DIFFERENT's "T", as "D").
#[test]
fn class_t_number_of_4097_digits_is_read_keeping_every_digit_different() {
    case("T number of 4097 digits", Follows::Different);
}

// U: numerically equal set elements.

/// `["-0", 0]` as a set(number): go-cty hashes a number by its text, so `-0` and `0` are two
/// elements to it, yet it writes both as `00`, which it then reads back as one element.
/// tfvalue keeps one element (DIFFERENT's "U"): a set holds each value once, and Terraform
/// never sends this set (go-cty writes -0 as the integer 0).
#[test]
fn class_u_set_of_minus_zero_and_zero_is_one_element_different() {
    case("U set(number) -0 and 0", Follows::Different);
}

/// A float64 0.1 beside the string of its exact decimal: go-cty keeps two elements (their
/// texts at 53 and 512 bits differ) and writes the same float64 twice; tfvalue keeps one
/// (DIFFERENT's "U"). Terraform writes a decimal that a float64 holds exactly as that
/// float64, never as this string.
#[test]
fn class_u_set_of_float_and_its_exact_decimal_is_one_element_different() {
    case(
        "U set(number) float 0.1 and its exact decimal",
        Follows::Different,
    );
}

// S: refinement number bounds go-cty accepts.

/// `x <= +Inf`: go-cty's own encoder writes an infinite bound and its decoder reads it, so
/// tfvalue reads it and writes it back unchanged.
#[test]
fn class_s_inf_upper_bound_plus_inf_follows_go_cty() {
    case("S-inf upper bound +Inf", Follows::GoCty);
}

/// `6 < x < 6`: go-cty only checks the bounds when one end is inclusive and the other not,
/// so it accepts this empty range; no value can ever meet it, Terraform's own refinements
/// never make one, and an unknown that can never become known is a provider's bug, so
/// tfvalue refuses it (STRICTER's "no number is").
#[test]
fn class_s_empty_exclusive_bounds_refused_stricter() {
    case("S-empty exclusive bounds 6 < x < 6", Follows::Stricter);
}
