//! Unicode (N), prefix cuts (I), collection length bounds (R, L), refinements that pin
//! the value (W), sets of dynamic (C) and type nesting (T).

use super::super::Follows;
use super::{case, decode, line};
use tfvalue::{Type, Unknown, Value};
use tfvalue_suite::hex;

// N: Terraform's Unicode is 15.0.0 (x/text's norm tables for Go before 1.27, go-textseg
// v15); tfvalue pins the crates with those tables.

/// U+113C2 U+113C9 (Tulu-Tigalari, Unicode 16) composes under Unicode 16 only: go-cty
/// keeps the two characters, so an echoed string must keep them too.
#[test]
fn class_n_uni_unicode_16_pair_kept_apart_as_go_cty() {
    case("N-uni Unicode 16 composition", Follows::GoCty);
}

/// Two map keys equal under Unicode 16 NFC only are two keys to go-cty.
#[test]
fn class_n_uni_map_keys_equal_only_under_unicode_16_are_two_as_go_cty() {
    case("N-uni map keys", Follows::GoCty);
}

/// An attribute name sent in NFD is not the attribute's name: go-cty looks attributes up
/// by their bytes and refuses it.
#[test]
fn class_n_attr_nfd_attribute_key_refused_as_go_cty() {
    case("N-attr non-NFC attribute key", Follows::GoCty);
}

/// As above, in JSON (an unknown attribute there is refused too).
#[test]
fn class_n_attr_nfd_attribute_key_in_json_refused_as_go_cty() {
    case("N-attr non-NFC attribute key (JSON)", Follows::GoCty);
}

/// A type constraint whose attribute name is spelled in NFD names the NFC attribute: go-cty
/// normalises the names of the object types it builds.
#[test]
fn class_n_type_nfd_name_in_the_request_type_normalised_as_go_cty() {
    case("N-type non-NFC name in the request type", Follows::GoCty);
}

/// A dynamic value's type description with an NFD attribute name is the type with the NFC
/// name, and is written back so.
#[test]
fn class_n_type_nfd_name_in_a_dynamic_type_normalised_as_go_cty() {
    case("N-type non-NFC name in a dynamic type", Follows::GoCty);
}

// I: a prefix over 256 bytes is cut as go-cty's SafeKnownPrefix cuts it.

/// `"p"×254 + "-xx"`: the cut keeps the final `-` (255 bytes).
#[test]
fn class_i_punct_final_punctuation_kept_as_go_cty() {
    case(
        "I-punct prefix cut keeps a final punctuation mark",
        Follows::GoCty,
    );
}

/// Byte 255 is the first byte of `é`: the cut ends before it, with every `q`.
#[test]
fn class_i_split_character_split_at_the_cut_as_go_cty() {
    case("I-split prefix cut inside a character", Follows::GoCty);
}

/// KA VIRAMA SSA at the cut: the last NFC boundary (before SSA) ends the prefix; the
/// Unicode 15.1 conjunct cluster plays no part.
#[test]
fn class_i_uni_indic_conjunct_cut_at_its_nfc_boundary_as_go_cty() {
    case("I-uni prefix cut at an Indic conjunct", Follows::GoCty);
}

// R: go-cty holds a length as a 64-bit signed integer, 2^63-1 meaning "no bound".

/// An upper bound of 2^63-1 says nothing: the unknown is written without refinements.
#[test]
fn class_r_upper_bound_2_63_minus_1_is_no_bound_as_go_cty() {
    case("R upper length bound 2^63-1", Follows::GoCty);
}

/// 2^64-1 is -1 to go-cty, which panics: refused with a clear error.
#[test]
fn class_r_upper_bound_2_64_minus_1_refused_where_go_cty_panics() {
    let l = line("R upper length bound 2^64-1");
    assert_eq!(l.panic, Some(true));
    case("R upper length bound 2^64-1", Follows::GoCty);
    let message = decode(&l).unwrap_err().to_string();
    assert!(
        message.contains("reads as the 64-bit signed integer -1"),
        "{message}"
    );
}

/// A lower bound of 2^63 is negative to go-cty and says nothing.
#[test]
fn class_r_lower_bound_2_63_ignored_as_go_cty() {
    case("R lower length bound 2^63", Follows::GoCty);
}

/// A lower bound of 2^64-1 (-1 to go-cty) is ignored; the upper bound 3 stays.
#[test]
fn class_r_lower_bound_2_64_minus_1_ignored_beside_upper_3_as_go_cty() {
    case("R lower bound 2^64-1 with upper 3", Follows::GoCty);
}

/// Not null with exactly 2^31 elements: go-cty builds a list of 2^31 unknowns and dies.
/// tfvalue reads a pinned list as go-cty does up to `MAX_PINNED_LENGTH` elements and
/// refuses a longer one (and never writes one).
#[test]
fn class_r_huge_pinned_list_refused_where_go_cty_runs_out_of_memory() {
    let l = line("R huge equal length, not null");
    assert_eq!(l.panic, Some(true));
    case("R huge equal length, not null", Follows::GoCty);
    let e = decode(&l).unwrap_err();
    assert_eq!(e.kind(), tfvalue::ErrorKind::Limit);
    assert!(e.to_string().contains("exactly 2147483648 elements"), "{e}");
}

