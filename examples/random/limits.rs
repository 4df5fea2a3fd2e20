//! The bounds on what a configuration makes the provider allocate. Upstream bounds none of
//! these numbers: a `length` of 10^12 makes it try to allocate a terabyte and crash. Each
//! bound is far above any real use and keeps a result within what Terraform's state holds
//! comfortably (a few MiB). The models declare them as `at_most` validators, so a known
//! value is refused when Terraform validates the configuration (again while planning,
//! with the values known by then); [`at_most`] checks them once more where the value is
//! used, for values known only at apply, in the validator's words.

use tfvalue_provider::Diagnostic;

/// The most bytes `random_bytes` and the ephemeral `random_bytes` draw (`length`): 1 MiB,
/// which the state holds twice, in base64 and in hexadecimal (3.3 MiB in all).
pub const MAX_BYTES: i64 = 1 << 20;

/// The most bytes `random_id` draws (`byte_length`): 16 KiB (131,072 bits). The state
/// holds them in four encodings, and the decimal one takes time quadratic in the length
/// (milliseconds at this bound, minutes at a few MiB).
pub const MAX_ID_BYTES: i64 = 1 << 14;

/// The most characters of `random_string`, `random_password` and the ephemeral
/// `random_password` (`length`, and each `min_*`): 1,048,576, a result the state of
/// `random_string` holds twice (`result` and `id`).
pub const MAX_STRING_LENGTH: i64 = 1 << 20;

/// The most items of a `random_shuffle` result (`result_count`): 65,536.
pub const MAX_RESULT_COUNT: i64 = 1 << 16;

/// The most words of a `random_pet` name (`length`): 1,024.
pub const MAX_PET_WORDS: i64 = 1 << 10;

/// The most bytes of text that repetition may build: 16 MiB. A `random_shuffle` whose
/// `result_count` exceeds its input's length repeats input items, and a `random_pet` name
/// repeats its `separator`: both multiply text the configuration gives.
pub const MAX_REPEATED_TEXT: u64 = 1 << 24;

/// The error of a number above its bound, at `attribute`, in the words of the `at_most`
/// validator ("Attribute length value must be at most 1048576, got: 2000000").
pub fn too_large(attribute: &str, max: i64, got: i64) -> Diagnostic {
    Diagnostic::error("Invalid Attribute Value")
        .with_detail(format!(
            "Attribute {attribute} value must be at most {max}, got: {got}"
        ))
        .at(attribute)
}