// W: refinements that leave one value are that value, to go-cty and to tfvalue.

#[test]
fn class_w_not_null_empty_list_is_known_as_go_cty() {
    case("W not null, length 0 (list)", Follows::GoCty);
}

#[test]
fn class_w_not_null_empty_map_is_known_as_go_cty() {
    case("W not null, length 0 (map)", Follows::GoCty);
}

#[test]
fn class_w_not_null_list_of_2_is_two_unknowns_as_go_cty() {
    case("W not null, length 2..2 (list)", Follows::GoCty);
}

#[test]
fn class_w_not_null_set_of_1_is_one_unknown_as_go_cty() {
    case("W not null, length 1..1 (set)", Follows::GoCty);
}

#[test]
fn class_w_not_null_number_5_to_5_is_5_as_go_cty() {
    case("W not null, number [5,5]", Follows::GoCty);
}

/// Typed models read the W cases as `Value` does: the known value.
#[test]
fn class_w_typed_models_get_the_known_value() {
    let input = |name: &str| hex(line(name).input_hex.as_deref().expect("msgpack input"));
    let list: Unknown<Vec<Unknown<String>>> =
        tfvalue::msgpack::from_slice(&input("W not null, length 2..2 (list)")).unwrap();
    assert_eq!(
        list,
        Unknown::Known(vec![Unknown::unknown(), Unknown::unknown()])
    );
    let empty: Unknown<Vec<String>> =
        tfvalue::msgpack::from_slice(&input("W not null, length 0 (list)")).unwrap();
    assert_eq!(empty, Unknown::Known(Vec::new()));
    let map: Unknown<std::collections::BTreeMap<String, String>> =
        tfvalue::msgpack::from_slice(&input("W not null, length 0 (map)")).unwrap();
    assert_eq!(map, Unknown::Known(Default::default()));
    let five: Unknown<i64> =
        tfvalue::msgpack::from_slice(&input("W not null, number [5,5]")).unwrap();
    assert_eq!(five, Unknown::Known(5));
    // A list of known strings cannot hold the two unknowns: the error says so.
    let e = tfvalue::msgpack::from_slice::<Unknown<Vec<String>>>(&input(
        "W not null, length 2..2 (list)",
    ))
    .unwrap_err();
    assert_eq!(e.kind(), tfvalue::ErrorKind::Unknown, "{e}");
    assert_eq!(e.path().to_string(), "[0]", "{e}");
}

// L: refinements on the wrong type.

/// A length key on a string is refused even when it says nothing (a lower bound of 0).
#[test]
fn class_l_length_lower_bound_0_on_a_string_refused_as_go_cty() {
    case("L length lower bound 0 on a string", Follows::GoCty);
}

/// go-cty panics on a null beside a known element in a list whose element type has
/// optional attributes (its element types differ); such a type is a type constraint, never
/// the type of a value Terraform sends, and the value itself is well formed: read.
#[test]
fn class_l9_optional_object_list_with_null_read_where_go_cty_panics() {
    case(
        "L9 list(object with optional attr) [obj, null]",
        Follows::AcceptsWhatGoCtyPanicsOn,
    );
}

// C: a set never holds two equal elements.

/// A bare null in `set(dynamic)` is the null of its typed twin's type: one element.
#[test]
fn class_c_set_bare_null_merges_with_its_typed_twin_as_go_cty() {
    case(
        "C-set bare null and typed null in set(dynamic)",
        Follows::GoCty,
    );
}

// T: type nesting.

/// A dynamic value's type nested 128 deep is within tfvalue's one nesting limit
/// (`limits::MAX_DEPTH`, 256), as it is within go-cty's.
#[test]
fn class_t_type_nested_128_deep_read_as_go_cty() {
    case("T type nested 128 deep (dynamic)", Follows::GoCty);
}

// J: no disagreement.

/// `\b` and `\f` are written as Go 1.22 and later write them.
#[test]
fn class_j_backspace_and_form_feed_escapes_as_go_cty() {
    case("J \\b and \\f (oracle artifact check)", Follows::GoCty);
}

/// The value of the N-uni map keys case, checked key by key: both keys, both values.
#[test]
fn class_n_uni_map_keys_both_kept() {
    let l = line("N-uni map keys");
    let ty = Type::map(Type::Number);
    let v = Value::from_msgpack(&hex(l.input_hex.as_deref().expect("msgpack")), &ty).unwrap();
    let Value::Map(_, entries) = v else {
        panic!("not a map: {v:?}")
    };
    let keys: Vec<&[u8]> = entries.keys().map(|k| k.as_bytes()).collect();
    assert_eq!(
        keys,
        [
            &b"\xf0\x91\x8f\x82\xf0\x91\x8e\xb8"[..],
            b"\xf0\x91\x8f\x87"
        ]
    );
}