/// A count the configuration gives, `value` of `attribute`, as a `usize` to allocate by:
/// an error above `max` ([`too_large`]); 0 when negative (upstream's Go panics there) or
/// unknown (never so where a value is used).
pub fn at_most(value: Option<i64>, max: i64, attribute: &str) -> Result<usize, Diagnostic> {
    match value {
        Some(n) if n > max => Err(too_large(attribute, max, n)),
        Some(n) => Ok(usize::try_from(n).unwrap_or(0)),
        None => Ok(0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tfvalue::AttributePath;

    #[test]
    fn counts_up_to_the_bound_pass_negative_and_unknown_ones_are_zero() {
        assert_eq!(at_most(Some(MAX_BYTES), MAX_BYTES, "length"), Ok(1 << 20));
        assert_eq!(at_most(Some(0), MAX_BYTES, "length"), Ok(0));
        assert_eq!(at_most(Some(-7), MAX_BYTES, "length"), Ok(0));
        assert_eq!(at_most(Some(i64::MIN), MAX_BYTES, "length"), Ok(0));
        assert_eq!(at_most(None, MAX_BYTES, "length"), Ok(0));
    }

    #[test]
    fn a_count_above_the_bound_is_refused_at_its_attribute() {
        let e = at_most(Some(1_000_000_000_000), MAX_BYTES, "length").unwrap_err();
        assert_eq!(e.summary(), "Invalid Attribute Value");
        assert_eq!(
            e.detail(),
            "Attribute length value must be at most 1048576, got: 1000000000000"
        );
        assert_eq!(e.attribute(), Some(&AttributePath::root().attr("length")));
        let e = at_most(Some(i64::MAX), MAX_ID_BYTES, "byte_length").unwrap_err();
        assert_eq!(
            e.detail(),
            "Attribute byte_length value must be at most 16384, got: 9223372036854775807"
        );
        assert_eq!(
            at_most(Some(MAX_RESULT_COUNT + 1), MAX_RESULT_COUNT, "result_count")
                .unwrap_err()
                .detail(),
            "Attribute result_count value must be at most 65536, got: 65537"
        );
    }

    /// Every bounded attribute declares its bound: a known value above it is refused
    /// when Terraform validates, in the validator's words.
    #[test]
    fn the_models_declare_the_bounds() {
        use tfvalue::rules::{check_object, Rules};
        use tfvalue::{Number, TfSchema, Value};

        let strings = [
            "length",
            "min_upper",
            "min_lower",
            "min_numeric",
            "min_special",
        ];
        let cases: [(&str, &Rules, &[&str], i64); 8] = [
            (
                "random_bytes",
                crate::bytes::Bytes::rules(),
                &["length"],
                MAX_BYTES,
            ),
            (
                "ephemeral random_bytes",
                crate::ephemeral_bytes::EphemeralBytesModel::rules(),
                &["length"],
                MAX_BYTES,
            ),
            (
                "random_id",
                crate::id::Id::rules(),
                &["byte_length"],
                MAX_ID_BYTES,
            ),
            (
                "random_string",
                crate::string::RandomString::rules(),
                &strings,
                MAX_STRING_LENGTH,
            ),
            (
                "random_password",
                crate::password::Password::rules(),
                &strings,
                MAX_STRING_LENGTH,
            ),
            (
                "ephemeral random_password",
                crate::ephemeral_password::EphemeralPasswordModel::rules(),
                &strings,
                MAX_STRING_LENGTH,
            ),
            (
                "random_shuffle",
                crate::shuffle::Shuffle::rules(),
                &["result_count"],
                MAX_RESULT_COUNT,
            ),
            (
                "random_pet",
                crate::pet::Pet::rules(),
                &["length"],
                MAX_PET_WORDS,
            ),
        ];
        for (what, rules, attributes, max) in cases {
            // Every number at the bound passes.
            let mut findings = Vec::new();
            let at_bound = Value::object(
                rules
                    .attributes()
                    .iter()
                    .map(|a| (a.name(), Value::Number(Number::from(max)))),
            );
            check_object(rules, &at_bound, &AttributePath::root(), &mut findings);
            let over: Vec<_> = findings
                .iter()
                .filter(|f| f.detail.contains("at most"))
                .collect();
            assert!(over.is_empty(), "{what}: {over:?}");
            for &attribute in attributes {
                let object = Value::object([(
                    attribute,
                    Value::Number(Number::from(1_000_000_000_000_i64)),
                )]);
                let mut findings = Vec::new();
                check_object(rules, &object, &AttributePath::root(), &mut findings);
                let expected = format!(
                    "Attribute {attribute} value must be at most {max}, got: 1000000000000"
                );
                assert!(
                    findings.iter().any(|f| f.detail == expected
                        && f.summary == "Invalid Attribute Value"
                        && f.path == AttributePath::root().attr(attribute)),
                    "{what}.{attribute}: {findings:?}"
                );
            }
        }
    }

    #[test]
    fn the_bounds_are_the_documented_numbers() {
        assert_eq!(MAX_BYTES, 1_048_576);
        assert_eq!(MAX_ID_BYTES, 16_384);
        assert_eq!(MAX_STRING_LENGTH, 1_048_576);
        assert_eq!(MAX_RESULT_COUNT, 65_536);
        assert_eq!(MAX_PET_WORDS, 1_024);
        assert_eq!(MAX_REPEATED_TEXT, 16_777_216);
    }
}
